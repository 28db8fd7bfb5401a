//! Property tests of the segment distances and swept-disc tests against dense sampling of the
//! segment: the exact signed distance is at most the sampled minimum, and at most one sample
//! step below it (distance is 1-Lipschitz along the segment).

mod common;

use common::*;
use nav_geom::query::{
    closest_points_segment_aabb, closest_points_segment_circle, distance_segment_aabb,
    distance_segment_circle, signed_distance_point_aabb, signed_distance_segment_aabb,
    signed_distance_segment_circle, swept_disc_clears_aabb, swept_disc_clears_circle,
    swept_disc_touches_aabb, swept_disc_touches_circle,
};
use nav_geom::{Aabb, Circle, Segment, Vec2};
use proptest::prelude::*;

const SAMPLES: usize = 2000;

/// Reference signed distance from a point to a box, written plainly in f64.
fn point_box(p: P, min: P, max: P) -> f64 {
    let dx = (min.0 - p.0).max(p.0 - max.0);
    let dy = (min.1 - p.1).max(p.1 - max.1);
    if dx <= 0.0 && dy <= 0.0 {
        dx.max(dy)
    } else {
        dx.max(0.0).hypot(dy.max(0.0))
    }
}

/// The minimum of `f` over `SAMPLES + 1` evenly spaced points of the segment, in f64.
fn sampled_min(seg: &Segment, f: impl Fn(P) -> f64) -> f64 {
    let (a, b) = (p64(seg.a), p64(seg.b));
    (0..=SAMPLES)
        .map(|i| {
            let t = i as f64 / SAMPLES as f64;
            f((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
        })
        .fold(f64::INFINITY, f64::min)
}

fn scene() -> impl Strategy<Value = (Vec2, f32, [f32; 8], f32)> {
    (
        base(),
        scale(),
        proptest::array::uniform8(-4.0f32..4.0),
        0.0f32..2.0,
    )
}

/// Checks the exact signed distance `exact` against the sampled minimum and the predicates.
fn check(
    exact: f64,
    sampled: f64,
    seg: &Segment,
    radius: f32,
    e: f64,
    clears: bool,
    touches: bool,
) -> Result<(), TestCaseError> {
    let step = seg.length() as f64 / SAMPLES as f64;
    prop_assert!(
        exact <= sampled + e,
        "exact {exact} above sampled {sampled}"
    );
    prop_assert!(
        sampled - exact <= step + e,
        "exact {exact} far below sampled {sampled}"
    );
    let r = radius as f64;
    prop_assert_eq!(clears, exact >= r);
    prop_assert_eq!(touches, exact <= r);
    // What sampling alone can prove.
    if sampled < r - e {
        prop_assert!(!clears, "a sample is closer than the radius");
    }
    if sampled - step > r + e {
        prop_assert!(clears && !touches, "every point is farther than the radius");
    }
    Ok(())
}

proptest! {
    #[test]
    fn swept_disc_against_box_agrees_with_sampling((base, scale, v, radius) in scene()) {
        let seg = Segment::new(base + Vec2::new(v[0], v[1]) * scale, base + Vec2::new(v[2], v[3]) * scale);
        let aabb = Aabb::from_corners(base + Vec2::new(v[4], v[5]) * scale, base + Vec2::new(v[6], v[7]) * scale);
        let radius = radius * scale;
        let e = tol(base.abs().max_element() as f64 + 8.0 * scale as f64);
        let (min, max) = (p64(aabb.min), p64(aabb.max));
        let sampled = sampled_min(&seg, |p| point_box(p, min, max));
        let exact = signed_distance_segment_aabb(&seg, &aabb) as f64;
        check(
            exact,
            sampled,
            &seg,
            radius,
            e,
            swept_disc_clears_aabb(&seg, radius, &aabb),
            swept_disc_touches_aabb(&seg, radius, &aabb),
        )?;
        // Unsigned distance and closest points are consistent with the signed distance.
        let unsigned = distance_segment_aabb(&seg, &aabb) as f64;
        prop_assert!((unsigned - exact.max(0.0)).abs() <= e);
        let c = closest_points_segment_aabb(&seg, &aabb);
        prop_assert!((dist(p64(c.on_segment), p64(c.on_aabb)) - unsigned).abs() <= 2.0 * e);
        prop_assert!(dist(p64(c.on_segment), p64(seg.point_at(c.u))) <= 2.0 * e);
        prop_assert!(point_box(p64(c.on_aabb), min, max) <= e);
        // The signed distance at the reported point is the distance.
        prop_assert!((signed_distance_point_aabb(c.on_segment, &aabb) as f64 - unsigned).abs() <= 2.0 * e
            || unsigned == 0.0);
    }

    #[test]
    fn swept_disc_against_circle_agrees_with_sampling((base, scale, v, radius) in scene()) {
        let seg = Segment::new(base + Vec2::new(v[0], v[1]) * scale, base + Vec2::new(v[2], v[3]) * scale);
        let circle = Circle::new(base + Vec2::new(v[4], v[5]) * scale, v[6].abs() * scale);
        let radius = radius * scale;
        let e = tol(base.abs().max_element() as f64 + 8.0 * scale as f64);
        let (cc, r) = (p64(circle.center), circle.radius as f64);
        let sampled = sampled_min(&seg, |p| dist(p, cc) - r);
        let exact = signed_distance_segment_circle(&seg, &circle) as f64;
        check(
            exact,
            sampled,
            &seg,
            radius,
            e,
            swept_disc_clears_circle(&seg, radius, &circle),
            swept_disc_touches_circle(&seg, radius, &circle),
        )?;
        let unsigned = distance_segment_circle(&seg, &circle) as f64;
        prop_assert!((unsigned - exact.max(0.0)).abs() <= e);
        let c = closest_points_segment_circle(&seg, &circle);
        prop_assert!((dist(p64(c.on_segment), p64(c.on_circle)) - unsigned).abs() <= 2.0 * e);
        prop_assert!(dist(p64(c.on_circle), cc) <= r + e);
        prop_assert!(dist(p64(c.on_segment), p64(seg.point_at(c.u))) <= 2.0 * e);
    }

    #[test]
    fn rounded_box_contains_exactly_the_points_within_the_radius(
        (base, scale, v, radius) in scene(),
    ) {
        let aabb = Aabb::from_corners(base + Vec2::new(v[0], v[1]) * scale, base + Vec2::new(v[2], v[3]) * scale);
        let radius = radius * scale;
        let p = base + Vec2::new(v[4], v[5]) * scale;
        let d = point_box(p64(p), p64(aabb.min), p64(aabb.max));
        let rounded = aabb.inflated(radius);
        prop_assert_eq!(rounded.contains_point(p), d <= radius as f64);
        // The expanded box is conservative: it holds every point of the rounded box.
        if rounded.contains_point(p) {
            prop_assert!(rounded.aabb().contains_point(p) && aabb.expand(radius).contains_point(p));
        }
        let e = tol(base.abs().max_element() as f64 + 8.0 * scale as f64);
        prop_assert!((rounded.signed_distance_to_point(p) as f64 - (d - radius as f64)).abs() <= e);
        // A disc of `radius` at p overlaps the box exactly when p is strictly inside the
        // rounded box: the same rule as the swept test for a zero-length move.
        let still = Segment::new(p, p);
        prop_assert_eq!(swept_disc_clears_aabb(&still, radius, &aabb), d >= radius as f64);
    }
}
