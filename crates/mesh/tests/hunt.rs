//! A hunt for wrong answers on adversarial worlds, where the other proof tests' random worlds
//! do not go: obstacles touching along edges and at single corners, corridors and gaps exactly
//! `2r` wide (radii exactly at half a gap's width and one `f32` step either side of it), thin
//! rotated walls and slivers sharing vertices, circles tangent to each other and to boxes,
//! obstacles overlapping each other and the bounds, polygon bounds (a box with notches) with
//! obstacles touching them, starts and goals exactly on a grown boundary.
//!
//! Every coordinate is a multiple of 1/64 inside `[0, 16]` (so `f32` holds it exactly, and so
//! does the same world scaled by `2^-10` or moved by `2^17`). Each query is judged by
//!
//! * brute force for the statuses that need no search (`fits`, blocked, out of bounds), exact
//!   on these coordinates where the obstacles are axis-aligned;
//! * the bracket oracle (`nav_testkit::polygon_oracle`, exact at `r = 0`) for the status and
//!   the length, and its geometric checker for every path found (also partial ones);
//! * relations that need no oracle: the length is the same both ways; it is the same in the
//!   world scaled by `2^-10` (a `1e-3` world) and moved by `2^17` (`1e5` far from the origin);
//!   it never decreases with the radius; at a radius `h` where a gap closes, `h` and the next
//!   `f32` radius above give the same status and lengths within `1e-4` (a gap exactly `2r`
//!   wide is closed, so the length jumps between `h -` one step and `h`, never after `h`);
//!   `connected` equals `find_path` finding a path; a polygon-bounds world answers like the
//!   box world with its notches as obstacles;
//! * the limits: a partial path passes the checker and ends no farther from the goal than
//!   the start; `max_cost` just above the length finds it, just below does not; a sliced
//!   query equals the one-shot one; `find_nearest` equals the shortest `find_path`;
//! * `raycast` against marching the disc, `nearest_fit` against a dense sample;
//! * edit sequences of these obstacles against a world built from scratch.
//!
//! `NAV_HUNT_CASES=N` runs `N` worlds per test instead of the default few dozen
//! (`NAV_HUNT_SEED=S` starts the seeds at `S`).

mod common;

use common::brute::{fitting_lattice_point, margin, nearer_fitting_sample};
use common::limits::{Asked, same_length};
use common::sweep::{cases, env_usize, sweep};
use common::{Rng, mesh_obstacle};
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
/// The grid every coordinate lies on.
const STEP: f64 = 1.0 / 64.0;
/// Sides of the oracle's regular polygons (a multiple of 4: axis-aligned edges grow by `r`
/// exactly in both problems, so an axis-aligned gap exactly `2r` wide is closed in both).
const K: usize = 16;

// ---------------------------------------------------------------------------------------------
// Worlds.

/// One adversarial world: the oracle's box world (bounds and obstacles), and for a world with
/// polygon bounds, that polygon (the oracle then holds the notches as obstacles).
#[derive(Debug, Clone)]
struct Case {
    label: String,
    world: OracleWorld,
    /// The obstacles of the mesh world (the oracle's minus the notches of polygon bounds).
    obstacles: Vec<OracleObstacle>,
    polygon_bounds: Option<Vec<DVec2>>,
    /// How many of the oracle's obstacles, at the end of its list, are notches of the polygon
    /// bounds (outside the bounds, not obstacles).
    notches: usize,
    /// For a tile-grid world: the map (`MeshWorld::from_grid`, its blocked cells the oracle's
    /// first obstacles, then `obstacles` inserted on top).
    grid: Option<nav_grid::GridMap>,
    /// Radii where a gap of the world closes (half its width), exactly.
    closing: Vec<f64>,
    /// Whether every obstacle is axis-aligned on the grid of `STEP`: then the brute force's
    /// margins are exact, and only an exact tie is unsure.
    axis_aligned: bool,
}

impl Case {
    /// A case in the box bounds `[0, SIZE]²`, its obstacles the oracle's, no grid.
    fn plain(
        label: String,
        obstacles: Vec<OracleObstacle>,
        closing: Vec<f64>,
        axis_aligned: bool,
    ) -> Case {
        Case {
            label,
            world: OracleWorld::new(DVec2::ZERO, DVec2::splat(SIZE), obstacles.clone()),
            obstacles,
            polygon_bounds: None,
            notches: 0,
            grid: None,
            closing,
            axis_aligned,
        }
    }
}

fn snap(x: f64) -> f64 {
    (x / STEP).round() * STEP
}

fn snap_point(p: DVec2) -> DVec2 {
    DVec2::new(snap(p.x), snap(p.y))
}

/// A dyadic value in `[lo, hi]` on the grid.
fn grid_range(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    snap(rng.range(lo, hi)).clamp(lo, hi)
}

fn boxed(min: DVec2, max: DVec2) -> OracleObstacle {
    OracleObstacle::Box { min, max }
}

/// Cells of a coarse grid blocked one box each: neighbours touch along edges, diagonal
/// neighbours at single corners; now and then two cells merged into one box overlapping a
/// neighbour's.
fn cells(rng: &mut Rng, label: &str) -> Case {
    let cell = [1.0, 2.0, 2.0, 4.0][rng.below(4)];
    let n = (SIZE / cell) as usize;
    let density = rng.range(0.15, 0.4);
    let mut obstacles = Vec::new();
    for y in 0..n {
        for x in 0..n {
            if rng.unit() < density {
                let min = DVec2::new(x as f64, y as f64) * cell;
                let mut max = min + DVec2::splat(cell);
                if rng.unit() < 0.15 && x + 1 < n {
                    max.x += cell;
                }
                obstacles.push(boxed(min, max));
            }
        }
    }
    // The oracle's cost grows with the square of the vertices: keep it small.
    while obstacles.len() > 14 {
        obstacles.remove(rng.below(obstacles.len()));
    }
    let closing = vec![cell / 2.0, cell];
    Case::plain(format!("{label} cells of {cell}"), obstacles, closing, true)
}

/// Walls across the world (thin boxes) with gaps of chosen widths, walls meeting end to end
/// (a zero-width gap) or at a corner, and obstacles reaching out of the bounds.
fn walls(rng: &mut Rng, label: &str) -> Case {
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    let walls = 1 + rng.below(3);
    for w in 0..walls {
        let vertical = rng.unit() < 0.5;
        let at = grid_range(rng, 2.0, 14.0);
        let thick = [STEP, 0.125, 0.5][rng.below(3)];
        let gap_at = grid_range(rng, 1.0, 13.0);
        // Zero (two walls meeting end to end), a fraction of a unit, or a few units.
        let gap = [0.0, 0.25, 0.5, 1.0, 1.5, grid_range(rng, STEP, 3.0)][rng.below(6)];
        if gap > 0.0 {
            closing.push(gap / 2.0);
        }
        // Either through the bounds (reaching out of them) or ending on them.
        let (lo, hi) = if rng.unit() < 0.5 {
            (-1.0, SIZE + 1.0)
        } else {
            (0.0, SIZE)
        };
        let pieces = [(lo, gap_at), (gap_at + gap, hi)];
        for (a, b) in pieces {
            if b - a <= 0.0 {
                continue;
            }
            let (min, max) = if vertical {
                (DVec2::new(at, a), DVec2::new(at + thick, b))
            } else {
                (DVec2::new(a, at), DVec2::new(b, at + thick))
            };
            obstacles.push(boxed(min, max));
        }
        // A box meeting the wall at a corner (diagonally), or leaving a gap to it.
        if w == 0 && rng.unit() < 0.7 {
            let s = grid_range(rng, 0.25, 2.0);
            let off = [0.0, 0.0, 0.5, 1.0][rng.below(4)];
            if off > 0.0 {
                closing.push(off / 2.0);
            }
            let corner = if vertical {
                DVec2::new(at + thick + off, gap_at)
            } else {
                DVec2::new(gap_at, at + thick + off)
            };
            obstacles.push(boxed(corner, corner + DVec2::splat(s)));
        }
    }
    // A gap between an obstacle and the bounds' edge.
    if rng.unit() < 0.5 {
        let gap = [0.5, 1.0, 2.0][rng.below(3)];
        closing.push(gap / 2.0);
        let y = grid_range(rng, 2.0, 12.0);
        obstacles.push(boxed(
            DVec2::new(gap, y),
            DVec2::new(gap + grid_range(rng, 1.0, 6.0), y + 1.0),
        ));
    }
    Case::plain(format!("{label} walls"), obstacles, closing, true)
}

/// Thin rotated walls and slivers (triangles of a tiny angle), sharing vertices with each
/// other and with boxes, overlapping one another.
fn slivers(rng: &mut Rng, label: &str) -> Case {
    let mut obstacles = Vec::new();
    let mut joints: Vec<DVec2> = Vec::new();
    for _ in 0..(3 + rng.below(4)) {
        let a = if !joints.is_empty() && rng.unit() < 0.5 {
            joints[rng.below(joints.len())]
        } else {
            snap_point(DVec2::new(rng.range(1.0, 15.0), rng.range(1.0, 15.0)))
        };
        let b = snap_point(
            a + DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU)) * rng.range(2.0, 8.0),
        );
        let b = b.clamp(DVec2::splat(-1.0), DVec2::splat(SIZE + 1.0));
        if a.distance(b) < 0.5 {
            continue;
        }
        match rng.below(3) {
            0 => {
                // A sliver: a third point one grid step off the line ab.
                let n = (b - a).perp().normalize();
                let mid = snap_point(a + (b - a) * rng.range(0.2, 0.8));
                let c = mid + DVec2::new(n.x.signum(), 0.0) * STEP;
                let c = if (c - a).perp_dot(b - a).abs() < 1e-12 {
                    mid + DVec2::new(0.0, STEP)
                } else {
                    c
                };
                obstacles.push(OracleObstacle::Polygon(vec![a, b, c]));
            }
            1 => {
                // A thin rotated wall: a parallelogram of a grid step or a few across.
                let width = STEP * (1 + rng.below(4)) as f64;
                let d = b - a;
                let across = if d.x.abs() >= d.y.abs() {
                    DVec2::new(0.0, width)
                } else {
                    DVec2::new(width, 0.0)
                };
                obstacles.push(OracleObstacle::Polygon(vec![a, b, b + across, a + across]));
            }
            _ => {
                // A box with a corner on a joint (inside the bounds).
                let s = grid_range(rng, 0.5, 2.0);
                let a = a.clamp(DVec2::ZERO, DVec2::splat(SIZE - s));
                obstacles.push(boxed(a, a + DVec2::splat(s)));
            }
        }
        // Joints inside the bounds, so that what starts at one is not entirely outside.
        for j in [a, b] {
            if j.cmpge(DVec2::splat(0.5)).all() && j.cmple(DVec2::splat(SIZE - 0.5)).all() {
                joints.push(j);
            }
        }
    }
    Case::plain(format!("{label} slivers"), obstacles, Vec::new(), false)
}

/// Circles in a row, tangent to each other or with gaps of chosen widths, tangent to boxes
/// above and below them, one now and then on the bounds' edge.
fn circles(rng: &mut Rng, label: &str) -> Case {
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    let y = grid_range(rng, 4.0, 12.0);
    let mut x = grid_range(rng, 0.0, 2.0);
    let mut first = true;
    while x < 14.0 && obstacles.len() < 7 {
        let radius = grid_range(rng, 0.25, 1.5);
        let gap = if first {
            0.0
        } else {
            [0.0, 0.0, 0.5, 1.0, 0.25][rng.below(5)]
        };
        if gap > 0.0 {
            closing.push(gap / 2.0);
        }
        let c = DVec2::new(x + gap + radius, y);
        obstacles.push(OracleObstacle::Circle { center: c, radius });
        if rng.unit() < 0.4 {
            // A box tangent to the circle from above or below (or a gap below it).
            let off = [0.0, 0.0, 0.5][rng.below(3)];
            if off > 0.0 {
                closing.push(off / 2.0);
            }
            let w = grid_range(rng, 0.5, 2.0);
            if rng.unit() < 0.5 {
                let top = c.y + radius + off;
                obstacles.push(boxed(
                    DVec2::new(c.x - w, top),
                    DVec2::new(c.x + w, top + 0.5),
                ));
            } else {
                let bottom = c.y - radius - off;
                obstacles.push(boxed(
                    DVec2::new(c.x - w, bottom - 0.5),
                    DVec2::new(c.x + w, bottom),
                ));
            }
        }
        x = c.x + radius;
        first = false;
    }
    Case::plain(format!("{label} circles"), obstacles, closing, false)
}

/// Polygon bounds: the box `[0, 16]²` with rectangular notches cut from its edges, and boxes
/// touching the notches or leaving gaps of chosen widths to them.
fn notched(rng: &mut Rng, label: &str) -> Case {
    // Notches per edge: intervals along the edge, apart from each other and the corners.
    let mut notches: Vec<(usize, f64, f64, f64)> = Vec::new(); // edge, from, to, depth
    // Depths below 3 and notches within [3.5, 12.5] along their edge: notches of two edges
    // never meet, so the outline stays simple.
    for edge in 0..4 {
        let mut at = 3.5;
        while at < 11.5 && rng.unit() < 0.6 {
            let from = grid_range(rng, at, at + 3.0);
            let to = grid_range(rng, from + 0.5, from + 4.0).min(12.5);
            if to <= from {
                break;
            }
            let depth = grid_range(rng, 0.5, 3.0);
            notches.push((edge, from, to, depth));
            at = to + [0.0, 0.5, 1.0][rng.below(3)];
            if at == to {
                // Two notches side by side would share an edge: keep them a step apart.
                at += STEP;
            }
        }
    }
    // Walk the box counter-clockwise: bottom (y = 0, x up), right (x = 16, y up), top (y = 16,
    // x down), left (x = 0, y down); each notch is a detour into the box.
    let corner = [
        DVec2::new(0.0, 0.0),
        DVec2::new(SIZE, 0.0),
        DVec2::new(SIZE, SIZE),
        DVec2::new(0.0, SIZE),
    ];
    let dir = [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y];
    let mut outline = Vec::new();
    let mut blocked = Vec::new();
    for edge in 0..4 {
        outline.push(corner[edge]);
        let inward = dir[edge].perp();
        for &(e, from, to, depth) in notches.iter().filter(|n| n.0 == edge) {
            let _ = e;
            let a = corner[edge] + dir[edge] * from;
            let b = corner[edge] + dir[edge] * to;
            outline.extend([a, a + inward * depth, b + inward * depth, b]);
            let (lo, hi) = (a.min(b + inward * depth), a.max(b + inward * depth));
            blocked.push(boxed(lo, hi));
        }
    }
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    for _ in 0..(1 + rng.below(4)) {
        let s = grid_range(rng, 0.5, 3.0);
        let min = if !notches.is_empty() && rng.unit() < 0.6 {
            // Against a notch's inner side (or a gap from it).
            let (edge, from, _, depth) = notches[rng.below(notches.len())];
            let inward = dir[edge].perp();
            let gap = [0.0, 0.0, 0.5, 1.0][rng.below(4)];
            if gap > 0.0 {
                closing.push(gap / 2.0);
            }
            let p = corner[edge] + dir[edge] * from + inward * (depth + gap);
            // The box grows inward from p.
            let q = p + inward * s + dir[edge] * s;
            p.min(q)
        } else {
            snap_point(DVec2::new(rng.range(0.0, 14.0), rng.range(0.0, 14.0)))
        };
        obstacles.push(boxed(min, min + DVec2::splat(s)));
    }
    let mut all = obstacles.clone();
    let notches = blocked.len();
    all.extend(blocked);
    Case {
        label: format!("{label} notched bounds"),
        world: OracleWorld::new(DVec2::ZERO, DVec2::splat(SIZE), all),
        obstacles,
        polygon_bounds: Some(outline),
        notches,
        grid: None,
        closing,
        axis_aligned: true,
    }
}

/// A tile grid of 16 x 16 cells: rectangles of blocked cells, some meeting others at a single
/// corner (a pinch, closed) or along a side, with a box or circle inserted on top now and then.
fn tiles(rng: &mut Rng, label: &str) -> Case {
    let n = SIZE as usize;
    let mut walkable = vec![true; n * n];
    let mut rects: Vec<(usize, usize, usize, usize)> = Vec::new();
    for _ in 0..(3 + rng.below(5)) {
        let (w, h) = (1 + rng.below(4), 1 + rng.below(4));
        let (x, y) = match rects.last() {
            // Diagonally touching the previous rectangle at its top-right corner.
            Some(&(px, py, pw, ph)) if rng.unit() < 0.5 && px + pw + w <= n && py + ph + h <= n => {
                (px + pw, py + ph)
            }
            _ => (rng.below(n - w + 1), rng.below(n - h + 1)),
        };
        rects.push((x, y, w, h));
        for cy in y..y + h {
            for cx in x..x + w {
                walkable[cy * n + cx] = false;
            }
        }
    }
    let map = nav_grid::GridMap::from_walkable(n as u32, n as u32, &walkable).unwrap();
    let mut all: Vec<OracleObstacle> = rects
        .iter()
        .map(|&(x, y, w, h)| {
            boxed(
                DVec2::new(x as f64, y as f64),
                DVec2::new((x + w) as f64, (y + h) as f64),
            )
        })
        .collect();
    let mut obstacles = Vec::new();
    if rng.unit() < 0.5 {
        let c = DVec2::new(rng.below(n) as f64, rng.below(n) as f64);
        obstacles.push(if rng.unit() < 0.5 {
            boxed(c, c + DVec2::new(1.0, 0.5))
        } else {
            OracleObstacle::Circle {
                center: c,
                radius: 0.5,
            }
        });
    }
    all.extend(obstacles.iter().cloned());
    Case {
        label: format!("{label} tiles"),
        world: OracleWorld::new(DVec2::ZERO, DVec2::splat(SIZE), all),
        obstacles,
        polygon_bounds: None,
        notches: 0,
        grid: Some(map),
        closing: vec![0.5, 1.0, 1.5],
        axis_aligned: true,
    }
}

fn case(seed: u64) -> Case {
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x4a1d);
    let label = format!("case {seed}");
    match seed % 6 {
        0 => cells(&mut rng, &label),
        1 => walls(&mut rng, &label),
        2 => slivers(&mut rng, &label),
        3 => circles(&mut rng, &label),
        4 => notched(&mut rng, &label),
        _ => tiles(&mut rng, &label),
    }
}

/// A world moved to the mesh: every point `p` becomes `p * scale + offset` (exact in `f32`
/// for the scales and offsets used, checked).
#[derive(Clone, Copy, Debug)]
struct Frame {
    scale: f64,
    offset: f64,
}

const IDENTITY: Frame = Frame {
    scale: 1.0,
    offset: 0.0,
};
/// The moved worlds: scaled to a 1e-3 world, and moved 2^16 away from the origin (where one
/// grid step of 1/64 is two f32 steps; `NAV_HUNT_FAR=131072` moves it 2^17, where it is one).
fn frames() -> [Frame; 2] {
    [
        Frame {
            scale: 1.0 / 1024.0,
            offset: 0.0,
        },
        Frame {
            scale: 1.0,
            offset: env_usize("NAV_HUNT_FAR").unwrap_or(65_536) as f64,
        },
    ]
}

impl Frame {
    fn p(&self, p: DVec2) -> Vec2 {
        let q = p * self.scale + DVec2::splat(self.offset);
        let f = q.as_vec2();
        assert_eq!(f.as_dvec2(), q, "{p} is not exact in f32 in {self:?}");
        f
    }

    /// Whether `p` moves exactly.
    fn exact(&self, p: DVec2) -> bool {
        let q = p * self.scale + DVec2::splat(self.offset);
        q.as_vec2().as_dvec2() == q
    }

    fn len(&self, x: f64) -> f32 {
        let f = (x * self.scale) as f32;
        assert_eq!(f as f64, x * self.scale, "{x} is not exact in f32");
        f
    }

    fn obstacle(&self, o: &OracleObstacle) -> Obstacle {
        match o {
            OracleObstacle::Polygon(pts) => {
                Obstacle::Polygon(pts.iter().map(|&p| self.p(p)).collect())
            }
            OracleObstacle::Box { min, max } => {
                Obstacle::Box(Aabb::new(self.p(*min), self.p(*max)))
            }
            OracleObstacle::Circle { center, radius } => {
                Obstacle::Circle(Circle::new(self.p(*center), self.len(*radius)))
            }
        }
    }

    fn world(&self, case: &Case) -> MeshWorld {
        if let Some(map) = &case.grid {
            // The tile grid itself only unmoved; moved, its cells are boxes.
            let (mut mesh, extra) = if self.scale == 1.0 && self.offset == 0.0 {
                (MeshWorld::from_grid(map).unwrap(), &case.obstacles)
            } else {
                let b = Aabb::new(self.p(case.world.min), self.p(case.world.max));
                (MeshWorld::new(b).unwrap(), &case.world.obstacles)
            };
            for o in extra {
                mesh.insert(self.obstacle(o)).unwrap();
            }
            return mesh;
        }
        let mut mesh = match &case.polygon_bounds {
            Some(outline) => {
                let pts: Vec<Vec2> = outline.iter().map(|&p| self.p(p)).collect();
                MeshWorld::with_polygon_bounds(&pts).unwrap()
            }
            None => {
                MeshWorld::new(Aabb::new(self.p(case.world.min), self.p(case.world.max))).unwrap()
            }
        };
        for (i, o) in case.obstacles.iter().enumerate() {
            mesh.insert(self.obstacle(o))
                .unwrap_or_else(|e| panic!("{}: obstacle {i} refused: {e}\n{o:?}", case.label));
        }
        mesh
    }
}

// ---------------------------------------------------------------------------------------------
// Brute force.

/// Whether the brute force is sure of `fits(p, r)` (not within rounding of a tie, except on
/// axis-aligned worlds where the distances are exact).
fn sure(case: &Case, p: DVec2, r: f64) -> bool {
    // A point on a notch and on the box's edge is outside the polygon bounds, though its
    // margin is 0: the brute force cannot tell it from one on the notch's inner side.
    let w = &case.world;
    let on_box = p.x == w.min.x || p.y == w.min.y || p.x == w.max.x || p.y == w.max.y;
    if on_box
        && w.obstacles[w.obstacles.len() - case.notches..]
            .iter()
            .any(|o| o.distance_to_point(p) == 0.0)
    {
        return false;
    }
    // A tile grid's blocked cells are one region (their outlines traced): at r = 0 a point on
    // the side two blocked cells share, or a blocked cell shares with the bounds, is blocked,
    // though its margin to each box is 0.
    if case.grid.is_some() && r == 0.0 && margin(w, p) == 0.0 {
        return false;
    }
    // The mesh compares distances with a tolerance of 1e-9 times the world's scale (16): a
    // margin that close to r may go either way, unless it is exactly r (axis-aligned worlds
    // compute it exactly).
    // Both the bounds' margin and the obstacles' (a tie in either may turn out of bounds into
    // blocked).
    let walls = (p.x - w.min.x)
        .min(p.y - w.min.y)
        .min(w.max.x - p.x)
        .min(w.max.y - p.y);
    [walls, w.signed_clearance(p)].iter().all(|&m| {
        let off = (m - r).abs();
        if case.axis_aligned {
            off == 0.0 || off > 2e-9 * SIZE
        } else {
            off > 1e-7
        }
    })
}

/// What a query must answer without searching, by brute force (`None`: both ends fit). The
/// notches of polygon bounds (the oracle's obstacles after the case's own) are outside the
/// bounds: a disc overlapping one is out of bounds, not blocked.
fn unsearched(case: &Case, s: DVec2, g: DVec2, r: f64) -> Option<PathStatus> {
    let world = &case.world;
    let own = world.obstacles.len() - case.notches;
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

/// Points at distance exactly `r` from obstacles' edges and corners (on the grown boundary),
/// at corners themselves, and on circles grown by `r`.
fn special_points(case: &Case, r: f64, rng: &mut Rng) -> Vec<DVec2> {
    let mut out = Vec::new();
    for o in &case.world.obstacles {
        match o {
            OracleObstacle::Circle { center, radius } => {
                for d in [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y] {
                    out.push(*center + d * (radius + r));
                }
            }
            _ => {
                let pts = o.outline().unwrap();
                for (i, &a) in pts.iter().enumerate() {
                    let b = pts[(i + 1) % pts.len()];
                    out.push(a);
                    // Off the middle of an axis-aligned edge by r, outward.
                    let e = b - a;
                    if e.x == 0.0 || e.y == 0.0 {
                        let n = DVec2::new(e.y, -e.x).normalize();
                        out.push(snap_point((a + b) * 0.5) + n * r);
                        out.push(a + n * r);
                        out.push(a - e.normalize() * r);
                    }
                }
            }
        }
    }
    // The bounds' edges shrunk by r.
    out.push(DVec2::new(r, SIZE / 2.0));
    out.push(DVec2::new(SIZE - r, 3.0));
    out.push(DVec2::splat(r));
    // Only those exact in f32.
    out.retain(|p| p.as_vec2().as_dvec2() == *p && p.is_finite());
    // Keep a few.
    let mut kept = Vec::new();
    for _ in 0..6.min(out.len()) {
        kept.push(out[rng.below(out.len())]);
    }
    kept
}

fn random_point(rng: &mut Rng) -> DVec2 {
    DVec2::new(
        grid_range(rng, -0.5, SIZE + 0.5),
        grid_range(rng, -0.5, SIZE + 0.5),
    )
}

/// A point where the disc fits, by rejection (`None` when none is found soon).
fn fitting_point(case: &Case, rng: &mut Rng, r: f64) -> Option<DVec2> {
    (0..300)
        .map(|_| random_point(rng))
        .find(|&p| margin(&case.world, p) >= r)
}

// ---------------------------------------------------------------------------------------------
// The checks of one query.

#[derive(Default, Debug)]
struct Tally {
    worlds: usize,
    queries: usize,
    found: usize,
    no_path: usize,
    unsearched: usize,
    bracketed: usize,
    undecided: usize,
    on_boundary: usize,
    frames: usize,
    closings: usize,
    partial: usize,
    sliced: usize,
    nearest: usize,
    spatial: usize,
}

/// The length at radius `r`, `None` unless found.
type Answer = (PathStatus, f64);

fn radius_of(r: f64) -> f32 {
    let f = r as f32;
    assert_eq!(f as f64, r, "radius {r} not exact in f32");
    f
}

/// The next `f32` above and below `r`.
fn f32_up(r: f64) -> f64 {
    f32::from_bits((r as f32).to_bits() + 1) as f64
}

fn f32_down(r: f64) -> f64 {
    f32::from_bits((r as f32).to_bits() - 1) as f64
}

/// Runs one query on `mesh` and checks it against brute force, the oracle and the checker;
/// returns the answer.
#[allow(clippy::too_many_arguments)]
fn check_query(
    case: &Case,
    mesh: &MeshWorld,
    ctx: &mut MeshContext,
    r: f64,
    s: DVec2,
    g: DVec2,
    oracle: bool,
    tally: &mut Tally,
) -> Answer {
    let world = &case.world;
    let query = MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(radius_of(r));
    let path = ctx.find_path(mesh, &query).unwrap();
    let (status, cost) = (path.status(), path.cost());
    let context = || format!("{}: r {r} from {s} to {g}\n{case:?}", case.label);
    tally.queries += 1;
    let expected = unsearched(case, s, g, r);
    if !(sure(case, s, r) && sure(case, g, r)) {
        return (status, cost);
    }
    if margin(world, s) == r || margin(world, g) == r {
        tally.on_boundary += 1;
    }
    if let Some(expected) = expected {
        tally.unsearched += 1;
        assert_eq!(status, expected, "{}", context());
        return (status, cost);
    }
    assert!(
        matches!(status, PathStatus::Found | PathStatus::NoPath),
        "status {status:?}\n{}",
        context()
    );
    assert!(
        cost.is_finite() || status != PathStatus::Found,
        "{}",
        context()
    );
    if status == PathStatus::Found {
        tally.found += 1;
        check_piece_path(world, r, s, g, path.path(), cost)
            .unwrap_or_else(|e| panic!("checker: {e}\n{}\npath {:?}", context(), path.path()));
    } else {
        tally.no_path += 1;
    }
    // A start on the goal is found at length 0 (also on a sealed point, such as the shared
    // edge of two boxes at r = 0, where the oracle finds no free direction): no bracket.
    if s == g {
        assert!(status == PathStatus::Found && cost == 0.0, "{}", context());
    } else if oracle {
        let lower = grown_shortest_path(world, r, s, g, K, Growth::Inscribed).map(|p| p.length);
        let upper = grown_shortest_path(world, r, s, g, K, Growth::Circumscribed).map(|p| p.length);
        tally.bracketed += 1;
        match status {
            PathStatus::Found => {
                let lo = lower.unwrap_or_else(|| {
                    panic!(
                        "found {cost} where the lower problem has no path\n{}",
                        context()
                    )
                });
                assert!(
                    cost >= lo * (1.0 - 1e-6) - 1e-9,
                    "length {cost} below the lower bound {lo}\n{}\npath {:?}",
                    context(),
                    path.path()
                );
                match upper {
                    Some(hi) => assert!(
                        cost <= hi * (1.0 + 1e-6) + 1e-9,
                        "length {cost} above the upper bound {hi}\n{}\npath {:?}",
                        context(),
                        path.path()
                    ),
                    None => tally.undecided += 1,
                }
            }
            _ => {
                assert!(
                    upper.is_none(),
                    "no path, but the upper problem has one of {upper:?}\n{}",
                    context()
                );
                if lower.is_some() {
                    tally.undecided += 1;
                }
            }
        }
    }
    (status, cost)
}

/// The limits, the sliced query, `connected`, the reverse query and the moved worlds, for a
/// query whose ends fit.
#[allow(clippy::too_many_arguments)]
fn check_relations(
    case: &Case,
    mesh: &MeshWorld,
    moved: &[MeshWorld],
    ctx: &mut MeshContext,
    r: f64,
    s: DVec2,
    g: DVec2,
    answer: Answer,
    near_tie: bool,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let world = &case.world;
    let context = || format!("{}: r {r} from {s} to {g}\n{case:?}", case.label);
    let rf = radius_of(r);
    let query = MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(rf);
    // Both ways.
    let back = ctx
        .find_path(
            mesh,
            &MeshQuery::new(g.as_vec2(), s.as_vec2()).with_radius(rf),
        )
        .unwrap();
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
    // connected.
    let connected = mesh.connected(s.as_vec2(), g.as_vec2(), rf).unwrap();
    assert_eq!(
        connected,
        answer.0 == PathStatus::Found,
        "connected says {connected}, find_path {:?}\n{}",
        answer.0,
        context()
    );
    // The moved worlds (not at a radius one f32 step from a tie: the tolerance of 1e-9 times
    // the world's scale differs between them).
    if !near_tie {
        for (frame, moved) in frames().iter().zip(moved) {
            // Only on the grid: the scaled world's tolerance is 1e-9 absolute (its scale is
            // 1), 64 times the original's relative one, so a point off the grid by a few f32
            // steps (a special point at a radius one step from a tie) may touch in one world
            // and not in the other.
            let on_grid = |p: DVec2| snap_point(p) == p;
            if !on_grid(s) || !on_grid(g) || (r * 128.0).fract() != 0.0 {
                continue;
            }
            assert!(frame.exact(s) && frame.exact(g));
            let q = MeshQuery::new(frame.p(s), frame.p(g)).with_radius(frame.len(r));
            let p = ctx.find_path(moved, &q).unwrap();
            tally.frames += 1;
            assert_eq!(p.status(), answer.0, "in {frame:?}\n{}", context());
            if answer.0 == PathStatus::Found {
                let cost = p.cost() / frame.scale;
                assert!(
                    same_length(cost, answer.1, 2e-6),
                    "in {frame:?}: {cost} vs {}\n{}",
                    answer.1,
                    context()
                );
            }
        }
    }
    // Limits: max_cost just above and below the length, and a partial path under an
    // expansion limit.
    let asked = Asked {
        mesh,
        query,
        answer,
        s,
        g,
    };
    asked.check_max_cost(ctx, &context);
    let max = 1 + rng.below(6);
    let check = |end: DVec2, pieces: &[PathPiece], cost: f64| {
        check_piece_path(world, r, s, end, pieces, cost)
    };
    asked.check_partial(ctx, max, 0.0, &check, &context);
    tally.partial += 1;
    // The sliced query equals the one-shot one (with limits now and then).
    if rng.unit() < 0.3 {
        let budget = [1, 2, 5, 50][rng.below(4)];
        let query = match rng.below(4) {
            0 => query.with_limits(
                Limits::default()
                    .with_max_expanded(1 + rng.below(8))
                    .with_partial_path(rng.unit() < 0.5),
            ),
            1 if answer.0 == PathStatus::Found => query.with_limits(
                Limits::default()
                    .with_max_cost(answer.1 * rng.range(0.9, 1.1))
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

/// One world: queries at every radius of the case (0, the closing radii and one f32 step
/// either side, random ones), from random and special points.
fn hunt_world(case: &Case, seed: u64, queries: usize, tally: &mut Tally) {
    let mesh = Frame::world(&IDENTITY, case);
    let moved: Vec<MeshWorld> = frames().iter().map(|f| f.world(case)).collect();
    // The polygon bounds against the same world with a box and its notches as obstacles.
    let boxed_twin = (case.polygon_bounds.is_some() || case.grid.is_some()).then(|| {
        let mut w = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(SIZE as f32))).unwrap();
        for o in &case.world.obstacles {
            w.insert(mesh_obstacle(o)).unwrap();
        }
        w
    });
    let mut rng = Rng::new(seed ^ 0x00c0_ffee);
    let mut ctx = MeshContext::new();
    tally.worlds += 1;
    // The oracle is slow on many vertices: the bracket on a share of the queries.
    let vertices: usize = case
        .world
        .obstacles
        .iter()
        .map(|o| o.outline().map_or(K, |p| p.len()))
        .sum();
    let oracle_share = if vertices <= 40 { 1.0 } else { 0.4 };
    let mut radii: Vec<f64> = vec![0.0, snap(rng.range(0.05, 1.5))];
    let mut closing = case.closing.clone();
    // The bounds' own: a disc as wide as the world fits on its middle line only.
    closing.push(SIZE / 2.0);
    closing.sort_by(f64::total_cmp);
    closing.dedup();
    for &h in &closing {
        radii.extend([f32_down(h), h, f32_up(h)]);
    }
    radii.sort_by(f64::total_cmp);
    radii.dedup();
    // Per pair of points, the answers at each radius (for monotonicity and continuity).
    for _ in 0..queries {
        let pick = |rng: &mut Rng, r: f64| -> Option<DVec2> {
            match rng.below(4) {
                0 => Some(random_point(rng)),
                1 => {
                    let pts = special_points(case, r, rng);
                    (!pts.is_empty()).then(|| pts[rng.below(pts.len())])
                }
                _ => fitting_point(case, rng, r),
            }
        };
        let r_pick = radii[rng.below(radii.len())];
        let (Some(s), Some(g)) = (pick(&mut rng, r_pick), pick(&mut rng, r_pick)) else {
            continue;
        };
        let mut answers: Vec<(f64, Option<Answer>)> = Vec::new();
        for &r in &radii {
            let near_tie = closing.iter().any(|&h| r != h && (r - h).abs() < 1e-6);
            // The oracle's own tolerance (1e-9 of the scale) cannot judge a gap one f32 step
            // wider than 2r: no bracket one step from a closing radius.
            let oracle = rng.unit() < oracle_share && !near_tie;
            let answer = check_query(case, &mesh, &mut ctx, r, s, g, oracle, tally);
            let fits = unsearched(case, s, g, r).is_none() && sure(case, s, r) && sure(case, g, r);
            if fits {
                check_relations(
                    case, &mesh, &moved, &mut ctx, r, s, g, answer, near_tie, &mut rng, tally,
                );
                if let Some(twin) = &boxed_twin {
                    let p = ctx
                        .find_path(
                            twin,
                            &MeshQuery::new(s.as_vec2(), g.as_vec2()).with_radius(radius_of(r)),
                        )
                        .unwrap();
                    assert_eq!(
                        p.status(),
                        answer.0,
                        "{}: box twin r {r} {s} -> {g}",
                        case.label
                    );
                    if answer.0 == PathStatus::Found {
                        assert!(
                            same_length(p.cost(), answer.1, 1e-9),
                            "{}: box twin r {r} {s} -> {g}: {} vs {}",
                            case.label,
                            p.cost(),
                            answer.1
                        );
                    }
                }
            }
            answers.push((r, fits.then_some(answer)));
        }
        // Monotone in the radius; right-continuous at the closing radii.
        let context = |r: f64| format!("{}: r {r} from {s} to {g}\n{case:?}", case.label);
        let mut last: Option<(f64, Answer)> = None;
        for &(r, a) in &answers {
            let Some(a) = a else {
                last = None;
                continue;
            };
            if let Some((r0, a0)) = last {
                if a.0 == PathStatus::Found {
                    assert_eq!(
                        a0.0,
                        PathStatus::Found,
                        "found at r {r} but not at the smaller r {r0}\n{}",
                        context(r)
                    );
                    assert!(
                        a.1 >= a0.1 - 1e-9 * a.1.max(1.0),
                        "shorter at r {r} ({}) than at the smaller r {r0} ({})\n{}",
                        a.1,
                        a0.1,
                        context(r)
                    );
                }
                if closing.contains(&r0) && r == f32_up(r0) {
                    tally.closings += 1;
                    assert_eq!(
                        a.0,
                        a0.0,
                        "status jumps between r {r0} and the next f32 {r}\n{}",
                        context(r)
                    );
                    if a.0 == PathStatus::Found {
                        assert!(
                            a.1 - a0.1 <= 1e-4,
                            "length jumps from {} to {} between r {r0} and the next f32 {r}\n{}",
                            a0.1,
                            a.1,
                            context(r)
                        );
                    }
                }
            }
            last = Some((r, a));
        }
    }
    // find_nearest against the shortest find_path.
    for _ in 0..2 {
        let r = radii[rng.below(radii.len())];
        let Some(s) = fitting_point(case, &mut rng, r) else {
            continue;
        };
        let goals: Vec<Vec2> = (0..1 + rng.below(4))
            .map(|_| {
                if rng.unit() < 0.5 {
                    random_point(&mut rng).as_vec2()
                } else {
                    fitting_point(case, &mut rng, r).unwrap_or(s).as_vec2()
                }
            })
            .collect();
        let rf = radius_of(r);
        let best = goals
            .iter()
            .filter_map(|&g| {
                let p = ctx
                    .find_path(&mesh, &MeshQuery::new(s.as_vec2(), g).with_radius(rf))
                    .unwrap();
                p.is_found().then(|| p.cost())
            })
            .fold(f64::INFINITY, f64::min);
        // Under an expansion limit with a partial path: found at the same length, or a
        // partial path that passes the checker.
        let limits = Limits::default()
            .with_max_expanded(1 + rng.below(6))
            .with_partial_path(true);
        let limited_query = MeshQuery::new(s.as_vec2(), Vec2::ZERO)
            .with_radius(rf)
            .with_limits(limits);
        let limited = ctx.find_nearest(&mesh, &limited_query, &goals).unwrap();
        let (status, cost) = (limited.answer.status(), limited.answer.cost());
        let pieces = limited.answer.path().to_vec();
        if status == PathStatus::Found {
            assert!(
                best.is_finite() && same_length(cost, best, 1e-9),
                "{}: limited nearest {cost} vs best {best} from {s} r {r} to {goals:?}",
                case.label
            );
        } else if matches!(status, PathStatus::LimitReached | PathStatus::NoPath) {
            let end = pieces.last().map_or(s, |p| p.end_point().as_dvec2());
            check_piece_path(&case.world, r, s, end, &pieces, cost).unwrap_or_else(|e| {
                panic!(
                    "{}: limited nearest's partial path: {e} from {s} r {r}",
                    case.label
                )
            });
        }
        let nearest = ctx
            .find_nearest(
                &mesh,
                &MeshQuery::new(s.as_vec2(), Vec2::ZERO).with_radius(rf),
                &goals,
            )
            .unwrap();
        tally.nearest += 1;
        if best.is_finite() {
            assert_eq!(
                nearest.answer.status(),
                PathStatus::Found,
                "{}: nearest from {s} r {r} to {goals:?}",
                case.label
            );
            assert!(
                same_length(nearest.answer.cost(), best, 1e-9),
                "{}: nearest {} vs best {best} from {s} r {r} to {goals:?}",
                case.label,
                nearest.answer.cost()
            );
        } else {
            assert!(
                !nearest.answer.is_found(),
                "{}: nearest found {} from {s} r {r} to {goals:?}, no find_path did",
                case.label,
                nearest.answer.cost()
            );
        }
    }
    hunt_spatial(case, &mesh, &radii, &mut rng, tally);
}

/// `fits` against brute force (ties included on axis-aligned worlds), `raycast` against
/// marching the disc, `nearest_fit` against a sample of the disc around the point.
fn hunt_spatial(case: &Case, mesh: &MeshWorld, radii: &[f64], rng: &mut Rng, tally: &mut Tally) {
    let world = &case.world;
    for _ in 0..20 {
        let r = radii[rng.below(radii.len())];
        let rf = radius_of(r);
        let p = if rng.unit() < 0.5 {
            let pts = special_points(case, r, rng);
            if pts.is_empty() {
                random_point(rng)
            } else {
                pts[rng.below(pts.len())]
            }
        } else {
            random_point(rng)
        };
        tally.spatial += 1;
        if sure(case, p, r) {
            assert_eq!(
                mesh.fits(p.as_vec2(), rf).unwrap(),
                margin(world, p) >= r,
                "{}: fits at {p} r {r}, margin {}",
                case.label,
                margin(world, p)
            );
        }
        // raycast from a fitting point.
        if margin(world, p) >= r && sure(case, p, r) {
            let dir = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU));
            let dir = dir.as_vec2().as_dvec2();
            let max = rng.range(0.5, 20.0) as f32 as f64;
            let hit = mesh
                .raycast(p.as_vec2(), dir.as_vec2(), max as f32, rf)
                .unwrap()
                .map(|d| d as f64);
            let h = 0.002;
            let mut t = 0.0;
            let mut first_out = None;
            while t <= max {
                if margin(world, p + dir * t) < r - 1e-7 {
                    first_out = Some(t);
                    break;
                }
                t += h;
            }
            let context = || {
                format!(
                    "{}: ray from {p} dir {dir} max {max} r {r}: {hit:?}, marching {first_out:?}",
                    case.label
                )
            };
            match (hit, first_out) {
                (None, Some(_)) => panic!("ray passes a contact: {}", context()),
                (Some(d), Some(t)) => assert!(d <= t + 1e-4, "{}", context()),
                _ => {}
            }
            if let Some(d) = hit {
                assert!(d >= 0.0 && d <= max + 1e-4, "{}", context());
                // Up to the contact the disc fits.
                let mut t = 0.0;
                while t < d - 1e-3 {
                    assert!(
                        margin(world, p + dir * t) >= r - 1e-4,
                        "the disc overlaps at {t} before the contact: {}",
                        context()
                    );
                    t += h;
                }
            }
        }
        // nearest_fit.
        if rng.unit() < 0.3 {
            let near = mesh.nearest_fit(p.as_vec2(), rf).unwrap();
            match near {
                None => {
                    if let Some(q) = fitting_lattice_point(world, SIZE, 64, r, 1e-6) {
                        panic!(
                            "{}: {q} fits (r {r}), nearest_fit from {p} says none",
                            case.label
                        );
                    }
                }
                Some(q) => {
                    let q = q.as_dvec2();
                    assert!(
                        margin(world, q) >= r - 1e-4,
                        "{}: nearest_fit {q} from {p} does not fit (r {r}), margin {}",
                        case.label,
                        margin(world, q)
                    );
                    let d = p.distance(q);
                    let step = (d / 40.0).max(0.005);
                    if let Some(x) = nearer_fitting_sample(world, p, d, step, r, 1e-6) {
                        panic!(
                            "{}: {x} fits (r {r}) nearer to {p} than nearest_fit's {q}",
                            case.label
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn adversarial_worlds() {
    let mut tally = Tally::default();
    let seeds = cases(40);
    let n = seeds.end - seeds.start;
    let failed = sweep(seeds, |seed| {
        let case = case(seed);
        hunt_world(&case, seed, 3, &mut tally);
    });
    eprintln!("{tally:?}");
    assert!(
        failed.is_empty(),
        "{} worlds failed: {failed:?}",
        failed.len()
    );
    // Every kind of case is met (40 worlds meet each several times).
    let n = n as usize;
    assert!(tally.found > 2 * n && tally.no_path > n / 4 && tally.unsearched > n / 4);
    assert!(tally.closings > n / 2 && tally.on_boundary > n / 4);
}

// ---------------------------------------------------------------------------------------------
// Edits.

/// Random insert / set / remove sequences over a pool of adversarial obstacles (of every
/// generator, so touching, overlapping and reaching out of the bounds), with every kind of
/// query after each step against a world built from scratch.
#[test]
fn adversarial_edit_sequences_match_a_rebuild() {
    let mut steps_run = 0;
    let seeds = cases(8);
    let n = seeds.end - seeds.start;
    let failed = sweep(seeds, |seed| {
        let mut pool = Vec::new();
        for k in 0..4 {
            pool.extend(case(seed * 4 + k).obstacles);
        }
        let bounds = if seed % 3 == 2 {
            case(seed * 6 + 4).polygon_bounds
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
        let mut rng = Rng::new(seed + 77);
        let mut world = fresh_world();
        let mut live: Vec<(ObstacleId, OracleObstacle)> = Vec::new();
        let mut ctx = MeshContext::new();
        // The edits so far, to print with a failure.
        let mut log: Vec<String> = Vec::new();
        for step in 0..30 {
            let op = rng.below(4);
            if live.is_empty() || op <= 1 {
                let o = pool[rng.below(pool.len())].clone();
                let id = world.insert(mesh_obstacle(&o)).unwrap();
                log.push(format!("insert {o:?}"));
                live.push((id, o));
            } else if op == 2 {
                let i = rng.below(live.len());
                let o = pool[rng.below(pool.len())].clone();
                world.set(live[i].0, mesh_obstacle(&o)).unwrap();
                log.push(format!("set {i} {o:?}"));
                live[i].1 = o;
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
            let label = format!("edit seed {seed} step {step}");
            let mut fresh_ctx = MeshContext::new();
            for _ in 0..5 {
                let r = [0.0, 0.25, 0.5, 1.0, f32_down(0.5) as f32 as f64][rng.below(5)];
                let rf = r as f32;
                let s = random_point(&mut rng).as_vec2();
                let g = random_point(&mut rng).as_vec2();
                let q = MeshQuery::new(s, g).with_radius(rf);
                // The edited world's context is kept warm across edits, the fresh one is new.
                let a = ctx.find_path(&world, &q).unwrap().outcome();
                let b = fresh_ctx.find_path(&fresh, &q).unwrap().outcome();
                if a.status != b.status {
                    let c = MeshContext::new().find_path(&world, &q).unwrap().outcome();
                    let d = ctx.find_path(&fresh, &q).unwrap().outcome();
                    let e = ctx.find_path(&world, &q).unwrap().outcome();
                    eprintln!(
                        "edited, cold context: {c:?}\nfresh, warm context: {d:?}\nedited again: {e:?}\nlog {log:#?}\nlive {live:?}\nbounds {bounds:?}"
                    );
                }
                assert_eq!(a.status, b.status, "{label}: {s} -> {g} r {r}");
                assert!(
                    same_length(a.cost, b.cost, 1e-9) || a.cost == b.cost,
                    "{label}: {s} -> {g} r {r}: {} vs {}",
                    a.cost,
                    b.cost
                );
                assert_eq!(
                    world.fits(s, rf).unwrap(),
                    fresh.fits(s, rf).unwrap(),
                    "{label}"
                );
                assert_eq!(
                    world.connected(s, g, rf).unwrap(),
                    fresh.connected(s, g, rf).unwrap(),
                    "{label}: connected {s} {g} r {r}"
                );
                assert_eq!(
                    ctx.connected(&world, s, g, rf).unwrap(),
                    fresh.connected(s, g, rf).unwrap(),
                    "{label}: ctx connected {s} {g} r {r}"
                );
                let dir = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU)).as_vec2();
                let (x, y) = (
                    world.raycast(s, dir, 20.0, rf).unwrap(),
                    fresh.raycast(s, dir, 20.0, rf).unwrap(),
                );
                match (x, y) {
                    (Some(x), Some(y)) => assert!((x - y).abs() <= 1e-5, "{label}: ray {x} {y}"),
                    _ => assert_eq!(x, y, "{label}: raycast {s} {dir} r {r}"),
                }
                let (x, y) = (
                    world.nearest_fit(s, rf).unwrap(),
                    fresh.nearest_fit(s, rf).unwrap(),
                );
                match (x, y) {
                    (Some(x), Some(y)) => assert!(
                        (x.distance(s) - y.distance(s)).abs() <= 1e-4,
                        "{label}: nearest_fit {x} {y} from {s} r {r}"
                    ),
                    _ => assert_eq!(x, y, "{label}: nearest_fit {s} r {r}"),
                }
                let goals = [g, random_point(&mut rng).as_vec2()];
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
                assert_eq!(x.status, y.status, "{label}: nearest {s} {goals:?} r {r}");
                assert!(
                    same_length(x.cost, y.cost, 1e-9) || x.cost == y.cost,
                    "{label}"
                );
            }
            steps_run += 1;
        }
    });
    assert!(
        failed.is_empty(),
        "{} sequences failed: {failed:?}",
        failed.len()
    );
    assert_eq!(steps_run, n as usize * 30);
}

/// Found by `adversarial_worlds` (a world of cells of 2): one f32 step of radius above 2, the
/// free space near (10, 6) between the boxes below, right and above it is a cusp (the edge
/// y = 4 + r and the circle of radius r around the corner (10, 8) cross at a tiny angle),
/// thinner than one f32 step for its first 3e-4. `nearest_fit` dropped the cusp's tip (its
/// nudges found no f32 point inside) and answered (8, 6), 10 away, where (9.998, 6.0000005)
/// fits 8.484 away.
#[test]
fn nearest_fit_finds_a_cusp_thinner_than_an_f32_step() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(16.0))).unwrap();
    for (x0, y0, x1, y1) in [
        (6.0, 0.0, 8.0, 2.0),
        (8.0, 2.0, 10.0, 4.0),
        (12.0, 4.0, 14.0, 6.0),
        (10.0, 8.0, 12.0, 10.0),
    ] {
        world.insert(bx(x0, y0, x1, y1)).unwrap();
    }
    let r = 2.0f32.next_up();
    let p = Vec2::new(16.0, -2.384_185_8e-7);
    let q = world
        .nearest_fit(p, r)
        .unwrap()
        .expect("the disc fits somewhere");
    assert!(world.fits(q, r).unwrap());
    // The cusp's tip: x = 10 - sqrt(r² - (4 - r)²), y = 4 + r.
    let (rd, pd) = (r as f64, p.as_dvec2());
    let tip = DVec2::new(10.0 - (rd * rd - (4.0 - rd) * (4.0 - rd)).sqrt(), 4.0 + rd);
    let d = q.as_dvec2().distance(pd);
    assert!(
        d >= tip.distance(pd) - 1e-6 && d <= tip.distance(pd) + 1e-3,
        "nearest_fit {q} at {d}, the cusp's tip {tip} at {}",
        tip.distance(pd)
    );
}

/// Found by `adversarial_worlds` in the world moved 2^17 from the origin (where the grid step
/// of 1/64 is one f32 step): one sliver whose vertical edge is one f32 step long. The path
/// slides down that edge and turns around its lower corner; the arc there starts r + 8.6e-5
/// from the upper corner, within the tolerance 1e-9 * 131088 = 1.3e-4, and the arc test takes
/// the upper corner's other edge for a touch from outside (a zero-width gap), though it
/// touches the disc on the corner's own side: `NoPath`, where the same world nearer the
/// origin (any offset up to 2^16) finds 9.8505. Fixed by the world's scale following its
/// extent (1.6e-8 here at every offset), not its coordinates' magnitude.
#[test]
fn a_slide_along_an_edge_one_f32_step_long_far_from_the_origin() {
    for offset in [0.0f32, 65_536.0, 131_072.0] {
        let w = |x: f32, y: f32| Vec2::new(x + offset, y + offset);
        let mut world = MeshWorld::new(Aabb::new(w(0.0, 0.0), w(16.0, 16.0))).unwrap();
        world
            .insert(Obstacle::Polygon(vec![
                w(13.578125, 13.53125),
                w(11.5625, 12.328125),
                w(11.5625, 12.34375),
                w(13.578125, 13.546875),
            ]))
            .unwrap();
        let q = MeshQuery::new(w(10.15625, 14.28125), w(13.265625, 5.09375)).with_radius(1.421875);
        let mut ctx = MeshContext::new();
        let path = ctx.find_path(&world, &q).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "offset {offset}");
        assert!(
            (path.cost() - 9.850_520_719_258_869).abs() < 1e-6,
            "offset {offset}: {}",
            path.cost()
        );
    }
}

/// The same family, a wrong length: a world of thin walls one f32 step wide at 2^17 (case 637
/// of an earlier numbering): from (7.21875, 11.671875) to (13.96875, 7.671875) at r = 1 the
/// moved world found 21.0837 where the world at the origin finds 9.3893. Fixed with the test
/// above.
#[test]
fn thin_walls_one_f32_step_wide_far_from_the_origin() {
    let mut lengths = Vec::new();
    for offset in [0.0f32, 131_072.0] {
        let w = |x: f32, y: f32| Vec2::new(x + offset, y + offset);
        let pg =
            |pts: &[(f32, f32)]| Obstacle::Polygon(pts.iter().map(|&(x, y)| w(x, y)).collect());
        let mut world = MeshWorld::new(Aabb::new(w(0.0, 0.0), w(16.0, 16.0))).unwrap();
        for o in [
            pg(&[
                (10.5, 11.40625),
                (7.9375, 6.78125),
                (7.953125, 6.78125),
                (10.515625, 11.40625),
            ]),
            pg(&[(4.453125, 1.15625), (-0.875, 5.03125), (2.609375, 2.484375)]),
            pg(&[
                (12.484375, 5.28125),
                (4.78125, 4.71875),
                (4.78125, 4.765625),
                (12.484375, 5.328125),
            ]),
            Obstacle::Box(Aabb::new(w(6.953125, 7.71875), w(8.390625, 9.15625))),
            pg(&[
                (2.09375, 12.15625),
                (2.703125, 4.96875),
                (2.390625, 8.796875),
            ]),
        ] {
            world.insert(o).unwrap();
        }
        let q = MeshQuery::new(w(7.21875, 11.671875), w(13.96875, 7.671875)).with_radius(1.0);
        let mut ctx = MeshContext::new();
        let path = ctx.find_path(&world, &q).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "offset {offset}");
        lengths.push(path.cost());
    }
    assert!(
        (lengths[0] - 9.389_271_848_802_412).abs() < 1e-6,
        "{lengths:?}"
    );
    assert!((lengths[1] - lengths[0]).abs() < 1e-5, "{lengths:?}");
}

/// The same family at r = 0, two f32 steps: slivers sharing vertices, two of them a vertical
/// edge 1/64 long (case 1442), moved 2^16 from the origin (tolerance 6.6e-5). The path from
/// (10.3125, 14.625) bends at the edge's top (1.984375, 11.15625) and runs down to
/// (1.96875, 4.390625), passing 3.6e-5 west of the edge's bottom (1.984375, 11.140625), which
/// both slivers share, east of the path; within the tolerance, the path is taken to pass
/// through a point where two obstacles touch: `NoPath` from 2^16 on, found below it. Fixed
/// with the tests above.
#[test]
fn past_a_vertex_two_slivers_share_far_from_the_origin() {
    let mut lengths = Vec::new();
    for offset in [0.0f32, 32_768.0, 65_536.0] {
        let w = |x: f32, y: f32| Vec2::new(x + offset, y + offset);
        let pg =
            |pts: &[(f32, f32)]| Obstacle::Polygon(pts.iter().map(|&(x, y)| w(x, y)).collect());
        let mut world = MeshWorld::new(Aabb::new(w(0.0, 0.0), w(16.0, 16.0))).unwrap();
        for o in [
            pg(&[
                (7.515625, 6.71875),
                (5.125, -0.375),
                (5.140625, -0.375),
                (7.53125, 6.71875),
            ]),
            pg(&[
                (1.984375, 11.140625),
                (7.0625, 7.109375),
                (7.0625, 7.125),
                (1.984375, 11.15625),
            ]),
            pg(&[
                (7.0625, 7.109375),
                (3.78125, 2.71875),
                (3.84375, 2.71875),
                (7.125, 7.109375),
            ]),
            pg(&[(3.78125, 2.71875), (7.734375, 4.859375), (4.859375, 3.3125)]),
            pg(&[
                (1.984375, 11.140625),
                (6.234375, 10.1875),
                (6.234375, 10.203125),
                (1.984375, 11.15625),
            ]),
        ] {
            world.insert(o).unwrap();
        }
        let q = MeshQuery::new(w(10.3125, 14.625), w(1.96875, 4.390625));
        let mut ctx = MeshContext::new();
        let path = ctx.find_path(&world, &q).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "offset {offset}");
        lengths.push(path.cost());
    }
    assert!(
        lengths.iter().all(|l| (l - lengths[0]).abs() < 1e-5),
        "{lengths:?}"
    );
}

// Edit sequence 128 (step 18) found that removing two copies of a thin wall across a side of
// notched polygon bounds left a piece of the wall in the triangulation (`connected` said "not
// connected", `find_path` `NoPath` with 0 expansions): kept, shrunk, as the unit test
// `connect::repair::tests::removing_twin_walls_across_polygon_bounds_leaves_no_wall`, which
// also compares the repaired triangulation with a fresh one.

fn bx(x0: f32, y0: f32, x1: f32, y1: f32) -> Obstacle {
    Obstacle::Box(Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)))
}

/// Found by `adversarial_worlds` (an earlier numbering's 9876 and 4445): a goal at a pinch
/// point (the mouth of a gap exactly 2r wide, touching both walls) is sealed by the library's
/// convention at the origin: `find_path` says `NoPath` from anywhere, and `connected` agrees.
/// Moved 2^16 away, `connected` still says false but `find_path` finds 3.8297 from
/// (11.953125, 3.046875) (and still `NoPath` from (11.953125, 3.15625), straight east of the
/// goal): the two disagreed. With the world's scale following its extent, the moved world
/// answers as the one at the origin: sealed, by both. (Whether a goal exactly at a pinch
/// point should be reachable from one side is a question of convention; both answers agree
/// on "no", as they do for a start there.)
#[test]
fn a_goal_at_a_pinch_point_far_from_the_origin() {
    for offset in [0.0f32, 65_536.0] {
        let w = |x: f32, y: f32| Vec2::new(x + offset, y + offset);
        let mut world = MeshWorld::new(Aabb::new(w(0.0, 0.0), w(16.0, 16.0))).unwrap();
        world
            .insert(Obstacle::Box(Aabb::new(w(8.0, 0.0), w(8.125, 3.03125))))
            .unwrap();
        world
            .insert(Obstacle::Box(Aabb::new(w(8.0, 3.28125), w(8.125, 16.0))))
            .unwrap();
        let mut ctx = MeshContext::new();
        for s in [(11.953125, 3.046875), (11.953125, 3.15625)] {
            let (s, g) = (w(s.0, s.1), w(8.125, 3.15625));
            let found = ctx
                .find_path(&world, &MeshQuery::new(s, g).with_radius(0.125))
                .unwrap()
                .is_found();
            let connected = world.connected(s, g, 0.125).unwrap();
            assert_eq!(found, connected, "offset {offset} from {s}");
        }
    }
}

/// Found by `adversarial_worlds` (case 71977, walls): a goal at the mouth of a slit exactly
/// `2r` wide (boxes (3.890625, -1)-(4.390625, 4.546875) and (3.890625, 6.046875)-(4.390625,
/// 17), r = 0.75, the goal (4.390625, 5.296875) touching both corners), from (12.21875,
/// 12.171875): `find_path` found 10.4658 (an arc around the upper corner ending at the goal)
/// on a fresh context, `NoPath` the other way, `NoPath` both ways once `connected` (which said
/// false) had built the triangulation, and `Found` in the world scaled by 2^-10. The answer
/// hung on the direction and on what had been built before. Since then a start or goal at a
/// pinch point (the disc touching obstacles or the bounds from two opposite sides) is sealed
/// by a test of the ends, before any search: `NoPath` from everywhere and both ways, in every
/// frame, with `connected` false; `fits` still says true. Also the slit of the test above,
/// approached from below, level and from above, and the sealed goal among nearest goals.
#[test]
fn a_goal_at_a_pinch_point_is_sealed_whatever_came_before() {
    /// Boxes (x0, y0, x1, y1), the radius, the goal and the starts.
    type Pinch<'a> = (&'a [[f32; 4]], f32, [f32; 2], &'a [[f32; 2]]);
    let cases: [Pinch; 2] = [
        (
            &[
                [3.890625, -1.0, 4.390625, 4.546875],
                [3.890625, 6.046875, 4.390625, 17.0],
                [2.484375, 0.0, 2.5, 7.640625],
                [2.484375, 7.890625, 2.5, 16.0],
                [1.0, 9.21875, 4.65625, 10.21875],
            ],
            0.75,
            [4.390625, 5.296875],
            &[[12.21875, 12.171875], [12.0, 2.0], [12.0, 5.296875]],
        ),
        (
            &[[8.0, 0.0, 8.125, 3.03125], [8.0, 3.28125, 8.125, 16.0]],
            0.125,
            [8.125, 3.15625],
            &[[11.953125, 3.046875], [11.953125, 3.15625], [11.0, 8.0]],
        ),
    ];
    for (boxes, r, goal, starts) in cases {
        for (scale, offset) in [
            (1.0f32, 0.0f32),
            (1.0 / 1024.0, 0.0),
            (4.0, 0.0),
            (1.0, 65_536.0),
        ] {
            let w = |p: [f32; 2]| Vec2::new(p[0] * scale + offset, p[1] * scale + offset);
            let mut world = MeshWorld::new(Aabb::new(w([0.0, 0.0]), w([16.0, 16.0]))).unwrap();
            for b in boxes {
                let lo = w([b[0], b[1]]);
                let hi = w([b[2], b[3]]);
                world.insert(Obstacle::Box(Aabb::new(lo, hi))).unwrap();
            }
            let (g, rr) = (w(goal), r * scale);
            let label = format!("goal {goal:?}, r {r}, scale {scale}, offset {offset}");
            assert!(world.fits(g, rr).unwrap(), "{label}");
            for pass in 0..2 {
                let mut ctx = MeshContext::new();
                for &s in starts {
                    let s = w(s);
                    for (a, b) in [(s, g), (g, s)] {
                        let q = MeshQuery::new(a, b).with_radius(rr);
                        let out = ctx.find_path(&world, &q).unwrap();
                        assert_eq!(out.status(), PathStatus::NoPath, "{label}: {a} -> {b}");
                        assert!(!world.connected(a, b, rr).unwrap(), "{label}: {a} -> {b}");
                    }
                    // With a partial path: the nearest reachable point, not the goal.
                    let q = MeshQuery::new(s, g)
                        .with_radius(rr)
                        .with_limits(Limits::default().with_partial_path(true));
                    let out = ctx.find_path(&world, &q).unwrap();
                    assert_eq!(out.status(), PathStatus::NoPath, "{label}: partial");
                    // Among nearest goals: sealed alone, and passed over beside an open one.
                    let q = MeshQuery::new(s, s).with_radius(rr);
                    let near = ctx.find_nearest(&world, &q, &[g]).unwrap();
                    assert_eq!(near.answer.status(), PathStatus::NoPath, "{label}: nearest");
                    let open = w([15.0, 15.0]);
                    let near = ctx.find_nearest(&world, &q, &[g, open]).unwrap();
                    assert_eq!(near.goal, Some(1), "{label}: nearest of two");
                }
                if pass == 0 {
                    // The second pass with the triangulation behind `connected` built.
                    world.prepare_connected();
                }
            }
        }
    }
}

/// Found by `adversarial_worlds` (case 9287, tiles; the same with a box): a box (8, 15)-(12, 16)
/// against the bounds' top edge, r = 1, a start at (7, 15) touching both the top edge (north)
/// and the box's corner (8, 15) (east), the goal (10.9375, 13.34375) below the box: `NoPath`
/// both ways, while `connected` says true and a start 0.1 lower finds 4.48. The way around the
/// corner starts with an arc at the start, and the arc test takes the top edge's touch at the
/// arc's start (behind its motion, which goes south) for a touch from outside, a zero-width
/// gap. The same with the top edge a box's (and with a box ending at x = 7.5). Fixed: a
/// touch only at an arc's ends, the distance growing from there into the arc, no longer
/// blocks it (`Arc::touched_at_one_end_only`), as a segment's end touch did not.
#[test]
fn a_start_touching_the_bounds_and_a_corner() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(16.0))).unwrap();
    world.insert(bx(8.0, 15.0, 12.0, 16.0)).unwrap();
    let (s, g) = (Vec2::new(7.0, 15.0), Vec2::new(10.9375, 13.34375));
    assert!(world.fits(s, 1.0).unwrap() && world.connected(s, g, 1.0).unwrap());
    let mut ctx = MeshContext::new();
    let below = ctx
        .find_path(
            &world,
            &MeshQuery::new(Vec2::new(7.0, 14.9), g).with_radius(1.0),
        )
        .unwrap()
        .cost();
    for (a, b) in [(s, g), (g, s)] {
        let path = ctx
            .find_path(&world, &MeshQuery::new(a, b).with_radius(1.0))
            .unwrap();
        assert_eq!(path.status(), PathStatus::Found, "from {a} to {b}");
        // Around the corner: no longer than from 0.1 lower plus that 0.1.
        assert!(
            path.cost() <= below + 0.1 + 1e-9,
            "{} vs {below}",
            path.cost()
        );
    }
}
