//! The world: bounds, obstacles, their boundary loops, the edge grid and the corner table.
//!
//! Over 600 lines: validation, the boundary loops and the indexes are built together, and an
//! edit must update all of them or none.

use glam::DVec2;
use nav_geom::{Aabb, Circle, Vec2};
use slotmap::{Key as _, KeyData, SlotMap};

use crate::error::{MeshError, ObstacleRef, ShapeProblem};
use crate::geometry::{cross, segments_intersect};

slotmap::new_key_type! { struct Key; }

/// Handle to an obstacle of a [`MeshWorld`], returned by [`MeshWorld::insert`].
///
/// Handles are generational: once an obstacle is removed its handle stays invalid, even after
/// the world reuses its storage. [`to_raw`](ObstacleId::to_raw) and
/// [`from_raw`](ObstacleId::from_raw) turn a handle into a `u64` and back, for foreign code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ObstacleId(Key);

impl ObstacleId {
    /// The handle as a `u64`; [`from_raw`](ObstacleId::from_raw) gives back an equal handle.
    pub fn to_raw(self) -> u64 {
        self.0.data().as_ffi()
    }

    /// The handle whose [`to_raw`](ObstacleId::to_raw) value is `raw`. Any value is accepted:
    /// one that did not come from `to_raw` names no obstacle.
    pub fn from_raw(raw: u64) -> Self {
        ObstacleId(KeyData::from_ffi(raw).into())
    }
}

/// An obstacle: the agent's disc may touch it but never overlap it.
#[derive(Debug, Clone, PartialEq)]
pub enum Obstacle {
    /// A simple polygon (no two edges cross or touch except neighbours at their shared vertex),
    /// of either orientation, convex or not, at least 3 points, non-zero area.
    Polygon(Vec<Vec2>),
    /// An axis-aligned box with positive width and height.
    Box(Aabb),
    /// A disc of positive radius, handled exactly: paths keep distance `>= r` from it and bend
    /// around it along arcs of radius `R + r` (see the crate documentation).
    Circle(Circle),
}

/// The walkable area of a world: the whole disc of the agent stays inside.
#[derive(Debug, Clone, PartialEq)]
pub enum Bounds {
    /// An axis-aligned box.
    Box(Aabb),
    /// A simple polygon, either orientation.
    Polygon(Vec<Vec2>),
}

/// Who a boundary loop belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Owner {
    Obstacle,
    Bounds,
    Grid,
}

/// A closed chain of edges with the blocked side on its left.
#[derive(Debug, Clone)]
pub(crate) struct Loop {
    pub owner: Owner,
    pub points: Vec<DVec2>,
    pub edges: Vec<u32>,
    pub corners: Vec<u32>,
    pub min: DVec2,
    pub max: DVec2,
}

/// One directed edge `a -> b` of a loop, blocked side on its left; `prev` is the loop's vertex
/// before `a` (so the wedge of blocked directions at `a` is known), `next` the one after `b`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub a: DVec2,
    pub b: DVec2,
    pub prev: DVec2,
    /// The loop's vertex after `b`.
    pub next: DVec2,
    pub lp: u32,
    /// The convex corner at `a`, or `NO_CORNER`.
    pub corner: u32,
    pub alive: bool,
}

/// `Edge::corner` of an edge whose start is not a convex corner.
pub(crate) const NO_CORNER: u32 = u32::MAX;

/// A convex corner of a loop (seen from the free side): where a shortest path may bend.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Corner {
    pub v: DVec2,
    /// Outward normal of the edge arriving at `v`.
    pub n1: DVec2,
    /// Outward normal of the edge leaving `v`; the exterior span runs counter-clockwise from
    /// `n1` to `n2`.
    pub n2: DVec2,
    pub e_in: u32,
    pub e_out: u32,
    /// Number of regions (obstacles, the grid, the outside of the bounds) holding `v` strictly
    /// inside: a buried corner is never used.
    pub buried: u32,
    pub alive: bool,
}

/// A circle obstacle: centre and radius, in the edge grid's circle buckets.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Disc {
    pub c: DVec2,
    pub rad: f64,
    pub alive: bool,
}

/// `Stored::disc` of an obstacle that is not a circle.
const NO_DISC: u32 = u32::MAX;

/// What the world stores for each obstacle.
#[derive(Debug, Clone)]
struct Stored {
    obstacle: Obstacle,
    /// Its boundary loop; for a circle, its inscribed polygon (no edges, no corners: only the
    /// triangulation behind `connected` and the containment counts read it).
    lp: u32,
    /// The circle's entry in `MeshWorld::discs`, or `NO_DISC`.
    disc: u32,
}

/// The blocked cells of a world built by [`MeshWorld::from_grid`].
#[derive(Debug, Clone)]
pub(crate) struct GridRegion {
    pub width: i64,
    pub height: i64,
    pub blocked: Vec<bool>,
}

impl GridRegion {
    fn cell_blocked(&self, x: i64, y: i64) -> bool {
        x < 0
            || y < 0
            || x >= self.width
            || y >= self.height
            || self.blocked[(y * self.width + x) as usize]
    }

    /// Whether `p` lies in the interior of the union of blocked cells (or outside the map).
    pub fn strictly_blocked(&self, p: DVec2) -> bool {
        let range = |c: f64| {
            let f = c.floor();
            if f == c {
                (f as i64 - 1, f as i64)
            } else {
                (f as i64, f as i64)
            }
        };
        let (x0, x1) = range(p.x);
        let (y0, y1) = range(p.y);
        (x0..=x1).all(|x| (y0..=y1).all(|y| self.cell_blocked(x, y)))
    }
}

/// A uniform grid of buckets holding edge ids, over the bounds' box.
#[derive(Debug, Clone)]
pub(crate) struct EdgeGrid {
    pub origin: DVec2,
    pub cell: f64,
    pub nx: i64,
    pub ny: i64,
    pub buckets: Vec<Vec<u32>>,
    /// Per bucket: the circles (`MeshWorld::discs` ids) whose disc meets it.
    pub cbuckets: Vec<Vec<u32>>,
    /// Per bucket: the obstacle loops whose box meets it (those whose box spans more than
    /// [`BIG_LOOP_CELLS`] buckets are in `big_loops` instead), for `count_containing`.
    obuckets: Vec<Vec<u32>>,
    big_loops: Vec<u32>,
}

/// Obstacle loops whose box spans more buckets than this are listed once, not per bucket.
const BIG_LOOP_CELLS: i64 = 64;

impl EdgeGrid {
    fn new(min: DVec2, max: DVec2, target_cells: f64) -> Self {
        let size = (max - min).max(DVec2::splat(1e-9));
        let cell = ((size.x * size.y / target_cells).sqrt()).max(size.max_element() / 1024.0);
        let nx = ((size.x / cell).ceil() as i64).clamp(1, 1024);
        let ny = ((size.y / cell).ceil() as i64).clamp(1, 1024);
        EdgeGrid {
            origin: min,
            cell,
            nx,
            ny,
            buckets: vec![Vec::new(); (nx * ny) as usize],
            cbuckets: vec![Vec::new(); (nx * ny) as usize],
            obuckets: vec![Vec::new(); (nx * ny) as usize],
            big_loops: Vec::new(),
        }
    }

    // The cast truncates towards zero where `floor` rounds down: the same for every value the
    // clamp keeps (both are at most 0 below 0, and agree above; NaN casts to 0), without the
    // call to `floor` (no SSE4.1 instruction for it in the baseline target).
    #[inline]
    pub fn cell_x(&self, x: f64) -> i64 {
        (((x - self.origin.x) / self.cell) as i64).clamp(0, self.nx - 1)
    }

    #[inline]
    pub fn cell_y(&self, y: f64) -> i64 {
        (((y - self.origin.y) / self.cell) as i64).clamp(0, self.ny - 1)
    }

    fn cells_of(&self, a: DVec2, b: DVec2) -> (i64, i64, i64, i64) {
        let (lo, hi) = (a.min(b), a.max(b));
        (
            self.cell_x(lo.x),
            self.cell_x(hi.x),
            self.cell_y(lo.y),
            self.cell_y(hi.y),
        )
    }

    fn insert(&mut self, id: u32, a: DVec2, b: DVec2) {
        let (x0, x1, y0, y1) = self.cells_of(a, b);
        // Only the cells the segment passes near (within one cell), not its whole box.
        for y in y0..=y1 {
            for x in x0..=x1 {
                if self.cell_near_segment(x, y, a, b) {
                    self.buckets[(y * self.nx + x) as usize].push(id);
                }
            }
        }
    }

    fn remove(&mut self, id: u32, a: DVec2, b: DVec2) {
        let (x0, x1, y0, y1) = self.cells_of(a, b);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let bucket = &mut self.buckets[(y * self.nx + x) as usize];
                if let Some(i) = bucket.iter().position(|&e| e == id) {
                    bucket.swap_remove(i);
                }
            }
        }
    }

    /// The buckets the disc `(c, rad)` meets (padded as `cell_near_segment`).
    fn disc_cells(&self, c: DVec2, rad: f64) -> impl Iterator<Item = usize> + '_ {
        let (x0, x1, y0, y1) = self.cells_of(c - rad, c + rad);
        (y0..=y1).flat_map(move |y| {
            (x0..=x1).filter_map(move |x| {
                let pad = self.cell * 1e-6;
                let lo = self.origin + DVec2::new(x as f64, y as f64) * self.cell - pad;
                let hi = lo + self.cell + 2.0 * pad;
                let mut lo = lo;
                let mut hi = hi;
                if x == 0 {
                    lo.x = f64::NEG_INFINITY;
                }
                if y == 0 {
                    lo.y = f64::NEG_INFINITY;
                }
                if x == self.nx - 1 {
                    hi.x = f64::INFINITY;
                }
                if y == self.ny - 1 {
                    hi.y = f64::INFINITY;
                }
                let near = c.clamp(lo, hi).distance(c) <= rad * (1.0 + 1e-9);
                near.then_some((y * self.nx + x) as usize)
            })
        })
    }

    fn insert_loop(&mut self, id: u32, min: DVec2, max: DVec2) {
        let (x0, x1, y0, y1) = self.cells_of(min, max);
        if (x1 - x0 + 1) * (y1 - y0 + 1) > BIG_LOOP_CELLS {
            self.big_loops.push(id);
            return;
        }
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.obuckets[(y * self.nx + x) as usize].push(id);
            }
        }
    }

    fn remove_loop(&mut self, id: u32, min: DVec2, max: DVec2) {
        let (x0, x1, y0, y1) = self.cells_of(min, max);
        if (x1 - x0 + 1) * (y1 - y0 + 1) > BIG_LOOP_CELLS {
            if let Some(k) = self.big_loops.iter().position(|&d| d == id) {
                self.big_loops.swap_remove(k);
            }
            return;
        }
        for y in y0..=y1 {
            for x in x0..=x1 {
                let bucket = &mut self.obuckets[(y * self.nx + x) as usize];
                if let Some(k) = bucket.iter().position(|&d| d == id) {
                    bucket.swap_remove(k);
                }
            }
        }
    }

    /// The obstacle loops whose box may hold `p`.
    fn loops_near(&self, p: DVec2) -> impl Iterator<Item = u32> + '_ {
        let cell = (self.cell_y(p.y) * self.nx + self.cell_x(p.x)) as usize;
        self.obuckets[cell]
            .iter()
            .chain(self.big_loops.iter())
            .copied()
    }

    fn insert_disc(&mut self, id: u32, c: DVec2, rad: f64) {
        let cells: Vec<usize> = self.disc_cells(c, rad).collect();
        for i in cells {
            self.cbuckets[i].push(id);
        }
    }

    fn remove_disc(&mut self, id: u32, c: DVec2, rad: f64) {
        let cells: Vec<usize> = self.disc_cells(c, rad).collect();
        for i in cells {
            let bucket = &mut self.cbuckets[i];
            if let Some(k) = bucket.iter().position(|&d| d == id) {
                bucket.swap_remove(k);
            }
        }
    }

    /// Whether the segment `ab` passes within the (slightly padded) cell `(x, y)`. Border cells
    /// extend to infinity (coordinates are clamped into them).
    fn cell_near_segment(&self, x: i64, y: i64, a: DVec2, b: DVec2) -> bool {
        let pad = self.cell * 1e-6;
        let mut lo = self.origin + DVec2::new(x as f64, y as f64) * self.cell - pad;
        let mut hi = lo + self.cell + 2.0 * pad;
        if x == 0 {
            lo.x = f64::NEG_INFINITY;
        }
        if y == 0 {
            lo.y = f64::NEG_INFINITY;
        }
        if x == self.nx - 1 {
            hi.x = f64::INFINITY;
        }
        if y == self.ny - 1 {
            hi.y = f64::INFINITY;
        }
        crate::geometry::segment_touches_box(a, b, lo, hi)
    }
}

/// Bounds minus obstacles, for disc agents of any radius (see the crate documentation).
///
/// `Send + Sync` and `Clone`. Edits take `&mut self`, queries `&self`.
#[derive(Debug, Clone)]
pub struct MeshWorld {
    bounds: Bounds,
    pub(crate) min: DVec2,
    pub(crate) max: DVec2,
    /// Scale of the world (>= 1): tolerances are relative to it. The bounds' extent, kept
    /// between 1/64 of their largest coordinate magnitude (above the rounding of coordinates
    /// that large by a factor of about 10^5 at the distance tests' `1e-9`) and that magnitude.
    pub(crate) scale: f64,
    obstacles: SlotMap<Key, Stored>,
    pub(crate) loops: Vec<Option<Loop>>,
    free_loops: Vec<u32>,
    pub(crate) edges: Vec<Edge>,
    free_edges: Vec<u32>,
    pub(crate) corners: Vec<Corner>,
    free_corners: Vec<u32>,
    /// The circle obstacles (dead entries are reused).
    pub(crate) discs: Vec<Disc>,
    free_discs: Vec<u32>,
    pub(crate) grid: EdgeGrid,
    pub(crate) region: Option<GridRegion>,
    bounds_loop: u32,
    /// Bumped by every edit; query contexts drop their caches when it changes.
    pub(crate) version: u64,
    /// Unique per world (and per clone), so that caches never mix two worlds.
    pub(crate) identity: u64,
    /// The triangulation behind [`MeshWorld::connected`], built on first use, repaired by
    /// edits (its forests are rebuilt on first use after an edit).
    pub(crate) conn: std::sync::OnceLock<Option<Box<crate::connect::Connectivity>>>,
    /// The most threads that build may use (0: automatic), see
    /// [`MeshWorld::set_connected_threads`].
    pub(crate) connected_threads: usize,
}

static NEXT_IDENTITY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_identity() -> u64 {
    NEXT_IDENTITY.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Validated, cleaned loop points: distinct consecutive points, no collinear vertices.
fn clean_polygon(points: &[Vec2], which: ObstacleRef) -> Result<Vec<DVec2>, MeshError> {
    let bad = |problem| MeshError::InvalidShape { which, problem };
    if points.len() > MeshWorld::MAX_VERTICES {
        return Err(bad(ShapeProblem::TooLarge));
    }
    for p in points {
        if !p.is_finite() {
            return Err(bad(ShapeProblem::NotFinite));
        }
        if p.abs().max_element() > MeshWorld::MAX_COORDINATE {
            return Err(bad(ShapeProblem::TooLarge));
        }
    }
    let mut pts: Vec<DVec2> = Vec::with_capacity(points.len());
    for p in points {
        let p = p.as_dvec2();
        if pts.last() != Some(&p) {
            pts.push(p);
        }
    }
    while pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    if pts.len() < 3 {
        return Err(bad(ShapeProblem::TooFewPoints));
    }
    // Simple: no two non-adjacent edges meet, adjacent edges meet only at their vertex. Edges
    // are bucketed in a grid over the polygon's box so that only nearby pairs are tested.
    let n = pts.len();
    let pair_ok = |i: usize, j: usize| -> bool {
        let (i, j) = (i.min(j), i.max(j));
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        let (c, d) = (pts[j], pts[(j + 1) % n]);
        let adjacent = j == i + 1 || (i == 0 && j == n - 1);
        if adjacent {
            // Folding back onto the neighbouring edge.
            let (shared, other_a, other_b) = if j == i + 1 { (b, a, d) } else { (a, b, c) };
            let u = other_a - shared;
            let v = other_b - shared;
            !(cross(u, v) == 0.0 && u.dot(v) > 0.0)
        } else {
            !segments_intersect(a, b, c, d)
        }
    };
    let (blo, bhi) = bbox(&pts);
    let size = (bhi - blo).max(DVec2::splat(f64::MIN_POSITIVE));
    let g = ((n as f64).sqrt().ceil() as usize).clamp(1, 256);
    let cell = |x: f64, lo: f64, len: f64| (((x - lo) / len * g as f64) as usize).min(g - 1);
    let mut cells: Vec<Vec<u32>> = vec![Vec::new(); g * g];
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        let (lo, hi) = (a.min(b), a.max(b));
        for y in cell(lo.y, blo.y, size.y)..=cell(hi.y, blo.y, size.y) {
            for x in cell(lo.x, blo.x, size.x)..=cell(hi.x, blo.x, size.x) {
                cells[y * g + x].push(i as u32);
            }
        }
    }
    for bucket in &cells {
        for (k, &i) in bucket.iter().enumerate() {
            for &j in &bucket[k + 1..] {
                if !pair_ok(i as usize, j as usize) {
                    return Err(bad(ShapeProblem::SelfIntersecting));
                }
            }
        }
    }
    // Drop collinear vertices (straight-through).
    let mut out: Vec<DVec2> = Vec::with_capacity(n);
    for i in 0..n {
        let (p, v, q) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
        if cross(v - p, q - v) != 0.0 {
            out.push(v);
        }
    }
    if out.len() < 3 {
        return Err(bad(ShapeProblem::ZeroArea));
    }
    let area = signed_area(&out);
    let extent = {
        let (lo, hi) = bbox(&out);
        (hi - lo).max_element()
    };
    if area.abs() <= 1e-12 * extent * extent {
        return Err(bad(ShapeProblem::ZeroArea));
    }
    Ok(out)
}

pub(crate) fn signed_area(points: &[DVec2]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| cross(points[i], points[(i + 1) % n]))
        .sum::<f64>()
        * 0.5
}

pub(crate) fn bbox(points: &[DVec2]) -> (DVec2, DVec2) {
    points.iter().fold(
        (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    )
}

fn box_points(b: &Aabb, which: ObstacleRef) -> Result<Vec<Vec2>, MeshError> {
    let bad = |problem| MeshError::InvalidShape { which, problem };
    if !b.min.is_finite() || !b.max.is_finite() {
        return Err(bad(ShapeProblem::NotFinite));
    }
    if b.min.abs().max_element() > MeshWorld::MAX_COORDINATE
        || b.max.abs().max_element() > MeshWorld::MAX_COORDINATE
    {
        return Err(bad(ShapeProblem::TooLarge));
    }
    if !(b.min.x < b.max.x && b.min.y < b.max.y) {
        return Err(bad(ShapeProblem::ZeroArea));
    }
    Ok(vec![
        b.min,
        Vec2::new(b.max.x, b.min.y),
        b.max,
        Vec2::new(b.min.x, b.max.y),
    ])
}

/// The loop points of an obstacle, counter-clockwise (blocked side on the left).
fn obstacle_loop(obstacle: &Obstacle, which: ObstacleRef) -> Result<Vec<DVec2>, MeshError> {
    let bad = |problem| MeshError::InvalidShape { which, problem };
    let mut pts = match obstacle {
        Obstacle::Polygon(points) => clean_polygon(points, which)?,
        Obstacle::Box(b) => clean_polygon(&box_points(b, which)?, which)?,
        Obstacle::Circle(c) => {
            if !c.center.is_finite() || !c.radius.is_finite() {
                return Err(bad(ShapeProblem::NotFinite));
            }
            if c.radius <= 0.0 {
                return Err(bad(ShapeProblem::BadRadius));
            }
            if c.center.abs().max_element() + c.radius > MeshWorld::MAX_COORDINATE {
                return Err(bad(ShapeProblem::TooLarge));
            }
            // The inscribed polygon, for the triangulation behind `connected` (a subset of the
            // circle: the free space it sees is a superset, so "not connected" stays true).
            let n = MeshWorld::CIRCLE_SIDES;
            let step = std::f64::consts::TAU / n as f64;
            let center = c.center.as_dvec2();
            let rad = c.radius as f64;
            let pts: Vec<DVec2> = (0..n)
                .map(|k| center + DVec2::from_angle(k as f64 * step) * rad)
                .collect();
            // No cleaning needed (convex, distinct), but keep the area check honest.
            if signed_area(&pts) <= 0.0 {
                return Err(bad(ShapeProblem::ZeroArea));
            }
            pts
        }
    };
    if signed_area(&pts) < 0.0 {
        pts.reverse();
    }
    Ok(pts)
}

impl MeshWorld {
    /// Sides of the regular polygon inscribed in a circle obstacle that the triangulation behind
    /// [`connected`](MeshWorld::connected) and [`free_triangles`](MeshWorld::free_triangles)
    /// uses (paths, `fits`, `nearest_fit` and `raycast` treat circles exactly).
    pub const CIRCLE_SIDES: usize = 96;
    /// Largest coordinate magnitude accepted.
    pub const MAX_COORDINATE: f32 = 1.0e7;
    /// Most vertices one polygon may have.
    pub const MAX_VERTICES: usize = 1 << 16;

    /// A world whose walkable area is the box `bounds`.
    pub fn new(bounds: Aabb) -> Result<Self, MeshError> {
        let pts = box_points(&bounds, ObstacleRef::Bounds)?;
        Self::build(Bounds::Box(bounds), &pts, 4096.0)
    }

    /// A world whose walkable area is the simple polygon `points` (either orientation).
    pub fn with_polygon_bounds(points: &[Vec2]) -> Result<Self, MeshError> {
        Self::build(Bounds::Polygon(points.to_vec()), points, 4096.0)
    }

    fn build(bounds: Bounds, points: &[Vec2], target_cells: f64) -> Result<Self, MeshError> {
        let mut pts = clean_polygon(points, ObstacleRef::Bounds)?;
        // The blocked side of the bounds is outside: clockwise.
        if signed_area(&pts) > 0.0 {
            pts.reverse();
        }
        let (min, max) = bbox(&pts);
        // Relative to the extent, not to the coordinates' magnitude: a small world far from
        // the origin (16 units at 2^17, where one f32 step is 1/64) would otherwise compare
        // distances with a tolerance of 1.3e-4 and close, as zero-width gaps, clearances its
        // features of one f32 step leave (8.6e-5 for a disc of radius 1.4 sliding past an
        // edge 1/64 long), which it does not at the origin.
        let magnitude = min.abs().max_element().max(max.abs().max_element());
        let scale = magnitude
            .min((max - min).max_element().max(magnitude / 64.0))
            .max(1.0);
        let mut world = MeshWorld {
            bounds,
            min,
            max,
            scale,
            obstacles: SlotMap::with_key(),
            loops: Vec::new(),
            free_loops: Vec::new(),
            edges: Vec::new(),
            free_edges: Vec::new(),
            corners: Vec::new(),
            free_corners: Vec::new(),
            discs: Vec::new(),
            free_discs: Vec::new(),
            grid: EdgeGrid::new(min, max, target_cells),
            region: None,
            bounds_loop: 0,
            version: 0,
            identity: next_identity(),
            conn: std::sync::OnceLock::new(),
            connected_threads: 0,
        };
        world.bounds_loop = world.add_loop(pts, Owner::Bounds);
        Ok(world)
    }

    /// A world made from a tile grid: cell `(x, y)` is the square `[x, x+1] x [y, y+1]`, the
    /// bounds are `[0, w] x [0, h]`, and the blocked cells are merged into boundary loops (the
    /// outlines of the free areas; diagonally touching blocked cells meet at a corner, which is
    /// a closed gap). The cells are part of the world's fixed ground: they are not obstacles
    /// ([`iter`](MeshWorld::iter) does not list them) and cannot be edited, but obstacles can
    /// be added on top.
    ///
    /// ```
    /// use nav_geom::Vec2;
    /// use nav_grid::GridMap;
    /// use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};
    ///
    /// // 3 x 3 cells, the middle one blocked.
    /// let walkable = [true, true, true, true, false, true, true, true, true];
    /// let map = GridMap::from_walkable(3, 3, &walkable).unwrap();
    /// let world = MeshWorld::from_grid(&map)?;
    /// let mut ctx = MeshContext::new();
    /// let path = ctx.find_path(&world, &MeshQuery::new(Vec2::new(0.5, 1.5), Vec2::new(2.5, 1.5)))?;
    /// assert_eq!(path.status(), PathStatus::Found);
    /// // Over two corners of the blocked cell: two half diagonals and one side.
    /// assert!((path.cost() - (1.0 + 2.0 * 0.5f64.sqrt())).abs() < 1e-9);
    /// // A disc of radius 0.5 does not fit between the cell and the map's edge.
    /// let q = MeshQuery::new(Vec2::new(0.5, 1.5), Vec2::new(2.5, 1.5)).with_radius(0.5);
    /// assert_eq!(ctx.find_path(&world, &q)?.status(), PathStatus::NoPath);
    /// # Ok::<(), nav_mesh::MeshError>(())
    /// ```
    pub fn from_grid(map: &nav_grid::GridMap) -> Result<Self, MeshError> {
        let (w, h) = (map.width(), map.height());
        if w as u64 * h as u64 > 1 << 26 || w == 0 || h == 0 {
            return Err(MeshError::GridTooLarge {
                width: w,
                height: h,
            });
        }
        let bounds = Aabb::new(Vec2::ZERO, Vec2::new(w as f32, h as f32));
        let pts = box_points(&bounds, ObstacleRef::Bounds)?;
        let cells = (w as f64 * h as f64 / 16.0).max(64.0);
        let mut world = Self::build(Bounds::Box(bounds), &pts, cells)?;
        let region = crate::grid::region_of(map);
        let loops = crate::grid::trace_loops(&region);
        world.region = Some(region);
        // Each edge lands in one or two buckets (two where it runs along a bucket's side):
        // room for that up front spares the buckets' repeated growth.
        let edges: usize = loops.iter().map(Vec::len).sum();
        let per_bucket = (2 * edges).div_ceil(world.grid.buckets.len()) + 1;
        for bucket in &mut world.grid.buckets {
            bucket.reserve(per_bucket);
        }
        world.edges.reserve(edges);
        world.corners.reserve(edges);
        world.loops.reserve(loops.len());
        for pts in loops {
            world.add_loop(pts, Owner::Grid);
        }
        Ok(world)
    }

    /// Number of regions holding `p` strictly inside, not counting loop `skip`: the grid's
    /// blocked cells, the outside of the bounds, each obstacle (the grid's own loops are
    /// answered by its cells, so they are never scanned).
    pub(crate) fn count_containing(&self, p: DVec2, skip: Option<u32>) -> u32 {
        let mut n = 0;
        if let Some(region) = &self.region {
            n += region.strictly_blocked(p) as u32;
        }
        let loops = std::iter::once(self.bounds_loop).chain(self.grid.loops_near(p));
        for i in loops {
            if Some(i) == skip {
                continue;
            }
            let Some(lp) = &self.loops[i as usize] else {
                continue;
            };
            if lp.owner == Owner::Obstacle && (p.cmplt(lp.min).any() || p.cmpgt(lp.max).any()) {
                continue;
            }
            n += self.loop_strictly_contains(lp, p) as u32;
        }
        n
    }

    /// The obstacle loops (circles' included) whose box may meet `[lo, hi]`, each once.
    pub(crate) fn loops_in_box(&self, lo: DVec2, hi: DVec2) -> Vec<u32> {
        let g = &self.grid;
        let (x0, x1, y0, y1) = g.cells_of(lo, hi);
        let mut out: Vec<u32> = g.big_loops.clone();
        for y in y0..=y1 {
            for x in x0..=x1 {
                out.extend_from_slice(&g.obuckets[(y * g.nx + x) as usize]);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether `p` is strictly inside the blocked side of a loop (an obstacle's interior, or
    /// the outside of the bounds).
    pub(crate) fn loop_strictly_contains(&self, lp: &Loop, p: DVec2) -> bool {
        let eps = self.eps();
        // A point farther than `eps` from an edge's box, in x or in y, is farther than `eps`
        // from the edge: the distance (a square root and a division) is only needed inside
        // the box grown by `2 eps`, the margin covering the rounding of the closest point,
        // which is far smaller than `eps` at every coordinate the world accepts. The answer
        // does not depend on the order of the edges (any near edge gives `false`, the
        // crossings a parity), so the closing edge comes first and no index wraps.
        let pad = DVec2::splat(2.0 * eps);
        let pts = &lp.points;
        let Some(&last) = pts.last() else {
            return lp.owner == Owner::Bounds;
        };
        let mut inside = false;
        let mut a = last;
        for &b in pts {
            let (lo, hi) = (a.min(b) - pad, a.max(b) + pad);
            let near_box = p.cmpge(lo).all() && p.cmple(hi).all();
            if near_box && crate::geometry::dist_point_segment(p, a, b) <= eps {
                return false;
            }
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x > p.x {
                    inside = !inside;
                }
            }
            a = b;
        }
        match lp.owner {
            Owner::Bounds => !inside,
            _ => inside,
        }
    }

    /// The tolerance of distance tests: `1e-9` times the world's scale.
    #[inline]
    pub(crate) fn eps(&self) -> f64 {
        1e-9 * self.scale
    }

    fn add_loop(&mut self, pts: Vec<DVec2>, owner: Owner) -> u32 {
        self.add_loop_with(pts, owner, false)
    }

    /// Adds a loop; a `shadow` loop (a circle's inscribed polygon) gets no edges and no
    /// corners.
    fn add_loop_with(&mut self, pts: Vec<DVec2>, owner: Owner, shadow: bool) -> u32 {
        let lp_id = reuse_slot(&mut self.loops, &mut self.free_loops, None);
        let n = pts.len();
        let (min, max) = bbox(&pts);
        let mut corners = Vec::new();
        let mut edge_ids = Vec::with_capacity(n);
        for i in (0..n).filter(|_| !shadow) {
            let e = Edge {
                a: pts[i],
                b: pts[(i + 1) % n],
                prev: pts[(i + n - 1) % n],
                next: pts[(i + 2) % n],
                lp: lp_id,
                corner: NO_CORNER,
                alive: true,
            };
            let id = reuse_slot(&mut self.edges, &mut self.free_edges, e);
            self.grid.insert(id, e.a, e.b);
            edge_ids.push(id);
        }
        for i in (0..n).filter(|_| !shadow) {
            let (p, v, q) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
            if cross(v - p, q - v) > 0.0 {
                let outward = |d: DVec2| DVec2::new(d.y, -d.x).normalize();
                let c = Corner {
                    v,
                    n1: outward(v - p),
                    n2: outward(q - v),
                    e_in: edge_ids[(i + n - 1) % n],
                    e_out: edge_ids[i],
                    buried: 0,
                    alive: true,
                };
                let id = reuse_slot(&mut self.corners, &mut self.free_corners, c);
                corners.push(id);
                self.edges[edge_ids[i] as usize].corner = id;
            }
        }
        self.loops[lp_id as usize] = Some(Loop {
            owner,
            points: pts,
            edges: edge_ids,
            corners,
            min,
            max,
        });
        if owner == Owner::Obstacle {
            self.grid.insert_loop(lp_id, min, max);
        }
        // Bury the new loop's corners inside other regions, and other corners inside it. The
        // grid's loops are added first, by `from_grid`: their corners lie on the boundary of
        // its cells and inside the bounds, so none is buried (checked in debug builds).
        let lp = self.loops[lp_id as usize].as_ref().unwrap();
        if owner == Owner::Grid {
            debug_assert!(
                lp.corners
                    .iter()
                    .all(|&c| self.count_containing(self.corners[c as usize].v, Some(lp_id)) == 0)
            );
        } else {
            for i in 0..lp.corners.len() {
                let lp = self.loops[lp_id as usize].as_ref().unwrap();
                let c = lp.corners[i] as usize;
                self.corners[c].buried = self.count_containing(self.corners[c].v, Some(lp_id));
            }
        }
        if owner == Owner::Obstacle {
            self.adjust_buried_inside(lp_id, 1);
        }
        self.version = next_identity();
        crate::connect::edited(self, crate::connect::Change::Added(lp_id));
        lp_id
    }

    /// Adds `delta` to the buried count of every corner of another loop strictly inside loop
    /// `lp_id`.
    fn adjust_buried_inside(&mut self, lp_id: u32, delta: i32) {
        let lp = self.loops[lp_id as usize].as_ref().unwrap();
        let (min, max) = (lp.min, lp.max);
        let (x0, x1) = (self.grid.cell_x(min.x), self.grid.cell_x(max.x));
        let (y0, y1) = (self.grid.cell_y(min.y), self.grid.cell_y(max.y));
        let mut hits = Vec::new();
        for y in y0..=y1 {
            for x in x0..=x1 {
                for &e in &self.grid.buckets[(y * self.grid.nx + x) as usize] {
                    let edge = &self.edges[e as usize];
                    // Only edges starting at a convex corner count: the cheapest test first.
                    if edge.corner == NO_CORNER
                        || edge.lp == lp_id
                        || self.grid.cell_x(edge.a.x) != x
                        || self.grid.cell_y(edge.a.y) != y
                    {
                        continue;
                    }
                    if edge.a.cmplt(min).any() || edge.a.cmpgt(max).any() {
                        continue;
                    }
                    if self.loop_strictly_contains(lp, edge.a) {
                        hits.push(edge.corner);
                    }
                }
            }
        }
        for c in hits {
            let c = &mut self.corners[c as usize];
            c.buried = (c.buried as i64 + delta as i64).max(0) as u32;
        }
    }

    fn remove_loop(&mut self, lp_id: u32) {
        if self.loops[lp_id as usize].as_ref().unwrap().owner == Owner::Obstacle {
            self.adjust_buried_inside(lp_id, -1);
        }
        let lp = self.loops[lp_id as usize].take().unwrap();
        if lp.owner == Owner::Obstacle {
            self.grid.remove_loop(lp_id, lp.min, lp.max);
        }
        for &e in &lp.edges {
            let edge = self.edges[e as usize];
            self.grid.remove(e, edge.a, edge.b);
            self.edges[e as usize].alive = false;
            self.free_edges.push(e);
        }
        for &c in &lp.corners {
            self.corners[c as usize].alive = false;
            self.free_corners.push(c);
        }
        self.free_loops.push(lp_id);
        self.version = next_identity();
        crate::connect::edited(self, crate::connect::Change::Removed(&lp.points));
    }

    fn checked_loop(
        &self,
        obstacle: &Obstacle,
        which: ObstacleRef,
    ) -> Result<Vec<DVec2>, MeshError> {
        let pts = obstacle_loop(obstacle, which)?;
        let (lo, hi) = bbox(&pts);
        if hi.cmplt(self.min).any() || lo.cmpgt(self.max).any() {
            return Err(MeshError::InvalidShape {
                which,
                problem: ShapeProblem::OutsideBounds,
            });
        }
        Ok(pts)
    }

    /// Adds an obstacle. Refused (world unchanged) when the shape is invalid or lies entirely
    /// outside the bounds.
    pub fn insert(&mut self, obstacle: Obstacle) -> Result<ObstacleId, MeshError> {
        let pts = self.checked_loop(&obstacle, ObstacleRef::New)?;
        let (lp, disc) = self.add_obstacle(&obstacle, pts);
        Ok(ObstacleId(self.obstacles.insert(Stored {
            obstacle,
            lp,
            disc,
        })))
    }

    /// Adds the checked loop of `obstacle` (and its disc, for a circle).
    fn add_obstacle(&mut self, obstacle: &Obstacle, pts: Vec<DVec2>) -> (u32, u32) {
        let Obstacle::Circle(c) = obstacle else {
            return (self.add_loop(pts, Owner::Obstacle), NO_DISC);
        };
        let d = Disc {
            c: c.center.as_dvec2(),
            rad: c.radius as f64,
            alive: true,
        };
        let id = reuse_slot(&mut self.discs, &mut self.free_discs, d);
        self.grid.insert_disc(id, d.c, d.rad);
        (self.add_loop_with(pts, Owner::Obstacle, true), id)
    }

    /// Removes what [`add_obstacle`](Self::add_obstacle) added.
    fn remove_obstacle(&mut self, lp: u32, disc: u32) {
        if disc != NO_DISC {
            let d = self.discs[disc as usize];
            self.grid.remove_disc(disc, d.c, d.rad);
            self.discs[disc as usize].alive = false;
            self.free_discs.push(disc);
        }
        self.remove_loop(lp);
    }

    /// Replaces (moves, reshapes) obstacle `id`, returning the old shape. Refused (world
    /// unchanged) when the handle is unknown or the new shape invalid.
    pub fn set(&mut self, id: ObstacleId, obstacle: Obstacle) -> Result<Obstacle, MeshError> {
        if !self.obstacles.contains_key(id.0) {
            return Err(MeshError::UnknownObstacle { id });
        }
        let pts = self.checked_loop(&obstacle, ObstacleRef::Id(id))?;
        let (old_lp, old_disc) = (self.obstacles[id.0].lp, self.obstacles[id.0].disc);
        self.remove_obstacle(old_lp, old_disc);
        let (lp, disc) = self.add_obstacle(&obstacle, pts);
        let stored = &mut self.obstacles[id.0];
        stored.lp = lp;
        stored.disc = disc;
        Ok(std::mem::replace(&mut stored.obstacle, obstacle))
    }

    /// Removes obstacle `id`, returning it (`None` for an unknown handle).
    pub fn remove(&mut self, id: ObstacleId) -> Option<Obstacle> {
        let stored = self.obstacles.remove(id.0)?;
        self.remove_obstacle(stored.lp, stored.disc);
        Some(stored.obstacle)
    }

    /// The obstacle `id`, if it exists.
    pub fn get(&self, id: ObstacleId) -> Option<&Obstacle> {
        self.obstacles.get(id.0).map(|s| &s.obstacle)
    }

    /// Every obstacle with its handle (not the cells of a world built by
    /// [`from_grid`](MeshWorld::from_grid)).
    pub fn iter(&self) -> impl Iterator<Item = (ObstacleId, &Obstacle)> {
        self.obstacles
            .iter()
            .map(|(k, s)| (ObstacleId(k), &s.obstacle))
    }

    /// Number of obstacles.
    pub fn len(&self) -> usize {
        self.obstacles.len()
    }

    /// Whether the world holds no obstacle.
    pub fn is_empty(&self) -> bool {
        self.obstacles.is_empty()
    }

    /// The bounds.
    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// The id of the bounds loop.
    #[allow(dead_code)]
    pub(crate) fn bounds_loop(&self) -> u32 {
        self.bounds_loop
    }
}

/// Puts `item` in a slot of `items` that `free` lists (the slots of removed items), or in a new
/// one at the end, and returns its index: the ids of live items never move.
fn reuse_slot<T>(items: &mut Vec<T>, free: &mut Vec<u32>, item: T) -> u32 {
    match free.pop() {
        Some(id) => {
            items[id as usize] = item;
            id
        }
        None => {
            items.push(item);
            (items.len() - 1) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nav_testkit::TestRng;

    /// The containment test as it was before its box filter (a distance to every edge), as the
    /// reference of the fast one.
    fn contains_reference(world: &MeshWorld, lp: &Loop, p: DVec2) -> bool {
        let eps = world.eps();
        let pts = &lp.points;
        let n = pts.len();
        let mut inside = false;
        for i in 0..n {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            if crate::geometry::dist_point_segment(p, a, b) <= eps {
                return false;
            }
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x > p.x {
                    inside = !inside;
                }
            }
        }
        match lp.owner {
            Owner::Bounds => !inside,
            _ => inside,
        }
    }

    /// Checks every live corner's buried count against a count over every loop of the world.
    fn check_buried(world: &MeshWorld, step: usize) {
        for (i, lp) in world.loops.iter().enumerate() {
            let Some(lp) = lp else { continue };
            for &c in &lp.corners {
                let corner = &world.corners[c as usize];
                assert!(corner.alive);
                let p = corner.v;
                let mut n = world.region.as_ref().is_some_and(|r| r.strictly_blocked(p)) as u32;
                for (j, other) in world.loops.iter().enumerate() {
                    let Some(other) = other else { continue };
                    if j != i && other.owner != Owner::Grid {
                        n += contains_reference(world, other, p) as u32;
                    }
                }
                assert_eq!(
                    corner.buried, n,
                    "step {step}: corner {c} at {p} of loop {i}"
                );
            }
        }
    }

    /// An obstacle on the integer lattice (so that many corners lie exactly on other
    /// obstacles' edges): a box, a triangle, an L, a star of 5 spikes or a circle, near the
    /// middle of `[0, 40]^2`.
    fn lattice_obstacle(rng: &mut TestRng) -> Obstacle {
        let c = Vec2::new(rng.below(20) as f32 + 10.0, rng.below(20) as f32 + 10.0);
        let s = rng.below(6) as f32 + 2.0;
        match rng.below(5) {
            0 => Obstacle::Box(Aabb::new(c - s, c + Vec2::new(s, 2.0 * s))),
            1 => Obstacle::Polygon(vec![c, c + Vec2::new(2.0 * s, 0.0), c + Vec2::new(0.0, s)]),
            2 => Obstacle::Polygon(vec![
                c,
                c + Vec2::new(2.0 * s, 0.0),
                c + Vec2::new(2.0 * s, 1.0),
                c + Vec2::new(1.0, 1.0),
                c + Vec2::new(1.0, s),
                c + Vec2::new(0.0, s),
            ]),
            3 => Obstacle::Polygon(
                (0..10)
                    .map(|i| {
                        let a = std::f32::consts::PI * i as f32 / 5.0;
                        let r = if i % 2 == 0 { s } else { s / 2.0 };
                        c + Vec2::new(a.cos(), a.sin()) * r
                    })
                    .collect(),
            ),
            _ => Obstacle::Circle(Circle {
                center: c,
                radius: s,
            }),
        }
    }

    /// Random overlapping inserts, moves and removes: after each, every corner's buried
    /// count is the number of other regions holding it strictly inside.
    fn random_edits(mut world: MeshWorld, seed: u64, steps: usize) {
        let mut rng = TestRng::new(seed);
        let mut ids = Vec::new();
        check_buried(&world, 0);
        for step in 1..=steps {
            match rng.below(4) {
                0 | 1 => ids.push(world.insert(lattice_obstacle(&mut rng)).unwrap()),
                2 if !ids.is_empty() => {
                    let id = ids[rng.index(ids.len())];
                    world.set(id, lattice_obstacle(&mut rng)).unwrap();
                }
                _ if !ids.is_empty() => {
                    let id = ids.swap_remove(rng.index(ids.len()));
                    world.remove(id).unwrap();
                }
                _ => {}
            }
            check_buried(&world, step);
        }
    }

    #[test]
    fn buried_counts_match_a_full_count_after_overlapping_edits() {
        for seed in 0..4 {
            let world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(40.0))).unwrap();
            random_edits(world, seed, 150);
        }
    }

    #[test]
    fn buried_counts_match_a_full_count_on_a_grid_world() {
        let mut rng = TestRng::new(99);
        let walkable: Vec<bool> = (0..40 * 40).map(|_| !rng.chance(0.2)).collect();
        let map = nav_grid::GridMap::from_walkable(40, 40, &walkable).unwrap();
        for seed in 10..12 {
            random_edits(MeshWorld::from_grid(&map).unwrap(), seed, 100);
        }
    }
}
