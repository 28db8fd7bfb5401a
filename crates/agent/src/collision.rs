//! The collision tests every part of the navigator shares: a disc standing, a disc sweeping.
//! (Per-cell clearance, the distance to the nearest blocked cell, is nav-grid's business.)

use glam::DVec2;
use nav_geom::{Aabb, Vec2};

/// The radius the navigator tests with, a hair above the agent's own.
///
/// The tests of `nav-geom` treat touching as clear and are exact in f64, but a caller checking
/// the returned path with formulas of its own rounds differently; testing with a radius larger
/// by about a millionth (plus a term for coordinates far from the origin) makes every returned
/// segment keep a distance of at least `radius` from every obstacle under any reasonable
/// rounding. The result is rounded up to the next `f32`.
pub(crate) fn padded_radius(radius: f32, magnitude: f64) -> f32 {
    let wanted = f64::from(radius) * (1.0 + f64::powi(2.0, -20)) + magnitude * f64::powi(2.0, -40);
    let mut padded = wanted as f32;
    if f64::from(padded) < wanted && padded.is_finite() {
        padded = f32::from_bits(padded.to_bits() + 1);
    }
    padded
}

/// Whether a disc of `radius` centred at `p` lies inside `bounds` (touching the border is
/// inside).
#[inline]
pub(crate) fn disc_inside(bounds: &Aabb, p: Vec2, radius: f32) -> bool {
    let (p, r) = (p.as_dvec2(), f64::from(radius));
    let (min, max) = (bounds.min.as_dvec2(), bounds.max.as_dvec2());
    p.x - r >= min.x && p.y - r >= min.y && p.x + r <= max.x && p.y + r <= max.y
}

/// A box from f64 corners, rounded outwards to f32 so that it covers them.
pub(crate) fn aabb_outward(min: DVec2, max: DVec2) -> Aabb {
    fn down(x: f64) -> f32 {
        let y = x as f32;
        if f64::from(y) > x && y.is_finite() {
            next_down(y)
        } else {
            y
        }
    }
    fn up(x: f64) -> f32 {
        let y = x as f32;
        if f64::from(y) < x && y.is_finite() {
            next_up(y)
        } else {
            y
        }
    }
    Aabb::new(
        Vec2::new(down(min.x), down(min.y)),
        Vec2::new(up(max.x), up(max.y)),
    )
}

fn next_up(x: f32) -> f32 {
    if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}

fn next_down(x: f32) -> f32 {
    -next_up(-x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_is_small_and_upward() {
        for r in [1e-6f32, 0.5, 1.0, 10.0, 1e6] {
            let p = padded_radius(r, 1e4);
            assert!(p > r, "{r} -> {p}");
            assert!(f64::from(p) - f64::from(r) < 1e-5 * f64::from(r) + 1e-6);
        }
    }

    #[test]
    fn outward_boxes_cover_their_corners() {
        let min = DVec2::new(0.1, -0.1);
        let max = DVec2::new(1e8 + 0.3, 7.0);
        let b = aabb_outward(min, max);
        assert!(f64::from(b.min.x) <= min.x && f64::from(b.min.y) <= min.y);
        assert!(f64::from(b.max.x) >= max.x && f64::from(b.max.y) >= max.y);
        assert_eq!(next_down(0.0), -f32::from_bits(1));
    }

    #[test]
    fn disc_inside_touching_counts() {
        let b = Aabb::new(Vec2::ZERO, Vec2::splat(10.0));
        assert!(disc_inside(&b, Vec2::new(1.0, 5.0), 1.0));
        assert!(!disc_inside(&b, Vec2::new(0.9, 5.0), 1.0));
        assert!(!disc_inside(&b, Vec2::new(f32::NAN, 5.0), 1.0));
    }
}
