//! Property tests of the tangent queries: tangent points lie on their circles, tangent lines
//! are perpendicular to the radii, internal tangents cross the centre line and external ones
//! do not, the turns match the direction of travel, and the tangents exist exactly when the
//! f64 reference says they do.

mod common;

use common::*;
use nav_geom::query::{
    Bitangent, bitangent, external_bitangents, internal_bitangents, tangents_circle_point,
    tangents_point_circle,
};
use nav_geom::{Circle, Turn, Vec2};
use proptest::prelude::*;

/// Checks every geometric property of one bitangent from `a` to `b`.
fn check_bitangent(
    a: &Circle,
    b: &Circle,
    t: &Bitangent,
    internal: bool,
) -> Result<(), TestCaseError> {
    let e = tol(magnitude(&[*a, *b]));
    let (ca, cb, pa, pb) = (p64(a.center), p64(b.center), p64(t.a), p64(t.b));
    let (ra, rb) = (a.radius as f64, b.radius as f64);
    // On both circles.
    prop_assert!(
        (dist(pa, ca) - ra).abs() <= e,
        "a off circle A: {} vs {ra}",
        dist(pa, ca)
    );
    prop_assert!(
        (dist(pb, cb) - rb).abs() <= e,
        "b off circle B: {} vs {rb}",
        dist(pb, cb)
    );
    // Perpendicular to both radii (up to the rounding of the points).
    let dir = sub(pb, pa);
    let len = norm(dir);
    let slack = |r: f64| 2.0 * e * (len + r + e);
    prop_assert!(
        dot(dir, sub(pa, ca)).abs() <= slack(ra),
        "not perpendicular at a"
    );
    prop_assert!(
        dot(dir, sub(pb, cb)).abs() <= slack(rb),
        "not perpendicular at b"
    );
    // Length and angles agree with the points.
    prop_assert!((t.length as f64 - len).abs() <= 2.0 * e + len * 1e-6);
    let from_angle_a = p64(a.point_at_angle(t.angle_a));
    let from_angle_b = p64(b.point_at_angle(t.angle_b));
    prop_assert!(dist(from_angle_a, pa) <= 2.0 * e);
    prop_assert!(dist(from_angle_b, pb) <= 2.0 * e);
    // Internal tangents cross the centre line, external ones stay on one side.
    let axis = sub(cb, ca);
    let d = norm(axis);
    let side_a = cross(axis, sub(pa, ca)) / d;
    let side_b = cross(axis, sub(pb, ca)) / d;
    prop_assert_eq!(t.is_internal(), internal);
    if side_a.abs() > 2.0 * e && side_b.abs() > 2.0 * e {
        if internal {
            prop_assert!(
                side_a * side_b < 0.0,
                "internal tangent does not cross: {side_a} {side_b}"
            );
        } else {
            prop_assert!(
                side_a * side_b > 0.0,
                "external tangent crosses: {side_a} {side_b}"
            );
        }
    }
    // The turns are the direction of travel around each centre, where measurable.
    if len > 100.0 * e && ra > 100.0 * e {
        prop_assert_eq!(Turn::around(a.center, t.a, t.b - t.a), Some(t.turn_a));
    }
    if len > 100.0 * e && rb > 100.0 * e {
        prop_assert_eq!(Turn::around(b.center, t.b, t.b - t.a), Some(t.turn_b));
    }
    prop_assert_eq!(t.turn_a == t.turn_b, !internal);
    Ok(())
}

proptest! {
    #[test]
    fn bitangents_touch_both_circles_at_right_angles(cs in circles(2)) {
        let (a, b) = (cs[0], cs[1]);
        let d = dist(p64(a.center), p64(b.center));
        let (ra, rb) = (a.radius as f64, b.radius as f64);
        let external = external_bitangents(&a, &b);
        let internal = internal_bitangents(&a, &b);
        prop_assert_eq!(external.is_some(), d > (ra - rb).abs());
        prop_assert_eq!(internal.is_some(), d > ra + rb);
        for (pair, is_internal) in [(external, false), (internal, true)] {
            if let Some(pair) = pair {
                for (i, t) in pair.iter().enumerate() {
                    prop_assert_eq!(t.turn_a.index(), i);
                    check_bitangent(&a, &b, t, is_internal)?;
                    // The single-tangent query agrees with the pair.
                    prop_assert_eq!(Some(*t), bitangent(&a, t.turn_a, &b, t.turn_b));
                    // Reversed, it is the tangent from B to A.
                    let back = t.reversed();
                    let from_b = bitangent(&b, back.turn_a, &a, back.turn_b).unwrap();
                    let e = tol(magnitude(&[a, b]));
                    prop_assert!(dist(p64(from_b.a), p64(back.a)) <= 2.0 * e);
                    prop_assert!(dist(p64(from_b.b), p64(back.b)) <= 2.0 * e);
                }
            }
        }
    }

    #[test]
    fn nearly_touching_circles_still_give_good_tangents(
        cs in circles(1),
        angle in -3.2f32..3.2,
        gap_exp in -6.0f32..-1.0,
        ratio in 0.01f32..1.0,
    ) {
        // B placed so that d = rA + rB + gap, with a gap down to a millionth of the radii.
        let a = cs[0];
        prop_assume!(a.radius > 0.0);
        let rb = a.radius * ratio;
        let gap = (a.radius + rb) * 10f32.powf(gap_exp);
        let b = Circle::new(a.center + Vec2::from_angle(angle) * (a.radius + rb + gap), rb);
        let d = dist(p64(a.center), p64(b.center));
        // The sum of the radii in f64, as the query forms it (an f32 sum rounds).
        let sum = a.radius as f64 + rb as f64;
        match internal_bitangents(&a, &b) {
            Some(pair) => {
                prop_assert!(d > sum);
                for t in &pair {
                    check_bitangent(&a, &b, t, true)?;
                }
            }
            None => prop_assert!(d <= sum),
        }
        // Far from the origin a tiny pair can round onto one centre: then none, as the
        // reference says.
        let external = external_bitangents(&a, &b);
        prop_assert_eq!(external.is_some(), d > (a.radius - rb).abs() as f64);
        for t in external.iter().flatten() {
            check_bitangent(&a, &b, t, false)?;
        }
    }

    #[test]
    fn point_tangents_touch_the_circle_at_right_angles(
        cs in circles(1),
        x in -12.0f32..12.0,
        y in -12.0f32..12.0,
    ) {
        let c = cs[0];
        let scale = (c.radius.max(1e-3)) / 3.0;
        let p = c.center + Vec2::new(x, y) * scale;
        let d = dist(p64(p), p64(c.center));
        let r = c.radius as f64;
        let to_circle = tangents_point_circle(p, &c);
        let from_circle = tangents_circle_point(&c, p);
        prop_assert_eq!(to_circle.is_some(), d >= r);
        prop_assert_eq!(from_circle.is_some(), d >= r);
        let e = tol(magnitude(&[c]) + p.abs().max_element() as f64);
        if let (Some(to), Some(from)) = (to_circle, from_circle) {
            for (i, t) in to.iter().enumerate() {
                prop_assert_eq!(t.turn.index(), i);
                let (pt, cc) = (p64(t.point), p64(c.center));
                prop_assert!((dist(pt, cc) - r).abs() <= e);
                let dir = sub(pt, p64(p));
                let len = norm(dir);
                prop_assert!(dot(dir, sub(pt, cc)).abs() <= 2.0 * e * (len + r + e));
                prop_assert!((t.length as f64 - len).abs() <= 2.0 * e + len * 1e-6);
                prop_assert!(dist(p64(c.point_at_angle(t.angle)), pt) <= 2.0 * e);
                if len > 100.0 * e && r > 100.0 * e {
                    prop_assert_eq!(Turn::around(c.center, t.point, t.point - p), Some(t.turn));
                }
            }
            // Same points, opposite turns for the reverse direction of travel.
            prop_assert_eq!(from[0].point, to[1].point);
            prop_assert_eq!(from[1].point, to[0].point);
            prop_assert_eq!(from[0].turn, Turn::Cw);
            prop_assert_eq!(from[1].turn, Turn::Ccw);
        }
    }
}
