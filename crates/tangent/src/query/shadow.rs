//! Which tangent rays of a circle another circle blocks: the angular "shadows" that let a
//! node's neighbour scan stop early and skip most line-of-sight tests.
//!
//! Every segment leaving a circle (centre `c`, radius `r`) while circling it in direction `σ`
//! lies on a *tangent ray*: it starts at the point `P(θ) = c + r (cos θ, sin θ)` and heads
//! along `σ · perp(cos θ, sin θ)`. The departure angle `θ` parametrises all of them (for a
//! point, `r = 0`, the rays are all directions). Another circle `B` (centre at distance `d` and
//! direction `φ`, radius `rb`) blocks the rays whose line passes within `rb` of its centre,
//! `|d cos(θ - φ) - r| <= rb`, and whose ray actually meets it: either `B` lies ahead
//! (`σ sin(φ - θ) > 0`) or `P(θ)` is inside `B`. That set is one interval of `θ`; its ends are
//! the departure angles of the two bitangents to `B`, and every ray inside it enters `B`
//! within distance `d` (the foot of the perpendicular from `B`'s centre is at most `d` away).

use std::f64::consts::TAU;

use crate::geometry::{ANGLE_SLACK, wrap};

/// Number of angular bins of departure angles.
pub(crate) const BINS: usize = 64;

const BIN_WIDTH: f64 = TAU / BINS as f64;

/// The departure angles whose rays a circle blocks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Shadow {
    /// None: the circle lies inside the source circle, where tangent rays never go.
    Nothing,
    /// All of them: the source circle lies inside this one.
    Everything,
    /// The angles from `start` through `start + len` counter-clockwise (`start` in `[0, 2π)`).
    Interval { start: f64, len: f64 },
}

/// The shadow of circle (`d`, `phi`, `rb`) on the tangent rays of the source circle of radius
/// `r` (0 for a point) circling in direction `sigma` (+1 counter-clockwise, -1 clockwise).
pub(crate) fn shadow(r: f64, sigma: f64, d: f64, phi: f64, rb: f64) -> Shadow {
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
    // A point on the boundary of B (within the tolerance, possibly a hair inside) keeps the
    // half of its directions that point away from B: the clamps below give exactly that.
    // The line at θ meets B for cos(θ - φ) in [(r - rb)/d, (r + rb)/d]; ahead of the ray for
    // θ - φ on the side -σ. `far` is the widest offset, `near` the narrowest (0 when the
    // circles overlap, where the rays starting inside B extend the interval past φ by the
    // half-width of the arc of the source circle that B covers).
    let far = ((r - rb) / d).clamp(-1.0, 1.0).acos();
    let overlap = d < r + rb;
    let beyond = if overlap {
        if r > 0.0 {
            ((r * r + d * d - rb * rb) / (2.0 * r * d))
                .clamp(-1.0, 1.0)
                .acos()
        } else {
            0.0
        }
    } else {
        -((r + rb) / d).clamp(-1.0, 1.0).acos()
    };
    let start = if sigma > 0.0 { phi - far } else { phi - beyond };
    let len = far + beyond;
    if len >= TAU {
        Shadow::Everything
    } else if len > 0.0 {
        Shadow::Interval {
            start: wrap(start),
            len,
        }
    } else {
        Shadow::Nothing
    }
}

/// The bin holding departure angle `theta`.
#[inline]
pub(crate) fn bin_of(theta: f64) -> usize {
    ((wrap(theta) / BIN_WIDTH) as usize).min(BINS - 1)
}

/// Calls `f` with every bin that the interval (widened by the angular slack) touches.
pub(crate) fn for_touched_bins(start: f64, len: f64, mut f: impl FnMut(usize)) {
    let (s, l) = (start - ANGLE_SLACK, len + 2.0 * ANGLE_SLACK);
    if l >= TAU - BIN_WIDTH {
        (0..BINS).for_each(f);
        return;
    }
    let first = (s / BIN_WIDTH).floor() as i64;
    let last = ((s + l) / BIN_WIDTH).floor() as i64;
    for k in first..=last {
        f(k.rem_euclid(BINS as i64) as usize);
    }
}

/// Calls `f` with every bin that lies entirely inside the interval (narrowed by the slack).
pub(crate) fn for_covered_bins(start: f64, len: f64, mut f: impl FnMut(usize)) {
    if len >= TAU {
        (0..BINS).for_each(f);
        return;
    }
    let (s, l) = (start + ANGLE_SLACK, len - 2.0 * ANGLE_SLACK);
    if l <= 0.0 {
        return;
    }
    let first = (s / BIN_WIDTH).ceil() as i64;
    let last = ((s + l) / BIN_WIDTH).floor() as i64 - 1;
    for k in first..=last {
        f(k.rem_euclid(BINS as i64) as usize);
    }
}

/// The departure angle where bin `k` starts.
#[inline]
pub(crate) fn bin_start(k: usize) -> f64 {
    k as f64 * BIN_WIDTH
}

/// Angular width of a bin.
pub(crate) const fn bin_width() -> f64 {
    BIN_WIDTH
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    /// Where the ray at `theta` first meets the closed disc, if it does.
    fn ray_hit(r: f64, sigma: f64, theta: f64, b: DVec2, rb: f64) -> Option<f64> {
        let u = DVec2::from_angle(theta);
        let p = u * r;
        let dir = u.perp() * sigma;
        let to = b - p;
        if to.length() <= rb {
            return Some(0.0);
        }
        let along = to.dot(dir);
        let h2 = to.length_squared() - along * along;
        if h2 > rb * rb || along < 0.0 {
            return None;
        }
        Some(along - (rb * rb - h2).sqrt())
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
            (3.0, DVec2::new(-6.0, -0.5), 0.2),
        ];
        for (r, b, rb) in cases {
            for sigma in [1.0, -1.0] {
                let d = b.length();
                let Shadow::Interval { start, len } = shadow(r, sigma, d, b.y.atan2(b.x), rb)
                else {
                    panic!("{r} {b} {rb}")
                };
                for i in 0..2000 {
                    let theta = i as f64 * TAU / 2000.0;
                    let inside = wrap(theta - start) < len;
                    let margin = 1e-6;
                    let clearly_inside = wrap(theta - start - margin) < len - 2.0 * margin;
                    let hit = ray_hit(r, sigma, theta, b, rb);
                    if clearly_inside {
                        let t = hit.unwrap_or_else(|| panic!("{r} {b} {rb} {sigma} {theta}"));
                        assert!(t <= d + 1e-9);
                    }
                    if !inside && wrap(start - margin - theta) < TAU - len - 2.0 * margin {
                        assert!(hit.is_none(), "{r} {b} {rb} {sigma} {theta}");
                    }
                }
            }
        }
    }

    #[test]
    fn nested_circles() {
        assert_eq!(shadow(5.0, 1.0, 1.0, 0.0, 2.0), Shadow::Nothing);
        assert_eq!(shadow(1.0, 1.0, 1.0, 0.0, 5.0), Shadow::Everything);
        // A point on the boundary keeps half of its directions.
        let Shadow::Interval { len, .. } = shadow(0.0, 1.0, 2.0, 0.3, 2.0) else {
            panic!()
        };
        assert!((len - std::f64::consts::PI).abs() < 1e-12);
    }

    #[test]
    fn bins_touched_and_covered() {
        let mut touched = Vec::new();
        for_touched_bins(TAU - 0.01, 0.2, |k| touched.push(k));
        assert_eq!(touched, [BINS - 1, 0, 1]);
        let mut covered = Vec::new();
        for_covered_bins(bin_start(3) - 0.001, 3.0 * BIN_WIDTH + 0.002, |k| {
            covered.push(k)
        });
        assert_eq!(covered, [3, 4, 5]);
        covered.clear();
        for_covered_bins(bin_start(3) + 0.001, 1.5 * BIN_WIDTH, |k| covered.push(k));
        assert!(covered.is_empty());
        assert_eq!(bin_of(-0.001), BINS - 1);
        assert_eq!(bin_of(TAU), 0);
    }
}
