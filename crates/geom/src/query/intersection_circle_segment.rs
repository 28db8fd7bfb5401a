use crate::query::distance_segment_circle::center_to_segment_f64;
use crate::{Circle, Segment};

/// Whether the segment touches the disc (some point of it within `radius` of the centre;
/// touching counts). Computed in f64; false for an invalid circle or a segment that is not
/// finite.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::intersects_circle_segment};
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// assert!(intersects_circle_segment(&rock, &Segment::new(Vec2::new(-2.0, 1.0), Vec2::new(2.0, 1.0))));
/// assert!(!intersects_circle_segment(&rock, &Segment::new(Vec2::new(-2.0, 1.5), Vec2::new(2.0, 1.0))));
/// ```
pub fn intersects_circle_segment(circle: &Circle, segment: &Segment) -> bool {
    center_to_segment_f64(segment, circle)
        .is_some_and(|near| near.center_distance <= circle.radius as f64)
}

/// The part of the segment inside the closed disc, as the parameter range `[t_in, t_out]`
/// (0 at `segment.a`, 1 at `segment.b`, `t_in <= t_out`), or `None` when they do not meet.
///
/// `t_in > 0` is where the segment crosses into the circle, `t_out < 1` where it leaves; an end
/// inside the disc gives 0 or 1. A segment grazing the circle gives `t_in == t_out`. A
/// degenerate segment (a point) inside the disc gives `[0, 1]`. Computed in f64; `None` for an
/// invalid circle or a segment that is not finite.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::intersection_circle_segment};
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// let path = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0));
/// assert_eq!(intersection_circle_segment(&rock, &path), Some([0.25, 0.75]));
/// // The crossing points:
/// assert_eq!(path.point_at(0.25), Vec2::new(-1.0, 0.0));
/// ```
pub fn intersection_circle_segment(circle: &Circle, segment: &Segment) -> Option<[f32; 2]> {
    if !circle.is_valid() || !segment.is_valid() {
        return None;
    }
    let (a, c) = (segment.a.as_dvec2(), circle.center.as_dvec2());
    let d = segment.b.as_dvec2() - a;
    let r = circle.radius as f64;
    let len2 = d.length_squared();
    if len2 == 0.0 {
        return (a.distance_squared(c) <= r * r).then_some([0.0, 1.0]);
    }
    // Foot of the perpendicular from the centre on the (unbounded) line.
    let t_foot = (c - a).dot(d) / len2;
    let h = (a + d * t_foot).distance(c);
    if h > r {
        return None;
    }
    // Half chord, written as a product to stay accurate when the line nearly grazes.
    let half = ((r - h) * (r + h)).sqrt() / len2.sqrt();
    let (t_in, t_out) = ((t_foot - half).max(0.0), (t_foot + half).min(1.0));
    (t_in <= t_out).then_some([t_in as f32, t_out as f32])
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn clipped_at_the_ends() {
        let rock = Circle::new(Vec2::ZERO, 1.0);
        let from_inside = Segment::new(Vec2::ZERO, Vec2::new(4.0, 0.0));
        assert_eq!(
            intersection_circle_segment(&rock, &from_inside),
            Some([0.0, 0.25])
        );
        let inside = Segment::new(Vec2::new(-0.5, 0.0), Vec2::new(0.5, 0.0));
        assert_eq!(
            intersection_circle_segment(&rock, &inside),
            Some([0.0, 1.0])
        );
        let short = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(4.0, 0.0));
        assert_eq!(intersection_circle_segment(&rock, &short), None);
        let grazing = Segment::new(Vec2::new(-2.0, 1.0), Vec2::new(2.0, 1.0));
        assert_eq!(
            intersection_circle_segment(&rock, &grazing),
            Some([0.5, 0.5])
        );
    }

    #[test]
    fn points_and_invalid_input() {
        let rock = Circle::new(Vec2::ZERO, 1.0);
        let point_in = Segment::new(Vec2::splat(0.5), Vec2::splat(0.5));
        assert_eq!(
            intersection_circle_segment(&rock, &point_in),
            Some([0.0, 1.0])
        );
        assert!(intersects_circle_segment(&rock, &point_in));
        let point_out = Segment::new(Vec2::splat(1.0), Vec2::splat(1.0));
        assert_eq!(intersection_circle_segment(&rock, &point_out), None);
        assert!(!intersects_circle_segment(&rock, &point_out));
        let nan = Segment::new(Vec2::NAN, Vec2::ONE);
        assert_eq!(intersection_circle_segment(&rock, &nan), None);
        assert!(!intersects_circle_segment(&rock, &nan));
        let negative = Circle::new(Vec2::ZERO, -1.0);
        assert!(!intersects_circle_segment(&negative, &point_in));
    }
}
