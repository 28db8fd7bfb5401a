//! A second hunt for wrong answers, where `hunt.rs` (every coordinate on a 1/64 lattice, boxes,
//! walls, slivers, rows of circles, notched box bounds, tiles) does not go: plain `f32`
//! coordinates off any lattice, general simple polygons (star-shaped with acute spikes, combs,
//! spirals, L and U shapes, nearly collinear consecutive edges, very short edges), rotated by
//! arbitrary angles, in both orientations, overlapping and touching each other and the
//! bounds, reflex corners almost touched by another obstacle; non-convex polygon bounds (stars,
//! combs, spirals) with obstacles crossing them; circles among polygons, tangent (or nearly) to
//! their edges and corners, at radii closing a circle-polygon gap; larger worlds (30 to 150
//! obstacles) with fewer queries.
//!
//! Each query is judged by
//!
//! * brute force for the statuses that need no search (`fits`, blocked, out of bounds), not
//!   within `1e-7` of a tie;
//! * at `r = 0` the bracket oracle (`nav_testkit::polygon_oracle`, exact without circles);
//! * at `r > 0` the bracket of `bracket.rs`: the mesh itself at `r = 0` on the world whose
//!   polygons are grown edge by edge by a regular polygon inscribed in the disc (a lower bound)
//!   and circumscribed about it (an upper bound), circles grown exactly, with a margin of a few
//!   `f32` steps each way for the rounding of the grown corners;
//! * the oracle's geometric checker for every path found (also partial ones);
//! * relations: the same status and length both ways and in the world scaled by 8 (exact in
//!   `f32`); monotone in the radius; `connected` equals `find_path`; `max_cost` just above and
//!   below the length; a partial path under `max_expanded` ends no farther from the goal than
//!   the start; sliced equals one-shot; `find_nearest` equals the shortest `find_path`;
//!   `fits`, `raycast` and `nearest_fit` against brute force;
//! * edit sequences (insert, `set` of polygons and circles at arbitrary coordinates, remove,
//!   `prepare_connected` before edits) against a rebuilt world, every query kind;
//! * the same queries from two threads with their own contexts (bit-identical), and one
//!   context reused across worlds and radii against fresh ones (bit-identical);
//! * the worlds moved 1e4 to 1e5 from the origin (either sign; every coordinate rounded to
//!   `f32` there, steps of 1/1024 to 1/128): every check above but the bracket (the checker's
//!   tolerances widened by two such steps), and the answer between those of the same world
//!   moved back to the origin (exactly) at `r - 1e-5` and `r + 1e-5`, that world judged by the
//!   bracket.
//!
//! `NAV_HUNT_CASES=N` runs `N` worlds per test (`NAV_HUNT_SEED=S` starts at seed `S`);
//! `NAV_HUNT_KEEP_GOING=1` lists the failing seeds instead of stopping at the first.

mod common;

use std::f64::consts::{PI, TAU};

use common::limits::{Asked, same_length};
use common::sweep::{cases, sweep};
use common::{Rng, f32_point, mesh_obstacle};
use glam::DVec2;
use nav_geom::{Aabb, Circle, Vec2};
use nav_mesh::{
    Limits, MeshContext, MeshQuery, MeshWorld, Obstacle, ObstacleId, PathPiece, PathStatus,
    SliceState,
};
use nav_testkit::polygon_oracle::{
    Growth, OracleObstacle, OracleWorld, check_piece_path, grown_shortest_path,
};

const SIZE: f64 = 16.0;

// ---------------------------------------------------------------------------------------------
// Shapes (f64, rounded to f32 when placed).

/// A placement: rotation by `angle`, scale, then translation to `at`; `flip` reverses the
/// orientation.
fn place(local: &[DVec2], at: DVec2, angle: f64, scale: f64, flip: bool) -> Vec<DVec2> {
    let rot = DVec2::from_angle(angle);
    let mut pts: Vec<DVec2> = local
        .iter()
        .map(|&p| f32_point(at + rot.rotate(p * scale)))
        .collect();
    if flip {
        pts.reverse();
    }
    pts
}

/// Star-shaped around the origin, radii up to 1; now and then a very acute spike (a vertex far
/// out between two close angles) or a very short edge.
fn star(rng: &mut Rng) -> Vec<DVec2> {
    let n = 5 + rng.below(12);
    let mut pts = Vec::new();
    for i in 0..n {
        let a = (i as f64 + rng.range(0.1, 0.9)) * TAU / n as f64;
        let rad = rng.range(0.25, 1.0);
        pts.push(DVec2::from_angle(a) * rad);
        match rng.below(8) {
            // An acute spike: out and back within a tiny angle.
            0 => {
                let w = [1e-2, 1e-3, 1e-4][rng.below(3)];
                pts.push(DVec2::from_angle(a + w) * rng.range(1.2, 1.6));
                pts.push(DVec2::from_angle(a + 2.0 * w) * rad * 0.9);
            }
            // A very short edge.
            1 => pts.push(DVec2::from_angle(a + 1e-5) * (rad + 1e-5)),
            _ => {}
        }
    }
    pts
}

/// A comb: a bar with teeth of random widths and gaps (some gaps very narrow).
fn comb(rng: &mut Rng) -> Vec<DVec2> {
    let teeth = 2 + rng.below(5);
    let bar = rng.range(0.15, 0.4);
    let len = rng.range(0.6, 1.4);
    let mut xs = Vec::new();
    let mut x = 0.0;
    for _ in 0..teeth {
        let w = rng.range(0.05, 0.3);
        xs.push((x, x + w));
        let gap = [0.02, 0.1, 0.3, rng.range(0.001, 0.4)][rng.below(4)];
        x += w + gap;
    }
    let total = xs.last().unwrap().1;
    let mut pts = vec![DVec2::new(0.0, 0.0), DVec2::new(total, 0.0)];
    for &(a, b) in xs.iter().rev() {
        let l = len * rng.range(0.5, 1.0);
        pts.push(DVec2::new(b, bar));
        pts.push(DVec2::new(b, bar + l));
        pts.push(DVec2::new(a, bar + l));
        pts.push(DVec2::new(a, bar));
    }
    // The first tooth's left side starts at x = 0: drop the point (0, bar), collinear with the
    // bar's left end (kept now and then: nearly collinear edges after the rounding).
    if rng.unit() < 0.7 {
        pts.pop();
    }
    let c = DVec2::new(total / 2.0, 0.5);
    pts.iter().map(|&p| (p - c) / total.max(1.0)).collect()
}

/// A thick spiral: a centre line of one to two and a half turns, its two sides.
fn spiral(rng: &mut Rng) -> Vec<DVec2> {
    let turns = rng.range(1.0, 2.5);
    let per_turn = 10 + rng.below(10);
    let pitch = rng.range(0.25, 0.4);
    let width = pitch * rng.range(0.2, 0.7);
    let n = (turns * per_turn as f64) as usize + 2;
    let a0 = rng.range(0.0, TAU);
    let mut outer = Vec::new();
    let mut inner = Vec::new();
    for k in 0..n {
        let t = k as f64 / per_turn as f64 * TAU;
        let rad = 0.15 + pitch * t / TAU;
        let d = DVec2::from_angle(a0 + t);
        outer.push(d * (rad + width / 2.0));
        inner.push(d * (rad - width / 2.0).max(0.02));
    }
    inner.reverse();
    outer.extend(inner);
    outer
        .iter()
        .map(|&p| p / (0.15 + pitch * turns + 0.3))
        .collect()
}

/// An L or a U with arms of random widths (or a T now and then).
fn letter(rng: &mut Rng) -> Vec<DVec2> {
    let w = rng.range(0.08, 0.4);
    let (a, b) = (rng.range(0.5, 1.0), rng.range(0.5, 1.0));
    match rng.below(3) {
        0 => vec![
            DVec2::new(0.0, 0.0),
            DVec2::new(a, 0.0),
            DVec2::new(a, w),
            DVec2::new(w, w),
            DVec2::new(w, b),
            DVec2::new(0.0, b),
        ],
        1 => vec![
            DVec2::new(0.0, 0.0),
            DVec2::new(a, 0.0),
            DVec2::new(a, b),
            DVec2::new(a - w, b),
            DVec2::new(a - w, w),
            DVec2::new(w, w),
            DVec2::new(w, b * rng.range(0.6, 1.0)),
            DVec2::new(0.0, b),
        ],
        _ => vec![
            DVec2::new(-a / 2.0, b - w),
            DVec2::new(-w / 2.0, b - w),
            DVec2::new(-w / 2.0, 0.0),
            DVec2::new(w / 2.0, 0.0),
            DVec2::new(w / 2.0, b - w),
            DVec2::new(a / 2.0, b - w),
            DVec2::new(a / 2.0, b),
            DVec2::new(-a / 2.0, b),
        ],
    }
    .into_iter()
    .map(|p| p - DVec2::new(a / 2.0, b / 2.0))
    .collect()
}

/// A triangle with one very acute angle, or a quadrilateral almost a triangle (nearly
/// collinear consecutive edges).
fn sliver(rng: &mut Rng) -> Vec<DVec2> {
    let thin = [1e-2, 1e-3, 1e-4, 3e-6][rng.below(4)];
    if rng.unit() < 0.5 {
        vec![
            DVec2::new(-1.0, 0.0),
            DVec2::new(1.0, 0.0),
            DVec2::new(rng.range(-0.8, 0.8), thin),
        ]
    } else {
        vec![
            DVec2::new(-1.0, 0.0),
            DVec2::new(0.0, -thin),
            DVec2::new(1.0, 0.0),
            DVec2::new(0.0, rng.range(0.2, 0.8)),
        ]
    }
}

fn random_polygon(rng: &mut Rng) -> Vec<DVec2> {
    match rng.below(10) {
        0..=2 => star(rng),
        3 | 4 => comb(rng),
        5 => spiral(rng),
        6 | 7 => letter(rng),
        _ => sliver(rng),
    }
}

fn polygon_obstacle(rng: &mut Rng, at: DVec2, scale: f64) -> OracleObstacle {
    let local = random_polygon(rng);
    OracleObstacle::Polygon(place(
        &local,
        at,
        rng.range(0.0, TAU),
        scale,
        rng.unit() < 0.5,
    ))
}

fn circle_obstacle(center: DVec2, radius: f64) -> OracleObstacle {
    OracleObstacle::Circle {
        center: f32_point(center),
        radius: radius as f32 as f64,
    }
}

fn signed_area(pts: &[DVec2]) -> f64 {
    (0..pts.len())
        .map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()]))
        .sum::<f64>()
        * 0.5
}

/// The reflex corners of a polygon (interior angle above `π`: the outside's concave notches).
fn reflex_corners(pts: &[DVec2]) -> Vec<(DVec2, DVec2)> {
    let ccw = signed_area(pts) > 0.0;
    let n = pts.len();
    let mut out = Vec::new();
    for i in 0..n {
        let (a, b, c) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
        let turn = (b - a).perp_dot(c - b);
        if (turn < 0.0) == ccw && turn != 0.0 {
            // Into the notch: the outward bisector.
            let u = (a - b).normalize_or_zero() + (c - b).normalize_or_zero();
            if u.length() > 1e-9 {
                out.push((b, u.normalize()));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Worlds.

#[derive(Debug, Clone)]
struct Case {
    label: String,
    /// The oracle's world: its box bounds, the obstacles, then (polygon bounds) the pieces of
    /// the outside.
    world: OracleWorld,
    /// The mesh's obstacles (all accepted by the mesh).
    obstacles: Vec<OracleObstacle>,
    polygon_bounds: Option<Vec<DVec2>>,
    /// How many of the oracle's obstacles, at the end, are the outside of polygon bounds.
    outside: usize,
    /// Radii where a gap closes (half its width, about: the coordinates are rounded).
    closing: Vec<f64>,
    /// The `f32` spacing of the coordinates in a world far from the origin (0 near it): the
    /// pieces of a path are rounded by up to half of it.
    ulp: f64,
}

impl Case {
    /// How close to a tie brute force is not sure of the disc at a point: `1e-7`, and `1e-5`
    /// far from the origin (where the mesh's tolerance, `1e-9` of `1/64` of the magnitude, is
    /// about `1e-6`).
    fn tie(&self) -> f64 {
        if self.ulp == 0.0 { 1e-7 } else { 1e-5 }
    }
}

/// The outside of simple polygon bounds `p` within the box `[lo, hi]`, as two simple polygons:
/// cut from the leftmost vertex to the box's left side and from the rightmost one to its right
/// side (horizontal rays that meet the polygon nowhere else), the upper and the lower part.
/// `None` when the extreme vertices are not unique.
fn outside_pieces(p: &[DVec2], lo: DVec2, hi: DVec2) -> Option<Vec<OracleObstacle>> {
    let mut p = p.to_vec();
    if signed_area(&p) < 0.0 {
        p.reverse();
    }
    let n = p.len();
    let ia = (0..n).min_by(|&i, &j| p[i].x.total_cmp(&p[j].x))?;
    let ib = (0..n).max_by(|&i, &j| p[i].x.total_cmp(&p[j].x))?;
    if p.iter().filter(|q| q.x == p[ia].x).count() > 1
        || p.iter().filter(|q| q.x == p[ib].x).count() > 1
    {
        return None;
    }
    let (pa, pb) = (p[ia], p[ib]);
    // Counter-clockwise, from the leftmost vertex the lower chain runs to the rightmost one.
    let chain = |from: usize, to: usize| -> Vec<DVec2> {
        let mut out = Vec::new();
        let mut i = from;
        loop {
            out.push(p[i]);
            if i == to {
                break;
            }
            i = (i + 1) % n;
        }
        out
    };
    let mut lower = vec![DVec2::new(lo.x, pa.y)];
    lower.extend(chain(ia, ib));
    lower.extend([
        DVec2::new(hi.x, pb.y),
        DVec2::new(hi.x, lo.y),
        DVec2::new(lo.x, lo.y),
    ]);
    let mut upper = vec![DVec2::new(hi.x, pb.y)];
    upper.extend(chain(ib, ia));
    upper.extend([
        DVec2::new(lo.x, pa.y),
        DVec2::new(lo.x, hi.y),
        DVec2::new(hi.x, hi.y),
    ]);
    let total = (hi.x - lo.x) * (hi.y - lo.y);
    let sum = signed_area(&lower).abs() + signed_area(&upper).abs() + signed_area(&p).abs();
    if (sum - total).abs() > 1e-9 * total {
        return None;
    }
    Some(vec![
        OracleObstacle::Polygon(lower),
        OracleObstacle::Polygon(upper),
    ])
}

/// Builds the case: keeps the obstacles the mesh accepts (a rounded polygon may have become
/// self-intersecting), the outside pieces of polygon bounds.
fn finish(
    label: String,
    bounds: Option<Vec<DVec2>>,
    candidates: Vec<OracleObstacle>,
    closing: Vec<f64>,
) -> Option<Case> {
    let square = (DVec2::ZERO, DVec2::splat(SIZE));
    finish_in(label, bounds, square, candidates, closing, 0.0)
}

/// [`finish`] with the box bounds `square` (used without polygon bounds) and the coordinates'
/// spacing `ulp` (see [`Case::ulp`]).
fn finish_in(
    label: String,
    bounds: Option<Vec<DVec2>>,
    square: (DVec2, DVec2),
    candidates: Vec<OracleObstacle>,
    closing: Vec<f64>,
    ulp: f64,
) -> Option<Case> {
    let mut mesh = match &bounds {
        Some(pts) => {
            MeshWorld::with_polygon_bounds(&pts.iter().map(|p| p.as_vec2()).collect::<Vec<_>>())
                .ok()?
        }
        None => MeshWorld::new(Aabb::new(square.0.as_vec2(), square.1.as_vec2())).unwrap(),
    };
    let mut obstacles = Vec::new();
    for o in candidates {
        if mesh.insert(mesh_obstacle(&o)).is_ok() {
            obstacles.push(o);
        }
    }
    let (lo, hi, outside) = match &bounds {
        Some(pts) => {
            let lo = pts.iter().copied().fold(DVec2::INFINITY, DVec2::min);
            let hi = pts.iter().copied().fold(DVec2::NEG_INFINITY, DVec2::max);
            let (lo, hi) = ((lo - 4.0).floor(), (hi + 4.0).ceil());
            (lo, hi, outside_pieces(pts, lo, hi)?)
        }
        None => (square.0, square.1, Vec::new()),
    };
    let mut all = obstacles.clone();
    let n_outside = outside.len();
    all.extend(outside);
    Some(Case {
        label,
        world: OracleWorld::new(lo, hi, all),
        obstacles,
        polygon_bounds: bounds,
        outside: n_outside,
        closing,
        ulp,
    })
}

/// General polygons in the box, overlapping and touching each other and the bounds; small
/// obstacles almost touching reflex corners.
fn polygons(rng: &mut Rng, label: &str, count: usize) -> Option<Case> {
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    for _ in 0..count {
        let at = DVec2::new(rng.range(-0.5, SIZE + 0.5), rng.range(-0.5, SIZE + 0.5));
        let scale = rng.range(0.8, 5.0);
        obstacles.push(polygon_obstacle(rng, at, scale));
    }
    // A small obstacle in a reflex corner of another, at a tiny distance (or touching).
    for _ in 0..2 {
        let with_reflex: Vec<Vec<(DVec2, DVec2)>> = obstacles
            .iter()
            .filter_map(|o| match o {
                OracleObstacle::Polygon(p) => Some(reflex_corners(p)),
                _ => None,
            })
            .filter(|v| !v.is_empty())
            .collect();
        if with_reflex.is_empty() || rng.unit() < 0.3 {
            break;
        }
        let v = &with_reflex[rng.below(with_reflex.len())];
        let (corner, out) = v[rng.below(v.len())];
        let d = [0.0, 1e-6, 1e-4, 1e-2, 0.1, 0.3][rng.below(6)];
        if d > 0.0 {
            closing.push(d / 2.0);
        }
        let tip = corner + out * d;
        if rng.unit() < 0.5 {
            let s = rng.range(0.2, 1.0);
            obstacles.push(circle_obstacle(tip + out * s, s));
        } else {
            // A thin triangle pointing at the corner.
            let len = rng.range(0.5, 2.0);
            let half = rng.range(0.05, 0.5);
            let base = tip + out * len;
            obstacles.push(OracleObstacle::Polygon(vec![
                f32_point(tip),
                f32_point(base + out.perp() * half),
                f32_point(base - out.perp() * half),
            ]));
        }
    }
    finish(format!("{label} polygons"), None, obstacles, closing)
}

/// Polygon bounds: a star, a comb, a spiral, an L or a U, rotated, large; obstacles crossing
/// their edges or inside.
fn polygon_bounds(rng: &mut Rng, label: &str) -> Option<Case> {
    let local = match rng.below(4) {
        0 => star(rng),
        1 => comb(rng),
        2 => spiral(rng),
        _ => letter(rng),
    };
    let outline = place(
        &local,
        DVec2::splat(SIZE / 2.0),
        rng.range(0.0, TAU),
        rng.range(7.0, 12.0),
        rng.unit() < 0.5,
    );
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    for _ in 0..(1 + rng.below(5)) {
        let scale = rng.range(0.5, 2.5);
        let at = if rng.unit() < 0.5 {
            // On a vertex or an edge of the bounds (crossing them).
            let i = rng.below(outline.len());
            let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
            a.lerp(b, rng.unit())
        } else {
            DVec2::new(rng.range(2.0, SIZE - 2.0), rng.range(2.0, SIZE - 2.0))
        };
        if rng.unit() < 0.3 {
            obstacles.push(circle_obstacle(at, scale * 0.4));
        } else {
            obstacles.push(polygon_obstacle(rng, at, scale));
        }
    }
    // A circle almost touching a reflex corner of the bounds (a convex corner of the free space
    // seen from outside: reflex seen from the walkable side).
    let reflex = reflex_corners(&outline);
    if !reflex.is_empty() && rng.unit() < 0.5 {
        // The outline's reflex corners bulge into the walkable area; the outward bisector of
        // the outline (as an obstacle) points into the bounds there.
        let (corner, out) = reflex[rng.below(reflex.len())];
        let d = [0.0, 1e-5, 0.05, 0.4][rng.below(4)];
        if d > 0.0 {
            closing.push(d / 2.0);
        }
        let s = rng.range(0.2, 1.0);
        obstacles.push(circle_obstacle(corner - out * (d + s), s));
    }
    finish(
        format!("{label} polygon bounds"),
        Some(outline),
        obstacles,
        closing,
    )
}

/// Circles among polygons: tangent (or nearly) to edges and corners, gaps of chosen widths.
fn circles_among_polygons(rng: &mut Rng, label: &str) -> Option<Case> {
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    for _ in 0..(2 + rng.below(4)) {
        let at = DVec2::new(rng.range(1.0, SIZE - 1.0), rng.range(1.0, SIZE - 1.0));
        let scale = rng.range(1.5, 5.0);
        obstacles.push(polygon_obstacle(rng, at, scale));
    }
    let polys: Vec<Vec<DVec2>> = obstacles.iter().filter_map(|o| o.outline()).collect();
    for _ in 0..(2 + rng.below(5)) {
        let p = &polys[rng.below(polys.len())];
        let i = rng.below(p.len());
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        let gap = [0.0, 0.0, 1e-6, 1e-3, 0.1, 0.5, 1.0][rng.below(7)];
        if gap > 0.0 {
            closing.push(gap / 2.0);
        }
        let radius = rng.range(0.1, 1.5);
        let center = if rng.unit() < 0.6 {
            // Outside the edge's middle (counter-clockwise outline: outside is to the right).
            let t = rng.range(0.1, 0.9);
            let n = (b - a).perp().normalize_or_zero();
            a.lerp(b, t) - n * (radius + gap)
        } else {
            // Off the corner a.
            let n = p[(i + p.len() - 1) % p.len()];
            let dir =
                ((a - n).normalize_or_zero() + (a - b).normalize_or_zero()).normalize_or(DVec2::X);
            a + dir * (radius + gap)
        };
        obstacles.push(circle_obstacle(center, radius));
        // Now and then a second circle tangent to the first.
        if rng.unit() < 0.3 {
            let r2 = rng.range(0.1, 1.0);
            let d = DVec2::from_angle(rng.range(0.0, TAU));
            obstacles.push(circle_obstacle(center + d * (radius + r2), r2));
        }
    }
    finish(format!("{label} circles"), None, obstacles, closing)
}

/// A large world: 30 to 150 obstacles of every kind.
fn large(rng: &mut Rng, label: &str) -> Option<Case> {
    let count = 30 + rng.below(121);
    let mut obstacles = Vec::new();
    for _ in 0..count {
        let at = DVec2::new(rng.range(-0.3, SIZE + 0.3), rng.range(-0.3, SIZE + 0.3));
        let scale = rng.range(0.2, 1.2);
        obstacles.push(match rng.below(5) {
            0 => circle_obstacle(at, scale * 0.5),
            1 => {
                let h = DVec2::new(rng.range(0.1, 1.0), rng.range(0.1, 1.0)) * scale;
                OracleObstacle::Box {
                    min: f32_point(at - h),
                    max: f32_point(at + h),
                }
            }
            _ => polygon_obstacle(rng, at, scale * 1.5),
        });
    }
    finish(
        format!("{label} large ({count})"),
        None,
        obstacles,
        Vec::new(),
    )
}

/// Rectangles (rotated polygons) in a row along one line, their bases on it (collinear up to
/// the `f32` rounding of their corners), gaps of zero, a hair or a fraction between them, on
/// one side of the line or now and then the other; now and then a long wall along the line
/// on the far side, leaving a corridor of a chosen width.
fn aligned(rng: &mut Rng, label: &str) -> Option<Case> {
    let angle = rng.range(0.0, TAU);
    let dir = DVec2::from_angle(angle);
    let up = dir.perp();
    let origin = DVec2::new(rng.range(2.0, 6.0), rng.range(2.0, 6.0));
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    let mut x = 0.0;
    for _ in 0..(3 + rng.below(6)) {
        let w = rng.range(0.3, 2.0);
        let h = rng.range(0.3, 2.0);
        let side = if rng.unit() < 0.8 { 1.0 } else { -1.0 };
        let base = origin + dir * x;
        let pts = [
            base,
            base + dir * w,
            base + dir * w + up * (h * side),
            base + up * (h * side),
        ];
        let mut pts: Vec<DVec2> = pts.iter().map(|&p| f32_point(p)).collect();
        if rng.unit() < 0.5 {
            pts.reverse();
        }
        obstacles.push(OracleObstacle::Polygon(pts));
        let gap = [0.0, 0.0, 1e-6, 1e-3, 0.2, 0.6][rng.below(6)];
        if gap > 0.0 {
            closing.push(gap / 2.0);
        }
        x += w + gap;
    }
    if rng.unit() < 0.5 {
        // A wall along the line on the far side: a corridor of width `c`.
        let c = [0.3, 0.5, 1.0, rng.range(0.1, 1.5)][rng.below(4)];
        closing.push(c / 2.0);
        let a = origin - dir * 1.0 - up * c;
        let b = origin + dir * (x + 1.0) - up * c;
        obstacles.push(OracleObstacle::Polygon(vec![
            f32_point(a),
            f32_point(a - up * 0.4),
            f32_point(b - up * 0.4),
            f32_point(b),
        ]));
    }
    finish(format!("{label} aligned"), None, obstacles, closing)
}

fn case(seed: u64) -> Option<Case> {
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2b1d);
    let label = format!("case {seed}");
    match seed % 6 {
        0 => polygons(&mut rng, &label, 2 + seed as usize % 4),
        1 => polygon_bounds(&mut rng, &label),
        2 => circles_among_polygons(&mut rng, &label),
        3 => polygons(&mut rng, &label, 4 + seed as usize % 5),
        4 => aligned(&mut rng, &label),
        _ => {
            if seed % 12 == 11 {
                large(&mut rng, &label)
            } else {
                polygon_bounds(&mut rng, &label)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Mesh worlds of a case: as given, scaled by 8, and the grown worlds of the bracket.

fn mesh_of(case: &Case, scale: f64) -> MeshWorld {
    let s = |p: DVec2| (p * scale).as_vec2();
    let mut mesh = match &case.polygon_bounds {
        Some(pts) => {
            MeshWorld::with_polygon_bounds(&pts.iter().map(|&p| s(p)).collect::<Vec<_>>()).unwrap()
        }
        None => MeshWorld::new(Aabb::new(s(case.world.min), s(case.world.max))).unwrap(),
    };
    for o in &case.obstacles {
        let o = match o {
            OracleObstacle::Polygon(pts) => Obstacle::Polygon(pts.iter().map(|&p| s(p)).collect()),
            OracleObstacle::Box { min, max } => Obstacle::Box(Aabb::new(s(*min), s(*max))),
            OracleObstacle::Circle { center, radius } => {
                Obstacle::Circle(Circle::new(s(*center), (radius * scale) as f32))
            }
        };
        mesh.insert(o).unwrap();
    }
    mesh
}

/// Convex hull, counter-clockwise.
fn hull(mut pts: Vec<DVec2>) -> Vec<DVec2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    let mut out: Vec<DVec2> = Vec::new();
    for pass in 0..2 {
        let base = out.len();
        let it: Vec<DVec2> = if pass == 0 {
            pts.clone()
        } else {
            pts.iter().rev().copied().collect()
        };
        for p in it {
            while out.len() >= base + 2
                && (out[out.len() - 1] - out[out.len() - 2]).perp_dot(p - out[out.len() - 2]) <= 0.0
            {
                out.pop();
            }
            out.push(p);
        }
        out.pop();
    }
    out
}

/// The world grown by a regular `k`-gon of circumradius `rho` (inscribed: `rho = r - margin`,
/// circumscribed: `r / cos(π / k) + margin`), for the mesh at `r = 0`: every polygon edge swept
/// by the `k`-gon, the polygon itself, circles of radius `R + rho_circle`; box bounds shrunk by
/// `r` rounded the safe way, polygon bounds' outside pieces grown like obstacles inside the
/// oracle's box.
fn grown_world(case: &Case, r: f64, k: usize, growth: Growth) -> Option<MeshWorld> {
    const MARGIN: f64 = 4e-6;
    let (rho, circle_r) = match growth {
        Growth::Inscribed => ((r - MARGIN).max(0.0), (r - MARGIN).max(0.0)),
        Growth::Circumscribed => (r / (PI / k as f64).cos() + MARGIN, r + MARGIN),
    };
    let round = |x: f64, up: bool| {
        let f = x as f32;
        if up && (f as f64) < x {
            f.next_up()
        } else if !up && (f as f64) > x {
            f.next_down()
        } else {
            f
        }
    };
    // Lower: bounds as large as possible; upper: as small.
    let bigger = growth == Growth::Inscribed;
    let (lo, hi) = (
        case.world.min + DVec2::splat(r),
        case.world.max - DVec2::splat(r),
    );
    if lo.x > hi.x || lo.y > hi.y {
        return None;
    }
    let lo = Vec2::new(round(lo.x, !bigger), round(lo.y, !bigger));
    let hi = Vec2::new(round(hi.x, bigger), round(hi.y, bigger));
    if lo.x >= hi.x || lo.y >= hi.y {
        return None;
    }
    let mut mesh = MeshWorld::new(Aabb::new(lo, hi)).ok()?;
    let kgon: Vec<DVec2> = (0..k)
        .map(|j| DVec2::from_angle(TAU * j as f64 / k as f64) * rho)
        .collect();
    for o in &case.world.obstacles {
        match o {
            OracleObstacle::Circle { center, radius } => {
                let big = round(radius + circle_r, !bigger);
                let _ = mesh.insert(Obstacle::Circle(Circle::new(center.as_vec2(), big)));
            }
            _ => {
                let pts = o.outline().unwrap();
                if rho == 0.0 {
                    let _ = mesh.insert(mesh_obstacle(o));
                    continue;
                }
                let n = pts.len();
                let convex = (0..n).all(|i| {
                    (pts[(i + 1) % n] - pts[i]).perp_dot(pts[(i + 2) % n] - pts[(i + 1) % n]) >= 0.0
                });
                if convex {
                    // One convex polygon: the hull of the corners swept by the k-gon.
                    let cloud: Vec<DVec2> = pts
                        .iter()
                        .flat_map(|&a| kgon.iter().map(move |&q| a + q))
                        .collect();
                    let h: Vec<Vec2> = hull(cloud).iter().map(|p| p.as_vec2()).collect();
                    let _ = mesh.insert(Obstacle::Polygon(h));
                    continue;
                }
                let _ = mesh.insert(mesh_obstacle(o));
                for i in 0..n {
                    let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                    let cloud: Vec<DVec2> = kgon.iter().flat_map(|&q| [a + q, b + q]).collect();
                    let h: Vec<Vec2> = hull(cloud).iter().map(|p| p.as_vec2()).collect();
                    let _ = mesh.insert(Obstacle::Polygon(h));
                }
            }
        }
    }
    Some(mesh)
}

// ---------------------------------------------------------------------------------------------
// Brute force.

fn bounds_margin(world: &OracleWorld, p: DVec2) -> f64 {
    (p.x - world.min.x)
        .min(p.y - world.min.y)
        .min(world.max.x - p.x)
        .min(world.max.y - p.y)
}

/// Signed clearance from everything (obstacles, outside pieces, the box).
fn margin(world: &OracleWorld, p: DVec2) -> f64 {
    world.signed_clearance(p).min(bounds_margin(world, p))
}

/// Whether brute force is sure of the disc at `p`: no margin within `1e-7` of `r`.
fn sure(case: &Case, p: DVec2, r: f64) -> bool {
    let w = &case.world;
    std::iter::once(bounds_margin(w, p))
        .chain(w.obstacles.iter().map(|o| o.signed_distance_to_point(p)))
        .all(|m| (m - r).abs() > case.tie())
}

fn unsearched(case: &Case, s: DVec2, g: DVec2, r: f64) -> Option<PathStatus> {
    let world = &case.world;
    let own = world.obstacles.len() - case.outside;
    let in_bounds = |p: DVec2| {
        world.disc_in_bounds(p, r)
            && world.obstacles[own..]
                .iter()
                .all(|o| o.signed_distance_to_point(p) >= r)
    };
    let blocked = |p: DVec2| {
        world.obstacles[..own]
            .iter()
            .any(|o| o.signed_distance_to_point(p) < r)
    };
    if !in_bounds(s) {
        Some(PathStatus::OutOfBounds)
    } else if blocked(s) {
        Some(PathStatus::StartBlocked)
    } else if !in_bounds(g) {
        Some(PathStatus::OutOfBounds)
    } else if blocked(g) {
        Some(PathStatus::GoalBlocked)
    } else {
        None
    }
}

fn random_point(case: &Case, rng: &mut Rng) -> DVec2 {
    let (lo, hi) = match &case.polygon_bounds {
        Some(_) => (case.world.min + 3.0, case.world.max - 3.0),
        None => (case.world.min - 0.3, case.world.max + 0.3),
    };
    rng.point(lo, hi)
}

fn fitting_point(case: &Case, rng: &mut Rng, r: f64) -> Option<DVec2> {
    (0..300)
        .map(|_| random_point(case, rng))
        .find(|&p| unsearched(case, p, p, r).is_none())
}

/// Points near the grown boundary: off a random edge or corner by about `r` (rounded to f32,
/// so within a step of it), on a grown circle.
fn special_point(case: &Case, rng: &mut Rng, r: f64) -> Option<DVec2> {
    if case.world.obstacles.is_empty() {
        return None;
    }
    let o = &case.world.obstacles[rng.below(case.world.obstacles.len())];
    let p = match o {
        OracleObstacle::Circle { center, radius } => {
            *center + DVec2::from_angle(rng.range(0.0, TAU)) * (radius + r)
        }
        _ => {
            let pts = o.outline().unwrap();
            let i = rng.below(pts.len());
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            if rng.unit() < 0.5 {
                a.lerp(b, rng.unit()) - (b - a).perp().normalize_or_zero() * r
            } else {
                a + DVec2::from_angle(rng.range(0.0, TAU)) * r
            }
        }
    };
    Some(f32_point(p))
}

// ---------------------------------------------------------------------------------------------
// The checks.

#[derive(Default, Debug)]
struct Tally {
    worlds: usize,
    skipped_worlds: usize,
    queries: usize,
    found: usize,
    no_path: usize,
    unsearched: usize,
    oracle_r0: usize,
    bracket: usize,
    undecided: usize,
    reversed: usize,
    scaled: usize,
    partial: usize,
    sliced: usize,
    max_cost: usize,
    nearest: usize,
    fits: usize,
    rays: usize,
    nearest_fit: usize,
    /// Far worlds' queries compared with the world moved back to the origin.
    far: usize,
}

type Answer = (PathStatus, f64);

/// The grown worlds of the bracket, by radius and growth (built once per world).
type Grown = std::collections::HashMap<(u64, bool), Option<MeshWorld>>;

fn f32_up(r: f64) -> f64 {
    (r as f32).next_up() as f64
}

fn f32_down(r: f64) -> f64 {
    (r as f32).next_down().max(0.0) as f64
}

/// The oracle's geometric checker; far from the origin (where the pieces' ends are rounded
/// to `f32` steps of up to 1/128, more than the checker's `1e-3` and `1e-4`) a checker of the
/// same kind whose tolerances add two such steps.
fn check_path(
    case: &Case,
    r: f64,
    s: DVec2,
    g: DVec2,
    pieces: &[PathPiece],
    cost: f64,
) -> Result<(), String> {
    if case.ulp == 0.0 {
        return check_piece_path(&case.world, r, s, g, pieces, cost);
    }
    let world = &case.world;
    let e = 2.0 * case.ulp;
    let (join, clear) = (1e-3 + e, r - 1e-4 - e);
    let Some(first) = pieces.first() else {
        return if s.distance(g) <= join && cost.abs() <= 1e-4 {
            Ok(())
        } else {
            Err(format!("empty path from {s} to {g}, length {cost}"))
        };
    };
    if first.start_point().as_dvec2().distance(s) > join {
        return Err(format!("starts at {:?}, not at {s}", first.start_point()));
    }
    let last = pieces[pieces.len() - 1].end_point().as_dvec2();
    if last.distance(g) > join {
        return Err(format!("ends at {last}, not at {g}"));
    }
    let fits = |p: DVec2| world.disc_in_bounds(p, clear) && world.signed_clearance(p) >= clear;
    let mut total = 0.0;
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            let prev = pieces[i - 1].end_point().as_dvec2();
            if prev.distance(piece.start_point().as_dvec2()) > join {
                return Err(format!(
                    "piece {i} does not start where piece {} ends",
                    i - 1
                ));
            }
        }
        match piece {
            PathPiece::Line(l) => {
                let (a, b) = (l.a.as_dvec2(), l.b.as_dvec2());
                total += a.distance(b);
                if !fits(a) || !fits(b) {
                    return Err(format!(
                        "line {i} from {a} to {b} has an end that does not fit"
                    ));
                }
                for (j, o) in world.obstacles.iter().enumerate() {
                    let d = o.signed_distance_to_segment(a, b);
                    if d < clear {
                        return Err(format!("line {i} from {a} to {b} passes at {d} from {j}"));
                    }
                }
            }
            PathPiece::Arc(arc) => {
                let (c, radius) = (arc.center.as_dvec2(), arc.radius as f64);
                total += radius * arc.sweep as f64;
                let around = world.obstacles.iter().any(|o| match o {
                    OracleObstacle::Circle {
                        center,
                        radius: big,
                    } => c.distance(*center) <= e && (radius - big - r).abs() <= 1e-3,
                    _ => {
                        (radius - r).abs() <= 1e-3
                            && o.outline()
                                .unwrap_or_default()
                                .iter()
                                .any(|&k| k.distance(c) <= e)
                    }
                });
                if !around {
                    return Err(format!(
                        "arc {i} around {c} of radius {radius} is around nothing"
                    ));
                }
                let n = ((radius * arc.sweep as f64 / 0.01) as usize).clamp(64, 4096);
                for k in 0..=n {
                    let t = k as f64 / n as f64;
                    let theta = arc.start as f64 + arc.turn.sign() as f64 * arc.sweep as f64 * t;
                    let p = c + DVec2::from_angle(theta) * radius;
                    if !fits(p) {
                        return Err(format!("arc {i} does not fit at {p}"));
                    }
                }
            }
        }
    }
    if (total - cost).abs() > 1e-4 * cost.max(1.0) + e * pieces.len() as f64 {
        return Err(format!(
            "reported length {cost}, the pieces add up to {total}"
        ));
    }
    Ok(())
}

/// Checks one query against brute force, the bracket and the checker.
#[allow(clippy::too_many_arguments)]
fn check_query(
    case: &Case,
    mesh: &MeshWorld,
    ctx: &mut MeshContext,
    r: f64,
    s: DVec2,
    g: DVec2,
    bracket: bool,
    grown: &mut Grown,
    tally: &mut Tally,
) -> Answer {
    let world = &case.world;
    let query = MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(r as f32);
    let path = ctx.find_path(mesh, &query).unwrap();
    let (status, cost) = (path.status(), path.cost());
    let context = || format!("{}: r {r} from {s} to {g}\n{case:?}", case.label);
    tally.queries += 1;
    if !(sure(case, s, r) && sure(case, g, r)) {
        return (status, cost);
    }
    if let Some(expected) = unsearched(case, s, g, r) {
        tally.unsearched += 1;
        assert_eq!(status, expected, "{}", context());
        return (status, cost);
    }
    assert!(
        matches!(status, PathStatus::Found | PathStatus::NoPath),
        "status {status:?}\n{}",
        context()
    );
    if status == PathStatus::Found {
        tally.found += 1;
        check_path(case, r, s, g, path.path(), cost)
            .unwrap_or_else(|e| panic!("checker: {e}\n{}\npath {:?}", context(), path.path()));
    } else {
        tally.no_path += 1;
    }
    if s == g {
        assert!(status == PathStatus::Found && cost == 0.0, "{}", context());
        return (status, cost);
    }
    if !bracket {
        return (status, cost);
    }
    let (lower, upper) = if r == 0.0 {
        tally.oracle_r0 += 1;
        let k = 64;
        let upper =
            grown_shortest_path(world, 0.0, s, g, k, Growth::Circumscribed).map(|p| p.length);
        (
            grown_shortest_path(world, 0.0, s, g, k, Growth::Inscribed).map(|p| p.length),
            upper,
        )
    } else {
        tally.bracket += 1;
        // The bracket's width falls with k (1/cos(π/k) - 1 of r: 3e-4 at 128), its cost
        // grows with k times the edges (inserting thousands of overlapping pieces is slow).
        let edges: usize = world
            .obstacles
            .iter()
            .map(|o| o.outline().map_or(0, |p| p.len()))
            .sum();
        let k = match edges {
            0..=40 => 128,
            41..=120 => 64,
            _ => 32,
        };
        let mut c0 = MeshContext::new();
        let mut solve = |growth| {
            let w = grown
                .entry((r.to_bits(), growth == Growth::Inscribed))
                .or_insert_with(|| grown_world(case, r, k, growth));
            w.as_ref().and_then(|w| {
                let p = c0
                    .find_path(w, &MeshQuery::new(s.as_vec2(), g.as_vec2()))
                    .unwrap();
                p.is_found().then(|| p.cost())
            })
        };
        (solve(Growth::Inscribed), solve(Growth::Circumscribed))
    };
    // Lengths within 1e-6 (rounded grown corners move them by about 1e-6 absolute).
    let slack = |x: f64| 1e-6 * x + 2e-5;
    match status {
        PathStatus::Found => {
            let lo = lower.unwrap_or_else(|| {
                panic!(
                    "found {cost} where the lower problem has no path\n{}\npath {:?}",
                    context(),
                    path.path()
                )
            });
            assert!(
                cost >= lo - slack(lo),
                "length {cost} below the lower bound {lo}\n{}\npath {:?}",
                context(),
                path.path()
            );
            match upper {
                Some(hi) => assert!(
                    cost <= hi + slack(hi),
                    "length {cost} above the upper bound {hi} (lower {lo})\n{}\npath {:?}",
                    context(),
                    path.path()
                ),
                None => tally.undecided += 1,
            }
        }
        _ => {
            assert!(
                upper.is_none(),
                "no path, but the upper problem has one of {upper:?} (lower {lower:?})\n{}",
                context()
            );
            if lower.is_some() {
                tally.undecided += 1;
            }
        }
    }
    (status, cost)
}

/// Relations of a query whose ends fit: both ways, scaled, connected, limits, partial, sliced.
#[allow(clippy::too_many_arguments)]
fn check_relations(
    case: &Case,
    mesh: &MeshWorld,
    scaled: &MeshWorld,
    ctx: &mut MeshContext,
    r: f64,
    s: DVec2,
    g: DVec2,
    answer: Answer,
    near_tie: bool,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let context = || format!("{}: r {r} from {s} to {g}\n{case:?}", case.label);
    let rf = r as f32;
    let query = MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(rf);
    let back = ctx
        .find_path(
            mesh,
            &MeshQuery::new(g.as_vec2(), s.as_vec2()).with_radius(rf),
        )
        .unwrap();
    tally.reversed += 1;
    assert_eq!(back.status(), answer.0, "reversed\n{}", context());
    if answer.0 == PathStatus::Found {
        assert!(
            same_length(back.cost(), answer.1, 1e-7),
            "reversed {} vs {}\n{}",
            back.cost(),
            answer.1,
            context()
        );
    }
    let connected = mesh.connected(s.as_vec2(), g.as_vec2(), rf).unwrap();
    assert_eq!(
        connected,
        answer.0 == PathStatus::Found,
        "connected says {connected}, find_path {:?}\n{}",
        answer.0,
        context()
    );
    if !near_tie {
        let q = MeshQuery::new((s * 8.0).as_vec2(), (g * 8.0).as_vec2()).with_radius(rf * 8.0);
        let p = ctx.find_path(scaled, &q).unwrap();
        tally.scaled += 1;
        assert_eq!(p.status(), answer.0, "scaled by 8\n{}", context());
        if answer.0 == PathStatus::Found {
            assert!(
                same_length(p.cost() / 8.0, answer.1, 1e-6),
                "scaled by 8: {} vs {}\n{}",
                p.cost() / 8.0,
                answer.1,
                context()
            );
        }
    }
    let asked = Asked {
        mesh,
        query,
        answer,
        s,
        g,
    };
    tally.max_cost += usize::from(asked.check_max_cost(ctx, &context));
    let max = 1 + rng.below(12);
    let check =
        |end: DVec2, pieces: &[PathPiece], cost: f64| check_path(case, r, s, end, pieces, cost);
    asked.check_partial(ctx, max, 2.0 * case.ulp, &check, &context);
    tally.partial += 1;
    if rng.unit() < 0.3 {
        let budget = [1, 3, 50][rng.below(3)];
        let query = match rng.below(3) {
            0 => query.with_limits(
                Limits::default()
                    .with_max_expanded(1 + rng.below(8))
                    .with_partial_path(rng.unit() < 0.5),
            ),
            _ => query,
        };
        let mut twin = ctx.clone();
        let one = twin.find_path(mesh, &query).unwrap();
        let (one, pieces) = (one.outcome(), one.path().to_vec());
        let mut state = ctx.begin_sliced(mesh, &query).unwrap();
        while let SliceState::Running { .. } = state {
            state = ctx.step_sliced(mesh, budget).unwrap();
        }
        let sliced = ctx.sliced_path().unwrap();
        assert_eq!(sliced.outcome(), one, "sliced\n{}", context());
        assert_eq!(sliced.path(), &pieces[..], "sliced\n{}", context());
        tally.sliced += 1;
    }
}

/// The radii of a world's queries: 0, a random one, now and then a large one, and every
/// closing radius with the `f32` either side; and the closing radii.
fn radii_of(case: &Case, rng: &mut Rng) -> (Vec<f64>, Vec<f64>) {
    let mut radii: Vec<f64> = vec![0.0, rng.range(0.05, 1.5) as f32 as f64];
    if rng.unit() < 0.3 {
        radii.push(rng.range(1.5, 3.0) as f32 as f64);
    }
    let mut closing = case.closing.clone();
    closing.retain(|&h| h > 0.0 && h < 3.0);
    closing.sort_by(f64::total_cmp);
    closing.dedup();
    let closing: Vec<f64> = closing.iter().map(|&h| h as f32 as f64).collect();
    for &h in &closing {
        radii.extend([f32_down(h), h, f32_up(h)]);
    }
    radii.sort_by(f64::total_cmp);
    radii.dedup();
    (radii, closing)
}

fn hunt_world(case: &Case, seed: u64, queries: usize, tally: &mut Tally) {
    let mesh = mesh_of(case, 1.0);
    let scaled = mesh_of(case, 8.0);
    let mut rng = Rng::new(seed ^ 0x5eed_2222);
    let mut ctx = MeshContext::new();
    let mut grown = Grown::new();
    tally.worlds += 1;
    let big = case.world.obstacles.len() > 12;
    let (radii, closing) = radii_of(case, &mut rng);
    // Big worlds: fewer radii per pair of points.
    let bracket_share = if big { 0.35 } else { 1.0 };
    for _ in 0..queries {
        let r_pick = radii[rng.below(radii.len())];
        let pick = |rng: &mut Rng| match rng.below(4) {
            0 => Some(random_point(case, rng)),
            1 => special_point(case, rng, r_pick),
            _ => fitting_point(case, rng, r_pick),
        };
        let (Some(s), Some(g)) = (pick(&mut rng), pick(&mut rng)) else {
            continue;
        };
        let mut last: Option<(f64, Answer)> = None;
        for &r in &radii {
            if big && r != r_pick && rng.unit() < 0.5 {
                continue;
            }
            let near_tie = closing.iter().any(|&h| (r - h).abs() < 1e-5);
            let bracket = rng.unit() < bracket_share && !near_tie;
            let answer = check_query(case, &mesh, &mut ctx, r, s, g, bracket, &mut grown, tally);
            let fits = unsearched(case, s, g, r).is_none() && sure(case, s, r) && sure(case, g, r);
            if !fits {
                last = None;
                continue;
            }
            check_relations(
                case, &mesh, &scaled, &mut ctx, r, s, g, answer, near_tie, &mut rng, tally,
            );
            // Monotone in the radius.
            if let Some((r0, a0)) = last {
                if answer.0 == PathStatus::Found {
                    let context = format!("{}: r {r} from {s} to {g}\n{case:?}", case.label);
                    assert_eq!(
                        a0.0,
                        PathStatus::Found,
                        "found at r {r} but not at the smaller r {r0}\n{context}"
                    );
                    assert!(
                        answer.1 >= a0.1 - 1e-9 * answer.1.max(1.0),
                        "shorter at r {r} ({}) than at r {r0} ({})\n{context}",
                        answer.1,
                        a0.1
                    );
                }
            }
            last = Some((r, answer));
        }
    }
    hunt_nearest(case, &mesh, &mut ctx, &radii, &mut rng, tally);
    hunt_spatial(case, &mesh, &radii, &mut rng, tally);
}

/// `find_nearest` with many goals against the shortest `find_path`, also under limits.
fn hunt_nearest(
    case: &Case,
    mesh: &MeshWorld,
    ctx: &mut MeshContext,
    radii: &[f64],
    rng: &mut Rng,
    tally: &mut Tally,
) {
    for _ in 0..2 {
        let r = radii[rng.below(radii.len())];
        let rf = r as f32;
        let Some(s) = fitting_point(case, rng, r) else {
            continue;
        };
        let goals: Vec<Vec2> = (0..1 + rng.below(12))
            .map(|_| {
                if rng.unit() < 0.4 {
                    random_point(case, rng).as_vec2()
                } else {
                    fitting_point(case, rng, r).unwrap_or(s).as_vec2()
                }
            })
            .collect();
        let sure_goals = goals.iter().all(|g| sure(case, g.as_dvec2(), r)) && sure(case, s, r);
        let best = goals
            .iter()
            .filter_map(|&g| {
                let p = ctx
                    .find_path(mesh, &MeshQuery::new(s.as_vec2(), g).with_radius(rf))
                    .unwrap();
                p.is_found().then(|| p.cost())
            })
            .fold(f64::INFINITY, f64::min);
        let q = MeshQuery::new(s.as_vec2(), Vec2::ZERO).with_radius(rf);
        let nearest = ctx.find_nearest(mesh, &q, &goals).unwrap();
        tally.nearest += 1;
        let label = &case.label;
        if best.is_finite() {
            assert!(
                nearest.answer.is_found() && same_length(nearest.answer.cost(), best, 1e-9),
                "{label}: nearest {:?} vs best {best} from {s} r {r} to {goals:?}",
                nearest.answer.outcome()
            );
        } else {
            assert!(
                !nearest.answer.is_found(),
                "{label}: nearest found {} from {s} r {r}, no find_path did",
                nearest.answer.cost()
            );
        }
        let limits = Limits::default()
            .with_max_expanded(1 + rng.below(8))
            .with_partial_path(true);
        let limited = ctx
            .find_nearest(mesh, &q.with_limits(limits), &goals)
            .unwrap();
        let (status, cost) = (limited.answer.status(), limited.answer.cost());
        if status == PathStatus::Found {
            assert!(
                same_length(cost, best, 1e-9),
                "{label}: limited nearest {cost} vs best {best} from {s} r {r}"
            );
        } else if sure_goals && matches!(status, PathStatus::LimitReached | PathStatus::NoPath) {
            let pieces = limited.answer.path().to_vec();
            let end = pieces.last().map_or(s, |p| p.end_point().as_dvec2());
            check_path(case, r, s, end, &pieces, cost).unwrap_or_else(|e| {
                panic!("{label}: limited nearest's partial path: {e} from {s} r {r}")
            });
        }
    }
}

/// `fits` against brute force, `raycast` against marching the disc, `nearest_fit` against a
/// sample around the point.
fn hunt_spatial(case: &Case, mesh: &MeshWorld, radii: &[f64], rng: &mut Rng, tally: &mut Tally) {
    let world = &case.world;
    let label = &case.label;
    let fits_brute = |p: DVec2, r: f64| unsearched(case, p, p, r).is_none();
    for _ in 0..16 {
        let r = radii[rng.below(radii.len())];
        let rf = r as f32;
        let p = if rng.unit() < 0.4 {
            special_point(case, rng, r).unwrap_or_else(|| random_point(case, rng))
        } else {
            random_point(case, rng)
        };
        if !sure(case, p, r) {
            continue;
        }
        tally.fits += 1;
        let fits = fits_brute(p, r);
        assert_eq!(
            mesh.fits(p.as_vec2(), rf).unwrap(),
            fits,
            "{label}: fits at {p} r {r}, margin {}",
            margin(world, p)
        );
        if fits {
            tally.rays += 1;
            let dir = DVec2::from_angle(rng.range(0.0, TAU)).as_vec2().as_dvec2();
            let max = rng.range(0.5, 20.0) as f32 as f64;
            let hit = mesh
                .raycast(p.as_vec2(), dir.as_vec2(), max as f32, rf)
                .unwrap()
                .map(|d| d as f64);
            let clear = |t: f64, slack: f64| {
                let q = p + dir * t;
                unsearched(case, q, q, r - slack).is_none()
            };
            let h = 0.002;
            let mut first_out = None;
            let mut t = 0.0;
            while t <= max {
                if !clear(t, case.tie()) {
                    first_out = Some(t);
                    break;
                }
                t += h;
            }
            let context = || {
                format!(
                    "{label}: ray from {p} dir {dir} max {max} r {r}: {hit:?}, marching {first_out:?}"
                )
            };
            match (hit, first_out) {
                (None, Some(_)) => panic!("ray passes a contact: {}", context()),
                (Some(d), Some(t)) => assert!(d <= t + 1e-4, "{}", context()),
                _ => {}
            }
            if let Some(d) = hit {
                assert!(d >= 0.0 && d <= max + 1e-4, "{}", context());
                let mut t = 0.0;
                while t < d - 1e-3 {
                    assert!(
                        clear(t, 1e-4),
                        "the disc overlaps at {t} before the contact: {}",
                        context()
                    );
                    t += h;
                }
            }
        }
        if rng.unit() < 0.25 {
            tally.nearest_fit += 1;
            let near = mesh.nearest_fit(p.as_vec2(), rf).unwrap();
            let fits_well = |q: DVec2| fits_brute(q, r + 10.0 * case.tie());
            match near {
                None => {
                    let (lo, hi) = (world.min, world.max);
                    for i in 0..=80 {
                        for j in 0..=80 {
                            let q = lo + (hi - lo) * DVec2::new(i as f64, j as f64) / 80.0;
                            assert!(
                                !fits_well(q),
                                "{label}: {q} fits (r {r}), nearest_fit from {p} says none"
                            );
                        }
                    }
                }
                Some(q) => {
                    let q = q.as_dvec2();
                    assert!(
                        fits_brute(q, r - 1e-4),
                        "{label}: nearest_fit {q} from {p} does not fit (r {r})"
                    );
                    let d = p.distance(q);
                    if d > 0.0 {
                        let step = (d / 30.0).max(0.005);
                        let n = (d / step).ceil() as i64;
                        // f32 samples: the answer is an f32 point, and far from the origin
                        // a sliver of free space may hold none.
                        for i in -n..=n {
                            for j in -n..=n {
                                let x = f32_point(p + DVec2::new(i as f64, j as f64) * step);
                                if x.distance(p) < d - 1e-3 - 2.0 * case.ulp {
                                    assert!(
                                        !fits_well(x),
                                        "{label}: {x} fits (r {r}) nearer to {p} than nearest_fit's {q}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn general_polygon_worlds() {
    let mut tally = Tally::default();
    let seeds = cases(24);
    let failed = sweep(seeds, |seed| {
        let Some(case) = case(seed) else {
            tally.skipped_worlds += 1;
            return;
        };
        let queries = if case.world.obstacles.len() > 12 {
            2
        } else {
            3
        };
        hunt_world(&case, seed, queries, &mut tally);
    });
    eprintln!("{tally:?}");
    assert!(
        failed.is_empty(),
        "{} worlds failed: {failed:?}",
        failed.len()
    );
    // Every kind of check is met (24 worlds meet each several times; a single seed may not).
    if tally.worlds >= 20 {
        assert!(tally.worlds >= tally.skipped_worlds * 3);
        assert!(tally.found > tally.worlds && tally.bracket + tally.oracle_r0 > tally.worlds);
        assert!(tally.no_path > 0 && tally.unsearched > tally.worlds && tally.scaled > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Far from the origin: the general worlds moved 1e4 to 1e5 away (either sign), where one `f32`
// step is 1/1024 to 1/128, every coordinate rounded there; judged by brute force, the checker
// (with tolerances of two such steps) and the relations, and against the same rounded world
// moved back to the origin (exactly), which the bracket judges.

/// The offsets of the far worlds (`f32` values).
const OFFSETS: [(f32, f32); 6] = [
    (10_000.0, 10_000.0),
    (12_345.679, -23_456.79),
    (-65_536.0, 65_536.0),
    (70_000.3, 30_000.7),
    (-99_999.5, -54_321.25),
    (100_000.0, -100_000.0),
];

/// The `f32` spacing at the largest coordinate magnitude of `world` (plus the room around it
/// where points are picked).
fn spacing(world: &OracleWorld) -> f64 {
    let m = world.min.abs().max(world.max.abs()).max_element() + 8.0;
    2f64.powf(m.log2().floor() - 23.0)
}

/// The case moved by `off`, every coordinate rounded to `f32` (polygons the mesh then refuses
/// are dropped); with `exact`, every coordinate must move exactly. `None` when polygon bounds
/// are refused.
fn translated(case: &Case, off: DVec2, ulp: f64, exact: bool) -> Option<Case> {
    let f = |p: DVec2| {
        let q = f32_point(p + off);
        assert!(!exact || q == p + off, "{p} does not move exactly by {off}");
        q
    };
    let obstacles = case
        .obstacles
        .iter()
        .map(|o| match o {
            OracleObstacle::Polygon(pts) => {
                OracleObstacle::Polygon(pts.iter().map(|&p| f(p)).collect())
            }
            OracleObstacle::Box { min, max } => OracleObstacle::Box {
                min: f(*min),
                max: f(*max),
            },
            OracleObstacle::Circle { center, radius } => OracleObstacle::Circle {
                center: f(*center),
                radius: *radius,
            },
        })
        .collect();
    let bounds = case
        .polygon_bounds
        .as_ref()
        .map(|pts| pts.iter().map(|&p| f(p)).collect());
    let square = (f(case.world.min), f(case.world.max));
    let label = format!("{} moved by {off}", case.label);
    finish_in(label, bounds, square, obstacles, case.closing.clone(), ulp)
}

/// A general world of `case(seed)` moved far away, and that (rounded) world moved back to the
/// origin exactly; `None` when the two do not hold the same obstacles.
fn far_cases(seed: u64) -> Option<(Case, Case, DVec2)> {
    let base = case(seed)?;
    let (x, y) = OFFSETS[seed as usize % OFFSETS.len()];
    let off = DVec2::new(x as f64, y as f64);
    let mut far = translated(&base, off, 1.0, false)?;
    far.ulp = spacing(&far.world);
    let back = translated(&far, -off, 0.0, true)?;
    (back.obstacles.len() == far.obstacles.len()).then_some((far, back, off))
}

/// One far world's queries: the far world checked as a general one (without the bracket), the
/// world moved back checked with it, and the far answer between the near answers at `r - 1e-5`
/// and `r + 1e-5` (the far world's tolerance is about 1e-6, the near one's 1.6e-8).
fn hunt_far(far: &Case, back: &Case, off: DVec2, seed: u64, queries: usize, tally: &mut Tally) {
    let mesh = mesh_of(far, 1.0);
    let scaled = mesh_of(far, 8.0);
    let near = mesh_of(back, 1.0);
    let mut rng = Rng::new(seed ^ 0x5eed_3333);
    let (mut ctx, mut near_ctx) = (MeshContext::new(), MeshContext::new());
    let (mut grown, mut grown_far) = (Grown::new(), Grown::new());
    tally.worlds += 1;
    let (radii, closing) = radii_of(back, &mut rng);
    for _ in 0..queries {
        let r_pick = radii[rng.below(radii.len())];
        let pick = |rng: &mut Rng| match rng.below(4) {
            0 => Some(random_point(far, rng)),
            1 => special_point(far, rng, r_pick),
            _ => fitting_point(far, rng, r_pick),
        };
        let (Some(s), Some(g)) = (pick(&mut rng), pick(&mut rng)) else {
            continue;
        };
        let home = |p: DVec2| {
            let q = p - off;
            assert_eq!(f32_point(q), q, "{p} does not move back exactly");
            q
        };
        let (sb, gb) = (home(s), home(g));
        for &r in &radii {
            let near_tie = closing.iter().any(|&h| (r - h).abs() < 1e-5);
            let answer = check_query(far, &mesh, &mut ctx, r, s, g, false, &mut grown_far, tally);
            let bracket = !near_tie && rng.unit() < 0.5;
            check_query(
                back,
                &near,
                &mut near_ctx,
                r,
                sb,
                gb,
                bracket,
                &mut grown,
                tally,
            );
            let fits = unsearched(far, s, g, r).is_none() && sure(far, s, r) && sure(far, g, r);
            if !fits {
                continue;
            }
            let mut at = |r: f64| {
                let q = MeshQuery::new(sb.as_vec2(), gb.as_vec2()).with_radius(r as f32);
                let p = near_ctx.find_path(&near, &q).unwrap();
                (p.status(), p.cost())
            };
            let (lo, hi) = (at((r - 1e-5).max(0.0)), at(r + 1e-5));
            tally.far += 1;
            let context = || {
                format!(
                    "{}: r {r} from {s} to {g} ({sb} to {gb} at the origin): far {answer:?}, \
                     near at r -+ 1e-5 {lo:?} {hi:?}\n{far:?}",
                    far.label
                )
            };
            if answer.0 == PathStatus::Found {
                assert!(
                    lo.0 == PathStatus::Found && answer.1 >= lo.1 * (1.0 - 1e-9) - 1e-9,
                    "far below the near world at a smaller radius: {}",
                    context()
                );
            }
            if hi.0 == PathStatus::Found {
                assert!(
                    answer.0 == PathStatus::Found && answer.1 <= hi.1 * (1.0 + 1e-9) + 1e-9,
                    "far above the near world at a larger radius: {}",
                    context()
                );
            }
            check_relations(
                far, &mesh, &scaled, &mut ctx, r, s, g, answer, near_tie, &mut rng, tally,
            );
        }
    }
    hunt_nearest(far, &mesh, &mut ctx, &radii, &mut rng, tally);
    hunt_spatial(far, &mesh, &radii, &mut rng, tally);
}

#[test]
fn general_worlds_far_from_the_origin() {
    let mut tally = Tally::default();
    let failed = sweep(cases(12), |seed| {
        let Some((far, back, off)) = far_cases(seed) else {
            tally.skipped_worlds += 1;
            return;
        };
        let queries = if far.world.obstacles.len() > 12 { 1 } else { 2 };
        hunt_far(&far, &back, off, seed, queries, &mut tally);
    });
    eprintln!("{tally:?}");
    assert!(
        failed.is_empty(),
        "{} worlds failed: {failed:?}",
        failed.len()
    );
    if tally.worlds >= 10 {
        assert!(tally.far > tally.worlds && tally.found > tally.worlds);
        assert!(tally.bracket + tally.oracle_r0 > 0 && tally.rays > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Edits.

/// An obstacle moved and turned: polygons by a random rotation about a point and a shift,
/// circles shifted and resized, boxes shifted (all rounded to f32, off any lattice).
fn moved(o: &OracleObstacle, rng: &mut Rng) -> OracleObstacle {
    let shift = DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
    match o {
        OracleObstacle::Polygon(pts) => {
            let c = pts.iter().copied().sum::<DVec2>() / pts.len() as f64;
            let rot = DVec2::from_angle(rng.range(-PI, PI));
            OracleObstacle::Polygon(
                pts.iter()
                    .map(|&p| f32_point(c + shift + rot.rotate(p - c)))
                    .collect(),
            )
        }
        OracleObstacle::Box { min, max } => OracleObstacle::Box {
            min: f32_point(*min + shift),
            max: f32_point(*max + shift),
        },
        OracleObstacle::Circle { center, radius } => {
            circle_obstacle(*center + shift, radius * rng.range(0.5, 1.5))
        }
    }
}

/// Insert / set / remove sequences over the obstacles of several cases (with polygon bounds
/// now and then), `prepare_connected` before some edits (so that later edits repair the
/// triangulation), every query kind after each step against a world built from scratch.
#[test]
fn general_edit_sequences_match_a_rebuild() {
    let mut steps_run = 0;
    let mut queries = 0;
    let seeds = cases(6);
    let failed = sweep(seeds, |seed| {
        let mut pool = Vec::new();
        for k in 0..4 {
            if let Some(c) = case(seed * 10 + [0, 2, 3, 5][k]) {
                pool.extend(c.obstacles);
            }
        }
        // Polygon bounds from a case of that kind.
        let bounds = if seed % 2 == 1 {
            (0..10).find_map(|k| case(seed * 50 + 5 * k + 1).and_then(|c| c.polygon_bounds))
        } else {
            None
        };
        let fresh_world = || match &bounds {
            Some(outline) => MeshWorld::with_polygon_bounds(
                &outline.iter().map(|p| p.as_vec2()).collect::<Vec<_>>(),
            )
            .unwrap(),
            None => MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(SIZE as f32))).unwrap(),
        };
        // A case around the bounds, for the random points.
        let shell = finish(String::new(), bounds.clone(), Vec::new(), Vec::new()).unwrap();
        let mut rng = Rng::new(seed + 991);
        let mut world = fresh_world();
        let mut live: Vec<(ObstacleId, OracleObstacle)> = Vec::new();
        let mut ctx = MeshContext::new();
        let mut log: Vec<String> = Vec::new();
        for step in 0..24 {
            if rng.unit() < 0.3 {
                world.prepare_connected();
                log.push("prepare_connected".into());
            }
            let op = rng.below(5);
            if live.is_empty() || op <= 1 {
                let o = pool[rng.below(pool.len())].clone();
                if let Ok(id) = world.insert(mesh_obstacle(&o)) {
                    log.push(format!("insert {o:?}"));
                    live.push((id, o));
                }
            } else if op <= 3 {
                let i = rng.below(live.len());
                let o = if rng.unit() < 0.6 {
                    moved(&live[i].1, &mut rng)
                } else {
                    pool[rng.below(pool.len())].clone()
                };
                if world.set(live[i].0, mesh_obstacle(&o)).is_ok() {
                    log.push(format!("set {i} {o:?}"));
                    live[i].1 = o;
                }
            } else {
                let i = rng.below(live.len());
                let (id, _) = live.remove(i);
                log.push(format!("remove {i}"));
                assert!(world.remove(id).is_some());
            }
            let mut fresh = fresh_world();
            for (_, o) in &live {
                fresh.insert(mesh_obstacle(o)).unwrap();
            }
            if rng.unit() < 0.5 {
                fresh.prepare_connected();
            }
            let label = format!("edit seed {seed} step {step}");
            let mut fresh_ctx = MeshContext::new();
            for _ in 0..5 {
                queries += 1;
                let r = [0.0, 0.1, 0.37, 0.8, 1.6][rng.below(5)];
                let rf = r as f32;
                let s = random_point(&shell, &mut rng).as_vec2();
                let g = random_point(&shell, &mut rng).as_vec2();
                let q = MeshQuery::new(s, g).with_radius(rf);
                let a = ctx.find_path(&world, &q).unwrap().outcome();
                let b = fresh_ctx.find_path(&fresh, &q).unwrap().outcome();
                let context = || format!("{label}: {s} -> {g} r {r}\nlog {log:#?}");
                assert_eq!(a.status, b.status, "{}", context());
                assert!(
                    same_length(a.cost, b.cost, 1e-9) || a.cost == b.cost,
                    "{}: {} vs {}",
                    context(),
                    a.cost,
                    b.cost
                );
                assert_eq!(
                    world.fits(s, rf).unwrap(),
                    fresh.fits(s, rf).unwrap(),
                    "{}",
                    context()
                );
                assert_eq!(
                    world.connected(s, g, rf).unwrap(),
                    fresh.connected(s, g, rf).unwrap(),
                    "connected\n{}",
                    context()
                );
                assert_eq!(
                    ctx.connected(&world, s, g, rf).unwrap(),
                    b.status == PathStatus::Found,
                    "ctx connected against find_path\n{}",
                    context()
                );
                let dir = DVec2::from_angle(rng.range(0.0, TAU)).as_vec2();
                let (x, y) = (
                    world.raycast(s, dir, 20.0, rf).unwrap(),
                    fresh.raycast(s, dir, 20.0, rf).unwrap(),
                );
                match (x, y) {
                    (Some(x), Some(y)) => {
                        assert!((x - y).abs() <= 1e-5, "ray {x} {y}\n{}", context())
                    }
                    _ => assert_eq!(x, y, "raycast {dir}\n{}", context()),
                }
                let (x, y) = (
                    world.nearest_fit(s, rf).unwrap(),
                    fresh.nearest_fit(s, rf).unwrap(),
                );
                match (x, y) {
                    (Some(x), Some(y)) => assert!(
                        (x.distance(s) - y.distance(s)).abs() <= 1e-4,
                        "nearest_fit {x} {y}\n{}",
                        context()
                    ),
                    _ => assert_eq!(x, y, "nearest_fit\n{}", context()),
                }
                let goals: Vec<Vec2> = (0..1 + rng.below(6))
                    .map(|_| random_point(&shell, &mut rng).as_vec2())
                    .chain([g])
                    .collect();
                let x = ctx
                    .find_nearest(&world, &q, &goals)
                    .unwrap()
                    .answer
                    .outcome();
                let y = fresh_ctx
                    .find_nearest(&fresh, &q, &goals)
                    .unwrap()
                    .answer
                    .outcome();
                assert_eq!(x.status, y.status, "nearest {goals:?}\n{}", context());
                assert!(
                    same_length(x.cost, y.cost, 1e-9) || x.cost == y.cost,
                    "nearest {} vs {}\n{}",
                    x.cost,
                    y.cost,
                    context()
                );
            }
            steps_run += 1;
        }
    });
    eprintln!("{steps_run} edits, {queries} queries of each kind");
    assert!(
        failed.is_empty(),
        "{} sequences failed: {failed:?}",
        failed.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Determinism.

/// Every query of a list, with its full answer (outcome and pieces).
fn answers(
    world: &MeshWorld,
    ctx: &mut MeshContext,
    qs: &[MeshQuery],
) -> Vec<(String, Vec<PathPiece>)> {
    qs.iter()
        .map(|q| {
            let p = ctx.find_path(world, q).unwrap();
            (
                format!("{:?} {:e}", p.outcome(), p.cost()),
                p.path().to_vec(),
            )
        })
        .collect()
}

fn query_list(case: &Case, rng: &mut Rng, n: usize) -> Vec<MeshQuery> {
    (0..n)
        .map(|_| {
            let r = [0.0, 0.2, 0.55, 1.3][rng.below(4)];
            let s = fitting_point(case, rng, r).unwrap_or_else(|| random_point(case, rng));
            let g = fitting_point(case, rng, r).unwrap_or_else(|| random_point(case, rng));
            MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(r as f32)
        })
        .collect()
}

/// The same queries from two threads on one world, each with its own context, give
/// bit-identical answers (outcome, length, pieces), equal to one thread's with a fresh context
/// per query.
#[test]
fn two_threads_answer_bit_identically() {
    for seed in cases(6) {
        let Some(case) = case(seed) else { continue };
        let world = mesh_of(&case, 1.0);
        let mut rng = Rng::new(seed ^ 0x7777);
        let qs = query_list(&case, &mut rng, 12);
        let fresh: Vec<_> = qs
            .iter()
            .flat_map(|q| answers(&world, &mut MeshContext::new(), std::slice::from_ref(q)))
            .collect();
        let mut rev: Vec<MeshQuery> = qs.clone();
        rev.reverse();
        let (a, b) = std::thread::scope(|sc| {
            let one = sc.spawn(|| answers(&world, &mut MeshContext::new(), &qs));
            let two = sc.spawn(|| {
                let mut out = answers(&world, &mut MeshContext::new(), &rev);
                out.reverse();
                out
            });
            (one.join().unwrap(), two.join().unwrap())
        });
        assert_eq!(
            a, fresh,
            "{}: thread one against fresh contexts",
            case.label
        );
        assert_eq!(
            b, fresh,
            "{}: thread two (reversed order) against fresh contexts",
            case.label
        );
    }
}

/// One context reused across worlds (different bounds, obstacles, polygon bounds) and radii
/// answers as a fresh context per query, to the bit; also after an edit of a world it saw.
#[test]
fn a_context_reused_across_worlds_answers_as_a_fresh_one() {
    let mut shared = MeshContext::new();
    let mut worlds = Vec::new();
    for seed in cases(8) {
        if let Some(case) = case(seed) {
            let world = mesh_of(&case, 1.0);
            worlds.push((case, world));
        }
    }
    let mut rng = Rng::new(4242);
    for round in 0..3 {
        for (case, world) in &worlds {
            let qs = query_list(case, &mut rng, 4);
            for q in &qs {
                let mine = answers(world, &mut shared, std::slice::from_ref(q));
                let fresh = answers(world, &mut MeshContext::new(), std::slice::from_ref(q));
                assert_eq!(mine, fresh, "{} round {round}: {q:?}", case.label);
                // connected and find_nearest through the shared context too.
                let (s, g, r) = (q.start, q.goal, q.radius);
                assert_eq!(
                    shared.connected(world, s, g, r).unwrap(),
                    MeshContext::new().connected(world, s, g, r).unwrap(),
                    "{} round {round}: connected {q:?}",
                    case.label
                );
                let goals = [g, s + Vec2::new(1.0, 0.5)];
                let x = shared
                    .find_nearest(world, q, &goals)
                    .unwrap()
                    .answer
                    .outcome();
                let y = MeshContext::new()
                    .find_nearest(world, q, &goals)
                    .unwrap()
                    .answer
                    .outcome();
                assert_eq!(format!("{x:?}"), format!("{y:?}"), "{} nearest", case.label);
            }
        }
        // Edit each world (move its first obstacle), then go round again.
        for (case, world) in &mut worlds {
            let first = world.iter().next().map(|(id, o)| (id, o.clone()));
            if let Some((id, o)) = first {
                let moved = match o {
                    Obstacle::Circle(c) => {
                        Obstacle::Circle(Circle::new(c.center + Vec2::new(0.37, -0.21), c.radius))
                    }
                    Obstacle::Box(b) => Obstacle::Box(Aabb::new(
                        b.min + Vec2::new(0.37, -0.21),
                        b.max + Vec2::new(0.37, -0.21),
                    )),
                    Obstacle::Polygon(p) => {
                        Obstacle::Polygon(p.iter().map(|&v| v + Vec2::new(0.37, -0.21)).collect())
                    }
                };
                let _ = world.set(id, moved);
            }
            let _ = case;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Twins: the same free space described differently.

/// The same obstacles described differently: each polygon's vertex list turned (another first
/// vertex) and reversed now and then, split into an ear (a triangle cut off along a diagonal,
/// sharing that edge with the rest) and the rest; boxes as polygons. The free space is the
/// same, so every answer must be (the lengths within rounding).
fn twin_obstacles(obstacles: &[OracleObstacle], rng: &mut Rng) -> Vec<OracleObstacle> {
    let mut out = Vec::new();
    for o in obstacles {
        match o {
            OracleObstacle::Polygon(pts) => {
                let n = pts.len();
                let mut pts: Vec<DVec2> = (0..n).map(|i| pts[(i + 3) % n]).collect();
                if rng.unit() < 0.5 {
                    pts.reverse();
                }
                match ear(&pts) {
                    Some(i) if n > 3 && rng.unit() < 0.8 => {
                        let (a, b, c) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
                        out.push(OracleObstacle::Polygon(vec![a, b, c]));
                        let mut rest = pts.clone();
                        rest.remove(i);
                        out.push(OracleObstacle::Polygon(rest));
                    }
                    _ => out.push(OracleObstacle::Polygon(pts)),
                }
            }
            OracleObstacle::Box { min, max } => out.push(OracleObstacle::Polygon(vec![
                DVec2::new(max.x, min.y),
                *max,
                DVec2::new(min.x, max.y),
                *min,
            ])),
            c => out.push(c.clone()),
        }
    }
    out
}

/// A vertex whose triangle with its neighbours is an ear: convex, no other vertex inside or on
/// it, and the rest of the polygon still simple with non-zero area (checked by the mesh later).
fn ear(pts: &[DVec2]) -> Option<usize> {
    let n = pts.len();
    let ccw = signed_area(pts) > 0.0;
    let inside = |p: DVec2, a: DVec2, b: DVec2, c: DVec2| {
        let d1 = (b - a).perp_dot(p - a);
        let d2 = (c - b).perp_dot(p - b);
        let d3 = (a - c).perp_dot(p - c);
        let s = if ccw { 1.0 } else { -1.0 };
        d1 * s >= 0.0 && d2 * s >= 0.0 && d3 * s >= 0.0
    };
    (0..n).find(|&i| {
        let (a, b, c) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
        let turn = (b - a).perp_dot(c - b);
        // Clearly convex: a nearly flat ear would leave a sliver of no area.
        if (turn > 0.0) != ccw || turn.abs() < 1e-6 * (b - a).length() * (c - b).length() {
            return false;
        }
        (0..n)
            .filter(|&j| j != i && j != (i + 1) % n && j != (i + n - 1) % n)
            .all(|j| !inside(pts[j], a, b, c))
    })
}

/// The world with its twin obstacles answers like the world: statuses, lengths within 1e-7,
/// `fits`, `connected`.
#[test]
fn twin_worlds_answer_alike() {
    let mut compared = 0;
    let mut split = 0;
    let seeds = cases(30);
    let failed = sweep(seeds, |seed| {
        let Some(case) = case(seed) else { return };
        let mut rng = Rng::new(seed ^ 0x0717);
        let twin_obs = twin_obstacles(&case.obstacles, &mut rng);
        let mut twin = match &case.polygon_bounds {
            Some(pts) => {
                let n = pts.len();
                // The bounds' vertex list turned too.
                let turned: Vec<Vec2> = (0..n).map(|i| pts[(i + 1) % n].as_vec2()).rev().collect();
                MeshWorld::with_polygon_bounds(&turned).unwrap()
            }
            None => MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(SIZE as f32))).unwrap(),
        };
        for o in &twin_obs {
            // A split the mesh refuses (the rest no longer simple): the whole case is skipped.
            if twin.insert(mesh_obstacle(o)).is_err() {
                return;
            }
        }
        split += twin_obs.len() - case.obstacles.len();
        let mesh = mesh_of(&case, 1.0);
        let (mut c1, mut c2) = (MeshContext::new(), MeshContext::new());
        for _ in 0..8 {
            let r = [0.0, 0.0, 0.15, 0.5, 1.1][rng.below(5)] * rng.range(0.9, 1.1);
            let r = r as f32 as f64;
            let (Some(s), Some(g)) = (
                fitting_point(&case, &mut rng, r),
                fitting_point(&case, &mut rng, r),
            ) else {
                continue;
            };
            if !sure(&case, s, r) || !sure(&case, g, r) {
                continue;
            }
            let q = MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(r as f32);
            let a = c1.find_path(&mesh, &q).unwrap().outcome();
            let b = c2.find_path(&twin, &q).unwrap().outcome();
            let context = || {
                format!(
                    "{}: r {r} from {s} to {g}\n{case:?}\ntwin {twin_obs:?}",
                    case.label
                )
            };
            assert_eq!(a.status, b.status, "twin\n{}", context());
            assert!(
                same_length(a.cost, b.cost, 1e-7),
                "twin {} vs {}\n{}",
                a.cost,
                b.cost,
                context()
            );
            assert_eq!(
                mesh.connected(s.as_vec2(), g.as_vec2(), r as f32).unwrap(),
                twin.connected(s.as_vec2(), g.as_vec2(), r as f32).unwrap(),
                "twin connected\n{}",
                context()
            );
            let p = random_point(&case, &mut rng);
            if sure(&case, p, r) {
                assert_eq!(
                    mesh.fits(p.as_vec2(), r as f32).unwrap(),
                    twin.fits(p.as_vec2(), r as f32).unwrap(),
                    "twin fits at {p}\n{}",
                    context()
                );
            }
            compared += 1;
        }
    });
    eprintln!("{compared} twin queries, {split} ears split off");
    assert!(
        failed.is_empty(),
        "{} worlds failed: {failed:?}",
        failed.len()
    );
}

/// Found by `general_polygon_worlds` (case 2506, polygon bounds: a spiral with a comb across
/// its corridor) through its bracket: the lower problem's world (every comb edge swept by a
/// 64-gon, overlapping convex polygons) answered `NoPath` at r = 0 where a path exists.
/// Shrunk to five of those polygons in a box: from `a`, a vertex of a removed polygon, to `b`
/// the straight segment grazes the long side of the first polygon 1.1e-7 away (six times the
/// tolerance 1.8e-8 of this world), and the other four are 0.34 or more away; the mesh finds
/// `a` -> `m` and `m` -> `b` (`m` on that segment) but answered `NoPath` for `a` -> `b` (339
/// expansions), also `b` -> `a`. Fixed with the next test (the sight test at r = 0 of a
/// segment through a corner within `eps` of it whose side runs along it).
#[test]
fn a_segment_grazing_a_long_side_at_r0_is_not_blocked() {
    let polygons: [&[(f32, f32)]; 5] = [
        &[
            (11.099769, 6.840949),
            (11.100608, 6.8238697),
            (11.103117, 6.8069553),
            (11.107272, 6.790368),
            (11.113032, 6.7742677),
            (11.120344, 6.75881),
            (11.129135, 6.744143),
            (11.139321, 6.730408),
            (11.1508045, 6.717738),
            (11.163475, 6.706255),
            (11.177209, 6.6960683),
            (11.191876, 6.6872773),
            (11.2073345, 6.6799664),
            (11.223434, 6.674206),
            (11.240022, 6.6700506),
            (11.256936, 6.667542),
            (11.274015, 6.6667027),
            (11.291095, 6.667542),
            (11.308009, 6.6700506),
            (11.324596, 6.674206),
            (11.340696, 6.6799664),
            (11.356154, 6.6872773),
            (11.370822, 6.6960683),
            (11.384556, 6.706255),
            (11.540415, 6.846506),
            (11.553085, 6.8579893),
            (11.5645685, 6.8706594),
            (11.574755, 6.884394),
            (11.583546, 6.899061),
            (11.5908575, 6.914519),
            (11.596618, 6.9306192),
            (11.600773, 6.9472065),
            (11.603282, 6.964121),
            (11.604121, 6.9812),
            (11.603282, 6.9982796),
            (11.600773, 7.015194),
            (11.596618, 7.031781),
            (11.5908575, 7.0478816),
            (11.583546, 7.063339),
            (11.574755, 7.0780063),
            (11.5645685, 7.091741),
            (11.553085, 7.104411),
            (11.540415, 7.1158943),
            (11.526681, 7.126081),
            (11.512013, 7.134872),
            (11.496555, 7.142183),
            (11.480455, 7.1479435),
            (11.463868, 7.1520987),
            (11.446954, 7.1546073),
            (11.429874, 7.1554465),
            (11.412795, 7.1546073),
            (11.395881, 7.1520987),
            (11.379293, 7.1479435),
            (11.3631935, 7.142183),
            (11.347735, 7.134872),
            (11.333068, 7.126081),
            (11.319334, 7.1158943),
            (11.163475, 6.975643),
            (11.1508045, 6.96416),
            (11.139321, 6.95149),
            (11.129135, 6.937755),
            (11.120344, 6.923088),
            (11.113032, 6.9076304),
            (11.107272, 6.89153),
            (11.103117, 6.874943),
            (11.100608, 6.8580284),
        ],
        &[
            (11.028114, 7.2340336),
            (11.028954, 7.216954),
            (11.031463, 7.20004),
            (11.035618, 7.1834526),
            (11.041378, 7.167352),
            (11.04869, 7.1518946),
            (11.057481, 7.1372275),
            (11.067667, 7.1234927),
            (11.07915, 7.1108227),
            (11.091821, 7.0993395),
            (11.105555, 7.089153),
            (11.120222, 7.080362),
            (11.13568, 7.073051),
            (11.15178, 7.0672903),
            (11.168367, 7.063135),
            (11.185282, 7.0606265),
            (11.202361, 7.0597873),
            (11.21944, 7.0606265),
            (11.236355, 7.063135),
            (11.252942, 7.0672903),
            (11.269042, 7.073051),
            (11.2845, 7.080362),
            (11.299168, 7.089153),
            (11.3129015, 7.0993395),
            (11.618317, 7.37417),
            (11.630987, 7.385653),
            (11.64247, 7.398323),
            (11.652657, 7.412058),
            (11.661448, 7.426725),
            (11.668759, 7.4421825),
            (11.67452, 7.458283),
            (11.678675, 7.47487),
            (11.681184, 7.4917846),
            (11.682023, 7.508864),
            (11.681184, 7.5259433),
            (11.678675, 7.5428576),
            (11.67452, 7.559445),
            (11.668759, 7.5755453),
            (11.661448, 7.591003),
            (11.652657, 7.60567),
            (11.64247, 7.619405),
            (11.630987, 7.632075),
            (11.618317, 7.643558),
            (11.604583, 7.6537447),
            (11.589915, 7.6625357),
            (11.574457, 7.6698465),
            (11.558357, 7.675607),
            (11.54177, 7.6797624),
            (11.524856, 7.682271),
            (11.507776, 7.68311),
            (11.490697, 7.682271),
            (11.473783, 7.6797624),
            (11.457195, 7.675607),
            (11.441095, 7.6698465),
            (11.425637, 7.6625357),
            (11.41097, 7.6537447),
            (11.397236, 7.643558),
            (11.091821, 7.3687277),
            (11.07915, 7.3572445),
            (11.067667, 7.3445745),
            (11.057481, 7.3308396),
            (11.04869, 7.3161726),
            (11.041378, 7.300715),
            (11.035618, 7.2846146),
            (11.031463, 7.2680273),
            (11.028954, 7.251113),
        ],
        &[
            (10.902374, 7.3737664),
            (10.9032135, 7.356687),
            (10.905723, 7.3397727),
            (10.909878, 7.3231854),
            (10.915638, 7.307085),
            (10.92295, 7.2916274),
            (10.931741, 7.2769604),
            (10.941927, 7.2632256),
            (10.95341, 7.2505555),
            (10.966081, 7.2390723),
            (10.979815, 7.2288857),
            (10.994482, 7.2200947),
            (11.00994, 7.212784),
            (11.02604, 7.207023),
            (11.042627, 7.202868),
            (11.059542, 7.2003593),
            (11.076621, 7.19952),
            (11.0937, 7.2003593),
            (11.110615, 7.202868),
            (11.127202, 7.207023),
            (11.143302, 7.212784),
            (11.15876, 7.2200947),
            (11.173428, 7.2288857),
            (11.187161, 7.2390723),
            (11.748844, 7.744507),
            (11.761515, 7.75599),
            (11.772998, 7.76866),
            (11.783184, 7.782395),
            (11.791975, 7.797062),
            (11.799287, 7.8125196),
            (11.805047, 7.82862),
            (11.809202, 7.845207),
            (11.811711, 7.8621216),
            (11.812551, 7.879201),
            (11.811711, 7.8962803),
            (11.809202, 7.9131947),
            (11.805047, 7.929782),
            (11.799287, 7.9458823),
            (11.791975, 7.96134),
            (11.783184, 7.976007),
            (11.772998, 7.989742),
            (11.761515, 8.002412),
            (11.748844, 8.013895),
            (11.73511, 8.024081),
            (11.720443, 8.032872),
            (11.704985, 8.040184),
            (11.688885, 8.045944),
            (11.6722975, 8.050099),
            (11.655383, 8.0526085),
            (11.638304, 8.053448),
            (11.621224, 8.0526085),
            (11.60431, 8.050099),
            (11.587723, 8.045944),
            (11.571623, 8.040184),
            (11.556165, 8.032872),
            (11.541497, 8.024081),
            (11.527763, 8.013895),
            (10.966081, 7.5084605),
            (10.95341, 7.4969773),
            (10.941927, 7.4843073),
            (10.931741, 7.4705725),
            (10.92295, 7.4559054),
            (10.915638, 7.440448),
            (10.909878, 7.4243474),
            (10.905723, 7.40776),
            (10.9032135, 7.390846),
        ],
        &[
            (0.0, 12.876617),
            (4.2504916, 12.876617),
            (5.415856, 11.360943),
            (7.1801353, 11.910324),
            (8.899404, 11.641734),
            (10.23481, 10.7026615),
            (10.964279, 9.363331),
            (11.018094, 7.946494),
            (10.477894, 6.7521267),
            (9.542228, 5.994176),
            (8.469094, 5.7626657),
            (7.5104465, 6.0177712),
            (6.8544846, 6.6146736),
            (6.5887113, 7.3509207),
            (6.6910048, 8.023207),
            (7.0488048, 8.479024),
            (7.4996886, 8.650706),
            (7.8816757, 8.564344),
            (7.4893456, 10.435553),
            (6.3343244, 10.166381),
            (5.3412213, 9.338967),
            (4.77941, 8.057096),
            (4.85172, 6.552044),
            (5.636129, 5.1412582),
            (7.0520372, 4.1616454),
            (8.861424, 3.8914576),
            (10.707592, 4.478501),
            (12.185477, 5.892184),
            (12.929688, 7.912605),
            (17.0, 7.912605),
            (17.0, -1.0),
            (0.0, -1.0),
        ],
        &[
            (10.303647, 6.7521267),
            (10.304486, 6.7350473),
            (10.306995, 6.718133),
            (10.311151, 6.7015457),
            (10.316911, 6.6854453),
            (10.324223, 6.6699877),
            (10.333014, 6.6553206),
            (10.3432, 6.641586),
            (10.354683, 6.628916),
            (10.367353, 6.6174326),
            (10.381087, 6.607246),
            (10.395755, 6.598455),
            (10.411213, 6.591144),
            (10.427313, 6.5853834),
            (10.4439, 6.5812283),
            (10.460814, 6.5787196),
            (10.477894, 6.5778804),
            (10.494973, 6.5787196),
            (10.511888, 6.5812283),
            (10.528475, 6.5853834),
            (10.544575, 6.591144),
            (10.560033, 6.598455),
            (10.5747, 6.607246),
            (10.588434, 6.6174326),
            (10.601105, 6.628916),
            (10.612588, 6.641586),
            (10.622774, 6.6553206),
            (10.631565, 6.6699877),
            (10.638877, 6.6854453),
            (11.179077, 7.8798127),
            (11.184837, 7.895913),
            (11.1889925, 7.9125004),
            (11.191502, 7.9294147),
            (11.192341, 7.946494),
            (11.191502, 7.9635735),
            (11.1889925, 7.980488),
            (11.184837, 7.997075),
            (11.179077, 8.013175),
            (11.171765, 8.028633),
            (11.162974, 8.043301),
            (11.152788, 8.0570345),
            (11.141305, 8.069705),
            (11.128634, 8.081188),
            (11.114901, 8.091374),
            (11.100233, 8.100165),
            (11.084775, 8.107477),
            (11.068675, 8.113237),
            (11.052088, 8.117393),
            (11.035173, 8.119902),
            (11.018094, 8.120741),
            (11.001015, 8.119902),
            (10.9841, 8.117393),
            (10.967513, 8.113237),
            (10.951413, 8.107477),
            (10.935955, 8.100165),
            (10.921288, 8.091374),
            (10.907554, 8.081188),
            (10.894883, 8.069705),
            (10.8834, 8.0570345),
            (10.873214, 8.043301),
            (10.864423, 8.028633),
            (10.857111, 8.013175),
            (10.316911, 6.818808),
            (10.311151, 6.8027077),
            (10.306995, 6.7861204),
            (10.304486, 6.769206),
        ],
    ];
    let mut world = MeshWorld::new(Aabb::new(
        Vec2::new(0.17425035, -0.8257497),
        Vec2::new(16.82575, 17.82575),
    ))
    .unwrap();
    for p in polygons {
        world
            .insert(Obstacle::Polygon(
                p.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
            ))
            .unwrap();
    }
    let a = Vec2::new(12.106181, 7.355616);
    let m = Vec2::new(11.462735, 6.7763567);
    let b = Vec2::new(11.383529, 6.7054067);
    let mut ctx = MeshContext::new();
    let via = ctx.find_path(&world, &MeshQuery::new(a, m)).unwrap().cost()
        + ctx.find_path(&world, &MeshQuery::new(m, b)).unwrap().cost();
    assert!(via.is_finite() && via > 0.0);
    for (s, g) in [(a, b), (b, a)] {
        let path = ctx.find_path(&world, &MeshQuery::new(s, g)).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "from {s} to {g}");
        let straight = s.as_dvec2().distance(g.as_dvec2());
        assert!(
            path.cost() >= straight - 1e-9 && path.cost() <= via + 1e-9,
            "from {s} to {g}: {} not in [{straight}, {via}]",
            path.cost()
        );
    }
    // The oracle on the same world agrees (a -> b found, no longer than through m). meshhunt2
    // saw it inconsistent on case 2506's full lower world; that world no longer comes out of
    // the generators (seed 2506 is now an aligned row), and on these five polygons the oracle
    // of main (951c202) passes this too: a check that its side tolerances break nothing here.
    let oracle = OracleWorld::new(
        DVec2::new(0.17425035f32 as f64, -0.8257497f32 as f64),
        DVec2::new(16.82575f32 as f64, 17.82575f32 as f64),
        polygons
            .iter()
            .map(|p| {
                OracleObstacle::Polygon(
                    p.iter()
                        .map(|&(x, y)| DVec2::new(x as f64, y as f64))
                        .collect(),
                )
            })
            .collect(),
    );
    let (a, m, b) = (a.as_dvec2(), m.as_dvec2(), b.as_dvec2());
    let length =
        |s, g| grown_shortest_path(&oracle, 0.0, s, g, 8, Growth::Inscribed).map(|p| p.length);
    let (am, mb) = (length(a, m).unwrap(), length(m, b).unwrap());
    for (s, g) in [(a, b), (b, a)] {
        let l = length(s, g).unwrap_or_else(|| panic!("oracle: no path from {s} to {g}"));
        assert!(
            l <= am + mb + 1e-9 && l >= s.distance(g) - 1e-9,
            "oracle: {l} from {s} to {g}"
        );
    }
}

/// The oracle's own regressions (`nav_testkit::polygon_oracle`), from `general_polygon_worlds`:
/// case 7352 (r = 0, the comb obstacle: its corners (5.951713, 2.9535944), (6.5879717,
/// 2.404556), (7.805542, 1.3538938) lie on one line within 2e-8, the middle one on the free
/// side; the oracle refused the segment from the first to the third, whose middle lies 1.5e-8
/// from an edge turned 1.2e-8 rad from it, and gave 14.09 as a lower bound above the mesh's
/// clear 13.477); case 41209 (a circle covering a corner of the polygon bounds by 1.4e-7: the
/// oracle's upper path ran along an edge of the circle's 64-gon through that corner 5e-7 deep,
/// 4.85 where the true way around is 6.66). Both are now judged right, and the mesh agrees.
#[test]
fn the_oracle_judges_nearly_collinear_corners_and_thin_overlaps() {
    for seed in [7352, 41209] {
        let case = case(seed).unwrap();
        let mut tally = Tally::default();
        hunt_world(&case, seed, 3, &mut tally);
    }
}

/// The bounds of `general_polygon_worlds`' case 3386 (a comb, rotated: its slots' bottoms lie
/// on one line, collinear up to the `f32` rounding of the corners): at r = 0 and without
/// obstacles, the way between two teeth runs along the bar's top, touching the slots' bottom
/// corners (10.113534, 6.8480964), (11.531911, 7.8980136), (12.055789, 8.285801), which lie
/// on one line within about 1e-7. The oracle finds 12.603489175583297 (bending at those
/// corners by angles of about 1e-7); `connected` says true; `find_path` answered `NoPath`
/// (12 expansions): from the first of those corners to the second it finds a path, from the
/// second to the third too, from the first to the third none. The second corner lies 8e-9
/// off the line from the first to the third (within the tolerance `eps` = 1.2e-8, so on
/// it), its side to the third corner turns 1.7e-8 radians from the line: the segment's
/// sight test took that direction for one strictly inside the corner's blocked wedge (the
/// angle tolerance is 1e-9) and blocked the segment, while the bend at the corner turns the
/// wrong way by 1.7e-8 (refused too). Fixed in `sight.rs`: a side of the corner whose far
/// end also lies within `eps` of the line widens the wedge test's tolerance at that side to
/// `2 eps` over the side's length (the segment slides along it).
#[test]
fn a_comb_bounds_way_along_nearly_collinear_slot_corners() {
    let bounds: Vec<DVec2> = [
        (2.2016275, 7.1905274),
        (3.3563702, 8.045296),
        (6.320752, 4.040588),
        (6.8248615, 4.413742),
        (2.8800125, 9.743005),
        (3.651241, 10.313887),
        (7.5960903, 4.984624),
        (9.108419, 6.104087),
        (6.6924515, 9.36792),
        (7.6975656, 10.11193),
        (10.113534, 6.8480964),
        (10.617643, 7.2212505),
        (6.469277, 12.825454),
        (7.3835444, 13.502217),
        (11.531911, 7.8980136),
        (12.055789, 8.285801),
        (8.402131, 13.221681),
        (9.778302, 14.2403555),
        (13.43196, 9.304476),
        (13.998746, 8.538779),
        (5.7327957, 2.420123),
    ]
    .iter()
    .map(|&(x, y): &(f32, f32)| DVec2::new(x as f64, y as f64))
    .collect();
    let case = finish("comb".into(), Some(bounds), Vec::new(), Vec::new()).unwrap();
    let world = mesh_of(&case, 1.0);
    let (s, g) = (
        DVec2::new(4.104331016540527, 8.634549140930176),
        DVec2::new(11.493659019470215, 10.209077835083008),
    );
    let oracle = grown_shortest_path(&case.world, 0.0, s, g, 16, Growth::Inscribed)
        .unwrap()
        .length;
    assert!((oracle - 12.603489175583297).abs() < 1e-9, "{oracle}");
    assert!(world.connected(s.as_vec2(), g.as_vec2(), 0.0).unwrap());
    let mut ctx = MeshContext::new();
    for (a, b) in [(s, g), (g, s)] {
        let path = ctx
            .find_path(&world, &MeshQuery::new(a.as_vec2(), b.as_vec2()))
            .unwrap();
        assert_eq!(path.status(), PathStatus::Found, "from {a} to {b}");
        assert!(
            same_length(path.cost(), oracle, 1e-6),
            "from {a} to {b}: {} against {oracle}",
            path.cost()
        );
    }
}

/// Case 4324 of `general_polygon_worlds` (comb bounds of the same kind, r = 0, a circle in the
/// bar): the mesh found 13.357 (down around the circle and along the bar's bottom) where the
/// oracle's path along the bar's top, past the slots' bottom corners, is 11.4776; without
/// the obstacles, `NoPath`. Fixed with the test above.
#[test]
fn a_comb_bounds_path_too_long_past_nearly_collinear_slot_corners() {
    let case = case(4324).unwrap();
    let world = mesh_of(&case, 1.0);
    let (s, g) = (
        DVec2::new(11.444246292114258, 8.666299819946289),
        DVec2::new(5.801452159881592, 12.107810974121094),
    );
    let oracle = grown_shortest_path(&case.world, 0.0, s, g, 64, Growth::Circumscribed)
        .unwrap()
        .length;
    let mut ctx = MeshContext::new();
    let path = ctx
        .find_path(&world, &MeshQuery::new(s.as_vec2(), g.as_vec2()))
        .unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert!(
        path.cost() <= oracle * (1.0 + 1e-6),
        "{} above the oracle's upper bound {oracle}",
        path.cost()
    );
}

/// Found by `general_polygon_worlds` (case 41362, aligned: rectangles in a row along a wall,
/// the corridor between them 2r wide at r = 0.35636431, the closing radius): the corridor is
/// closed but a small pocket of free space opens at the mouth of the 0.2-wide slot between
/// two rectangles, a cusp between a corner's grown circle and the wall's grown edge crossing
/// at a small angle. `nearest_fit` from inside a rectangle returned a point 0.4126 away,
/// though (3.6658, 5.5104), 0.3852 away, fits: the cusp's candidate (0.3798 away) fits in
/// `f64`, but no `f32` point along the sixteen nudge directions does (the cusp is narrower
/// than their spacing), so it was dropped. Fixed in `spatial.rs`: a third round of nudges
/// along 256 directions.
#[test]
fn nearest_fit_finds_a_cusp_narrower_than_the_nudge_directions() {
    let polygons: [&[(f32, f32)]; 7] = [
        &[
            (4.8316903, 2.3754117),
            (4.208816, 3.6239219),
            (2.9749398, 3.0083482),
            (3.597814, 1.7598382),
        ],
        &[
            (3.3191314, 3.181181),
            (2.9014409, 4.018414),
            (3.7906792, 4.4620495),
            (4.2083697, 3.6248167),
        ],
        &[
            (3.5228262, 4.9989433),
            (3.3528867, 5.339576),
            (2.1030662, 4.716048),
            (2.273006, 4.3754153),
        ],
        &[
            (3.2636023, 5.5185404),
            (2.9864137, 6.0741463),
            (2.512086, 5.8375072),
            (2.7892745, 5.281901),
        ],
        &[
            (2.9859672, 6.0750413),
            (2.2200253, 7.6103206),
            (0.503512, 6.7539625),
            (1.2694539, 5.218683),
        ],
        &[
            (2.2200248, 7.6103215),
            (1.7816269, 8.489061),
            (0.26917714, 7.734509),
            (0.7075751, 6.8557696),
        ],
        &[
            (5.915878, 1.7987666),
            (6.273807, 1.9773353),
            (2.3308997, 9.880631),
            (1.9729706, 9.702063),
        ],
    ];
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(16.0))).unwrap();
    for p in polygons {
        world
            .insert(Obstacle::Polygon(
                p.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
            ))
            .unwrap();
    }
    let (p, r) = (Vec2::new(3.4318063, 5.20437), 0.356_364_3_f32);
    let fits_at = Vec2::new(3.6658063, 5.51037);
    assert!(world.fits(fits_at, r).unwrap());
    let q = world
        .nearest_fit(p, r)
        .unwrap()
        .expect("the disc fits somewhere");
    assert!(world.fits(q, r).unwrap());
    assert!(
        q.distance(p) <= fits_at.distance(p),
        "nearest_fit {q} at {}, but {fits_at} fits at {}",
        q.distance(p),
        fits_at.distance(p)
    );
}

/// The nearest fitting `f32` point to `p`, or none nearer than `bound`, by trying every `f32`
/// point within `bound` of `p`.
fn brute_nearest_f32(world: &MeshWorld, p: Vec2, r: f32, bound: f64) -> Option<f64> {
    let p = p.as_dvec2();
    let mut best: Option<f64> = None;
    let mut y = ((p.y - bound) as f32).next_down();
    while (y as f64) <= p.y + bound {
        let mut x = ((p.x - bound) as f32).next_down();
        while (x as f64) <= p.x + bound {
            let d = DVec2::new(x as f64, y as f64).distance(p);
            if d < best.unwrap_or(bound) && world.fits(Vec2::new(x, y), r).unwrap() {
                best = Some(d);
            }
            x = x.next_up();
        }
        y = y.next_up();
    }
    best
}

/// Found by `general_worlds_far_from_the_origin` (cases 404 and 54, the worlds moved 65536 and
/// 10000 from the origin, reduced to the two obstacles around the point): `p` lies inside a
/// circle next to a polygon, the nearest free space is a thin cusp between the circle and
/// the polygon (grown by `r`), and at these magnitudes (f32 steps of 1/256 and 1/1024) the
/// cusp holds no f32 point for a long way. `nearest_fit` took the first candidate with any
/// fitting f32 nudge: 0.5882 from `p` where (-65528, 65543.54) fits 0.4342 away (the world
/// moved back to the origin answers 0.1615), and 0.4723 where 0.2987 is right. Now every
/// candidate nearer than the best point is tried, the f32 points around a cusp's tip one by
/// one, and the annulus between the nearest candidate and the answer when it holds few f32
/// points: 0.1631 and 0.2988, the nearest fitting f32 points (checked by brute force).
#[test]
// The exact f32 coordinates of the worlds (f32 steps of 1/256 and 1/1024 there).
#[allow(clippy::excessive_precision)]
fn nearest_fit_far_from_the_origin_finds_the_f32_points_of_a_thin_cusp() {
    let v = |x: f32, y: f32| Vec2::new(x, y);
    let mut a = MeshWorld::new(Aabb::new(v(-65536.0, 65536.0), v(-65520.0, 65552.0))).unwrap();
    a.insert(Obstacle::Polygon(vec![
        v(-65527.68359375, 65544.921875),
        v(-65527.375, 65543.8828125),
        v(-65528.01171875, 65543.5546875),
        v(-65527.9375, 65543.4140625),
        v(-65527.125, 65543.828125),
        v(-65526.63671875, 65542.8828125),
        v(-65528.3984375, 65541.984375),
        v(-65529.4453125, 65544.015625),
    ]))
    .unwrap();
    a.insert(Obstacle::Circle(Circle::new(
        v(-65527.234375, 65542.8671875),
        0.968_806_7,
    )))
    .unwrap();
    let mut b = MeshWorld::new(Aabb::new(v(10000.0, 10000.0), v(10016.0, 10016.0))).unwrap();
    b.insert(Obstacle::Polygon(vec![
        v(10011.2451171875, 10005.3994140625),
        v(10011.416015625, 10005.2958984375),
        v(10010.4716796875, 10003.7451171875),
        v(10011.1318359375, 10003.3427734375),
        v(10012.244140625, 10005.1689453125),
        v(10012.8603515625, 10004.79296875),
        v(10011.748046875, 10002.9677734375),
        v(10011.4541015625, 10002.484375),
        v(10010.0068359375, 10003.3662109375),
    ]))
    .unwrap();
    b.insert(Obstacle::Circle(Circle::new(
        v(10012.236328125, 10002.669921875),
        0.272_351_9,
    )))
    .unwrap();
    for (world, p, r, near) in [
        (&a, v(-65527.5703125, 65543.6015625), 0.0, 0.16151),
        (&b, v(10011.61328125, 10003.0322265625), 0.15, 0.29866),
    ] {
        assert!(!world.fits(p, r).unwrap());
        let q = world.nearest_fit(p, r).unwrap().unwrap();
        assert!(world.fits(q, r).unwrap());
        let d = q.as_dvec2().distance(p.as_dvec2());
        assert!(
            d >= near - 1e-4 && d < near + 0.01,
            "{q} at {d}, the origin's {near}"
        );
        let brute = brute_nearest_f32(world, p, r, d);
        assert!(
            brute.is_none(),
            "an f32 point at {brute:?} fits, nearer than {q} at {d}"
        );
    }
}
