use crate::query::distance_segment_circle::signed_distance_segment_circle_f64;
use crate::{Circle, Segment};

/// Whether a disc of `radius` whose centre moves along `path` comes into contact with the
/// circle: [`signed_distance_segment_circle`](crate::query::signed_distance_segment_circle)
/// `<= radius`. **Touching counts.**
///
/// False when any input holds NaN, the circle is invalid or `radius` is negative.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::swept_disc_touches_circle};
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// let path = Segment::new(Vec2::new(-5.0, 1.5), Vec2::new(5.0, 1.5));
/// assert!(swept_disc_touches_circle(&path, 0.5, &rock));  // grazes the rock
/// assert!(!swept_disc_touches_circle(&path, 0.4, &rock));
/// ```
pub fn swept_disc_touches_circle(path: &Segment, radius: f32, circle: &Circle) -> bool {
    radius >= 0.0 && signed_distance_segment_circle_f64(path, circle) <= radius as f64
}

/// Whether a disc of `radius` whose centre moves along `path` stays clear of the circle's
/// interior: [`signed_distance_segment_circle`](crate::query::signed_distance_segment_circle)
/// `>= radius`. **Touching counts as clear**: the disc may graze the circle, it is blocked
/// only when the distance is `< radius` (the rule "d >= r: line of sight" of
/// Red Blob Games' "Circular Obstacle Pathfinding"). With
/// `radius = 0` (a point agent, obstacles already inflated) a path crossing the circle is
/// blocked and one tangent to it is clear.
///
/// False (not clear) when any input holds NaN, the circle is invalid or `radius` is negative,
/// so that bad input is never reported as a free move.
///
/// ```
/// use nav_geom::{Circle, Segment, Vec2, query::swept_disc_clears_circle};
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// let path = Segment::new(Vec2::new(-5.0, 1.5), Vec2::new(5.0, 1.5));
/// assert!(swept_disc_clears_circle(&path, 0.5, &rock));   // grazing is allowed
/// assert!(!swept_disc_clears_circle(&path, 0.6, &rock));
/// // A point agent against the inflated rock: the same answers.
/// assert!(swept_disc_clears_circle(&path, 0.0, &rock.inflated(0.5)));
/// assert!(!swept_disc_clears_circle(&path, 0.0, &rock.inflated(0.6)));
/// ```
pub fn swept_disc_clears_circle(path: &Segment, radius: f32, circle: &Circle) -> bool {
    radius >= 0.0 && signed_distance_segment_circle_f64(path, circle) >= radius as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn point_agent_through_and_along() {
        let rock = Circle::new(Vec2::ZERO, 1.0);
        let through = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0));
        let tangent = Segment::new(Vec2::new(-2.0, 1.0), Vec2::new(2.0, 1.0));
        assert!(!swept_disc_clears_circle(&through, 0.0, &rock));
        assert!(swept_disc_touches_circle(&through, 0.0, &rock));
        assert!(swept_disc_clears_circle(&tangent, 0.0, &rock));
        assert!(swept_disc_touches_circle(&tangent, 0.0, &rock));
    }

    #[test]
    fn bad_input_is_never_clear() {
        let rock = Circle::new(Vec2::ZERO, 1.0);
        let far = Segment::new(Vec2::new(-2.0, 10.0), Vec2::new(2.0, 10.0));
        assert!(swept_disc_clears_circle(&far, 1.0, &rock));
        assert!(!swept_disc_clears_circle(&far, -1.0, &rock));
        assert!(!swept_disc_clears_circle(&far, f32::NAN, &rock));
        assert!(!swept_disc_clears_circle(
            &far,
            1.0,
            &Circle::new(Vec2::NAN, 1.0)
        ));
        assert!(!swept_disc_clears_circle(
            &far,
            1.0,
            &Circle::new(Vec2::ZERO, -1.0)
        ));
        let nan = Segment::new(Vec2::new(f32::NAN, 0.0), Vec2::ONE);
        assert!(!swept_disc_clears_circle(&nan, 1.0, &rock));
        assert!(!swept_disc_touches_circle(&nan, 1.0, &rock));
        assert!(!swept_disc_touches_circle(&far, f32::NAN, &rock));
    }
}
