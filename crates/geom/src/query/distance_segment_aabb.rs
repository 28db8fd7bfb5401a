use glam::{DVec2, Vec2};

use crate::query::intersection_aabb_segment::clip_segment_aabb;
use crate::{Aabb, Segment};

/// The closest points between a segment and a box ([`closest_points_segment_aabb`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestSegmentAabb {
    /// The point of the segment closest to the box (where it enters the box when they meet).
    pub on_segment: Vec2,
    /// Parameter of `on_segment` along the segment, in `[0, 1]`.
    pub u: f32,
    /// The point of the box closest to `on_segment` (equal to it when they meet).
    pub on_aabb: Vec2,
    /// Distance between the segment and the box (0 when they touch or overlap).
    pub distance: f32,
}

/// The closest points between `segment` and the box, and their distance (0 when they touch or
/// overlap, in which case both points are the first point of the segment in the box).
///
/// Computed in f64: when apart, the closest pair involves an end of the segment or a corner
/// of the box, so the six candidates are compared (the first of equal ones wins, so the
/// answer is deterministic). For a segment that is not finite or a box holding NaN every field
/// is NaN; for an inverted (empty) box the distance is `+inf` and the points NaN.
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::closest_points_segment_aabb};
/// let wall = Aabb::new(Vec2::ZERO, Vec2::new(2.0, 2.0));
/// let path = Segment::new(Vec2::new(3.0, 6.0), Vec2::new(6.0, 3.0));
/// let c = closest_points_segment_aabb(&path, &wall);
/// assert_eq!((c.on_segment, c.u, c.on_aabb), (Vec2::new(4.5, 4.5), 0.5, Vec2::new(2.0, 2.0)));
/// assert!((c.distance - 2.5 * 2f32.sqrt()).abs() < 1e-6);
/// ```
pub fn closest_points_segment_aabb(segment: &Segment, aabb: &Aabb) -> ClosestSegmentAabb {
    match closest_f64(segment, aabb) {
        Ok(c) => ClosestSegmentAabb {
            on_segment: c.on_segment.as_vec2(),
            u: c.u as f32,
            on_aabb: c.on_aabb.as_vec2(),
            distance: c.distance as f32,
        },
        Err(distance) => ClosestSegmentAabb {
            on_segment: Vec2::NAN,
            u: f32::NAN,
            on_aabb: Vec2::NAN,
            distance: distance as f32,
        },
    }
}

/// Distance between `segment` and the box (0 when they touch or overlap; NaN for a segment that
/// is not finite or a box holding NaN, `+inf` for an inverted box).
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::distance_segment_aabb};
/// let wall = Aabb::new(Vec2::ZERO, Vec2::new(2.0, 2.0));
/// assert_eq!(distance_segment_aabb(&Segment::new(Vec2::new(-1.0, 3.0), Vec2::new(5.0, 3.0)), &wall), 1.0);
/// assert_eq!(distance_segment_aabb(&Segment::new(Vec2::new(-1.0, 1.0), Vec2::new(5.0, 1.0)), &wall), 0.0);
/// ```
pub fn distance_segment_aabb(segment: &Segment, aabb: &Aabb) -> f32 {
    match closest_f64(segment, aabb) {
        Ok(c) => c.distance as f32,
        Err(distance) => distance as f32,
    }
}

/// Signed distance from `segment` to the box: the least signed distance to the box of any point
/// of the segment.
///
/// Positive when apart (equal to [`distance_segment_aabb`]), zero when the segment only touches
/// the border (grazes a side or a corner), negative when it enters the interior: minus the
/// depth of its deepest point (the largest distance from a point of the segment to the nearest
/// side). This separates "touching" from "crossing", which plain distance cannot, and is what
/// [`swept_disc_clears_aabb`](crate::query::swept_disc_clears_aabb) compares with the radius.
/// NaN for a non-finite segment or a NaN box, `+inf` for an inverted box.
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::signed_distance_segment_aabb};
/// let wall = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0));
/// // Through the middle: the deepest point is 1 from the top and bottom sides.
/// let through = Segment::new(Vec2::new(-1.0, 1.0), Vec2::new(5.0, 1.0));
/// assert_eq!(signed_distance_segment_aabb(&through, &wall), -1.0);
/// // Along the top side: touching only.
/// let along = Segment::new(Vec2::new(-1.0, 2.0), Vec2::new(5.0, 2.0));
/// assert_eq!(signed_distance_segment_aabb(&along, &wall), 0.0);
/// ```
pub fn signed_distance_segment_aabb(segment: &Segment, aabb: &Aabb) -> f32 {
    signed_distance_segment_aabb_f64(segment, aabb) as f32
}

pub(crate) fn signed_distance_segment_aabb_f64(segment: &Segment, aabb: &Aabb) -> f64 {
    let Some((t0, t1)) = clip_segment_aabb(aabb, segment) else {
        return match closest_f64(segment, aabb) {
            Ok(c) => c.distance,
            Err(distance) => distance,
        };
    };
    // Inside the box, depth(t) = min of the four distances to the sides, each linear in t:
    // a concave piecewise-linear function, so its maximum over [t0, t1] is at t0, t1 or where
    // two of the lines cross.
    let a = segment.a.as_dvec2();
    let d = segment.b.as_dvec2() - a;
    let (min, max) = (aabb.min.as_dvec2(), aabb.max.as_dvec2());
    // (offset, slope) of each side distance as a function of t.
    let sides = [
        (a.x - min.x, d.x),
        (max.x - a.x, -d.x),
        (a.y - min.y, d.y),
        (max.y - a.y, -d.y),
    ];
    let depth = |t: f64| {
        sides
            .iter()
            .map(|&(offset, slope)| offset + slope * t)
            .fold(f64::INFINITY, f64::min)
    };
    let mut deepest = depth(t0).max(depth(t1));
    for i in 0..sides.len() {
        for j in i + 1..sides.len() {
            let slope = sides[i].1 - sides[j].1;
            if slope != 0.0 {
                let t = (sides[j].0 - sides[i].0) / slope;
                if t > t0 && t < t1 {
                    deepest = deepest.max(depth(t));
                }
            }
        }
    }
    // Rounding can leave the depth at the clip points a hair below zero.
    -deepest.max(0.0)
}

struct Closest {
    on_segment: DVec2,
    u: f64,
    on_aabb: DVec2,
    distance: f64,
}

/// The closest pair, or the distance to report for bad input: NaN for a non-finite segment or
/// a NaN box, `+inf` for an inverted box.
fn closest_f64(segment: &Segment, aabb: &Aabb) -> Result<Closest, f64> {
    if !segment.is_valid() || aabb.min.is_nan() || aabb.max.is_nan() {
        return Err(f64::NAN);
    }
    if !aabb.min.cmple(aabb.max).all() {
        return Err(f64::INFINITY);
    }
    let (a, b) = (segment.a.as_dvec2(), segment.b.as_dvec2());
    let (min, max) = (aabb.min.as_dvec2(), aabb.max.as_dvec2());
    let ab = b - a;
    if let Some((t0, _)) = clip_segment_aabb(aabb, segment) {
        let p = (a + ab * t0).clamp(min, max);
        return Ok(Closest {
            on_segment: p,
            u: t0,
            on_aabb: p,
            distance: 0.0,
        });
    }
    let mut best = Closest {
        on_segment: a,
        u: 0.0,
        on_aabb: a.clamp(min, max),
        distance: f64::INFINITY,
    };
    best.distance = best.on_segment.distance(best.on_aabb);
    let mut consider = |candidate: Closest| {
        if candidate.distance < best.distance {
            best = candidate;
        }
    };
    let on_b = b.clamp(min, max);
    consider(Closest {
        on_segment: b,
        u: 1.0,
        on_aabb: on_b,
        distance: b.distance(on_b),
    });
    let len2 = ab.length_squared();
    for corner in [min, DVec2::new(max.x, min.y), max, DVec2::new(min.x, max.y)] {
        let u = if len2 > 0.0 {
            ((corner - a).dot(ab) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let on_segment = a + ab * u;
        consider(Closest {
            on_segment,
            u,
            on_aabb: corner,
            distance: on_segment.distance(corner),
        });
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_nearest_the_middle_of_the_segment() {
        let wall = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let path = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(0.0, 3.0));
        let c = closest_points_segment_aabb(&path, &wall);
        assert_eq!(c.on_aabb, Vec2::ONE);
        assert_eq!(c.on_segment, Vec2::new(1.5, 1.5));
        assert_eq!(c.u, 0.5);
        assert!((c.distance - 0.5f32.sqrt()).abs() < 1e-6);
        assert!((signed_distance_segment_aabb(&path, &wall) - c.distance).abs() < 1e-7);
    }

    #[test]
    fn deepest_point_of_a_diagonal() {
        // Diagonal through a 4 x 2 box: depth rises, plateaus at 1 in the middle, then falls.
        let wall = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0));
        let diagonal = Segment::new(Vec2::new(-1.0, -0.5), Vec2::new(5.0, 2.5));
        assert_eq!(signed_distance_segment_aabb(&diagonal, &wall), -1.0);
        // A short piece that ends inside near the left side.
        let stub = Segment::new(Vec2::new(-1.0, 1.0), Vec2::new(0.25, 1.0));
        assert_eq!(signed_distance_segment_aabb(&stub, &wall), -0.25);
        // Through a corner only: touching.
        let corner = Segment::new(Vec2::new(3.0, 3.0), Vec2::new(5.0, 1.0));
        assert_eq!(signed_distance_segment_aabb(&corner, &wall), 0.0);
        assert_eq!(distance_segment_aabb(&corner, &wall), 0.0);
    }

    #[test]
    fn degenerate_inputs() {
        let wall = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0));
        let point = Segment::new(Vec2::new(1.0, 1.5), Vec2::new(1.0, 1.5));
        assert_eq!(signed_distance_segment_aabb(&point, &wall), -0.5);
        let outside = Segment::new(Vec2::new(7.0, 6.0), Vec2::new(7.0, 6.0));
        assert_eq!(distance_segment_aabb(&outside, &wall), 5.0);
        let flat = Aabb::new(Vec2::new(0.0, 1.0), Vec2::new(4.0, 1.0));
        let cross = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(2.0, 3.0));
        assert_eq!(signed_distance_segment_aabb(&cross, &flat), 0.0);
        assert!(distance_segment_aabb(&Segment::new(Vec2::NAN, Vec2::ONE), &wall).is_nan());
        assert!(signed_distance_segment_aabb(&Segment::new(Vec2::ONE, Vec2::NAN), &wall).is_nan());
        let inverted = Aabb::new(Vec2::ONE, Vec2::ZERO);
        assert_eq!(distance_segment_aabb(&point, &inverted), f32::INFINITY);
        assert_eq!(
            signed_distance_segment_aabb(&point, &inverted),
            f32::INFINITY
        );
        assert!(
            closest_points_segment_aabb(&point, &inverted)
                .on_aabb
                .is_nan()
        );
    }

    #[test]
    fn far_from_origin() {
        let base = Vec2::splat(1.0e6);
        let wall = Aabb::new(base, base + Vec2::new(8.0, 4.0));
        let path = Segment::new(base + Vec2::new(-3.0, 7.0), base + Vec2::new(11.0, 7.0));
        assert_eq!(distance_segment_aabb(&path, &wall), 3.0);
        let through = Segment::new(base + Vec2::new(-3.0, 1.5), base + Vec2::new(11.0, 1.5));
        assert_eq!(signed_distance_segment_aabb(&through, &wall), -1.5);
    }
}
