//! A fourth hunt for wrong answers, in the state a [`MeshContext`] carries from one query to
//! the next: the successor lists per radius (corners' and circles', the circles' lists built
//! only as far as a query needs and grown later), the sight tests deferred into them, the
//! arc memos, the circles' walks, the sight module's per-corner and per-circle obstacle
//! lists, the start's segments memo, the straight line's memo, the cache limit
//! (`set_cache_limit`), a sliced query's state, a nearest-goal query's goals.
//!
//! One long-lived context answers long random sequences, each query judged against a fresh
//! context ([`MeshContext::new`]) on the same world, and every path found against the
//! oracle's geometric checker. The sequences mix
//!
//! * radii in random order with repeats, `r = 0`, the radii closing the worlds' gaps (half a
//!   gap's width) and the next `f32` either side of the previous radius;
//! * two or three worlds used alternately (a tile grid with obstacles on top, a scatter of
//!   boxes and circles large enough to take the visibility walk, a small world of general
//!   polygons and circles), a world's clone swapped in and edited apart, a world dropped and
//!   built again from its description;
//! * edits between queries (insert, `set`, remove, and their undoing), the last query asked
//!   again after each;
//! * cache limits: none, 0, tiny, lowered in the middle of a sequence and raised again;
//! * expansion and length limits, partial paths, sliced queries stepped with random budgets
//!   (abandoned half way, a `connected` between their steps, the context cloned between
//!   steps), `find_nearest`, `connected` through the context, `prepare_connected`.
//!
//! What is promised and so checked:
//!
//! * status and length (`1e-9` relative) equal a fresh context's, always (an expansion limit
//!   excepted: the work a warm context skips may let it finish within the limit where a
//!   fresh one does not, and the other way round: then the one that finished must agree
//!   with the unlimited answer);
//! * everything, to the bit (pieces, length, expansion counts), equals a fresh context's in
//!   worlds that skip the visibility walk (there every list is complete and every sight test
//!   made when it is built, so a warm list is exactly the list a fresh context builds), and
//!   in every world when the context's cache limit is 0 (each query then starts with no
//!   lists, as a fresh context does);
//! * a finished sliced query equals `find_path` on a copy of the context taken before it
//!   began, to the bit, whatever its budgets and whatever ran between its steps (a
//!   `connected` decided without a search, `fits`, a clone of the context);
//! * `cache_bytes`: a query that starts with more than the limit holds afterwards exactly
//!   what a fresh context holds after it (the lists dropped, their memory freed);
//! * several threads, each with its own context, on one shared world: a thread replaying one
//!   sequence gives bit for bit the answers of one thread replaying it alone.
//!
//! `NAV_HUNT_CASES=N` runs `N` sequences (`NAV_HUNT_SEED=S` starts at seed `S`),
//! `NAV_HUNT_STEPS=K` makes each `K` steps long; `NAV_HUNT_KEEP_GOING=1` lists the failing
//! seeds instead of stopping at the first.

mod common;

use common::limits::same_length;
use common::sweep::{cases, env_usize, sweep};
use common::{Rng, mesh_obstacle, rounded};
use glam::DVec2;
use nav_geom::Vec2;
use nav_mesh::{
    Limits, MeshContext, MeshQuery, MeshWorld, ObstacleId, PathOutcome, PathPiece, PathStatus,
    SliceState,
};
use nav_testkit::polygon_oracle::{OracleObstacle, OracleWorld, RandomWorld, check_piece_path};

// ---------------------------------------------------------------------------------------------
// Worlds.

/// The grid every generated coordinate lies on (exact in `f32`).
const STEP: f64 = 1.0 / 64.0;

fn snap(x: f64) -> f64 {
    (x / STEP).round() * STEP
}

fn boxed(min: DVec2, max: DVec2) -> OracleObstacle {
    OracleObstacle::Box { min, max }
}

/// How a world is made, so that it can be dropped and made again.
#[derive(Debug, Clone)]
enum Recipe {
    /// A tile grid (`MeshWorld::from_grid`).
    Grid { side: u32, walkable: Vec<bool> },
    /// Box bounds `[0, size]²`.
    Open { size: f64 },
}

/// One world of a sequence: the mesh, what it is made of, and the oracle's view of it.
#[derive(Debug, Clone)]
struct World {
    label: String,
    recipe: Recipe,
    /// The oracle's obstacles that are not editable (a grid's blocked cells).
    fixed: Vec<OracleObstacle>,
    /// The editable obstacles: their ids in `mesh` and their shapes (`None`: removed).
    slots: Vec<Option<(ObstacleId, OracleObstacle)>>,
    mesh: MeshWorld,
    /// Whether the world skips the visibility walk (at most 1024 corners, 128 circles): its
    /// warm answers are promised to the bit.
    small: bool,
    /// Radii at which a gap of the world closes.
    closing: Vec<f64>,
    size: f64,
    /// The edits to undo, last first.
    undo: Vec<Undo>,
}

#[derive(Debug, Clone)]
enum Undo {
    /// Remove the obstacle of this slot (it was inserted).
    Insert(usize),
    /// Insert again the obstacle of this slot (it was removed).
    Remove(usize, OracleObstacle),
    /// Set the obstacle of this slot back to this shape.
    Set(usize, OracleObstacle),
}

impl World {
    fn build(&self) -> MeshWorld {
        let mut mesh = match &self.recipe {
            Recipe::Grid { side, walkable } => {
                let map = nav_grid::GridMap::from_walkable(*side, *side, walkable).unwrap();
                MeshWorld::from_grid(&map).unwrap()
            }
            Recipe::Open { size } => {
                MeshWorld::new(nav_geom::Aabb::new(Vec2::ZERO, Vec2::splat(*size as f32))).unwrap()
            }
        };
        for slot in self.slots.iter().flatten() {
            mesh.insert(mesh_obstacle(&slot.1)).unwrap();
        }
        mesh
    }

    /// Drops the mesh and builds it again from the recipe (new ids, a new identity).
    fn rebuild(&mut self) {
        let mut mesh = self.build();
        std::mem::swap(&mut mesh, &mut self.mesh);
        drop(mesh);
        // The ids of the new world, in slot order (`build` inserts in that order).
        let ids: Vec<ObstacleId> = self.mesh.iter().map(|(id, _)| id).collect();
        for (slot, &id) in self.slots.iter_mut().flatten().zip(&ids) {
            slot.0 = id;
        }
        self.undo.clear();
    }

    fn oracle(&self) -> OracleWorld {
        let mut obstacles = self.fixed.clone();
        obstacles.extend(self.slots.iter().flatten().map(|s| s.1.clone()));
        OracleWorld::new(DVec2::ZERO, DVec2::splat(self.size), obstacles)
    }

    fn insert(&mut self, o: OracleObstacle) -> bool {
        match self.mesh.insert(mesh_obstacle(&o)) {
            Ok(id) => {
                self.slots.push(Some((id, o)));
                self.undo.push(Undo::Insert(self.slots.len() - 1));
                true
            }
            Err(_) => false,
        }
    }

    fn live(&self, rng: &mut Rng) -> Option<usize> {
        let live: Vec<usize> = (0..self.slots.len())
            .filter(|&k| self.slots[k].is_some())
            .collect();
        (!live.is_empty()).then(|| live[rng.below(live.len())])
    }

    fn remove(&mut self, k: usize) {
        let (id, o) = self.slots[k].take().unwrap();
        assert!(self.mesh.remove(id).is_some(), "{}: remove", self.label);
        self.undo.push(Undo::Remove(k, o));
    }

    fn set(&mut self, k: usize, o: OracleObstacle) -> bool {
        let id = self.slots[k].as_ref().unwrap().0;
        match self.mesh.set(id, mesh_obstacle(&o)) {
            Ok(_) => {
                let old = std::mem::replace(&mut self.slots[k].as_mut().unwrap().1, o);
                self.undo.push(Undo::Set(k, old));
                true
            }
            Err(_) => false,
        }
    }

    fn undo_last(&mut self) -> bool {
        let Some(u) = self.undo.pop() else {
            return false;
        };
        match u {
            Undo::Insert(k) => {
                let (id, _) = self.slots[k].take().unwrap();
                self.mesh.remove(id).unwrap();
            }
            Undo::Remove(k, o) => {
                let id = self.mesh.insert(mesh_obstacle(&o)).unwrap();
                self.slots[k] = Some((id, o));
            }
            Undo::Set(k, o) => {
                let id = self.slots[k].as_ref().unwrap().0;
                self.mesh.set(id, mesh_obstacle(&o)).unwrap();
                self.slots[k].as_mut().unwrap().1 = o;
            }
        }
        true
    }

    /// A point of the world for a disc of radius `r`: usually one where it fits.
    fn point(&self, rng: &mut Rng, r: f64) -> DVec2 {
        let hi = self.size;
        let mut p = DVec2::new(snap(rng.range(0.0, hi)), snap(rng.range(0.0, hi)));
        if rng.unit() < 0.1 {
            return p;
        }
        for _ in 0..40 {
            if self.mesh.fits(p.as_vec2(), r as f32).unwrap() {
                return p;
            }
            p = DVec2::new(snap(rng.range(0.0, hi)), snap(rng.range(0.0, hi)));
            if rng.unit() < 0.5 {
                // Off the lattice now and then (a general f32 point).
                p = common::f32_point(DVec2::new(rng.range(0.0, hi), rng.range(0.0, hi)));
            }
        }
        p
    }
}

/// A gate: two boxes side by side with a gap exactly `2h` wide between them (closing at `h`).
fn gate(rng: &mut Rng, size: f64, out: &mut Vec<OracleObstacle>) -> f64 {
    let h = [0.25, 0.5, 0.75, 1.0, 0.375, 1.25][rng.below(6)];
    let x = snap(rng.range(1.0, size - 6.0));
    let y = snap(rng.range(1.0, size - 6.0));
    let (w, l) = (snap(rng.range(0.5, 2.0)), snap(rng.range(1.0, 4.0)));
    if rng.unit() < 0.5 {
        out.push(boxed(DVec2::new(x, y), DVec2::new(x + w, y + l)));
        out.push(boxed(
            DVec2::new(x + w + 2.0 * h, y),
            DVec2::new(x + 2.0 * w + 2.0 * h, y + l),
        ));
    } else {
        out.push(boxed(DVec2::new(x, y), DVec2::new(x + l, y + w)));
        out.push(boxed(
            DVec2::new(x, y + w + 2.0 * h),
            DVec2::new(x + l, y + 2.0 * w + 2.0 * h),
        ));
    }
    h
}

/// A random obstacle for an edit: a box or a circle on the lattice, now and then a polygon.
fn edit_obstacle(rng: &mut Rng, size: f64) -> OracleObstacle {
    let c = DVec2::new(
        snap(rng.range(0.5, size - 0.5)),
        snap(rng.range(0.5, size - 0.5)),
    );
    let s = snap(rng.range(0.25, 3.0)).max(STEP);
    match rng.below(3) {
        0 => OracleObstacle::Circle {
            center: c,
            radius: s * 0.5,
        },
        1 => {
            let t = snap(rng.range(0.25, 3.0)).max(STEP);
            boxed(c, c + DVec2::new(s, t))
        }
        _ => {
            let n = 3 + rng.below(5);
            let pts = (0..n)
                .map(|i| {
                    let a = i as f64 * std::f64::consts::TAU / n as f64 + rng.range(0.0, 0.5);
                    let rr = s * rng.range(0.4, 1.0);
                    common::f32_point(c + DVec2::from_angle(a) * rr)
                })
                .collect();
            OracleObstacle::Polygon(pts)
        }
    }
}

fn finish(
    label: String,
    recipe: Recipe,
    fixed: Vec<OracleObstacle>,
    obstacles: Vec<OracleObstacle>,
    small: bool,
    closing: Vec<f64>,
    size: f64,
) -> World {
    let mut w = World {
        label,
        recipe,
        fixed,
        slots: Vec::new(),
        mesh: MeshWorld::new(nav_geom::Aabb::new(Vec2::ZERO, Vec2::ONE)).unwrap(),
        small,
        closing,
        size,
        undo: Vec::new(),
    };
    w.mesh = w.build();
    for o in obstacles {
        w.insert(o);
    }
    w.undo.clear();
    w
}

/// A tile grid 32 to 64 cells a side (thousands of corners: the visibility walk, lazy sight
/// tests, length bounds), with a few boxes and circles on top.
fn grid_world(rng: &mut Rng, label: &str) -> World {
    let side = [32u32, 40, 48, 64][rng.below(4)];
    let density = rng.range(0.08, 0.3);
    let walkable: Vec<bool> = (0..side * side).map(|_| rng.unit() >= density).collect();
    let map = nav_grid::GridMap::from_walkable(side, side, &walkable).unwrap();
    let fixed = common::grid_oracle_world(&map).obstacles;
    let size = side as f64;
    let mut obstacles = Vec::new();
    let mut closing = vec![0.5, std::f64::consts::FRAC_1_SQRT_2];
    for _ in 0..rng.below(3) {
        obstacles.push(edit_obstacle(rng, size));
    }
    if rng.unit() < 0.5 {
        closing.push(gate(rng, size, &mut obstacles));
    }
    finish(
        format!("{label} grid {side} density {density:.2}"),
        Recipe::Grid { side, walkable },
        fixed,
        obstacles,
        false,
        closing,
        size,
    )
}

/// Boxes and circles scattered over `[0, 100]²` (nav-agent's kind of world), enough of them
/// to take the visibility walk, with gates.
fn scatter_world(rng: &mut Rng, label: &str) -> World {
    let size = 100.0;
    let mut obstacles = Vec::new();
    let mut closing = Vec::new();
    let boxes = 260 + rng.below(80);
    let discs = 20 + rng.below(140);
    for _ in 0..boxes {
        let c = DVec2::new(snap(rng.range(1.0, 97.0)), snap(rng.range(1.0, 97.0)));
        let d = DVec2::new(snap(rng.range(0.25, 2.5)), snap(rng.range(0.25, 2.5)));
        obstacles.push(boxed(c, c + d));
    }
    for _ in 0..discs {
        let c = DVec2::new(snap(rng.range(2.0, 98.0)), snap(rng.range(2.0, 98.0)));
        obstacles.push(OracleObstacle::Circle {
            center: c,
            radius: snap(rng.range(0.25, 1.5)),
        });
    }
    for _ in 0..3 {
        closing.push(gate(rng, size, &mut obstacles));
    }
    finish(
        format!("{label} scatter {boxes} boxes {discs} circles"),
        Recipe::Open { size },
        Vec::new(),
        obstacles,
        false,
        closing,
        size,
    )
}

/// A small world of general polygons, boxes, walls and circles (every list complete), with
/// gates.
fn small_world(rng: &mut Rng, label: &str, seed: u64) -> World {
    let size = [16.0, 24.0, 32.0][rng.below(3)];
    let spec = RandomWorld {
        size,
        obstacles: 4 + rng.below(20),
        circles: rng.unit() < 0.7,
        scale: size / 12.0,
        overlaps: rng.unit() < 0.5,
    };
    let base = rounded(&nav_testkit::polygon_oracle::random_world(seed, spec));
    let mut obstacles = base.obstacles;
    let mut closing = Vec::new();
    for _ in 0..1 + rng.below(2) {
        closing.push(gate(rng, size, &mut obstacles));
    }
    finish(
        format!("{label} small {size} with {} obstacles", obstacles.len()),
        Recipe::Open { size },
        Vec::new(),
        obstacles,
        true,
        closing,
        size,
    )
}

fn worlds_of(seed: u64, rng: &mut Rng) -> Vec<World> {
    let n = 2 + rng.below(2);
    (0..n)
        .map(|k| {
            let label = format!("seed {seed} world {k}");
            match (seed as usize + k) % 3 {
                0 => grid_world(rng, &label),
                1 => scatter_world(rng, &label),
                _ => small_world(rng, &label, seed * 7 + k as u64),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Answers and judges.

/// A query's full answer.
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    outcome: PathOutcome,
    pieces: Vec<PathPiece>,
}

impl Answer {
    fn bits(&self) -> (PathStatus, u64, usize, bool, &[PathPiece]) {
        let o = self.outcome;
        (
            o.status,
            o.cost.to_bits(),
            o.expanded,
            o.partial,
            &self.pieces,
        )
    }
}

fn answer(ctx: &mut MeshContext, world: &MeshWorld, q: &MeshQuery) -> Answer {
    let p = ctx.find_path(world, q).unwrap();
    Answer {
        outcome: p.outcome(),
        pieces: p.path().to_vec(),
    }
}

/// What the sweeps met.
#[derive(Debug, Default)]
struct Tally {
    queries: usize,
    found: usize,
    no_path: usize,
    unsearched: usize,
    limit_reached: usize,
    partial: usize,
    bit_identical: usize,
    strict: usize,
    other_pieces: usize,
    other_expansions: usize,
    limit_explained: usize,
    sliced: usize,
    sliced_abandoned: usize,
    sliced_cloned: usize,
    nearest: usize,
    connected: usize,
    edits: usize,
    undos: usize,
    rebuilds: usize,
    clones: usize,
    prepared: usize,
    limit_changes: usize,
    trims_checked: usize,
    checked_paths: usize,
}

/// Judges `warm` (the long-lived context) against `fresh` (a fresh context) on query `q`.
/// `strict`: promised to the bit. `unlimited`: the answer without the query's expansion
/// limit (a fresh context's), when it has one.
fn judge(
    what: &str,
    q: &MeshQuery,
    warm: &Answer,
    fresh: &Answer,
    strict: bool,
    unlimited: Option<&Answer>,
    tally: &mut Tally,
) {
    let context = || {
        format!(
            "{what}: {q:?}\nwarm  {:?}\nfresh {:?}",
            warm.outcome, fresh.outcome
        )
    };
    tally.queries += 1;
    match warm.outcome.status {
        PathStatus::Found => tally.found += 1,
        PathStatus::NoPath => tally.no_path += 1,
        PathStatus::LimitReached => tally.limit_reached += 1,
        _ => tally.unsearched += 1,
    }
    if warm.outcome.partial {
        tally.partial += 1;
    }
    if warm.bits() == fresh.bits() {
        tally.bit_identical += 1;
        if strict {
            tally.strict += 1;
        }
        return;
    }
    if strict {
        panic!(
            "not bit-identical where promised\n{}\nwarm  {:?}\nfresh {:?}",
            context(),
            warm.pieces,
            fresh.pieces
        );
    }
    let (w, f) = (warm.outcome, fresh.outcome);
    if w.status != f.status {
        // Only an expansion limit may tell them apart, and then the one that finished must
        // give the unlimited answer.
        let m = q.limits.max_expanded;
        let limited = |o: &PathOutcome| o.status == PathStatus::LimitReached && o.expanded >= m;
        let un = unlimited.unwrap_or_else(|| panic!("statuses differ\n{}", context()));
        let (done, _) = if limited(&w) {
            (f, w)
        } else if limited(&f) {
            (w, f)
        } else {
            panic!("statuses differ\n{}\nunlimited {:?}", context(), un.outcome);
        };
        assert!(
            done.status == un.outcome.status
                && (done.status != PathStatus::Found
                    || same_length(done.cost, un.outcome.cost, 1e-9)),
            "the query that finished within the limit disagrees with the unlimited answer\n{}\n\
             unlimited {:?}",
            context(),
            un.outcome
        );
        tally.limit_explained += 1;
        return;
    }
    assert_eq!(w.partial, f.partial, "partial\n{}", context());
    assert!(
        same_length(w.cost, f.cost, 1e-9),
        "lengths differ by {:e}\n{}\nwarm  {:?}\nfresh {:?}",
        w.cost - f.cost,
        context(),
        warm.pieces,
        fresh.pieces
    );
    if w.partial && w.cost != f.cost {
        // A partial path ends at the expanded point closest to the goal: the same length
        // means the same point, within rounding.
        let (a, b) = (warm.pieces.last(), fresh.pieces.last());
        let ends = |p: Option<&PathPiece>| p.map(|p| p.end_point());
        assert!(
            ends(a)
                .zip(ends(b))
                .is_none_or(|(a, b)| a.distance(b) <= 1e-4),
            "partial paths end apart\n{}",
            context()
        );
    }
    if warm.pieces != fresh.pieces {
        tally.other_pieces += 1;
    }
    if w.expanded != f.expanded {
        tally.other_expansions += 1;
    }
}

/// The oracle's checker on a path found (also a partial one).
/// `q` asked of the long-lived `ctx` and of a fresh context, judged (bit for bit where the
/// world is small or the cache limit 0), and the long-lived answer checked as a path.
fn asked_against_fresh(
    ctx: &mut MeshContext,
    world: &World,
    q: &MeshQuery,
    what: &str,
    unlimited: Option<&Answer>,
    tally: &mut Tally,
) -> Answer {
    let strict = world.small || ctx.cache_limit() == Some(0);
    let warm = answer(ctx, &world.mesh, q);
    let fresh = answer(&mut MeshContext::new(), &world.mesh, q);
    judge(what, q, &warm, &fresh, strict, unlimited, tally);
    check_path(world, q, &warm, tally);
    warm
}

fn check_path(world: &World, q: &MeshQuery, a: &Answer, tally: &mut Tally) {
    if a.outcome.status != PathStatus::Found && !a.outcome.partial {
        return;
    }
    if a.pieces.is_empty() {
        return;
    }
    tally.checked_paths += 1;
    let (s, g) = (q.start.as_dvec2(), q.goal.as_dvec2());
    let end = if a.outcome.partial {
        a.pieces.last().unwrap().end_point().as_dvec2()
    } else {
        g
    };
    let r = q.radius as f64;
    check_piece_path(&world.oracle(), r, s, end, &a.pieces, a.outcome.cost).unwrap_or_else(|e| {
        panic!(
            "{}: checker: {e}\n{q:?}\n{:?}\n{:?}",
            world.label, a.outcome, a.pieces
        )
    });
}

// ---------------------------------------------------------------------------------------------
// The sequences.

/// The next radius: a repeat, the next `f32` either side of the last, 0, a closing radius
/// of one of the worlds, or a random one.
fn next_radius(rng: &mut Rng, last: f32, closing: &[f64]) -> f32 {
    let u = rng.unit();
    if u < 0.25 {
        last
    } else if u < 0.35 {
        f32::from_bits(last.to_bits() + 1)
    } else if u < 0.45 && last > 0.0 {
        f32::from_bits(last.to_bits() - 1)
    } else if u < 0.55 {
        0.0
    } else if u < 0.75 && !closing.is_empty() {
        let h = closing[rng.below(closing.len())] as f32;
        match rng.below(3) {
            0 => h,
            1 => f32::from_bits(h.to_bits() + 1),
            _ => f32::from_bits(h.to_bits() - 1),
        }
    } else {
        [0.1, 0.25, 0.3, 0.45, 0.6, 0.9, 1.2, 1.7, 2.4][rng.below(9)]
    }
}

/// One sequence: `steps` steps over 2 or 3 worlds with one long-lived context.
fn sequence(seed: u64, steps: usize, tally: &mut Tally) {
    let mut rng = Rng::new(seed ^ 0x5e9_57a7e);
    let mut worlds = worlds_of(seed, &mut rng);
    let mut ctx = MeshContext::new();
    let mut at = 0usize;
    let mut r = 0.0f32;
    let mut last: Option<MeshQuery> = None;
    for step in 0..steps {
        if rng.unit() < 0.3 {
            at = rng.below(worlds.len());
        }
        let closing: Vec<f64> = worlds.iter().flat_map(|w| w.closing.clone()).collect();
        r = next_radius(&mut rng, r, &closing);
        let limit_now = ctx.cache_limit();
        let what = |w: &World, kind: &str| {
            format!(
                "seed {seed} step {step} {kind} on {} (limit {limit_now:?})",
                w.label
            )
        };
        let u = rng.unit();
        // A query: the last one again now and then (after an edit, another world, another
        // radius), reversed, or new.
        let mut q = match last {
            Some(l) if rng.unit() < 0.25 => l,
            Some(l) if rng.unit() < 0.1 => MeshQuery::new(l.goal, l.start).with_radius(l.radius),
            _ => {
                let w = &worlds[at];
                let s = w.point(&mut rng, r as f64);
                let g = w.point(&mut rng, r as f64);
                MeshQuery::new(s.as_vec2(), g.as_vec2())
            }
        };
        q = q.with_radius(if rng.unit() < 0.2 { q.radius } else { r });
        let world = &worlds[at];
        let strict_ctx = world.small || ctx.cache_limit() == Some(0);
        if u < 0.40 {
            // A plain query, its answer checked.
            let before = ctx.cache_bytes();
            let warm = answer(&mut ctx, &world.mesh, &q);
            let mut fctx = MeshContext::new();
            let fresh = answer(&mut fctx, &world.mesh, &q);
            if let Some(limit) = ctx.cache_limit()
                && before > limit
            {
                // The lists were dropped at the start: what is held now is the query's own.
                assert_eq!(
                    ctx.cache_bytes(),
                    fctx.cache_bytes(),
                    "{}: cache bytes after a trimmed query ({before} before)",
                    what(world, "trim")
                );
                tally.trims_checked += 1;
            }
            judge(
                &what(world, "path"),
                &q,
                &warm,
                &fresh,
                strict_ctx,
                None,
                tally,
            );
            if world.small || rng.unit() < 0.3 {
                check_path(world, &q, &warm, tally);
            }
            last = Some(q);
        } else if u < 0.47 {
            // An expansion limit, now and then with a partial path.
            let un = answer(&mut MeshContext::new(), &world.mesh, &q);
            let m = 1 + rng.below(un.outcome.expanded.max(1) * 3 / 2 + 1);
            let lq = q.with_limits(
                Limits::default()
                    .with_max_expanded(m)
                    .with_partial_path(rng.unit() < 0.4),
            );
            let unl = (!lq.limits.partial_path).then_some(&un);
            let what = what(world, "max_expanded");
            asked_against_fresh(&mut ctx, world, &lq, &what, unl, tally);
        } else if u < 0.52 {
            // A length limit just above or below the length, or well below it.
            let un = answer(&mut MeshContext::new(), &world.mesh, &q);
            let len = un.outcome.cost.max(1.0);
            let c = len * [1.0 + 1e-6, 1.0 - 1e-6, 0.7, 1.3][rng.below(4)];
            let lq = q.with_limits(
                Limits::default()
                    .with_max_cost(c)
                    .with_partial_path(rng.unit() < 0.3),
            );
            let warm =
                asked_against_fresh(&mut ctx, world, &lq, &what(world, "max_cost"), None, tally);
            if warm.outcome.status == PathStatus::Found && un.outcome.status == PathStatus::Found {
                assert!(
                    same_length(warm.outcome.cost, un.outcome.cost, 1e-9),
                    "{}: found under max_cost {c} at {} against {}",
                    what(world, "max_cost"),
                    warm.outcome.cost,
                    un.outcome.cost
                );
            }
        } else if u < 0.57 {
            // A partial path.
            let lq = q.with_limits(Limits::default().with_partial_path(true));
            asked_against_fresh(&mut ctx, world, &lq, &what(world, "partial"), None, tally);
        } else if u < 0.67 {
            sliced(&mut rng, &mut ctx, world, &q, &what(world, "sliced"), tally);
        } else if u < 0.72 {
            // Nearest of a few goals.
            let n = 1 + rng.below(4);
            let mut goals: Vec<Vec2> = (0..n)
                .map(|_| world.point(&mut rng, q.radius as f64).as_vec2())
                .collect();
            goals[0] = q.goal;
            let nq = if rng.unit() < 0.2 {
                q.with_limits(Limits::default().with_partial_path(true))
            } else {
                q
            };
            let near = |c: &mut MeshContext| {
                let n = c.find_nearest(&world.mesh, &nq, &goals).unwrap();
                (
                    n.goal,
                    Answer {
                        outcome: n.answer.outcome(),
                        pieces: n.answer.path().to_vec(),
                    },
                )
            };
            let (wg, warm) = near(&mut ctx);
            let (fg, fresh) = near(&mut MeshContext::new());
            judge(
                &what(world, "nearest"),
                &nq,
                &warm,
                &fresh,
                strict_ctx,
                None,
                tally,
            );
            if warm.bits() == fresh.bits() {
                assert_eq!(wg, fg, "{}: nearest goal", what(world, "nearest"));
            } else if wg != fg {
                // Equal lengths: either goal may win a tie.
                assert!(wg.is_some() && fg.is_some(), "{}", what(world, "nearest"));
            }
            tally.nearest += 1;
        } else if u < 0.77 {
            // connected through the context, against a fresh context and the search.
            let (s, g, rr) = (q.start, q.goal, q.radius);
            let (yes, how) = ctx.connected_how(&world.mesh, s, g, rr).unwrap();
            let (fyes, fhow) = MeshContext::new()
                .connected_how(&world.mesh, s, g, rr)
                .unwrap();
            assert_eq!(
                (yes, how),
                (fyes, fhow),
                "{}: connected {q:?}",
                what(world, "connected")
            );
            let path = answer(&mut MeshContext::new(), &world.mesh, &q);
            assert_eq!(
                yes,
                path.outcome.status == PathStatus::Found,
                "{}: connected against find_path {q:?} {:?}",
                what(world, "connected"),
                path.outcome
            );
            assert_eq!(
                world.mesh.connected(s, g, rr).unwrap(),
                yes,
                "{}: MeshWorld::connected {q:?}",
                what(world, "connected")
            );
            tally.connected += 1;
        } else if u < 0.87 {
            // An edit of this world (or the undoing of its last), then the last query again.
            let size = world.size;
            let w = &mut worlds[at];
            let done = if rng.unit() < 0.3 {
                let ok = w.undo_last();
                tally.undos += ok as usize;
                ok
            } else {
                match rng.below(3) {
                    0 => w.insert(edit_obstacle(&mut rng, size)),
                    1 => match w.live(&mut rng) {
                        Some(k) => {
                            w.remove(k);
                            true
                        }
                        None => false,
                    },
                    _ => match w.live(&mut rng) {
                        Some(k) => {
                            let o = edit_obstacle(&mut rng, size);
                            w.set(k, o)
                        }
                        None => false,
                    },
                }
            };
            tally.edits += done as usize;
            if let Some(lq) = last {
                let world = &worlds[at];
                let what = what(world, "after an edit");
                asked_against_fresh(&mut ctx, world, &lq, &what, None, tally);
            }
        } else if u < 0.92 {
            // The cache limit: none, 0, tiny, lowered and raised.
            let limit = match rng.below(6) {
                0 => None,
                1 => Some(0),
                2 => Some(1 + rng.below(4096)),
                3 => Some(ctx.cache_bytes() / 2),
                4 => Some(ctx.cache_bytes() + 1),
                _ => Some(1 << 20),
            };
            ctx.set_cache_limit(limit);
            assert_eq!(ctx.cache_limit(), limit);
            tally.limit_changes += 1;
        } else if u < 0.95 {
            // A world's clone swapped in (the same identity and version, then edited apart
            // from the original, which stays in the list).
            let mut twin = worlds[at].clone();
            twin.label = format!("{} (clone)", twin.label);
            let size = twin.size;
            twin.insert(edit_obstacle(&mut rng, size));
            twin.undo.clear();
            worlds.push(twin);
            if worlds.len() > 4 {
                worlds.remove(rng.below(worlds.len() - 1));
            }
            at = rng.below(worlds.len());
            tally.clones += 1;
        } else if u < 0.97 {
            // A world dropped and built again in its place.
            worlds[at].rebuild();
            tally.rebuilds += 1;
        } else {
            // The triangulation behind `connected` made ready (find_path then answers the
            // ends it proves apart at once).
            worlds[at].mesh.prepare_connected();
            tally.prepared += 1;
        }
    }
}

/// A sliced query on the long-lived context, stepped with random budgets, things between the
/// steps; abandoned half way now and then. Finished, it must equal `find_path` on a copy of
/// the context taken before it began, to the bit, and a fresh context's answer.
fn sliced(
    rng: &mut Rng,
    ctx: &mut MeshContext,
    world: &World,
    q: &MeshQuery,
    what: &str,
    tally: &mut Tally,
) {
    let mut copy = ctx.clone();
    // A clone's buffers hold their length, not the original's capacity: its `cache_bytes`
    // may be lower, and a cache limit then drops the original's lists and not the copy's.
    let same_trim = ctx
        .cache_limit()
        .is_none_or(|l| (ctx.cache_bytes() > l) == (copy.cache_bytes() > l));
    let expected = answer(&mut copy, &world.mesh, q);
    // Before the steps: a `connected` between them may build the triangulation, which lets
    // a later `find_path` answer at once what the sliced query searched.
    let fresh = answer(&mut MeshContext::new(), &world.mesh, q);
    ctx.begin_sliced(&world.mesh, q).unwrap();
    let abandon = rng.unit() < 0.3;
    let mut other: Option<MeshContext> = None;
    let mut steps = 0;
    loop {
        let budget = [0, 1, 2, 5, 17, 100][rng.below(6)];
        let state = ctx.step_sliced(&world.mesh, budget).unwrap();
        if let Some(o) = other.as_mut() {
            assert_eq!(
                o.step_sliced(&world.mesh, budget).unwrap(),
                state,
                "{what}: a clone"
            );
        }
        if !state.is_running() {
            break;
        }
        steps += 1;
        if abandon && steps > 2 && rng.unit() < 0.3 {
            tally.sliced_abandoned += 1;
            if rng.unit() < 0.5 {
                ctx.cancel_sliced();
                assert_eq!(ctx.sliced_state(), SliceState::Idle);
            }
            return;
        }
        match rng.below(8) {
            0 => {
                // A fit test and a raycast (the world's own scratch).
                let p = world.point(rng, q.radius as f64).as_vec2();
                let _ = world.mesh.fits(p, q.radius).unwrap();
                let _ = world.mesh.raycast(p, Vec2::new(1.0, 0.5), 10.0, q.radius);
            }
            1 if other.is_none() => {
                // The context cloned between steps: both go on alike.
                other = Some(ctx.clone());
                tally.sliced_cloned += 1;
            }
            2 => {
                // A `connected` that does not search keeps the sliced query.
                let a = world.point(rng, q.radius as f64).as_vec2();
                let b = world.point(rng, q.radius as f64).as_vec2();
                let before = ctx.sliced_state();
                let (_, how) = ctx.connected_how(&world.mesh, a, b, q.radius).unwrap();
                if how == nav_mesh::Decided::Search {
                    // That searched: the sliced query was replaced.
                    assert_eq!(ctx.sliced_state(), SliceState::Idle, "{what}");
                    return;
                }
                assert_eq!(ctx.sliced_state(), before, "{what}");
            }
            _ => {}
        }
    }
    tally.sliced += 1;
    let got = Answer {
        outcome: ctx.sliced_state().outcome().unwrap(),
        pieces: ctx.sliced_path().unwrap().path().to_vec(),
    };
    if same_trim {
        assert_eq!(
            got.bits(),
            expected.bits(),
            "{what}: sliced against find_path on a copy of the context\n{q:?}\nsliced {:?}\n\
             one-shot {:?}",
            got.pieces,
            expected.pieces
        );
    } else {
        judge(what, q, &got, &expected, false, None, tally);
    }
    if let Some(o) = other {
        let theirs = o.sliced_path().unwrap();
        assert_eq!(
            (theirs.outcome(), theirs.path()),
            (got.outcome, &got.pieces[..]),
            "{what}: the context cloned between steps"
        );
    }
    let strict = world.small || ctx.cache_limit() == Some(0);
    judge(what, q, &got, &fresh, strict, None, tally);
}

#[test]
fn long_lived_contexts_answer_as_fresh_ones() {
    let steps = env_usize("NAV_HUNT_STEPS").unwrap_or(60);
    let mut tally = Tally::default();
    let failed = sweep(cases(6), |seed| sequence(seed, steps, &mut tally));
    eprintln!("{tally:?}");
    assert!(
        failed.is_empty(),
        "{} sequences failed: {failed:?}",
        failed.len()
    );
}

/// Several threads on one shared world, each with its own long-lived context: a thread that
/// replays a sequence of mixed radii and limits gives, bit for bit, the answers one thread
/// gives replaying it alone; a thread replaying it reversed, and one whose cache limit is 0,
/// agree with fresh contexts (the latter to the bit).
#[test]
fn threads_with_their_own_contexts_on_one_world() {
    for seed in cases(3) {
        let mut rng = Rng::new(seed ^ 0x0742_3ad5);
        let world = match seed % 2 {
            0 => grid_world(&mut rng, &format!("threads {seed}")),
            _ => scatter_world(&mut rng, &format!("threads {seed}")),
        };
        let mut r = 0.0f32;
        let qs: Vec<MeshQuery> = (0..40)
            .map(|k| {
                r = next_radius(&mut rng, r, &world.closing);
                let s = world.point(&mut rng, r as f64).as_vec2();
                let g = world.point(&mut rng, r as f64).as_vec2();
                let q = MeshQuery::new(s, g).with_radius(r);
                match k % 7 {
                    3 => q.with_limits(Limits::default().with_max_expanded(1 + rng.below(300))),
                    5 => q.with_limits(Limits::default().with_partial_path(true)),
                    _ => q,
                }
            })
            .collect();
        let replay = |qs: &[MeshQuery], limit: Option<usize>| {
            let mut ctx = MeshContext::new();
            ctx.set_cache_limit(limit);
            qs.iter()
                .map(|q| answer(&mut ctx, &world.mesh, q))
                .collect::<Vec<_>>()
        };
        let alone = replay(&qs, None);
        let fresh: Vec<Answer> = qs
            .iter()
            .map(|q| answer(&mut MeshContext::new(), &world.mesh, q))
            .collect();
        // Without their limits, for the expansion-limited ones.
        let unlimited: Vec<Answer> = qs
            .iter()
            .map(|q| {
                let q = q.with_limits(Limits::default());
                answer(&mut MeshContext::new(), &world.mesh, &q)
            })
            .collect();
        let mut rev = qs.clone();
        rev.reverse();
        let (same, reversed, zero) = std::thread::scope(|sc| {
            let a = sc.spawn(|| replay(&qs, None));
            let b = sc.spawn(|| {
                let mut out = replay(&rev, None);
                out.reverse();
                out
            });
            let c = sc.spawn(|| replay(&qs, Some(0)));
            (a.join().unwrap(), b.join().unwrap(), c.join().unwrap())
        });
        let mut tally = Tally::default();
        for k in 0..qs.len() {
            let what = format!("{} query {k}", world.label);
            assert_eq!(same[k], alone[k], "{what}: a thread against one alone");
            judge(
                &what,
                &qs[k],
                &reversed[k],
                &fresh[k],
                false,
                (!qs[k].limits.partial_path).then_some(&unlimited[k]),
                &mut tally,
            );
            judge(&what, &qs[k], &zero[k], &fresh[k], true, None, &mut tally);
        }
    }
}
