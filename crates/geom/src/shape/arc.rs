use std::f64::consts::{FRAC_PI_2, TAU};

use glam::{DVec2, Vec2};

use crate::turn::angle_of;
use crate::{Aabb, Circle, Turn};

/// A circular arc: the part of the circle (`center`, `radius`) travelled from angle `start`
/// through `sweep` radians in direction `turn`.
///
/// Angles are in radians from the +x axis towards +y ([`Turn`] explains the convention).
/// `sweep` is a non-negative magnitude; the direction is carried by `turn`, so an arc never
/// "goes the long way round" by accident: the arc from 170° to -170° counter-clockwise sweeps
/// 20° ([`Arc::between`] measures it that way). A sweep of `2π` or more covers the whole circle.
///
/// An arc is *valid* ([`Arc::is_valid`]) when every field is finite, `radius >= 0` and
/// `sweep >= 0`. Methods never panic on invalid arcs; their results are then documented per
/// method or meaningless (NaN in, NaN out).
///
/// ```
/// use nav_geom::{Arc, Circle, Turn, Vec2};
/// use std::f32::consts::PI;
///
/// // The upper half of the unit circle, from (1, 0) counter-clockwise to (-1, 0).
/// let arc = Arc::new(Vec2::ZERO, 1.0, 0.0, PI, Turn::Ccw);
/// assert!((arc.length() - PI).abs() < 1e-6);
/// assert!(arc.contains_angle(PI / 2.0));
/// assert!(!arc.contains_angle(-PI / 2.0));
/// assert!(arc.point_at(0.5).distance(Vec2::new(0.0, 1.0)) < 1e-6);
///
/// // Built from two points: clockwise from the top to the right is a quarter turn.
/// let quarter = Arc::between(&Circle::new(Vec2::ZERO, 2.0), Vec2::Y, Vec2::X, Turn::Cw);
/// assert!((quarter.sweep - PI / 2.0).abs() < 1e-6);
/// assert!(quarter.end_point().distance(Vec2::new(2.0, 0.0)) < 1e-6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arc {
    /// Centre of the circle the arc lies on.
    pub center: Vec2,
    /// Radius of that circle, `>= 0` for a valid arc.
    pub radius: f32,
    /// Angle of the start point, in radians.
    pub start: f32,
    /// Angle travelled from the start, in radians, `>= 0` for a valid arc.
    pub sweep: f32,
    /// Direction of travel from the start.
    pub turn: Turn,
}

impl Arc {
    /// The arc of the circle (`center`, `radius`) from angle `start` through `sweep` radians
    /// turning `turn`.
    pub const fn new(center: Vec2, radius: f32, start: f32, sweep: f32, turn: Turn) -> Self {
        Self {
            center,
            radius,
            start,
            sweep,
            turn,
        }
    }

    /// The arc of `circle` from the direction of `from` to the direction of `to` (both as seen
    /// from the centre; they need not lie on the circle), turning `turn`. The sweep is in
    /// `[0, 2π)`: equal directions give an empty arc, not a full circle. A point equal to the
    /// centre has direction 0.
    ///
    /// Far from the origin, prefer [`Arc::between_angles`] with the angles the tangent queries
    /// return: the direction of an f32 point seen from a distant f32 centre is only as
    /// precise as the point.
    pub fn between(circle: &Circle, from: Vec2, to: Vec2, turn: Turn) -> Self {
        let c = circle.center.as_dvec2();
        let start = angle_of(from.as_dvec2() - c);
        let end = angle_of(to.as_dvec2() - c);
        Self::from_f64(circle.center, circle.radius, start, end, turn)
    }

    /// The arc of `circle` from angle `start` to angle `end`, turning `turn`: sweep
    /// `turn.sweep_between(start, end)`, in `[0, 2π)`.
    pub fn between_angles(circle: &Circle, start: f32, end: f32, turn: Turn) -> Self {
        Self::from_f64(circle.center, circle.radius, start as f64, end as f64, turn)
    }

    fn from_f64(center: Vec2, radius: f32, start: f64, end: f64, turn: Turn) -> Self {
        Self::new(
            center,
            radius,
            start as f32,
            turn.sweep_between_f64(start, end) as f32,
            turn,
        )
    }

    /// Whether every field is finite, the radius and the sweep non-negative.
    pub fn is_valid(&self) -> bool {
        self.center.is_finite()
            && self.radius.is_finite()
            && self.radius >= 0.0
            && self.start.is_finite()
            && self.sweep.is_finite()
            && self.sweep >= 0.0
    }

    /// The circle the arc lies on.
    pub fn circle(&self) -> Circle {
        Circle::new(self.center, self.radius)
    }

    /// Arc length: `radius * sweep`.
    pub fn length(&self) -> f32 {
        (self.radius as f64 * self.sweep as f64) as f32
    }

    /// Angle of the end point: `start + sweep` counter-clockwise, `start - sweep` clockwise
    /// (not wrapped into `(-π, π]`).
    pub fn end_angle(&self) -> f32 {
        self.angle_at_f64(1.0) as f32
    }

    /// Angle of the point at parameter `t` (0 at the start, 1 at the end; not clamped).
    pub fn angle_at(&self, t: f32) -> f32 {
        self.angle_at_f64(t as f64) as f32
    }

    pub(crate) fn angle_at_f64(&self, t: f64) -> f64 {
        self.start as f64 + self.turn.sign() as f64 * self.sweep as f64 * t
    }

    /// The point at parameter `t`: 0 is the start point, 1 the end point, `0.5` the middle of
    /// the arc. Values outside `[0, 1]` continue around the circle.
    pub fn point_at(&self, t: f32) -> Vec2 {
        self.point_at_angle_f64(self.angle_at_f64(t as f64))
            .as_vec2()
    }

    pub(crate) fn point_at_angle_f64(&self, angle: f64) -> DVec2 {
        self.center.as_dvec2() + DVec2::from_angle(angle) * self.radius as f64
    }

    /// The first point of the arc.
    pub fn start_point(&self) -> Vec2 {
        self.point_at(0.0)
    }

    /// The last point of the arc.
    pub fn end_point(&self) -> Vec2 {
        self.point_at(1.0)
    }

    /// The same arc travelled the other way: from the end point back to the start point.
    pub fn reversed(&self) -> Arc {
        Arc::new(
            self.center,
            self.radius,
            self.end_angle(),
            self.sweep,
            self.turn.opposite(),
        )
    }

    /// Whether the direction at angle `theta` (radians, any value: it is taken modulo `2π`)
    /// lies on the arc, both ends included.
    ///
    /// Computed in f64 as "the angle travelled from `start` to `theta` turning `turn`, in
    /// `[0, 2π)`, is at most `sweep`", which is free of the wrap-around bug at ±π. A sweep of
    /// `2π` or more contains every finite angle. False for a non-finite `theta`, an invalid
    /// arc's NaN fields, and a negative sweep.
    pub fn contains_angle(&self, theta: f32) -> bool {
        self.contains_angle_f64(theta as f64)
    }

    pub(crate) fn contains_angle_f64(&self, theta: f64) -> bool {
        if !theta.is_finite() || !self.start.is_finite() || self.sweep.is_nan() || self.sweep < 0.0
        {
            return false;
        }
        let sweep = self.sweep as f64;
        sweep >= TAU || self.turn.sweep_between_f64(self.start as f64, theta) <= sweep
    }

    /// Whether the ray from the centre through `p` meets the arc, i.e. the direction of `p`
    /// seen from the centre is contained ([`Arc::contains_angle`]). False when `p` is the
    /// centre or not finite.
    pub fn contains_direction_to(&self, p: Vec2) -> bool {
        let v = p.as_dvec2() - self.center.as_dvec2();
        v != DVec2::ZERO && self.contains_angle_f64(angle_of(v))
    }

    /// The bounding box of the arc: its two end points and the extreme points of the circle
    /// (at 0, π/2, π and 3π/2) that lie on it. For an invalid arc the box holds NaN (and is
    /// therefore not [valid](Aabb::is_valid) either).
    pub fn aabb(&self) -> Aabb {
        let start = self.point_at_angle_f64(self.start as f64);
        let end = self.point_at_angle_f64(self.angle_at_f64(1.0));
        let (mut min, mut max) = (start.min(end), start.max(end));
        for quarter in 0..4 {
            let angle = quarter as f64 * FRAC_PI_2;
            if self.contains_angle_f64(angle) {
                let p = self.point_at_angle_f64(angle);
                min = min.min(p);
                max = max.max(p);
            }
        }
        if !self.is_valid() {
            // `DVec2::min` skips NaN; make sure an invalid arc does not look like a valid box.
            return Aabb::new(Vec2::NAN, Vec2::NAN);
        }
        Aabb::new(min.as_vec2(), max.as_vec2())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::{FRAC_PI_2, PI};

    #[test]
    fn arc_across_the_cut_is_short() {
        // From 170° to -170° counter-clockwise: 20 degrees, passing through 180°.
        let c = Circle::new(Vec2::ZERO, 1.0);
        let arc = Arc::between_angles(&c, 170f32.to_radians(), (-170f32).to_radians(), Turn::Ccw);
        assert!((arc.sweep - 20f32.to_radians()).abs() < 1e-6);
        assert!(arc.contains_angle(PI));
        assert!(arc.contains_angle(-PI));
        assert!(arc.contains_angle(175f32.to_radians()));
        assert!(arc.contains_angle((-175f32).to_radians()));
        assert!(!arc.contains_angle(0.0));
        assert!(!arc.contains_angle(FRAC_PI_2));
        // The same end points clockwise go the long way.
        let long = Arc::between_angles(&c, 170f32.to_radians(), (-170f32).to_radians(), Turn::Cw);
        assert!((long.sweep - 340f32.to_radians()).abs() < 1e-5);
        assert!(long.contains_angle(0.0));
        assert!(!long.contains_angle(PI));
    }

    #[test]
    fn angles_are_taken_modulo_tau() {
        let arc = Arc::new(Vec2::ZERO, 1.0, 0.0, 0.5, Turn::Ccw);
        assert!(arc.contains_angle(0.25 + 4.0 * PI));
        assert!(arc.contains_angle(0.25 - 2.0 * PI));
        assert!(!arc.contains_angle(-0.25));
    }

    #[test]
    fn end_points_are_contained() {
        let arc = Arc::new(Vec2::new(3.0, 4.0), 2.0, 1.0, 2.0, Turn::Cw);
        assert!(arc.contains_angle(1.0));
        assert!(arc.contains_angle(-1.0));
        // End points rounded to f32 may fall a hair outside; points inside are contained.
        assert!(arc.contains_direction_to(arc.point_at(0.001)));
        assert!(arc.contains_direction_to(arc.point_at(0.999)));
        assert!(arc.contains_direction_to(arc.point_at(0.5)));
        assert!(!arc.contains_direction_to(arc.point_at(1.2)));
        assert!(!arc.contains_direction_to(arc.center));
    }

    #[test]
    fn full_and_empty_and_invalid_arcs() {
        let full = Arc::new(Vec2::ZERO, 1.0, 2.0, 2.0 * PI, Turn::Cw);
        assert!(full.contains_angle(-2.0) && full.contains_angle(123.0));
        assert!(!full.contains_angle(f32::NAN));
        let empty = Arc::between(
            &Circle::new(Vec2::ZERO, 1.0),
            Vec2::X,
            Vec2::X * 3.0,
            Turn::Ccw,
        );
        assert_eq!(empty.sweep, 0.0);
        assert!(empty.contains_angle(0.0) && !empty.contains_angle(0.1));
        let negative = Arc::new(Vec2::ZERO, 1.0, 0.0, -1.0, Turn::Ccw);
        assert!(!negative.is_valid() && !negative.contains_angle(0.0));
        let nan = Arc::new(Vec2::ZERO, 1.0, f32::NAN, 1.0, Turn::Ccw);
        assert!(!nan.is_valid() && !nan.contains_angle(0.0));
        assert!(nan.aabb().min.is_nan());
    }

    #[test]
    fn reversed_arc_covers_the_same_points() {
        let arc = Arc::new(Vec2::new(-1.0, 2.0), 3.0, 2.5, 1.5, Turn::Ccw);
        let back = arc.reversed();
        assert_eq!(back.turn, Turn::Cw);
        assert!(back.start_point().distance(arc.end_point()) < 1e-5);
        assert!(back.end_point().distance(arc.start_point()) < 1e-5);
        for i in 0..=10 {
            let t = i as f32 / 10.0;
            assert!(back.point_at(t).distance(arc.point_at(1.0 - t)) < 1e-5);
        }
    }

    #[test]
    fn aabb_includes_extreme_points() {
        // Quarter arc from 45° to 135° counter-clockwise passes the top of the circle.
        let arc = Arc::new(Vec2::ZERO, 1.0, PI / 4.0, PI / 2.0, Turn::Ccw);
        let b = arc.aabb();
        assert!((b.max.y - 1.0).abs() < 1e-6);
        assert!((b.min.y - (0.5f32).sqrt()).abs() < 1e-6);
        assert!((b.min.x + (0.5f32).sqrt()).abs() < 1e-6);
        // Across the cut: from 135° to 225° counter-clockwise passes (-1, 0).
        let left = Arc::new(Vec2::ZERO, 1.0, 3.0 * PI / 4.0, PI / 2.0, Turn::Ccw);
        assert!((left.aabb().min.x + 1.0).abs() < 1e-6);
        // Full circle: the circle's box.
        let full = Arc::new(Vec2::new(5.0, 5.0), 2.0, 0.3, 7.0, Turn::Cw);
        let fb = full.aabb();
        assert!(fb.min.distance(Vec2::new(3.0, 3.0)) < 1e-5);
        assert!(fb.max.distance(Vec2::new(7.0, 7.0)) < 1e-5);
    }

    #[test]
    fn length_is_radius_times_sweep() {
        let arc = Arc::new(Vec2::ZERO, 10.0, 0.0, 0.25, Turn::Cw);
        assert!((arc.length() - 2.5).abs() < 1e-6);
        assert!((arc.end_angle() + 0.25).abs() < 1e-7);
    }
}
