use glam::DVec2;

use crate::{Aabb, Segment};

/// Whether the segment touches the box (slab test in f64; touching counts).
///
/// False when the segment is not finite, the box holds NaN or is inverted (empty). Boxes may
/// reach to infinity (`min = -inf`, `max = +inf`).
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::intersects_aabb_segment};
/// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert!(intersects_aabb_segment(&b, &Segment::new(Vec2::new(-1.0, 0.5), Vec2::new(2.0, 0.5))));
/// assert!(!intersects_aabb_segment(&b, &Segment::new(Vec2::new(-1.0, 2.0), Vec2::new(2.0, 1.5))));
/// ```
pub fn intersects_aabb_segment(aabb: &Aabb, segment: &Segment) -> bool {
    clip_segment_aabb(aabb, segment).is_some()
}

/// The parameter range `[t0, t1]` (within `[0, 1]`) of the part of `segment` inside the closed
/// box, or `None` when they do not meet (or the segment is not finite, the box holds NaN or is
/// inverted).
pub(crate) fn clip_segment_aabb(aabb: &Aabb, segment: &Segment) -> Option<(f64, f64)> {
    if !segment.is_valid() || aabb.min.is_nan() || aabb.max.is_nan() {
        return None;
    }
    if !aabb.min.cmple(aabb.max).all() {
        return None;
    }
    let a = segment.a.as_dvec2();
    // The difference of two f32 values is exact in f64 (for any realistic spread).
    let d: DVec2 = segment.b.as_dvec2() - a;
    let (min, max) = (aabb.min.as_dvec2(), aabb.max.as_dvec2());
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        if d[axis] == 0.0 {
            // Parallel to this slab: inside it or never.
            if a[axis] < min[axis] || a[axis] > max[axis] {
                return None;
            }
            continue;
        }
        let inv = 1.0 / d[axis];
        let (mut near, mut far) = ((min[axis] - a[axis]) * inv, (max[axis] - a[axis]) * inv);
        if near > far {
            std::mem::swap(&mut near, &mut far);
        }
        t0 = t0.max(near);
        t1 = t1.min(far);
        if t0 > t1 {
            return None;
        }
    }
    Some((t0, t1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn nan_and_inverted_input_never_intersect() {
        let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let nan = Segment::new(Vec2::NAN, Vec2::NAN);
        assert!(!intersects_aabb_segment(&b, &nan));
        let half_nan = Segment::new(Vec2::splat(0.5), Vec2::new(f32::NAN, 0.5));
        assert!(!intersects_aabb_segment(&b, &half_nan));
        let inside = Segment::new(Vec2::splat(0.25), Vec2::splat(0.75));
        assert!(intersects_aabb_segment(&b, &inside));
        assert!(!intersects_aabb_segment(
            &Aabb::new(Vec2::ONE, Vec2::ZERO),
            &inside
        ));
        assert!(!intersects_aabb_segment(
            &Aabb::new(Vec2::NAN, Vec2::ONE),
            &inside
        ));
    }

    #[test]
    fn point_segment_and_grazing() {
        let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
        assert!(intersects_aabb_segment(
            &b,
            &Segment::new(Vec2::ONE, Vec2::ONE)
        ));
        assert!(!intersects_aabb_segment(
            &b,
            &Segment::new(Vec2::splat(1.01), Vec2::splat(1.01))
        ));
        // Along the top side.
        let top = Segment::new(Vec2::new(-1.0, 1.0), Vec2::new(2.0, 1.0));
        assert_eq!(clip_segment_aabb(&b, &top), Some((1.0 / 3.0, 2.0 / 3.0)));
        // Through a corner only.
        let corner = Segment::new(Vec2::new(0.0, 2.0), Vec2::new(2.0, 0.0));
        let (t0, t1) = clip_segment_aabb(&b, &corner).unwrap();
        assert_eq!((t0, t1), (0.5, 0.5));
    }
}
