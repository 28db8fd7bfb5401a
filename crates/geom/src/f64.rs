//! The f64 kernels behind the f32 queries, public so that code computing in f64 (the tangent
//! graph of nav-tangent, the spatial indexes) uses the same formulas instead of copies. Points
//! are glam's [`DVec2`], re-exported by this crate.
//!
//! Angles are radians from +x towards +y; sweeps are measured in the direction of travel and
//! lie in `[0, 2π)`, never a raw difference of angles (which goes the long way round when an
//! arc crosses the ±π direction).
//!
//! ```
//! use nav_geom::{DVec2, Turn, f64::{angle_of, closest_point_on_segment, covered_arc, sweep}};
//!
//! assert_eq!(angle_of(DVec2::Y), std::f64::consts::FRAC_PI_2);
//! // From 170° to -170° is 20° counter-clockwise, 340° clockwise.
//! let (a, b) = (170f64.to_radians(), (-170f64).to_radians());
//! assert!((sweep(Turn::Ccw, a, b) - 20f64.to_radians()).abs() < 1e-12);
//! let (d, q) = closest_point_on_segment(DVec2::new(1.0, 2.0), DVec2::ZERO, DVec2::X * 4.0);
//! assert_eq!((d, q), (2.0, DVec2::X));
//! // Two unit circles 1 apart cover 120° of each other.
//! let (mid, half) = covered_arc(DVec2::ZERO, 1.0, DVec2::X, 1.0).unwrap();
//! assert!(mid.abs() < 1e-12 && (half - 60f64.to_radians()).abs() < 1e-12);
//! ```

use std::f64::consts::TAU;

use crate::DVec2;

use crate::Turn;

/// The angle of `v`, in `(-π, π]` (0 for the zero vector).
#[inline]
pub fn angle_of(v: DVec2) -> f64 {
    v.y.atan2(v.x)
}

/// `angle` wrapped into `[0, 2π)` (`rem_euclid`, with the rounding up to exactly 2π of a tiny
/// negative angle mapped to 0).
#[inline]
pub fn wrap_angle(angle: f64) -> f64 {
    let w = angle.rem_euclid(TAU);
    if w >= TAU { 0.0 } else { w }
}

/// The angle travelled from `from` to `to` turning `turn`, in `[0, 2π)`; NaN for non-finite
/// angles (through `rem_euclid`).
#[inline]
pub fn sweep(turn: Turn, from: f64, to: f64) -> f64 {
    match turn {
        Turn::Ccw => wrap_angle(to - from),
        Turn::Cw => wrap_angle(from - to),
    }
}

/// The distance from `p` to the segment `a b` and the closest point of the segment (the
/// clamped parameter `u` of Red Blob Games' circular obstacle pathfinding: the closest point
/// may be an end). Interpolates from the nearer end, so that `u = 1` lands exactly on `b`.
#[inline]
pub fn closest_point_on_segment(p: DVec2, a: DVec2, b: DVec2) -> (f64, DVec2) {
    let ab = b - a;
    let len2 = ab.length_squared();
    let u = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let closest = if u > 0.5 {
        b - ab * (1.0 - u)
    } else {
        a + ab * u
    };
    (closest.distance(p), closest)
}

/// The arc of circle (`c`, `r`) inside a crossing circle (`b`, `rb`): its middle angle and
/// half-width, from the radical line (`a = (r² - rb² + d²) / 2d`, half chord `h² = r² - a²`
/// evaluated as a product, accurate for nearly tangent circles). `None` unless the boundaries
/// cross at two points.
pub fn covered_arc(c: DVec2, r: f64, b: DVec2, rb: f64) -> Option<(f64, f64)> {
    let v = b - c;
    let d = v.length();
    let (sum, diff) = (r + rb, (r - rb).abs());
    if !(d > diff && d < sum) {
        return None;
    }
    let along = ((r - rb) * (r + rb) + d * d) / (2.0 * d);
    let h2 = (sum - d) * (sum + d) * (d - diff) * (d + diff) / (4.0 * d * d);
    let half = h2.max(0.0).sqrt().atan2(along);
    Some((angle_of(v), half))
}
