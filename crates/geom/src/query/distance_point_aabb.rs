use glam::Vec2;

use crate::Aabb;

/// Squared distance from `p` to the box (0 inside).
pub fn distance_squared_point_aabb(p: Vec2, aabb: &Aabb) -> f32 {
    let d = (aabb.min - p).max(p - aabb.max).max(Vec2::ZERO);
    d.length_squared()
}

/// Distance from `p` to the box (0 inside).
///
/// ```
/// use nav_geom::{Aabb, Vec2, query::distance_point_aabb};
/// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert_eq!(distance_point_aabb(Vec2::new(4.0, 5.0), &b), 5.0);
/// assert_eq!(distance_point_aabb(Vec2::new(0.5, 0.5), &b), 0.0);
/// ```
pub fn distance_point_aabb(p: Vec2, aabb: &Aabb) -> f32 {
    distance_squared_point_aabb(p, aabb).sqrt()
}
