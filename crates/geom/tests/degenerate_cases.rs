//! Unit tests near the degenerate cases, against straightforward f64 references written here:
//! nearly tangent circles (d within a hair of rA + rB or |rA - rB|), tiny and huge radii, and
//! worlds 10,000 and 1,000,000 units from the origin.

mod common;

use common::*;
use nav_geom::query::{
    CircleCircleIntersection, external_bitangents, internal_bitangents, intersection_circle_circle,
    tangents_point_circle,
};
use nav_geom::{Circle, Turn, Vec2};

const BASES: [f32; 3] = [0.0, 1.0e4, 1.0e6];

/// The bitangent construction of Red Blob Games' "Circular Obstacle Pathfinding", in f64: the
/// tangent points on A and B for the tangent whose normal at A is rotated by `side * θ` from the
/// direction A -> B.
fn reference_bitangent(a: &Circle, b: &Circle, internal: bool, side: f64) -> Option<(P, P)> {
    let (ca, cb) = (p64(a.center), p64(b.center));
    let (ra, rb) = (a.radius as f64, b.radius as f64);
    let d = dist(ca, cb);
    let k = if internal { ra + rb } else { ra - rb };
    if d <= k.abs() {
        return None;
    }
    let theta = (k / d).acos();
    let base = (cb.1 - ca.1).atan2(cb.0 - ca.0);
    let m = ((base + side * theta).cos(), (base + side * theta).sin());
    let sb = if internal { -rb } else { rb };
    Some((
        (ca.0 + ra * m.0, ca.1 + ra * m.1),
        (cb.0 + sb * m.0, cb.1 + sb * m.1),
    ))
}

/// Paul Bourke's circle intersection (as Red Blob Games' "Circular Obstacle Pathfinding" uses it)
/// in f64, literally.
fn reference_intersection(a: &Circle, b: &Circle) -> Option<[P; 2]> {
    let (ca, cb) = (p64(a.center), p64(b.center));
    let (ra, rb) = (a.radius as f64, b.radius as f64);
    let d = dist(ca, cb);
    if d > ra + rb || d < (ra - rb).abs() || d == 0.0 {
        return None;
    }
    let along = (ra * ra - rb * rb + d * d) / (2.0 * d);
    let h = (ra * ra - along * along).max(0.0).sqrt();
    let u = ((cb.0 - ca.0) / d, (cb.1 - ca.1) / d);
    let foot = (ca.0 + along * u.0, ca.1 + along * u.1);
    Some([
        (foot.0 - h * u.1, foot.1 + h * u.0),
        (foot.0 + h * u.1, foot.1 - h * u.0),
    ])
}

fn assert_close(got: Vec2, want: P, e: f64, what: &str) {
    let d = dist(p64(got), want);
    assert!(
        d <= e,
        "{what}: got {got:?}, want {want:?}, off by {d} > {e}"
    );
}

fn check_bitangents(a: &Circle, b: &Circle) {
    let e = tol(magnitude(&[*a, *b]));
    for internal in [false, true] {
        let got = if internal {
            internal_bitangents(a, b)
        } else {
            external_bitangents(a, b)
        };
        let reference = [1.0, -1.0].map(|side| reference_bitangent(a, b, internal, side));
        assert_eq!(
            got.is_some(),
            reference[0].is_some(),
            "{a:?} {b:?} internal={internal}"
        );
        if let Some(pair) = got {
            // Index 0 (turn_a = Cw) is the tangent on the left of A -> B: normal rotated by +θ.
            for (t, want) in pair.iter().zip(reference) {
                let (pa, pb) = want.unwrap();
                assert_close(t.a, pa, e, "tangent point on A");
                assert_close(t.b, pb, e, "tangent point on B");
            }
        }
    }
}

#[test]
fn bitangents_of_nearly_touching_circles() {
    for base in BASES {
        for radius in [0.5f32, 1000.0] {
            // Gaps that are representable next to the base coordinate.
            for gap in [1.0f32, 0.125, 0.0625] {
                let a = Circle::new(Vec2::new(base, base), radius);
                let b = Circle::new(Vec2::new(base + 2.0 * radius + gap, base), radius);
                if b.center.x - a.center.x != 2.0 * radius + gap {
                    continue; // not representable at this base
                }
                check_bitangents(&a, &b);
                assert!(internal_bitangents(&a, &b).is_some());
                // Touching exactly: no internal tangents, still external ones.
                let touching = Circle::new(Vec2::new(base + 2.0 * radius, base), radius);
                assert!(internal_bitangents(&a, &touching).is_none());
                check_bitangents(&a, &touching);
            }
        }
    }
}

#[test]
fn bitangents_with_tiny_and_huge_radii() {
    for base in BASES {
        let o = Vec2::new(base, -base);
        let cases = [
            (
                Circle::new(o, 1.0e-3),
                Circle::new(o + Vec2::new(3.0, 4.0), 2.0e-3),
            ),
            (
                Circle::new(o, 1.0e5),
                Circle::new(o + Vec2::new(3.0e5, 1.0e5), 2.0e3),
            ),
            (
                Circle::new(o, 1.0e5),
                Circle::new(o + Vec2::new(1.0e5 + 2.0, 0.0), 1.0),
            ),
            (
                Circle::new(o, 0.0),
                Circle::new(o + Vec2::new(10.0, 0.0), 9.99),
            ),
            // Nearly inside: d a hair above rA - rB.
            (
                Circle::new(o, 1000.0),
                Circle::new(o + Vec2::new(500.25, 0.0), 500.0),
            ),
        ];
        for (a, b) in cases {
            check_bitangents(&a, &b);
            check_bitangents(&b, &a);
        }
    }
}

#[test]
fn circle_intersections_near_tangency() {
    for base in BASES {
        for radius in [2.0f32, 1000.0] {
            // Overlaps down to the f32 spacing at the base.
            for overlap in [1.0f32, 0.125, 0.0625] {
                let a = Circle::new(Vec2::new(base, base), radius);
                let b = Circle::new(Vec2::new(base + 2.0 * radius - overlap, base), radius);
                if b.center.x - a.center.x != 2.0 * radius - overlap {
                    continue;
                }
                let e = tol(magnitude(&[a, b]));
                let Some(CircleCircleIntersection::Crossing([left, right])) =
                    intersection_circle_circle(&a, &b)
                else {
                    panic!("{a:?} and {b:?} cross");
                };
                let [want_left, want_right] = reference_intersection(&a, &b).unwrap();
                assert_close(left, want_left, 2.0 * e, "left crossing");
                assert_close(right, want_right, 2.0 * e, "right crossing");
                // Exactly touching, from outside and from inside.
                let outside = Circle::new(Vec2::new(base + 2.0 * radius, base), radius);
                assert_eq!(
                    intersection_circle_circle(&a, &outside),
                    Some(CircleCircleIntersection::Touching(Vec2::new(
                        base + radius,
                        base
                    )))
                );
                let inside = Circle::new(Vec2::new(base + radius / 2.0, base), radius / 2.0);
                assert_eq!(
                    intersection_circle_circle(&a, &inside),
                    Some(CircleCircleIntersection::Touching(Vec2::new(
                        base + radius,
                        base
                    )))
                );
            }
        }
    }
}

#[test]
fn f64_inside_beats_naive_f32_near_tangency() {
    // Two circles of radius 10,000 at 10,000 units overlapping by 1/16: the half chord is
    // about sqrt(10^4 / 16) = 25. Naive f32 computes rA² - a² from numbers near 10^8, whose
    // f32 spacing is 8.
    let a = Circle::new(Vec2::new(1.0e4, 1.0e4), 1.0e4);
    let b = Circle::new(Vec2::new(1.0e4 + (2.0e4 - 0.0625), 1.0e4), 1.0e4);
    assert_eq!(b.center.x - a.center.x, 2.0e4 - 0.0625);
    let [want, _] = reference_intersection(&a, &b).unwrap();
    let Some(CircleCircleIntersection::Crossing([got, _])) = intersection_circle_circle(&a, &b)
    else {
        panic!("they cross");
    };
    let ours = dist(p64(got), want);
    // Naive f32, as a game would write it.
    let d = a.center.distance(b.center);
    let along = (a.radius * a.radius - b.radius * b.radius + d * d) / (2.0 * d);
    let h = (a.radius * a.radius - along * along).max(0.0).sqrt();
    let u = (b.center - a.center) / d;
    let naive = a.center + u * along + u.perp() * h;
    let theirs = dist(p64(naive), want);
    assert!(ours <= tol(3.0e4), "ours off by {ours}");
    assert!(
        theirs > 10.0 * ours.max(1e-4),
        "naive f32 off by {theirs}, ours by {ours}"
    );
}

#[test]
fn point_tangents_near_the_circle_far_away() {
    for base in BASES {
        let c = Circle::new(Vec2::new(base, base), 100.0);
        for offset in [100.0625f32, 100.5, 150.0, 1.0e4] {
            let p = Vec2::new(base + offset, base);
            if p.x - base != offset {
                continue;
            }
            let [cw, ccw] = tangents_point_circle(p, &c).unwrap();
            // Reference: the tangent point at angle ±arccos(r / d) from the direction to p.
            let theta = (100.0f64 / offset as f64).acos();
            let e = tol(base.abs() as f64 + 1.0e4);
            let at = |angle: f64| {
                (
                    base as f64 + 100.0 * angle.cos(),
                    base as f64 + 100.0 * angle.sin(),
                )
            };
            assert_close(ccw.point, at(theta), e, "tangent point (ccw, above)");
            assert_close(cw.point, at(-theta), e, "tangent point (cw, below)");
            assert_eq!((cw.turn, ccw.turn), (Turn::Cw, Turn::Ccw));
            let length = ((offset as f64).powi(2) - 1.0e4).sqrt();
            assert!((ccw.length as f64 - length).abs() <= 1e-6 * length);
        }
        // On the circle and inside.
        let on = Vec2::new(base + 100.0, base);
        assert_eq!(tangents_point_circle(on, &c).unwrap()[0].point, on);
        assert!(tangents_point_circle(Vec2::new(base + 99.0, base), &c).is_none());
    }
}
