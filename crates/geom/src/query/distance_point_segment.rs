use glam::{DVec2, Vec2};

use crate::Segment;

/// The point of a segment closest to a query point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestOnSegment {
    /// The closest point.
    pub point: Vec2,
    /// Its parameter along the segment, clamped to `[0, 1]` (the `u` of Red Blob Games'
    /// "Circular Obstacle Pathfinding").
    pub u: f32,
    /// Distance from the query point to `point`.
    pub distance: f32,
}

/// The point of `segment` closest to `p`, with its clamped parameter `u` and the distance.
///
/// Computed in f64: the projection `u = (p - a) . (b - a) / |b - a|^2` loses precision in f32 for
/// long segments far from the origin. A degenerate segment (`a == b`) gives `u = 0`. NaN input
/// gives NaN fields (no panic).
///
/// ```
/// use nav_geom::{Segment, Vec2, query::closest_point_on_segment};
/// let s = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0));
/// let c = closest_point_on_segment(Vec2::new(3.0, 4.0), &s);
/// assert_eq!((c.point, c.u, c.distance), (Vec2::new(3.0, 0.0), 0.3, 4.0));
/// ```
pub fn closest_point_on_segment(p: Vec2, segment: &Segment) -> ClosestOnSegment {
    let (a, b, p) = (segment.a.as_dvec2(), segment.b.as_dvec2(), p.as_dvec2());
    let ab = b - a;
    let len2 = ab.length_squared();
    let u = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let closest: DVec2 = a + ab * u;
    ClosestOnSegment {
        point: closest.as_vec2(),
        u: u as f32,
        distance: closest.distance(p) as f32,
    }
}

/// Distance from `p` to `segment`.
pub fn distance_point_segment(p: Vec2, segment: &Segment) -> f32 {
    closest_point_on_segment(p, segment).distance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_and_degenerate() {
        let s = Segment::new(Vec2::ZERO, Vec2::new(10.0, 0.0));
        let c = closest_point_on_segment(Vec2::NAN, &s);
        assert!(c.point.is_nan() && c.u.is_nan() && c.distance.is_nan());
        let point = Segment::new(Vec2::ONE, Vec2::ONE);
        let c = closest_point_on_segment(Vec2::new(4.0, 5.0), &point);
        assert_eq!((c.point, c.u, c.distance), (Vec2::ONE, 0.0, 5.0));
    }
}
