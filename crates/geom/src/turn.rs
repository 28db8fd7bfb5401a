use glam::Vec2;

/// The direction of travel around a centre: clockwise or counter-clockwise.
///
/// Angles in this crate are measured the mathematical way, from the +x axis towards the +y
/// axis, so **counter-clockwise is the direction of increasing angle** (`atan2`), drawn with
/// y pointing up. In a y-down frame (screen coordinates, many 2-D engines) the same travel
/// looks clockwise on screen: the formulas do not change, only the picture does.
///
/// A point moving with velocity `v` at position `p` turns [`Turn::Ccw`] around `c` when
/// `cross(p - c, v) > 0` ([`Turn::around`]). The tangent queries label every tangent with the
/// turn of travel around each circle it touches, so that a path hugging a circle can be
/// continued without a cusp (the oriented nodes of Red Blob Games' "Circular Obstacle
/// Pathfinding").
///
/// ```
/// use nav_geom::{Turn, Vec2};
///
/// // Passing over the top of the origin from left to right is clockwise.
/// assert_eq!(Turn::around(Vec2::ZERO, Vec2::new(0.0, 1.0), Vec2::X), Some(Turn::Cw));
/// assert_eq!(Turn::Cw.opposite(), Turn::Ccw);
/// // From 170 degrees to -170 degrees counter-clockwise is a short hop across the -x axis.
/// let hop = Turn::Ccw.sweep_between(170f32.to_radians(), (-170f32).to_radians());
/// assert!((hop - 20f32.to_radians()).abs() < 1e-6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// Clockwise: decreasing angle.
    Cw,
    /// Counter-clockwise: increasing angle.
    Ccw,
}

impl Turn {
    /// Both turns, in the order of [`Turn::index`]: `[Cw, Ccw]`.
    pub const BOTH: [Turn; 2] = [Turn::Cw, Turn::Ccw];

    /// The other direction.
    pub const fn opposite(self) -> Turn {
        match self {
            Turn::Cw => Turn::Ccw,
            Turn::Ccw => Turn::Cw,
        }
    }

    /// `+1.0` for [`Turn::Ccw`], `-1.0` for [`Turn::Cw`]: the sign of the angle travelled.
    pub const fn sign(self) -> f32 {
        match self {
            Turn::Cw => -1.0,
            Turn::Ccw => 1.0,
        }
    }

    /// `0` for [`Turn::Cw`], `1` for [`Turn::Ccw`]: the position of this turn in the pairs
    /// returned by the tangent queries (`external_bitangents(a, b)?[turn.index()]`).
    pub const fn index(self) -> usize {
        match self {
            Turn::Cw => 0,
            Turn::Ccw => 1,
        }
    }

    /// The turn whose sign is the sign of `value` (`None` for zero or NaN).
    pub fn from_sign(value: f64) -> Option<Turn> {
        if value > 0.0 {
            Some(Turn::Ccw)
        } else if value < 0.0 {
            Some(Turn::Cw)
        } else {
            None
        }
    }

    /// The turn of a point at `position` moving along `velocity`, around `center`: the sign of
    /// `cross(position - center, velocity)`, computed in f64. `None` when moving straight
    /// towards or away from the centre, standing still, sitting on the centre, or given NaN.
    pub fn around(center: Vec2, position: Vec2, velocity: Vec2) -> Option<Turn> {
        let r = position.as_dvec2() - center.as_dvec2();
        Turn::from_sign(r.perp_dot(velocity.as_dvec2()))
    }

    /// The turn taken when walking `a -> b -> c` (the orientation of the triangle): `Ccw` for a
    /// left turn, `Cw` for a right turn, `None` when the points are collinear (or NaN).
    /// Computed in f64 from the f32 inputs, so the sign is exact for inputs of similar
    /// magnitude.
    pub fn of_points(a: Vec2, b: Vec2, c: Vec2) -> Option<Turn> {
        let (a, b, c) = (a.as_dvec2(), b.as_dvec2(), c.as_dvec2());
        Turn::from_sign((b - a).perp_dot(c - a))
    }

    /// The angle travelled, in radians within `[0, 2π)` (computed in f64; the f32 result can
    /// round up to `2π` itself), when going from angle `from` to angle `to` in this direction. This is the wrap-around-safe way to measure an arc: going
    /// counter-clockwise from 170° to -170° is 20°, not 340°. NaN when either angle is not
    /// finite.
    pub fn sweep_between(self, from: f32, to: f32) -> f32 {
        self.sweep_between_f64(from as f64, to as f64) as f32
    }

    /// [`Turn::sweep_between`] in f64 (used inside the crate to avoid rounding twice).
    pub(crate) fn sweep_between_f64(self, from: f64, to: f64) -> f64 {
        if !from.is_finite() || !to.is_finite() {
            return f64::NAN;
        }
        crate::f64::sweep(self, from, to)
    }
}

pub(crate) use crate::f64::angle_of;

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::PI;

    #[test]
    fn sweep_wraps_around_the_cut() {
        let from = 3.0f32;
        let to = -3.0f32;
        let ccw = Turn::Ccw.sweep_between(from, to);
        let cw = Turn::Cw.sweep_between(from, to);
        assert!((ccw - (2.0 * PI - 6.0)).abs() < 1e-6, "{ccw}");
        assert!((cw - 6.0).abs() < 1e-6, "{cw}");
        assert!((ccw + cw - 2.0 * PI).abs() < 1e-5);
    }

    #[test]
    fn sweep_of_equal_angles_is_zero_both_ways() {
        assert_eq!(Turn::Ccw.sweep_between(1.0, 1.0), 0.0);
        assert_eq!(Turn::Cw.sweep_between(-PI, -PI), 0.0);
        // A hair below: the long way round, but still strictly below 2π.
        let almost = Turn::Ccw.sweep_between(1.0, 1.0 - 1e-7);
        assert!(almost < 2.0 * PI + 1e-6 && almost > 2.0 * PI - 1e-6);
    }

    #[test]
    fn sweep_of_nan_is_nan() {
        assert!(Turn::Ccw.sweep_between(f32::NAN, 1.0).is_nan());
        assert!(Turn::Cw.sweep_between(0.0, f32::INFINITY).is_nan());
    }

    #[test]
    fn around_and_of_points_agree() {
        let c = Vec2::new(5.0, 5.0);
        // Moving right below the centre is counter-clockwise.
        assert_eq!(
            Turn::around(c, Vec2::new(5.0, 4.0), Vec2::X),
            Some(Turn::Ccw)
        );
        assert_eq!(
            Turn::around(c, Vec2::new(5.0, 6.0), Vec2::X),
            Some(Turn::Cw)
        );
        assert_eq!(Turn::around(c, Vec2::new(6.0, 5.0), Vec2::X), None);
        assert_eq!(Turn::around(c, Vec2::NAN, Vec2::X), None);
        assert_eq!(
            Turn::of_points(Vec2::ZERO, Vec2::X, Vec2::new(1.0, 1.0)),
            Some(Turn::Ccw)
        );
        assert_eq!(
            Turn::of_points(Vec2::ZERO, Vec2::X, Vec2::new(1.0, -1.0)),
            Some(Turn::Cw)
        );
        assert_eq!(
            Turn::of_points(Vec2::ZERO, Vec2::X, Vec2::new(2.0, 0.0)),
            None
        );
    }

    #[test]
    fn index_sign_and_opposite_are_consistent() {
        for turn in Turn::BOTH {
            assert_eq!(Turn::BOTH[turn.index()], turn);
            assert_eq!(turn.opposite().sign(), -turn.sign());
            assert_eq!(Turn::from_sign(turn.sign() as f64), Some(turn));
            assert_eq!(turn.opposite().opposite(), turn);
        }
    }
}
