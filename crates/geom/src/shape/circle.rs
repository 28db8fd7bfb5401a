use glam::Vec2;

use crate::Aabb;

/// A disc: every point within `radius` of `center`.
///
/// ```
/// use nav_geom::{Circle, Vec2};
///
/// let c = Circle::new(Vec2::new(1.0, 1.0), 2.0);
/// assert!(c.contains_point(Vec2::new(2.0, 2.0)));
/// assert_eq!(c.aabb().min, Vec2::new(-1.0, -1.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Circle {
    /// The centre.
    pub center: Vec2,
    /// The radius, `>= 0` for a valid circle.
    pub radius: f32,
}

impl Circle {
    /// The circle of `radius` around `center`.
    pub const fn new(center: Vec2, radius: f32) -> Self {
        Self { center, radius }
    }

    /// Whether the centre is finite and the radius finite and non-negative.
    pub fn is_valid(&self) -> bool {
        self.center.is_finite() && self.radius.is_finite() && self.radius >= 0.0
    }

    /// Whether `p` lies inside or on the circle.
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.center.distance_squared(p) <= self.radius * self.radius
    }

    /// The bounding box.
    pub fn aabb(&self) -> Aabb {
        Aabb::from_center_half_extents(self.center, Vec2::splat(self.radius))
    }
}
