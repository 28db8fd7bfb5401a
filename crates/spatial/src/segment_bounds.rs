//! A cheap first test for segment queries.

use nav_geom::{Aabb, Segment};

/// A box that holds every point `intersects_aabb_segment` may consider part of `segment`, or
/// `None` when that box is not representable in f32 (coordinates near `f32::MAX`).
///
/// A box the segment touches intersects this box, so testing it first (four comparisons)
/// rejects most candidates before the slab test. The margin, 2^-20 of the largest coordinate,
/// covers the rounding of the predicate (even one that stepped along the f32 difference
/// `b - a`) and the rounding of this box's corners to f32. (A candidate for nav-geom.)
pub(crate) fn conservative_aabb_of_segment(segment: &Segment) -> Option<Aabb> {
    let (a, b) = (segment.a.as_dvec2(), segment.b.as_dvec2());
    let margin = a.abs().max(b.abs()).max_element() * (1.0 / 1_048_576.0) + 1e-30;
    let bounds = Aabb::new((a.min(b) - margin).as_vec2(), (a.max(b) + margin).as_vec2());
    bounds.is_valid().then_some(bounds)
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use nav_geom::query::intersects_aabb_segment;

    use super::*;
    use crate::intersects_aabb_aabb::intersects_aabb_aabb;

    /// Boxes one ulp around the end points of segments of every scale.
    #[test]
    fn never_rejects_a_box_the_segment_touches() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mantissa = (state >> 40) as f32 / (1u64 << 24) as f32;
            let exponent = ((state >> 8) % 40) as i32 - 20;
            (mantissa * 2.0 - 1.0) * 2f32.powi(exponent)
        };
        for _ in 0..100_000 {
            let segment = Segment::new(Vec2::new(next(), next()), Vec2::new(next(), next()));
            let bounds = conservative_aabb_of_segment(&segment).unwrap();
            // Tiny boxes just beyond the end point, on every side.
            for end in [segment.a, segment.b] {
                for dx in [-1, 0, 1] {
                    for dy in [-1, 0, 1] {
                        // About one ulp away (`next_up` needs a newer Rust than ours).
                        let step = |v: f32, d: i32| {
                            v + d as f32 * (v.abs() * f32::EPSILON).max(f32::MIN_POSITIVE)
                        };
                        let p = Vec2::new(step(end.x, dx), step(end.y, dy));
                        let probe = Aabb::new(p, p);
                        if intersects_aabb_segment(&probe, &segment) {
                            assert!(intersects_aabb_aabb(&probe, &bounds), "{segment:?} {p:?}");
                        }
                    }
                }
            }
        }
    }
}
