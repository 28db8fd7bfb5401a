use crate::{Aabb, Segment};

/// Whether the segment touches the box (slab test; touching counts).
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::intersects_aabb_segment};
/// let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// assert!(intersects_aabb_segment(&b, &Segment::new(Vec2::new(-1.0, 0.5), Vec2::new(2.0, 0.5))));
/// assert!(!intersects_aabb_segment(&b, &Segment::new(Vec2::new(-1.0, 2.0), Vec2::new(2.0, 1.5))));
/// ```
pub fn intersects_aabb_segment(aabb: &Aabb, segment: &Segment) -> bool {
    let (a, d) = (segment.a.as_dvec2(), (segment.b - segment.a).as_dvec2());
    let (min, max) = (aabb.min.as_dvec2(), aabb.max.as_dvec2());
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        if d[axis] == 0.0 {
            // Parallel to this slab: inside it or never.
            if a[axis] < min[axis] || a[axis] > max[axis] {
                return false;
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
            return false;
        }
    }
    true
}
