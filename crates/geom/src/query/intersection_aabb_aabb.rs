//! The box-box test that every query runs on every candidate.

use crate::Aabb;

/// Whether two *valid* boxes share a point (touching counts): the same answer as
/// `Aabb::intersects` (whose extra validity checks the indexes have already made on every box
/// and query), but with the four comparisons combined by `&` instead of `&&`.
///
/// Candidates pass or fail these comparisons almost at random, so the short-circuit branches
/// of `Aabb::intersects` mispredict often; evaluating all four costs less. Spatial indexes run
/// it on every candidate.
///
/// ```
/// use nav_geom::{Aabb, Vec2, query::intersects_aabb_aabb};
/// let a = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert!(intersects_aabb_aabb(&a, &Aabb::new(Vec2::ONE, Vec2::splat(2.0))));
/// assert!(!intersects_aabb_aabb(&a, &Aabb::new(Vec2::splat(1.5), Vec2::splat(2.0))));
/// ```
#[inline(always)]
pub fn intersects_aabb_aabb(a: &Aabb, b: &Aabb) -> bool {
    (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y)
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    #[test]
    fn agrees_with_aabb_intersects() {
        let values = [-1.0, 0.0, 0.5, 1.0, 2.0];
        let mut boxes = Vec::new();
        for &x0 in &values {
            for &x1 in &values {
                for &y0 in &values {
                    for &y1 in &values {
                        let b = Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1));
                        if b.is_valid() {
                            boxes.push(b);
                        }
                    }
                }
            }
        }
        for a in &boxes {
            for b in &boxes {
                assert_eq!(intersects_aabb_aabb(a, b), a.intersects(b), "{a:?} {b:?}");
            }
        }
    }
}
