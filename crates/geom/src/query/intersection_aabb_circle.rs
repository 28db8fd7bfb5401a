use crate::query::distance_squared_point_aabb_f64;
use crate::{Aabb, Circle};

/// Whether the box and the disc share at least one point (touching counts).
///
/// Computed in f64. False when either shape holds NaN, the box is inverted (empty) or the
/// radius is negative.
///
/// ```
/// use nav_geom::{Aabb, Circle, Vec2, query::intersects_aabb_circle};
/// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert!(intersects_aabb_circle(&b, &Circle::new(Vec2::new(2.0, 0.5), 1.0)));
/// assert!(!intersects_aabb_circle(&b, &Circle::new(Vec2::new(2.0, 2.0), 1.0)));
/// ```
pub fn intersects_aabb_circle(aabb: &Aabb, circle: &Circle) -> bool {
    let r = circle.radius as f64;
    r >= 0.0 && distance_squared_point_aabb_f64(circle.center, aabb) <= r * r
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn invalid_input_never_intersects() {
        let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
        assert!(!intersects_aabb_circle(
            &b,
            &Circle::new(Vec2::splat(0.5), -1.0)
        ));
        assert!(!intersects_aabb_circle(&b, &Circle::new(Vec2::NAN, 1.0)));
        assert!(!intersects_aabb_circle(
            &b,
            &Circle::new(Vec2::splat(0.5), f32::NAN)
        ));
        let inverted = Aabb::new(Vec2::ONE, Vec2::ZERO);
        assert!(!intersects_aabb_circle(
            &inverted,
            &Circle::new(Vec2::splat(0.5), 1.0)
        ));
        // A zero radius circle is a point.
        assert!(intersects_aabb_circle(&b, &Circle::new(Vec2::ONE, 0.0)));
    }
}
