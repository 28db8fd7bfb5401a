use crate::query::distance_segment_aabb::signed_distance_segment_aabb_f64;
use crate::{Aabb, Segment};

/// Whether a disc of `radius` whose centre moves along `path` comes into contact with the box:
/// [`signed_distance_segment_aabb`](crate::query::signed_distance_segment_aabb) `<= radius`.
/// **Touching counts.** Equivalently: the path meets the box [inflated](Aabb::inflated) by
/// `radius`.
///
/// False when any input holds NaN, the box is inverted (empty) or `radius` is negative.
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::swept_disc_touches_aabb};
/// let crate_box = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// let path = Segment::new(Vec2::new(-3.0, 2.0), Vec2::new(3.0, 2.0));
/// assert!(swept_disc_touches_aabb(&path, 1.0, &crate_box));   // grazes the top side
/// assert!(!swept_disc_touches_aabb(&path, 0.9, &crate_box));
/// ```
pub fn swept_disc_touches_aabb(path: &Segment, radius: f32, aabb: &Aabb) -> bool {
    radius >= 0.0 && signed_distance_segment_aabb_f64(path, aabb) <= radius as f64
}

/// Whether a disc of `radius` whose centre moves along `path` stays clear of the box's
/// interior: [`signed_distance_segment_aabb`](crate::query::signed_distance_segment_aabb)
/// `>= radius`. **Touching counts as clear**: the disc may graze the box and is blocked only
/// when the distance is `< radius`. With `radius = 0` a path entering the box is blocked and
/// one running along a side or through a corner is clear.
///
/// The test is exact for the rounded box (corners are round), unlike a test against the box
/// [expanded](Aabb::expand) by the radius, which also blocks paths that pass a corner
/// diagonally with room to spare.
///
/// False (not clear) when any input holds NaN, the box is inverted or `radius` is negative, so
/// that bad input is never reported as a free move.
///
/// ```
/// use nav_geom::{Aabb, Segment, Vec2, query::swept_disc_clears_aabb};
/// let crate_box = Aabb::new(Vec2::ZERO, Vec2::ONE);
/// let path = Segment::new(Vec2::new(-3.0, 2.0), Vec2::new(3.0, 2.0));
/// assert!(swept_disc_clears_aabb(&path, 1.0, &crate_box));   // grazing is allowed
/// assert!(!swept_disc_clears_aabb(&path, 1.1, &crate_box));
/// // Past a corner, diagonally: about 0.707 from the corner (1, 1), so a 0.7 disc fits...
/// let diagonal = Segment::new(Vec2::new(0.0, 3.0), Vec2::new(3.0, 0.0));
/// assert!(swept_disc_clears_aabb(&diagonal, 0.7, &crate_box));
/// // ...although it crosses the expanded box.
/// assert!(!swept_disc_clears_aabb(&diagonal, 0.0, &crate_box.expand(0.7)));
/// ```
pub fn swept_disc_clears_aabb(path: &Segment, radius: f32, aabb: &Aabb) -> bool {
    // An inverted box is empty (+inf away) but still bad input: not clear.
    radius >= 0.0
        && aabb.min.cmple(aabb.max).all()
        && signed_distance_segment_aabb_f64(path, aabb) >= radius as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn point_agent_along_a_side_is_clear_but_through_is_not() {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0));
        let along = Segment::new(Vec2::new(-1.0, 2.0), Vec2::new(5.0, 2.0));
        let through = Segment::new(Vec2::new(-1.0, 1.9), Vec2::new(5.0, 1.9));
        assert!(swept_disc_clears_aabb(&along, 0.0, &b));
        assert!(swept_disc_touches_aabb(&along, 0.0, &b));
        assert!(!swept_disc_clears_aabb(&through, 0.0, &b));
    }

    #[test]
    fn bad_input_is_never_clear() {
        let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let far = Segment::new(Vec2::new(-2.0, 10.0), Vec2::new(2.0, 10.0));
        assert!(swept_disc_clears_aabb(&far, 1.0, &b));
        assert!(!swept_disc_clears_aabb(&far, -1.0, &b));
        assert!(!swept_disc_clears_aabb(&far, f32::NAN, &b));
        assert!(!swept_disc_clears_aabb(
            &far,
            1.0,
            &Aabb::new(Vec2::NAN, Vec2::ONE)
        ));
        assert!(!swept_disc_clears_aabb(
            &far,
            1.0,
            &Aabb::new(Vec2::ONE, Vec2::ZERO)
        ));
        assert!(!swept_disc_touches_aabb(
            &far,
            1.0,
            &Aabb::new(Vec2::ONE, Vec2::ZERO)
        ));
        let nan = Segment::new(Vec2::ONE, Vec2::new(0.0, f32::NAN));
        assert!(!swept_disc_clears_aabb(&nan, 1.0, &b));
        assert!(!swept_disc_touches_aabb(&nan, 1.0, &b));
    }
}
