//! Property tests of circle-circle and circle-segment intersections against f64 references.

mod common;

use common::*;
use nav_geom::query::{
    CircleCircleIntersection, intersection_circle_circle, intersection_circle_segment,
    intersects_circle_segment,
};
use nav_geom::{Circle, Segment, Vec2};
use proptest::prelude::*;

proptest! {
    #[test]
    fn circle_circle_points_lie_on_both_circles(cs in circles(2)) {
        let (a, b) = (cs[0], cs[1]);
        let (ca, cb) = (p64(a.center), p64(b.center));
        let (ra, rb) = (a.radius as f64, b.radius as f64);
        let d = dist(ca, cb);
        let e = tol(magnitude(&[a, b]));
        let result = intersection_circle_circle(&a, &b).unwrap();
        // The classification is the f64 reference's.
        match result {
            CircleCircleIntersection::Separate => prop_assert!(d > ra + rb),
            CircleCircleIntersection::Nested => prop_assert!(d < (ra - rb).abs()),
            CircleCircleIntersection::Coincident => prop_assert!(d == 0.0 && ra == rb),
            CircleCircleIntersection::Touching(_) | CircleCircleIntersection::Crossing(_) => {
                prop_assert!(d <= ra + rb && d >= (ra - rb).abs());
            }
        }
        for p in result.points() {
            let p = p64(*p);
            prop_assert!((dist(p, ca) - ra).abs() <= 2.0 * e, "{} vs {ra}", dist(p, ca));
            prop_assert!((dist(p, cb) - rb).abs() <= 2.0 * e, "{} vs {rb}", dist(p, cb));
        }
        if let CircleCircleIntersection::Crossing([left, right]) = result {
            let axis = sub(cb, ca);
            let (l, r) = (cross(axis, sub(p64(left), ca)), cross(axis, sub(p64(right), ca)));
            prop_assert!(l >= r, "left point is not on the left: {l} {r}");
            // The construction of Red Blob Games' "Circular Obstacle Pathfinding", literally:
            // a = (rA² - rB² + d²) / 2d, θ = arccos(a / rA).
            let along = (ra * ra - rb * rb + d * d) / (2.0 * d);
            let theta = (along / ra).clamp(-1.0, 1.0).acos();
            let base = axis.1.atan2(axis.0);
            let reference = (ca.0 + ra * (base + theta).cos(), ca.1 + ra * (base + theta).sin());
            // arccos near 1 is the reference's weak spot: allow its error (|dθ| ~ sqrt(ε)).
            let arccos_error = ra * 1e-7 / theta.sin().clamp(1e-8, 1.0);
            prop_assert!(dist(p64(left), reference) <= 4.0 * e + arccos_error.min(2.0 * ra));
        }
        // Symmetric in its arguments (up to which side is the left one).
        let swapped = intersection_circle_circle(&b, &a).unwrap();
        prop_assert_eq!(swapped.points().len(), result.points().len());
    }

    #[test]
    fn crossing_circles_built_to_cross(
        cs in circles(1),
        angle in -3.2f32..3.2,
        overlap_exp in -6.0f32..0.0,
        ratio in 0.01f32..1.0,
    ) {
        // d = rA + rB - overlap: nearly tangent circles that do cross, at every scale.
        let a = cs[0];
        prop_assume!(a.radius > 0.0);
        let rb = a.radius * ratio;
        let overlap = rb * 10f32.powf(overlap_exp);
        let b = Circle::new(a.center + Vec2::from_angle(angle) * (a.radius + rb - overlap), rb);
        let e = tol(magnitude(&[a, b]));
        for p in intersection_circle_circle(&a, &b).unwrap().points() {
            prop_assert!((dist(p64(*p), p64(a.center)) - a.radius as f64).abs() <= 2.0 * e);
            prop_assert!((dist(p64(*p), p64(b.center)) - rb as f64).abs() <= 2.0 * e);
        }
    }

    #[test]
    fn segment_clip_against_reference(
        cs in circles(1),
        ends in (-3.0f32..3.0, -3.0f32..3.0, -3.0f32..3.0, -3.0f32..3.0),
    ) {
        let c = cs[0];
        let s = c.radius.max(1e-3);
        let seg = Segment::new(
            c.center + Vec2::new(ends.0, ends.1) * s,
            c.center + Vec2::new(ends.2, ends.3) * s,
        );
        let (a, b, cc, r) = (p64(seg.a), p64(seg.b), p64(c.center), c.radius as f64);
        // Reference: the quadratic |a + t (b - a) - c|² = r² in f64.
        let dv = sub(b, a);
        let f = sub(a, cc);
        let qa = dot(dv, dv);
        let qb = 2.0 * dot(f, dv);
        let qc = dot(f, f) - r * r;
        let e = tol(magnitude(&[c]) + s as f64 * 3.0);
        let got = intersection_circle_segment(&c, &seg);
        prop_assert_eq!(got.is_some(), intersects_circle_segment(&c, &seg));
        if qa > 0.0 {
            let disc = qb * qb - 4.0 * qa * qc;
            let reference = if disc < 0.0 {
                None
            } else {
                let sq = disc.sqrt();
                let (t0, t1) = ((-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa));
                let (t0, t1) = (t0.max(0.0), t1.min(1.0));
                (t0 <= t1).then_some((t0, t1))
            };
            let len = qa.sqrt();
            match (got, reference) {
                (Some([t0, t1]), Some((r0, r1))) => {
                    // Compare as positions along the segment.
                    prop_assert!((t0 as f64 - r0).abs() * len <= 8.0 * e + 1e-9 * len);
                    prop_assert!((t1 as f64 - r1).abs() * len <= 8.0 * e + 1e-9 * len);
                }
                (None, None) => {}
                // Disagreement only for a segment that grazes the circle.
                _ => {
                    let near = nav_geom::query::distance_point_segment(c.center, &seg) as f64;
                    prop_assert!((near - r).abs() <= 4.0 * e, "{got:?} {reference:?}");
                }
            }
        }
    }
}
