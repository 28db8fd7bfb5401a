//! Which tangent rays of a circle another circle blocks: the angular "shadows" that let a
//! neighbour scan stop early and skip most line-of-sight tests.
//!
//! Every segment leaving a circle (centre `c`, radius `r`) while circling it in direction `σ`
//! lies on a *tangent ray*: it starts at the point `P(θ) = c + r (cos θ, sin θ)` and heads
//! along `σ · perp(cos θ, sin θ)`. The departure angle `θ` parametrises all of them (for a
//! point, `r = 0`, the rays are all directions). Another circle `B` (centre at distance `d` and
//! direction `φ`, radius `rb`) blocks the rays whose line passes within `rb` of its centre,
//! `|d cos(θ - φ) - r| <= rb`, and whose ray actually meets it: either `B` lies ahead
//! (`σ sin(φ - θ) > 0`) or `P(θ)` is inside `B`. That set is one interval of `θ`:
//!
//! * apart (`d >= r + rb`): from the departure normal of the external bitangent to that of
//!   the internal one (`[φ - δ2, φ - δ1]` for `σ = +1`, `cos δ2 = (r - rb)/d`,
//!   `cos δ1 = (r + rb)/d`), both of which the scan computes anyway as targets;
//! * overlapping: from the external bitangent's normal to the direction of the boundary
//!   crossing on the side `σ` (the rays between start inside `B`);
//! * a point on `B`'s boundary: the half of the directions that point into `B`.
//!
//! Every ray of the interval enters `B` within distance `d` (the foot of the perpendicular
//! from `B`'s centre is at most `d` away). Intervals are kept in "diamond angle" units
//! ([`pseudo_angle`]), so that no trigonometry is needed per circle.

use glam::DVec2;
use nav_geom::Turn;

use crate::geometry::{ANGLE_SLACK, angle_of_pseudo, pseudo_angle};

/// Number of angular bins of departure directions.
pub(crate) const BINS: usize = 512;

/// Width of a bin in diamond-angle units (a full turn is 4).
const BIN_WIDTH: f64 = 4.0 / BINS as f64;

/// The departure directions whose rays a circle blocks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Shadow {
    /// None: the circle lies inside the source circle, where tangent rays never go.
    Nothing,
    /// All of them: the source circle lies inside this one.
    Everything,
    /// Diamond angles from `start` through `start + len` counter-clockwise (`start` in
    /// `[0, 4)`).
    Interval { start: f64, len: f64 },
}

/// The shadow of circle `B` (offset `v` from the source centre, at distance `d`, inflated
/// radius `rb`) on the tangent rays of the source (radius `r`, 0 for a point) leaving it
/// turning `turn`. `external` and `internal` are the departure normals of the bitangents from
/// the source to `B` leaving turning `turn` (external: arriving turning `turn` too), when they
/// exist.
pub(crate) fn shadow(
    r: f64,
    turn: Turn,
    v: DVec2,
    d: f64,
    rb: f64,
    external: Option<DVec2>,
    internal: Option<DVec2>,
) -> Shadow {
    if d + rb <= r {
        return Shadow::Nothing;
    }
    if r > 0.0 && d + r <= rb {
        return Shadow::Everything;
    }
    if d == 0.0 {
        // A point at the centre of a circle no larger than the tolerance (a larger one would
        // have blocked the start): it cannot block anything that matters.
        return Shadow::Nothing;
    }
    let u = v / d;
    let ccw = turn == Turn::Ccw;
    let (from, to) = if r == 0.0 && d <= rb {
        // A point on B's boundary (within the tolerance): the directions into B.
        if ccw { (-u, u) } else { (u, -u) }
    } else if d >= r + rb {
        // Apart or touching (no internal tangent when touching: the interval ends at the
        // contact direction).
        let Some(ext) = external else {
            return Shadow::Nothing;
        };
        let int = internal.unwrap_or(u);
        if ccw { (ext, int) } else { (int, ext) }
    } else {
        let Some(ext) = external else {
            return Shadow::Nothing;
        };
        // Where the boundaries cross, on the side of travel (Red Blob Games' radical line, with the
        // half chord as a product for nearly tangent circles).
        let (sum, diff) = (r + rb, (r - rb).abs());
        let along = ((r - rb) * (r + rb) + d * d) / (2.0 * d);
        let h2 = (sum - d) * (sum + d) * (d - diff) * (d + diff) / (4.0 * d * d);
        let h = h2.max(0.0).sqrt();
        if ccw {
            (ext, u * along + u.perp() * h)
        } else {
            (u * along - u.perp() * h, ext)
        }
    };
    let start = pseudo_angle(from);
    let mut len = pseudo_angle(to) - start;
    if len < 0.0 {
        len += 4.0;
    }
    if len > 0.0 {
        Shadow::Interval { start, len }
    } else {
        Shadow::Nothing
    }
}

/// The bin holding the direction of `normal`.
#[inline]
pub(crate) fn bin_of(normal: DVec2) -> usize {
    ((pseudo_angle(normal) / BIN_WIDTH) as usize).min(BINS - 1)
}

/// Calls `f` with every bin that the interval (widened by the slack) touches.
#[inline]
pub(crate) fn for_touched_bins(start: f64, len: f64, mut f: impl FnMut(usize)) {
    let (s, l) = (start - ANGLE_SLACK, len + 2.0 * ANGLE_SLACK);
    if l >= 4.0 - BIN_WIDTH {
        (0..BINS).for_each(f);
        return;
    }
    // Shift by a full turn so that truncation is a floor.
    let first = ((s + 4.0) / BIN_WIDTH) as usize;
    let last = ((s + l + 4.0) / BIN_WIDTH) as usize;
    for k in first..=last {
        f(k % BINS);
    }
}

/// Calls `f` with every bin that lies entirely inside the interval (narrowed by the slack).
#[inline]
pub(crate) fn for_covered_bins(start: f64, len: f64, mut f: impl FnMut(usize)) {
    if len >= 4.0 {
        (0..BINS).for_each(f);
        return;
    }
    let (s, l) = (start + ANGLE_SLACK, len - 2.0 * ANGLE_SLACK);
    if l <= 0.0 {
        return;
    }
    // Bins first..last (exclusive): ceil of the start, floor of the end.
    let first = ((s + 4.0) / BIN_WIDTH).ceil() as usize;
    let last = ((s + l + 4.0) / BIN_WIDTH) as usize;
    for k in first..last {
        f(k % BINS);
    }
}

/// Where bin `k` starts (`k` may be `BINS`: a full turn): its true angle in `[0, 2π]`,
/// increasing with `k`, and its unit direction.
#[inline]
pub(crate) fn bin_start(k: usize) -> (f64, DVec2) {
    static TABLE: std::sync::OnceLock<Vec<(f64, DVec2)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=BINS)
            .map(|k| {
                let angle = angle_of_pseudo(k as f64 * BIN_WIDTH);
                let angle = if k > 0 && angle <= 0.0 {
                    angle + std::f64::consts::TAU
                } else {
                    angle
                };
                (angle, DVec2::from_angle(angle))
            })
            .collect()
    })[k]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::bitangent;
    use std::f64::consts::TAU;

    /// Where the ray at `theta` first enters the open disc, if it does.
    fn ray_hit(r: f64, sigma: f64, theta: f64, b: DVec2, rb: f64) -> Option<f64> {
        let u = DVec2::from_angle(theta);
        let p = u * r;
        let dir = u.perp() * sigma;
        let to = b - p;
        if to.length_squared() < rb * rb {
            return Some(0.0);
        }
        let along = to.dot(dir);
        let h2 = to.length_squared() - along * along;
        if along <= 0.0 || h2 >= rb * rb {
            return None;
        }
        Some(along - (rb * rb - h2).sqrt())
    }

    fn shadow_of(r: f64, turn: Turn, b: DVec2, rb: f64) -> Shadow {
        let ext = bitangent(DVec2::ZERO, r, turn, b, rb, turn).map(|t| t.depart_normal);
        let int = bitangent(DVec2::ZERO, r, turn, b, rb, turn.opposite()).map(|t| t.depart_normal);
        shadow(r, turn, b, b.length(), rb, ext, int)
    }

    /// Every sampled ray inside a shadow meets the circle within distance `d`, every sampled
    /// ray outside misses it; checked for separate, overlapping and point sources.
    #[test]
    fn shadows_match_ray_casting() {
        let cases = [
            (1.0, DVec2::new(5.0, 1.0), 1.5),
            (2.0, DVec2::new(-1.0, 2.5), 1.2),
            (2.0, DVec2::new(0.5, -2.8), 3.0),
            (0.0, DVec2::new(3.0, -4.0), 2.0),
            (0.0, DVec2::new(3.0, -4.0), 5.0),
            (3.0, DVec2::new(-6.0, -0.5), 0.2),
            (1.0, DVec2::new(3.0, 0.0), 2.0),
        ];
        for (r, b, rb) in cases {
            for turn in Turn::BOTH {
                let sigma = turn.sign() as f64;
                let d = b.length();
                let Shadow::Interval { start, len } = shadow_of(r, turn, b, rb) else {
                    panic!("{r} {b} {rb}")
                };
                for i in 0..2000 {
                    let theta = i as f64 * TAU / 2000.0;
                    let p = pseudo_angle(DVec2::from_angle(theta));
                    let margin = 1e-6;
                    let clearly_inside = (p - start - margin).rem_euclid(4.0) < len - 2.0 * margin;
                    let clearly_outside =
                        (start - margin - p).rem_euclid(4.0) < 4.0 - len - 2.0 * margin;
                    let hit = ray_hit(r, sigma, theta, b, rb);
                    if clearly_inside {
                        let t = hit.unwrap_or_else(|| panic!("{r} {b} {rb} {sigma} {theta}"));
                        assert!(t <= d + 1e-9);
                    }
                    if clearly_outside {
                        assert!(hit.is_none(), "{r} {b} {rb} {sigma} {theta}");
                    }
                }
            }
        }
    }

    #[test]
    fn nested_circles() {
        let b = DVec2::new(1.0, 0.0);
        assert_eq!(
            shadow(5.0, Turn::Ccw, b, 1.0, 2.0, None, None),
            Shadow::Nothing
        );
        assert_eq!(
            shadow(1.0, Turn::Ccw, b, 1.0, 5.0, None, None),
            Shadow::Everything
        );
        // A point on the boundary keeps half of its directions.
        let Shadow::Interval { len, .. } = shadow_of(0.0, Turn::Ccw, DVec2::new(2.0, 0.0), 2.0)
        else {
            panic!()
        };
        assert!((len - 2.0).abs() < 1e-12);
    }

    #[test]
    fn bins_touched_and_covered() {
        let w = BIN_WIDTH;
        let mut touched = Vec::new();
        for_touched_bins(4.0 - 0.1 * w, 1.5 * w, |k| touched.push(k));
        assert_eq!(touched, [BINS - 1, 0, 1]);
        let mut covered = Vec::new();
        for_covered_bins(3.0 * w - 0.01 * w, 3.02 * w, |k| covered.push(k));
        assert_eq!(covered, [3, 4, 5]);
        covered.clear();
        for_covered_bins(3.0 * w + 0.01 * w, 1.5 * w, |k| covered.push(k));
        assert!(covered.is_empty());
        assert_eq!(bin_of(DVec2::new(1.0, -1e-12)), BINS - 1);
        assert_eq!(bin_of(DVec2::X), 0);
        assert!((bin_start(BINS / 4).0 - TAU / 4.0).abs() < 1e-12);
        assert!((bin_start(BINS).0 - TAU).abs() < 1e-12);
        assert_eq!(bin_start(0), (0.0, DVec2::X));
        for k in 0..BINS {
            assert!(bin_start(k).0 < bin_start(k + 1).0);
            let (angle, dir) = bin_start(k);
            assert!(dir.distance(DVec2::from_angle(angle)) < 1e-15);
        }
    }
}
