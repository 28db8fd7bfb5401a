use glam::Vec2;

use crate::Aabb;
use crate::query::distance_squared_point_aabb_f64;

/// A box with rounded corners: every point within `radius` of `aabb`, i.e. the Minkowski sum of
/// the box and a disc of radius `radius` ([`Aabb::inflated`]).
///
/// This is the exact shape an agent's centre must avoid when an agent of radius `radius` moves
/// among boxes. Its [bounding box](RoundedAabb::aabb) is the box expanded by the radius on
/// every side: a conservative stand-in that also covers the four corner squares the rounded
/// shape leaves out, fine for broad-phase queries but not for the final test.
///
/// ```
/// use nav_geom::{Aabb, Vec2};
///
/// let wall = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 1.0));
/// let padded = wall.inflated(0.5);
/// assert!(padded.contains_point(Vec2::new(2.0, 1.5)));     // just touching the top side
/// assert!(!padded.contains_point(Vec2::new(4.45, 1.45)));  // in the expanded box's corner...
/// assert!(padded.aabb().contains_point(Vec2::new(4.45, 1.45))); // ...which is conservative
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RoundedAabb {
    /// The inner box.
    pub aabb: Aabb,
    /// How far the shape reaches beyond the inner box, `>= 0` for a valid shape.
    pub radius: f32,
}

impl RoundedAabb {
    /// The points within `radius` of `aabb`.
    pub const fn new(aabb: Aabb, radius: f32) -> Self {
        Self { aabb, radius }
    }

    /// Whether the inner box is valid and the radius finite and non-negative.
    pub fn is_valid(&self) -> bool {
        self.aabb.is_valid() && self.radius.is_finite() && self.radius >= 0.0
    }

    /// Whether `p` lies within `radius` of the inner box (border included), computed in f64.
    /// False for NaN, a negative radius or an inverted inner box.
    pub fn contains_point(&self, p: Vec2) -> bool {
        let r = self.radius as f64;
        r >= 0.0 && distance_squared_point_aabb_f64(p, &self.aabb) <= r * r
    }

    /// Signed distance from `p` to the shape: positive outside, zero on the border, negative
    /// inside (minus the depth below the border). NaN for NaN input.
    pub fn signed_distance_to_point(&self, p: Vec2) -> f32 {
        (crate::query::signed_distance_point_aabb_f64(p, &self.aabb) - self.radius as f64) as f32
    }

    /// The conservative bounding box: the inner box expanded by `radius` on every side.
    pub fn aabb(&self) -> Aabb {
        self.aabb.expand(self.radius)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_is_round() {
        let r = RoundedAabb::new(Aabb::new(Vec2::ZERO, Vec2::ONE), 1.0);
        let d = 1.0 / 2f32.sqrt();
        assert!(r.contains_point(Vec2::new(1.0 + d * 0.999, 1.0 + d * 0.999)));
        assert!(!r.contains_point(Vec2::new(1.0 + d * 1.001, 1.0 + d * 1.001)));
        assert!(r.contains_point(Vec2::new(-1.0, 0.5)));
        assert!(!r.contains_point(Vec2::new(-1.0001, 0.5)));
        assert!(!r.contains_point(Vec2::NAN));
        assert!((r.signed_distance_to_point(Vec2::new(0.5, 0.5)) + 1.5).abs() < 1e-6);
        assert!((r.signed_distance_to_point(Vec2::new(4.0, 0.5)) - 2.0).abs() < 1e-6);
    }

    #[test]
    fn invalid_shapes_contain_nothing() {
        let negative = RoundedAabb::new(Aabb::new(Vec2::ZERO, Vec2::ONE), -0.1);
        assert!(!negative.is_valid() && !negative.contains_point(Vec2::splat(0.5)));
        let inverted = RoundedAabb::new(Aabb::new(Vec2::ONE, Vec2::ZERO), 1.0);
        assert!(!inverted.is_valid() && !inverted.contains_point(Vec2::splat(0.5)));
    }
}
