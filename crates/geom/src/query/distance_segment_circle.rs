use glam::{DVec2, Vec2};

use crate::{Circle, Segment};

/// The closest points between a segment and a disc ([`closest_points_segment_circle`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestSegmentCircle {
    /// The point of the segment closest to the disc (closest to the centre, so the deepest
    /// point when the segment crosses the disc).
    pub on_segment: Vec2,
    /// Parameter of `on_segment` along the segment, in `[0, 1]` (the clamped `u` of
    /// Red Blob Games' "Circular Obstacle Pathfinding").
    pub u: f32,
    /// The point of the disc closest to `on_segment` (equal to it when it is inside).
    pub on_circle: Vec2,
    /// Distance between the two: `max(0, |on_segment - center| - radius)`.
    pub distance: f32,
}

/// The point of `segment` closest to the disc, the point of the disc closest to it, and the
/// distance between the segment and the disc (0 when they touch or overlap).
///
/// Computed in f64. For a circle that is not [valid](Circle::is_valid) (NaN, infinite or
/// negative radius) and for a segment that is not finite every field is NaN.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::closest_points_segment_circle};
/// let path = Segment::new(Vec2::new(-5.0, 3.0), Vec2::new(5.0, 3.0));
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// let c = closest_points_segment_circle(&path, &rock);
/// assert_eq!((c.on_segment, c.u, c.on_circle, c.distance), (Vec2::new(0.0, 3.0), 0.5, Vec2::Y, 2.0));
/// ```
pub fn closest_points_segment_circle(segment: &Segment, circle: &Circle) -> ClosestSegmentCircle {
    match center_to_segment_f64(segment, circle) {
        Some(near) => {
            let r = circle.radius as f64;
            let (point, on_circle) = if near.center_distance > r {
                let c = circle.center.as_dvec2();
                (
                    near.point,
                    c + (near.point - c) * (r / near.center_distance),
                )
            } else {
                (near.point, near.point)
            };
            ClosestSegmentCircle {
                on_segment: point.as_vec2(),
                u: near.u as f32,
                on_circle: on_circle.as_vec2(),
                distance: (near.center_distance - r).max(0.0) as f32,
            }
        }
        None => ClosestSegmentCircle {
            on_segment: Vec2::NAN,
            u: f32::NAN,
            on_circle: Vec2::NAN,
            distance: f32::NAN,
        },
    }
}

/// Distance between the segment and the disc: 0 when they touch or overlap, NaN for an invalid
/// circle or a segment that is not finite.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::distance_segment_circle};
/// let path = Segment::new(Vec2::new(-5.0, 3.0), Vec2::new(5.0, 3.0));
/// assert_eq!(distance_segment_circle(&path, &Circle::new(Vec2::ZERO, 1.0)), 2.0);
/// assert_eq!(distance_segment_circle(&path, &Circle::new(Vec2::ZERO, 4.0)), 0.0);
/// ```
pub fn distance_segment_circle(segment: &Segment, circle: &Circle) -> f32 {
    let signed = signed_distance_segment_circle_f64(segment, circle);
    // `f64::max` would turn NaN into 0.
    if signed < 0.0 { 0.0 } else { signed as f32 }
}

/// Signed distance from the segment to the disc: `distance(center, segment) - radius`.
///
/// Positive when apart (the gap), zero when the segment just touches the circle, negative
/// when the segment enters the open disc (minus the depth of its deepest point). Unlike
/// [`distance_segment_circle`] it still separates "touching" from "crossing" when both are
/// 0 apart, which is what a point-sized agent needs (see
/// [`swept_disc_clears_circle`](crate::query::swept_disc_clears_circle)). NaN for an invalid
/// circle or a segment that is not finite.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::signed_distance_segment_circle};
/// let path = Segment::new(Vec2::new(-5.0, 0.5), Vec2::new(5.0, 0.5));
/// assert_eq!(signed_distance_segment_circle(&path, &Circle::new(Vec2::ZERO, 2.0)), -1.5);
/// ```
pub fn signed_distance_segment_circle(segment: &Segment, circle: &Circle) -> f32 {
    signed_distance_segment_circle_f64(segment, circle) as f32
}

pub(crate) fn signed_distance_segment_circle_f64(segment: &Segment, circle: &Circle) -> f64 {
    center_to_segment_f64(segment, circle)
        .map_or(f64::NAN, |near| near.center_distance - circle.radius as f64)
}

/// The point of the segment nearest the circle's centre.
pub(crate) struct NearCenter {
    pub point: DVec2,
    pub u: f64,
    pub center_distance: f64,
}

/// `None` for an invalid circle or a segment that is not finite.
pub(crate) fn center_to_segment_f64(segment: &Segment, circle: &Circle) -> Option<NearCenter> {
    if !circle.is_valid() || !segment.is_valid() {
        return None;
    }
    let (a, b, c) = (
        segment.a.as_dvec2(),
        segment.b.as_dvec2(),
        circle.center.as_dvec2(),
    );
    let ab = b - a;
    let len2 = ab.length_squared();
    let u = if len2 > 0.0 {
        ((c - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    // Interpolate from the nearer end, so that u = 1 lands exactly on b.
    let point = if u > 0.5 {
        b - ab * (1.0 - u)
    } else {
        a + ab * u
    };
    Some(NearCenter {
        point,
        u,
        center_distance: point.distance(c),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Straightforward f64 reference: distance from the centre to the segment minus radius.
    fn reference(a: [f64; 2], b: [f64; 2], c: [f64; 2], r: f64) -> f64 {
        let (ax, ay, bx, by) = (a[0], a[1], b[0], b[1]);
        let (dx, dy) = (bx - ax, by - ay);
        let t = (((c[0] - ax) * dx + (c[1] - ay) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        let (px, py) = (ax + t * dx, ay + t * dy);
        ((px - c[0]).powi(2) + (py - c[1]).powi(2)).sqrt() - r
    }

    #[test]
    fn far_from_origin_matches_reference() {
        for &base in &[1.0e4f32, 1.0e6] {
            let a = Vec2::new(base, base);
            let b = Vec2::new(base + 100.0, base + 37.0);
            let c = Vec2::new(base + 40.0, base + 20.0);
            let r = 3.0;
            let got = signed_distance_segment_circle(&Segment::new(a, b), &Circle::new(c, r));
            let want = reference(
                [a.x as f64, a.y as f64],
                [b.x as f64, b.y as f64],
                [c.x as f64, c.y as f64],
                r as f64,
            );
            // Only the final rounding to f32 is lost.
            assert!(
                (got as f64 - want).abs() < 1e-7 * want.abs().max(1.0),
                "{got} {want}"
            );
        }
    }

    #[test]
    fn degenerate_and_invalid_inputs() {
        let point = Segment::new(Vec2::new(3.0, 4.0), Vec2::new(3.0, 4.0));
        let c = Circle::new(Vec2::ZERO, 1.0);
        assert_eq!(distance_segment_circle(&point, &c), 4.0);
        let zero = Circle::new(Vec2::new(3.0, 0.0), 0.0);
        let path = Segment::new(Vec2::ZERO, Vec2::new(6.0, 0.0));
        assert_eq!(signed_distance_segment_circle(&path, &zero), 0.0);
        assert!(distance_segment_circle(&path, &Circle::new(Vec2::ZERO, -1.0)).is_nan());
        assert!(distance_segment_circle(&path, &Circle::new(Vec2::NAN, 1.0)).is_nan());
        assert!(distance_segment_circle(&Segment::new(Vec2::NAN, Vec2::ONE), &c).is_nan());
        let closest = closest_points_segment_circle(&path, &Circle::new(Vec2::ZERO, f32::NAN));
        assert!(closest.on_segment.is_nan() && closest.u.is_nan());
    }

    #[test]
    fn closest_point_at_the_far_end_is_exact() {
        let path = Segment::new(Vec2::new(0.1, 0.7), Vec2::new(3.3, 9.1));
        let c = closest_points_segment_circle(&path, &Circle::new(Vec2::new(10.0, 20.0), 1.0));
        assert_eq!((c.on_segment, c.u), (path.b, 1.0));
    }
}
