use glam::{DVec2, Vec2};

use crate::Arc;
use crate::turn::angle_of;

/// The point of an arc closest to a query point ([`closest_point_on_arc`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestOnArc {
    /// The closest point.
    pub point: Vec2,
    /// Its parameter along the arc, in `[0, 1]` ([`Arc::point_at`]).
    pub t: f32,
    /// Distance from the query point to `point`.
    pub distance: f32,
}

/// The point of `arc` closest to `p`, its parameter and the distance.
///
/// If the direction of `p` seen from the centre lies within the arc, the closest point is on
/// that ray at the radius; otherwise it is the nearer end point (the start on a tie). A query
/// point at the centre is equally far from every point and gets the start point. Computed in
/// f64 from the f32 inputs, so it stays accurate far from the origin.
///
/// This is the blocking test for a path hugging a circle (the "hugging edges" of
/// Red Blob Games' "Circular Obstacle Pathfinding"): the
/// arc is blocked by an obstacle circle when `closest_point_on_arc(obstacle.center, &arc)
/// .distance < obstacle.radius`.
///
/// For an invalid arc ([`Arc::is_valid`]) or a NaN point every field is NaN.
///
/// ```
/// use nav_geom::{Arc, Turn, Vec2, query::closest_point_on_arc};
/// use std::f32::consts::PI;
/// // The upper half of a circle of radius 2.
/// let arc = Arc::new(Vec2::ZERO, 2.0, 0.0, PI, Turn::Ccw);
/// let above = closest_point_on_arc(Vec2::new(0.0, 5.0), &arc);
/// assert!(above.point.distance(Vec2::new(0.0, 2.0)) < 1e-6 && (above.t - 0.5).abs() < 1e-6);
/// assert!((above.distance - 3.0).abs() < 1e-6);
/// // Below, the nearer end wins.
/// let below = closest_point_on_arc(Vec2::new(1.0, -3.0), &arc);
/// assert!(below.point.distance(Vec2::new(2.0, 0.0)) < 1e-6 && below.t == 0.0);
/// ```
pub fn closest_point_on_arc(p: Vec2, arc: &Arc) -> ClosestOnArc {
    if !arc.is_valid() || p.is_nan() {
        return ClosestOnArc {
            point: Vec2::NAN,
            t: f32::NAN,
            distance: f32::NAN,
        };
    }
    let c = arc.center.as_dvec2();
    let r = arc.radius as f64;
    let q = p.as_dvec2();
    let v = q - c;
    let d = v.length();
    if d > 0.0 {
        let angle = angle_of(v);
        if arc.contains_angle_f64(angle) {
            let sweep = arc.sweep as f64;
            let travelled = arc.turn.sweep_between_f64(arc.start as f64, angle);
            let t = if sweep > 0.0 {
                (travelled / sweep).min(1.0)
            } else {
                0.0
            };
            return ClosestOnArc {
                point: (c + v * (r / d)).as_vec2(),
                t: t as f32,
                distance: (d - r).abs() as f32,
            };
        }
    }
    let start: DVec2 = arc.point_at_angle_f64(arc.start as f64);
    let end = arc.point_at_angle_f64(arc.angle_at_f64(1.0));
    let (to_start, to_end) = (q.distance(start), q.distance(end));
    if to_end < to_start {
        ClosestOnArc {
            point: end.as_vec2(),
            t: 1.0,
            distance: to_end as f32,
        }
    } else {
        ClosestOnArc {
            point: start.as_vec2(),
            t: 0.0,
            distance: to_start as f32,
        }
    }
}

/// Distance from `p` to the arc (NaN for an invalid arc or a NaN point).
///
/// ```
/// use nav_geom::{Arc, Turn, Vec2, query::distance_point_arc};
/// use std::f32::consts::PI;
/// let arc = Arc::new(Vec2::ZERO, 2.0, 0.0, PI, Turn::Ccw);
/// assert!((distance_point_arc(Vec2::new(0.0, 1.0), &arc) - 1.0).abs() < 1e-6);
/// ```
pub fn distance_point_arc(p: Vec2, arc: &Arc) -> f32 {
    closest_point_on_arc(p, arc).distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Circle, Turn};

    #[test]
    fn centre_and_invalid() {
        let arc = Arc::new(Vec2::new(1.0, 1.0), 2.0, 0.5, 1.0, Turn::Cw);
        let at_centre = closest_point_on_arc(arc.center, &arc);
        assert_eq!(at_centre.t, 0.0);
        assert!((at_centre.distance - 2.0).abs() < 1e-6);
        let bad = Arc::new(Vec2::ZERO, -1.0, 0.0, 1.0, Turn::Cw);
        assert!(distance_point_arc(Vec2::ONE, &bad).is_nan());
        assert!(distance_point_arc(Vec2::NAN, &arc).is_nan());
    }

    #[test]
    fn hugging_edge_across_the_cut_is_blocked_only_on_the_short_side() {
        // Hugging a circle around its left side (angles 150° -> 210° counter-clockwise).
        let c = Circle::new(Vec2::new(1.0e4, -1.0e4), 5.0);
        let arc = Arc::between_angles(&c, 150f32.to_radians(), (-150f32).to_radians(), Turn::Ccw);
        let left_obstacle = Circle::new(c.center - Vec2::new(6.0, 0.0), 1.5);
        let right_obstacle = Circle::new(c.center + Vec2::new(6.0, 0.0), 1.5);
        let blocked = |o: &Circle| closest_point_on_arc(o.center, &arc).distance < o.radius;
        assert!(blocked(&left_obstacle));
        assert!(!blocked(&right_obstacle));
        // The long way round is blocked by the right one.
        let long = Arc::between_angles(&c, 150f32.to_radians(), (-150f32).to_radians(), Turn::Cw);
        assert!(closest_point_on_arc(right_obstacle.center, &long).distance < 1.5);
    }

    #[test]
    fn matches_dense_sampling() {
        let arc = Arc::new(Vec2::new(-3.0, 2.0), 4.0, 2.5, 4.0, Turn::Ccw);
        for i in 0..50 {
            let angle = i as f32 * 0.37;
            let p = arc.center + Vec2::from_angle(angle) * (1.0 + (i % 7) as f32);
            let got = closest_point_on_arc(p, &arc);
            let sampled = (0..=4000)
                .map(|k| arc.point_at(k as f32 / 4000.0).distance(p))
                .fold(f32::INFINITY, f32::min);
            assert!(
                got.distance <= sampled + 1e-4,
                "{i}: {} > {sampled}",
                got.distance
            );
            assert!(sampled - got.distance < 4.0 * 4.0 / 4000.0 + 1e-4);
            assert!((arc.point_at(got.t).distance(got.point)) < 1e-4);
        }
    }
}
