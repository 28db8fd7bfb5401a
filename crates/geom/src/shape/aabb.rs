use glam::Vec2;

use crate::RoundedAabb;

/// An axis-aligned bounding box, `min` and `max` inclusive.
///
/// A box is *valid* when its corners are finite and `min <= max` on both axes; functions that
/// take boxes from outside check [`is_valid`](Aabb::is_valid) first. An *inverted* box
/// (`min > max` on an axis) is treated as empty by the tests here and in [`query`](crate::query):
/// it contains no point and intersects nothing. A box with a NaN corner likewise contains and
/// intersects nothing.
///
/// ```
/// use nav_geom::{Aabb, Vec2};
///
/// let a = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 1.0));
/// let b = Aabb::from_center_half_extents(Vec2::new(2.5, 0.5), Vec2::splat(0.5));
/// assert!(a.intersects(&b)); // they touch along x = 2
/// assert!(a.contains_point(Vec2::new(1.0, 1.0)));
/// assert_eq!(a.union(&b).max, Vec2::new(3.0, 1.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    pub min: Vec2,
    /// The corner with the largest coordinates.
    pub max: Vec2,
}

impl Aabb {
    /// The box with corners `min` and `max` (not reordered; see [`Aabb::from_corners`]).
    pub const fn new(min: Vec2, max: Vec2) -> Self {
        Self { min, max }
    }

    /// The smallest box holding both points, in any order. A NaN coordinate is skipped by the
    /// component-wise min/max (glam's, like `f32::min`), so check the points first.
    pub fn from_corners(a: Vec2, b: Vec2) -> Self {
        Self::new(a.min(b), a.max(b))
    }

    /// The box centred on `center` reaching `half_extents` on each side.
    pub fn from_center_half_extents(center: Vec2, half_extents: Vec2) -> Self {
        Self::new(center - half_extents, center + half_extents)
    }

    /// Whether both corners are finite and `min <= max` on both axes.
    pub fn is_valid(&self) -> bool {
        self.min.is_finite() && self.max.is_finite() && self.min.cmple(self.max).all()
    }

    /// The centre point.
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half the size on each axis.
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// Width and height.
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// Whether `p` lies inside or on the border.
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.min.cmple(p).all() && p.cmple(self.max).all()
    }

    /// Whether `other` lies entirely inside this box (borders may touch).
    pub fn contains(&self, other: &Aabb) -> bool {
        self.min.cmple(other.min).all() && other.max.cmple(self.max).all()
    }

    /// Whether the two boxes share at least one point (touching counts). False when either box
    /// is inverted or holds NaN.
    pub fn intersects(&self, other: &Aabb) -> bool {
        self.min.cmple(other.max).all()
            && other.min.cmple(self.max).all()
            && self.min.cmple(self.max).all()
            && other.min.cmple(other.max).all()
    }

    /// The point of the box closest to `p` (`p` itself when inside). NaN when `p` holds NaN.
    /// For an inverted box the result is `p` clamped coordinate-wise (first to `min`, then to
    /// `max`): not meaningful.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        if p.is_nan() {
            return Vec2::NAN;
        }
        p.max(self.min).min(self.max)
    }

    /// The smallest box holding both. NaN corners are skipped by the component-wise min/max
    /// (the other box's corner wins), so check [`Aabb::is_valid`] first.
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb::new(self.min.min(other.min), self.max.max(other.max))
    }

    /// The box grown by `margin` on every side (shrunk when `margin` is negative; the result
    /// is then invalid if the margin exceeds half the size).
    ///
    /// With an agent's radius as the margin this is the *conservative* Minkowski expansion: it
    /// holds every point within `margin` of the box, plus the four corner squares that are
    /// farther. Use it for broad-phase queries, and [`Aabb::inflated`] for the exact shape.
    pub fn expand(&self, margin: f32) -> Aabb {
        Aabb::new(
            self.min - Vec2::splat(margin),
            self.max + Vec2::splat(margin),
        )
    }

    /// The exact Minkowski sum of the box and a disc of radius `radius`: the rounded box of
    /// every point within `radius` of this box. An agent of radius `radius` overlaps the box
    /// exactly when its centre lies strictly inside the rounded box.
    ///
    /// ```
    /// use nav_geom::{Aabb, Vec2};
    /// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
    /// let agent_radius = 0.5;
    /// assert!(b.inflated(agent_radius).contains_point(Vec2::new(1.3, 1.3)));
    /// assert!(!b.inflated(agent_radius).contains_point(Vec2::new(1.4, 1.4)));
    /// assert!(b.expand(agent_radius).contains_point(Vec2::new(1.4, 1.4)));
    /// ```
    pub fn inflated(&self, radius: f32) -> RoundedAabb {
        RoundedAabb::new(*self, radius)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverted_and_nan_boxes_intersect_nothing() {
        let unit = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let inverted = Aabb::new(Vec2::splat(0.8), Vec2::splat(0.2));
        assert!(!unit.intersects(&inverted) && !inverted.intersects(&unit));
        assert!(!inverted.contains_point(Vec2::splat(0.5)));
        let nan = Aabb::new(Vec2::NAN, Vec2::ONE);
        assert!(!unit.intersects(&nan) && !nan.intersects(&unit));
        assert!(unit.intersects(&unit));
    }

    #[test]
    fn closest_point_clamps() {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(2.0, 1.0));
        assert_eq!(b.closest_point(Vec2::new(3.0, -1.0)), Vec2::new(2.0, 0.0));
        assert_eq!(b.closest_point(Vec2::new(1.0, 0.5)), Vec2::new(1.0, 0.5));
        assert!(b.closest_point(Vec2::new(f32::NAN, 0.5)).is_nan());
    }
}
