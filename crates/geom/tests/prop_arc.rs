//! Property tests of arcs: angle containment against an independent reference built from cross
//! products (no angle arithmetic, so no wrap-around to get wrong), points and closest points.

mod common;

use common::*;
use nav_geom::query::closest_point_on_arc;
use nav_geom::{Arc, Circle, Turn, Vec2};
use proptest::prelude::*;
use std::f64::consts::{PI, TAU};

/// Whether direction `v` lies on the counter-clockwise arc from direction `s` through `sweep`.
/// Reference: an arc under π is the set of directions left of `s` and right of its end; a
/// longer arc is everything except the (shorter) open complement.
fn ccw_arc_contains(s: f64, sweep: f64, v: P) -> bool {
    if sweep >= TAU {
        return true;
    }
    let start = (s.cos(), s.sin());
    let end = ((s + sweep).cos(), (s + sweep).sin());
    if sweep <= PI {
        // A convex cone: left of the start and right of the end (an empty sweep keeps only the
        // start direction itself, not its opposite).
        cross(start, v) >= 0.0 && cross(v, end) >= 0.0 && (sweep > 0.0 || dot(start, v) > 0.0)
    } else {
        // Everything but the open complement, a cone of less than π from the end to the start.
        !(cross(end, v) > 0.0 && cross(v, start) > 0.0)
    }
}

/// The angle between two directions, in [0, π].
fn angle_gap(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d)
}

fn turn() -> impl Strategy<Value = Turn> {
    prop_oneof![Just(Turn::Cw), Just(Turn::Ccw)]
}

proptest! {
    #[test]
    fn angle_containment_matches_reference(
        start in -10.0f32..10.0,
        sweep in prop_oneof![0.0f32..7.0, Just(0.0), Just(std::f32::consts::PI), Just(std::f32::consts::TAU)],
        theta in -10.0f32..10.0,
        turn in turn(),
    ) {
        let arc = Arc::new(Vec2::ZERO, 1.0, start, sweep, turn);
        let (s, w, t) = (start as f64, sweep as f64, theta as f64);
        // Turn a clockwise arc into the counter-clockwise arc over the same points.
        let ccw_start = match turn {
            Turn::Ccw => s,
            Turn::Cw => s - w,
        };
        let end = match turn {
            Turn::Ccw => s + w,
            Turn::Cw => s - w,
        };
        // Stay away from the end points, where rounding decides.
        prop_assume!(w >= TAU || (angle_gap(t, s) > 1e-5 && angle_gap(t, end) > 1e-5));
        let reference = ccw_arc_contains(ccw_start, w, (t.cos(), t.sin()));
        prop_assert_eq!(arc.contains_angle(theta), reference, "start {} sweep {} theta {}", s, w, t);
        // The direction of a point at that angle gives the same answer.
        let p = Vec2::new(theta.cos(), theta.sin()) * 3.0;
        prop_assert_eq!(arc.contains_direction_to(p), arc.contains_angle(Circle::new(Vec2::ZERO, 1.0).angle_of(p)));
    }

    #[test]
    fn points_on_the_arc_are_contained_and_on_the_circle(
        cs in circles(1),
        start in -4.0f32..4.0,
        sweep in 0.01f32..6.2,
        t in 0.001f32..0.999,
        turn in turn(),
    ) {
        let c = cs[0];
        prop_assume!(c.radius > 0.0);
        let arc = Arc::new(c.center, c.radius, start, sweep, turn);
        let e = tol(magnitude(&[c]));
        let p = arc.point_at(t);
        prop_assert!((dist(p64(p), p64(c.center)) - c.radius as f64).abs() <= 2.0 * e);
        // By angle: always exact.
        prop_assert!(arc.contains_angle(arc.angle_at(t)));
        // The arc length is the sum of small chords.
        let n = 200;
        let chords: f64 = (0..n)
            .map(|i| dist(p64(arc.point_at(i as f32 / n as f32)), p64(arc.point_at((i + 1) as f32 / n as f32))))
            .sum();
        let length = arc.length() as f64;
        prop_assert!(chords <= length + n as f64 * 2.0 * e);
        prop_assert!(length - chords <= length * 1e-4 + n as f64 * 2.0 * e);
        // The bounding box holds the sampled points.
        let bounds = arc.aabb();
        for i in 0..=n {
            let q = arc.point_at(i as f32 / n as f32);
            prop_assert!(bounds.expand(2.0 * e as f32).contains_point(q));
        }
    }

    #[test]
    fn closest_point_on_arc_matches_sampling(
        cs in circles(1),
        start in -4.0f32..4.0,
        sweep in 0.0f32..6.3,
        turn in turn(),
        x in -3.0f32..3.0,
        y in -3.0f32..3.0,
    ) {
        let c = cs[0];
        prop_assume!(c.radius > 0.0);
        let arc = Arc::new(c.center, c.radius, start, sweep, turn);
        let q = c.center + Vec2::new(x, y) * c.radius;
        let got = closest_point_on_arc(q, &arc);
        let e = tol(magnitude(&[c]) + 3.0 * c.radius as f64);
        let n = 2000;
        let sampled = (0..=n)
            .map(|i| dist(p64(arc.point_at(i as f32 / n as f32)), p64(q)))
            .fold(f64::INFINITY, f64::min);
        let step = arc.length() as f64 / n as f64;
        let got_d = got.distance as f64;
        prop_assert!(got_d <= sampled + 2.0 * e, "{got_d} > {sampled}");
        prop_assert!(sampled - got_d <= step + 2.0 * e, "{got_d} << {sampled}");
        prop_assert!((dist(p64(got.point), p64(q)) - got_d).abs() <= 2.0 * e);
        prop_assert!(dist(p64(arc.point_at(got.t)), p64(got.point)) <= 4.0 * e);
    }
}
