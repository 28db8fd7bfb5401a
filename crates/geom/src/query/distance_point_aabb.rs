use glam::{DVec2, Vec2};

use crate::Aabb;

/// Squared distance from `p` to the box (0 inside or on the border).
///
/// Computed in f64 (squares of world coordinates overflow f32 precision long before they
/// overflow its range). NaN when `p` or the box holds NaN; `+inf` for an inverted box (empty).
pub fn distance_squared_point_aabb(p: Vec2, aabb: &Aabb) -> f32 {
    distance_squared_point_aabb_f64(p, aabb) as f32
}

/// Distance from `p` to the box (0 inside or on the border).
///
/// NaN when `p` or the box holds NaN; `+inf` for an inverted box (it is empty).
///
/// ```
/// use nav_geom::{Aabb, Vec2, query::distance_point_aabb};
/// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert_eq!(distance_point_aabb(Vec2::new(4.0, 5.0), &b), 5.0);
/// assert_eq!(distance_point_aabb(Vec2::new(0.5, 0.5), &b), 0.0);
/// ```
pub fn distance_point_aabb(p: Vec2, aabb: &Aabb) -> f32 {
    distance_squared_point_aabb_f64(p, aabb).sqrt() as f32
}

/// Signed distance from `p` to the box: the distance outside, minus the distance to the nearest
/// side inside (so 0 exactly on the border). NaN for NaN input, `+inf` for an inverted box.
///
/// ```
/// use nav_geom::{Aabb, Vec2, query::signed_distance_point_aabb};
/// let b = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0));
/// assert_eq!(signed_distance_point_aabb(Vec2::new(1.0, 1.0), &b), -1.0);
/// assert_eq!(signed_distance_point_aabb(Vec2::new(7.0, 6.0), &b), 5.0);
/// ```
pub fn signed_distance_point_aabb(p: Vec2, aabb: &Aabb) -> f32 {
    signed_distance_point_aabb_f64(p, aabb) as f32
}

/// The corners in f64, or the value every distance must return for a box that is not a
/// proper (possibly degenerate) box: NaN for NaN, `+inf` for inverted.
fn corners_f64(p: Vec2, aabb: &Aabb) -> Result<(DVec2, DVec2, DVec2), f64> {
    if p.is_nan() || aabb.min.is_nan() || aabb.max.is_nan() {
        return Err(f64::NAN);
    }
    if !aabb.min.cmple(aabb.max).all() {
        return Err(f64::INFINITY);
    }
    Ok((p.as_dvec2(), aabb.min.as_dvec2(), aabb.max.as_dvec2()))
}

pub(crate) fn distance_squared_point_aabb_f64(p: Vec2, aabb: &Aabb) -> f64 {
    match corners_f64(p, aabb) {
        Ok((p, min, max)) => (min - p).max(p - max).max(DVec2::ZERO).length_squared(),
        Err(value) => value,
    }
}

pub(crate) fn signed_distance_point_aabb_f64(p: Vec2, aabb: &Aabb) -> f64 {
    match corners_f64(p, aabb) {
        Ok((p, min, max)) => {
            // Per axis: positive outside the slab, negative (minus the depth) inside it.
            let q = (min - p).max(p - max);
            let outside = q.max(DVec2::ZERO).length();
            let inside = q.x.max(q.y).min(0.0);
            outside + inside
        }
        Err(value) => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_and_inverted_boxes() {
        let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
        assert!(distance_point_aabb(Vec2::NAN, &b).is_nan());
        assert!(distance_point_aabb(Vec2::new(f32::NAN, 0.5), &b).is_nan());
        assert!(distance_point_aabb(Vec2::ZERO, &Aabb::new(Vec2::NAN, Vec2::ONE)).is_nan());
        let inverted = Aabb::new(Vec2::ONE, Vec2::ZERO);
        assert_eq!(
            distance_point_aabb(Vec2::splat(0.5), &inverted),
            f32::INFINITY
        );
        assert_eq!(
            signed_distance_point_aabb(Vec2::splat(0.5), &inverted),
            f32::INFINITY
        );
    }

    #[test]
    fn precise_far_from_origin() {
        let b = Aabb::new(Vec2::splat(1.0e6), Vec2::splat(1.0e6 + 10.0));
        let p = Vec2::new(1.0e6 + 13.0, 1.0e6 + 14.0);
        assert_eq!(distance_point_aabb(p, &b), 5.0);
        assert_eq!(distance_squared_point_aabb(p, &b), 25.0);
    }

    #[test]
    fn signed_distance_on_border_and_corners() {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0));
        assert_eq!(signed_distance_point_aabb(Vec2::new(4.0, 1.0), &b), 0.0);
        assert_eq!(signed_distance_point_aabb(Vec2::new(3.5, 1.0), &b), -0.5);
        assert_eq!(signed_distance_point_aabb(Vec2::new(5.0, 1.0), &b), 1.0);
        // A degenerate (point) box.
        let point = Aabb::new(Vec2::ONE, Vec2::ONE);
        assert_eq!(signed_distance_point_aabb(Vec2::ONE, &point), 0.0);
        assert_eq!(signed_distance_point_aabb(Vec2::new(4.0, 5.0), &point), 5.0);
    }
}
