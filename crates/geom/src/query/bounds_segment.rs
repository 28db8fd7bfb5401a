//! A cheap first test for segment queries: a box around a segment, wide enough for rounding.

use crate::{Aabb, Segment, Vec2};

/// A box that holds every point `intersects_aabb_segment` may consider part of `segment`, or
/// `None` when that box is not representable in f32 (coordinates near `f32::MAX`).
///
/// A box the segment touches intersects this box, so testing it first (four comparisons)
/// rejects most candidates before the slab test. The margin, 2^-20 of the largest coordinate,
/// covers the rounding of the predicate (even one that stepped along the f32 difference
/// `b - a`) and the rounding of this box's corners to f32.
fn conservative_aabb_of_segment(segment: &Segment) -> Option<Aabb> {
    let (a, b) = (segment.a.as_dvec2(), segment.b.as_dvec2());
    let margin = a.abs().max(b.abs()).max_element() * (1.0 / 1_048_576.0) + 1e-30;
    let bounds = Aabb::new((a.min(b) - margin).as_vec2(), (a.max(b) + margin).as_vec2());
    bounds.is_valid().then_some(bounds)
}

/// The box segment queries test before the slab test: a box that holds every point
/// `intersects_aabb_segment` may consider part of `segment` (a margin of 2^-20 of its largest
/// coordinate), or,
/// when that is not representable, a box holding every valid box, which keeps the pre-test
/// neutral (it then accepts every candidate and the slab test alone decides).
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::{intersects_aabb_aabb, segment_prefilter}};
/// let s = Segment::new(Vec2::ZERO, Vec2::new(10.0, 5.0));
/// let pre = segment_prefilter(&s);
/// assert!(intersects_aabb_aabb(&pre, &Aabb::new(Vec2::new(10.0, 5.0), Vec2::splat(11.0))));
/// assert!(!intersects_aabb_aabb(&pre, &Aabb::new(Vec2::splat(20.0), Vec2::splat(21.0))));
/// ```
pub fn segment_prefilter(segment: &Segment) -> Aabb {
    conservative_aabb_of_segment(segment)
        .unwrap_or(Aabb::new(Vec2::splat(f32::MIN), Vec2::splat(f32::MAX)))
}

#[cfg(test)]
mod tests {
    use crate::query::intersects_aabb_segment;
    use glam::Vec2;

    use super::*;
    use crate::query::intersects_aabb_aabb;

    /// Segments whose conservative box overflows f32: the fallback rejects nothing.
    #[test]
    fn the_fallback_accepts_every_box() {
        let (min, max) = (f32::MIN, f32::MAX);
        let p = Vec2::new;
        let boxes = [
            Aabb::new(p(min, min), p(min, min)),
            Aabb::new(p(max, max), p(max, max)),
            Aabb::new(p(min, 0.0), p(min, 0.0)),
            Aabb::new(p(-1.0, -1.0), p(1.0, 1.0)),
            Aabb::new(p(min, min), p(max, max)),
            Aabb::new(p(1e30, 1e30), p(2e30, 2e30)),
        ];
        for segment in [
            Segment::new(p(min, 0.0), p(max, 0.0)),
            Segment::new(p(min, min), p(max, max)),
            Segment::new(p(max, max), p(max, max)),
        ] {
            assert_eq!(conservative_aabb_of_segment(&segment), None, "{segment:?}");
            let bounds = segment_prefilter(&segment);
            for probe in &boxes {
                assert!(
                    intersects_aabb_aabb(probe, &bounds),
                    "{segment:?} {probe:?}"
                );
            }
        }
        // A representable box is the conservative one.
        let segment = Segment::new(p(0.0, 0.0), p(10.0, 5.0));
        assert_eq!(
            Some(segment_prefilter(&segment)),
            conservative_aabb_of_segment(&segment)
        );
    }

    /// Boxes one ulp around the end points of segments of every scale.
    #[test]
    fn never_rejects_a_box_the_segment_touches() {
        let mut rng = nav_testkit::TestRng::new(0x2545_f491_4f6c_dd1d);
        let mut next = || {
            let mantissa = rng.unit_f32();
            let exponent = rng.below(40) as i32 - 20;
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
