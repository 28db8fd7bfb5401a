//! Brute force for the spatial queries, shared by `spatial_brute.rs` and `hunt.rs`: a disc's
//! margin from an oracle world, and samples that look for a fitting point `nearest_fit` should
//! have found.

use glam::DVec2;
use nav_testkit::polygon_oracle::OracleWorld;

/// Signed clearance of the disc centre from the obstacles and the bounds' box: `>= r` means
/// the disc fits (a world with polygon bounds also counts their edges through
/// `signed_clearance`).
pub fn margin(world: &OracleWorld, p: DVec2) -> f64 {
    let walls = (p.x - world.min.x)
        .min(p.y - world.min.y)
        .min(world.max.x - p.x)
        .min(world.max.y - p.y);
    world.signed_clearance(p).min(walls)
}

/// A point of the lattice of `n + 1` by `n + 1` points over `[0, size]²` where a disc of radius
/// `r` fits by more than `slack` (margin `>= r + slack`), if there is one: a `nearest_fit` that
/// says "nowhere" is wrong when this finds one.
pub fn fitting_lattice_point(
    world: &OracleWorld,
    size: f64,
    n: u32,
    r: f64,
    slack: f64,
) -> Option<DVec2> {
    (0..=n)
        .flat_map(|i| (0..=n).map(move |j| DVec2::new(i as f64, j as f64) * (size / n as f64)))
        .find(|&q| margin(world, q) >= r + slack)
}

/// A point of the square lattice of spacing `step` around `p`, nearer to `p` than `d - 1e-3`,
/// where a disc of radius `r` fits by more than `slack`, if there is one: a `nearest_fit`
/// answer `d` away from `p` is wrong when this finds one.
pub fn nearer_fitting_sample(
    world: &OracleWorld,
    p: DVec2,
    d: f64,
    step: f64,
    r: f64,
    slack: f64,
) -> Option<DVec2> {
    let n = (d / step).ceil() as i64;
    (-n..=n)
        .flat_map(|i| (-n..=n).map(move |j| p + DVec2::new(i as f64, j as f64) * step))
        .find(|&s| s.distance(p) < d - 1e-3 && margin(world, s) >= r + slack)
}
