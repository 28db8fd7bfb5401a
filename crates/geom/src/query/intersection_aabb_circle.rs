use crate::query::distance_squared_point_aabb;
use crate::{Aabb, Circle};

/// Whether the box and the disc share at least one point (touching counts).
///
/// ```
/// use nav_geom::{Aabb, Circle, Vec2, query::intersects_aabb_circle};
/// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert!(intersects_aabb_circle(&b, &Circle::new(Vec2::new(2.0, 0.5), 1.0)));
/// assert!(!intersects_aabb_circle(&b, &Circle::new(Vec2::new(2.0, 2.0), 1.0)));
/// ```
pub fn intersects_aabb_circle(aabb: &Aabb, circle: &Circle) -> bool {
    distance_squared_point_aabb(circle.center, aabb) <= circle.radius * circle.radius
}
