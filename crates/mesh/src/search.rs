//! Path queries: the lazily built tangent visibility graph searched with A*.
//!
//! Over 600 lines: the graph's nodes, successor generation and the A* driver share the
//! context's caches and the per-query geometry; splitting them would spread one invariant
//! (what a cached successor list means for a world version and radius) over several files.

use glam::DVec2;
use nav_geom::{Arc, PathPiece, Segment, Turn, Vec2};
use nav_search::{
    Graph, Limits, NodeId, NodeKeys, PathOutcome, PathRef, PathStatus, SearchContext, Successors,
};

use crate::error::{MeshError, Point};
use crate::geometry::{Tangent, ccw_angle, cross, left, tangent};
use crate::sight::{
    Scratch, arc_blocked_by, arc_clear, arc_clear_near, arc_first_contact, foreign_wedges,
    outer_sector_hits, segment_block,
};
use crate::visible::{Walk, circle_sources, cone, resume_within, visible_corners, visible_within};
use crate::world::MeshWorld;

/// The nearest of several goals in one search (`MeshContext::find_nearest`).
#[path = "nearest.rs"]
pub(crate) mod nearest;

/// A path query: start, goal, agent radius and limits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshQuery {
    /// Where the agent's centre starts.
    pub start: Vec2,
    /// Where the agent's centre should arrive.
    pub goal: Vec2,
    /// Agent radius, `>= 0` (0: a point).
    pub radius: f32,
    /// Expansion and length bounds, partial path.
    pub limits: Limits,
}

impl MeshQuery {
    /// A query for a point agent (radius 0), unlimited.
    pub fn new(start: Vec2, goal: Vec2) -> Self {
        MeshQuery {
            start,
            goal,
            radius: 0.0,
            limits: Limits::default(),
        }
    }

    /// Sets the agent radius.
    pub fn with_radius(mut self, radius: f32) -> Self {
        self.radius = radius;
        self
    }

    /// Sets the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
}

pub(crate) const START: NodeId = 0;
pub(crate) const GOAL: NodeId = 1;
const START_CODE: u32 = u32::MAX;
const GOAL_CODE: u32 = u32::MAX - 1;
/// The target code of a node standing for the start's successors beyond a bound (see
/// `expand_start`); its `entry` is the round.
const MORE_CODE: u32 = u32::MAX - 2;
/// The bound on `|s X| + |X g|` of the start's successors `X` in round `k` is
/// `|s g| (1 + BOUND_EXCESS BOUND_GROWTH^k)`.
const BOUND_EXCESS: f64 = 0.25;
const BOUND_GROWTH: f64 = 3.0;
/// The target code of a node standing for the successors an expansion left beyond its length
/// bound, in a resumable run (see [`Levels`]); its `entry` indexes `MeshContext::defers`.
/// Below the nearest-goal codes.
const DEFER_CODE: u32 = u32::MAX - 3 - nav_search::MAX_NEAREST_GOALS as u32;

/// One node: the tangent segment from `from` (a corner code or the start) to `to`, after which
/// the path turns around `to`.
#[derive(Debug, Clone, Copy)]
struct NodeInfo {
    to: u32,
    depart: DVec2,
    arrive: DVec2,
    /// Outward normal at the arrival point.
    arrive_n: DVec2,
    /// Outward normal at the departure point.
    depart_n: DVec2,
    /// Whether the sight test of the segment is still to be done (lazily, when the node is
    /// expanded: a blocked one is a dead end).
    unverified: bool,
    /// The cached list entry the node came from (`NO_ENTRY` for the start's and the goal's
    /// segments), told the outcome of its sight test.
    entry: u32,
}

const NO_ENTRY: u32 = u32::MAX;

const DUMMY: NodeInfo = NodeInfo {
    to: GOAL_CODE,
    depart: DVec2::ZERO,
    arrive: DVec2::ZERO,
    arrive_n: DVec2::X,
    depart_n: DVec2::X,
    unverified: false,
    entry: NO_ENTRY,
};

#[inline]
fn turn_sign(code: u32) -> f64 {
    if code & 1 == 0 { 1.0 } else { -1.0 }
}

/// The full turn, within rounding, of an arc around a circle is the empty arc.
const SWEEP_SLACK: f64 = 1e-9;

/// The arc sweep around a circle from arrival normal `n_in` to departure normal `n_out`
/// turning `s`, in `[0, 2π)`; a sweep within rounding of a full turn is 0 (a straight line
/// grazing the circle).
#[inline]
fn circle_sweep(n_in: DVec2, n_out: DVec2, s: f64) -> f64 {
    let sw = if s > 0.0 {
        ccw_angle(n_in, n_out)
    } else {
        ccw_angle(n_out, n_in)
    };
    if sw > std::f64::consts::TAU - SWEEP_SLACK {
        0.0
    } else {
        sw
    }
}

/// Where a node turns: a convex corner (a disc of radius `r` around its vertex, its arcs within
/// the corner's exterior span) or a circle obstacle grown by `r` (arcs in any direction).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Site {
    /// The centre.
    pub c: DVec2,
    /// The radius of the arcs: `r` for a corner, `R + r` for a circle.
    pub rad: f64,
    /// The corner, if it is one.
    pub corner: Option<u32>,
    /// The circle (`MeshWorld::discs` id), or `NO_DISC`.
    pub disc: u32,
}

/// `Site::disc` of a corner.
pub(crate) const NO_DISC: u32 = u32::MAX;

/// The site of node code `code` (a site index and a turn bit): corners first, then circles.
#[inline]
pub(crate) fn site_of(world: &MeshWorld, code: u32, r: f64) -> Site {
    let i = (code >> 1) as usize;
    let nc = world.corners.len();
    if i < nc {
        Site {
            c: world.corners[i].v,
            rad: r,
            corner: Some(i as u32),
            disc: NO_DISC,
        }
    } else {
        let d = world.discs[i - nc];
        Site {
            c: d.c,
            rad: d.rad + r,
            corner: None,
            disc: (i - nc) as u32,
        }
    }
}

/// Per-thread memory for path queries: reuse it; a warm query allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct MeshContext {
    search: SearchContext,
    keys: NodeKeys<(u32, u32)>,
    /// The node of each key of `keys`, by the key's index there (see [`MeshGraph::key_id`]).
    key_nodes: Vec<NodeId>,
    /// Per list entry: the run (`query_stamp`) and the node of the edge pushed from it in
    /// that run (see [`MeshGraph::push`]).
    entry_nodes: Vec<(u32, NodeId)>,
    nodes: Vec<NodeInfo>,
    ids: Vec<NodeId>,
    pieces: Vec<PathPiece>,
    pub(crate) scratch: Scratch,
    walk: Walk,
    /// The start's walk (kept apart: a resumable run goes on with it, see [`Levels`]).
    start_walk: Walk,
    /// Cached successor lists per corner code, valid for `cache_key`.
    lists: Vec<ListRange>,
    entries: Vec<Entry>,
    /// Circles' lists by departure angle (see [`ListRange::angles`]): the angle and the
    /// entry's index.
    by_angle: Vec<(f64, u32)>,
    /// The entries of a circle's list that an expansion looks at, one bit per entry within
    /// the length bound (see [`MeshGraph::expand_circle`]).
    picks: Vec<u64>,
    /// Room for sorting a circle's list (see [`MeshGraph::list`]).
    sort_keys: Vec<(f64, u32)>,
    sorted: Vec<Entry>,
    /// The last walk from each circle's centre (see [`CircleWalk`]), its candidates in
    /// `walked`.
    circle_walks: Vec<CircleWalk>,
    walked: Vec<u32>,
    /// The largest circle's radius in the world of `cache_key`.
    max_disc: f64,
    stamp: u32,
    cache_key: (u64, u64, u64),
    expanded: Vec<u32>,
    /// Per corner: the `stamp` at which it was found to have no foreign wedges.
    wedge_free: Vec<u32>,
    query_stamp: u32,
    gs: Vec<f64>,
    dom: Vec<Dom>,
    pushed: Vec<Pushed>,
    /// Per corner code: the stamps of `dom` and `pushed`, apart (see
    /// [`MeshGraph::code_stamps`]).
    code_stamps: Vec<[u32; 2]>,
    /// Per site code: the run (`query_stamp`) whose start's segment to it is in
    /// `start_edges`, and where (see [`MeshGraph::start_edge`]).
    start_memo: Vec<(u32, u32)>,
    /// The start's segments of the run in progress (`None`: no segment).
    start_edges: Vec<Option<Entry>>,
    /// Per list entry: what the arc tests of its arrival found (see [`ArcMemo`]).
    arc_memo: Vec<ArcMemo>,
    /// The numbers of the search run in progress (see `begin_run`).
    run: RunState,
    /// The nodes standing for successors left beyond a length bound (see [`Levels`]).
    defers: Vec<Defer>,
    /// The levels of the next forward run, if it is resumable (`begin_run` reads and clears
    /// it).
    next_levels: Option<Levels>,
    /// The time-sliced query, if one was begun (see `sliced.rs`).
    pub(crate) slice: Option<crate::sliced::Slice>,
    /// The goals of a nearest-goal query (see `nearest.rs`).
    nearest: nearest::Goals,
    /// The sight test of the query's straight line, made in `prepare` (see [`StartLine`]).
    line: Option<StartLine>,
    /// The most memory the successor lists may keep from one query to the next (see
    /// [`MeshContext::set_cache_limit`]); `None`: no limit.
    cache_limit: Option<usize>,
}

/// The sight test of the segment from a query's start to its goal for its disc, made once in
/// `prepare` and reused by the search: the start's edge to the goal is that segment, and its
/// (lazy) sight test when popped gets the same answer, since `segment_block` depends only on
/// the world, the two points and the radius (all in the key).
///
/// `alone`: the line is clear and no corner lies within `r + b` of it, `b` the semi-minor
/// axis `sqrt(e (2L + e)) / 2` of the ellipse of the points `X` with `|s X| + |X g| <= L + e`
/// (`L = |s g|`, `e = 1e-9 L`), which lies within `b` of the segment. Every start successor
/// arrives within `r` of its corner, so its `g + h` exceeds `L` by more than `e`, far beyond
/// rounding: A* pops the goal's edge, then the goal, before any of them. The start then
/// pushes the goal's edge alone: the same path, the same expansions, without building the
/// other successors. Worlds with circles and nearest-goal queries are left out.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StartLine {
    key: (u64, u64, u64),
    from: DVec2,
    to: DVec2,
    clear: bool,
    alone: bool,
}

impl StartLine {
    /// The memo of the segment `from -> to` (exactly), if this is it.
    #[inline]
    fn of(line: Option<Self>, key: (u64, u64, u64), from: DVec2, to: DVec2) -> Option<Self> {
        line.filter(|l| l.key == key && l.from == from && l.to == to)
    }
}

test_switch!(
    /// Whether the tests turned the [`StartLine`] shortcut off (never outside the unit tests).
    start_line_off,
    start_line_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the skip of a circle's list entries beyond the length bound
    /// before their arc tests (see [`MeshGraph::expand_circle`]; never outside the unit tests).
    entry_skip_off,
    entry_skip_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the memo of the start's segments (see
    /// [`MeshGraph::start_edge`]; never outside the unit tests).
    start_memo_off,
    pick_tests::MEMO_OFF
);

test_switch!(
    /// Whether the tests turned off the lookup of a circle's list entries by angle (see
    /// [`MeshGraph::expand_circle`]; never outside the unit tests).
    pick_off,
    pick_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the skip of a push whose arrival was pushed for no more
    /// (see [`MeshGraph::same_arrival_pushed`]; never outside the unit tests).
    same_arrival_off,
    same_arrival_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the memo of the arc tests per list entry (see
    /// [`ArcMemo`]; never outside the unit tests).
    arc_memo_off,
    arc_memo_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the dominance decided by the upper bound of the sweep (see
    /// [`MeshGraph::dominance_bounds`]; never outside the unit tests).
    dom_bounds_off,
    dom_bounds_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the steps of the start's deferred expansions between
    /// levels (see [`Levels::start_bound`]; never outside the unit tests).
    start_step_off,
    start_step_tests::OFF
);

test_switch!(
    /// Whether the tests turned off the reuse of a circle's last walk by its other turn (see
    /// [`MeshGraph::list`]; never outside the unit tests).
    circle_walk_off,
    entry_skip_tests::WALK_OFF
);

/// Whether a corner lies within `margin` of the segment `s g` (every corner of the edge-grid
/// buckets near it is looked at): what `line_clear_and_corner_near` answers with its sight
/// test (kept for its test).
#[cfg(test)]
fn corner_near_segment(
    world: &MeshWorld,
    sc: &mut Scratch,
    s: DVec2,
    g: DVec2,
    margin: f64,
) -> bool {
    let mut near = false;
    sc.gather_segment_with(world, s, g, margin + world.eps(), &mut |e| {
        if e & crate::sight::DISC_BIT != 0 {
            return true;
        }
        let edge = &world.edges[e as usize];
        if edge.corner != crate::world::NO_CORNER
            && crate::geometry::dist_point_segment(edge.a, s, g) <= margin
        {
            near = true;
        }
        !near
    });
    near
}

/// The numbers of one search run that its graph needs at each step.
#[derive(Debug, Clone, Copy, Default)]
struct RunState {
    start: DVec2,
    goal: DVec2,
    r: f64,
    goal_open: bool,
    lazy: bool,
    work: u64,
    work_budget: u64,
    aborted: bool,
    /// Successors with `g + h` above it are left out (`pruned`) in this run.
    f_bound: f64,
    pruned: bool,
    /// Whether the targets are `nearest.goals` (a nearest-goal query), not the goal.
    multi: bool,
    /// The length bounds of a resumable run.
    levels: Option<Levels>,
}

/// The length bounds of a resumable forward run (worlds that take the walk): instead of
/// running again from scratch under the next bound when a bounded run ends without a path,
/// one run goes on. A node expanded with `f <= b_k` (`b_k` the least level at least its `f`)
/// leaves out the successors with `f > b_k` and pushes, at cost 0, a node (`DEFER_CODE`) with
/// `h = b_k - g`: A* pops it once every node with `f < b_k` is expanded, and it then pushes the
/// node's successors with `f` in `(b_k, b_{k+1}]` (their `g` exactly as from the node itself,
/// the same parent in the path). The heuristic stays consistent (`h(P) <= h(D)` as `f_P <= b_k`;
/// `h(D) <= c + h(X)` as `f_X > b_k`) and admissible (every path through `D` goes through such
/// an `X`), so the run finds the optimum, as a fresh run under `b_{k+1}` would; what the lower
/// levels expanded is not expanded again. The start does the same: its node for the next
/// level walks the next, larger ellipse, and pushes only the successors beyond the last bound.
#[derive(Debug, Clone, Copy, Default)]
struct Levels {
    /// `|s g|`.
    sg: f64,
    /// The least bound (the lower bound on the length, times 1.05).
    floor: f64,
    /// Whether the levels are [`LEVEL_SLACKS`]' (radius 0, and short rows above it), not
    /// [`BOUND_SLACKS`]' (the other rows above radius 0, where the finer ones measured slower:
    /// random512-10-0 at r = 0.5, 3.5% more instructions).
    ///
    /// A row is short when the start's walk pad (`START_WALK_PAD r`) is at least the first
    /// coarse slack (`BOUND_SLACKS[0] |s g|`), `|s g| <= 40 r`: the walk's first ellipse is
    /// then mostly the pad, and the finer levels halve the walk there (brc202d's 3 rows found
    /// at r = 2: 496 k instructions of walk down to 256 k, the query 20% fewer; see
    /// docs/polygons-log.md, seventh round, branch `meshshort`).
    fine: bool,
}

/// The slacks of a resumable run's levels over `|s g|`, then the last one times
/// [`LEVEL_GROWTH`] per level, at radius 0: finer than [`BOUND_SLACKS`] (a run that resumes
/// pays little per level, and a path just above a level's bound then walks and expands less
/// beyond it).
/// Measured (callgrind, warm, the bench's 12 rows at r = 0): against `BOUND_SLACKS` and
/// growth 3, AR0011SR 8% and random512-10-0 28% fewer instructions (see docs/polygons-log.md,
/// fifth round).
const LEVEL_SLACKS: [f64; 6] = [0.02, 0.05, 0.1, 0.2, 0.4, 0.8];
const LEVEL_GROWTH: f64 = 2.0;

/// The step of the start's deferred expansions at `r > 0` between levels, over `|s g|` (see
/// [`Levels::start_bound`]), and the gap between levels, in walk pads, from which they step.
/// Measured (callgrind, warm, found rows): brc202d at r = 2 678,348 instructions without the
/// steps, 647,357 with steps of 0.1; then (with `sight::ArcBall`) 641,988 / 626,430 / 621,346 /
/// 619,738 / 619,738 with steps of 0.15 / 0.1 / 0.08 / 0.07 / 0.06, AR0011SR at r = 2
/// 10,676,782 / 10,491,949 / 10,501,552 / 10,395,326 / 10,609,059 (smaller steps resume the
/// walk more often, and each resumed walk pops its frontier again). Against no steps,
/// AR0011SR 11% and 10% fewer at r = 0.5 and 2; nav-agent's world within +0.1% at r = 0.5, 2
/// and 10 (without the gap test, +2% at r = 10).
const START_STEP: f64 = 0.07;
const START_SPLIT: f64 = 3.0;

impl Levels {
    /// Level `k`'s bound: `|s g|` times one plus [`LEVEL_SLACKS`]`[k]`, then the last slack
    /// times [`LEVEL_GROWTH`] per level (with `fine`; else [`BOUND_SLACKS`] and
    /// [`BOUND_GROWTH`]); at least `floor` (the levels below it are all `floor`).
    fn bound(&self, k: usize) -> f64 {
        let (slacks, growth): (&[f64], f64) = if self.fine {
            (&LEVEL_SLACKS, LEVEL_GROWTH)
        } else {
            (&BOUND_SLACKS, BOUND_GROWTH)
        };
        let last = slacks.len() - 1;
        let slack = match slacks.get(k) {
            Some(&slack) => slack,
            None => slacks[last] * growth.powi((k - last) as i32),
        };
        (self.sg * (1.0 + slack)).max(self.floor)
    }

    /// The bound of a deferred expansion of the start from level bound `lo`, `next` being
    /// the next level's, at radius `r`: `next`, or at `r > 0` a step of
    /// [`START_STEP`]` |s g|` beyond `lo` when the levels are at least [`START_SPLIT`] walk
    /// pads apart (`START_WALK_PAD r`).
    ///
    /// A deferred expansion of the start resumes its walk out to the ellipse of its bound. At
    /// `r > 0` a path detours more than at `r = 0`, so its level is higher and the gap to the
    /// level below wider: a walk out to the next level then covers much beyond the optimum
    /// (brc202d's second row found at r = 2: optimum 1.255 `|s g|`, next level 1.4). The
    /// start's deferred node at the step stands for its successors beyond it, as a level's
    /// does (see [`Levels`]: the same argument holds for any bounds between `lo` and
    /// `next`); the other nodes keep the levels. Where the levels are close to the walk's
    /// pad, a step saves less of the walk than a resumed walk costs (nav-agent's world at
    /// r = 10), so the gap is left whole.
    fn start_bound(&self, lo: f64, next: f64, r: f64) -> f64 {
        let step = lo + START_STEP * self.sg;
        if r > 0.0 && step > lo && next - lo >= START_SPLIT * START_WALK_PAD * r {
            #[cfg(test)]
            if step < next {
                start_step_tests::USED.set(start_step_tests::USED.get() + 1);
            }
            next.min(step)
        } else {
            next
        }
    }

    /// The least level bound at least `f` (`above`: more than `f`); infinite beyond 64
    /// levels.
    fn at_least(&self, f: f64, above: bool) -> f64 {
        (0..64)
            .map(|k| self.bound(k))
            .find(|&b| if above { b > f } else { b >= f })
            .unwrap_or(f64::INFINITY)
    }
}

/// A node standing for the successors that an expansion of `node` left beyond its length bound
/// `lo` (see [`Levels`]), with what that expansion found about its arcs.
#[derive(Debug, Clone, Copy)]
struct Defer {
    node: NodeId,
    lo: f64,
    /// Its heuristic, `lo - g`.
    h: f64,
    circle_free: (f64, f64),
    arc_free: bool,
    /// At a corner: how many arc tests its turns made (see [`BRACKET_AFTER`]).
    arc_tests: u32,
}

/// What [`MeshContext::prepare`] found.
pub(crate) enum Prepared {
    /// The query needs no search.
    Answered(PathOutcome),
    /// The query searches; its first run has begun.
    Search(MeshPlan),
}

/// Which run of a query is in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// The only run (a partial path, or a blocked goal).
    Single,
    /// The forward run of the two-way search.
    Forward,
    /// The reverse run of the two-way search.
    Reverse,
}

/// A query that searches, between the steps of its runs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MeshPlan {
    start: DVec2,
    goal: DVec2,
    r: f64,
    goal_status: Option<PathStatus>,
    limits: Limits,
    phase: Phase,
    work_budget: u64,
    /// Expansions of the runs that ended.
    pub(crate) spent: usize,
    /// The round of the length bound of the forward runs (see [`BOUND_SLACKS`]); past the
    /// last one, or when the world skips the walk, unbounded.
    bound_round: usize,
    /// Whether the forward runs are bounded at all.
    bounded: bool,
    /// A lower bound on the length of any path (0 when none is known): the length around the
    /// one circle the straight line crosses that detours most (see [`detour_bound`]). Length
    /// bounds below it cannot be met; the bounds are raised to at least it (plus the first
    /// slack), and the rounds they make useless skipped.
    lower: f64,
}

/// The length bounds of the forward runs in a world that takes the visibility walk or has
/// circles (polygon worlds of up to 1024 corners search unbounded, as before), as slack
/// over the straight line: first paths at most 5% longer, then 25%, 125%, then unbounded.
/// Successors whose `g + h` exceeds the bound are not pushed; a run that ends without a path
/// and left some out runs again with the next bound. A* under a bound at least the optimum
/// finds the optimum (no node of an optimal path exceeds it, the heuristic being consistent),
/// and a run that finds a path under a bound finds the optimal one.
const BOUND_SLACKS: [f64; 3] = [0.05, 0.25, 1.25];

impl MeshPlan {
    /// The length bound of the next forward run.
    fn f_bound(&self) -> f64 {
        match BOUND_SLACKS.get(self.bound_round) {
            Some(slack) if self.bounded => (self.start.distance(self.goal) * (1.0 + slack))
                .max(self.lower * (1.0 + BOUND_SLACKS[0])),
            _ => f64::INFINITY,
        }
    }

    /// Moves on past the rounds whose bound the next round's equals (both raised to the lower
    /// bound): a run under that bound would be repeated.
    fn skip_useless_rounds(&mut self) {
        let sg = self.start.distance(self.goal);
        let floor = self.lower * (1.0 + BOUND_SLACKS[0]);
        while self.bounded
            && BOUND_SLACKS
                .get(self.bound_round + 1)
                .is_some_and(|slack| sg * (1.0 + slack) <= floor)
        {
            self.bound_round += 1;
        }
    }
}

/// A lower bound on the length of every path of a disc of radius `r` from `s` to `g` (both
/// fitting): the shortest way around the circle (grown by `r`) whose crossing by the segment
/// `s g` costs most, or `|s g|`. Any path avoids each grown circle, and among the curves from
/// `s` to `g` avoiding one disc the shortest is the tangent, arc, tangent one. Only the
/// circles of the buckets within `r` of the segment are looked at (any subset gives a lower
/// bound); the search's answers do not depend on it (it only chooses its length bounds).
fn detour_bound(world: &MeshWorld, sc: &mut Scratch, s: DVec2, g: DVec2, r: f64) -> f64 {
    let sg = s.distance(g);
    if world.discs.is_empty() || sg == 0.0 {
        return sg;
    }
    let mut best = sg;
    sc.gather_segment_with(world, s, g, r + world.eps(), &mut |e| {
        if e & crate::sight::DISC_BIT == 0 {
            return true;
        }
        let disc = world.discs[(e & !crate::sight::DISC_BIT) as usize];
        let rho = disc.rad + r;
        let (vs, vg) = (s - disc.c, g - disc.c);
        let (ds, dg) = (vs.length(), vg.length());
        if !disc.alive || ds < rho || dg < rho {
            return true;
        }
        // The angle at the centre between the ends, and those their tangents use up.
        let theta = cross(vs, vg).abs().atan2(vs.dot(vg));
        let (a_s, a_g) = ((rho / ds).min(1.0).acos(), (rho / dg).min(1.0).acos());
        if theta > a_s + a_g {
            let around = (ds * ds - rho * rho).max(0.0).sqrt()
                + (dg * dg - rho * rho).max(0.0).sqrt()
                + rho * (theta - a_s - a_g);
            best = best.max(around * (1.0 - 1e-9));
        }
        true
    });
    best
}

impl MeshPlan {
    /// The levels of a forward run that resumes instead of starting over under the next bound
    /// (bounded runs in worlds that take the walk; the others run again as before, so their
    /// expansion counts stay as they were).
    fn levels(&self, world: &MeshWorld) -> Option<Levels> {
        let sg = self.start.distance(self.goal);
        (self.bounded && crate::visible::takes_walk(world)).then(|| Levels {
            sg,
            floor: self.lower * (1.0 + BOUND_SLACKS[0]),
            fine: self.r == 0.0 || START_WALK_PAD * self.r >= BOUND_SLACKS[0] * sg,
        })
    }

    /// The limits of a forward run: what the earlier runs left of the expansions.
    fn forward_limits(&self) -> Limits {
        Limits {
            max_expanded: self.limits.max_expanded.saturating_sub(self.spent),
            ..self.limits
        }
    }
}

struct MeshGraph<'a> {
    world: &'a MeshWorld,
    /// The straight line's sight test (see [`StartLine`]).
    line: Option<StartLine>,
    start: DVec2,
    goal: DVec2,
    r: f64,
    goal_open: bool,
    keys: &'a mut NodeKeys<(u32, u32)>,
    key_nodes: &'a mut Vec<NodeId>,
    entry_nodes: &'a mut Vec<(u32, NodeId)>,
    nodes: &'a mut Vec<NodeInfo>,
    scratch: &'a mut Scratch,
    walk: &'a mut Walk,
    start_walk: &'a mut Walk,
    lists: &'a mut Vec<ListRange>,
    entries: &'a mut Vec<Entry>,
    by_angle: &'a mut Vec<(f64, u32)>,
    picks: &'a mut Vec<u64>,
    sort_keys: &'a mut Vec<(f64, u32)>,
    sorted: &'a mut Vec<Entry>,
    circle_walks: &'a mut Vec<CircleWalk>,
    walked: &'a mut Vec<u32>,
    /// The largest circle's radius (0 without circles).
    max_disc: f64,
    stamp: &'a u32,
    /// Per corner code: the query stamp of its first expansion (radius 0 only).
    expanded: &'a mut Vec<u32>,
    /// Per corner: the `stamp` at which `foreign_wedges` found none (radius 0; they depend
    /// only on the world and the corner).
    wedge_free: &'a mut Vec<u32>,
    query_stamp: u32,
    /// Per node: the cheapest cost from the start known so far (A*'s `g` once expanded).
    gs: &'a mut Vec<f64>,
    /// Per corner code: the first arrival expanded in this query (radius > 0).
    dom: &'a mut Vec<Dom>,
    /// Per corner code: the cheapest clear arrival pushed in this query along one normal
    /// (radius > 0, see [`MeshGraph::push`]).
    pushed: &'a mut Vec<Pushed>,
    /// Per corner code: `[dom[code].stamp, pushed[code].stamp]`, kept equal to them. A push
    /// reads these 8 bytes first and the record (48 or 32 bytes) only when it is of this
    /// query: the records of 170 k codes (random512-10-0) are far larger than the caches,
    /// their stamps much less, and most pushes find no record of the query.
    code_stamps: &'a mut Vec<[u32; 2]>,
    /// See [`MeshContext`]'s `start_memo` and `start_edges`.
    start_memo: &'a mut Vec<(u32, u32)>,
    start_edges: &'a mut Vec<Option<Entry>>,
    /// Per list entry: what the arc tests of its arrival found (see [`ArcMemo`]).
    arc_memo: &'a mut Vec<ArcMemo>,
    /// Whether the sight tests of the start's and the goal's segments wait until their nodes
    /// are expanded (not with a partial path: every expanded node must then be real).
    lazy: bool,
    /// Work done so far: one per expansion, [`LIST_WORK`] per successor list built.
    work: u64,
    /// The work after which the search gives up (`aborted`), for the two-way search.
    work_budget: u64,
    /// Whether the work budget ran out (the outcome then means nothing).
    aborted: bool,
    /// Successors with `g + h` above it are not pushed (`pruned` says some were).
    f_bound: f64,
    pruned: bool,
    /// At a circle node being expanded (or a corner at `r > 0` whose arc to the end of its
    /// span is not clear): sweeps from the arrival up to `.0` are clear, beyond `.1` blocked
    /// (at a corner, what the arc tests of its turns found so far).
    circle_free: (f64, f64),
    /// The goals of a nearest-goal run, each a target (empty otherwise).
    goals: &'a [DVec2],
    /// The levels of a resumable run (see [`Levels`]), and its deferred expansions.
    levels: Option<Levels>,
    defers: &'a mut Vec<Defer>,
    /// In a deferred expansion: successors with `g + h` up to it were pushed already.
    f_floor: f64,
    /// Whether the expansion is a deferred one (its node was expanded before: no dominance
    /// tests, `circle_free` and `arc_free` as found then).
    resumed: bool,
    /// At a corner at `r > 0`: whether the arc to the end of its span is clear.
    arc_free: bool,
    /// At a corner at `r > 0`: whether that arc is still to be tested (by the first turn that
    /// needs an arc test, see [`MeshGraph::test_arc_end`]).
    arc_due: bool,
    /// At a corner at `r > 0`: how many of its turns' arc tests were done (the bracket of
    /// [`MeshGraph::corner_bracket`] counting as one beyond [`BRACKET_AFTER`]).
    arc_tests: u32,
    /// Inside [`MeshGraph::resumable`].
    inner: bool,
}

/// After this many arc tests of its turns, a corner's expansion at `r > 0` bounds the rest by
/// [`MeshGraph::corner_bracket`] (three tests' worth): few turns need a test at most corners,
/// many in open fields.
const BRACKET_AFTER: u32 = 2;

/// The work of building one successor list (a scan of every corner with sight tests) counted
/// against expansions, about their measured cost ratio.
const LIST_WORK: u64 = 256;

/// How far beyond its need a circle's bounded list is built, and by how much it grows when
/// built again, in a run of fine levels (see [`MeshGraph::list`]): measured on the agent world
/// at r = 10 (callgrind, the cold pass), 1.25 against 1.1, 1.2, 1.3, 1.35, 1.5 and growth 2.
/// The answers do not depend on it (every entry up to the reach is listed).
const LIST_GROWTH: f64 = 1.25;

/// Successor segments up to this many edge-grid buckets long (all of them in a world small
/// enough to skip the visibility walk) are sight-tested when their list is built; longer ones
/// when first expanded.
const EAGER_SIGHT: f64 = 2.0;

/// The start's bounded walk visits the buckets that hold a point within `r` of the ellipse
/// `|s p| + |p g| <= b` (`b` the length bound; its tests bound that set by
/// `|s p| + |p g| <= b + START_WALK_PAD r` and by the ellipse's strip widened by `r`, see
/// `visible::WalkBound`). Enough: a successor `X` of the start with
/// `f = |s p2| + |p2 g| <= b` (`p2` its tangent's contact point, at distance `r` from the
/// corner `c`, or from the point `w` on the circle itself, see `visible.rs`) is found in the
/// bucket of `c` (or `w`) through the chain of buckets along `s -> c` (`s -> w`); every point
/// `q` of that segment lies within `r` of a point `q'` of the segment `s -> p2`, which lies
/// in the ellipse (it is convex and holds `s` and `p2`).
const START_WALK_PAD: f64 = 2.0;

/// An expanded arrival at a corner: its outward normal and its cost from the start.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Dom {
    stamp: u32,
    n: DVec2,
    g: f64,
    /// Sweeps from `n` up to `clear` are known clear, beyond `blocked` known blocked (at a
    /// corner: what its expansion found, the arc to the end of the span or `circle_free`);
    /// those between are tested.
    clear: f64,
    blocked: f64,
}

impl Dom {
    /// The record of an arrival expanded first in query `stamp`, with normal `n` for `g`;
    /// nothing known yet of its arc.
    fn first(stamp: u32, n: DVec2, g: f64) -> Self {
        Self {
            stamp,
            n,
            g,
            clear: -1.0,
            blocked: f64::INFINITY,
        }
    }
}

/// A clear arrival pushed at a corner code: its outward normal and its cost from the start
/// (see [`MeshGraph::same_arrival_pushed`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pushed {
    stamp: u32,
    n: DVec2,
    g: f64,
}

/// What the arc tests of the arrival of a list entry at a corner (`r > 0`) found, for the
/// lists' stamp: its test to the end of the span ([`MeshGraph::test_arc_end`]) and its
/// closed-form bracket ([`MeshGraph::corner_bracket`]). Both depend only on the world, the
/// radius, the corner and the arrival normal, which the entry fixes for its stamp, so a later
/// expansion of the same arrival (in a later query, or a later run of the same query) takes
/// them from here instead of testing again: the same values, the same answers.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ArcMemo {
    /// The stamp the end test is valid for (0: none).
    end_stamp: u32,
    /// The end test: the sweep to the end of the span and whether that arc is clear (`None`
    /// when the arrival cannot turn to the span's end).
    end: Option<(f64, bool)>,
    /// The stamp the bracket is valid for (0: none).
    bracket_stamp: u32,
    bracket: (f64, f64),
}

/// Whether direction `n` lies in the exterior span of corner `corner` (a cone narrower than a
/// half turn, from `n1` counter-clockwise to `n2`).
#[inline]
fn in_span(world: &MeshWorld, corner: u32, n: DVec2) -> bool {
    let c = &world.corners[corner as usize];
    cross(c.n1, n) >= -SPAN_TOL && cross(n, c.n2) >= -SPAN_TOL && n.dot(c.n1 + c.n2) > 0.0
}

const SPAN_TOL: f64 = 1e-9;

/// The direction from `c1` to `c2` exactly as [`tangent`] computes it between two circles of
/// radius 0 (`None` when it does), for cheap rejections before the tangent is built.
#[inline]
fn point_dir(c1: DVec2, c2: DVec2) -> Option<DVec2> {
    let dvec = c2 - c1;
    let dd = dvec.length_squared();
    if dd == 0.0 {
        return None;
    }
    let dir = (dvec * dd.sqrt() / dd).normalize();
    dir.is_finite().then_some(dir)
}

/// Which turns (code bit 0 or 1) at corner `corner` can be arrived at at radius 0 along `dir`:
/// the span test of `segment_edge` at the target (at most one passes).
#[inline]
fn point_turns(world: &MeshWorld, corner: u32, dir: DVec2) -> [bool; 2] {
    [
        in_span(world, corner, -turn_sign(0) * left(dir)),
        in_span(world, corner, -turn_sign(1) * left(dir)),
    ]
}

/// Which turns (code bit 0 or 1) at corner `corner` a tangent from point `p` to its circle of
/// radius `r > 0` may arrive at: the span test of `segment_edge` at the target, on the contact
/// normal in closed form (`cos β · n0 - sin β · u`, with `u` the unit vector from `p` to the
/// corner, `n0` the normal at radius 0, `sin β = r / |p v|`), with the span widened by
/// [`GROWN_TURN_MARGIN`] so that it passes whenever `segment_edge`'s test does.
#[inline]
fn grown_point_turns(world: &MeshWorld, corner: u32, p: DVec2, r: f64) -> [bool; 2] {
    let c = &world.corners[corner as usize];
    let dvec = c.v - p;
    let dd = dvec.length_squared();
    let l2 = dd - r * r;
    if !(dd > 0.0 && l2 >= 0.0) {
        // `tangent` decides (it has none).
        return [true, true];
    }
    let l = dd.sqrt();
    let u = dvec / l;
    let (cos_b, sin_b) = (l2.sqrt() / l, r / l);
    let m = GROWN_TURN_MARGIN;
    let passes = |turn: u32| {
        let n = -turn_sign(turn) * left(u) * cos_b - u * sin_b;
        cross(c.n1, n) >= -SPAN_TOL - m
            && cross(n, c.n2) >= -SPAN_TOL - m
            && n.dot(c.n1 + c.n2) > -m
    };
    [passes(0), passes(1)]
}

/// How much wider than [`in_span`]'s the span test of [`grown_point_turns`] is (its normal
/// differs from `segment_edge`'s by rounding only, about `1e-15`).
const GROWN_TURN_MARGIN: f64 = 1e-9;

/// Partial dominance at a corner at `r > 0`: when the arrival with normal `n` at cost `g`
/// (turning `s`) reaches the first expanded arrival `d` along the arc (a taut sweep `sw > 0`)
/// with `g + r sw` above `d.g` by more than the rounding of the sweeps, `d`'s normal. Every
/// departure `x` beyond it ([`beyond`]) costs this arrival `g + r (sw + sweep(d.n, x))` (plus
/// the segment), more than `d.g + r sweep(d.n, x)`, what `d`'s expansion (or its deferred
/// ones, see `Levels`) pushed the same node for: `d`'s turn is allowed (right way, its arc a
/// part of this one's), its length test (`g + len + h` against the bound) passes when this
/// one's push does. So those departures are left out: they change no node's cost.
#[inline]
fn partly_dominated(d: Dom, n: DVec2, s: f64, g: f64, r: f64, scale: f64) -> Option<DVec2> {
    let sw = taut_sweep(n, d.n, s)?;
    // A departure within `2e-9` radians before `d.n` still passes `d`'s `taut_sweep` (as a
    // zero sweep): `1e-8 r` covers it, `1e-12 scale` the rest of the rounding.
    (sw > 0.0 && g + r * sw > d.g + 1e-8 * r + 1e-12 * scale).then_some(d.n)
}

/// Whether departure normal `x` lies beyond normal `n` turning `s`, by less than a quarter
/// turn (strictly: `taut_sweep(n, x, s)` is then a positive sweep).
#[inline]
fn beyond(n: DVec2, x: DVec2, s: f64) -> bool {
    s * cross(n, x) > 0.0 && n.dot(x) > 0.0
}

/// The arc sweep from arrival normal `n_in` to departure normal `n_out` turning `s` (both in
/// the corner's span), if it turns the right way.
#[inline]
fn taut_sweep(n_in: DVec2, n_out: DVec2, s: f64) -> Option<f64> {
    if wrong_turn(n_in, n_out, s) {
        return None;
    }
    let (y, x) = (cross(n_in, n_out), n_in.dot(n_out));
    let signed = crate::geometry::atan2(y, x) * s;
    (signed >= -SPAN_TOL).then_some(signed.max(0.0))
}

/// [`taut_sweep`] at radius 0, where only whether it is `Some` matters (an arc of radius 0
/// adds `0 · sweep = 0` to the cost whatever its sweep): `Some(0.0)` exactly when
/// `taut_sweep` is `Some`, without the arctangent when the turn plainly goes the right way
/// (`y s > 0`, `y` the cross product: the arctangent then has the sign of `y`, so the signed
/// sweep is positive).
#[inline]
fn point_taut(n_in: DVec2, n_out: DVec2, s: f64) -> Option<f64> {
    let ok = cross(n_in, n_out) * s > 0.0 || taut_sweep(n_in, n_out, s).is_some();
    debug_assert_eq!(ok, taut_sweep(n_in, n_out, s).is_some());
    ok.then_some(0.0)
}

/// Whether the turn from `n_in` to `n_out` turning `s` goes the wrong way by more than
/// `asin(|y| / |(x, y)|) > SPAN_TOL` (an angle is at least its sine): [`taut_sweep`] refuses
/// it, known without the arctangent.
#[inline]
fn wrong_turn(n_in: DVec2, n_out: DVec2, s: f64) -> bool {
    let (y, x) = (cross(n_in, n_out), n_in.dot(n_out));
    y * s < 0.0 && y * y > 4.0 * SPAN_TOL * SPAN_TOL * (x * x + y * y)
}

/// A tangent segment leaving a corner circle, valid whatever the arrival: both contacts in
/// their corners' spans. Its sight test is done when a node made from it is first expanded
/// (or pushed, when a partial path is wanted): `info.unverified` until then, `blocked` after
/// a failed one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    to: u32,
    info: NodeInfo,
    len: f64,
    blocked: bool,
    /// The angle of the departure normal (entries leaving a circle; 0 otherwise).
    angle: f64,
}

/// The candidates of the last walk from a circle's centre (for either turn's list, see
/// [`MeshGraph::list`]): valid for `stamp`, complete for lists of reach up to `listed`; the
/// corners in `walked[start..mid]`, the circles in `walked[mid..end]`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CircleWalk {
    stamp: u32,
    listed: f64,
    start: u32,
    mid: u32,
    end: u32,
}

/// Where the cached list of one corner code lives in `MeshContext::entries` (and, for a
/// circle's list, its angle index in `MeshContext::by_angle`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ListRange {
    stamp: u32,
    start: u32,
    end: u32,
    /// A circle's list: where its `end - start` entries, by departure angle, start in
    /// `by_angle`.
    angles: u32,
    /// A circle's list holds every entry of length up to `reach` (its walk was bounded, see
    /// [`MeshGraph::list`]); infinite when it holds them all.
    reach: f64,
}

impl MeshGraph<'_> {
    /// The tangent from source (`c1`, `r1`, `s1`, corner `from`, a site when `site`) to target
    /// code `to`, with the span tests at both ends and the sight test, not the turn at the
    /// source.
    #[allow(clippy::too_many_arguments)]
    fn segment_edge(
        &mut self,
        c1: DVec2,
        r1: f64,
        s1: f64,
        (from, site): (Option<u32>, bool),
        to: u32,
        sight: bool,
    ) -> Option<Entry> {
        let w = self.world;
        let r = self.r;
        let (c2, r2, s2, to_corner) = if to == GOAL_CODE {
            (self.goal, 0.0, 1.0, None)
        } else {
            let t = site_of(w, to, r);
            (t.c, t.rad, turn_sign(to), t.corner)
        };
        let t: Tangent = tangent(c1, r1, s1, c2, r2, s2)?;
        let n_out = t.normal(s1);
        let n_arr = t.normal(s2);
        if let Some(tc) = to_corner
            && !in_span(w, tc, n_arr)
        {
            return None;
        }
        if let Some(fc) = from
            && !in_span(w, fc, n_out)
        {
            return None;
        }
        if site && to != GOAL_CODE && (r1 > 0.0 || r2 > 0.0) && t.len <= w.eps() {
            // Two grown sites touching: a zero-width gap.
            return None;
        }
        if sight && segment_block(w, self.scratch, t.p1, t.p2, r, false).is_some() {
            return None;
        }
        Some(Entry {
            to,
            blocked: false,
            angle: if site && from.is_none() {
                n_out.y.atan2(n_out.x)
            } else {
                0.0
            },
            len: t.len,
            info: NodeInfo {
                to,
                depart: t.p1,
                arrive: t.p2,
                arrive_n: n_arr,
                depart_n: n_out,
                unverified: !sight,
                entry: NO_ENTRY,
            },
        })
    }

    /// The start's segment to site code `to` ([`MeshGraph::segment_edge`] from the start),
    /// made once per run: a deferred expansion of the start (see [`Levels`]) looks again at
    /// the candidates of the earlier ones, whose segments beyond the earlier bound (or within
    /// it, pushed then) it would otherwise build again. The same start, radius, target and
    /// `sight` (`!lazy`, fixed for the run) give the same segment.
    ///
    /// Only under fine levels (see [`Levels::fine`]), whose many deferred expansions of the
    /// start look again at most candidates: elsewhere keeping every segment costs more than
    /// the few built again (measured on nav-agent's world, warm: r = 10, fine levels,
    /// 1,827,670 -> 1,805,111 instructions; r = 0.5 and 2, coarse ones, 589,599 -> 593,574
    /// and 636,846 -> 641,390 when kept there too).
    fn start_edge(&mut self, to: u32, sight: bool) -> Option<Entry> {
        if !self.levels.is_some_and(|l| l.fine) {
            return self.segment_edge(self.start, 0.0, 1.0, (None, false), to, sight);
        }
        let (stamp, at) = self.start_memo[to as usize];
        if stamp == self.query_stamp && !start_memo_off() {
            #[cfg(test)]
            pick_tests::MEMO_USED.set(pick_tests::MEMO_USED.get() + 1);
            return self.start_edges[at as usize];
        }
        let e = self.segment_edge(self.start, 0.0, 1.0, (None, false), to, sight);
        self.start_memo[to as usize] = (self.query_stamp, self.start_edges.len() as u32);
        self.start_edges.push(e);
        e
    }

    /// Pushes the node of edge `e` from source code `from` at `cost`, the source reached for
    /// `g`.
    #[inline]
    fn push(&mut self, from: u32, e: Entry, cost: f64, g: f64, out: &mut Successors) {
        let f = g + cost + e.info.arrive.distance(self.goal);
        if f > self.f_bound {
            self.pruned = true;
            return;
        }
        if f <= self.f_floor {
            // Pushed by the node's earlier expansion (a deferred one: see `Levels`).
            return;
        }
        // Not with a partial path: a dominated arrival is still popped there, and may be the
        // expanded node nearest the goal that the partial path ends at.
        if self.r > 0.0 && self.lazy && self.dominated_push(e.to, e.info.arrive_n, g + cost) {
            return;
        }
        if self.r > 0.0 && self.lazy && self.same_arrival_pushed(e, g + cost) {
            return;
        }
        let id = self.node_id(from, &e);
        if id as usize == self.nodes.len() {
            self.nodes.push(e.info);
            self.gs.push(g + cost);
        } else {
            let best = &mut self.gs[id as usize];
            *best = best.min(g + cost);
        }
        out.push(id, cost);
    }

    /// The node of the edge `e` from source code `from` in this run (`nodes.len()` when it is
    /// new, as [`MeshGraph::key_id`]).
    ///
    /// An edge from a corner's list entry is that entry's: a corner's list is built once per
    /// lists' stamp (whole, never again while the stamp lasts), and holds one entry per target
    /// code, so the entry stands for the key `(from, e.to)`, and no other push makes that key
    /// (the start's, the goal's and the circles' edges have other sources or targets). Its
    /// node is kept per entry, stamped by the run, which saves the hash lookup of most pushes
    /// (about 85 instructions each, and a cache miss in a large table). The node ids are the
    /// same as by the keys: a new node gets `nodes.len()` either way, in the same order. Under
    /// `cfg(test)` every such id is checked against the keys.
    #[inline]
    fn node_id(&mut self, from: u32, e: &Entry) -> NodeId {
        let i = e.info.entry as usize;
        if e.info.entry == NO_ENTRY || (from >> 1) as usize >= self.world.corners.len() {
            return self.key_id((from, e.to));
        }
        if i >= self.entry_nodes.len() {
            self.entry_nodes
                .resize(self.entries.len().max(i + 1), (0, 0));
        }
        let slot = &mut self.entry_nodes[i];
        let id = if slot.0 == self.query_stamp {
            slot.1
        } else {
            *slot = (self.query_stamp, self.nodes.len() as NodeId);
            slot.1
        };
        #[cfg(test)]
        assert_eq!(
            id,
            self.key_id((from, e.to)),
            "an entry's node is its key's"
        );
        id
    }

    /// The node of `key` in this run, `nodes.len()` (the next node) when it is new.
    #[inline]
    fn key_id(&mut self, key: (u32, u32)) -> NodeId {
        let k = self.keys.id(key) as usize;
        if k == self.key_nodes.len() {
            self.key_nodes.push(self.nodes.len() as NodeId);
        }
        self.key_nodes[k]
    }

    /// Whether an arrival at corner code `code` (radius `r > 0`) with outward normal `n` for
    /// `g` is fully dominated by the first arrival expanded there in this query, `d`: `d`
    /// reaches it along the arc (clear, turning the right way) for no more, so everything the
    /// arrival could do, `d` did for less. Most arrivals are decided without the arctangent
    /// and the arc test: the sweep `θ` lies between its sine `|y|` and its tangent `|y| / x`
    /// (`x > 0`; at least a quarter turn otherwise), and `d`'s expansion recorded how far its
    /// arc is clear and where it is blocked.
    #[inline]
    fn dominates(&mut self, d: Dom, code: u32, n: DVec2, g: f64) -> bool {
        if let Some(known) = self.dominance_bounds(d, code, n, g) {
            return known;
        }
        let w = self.world;
        let slack = g + 1e-12 * w.scale - d.g;
        let s1 = turn_sign(code);
        let Some(sw) = taut_sweep(d.n, n, s1) else {
            return false;
        };
        self.r * sw <= slack
            && sw <= d.blocked
            && (sw <= d.clear
                || self
                    .scratch
                    .corner_arc_clear(w, code >> 1, self.r, *self.stamp, d.n, s1, sw))
    }

    /// [`MeshGraph::dominates`] where the bounds of the sweep decide it, without the
    /// arctangent and the arc test (`None` otherwise). The sweep `sw` (the arctangent of
    /// `(y, x)` times the turn, `y` turning the right way) lies between its sine and its
    /// tangent: `|y| <= θ <= |y| / x` for `x > 0` (`θ >= π/2` otherwise), `θ` the exact angle of
    /// `(y, x)` and `x² + y²` within `1e-15` of 1 (unit normals). The arctangent is within an
    /// ulp of `θ`, and `|y| / x` is rounded by an ulp: the margins of `1e-9` cover both, so
    /// `sw` lies between the bounds as computed. Rounding is monotone, so `r sw <= slack` and
    /// `sw <= d.blocked`, `sw <= d.clear` hold whenever they hold for the upper bound (then
    /// `dominates` answers `true` before its arc test), and fail whenever they fail for the
    /// lower one.
    #[inline]
    fn dominance_bounds(&self, d: Dom, code: u32, n: DVec2, g: f64) -> Option<bool> {
        let slack = g + 1e-12 * self.world.scale - d.g;
        if slack < 0.0 {
            return Some(false);
        }
        let s1 = turn_sign(code);
        let (y, x) = (cross(d.n, n), d.n.dot(n));
        if y * s1 > 0.0 {
            let least = if x > 0.0 {
                y.abs()
            } else {
                std::f64::consts::FRAC_PI_2
            };
            if self.r * least * (1.0 - 1e-9) > slack || least * (1.0 - 1e-9) > d.blocked {
                return Some(false);
            }
            if x > 0.0 && !dom_bounds_off() {
                let most = y.abs() / x * (1.0 + 1e-9);
                if self.r * most <= slack && most <= d.blocked && most <= d.clear {
                    #[cfg(test)]
                    dom_bounds_tests::USED.set(dom_bounds_tests::USED.get() + 1);
                    return Some(true);
                }
            }
        }
        None
    }

    /// [`MeshGraph::dominates`] before a push to corner code `code`, when an arrival there was
    /// expanded already in this query (the first arrival's record never changes within a
    /// query, so the expansion would find the same): the push, its open-list entry and its
    /// pop are saved. Circles answer `false` (tested at expansion as before). Only in runs
    /// without a partial path (`lazy`), whose answer does not depend on which nodes are popped.
    #[inline]
    fn dominated_push(&mut self, code: u32, n: DVec2, g: f64) -> bool {
        if (code >> 1) as usize >= self.world.corners.len() {
            return false;
        }
        let current = self.code_stamps[code as usize][0] == self.query_stamp;
        #[cfg(test)]
        assert_eq!(current, self.dom[code as usize].stamp == self.query_stamp);
        current && self.dominates(self.dom[code as usize], code, n, g)
    }

    /// Whether a clear arrival at corner code `e.to` with the same outward normal (the same
    /// point, the same direction: collinear corners along one wall, a tangent line touching
    /// them all) was pushed in this run for no more than `g`; if not, and `e` is known clear,
    /// `e` becomes the record when it is the first there or cheaper along the same normal.
    ///
    /// Such an arrival `a` does everything `e` could for no more: the same departures (every
    /// test of an expansion depends on the corner, the normal and `g` only, and each test
    /// that `g` enters passes for `a` when it passes for `e`), and a dominance by the first
    /// expanded arrival that catches `a` catches `e` (its slack is larger). `a` stays in the
    /// open list until popped (one run's list is never emptied) and is popped before `e`
    /// would be (the same heuristic). So `e`'s push, pop and expansion are saved, and no
    /// node's cost changes. Only for entries whose sight test is made (`a` could be blocked
    /// otherwise), at radius > 0 without a partial path (as [`MeshGraph::dominated_push`]),
    /// and for corners (circles' arrivals are tested at expansion).
    #[inline]
    fn same_arrival_pushed(&mut self, e: Entry, g: f64) -> bool {
        if (e.to >> 1) as usize >= self.world.corners.len() || same_arrival_off() {
            return false;
        }
        let n = e.info.arrive_n;
        let stamps = &mut self.code_stamps[e.to as usize];
        #[cfg(test)]
        assert_eq!(stamps[1], self.pushed[e.to as usize].stamp);
        if stamps[1] != self.query_stamp {
            // No record of this query: nothing to read.
            if !e.info.unverified {
                stamps[1] = self.query_stamp;
                self.pushed[e.to as usize] = Pushed {
                    stamp: self.query_stamp,
                    n,
                    g,
                };
            }
            return false;
        }
        let p = &mut self.pushed[e.to as usize];
        let same = p.stamp == self.query_stamp && p.n == n;
        if same && g >= p.g {
            #[cfg(test)]
            same_arrival_tests::USED.set(same_arrival_tests::USED.get() + 1);
            return true;
        }
        if !e.info.unverified && (same || p.stamp != self.query_stamp) {
            *p = Pushed {
                stamp: self.query_stamp,
                n,
                g,
            };
        }
        false
    }

    /// Builds (once per world version and radius) the list of segment edges leaving site code
    /// `code` (a corner's turn or a circle's), with at least every entry of length up to
    /// `need`.
    ///
    /// A circle's list is built only as far as `need` asks, in a world that takes the walk
    /// (its walk from the centre would otherwise cover most of the world: little hides from
    /// every point of a circle), then again farther when an expansion needs more (at least
    /// twice as far each time; by [`LIST_GROWTH`] under fine levels). A tangent from the
    /// circle (radius `ρ = R + r`) to a corner's disc (radius `ρ' = r`) or a circle's
    /// (`ρ' = R' + r`) whose centre is `d` away is `sqrt(d² - k²)` long, `k = ρ ± ρ'` (see
    /// `tangent`), so one of length at most `L` has `d <= sqrt(L² + (ρ + ρ')²)`. A corner
    /// within `D` of the centre, or a circle within `D - R'` (every point of it within `D`),
    /// is listed by the walk bounded at `D` when the walk without the bound lists it (see
    /// `circle_sources`: the walk decides a circle in the first bucket it visits that meets
    /// it, which may hold its far side). So with `D = sqrt(L² + (ρ + r + R_max)²) + R_max +
    /// m` (`R_max` the largest circle's radius, `m` a margin far beyond rounding) every entry
    /// of length up to `L` is listed, the blocked ones (sight test deferred) too: `L` is the
    /// list's `reach`, and the list is the full list's entries up to it, whatever the order
    /// lists were built in. (The clear entries alone would need only `sqrt(L² + ρ²) + r`: the
    /// contact point's `w` on the target circle, then within that of the centre, lies in a
    /// bucket the walk visits, else the segment to it is hidden and the tangent blocked. A
    /// blocked entry's circle may be met first beyond it, on its far side, so that bound would
    /// make lists depend on the order they were built in; the test
    /// `a_list_built_for_an_entrys_length_holds_it` fails with `D` short of the outer
    /// `R_max`.) The entries of the earlier list stay where they are, unused (nodes pushed
    /// from them may still write their sight test there).
    ///
    /// The walk from the centre does not depend on the turn: a list whose other turn's last
    /// walk (kept per circle, [`CircleWalk`]) reached at least `need` takes its candidates and
    /// its reach instead of walking again (a walk bounded farther lists every candidate a
    /// nearer one does).
    fn list(&mut self, code: u32, need: f64) -> ListRange {
        let range = self.lists[code as usize];
        if range.stamp == *self.stamp && range.reach >= need {
            return range;
        }
        self.work += LIST_WORK;
        let w = self.world;
        let src = site_of(w, code, self.r);
        let sign = turn_sign(code);
        let start = self.entries.len() as u32;
        let scan = !crate::visible::takes_walk(w);
        let mut listed = f64::INFINITY;
        if let Some(corner) = src.corner {
            let c = w.corners[corner as usize];
            // Departure normals in the corner's span: directions a quarter turn from them.
            let dir_cone = cone(sign * left(c.n1), sign * left(c.n2));
            visible_corners(w, self.walk, c.v, self.r, Some(dir_cone));
        } else {
            // A circle's tangents leave from all round it: the walk from its centre counts
            // what hides from every point of it.
            let within = need.is_finite().then(|| {
                let last = if range.stamp == *self.stamp {
                    range.reach
                } else {
                    0.0
                };
                // Under fine levels (short rows, see `Levels`) the next level's bound is
                // little above this one's and a deferred expansion asks again soon: the list
                // is built a little beyond the need, and grows by a little.
                let (ahead, growth) = if self.levels.is_some_and(|l| l.fine) {
                    (LIST_GROWTH, LIST_GROWTH)
                } else {
                    (1.0, 2.0)
                };
                listed = (ahead * need).max(growth * last);
                // The farthest point of a target circle (or a corner) with an entry of
                // length up to `listed` (see above), padded beyond the rounding of the
                // lengths and of the circles' buckets (padded by `1e-6` of a bucket a side).
                let d = listed.hypot(src.rad + self.r + self.max_disc) + self.max_disc;
                d + 1e-6 * d + 2e-6 * w.grid.cell + w.eps()
            });
            // The other turn's list may have walked far enough already: the walk does not
            // depend on the turn, and one bounded farther lists every candidate of a nearer
            // one (see `circle_sources`).
            let di = src.disc as usize;
            if self.circle_walks.len() < w.discs.len() {
                self.circle_walks
                    .resize(w.discs.len(), CircleWalk::default());
            }
            let last = self.circle_walks[di];
            if !scan && last.stamp == *self.stamp && last.listed >= need && !circle_walk_off() {
                listed = last.listed;
                let walk = &mut *self.walk;
                walk.cands.clear();
                walk.cands
                    .extend_from_slice(&self.walked[last.start as usize..last.mid as usize]);
                walk.cand_discs.clear();
                walk.cand_discs
                    .extend_from_slice(&self.walked[last.mid as usize..last.end as usize]);
            } else {
                circle_sources(w, self.walk, (src.c, src.rad - self.r), self.r, within);
                if !self.walk.skipped {
                    listed = f64::INFINITY;
                }
                if !scan {
                    let start = self.walked.len() as u32;
                    self.walked.extend_from_slice(&self.walk.cands);
                    let mid = self.walked.len() as u32;
                    self.walked.extend_from_slice(&self.walk.cand_discs);
                    self.circle_walks[di] = CircleWalk {
                        stamp: *self.stamp,
                        listed,
                        start,
                        mid,
                        end: self.walked.len() as u32,
                    };
                }
            }
        }
        // How far a circle source's tangents start from its centre.
        let reach = if src.corner.is_some() { 0.0 } else { src.rad };
        let cands = std::mem::take(&mut self.walk.cands);
        for &ci in &cands {
            if Some(ci) == src.corner {
                continue;
            }
            let cc = &w.corners[ci as usize];
            let turns = match src.corner {
                Some(corner) if self.r == 0.0 => {
                    // The span tests of `segment_edge` on the shared direction, without
                    // building the tangent: most corners fail them.
                    let Some(dir) = point_dir(src.c, cc.v) else {
                        continue;
                    };
                    if !in_span(w, corner, -sign * left(dir)) {
                        continue;
                    }
                    point_turns(w, ci, dir)
                }
                Some(corner) => {
                    // The tangent to the same turn at an equal circle is parallel to the
                    // centres' line (and computed as `point_dir` does): its span tests need no
                    // tangent.
                    let mut turns = [true, true];
                    let n = point_dir(src.c, cc.v).map(|dir| -sign * left(dir));
                    turns[(code & 1) as usize] =
                        n.is_some_and(|n| in_span(w, corner, n) && in_span(w, ci, n));
                    turns
                }
                None => [true, true],
            };
            for turn in 0..2 {
                if !turns[turn as usize] {
                    continue;
                }
                // A long segment's sight test waits until a node made from the entry is
                // expanded (most never are); a short one is cheap enough to do now, which
                // keeps blocked entries out of the list.
                let to = ci << 1 | turn;
                let near = scan || src.c.distance(cc.v) - reach <= EAGER_SIGHT * w.grid.cell;
                if let Some(mut e) =
                    self.segment_edge(src.c, src.rad, sign, (src.corner, true), to, near)
                {
                    e.info.entry = self.entries.len() as u32;
                    self.entries.push(e);
                }
            }
        }
        self.walk.cands = cands;
        let discs = std::mem::take(&mut self.walk.cand_discs);
        let nc = w.corners.len() as u32;
        for &di in &discs {
            if di == src.disc {
                continue;
            }
            let d = w.discs[di as usize];
            let near =
                scan || src.c.distance(d.c) - reach - d.rad - self.r <= EAGER_SIGHT * w.grid.cell;
            for turn in 0..2 {
                let to = (nc + di) << 1 | turn;
                if let Some(mut e) =
                    self.segment_edge(src.c, src.rad, sign, (src.corner, true), to, near)
                {
                    e.info.entry = self.entries.len() as u32;
                    self.entries.push(e);
                }
            }
        }
        self.walk.cand_discs = discs;
        let angles = self.by_angle.len() as u32;
        if src.corner.is_none() {
            // A circle's list by length: an expansion under a length bound stops at the first
            // entry too long for it.
            // Its keys `(len, index)` sorted, ties by the index (the order of a stable sort
            // by length), then the entries moved once in that order: they are large, and a
            // sort moves them many times.
            let list = &mut self.entries[start as usize..];
            let keys = &mut *self.sort_keys;
            keys.clear();
            keys.extend(list.iter().enumerate().map(|(k, e)| (e.len, k as u32)));
            keys.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let sorted = &mut *self.sorted;
            sorted.clear();
            sorted.extend(keys.iter().map(|&(_, k)| list[k as usize]));
            list.copy_from_slice(sorted);
            for (k, e) in list.iter_mut().enumerate() {
                e.info.entry = start + k as u32;
            }
            // And by departure angle: an expansion looks only at those its free arc reaches.
            let list = &self.entries[start as usize..];
            self.by_angle
                .extend(list.iter().map(|e| (e.angle, e.info.entry)));
            self.by_angle[angles as usize..].sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        let range = ListRange {
            stamp: *self.stamp,
            start,
            end: self.entries.len() as u32,
            angles,
            reach: listed,
        };
        self.lists[code as usize] = range;
        range
    }

    /// How far the arc around corner code `code` (`r > 0`) from arrival normal `n0` is clear:
    /// sweeps up to `.0` clear, beyond `.1` blocked. The first contact in closed form, checked
    /// on both sides (as around a circle); unknown (`(-1, ∞)`) when the check fails. The
    /// obstacles that may meet the arc within the span are cached per corner.
    fn corner_bracket(&mut self, code: u32, n0: DVec2, entry: u32) -> (f64, f64) {
        let memo = self.memo(entry);
        if let Some(m) = memo
            && m.bracket_stamp == *self.stamp
        {
            #[cfg(test)]
            {
                arc_memo_tests::BRACKETS.set(arc_memo_tests::BRACKETS.get() + 1);
                // What the memo gives is what the test would (bit for bit).
                let (lo, hi) = self.corner_bracket_of(code, n0);
                assert_eq!(
                    (m.bracket.0.to_bits(), m.bracket.1.to_bits()),
                    (lo.to_bits(), hi.to_bits())
                );
            }
            return m.bracket;
        }
        let b = self.corner_bracket_of(code, n0);
        if memo.is_some() {
            let m = &mut self.arc_memo[entry as usize];
            (m.bracket_stamp, m.bracket) = (*self.stamp, b);
        }
        b
    }

    /// The memo of list entry `entry` when there is one to read and write (not for arrivals
    /// from the start, `NO_ENTRY`), room made for it.
    #[inline]
    fn memo(&mut self, entry: u32) -> Option<ArcMemo> {
        if entry == NO_ENTRY || arc_memo_off() {
            return None;
        }
        let i = entry as usize;
        if i >= self.arc_memo.len() {
            self.arc_memo
                .resize(self.entries.len().max(i + 1), ArcMemo::default());
        }
        Some(self.arc_memo[i])
    }

    /// [`MeshGraph::corner_bracket`], computed.
    fn corner_bracket_of(&mut self, code: u32, n0: DVec2) -> (f64, f64) {
        let (w, r, s1) = (self.world, self.r, turn_sign(code));
        let (cn, stamp) = (code >> 1, *self.stamp);
        let sc = &mut *self.scratch;
        let contact = sc.corner_first_contact(w, cn, r, stamp, n0, s1);
        let mut clear = |sweep: f64| sc.corner_arc_clear(w, cn, r, stamp, n0, s1, sweep);
        match contact {
            Some(t) if t > 1e-9 && clear(t - 1e-9) && !clear(t + 1e-9) => (t - 1e-9, t + 1e-9),
            _ => (-1.0, f64::INFINITY),
        }
    }

    /// The arc test of a corner's arrival at code `to` with normal `arrive_n` (`r > 0`) to the end of the corner's span:
    /// if it is clear, every turn there is (`arc_free`, and `circle_free` from that sweep on
    /// for the dominance tests); if not, no sweep beyond it is.
    fn test_arc_end(&mut self, to: u32, arrive_n: DVec2, entry: u32) {
        self.arc_due = false;
        let memo = self.memo(entry);
        let end = match memo {
            Some(m) if m.end_stamp == *self.stamp => {
                #[cfg(test)]
                {
                    arc_memo_tests::USED.set(arc_memo_tests::USED.get() + 1);
                    // What the memo gives is what the test would (bit for bit).
                    let bits = |e: Option<(f64, bool)>| e.map(|(sw, clear)| (sw.to_bits(), clear));
                    assert_eq!(bits(m.end), bits(self.arc_end_of(to, arrive_n)));
                }
                m.end
            }
            _ => {
                let end = self.arc_end_of(to, arrive_n);
                if memo.is_some() {
                    let m = &mut self.arc_memo[entry as usize];
                    (m.end_stamp, m.end) = (*self.stamp, end);
                }
                end
            }
        };
        let Some((sw, clear)) = end else {
            return;
        };
        if clear {
            self.arc_free = true;
            self.circle_free = (sw, f64::INFINITY);
        } else {
            self.circle_free.1 = self.circle_free.1.min(sw);
        }
    }

    /// The test of [`MeshGraph::test_arc_end`], made: the sweep from `arrive_n` to the end of
    /// the span of corner code `to` and whether that arc is clear, if it turns the right way.
    fn arc_end_of(&mut self, to: u32, arrive_n: DVec2) -> Option<(f64, bool)> {
        let (corner, s1) = (to >> 1, turn_sign(to));
        let c = &self.world.corners[corner as usize];
        let end = if s1 > 0.0 { c.n2 } else { c.n1 };
        let sw = taut_sweep(arrive_n, end, s1)?;
        let (w, r, stamp) = (self.world, self.r, *self.stamp);
        let clear = self
            .scratch
            .corner_arc_clear(w, corner, r, stamp, arrive_n, s1, sw);
        Some((sw, clear))
    }

    /// Whether the turn at the source corner of `node` into an edge leaving along `dir` with
    /// normal `n_out` is allowed; returns the arc sweep (any value at radius 0, where the arc
    /// has length 0). `dir` is read only with `wedges`.
    fn turn(&mut self, node: NodeId, n_out: DVec2, dir: DVec2, wedges: bool) -> Option<f64> {
        // Two fields of the node, not a copy of it (a node is 80 bytes; `turn` runs once per
        // list entry tried).
        let (to, arrive_n, entry) = {
            let info = &self.nodes[node as usize];
            (info.to, info.arrive_n, info.entry)
        };
        let corner = to >> 1;
        let s1 = turn_sign(to);
        if corner as usize >= self.world.corners.len() {
            // Around a circle: any sweep, the arc clear up to `circle_free.0` (known), not
            // beyond `circle_free.1`, tested in between.
            let site = site_of(self.world, to, self.r);
            let sweep = circle_sweep(arrive_n, n_out, s1);
            let (lo, hi) = self.circle_free;
            let clear = sweep <= lo
                || (sweep <= hi
                    && arc_clear(
                        self.world,
                        self.scratch,
                        site.c,
                        (site.rad, self.r),
                        arrive_n,
                        s1,
                        sweep,
                        ([NO_DISC; 2], site.disc, false),
                    ));
            return clear.then_some(sweep);
        }
        let sweep = if self.r == 0.0 {
            point_taut(arrive_n, n_out, s1)?
        } else {
            taut_sweep(arrive_n, n_out, s1)?
        };
        if self.r > 0.0 && !self.arc_free {
            if self.arc_due {
                self.test_arc_end(to, arrive_n, entry);
                if self.arc_free {
                    return Some(sweep);
                }
            }
            // What this arrival's earlier arc tests found (the test is monotone in the sweep):
            // clear up to `lo`, blocked beyond `hi`, tested in between.
            let (mut lo, mut hi) = self.circle_free;
            if sweep > lo && sweep <= hi && self.arc_tests == BRACKET_AFTER {
                // Many turns to test: the first contact in closed form bounds the rest.
                self.arc_tests += 1;
                let (b_lo, b_hi) = self.corner_bracket(to, arrive_n, entry);
                (lo, hi) = (lo.max(b_lo), hi.min(b_hi));
                self.circle_free = (lo, hi);
            }
            if sweep > hi {
                return None;
            }
            if sweep > lo {
                self.arc_tests += 1;
                let clear = self.scratch.corner_arc_clear(
                    self.world,
                    corner,
                    self.r,
                    *self.stamp,
                    arrive_n,
                    s1,
                    sweep,
                );
                let known = &mut self.circle_free;
                if clear {
                    known.0 = known.0.max(sweep);
                } else {
                    known.1 = known.1.min(sweep);
                    return None;
                }
            }
        } else if wedges {
            // Nothing may touch the corner from the outside of the turn.
            let back = -self.nodes[node as usize].arrive_dir();
            let (o0, os) = if s1 > 0.0 {
                (back, ccw_angle(back, dir))
            } else {
                (dir, ccw_angle(dir, back))
            };
            if outer_sector_hits(self.scratch, o0, os) {
                return None;
            }
        }
        Some(sweep)
    }
}

impl MeshGraph<'_> {
    /// The start's successors (round 0: the start node itself; later rounds: the node
    /// standing for those left out, reached for `g_node`). In a world that takes the
    /// visibility walk (or has circles: the bound only matters with the walk), when the
    /// two-way search runs (goal open, sight tests lazy), round `k`
    /// walks only the buckets that may hold a successor `X` with `|s X| + |X g| <= b_k`,
    /// `b_k = |s g| (1 + 0.25 3^k)` (plus `2r` for the arrival points around corners and
    /// circles: see `START_WALK_PAD`), and stands for the others by a node at `g = (b_k - |s g|) / 2` with
    /// `h = b_k - g`: each of them has `|s X| > g` and `f >= |s X| + |X g| > b_k`, so A* pops
    /// that node (`f = b_k`) before any of them would be popped, and the edge costs stay
    /// non-negative and the heuristic consistent. Popping it
    /// walks again with the next bound (successors closer than its `g` were within the last
    /// bound, so pushed already, and are left out).
    fn expand_start(&mut self, round: u32, g_node: f64, out: &mut Successors) {
        let w = self.world;
        let sight = !self.lazy;
        if round == 0
            && self.goal_open
            && let Some(e) =
                self.segment_edge(self.start, 0.0, 1.0, (None, false), GOAL_CODE, sight)
        {
            self.push(START_CODE, e, e.len, 0.0, out);
            let key = (w.identity, w.version, self.r.to_bits());
            if StartLine::of(self.line, key, e.info.depart, e.info.arrive).is_some_and(|l| l.alone)
            {
                // The goal's edge is popped, then the goal, before any other successor.
                #[cfg(test)]
                start_line_tests::USED.set(start_line_tests::USED.get() + 1);
                return;
            }
        }
        if round == 0 {
            let src = (self.start, 0.0, 1.0, None, false);
            self.goal_edges(START_CODE, src, None, 0.0, out);
        }
        let sg = self.start.distance(self.goal);
        let bound = (self.goal_open
            && self.lazy
            && sg > 0.0
            && (crate::visible::takes_walk(w) || !w.discs.is_empty()))
        .then(|| {
            // Under a length bound, the walk stops at it (what lies beyond is pruned).
            if self.f_bound.is_finite() {
                self.f_bound
            } else {
                sg * (1.0 + BOUND_EXCESS * BOUND_GROWTH.powi(round as i32))
            }
        })
        .filter(|b| b.is_finite());
        let walk_bound = bound.map(|b| (self.goal, b + w.eps(), self.r));
        match walk_bound {
            // A deferred expansion of the start (see `Levels`): the walk goes on.
            Some(wb) if self.resumed => resume_within(w, self.start_walk, self.start, self.r, wb),
            _ => {
                self.start_walk.logging = self.levels.is_some();
                visible_within(w, self.start_walk, self.start, self.r, None, walk_bound);
            }
        }
        let skipped = self.start_walk.skipped;
        let cands = std::mem::take(&mut self.start_walk.cands);
        // A successor arrives within `reach` of its corner's vertex (circle's centre): its
        // `f` is at least `|s c| + |c g| - 2 reach`; beyond the bound, `push` would leave it
        // out, so its tangents are not built.
        let (start, goal, f_bound) = (self.start, self.goal, self.f_bound);
        let beyond =
            |c: DVec2, reach: f64| start.distance(c) + c.distance(goal) - 2.0 * reach > f_bound;
        // In a deferred expansion (see `Levels`), the successors surely within the last bound
        // were pushed then.
        let f_floor = self.f_floor;
        let handled = |c: DVec2, reach: f64| {
            (start.distance(c) + c.distance(goal) + 2.0 * reach) * (1.0 + 1e-12) <= f_floor
        };
        let mut left_out = false;
        for &ci in &cands {
            let c = &w.corners[ci as usize];
            if beyond(c.v, self.r) {
                left_out = true;
                continue;
            }
            if handled(c.v, self.r) {
                continue;
            }
            let turns = if self.r == 0.0 {
                let Some(dir) = point_dir(self.start, c.v) else {
                    continue;
                };
                point_turns(w, ci, dir)
            } else {
                let turns = grown_point_turns(w, ci, self.start, self.r);
                debug_assert!((0..2).all(|turn| {
                    let to = ci << 1 | turn;
                    turns[turn as usize]
                        || self
                            .segment_edge(self.start, 0.0, 1.0, (None, false), to, false)
                            .is_none()
                }));
                turns
            };
            for turn in 0..2 {
                if !turns[turn as usize] {
                    continue;
                }
                let to = ci << 1 | turn;
                if let Some(e) = self.start_edge(to, sight)
                    && e.len >= g_node
                {
                    // Shorter ones were within the last round's bound: pushed already.
                    self.push(START_CODE, e, e.len - g_node, g_node, out);
                }
            }
        }
        self.start_walk.cands = cands;
        let discs = std::mem::take(&mut self.start_walk.cand_discs);
        let nc = w.corners.len() as u32;
        for &di in &discs {
            let d = w.discs[di as usize];
            if beyond(d.c, d.rad + self.r) {
                left_out = true;
                continue;
            }
            if handled(d.c, d.rad + self.r) {
                continue;
            }
            for turn in 0..2 {
                let to = (nc + di) << 1 | turn;
                if let Some(e) = self.start_edge(to, sight)
                    && e.len >= g_node
                {
                    // Shorter ones were within the last round's bound: pushed already.
                    self.push(START_CODE, e, e.len - g_node, g_node, out);
                }
            }
        }
        self.start_walk.cand_discs = discs;
        if left_out {
            self.pruned = true;
        }
        if skipped && self.f_bound.is_finite() {
            self.pruned = true;
        } else if let Some(b) = bound
            && skipped
        {
            // `g <= |s X|` and `g + h = b < |s X| + |X g|` for every left-out `X`: the node's
            // `arrive` is placed on the line to the goal at distance `h`.
            let g_more = 0.5 * (b - sg);
            let h_more = b - g_more;
            let toward = self.start - self.goal;
            let id = self.key_id((MORE_CODE, round + 1));
            if id as usize == self.nodes.len() {
                self.nodes.push(NodeInfo {
                    to: MORE_CODE,
                    depart: self.start,
                    arrive: self.goal + toward * (h_more / sg),
                    arrive_n: DVec2::X,
                    depart_n: DVec2::X,
                    unverified: false,
                    entry: round + 1,
                });
                self.gs.push(g_more);
            }
            if b > self.f_bound {
                self.pruned = true;
            } else {
                out.push(id, (g_more - g_node).max(0.0));
            }
        }
    }

    /// The successors of `node`, a tangent arriving at a circle (grown by `r`): the arc around
    /// it in the node's turn, of any sweep, then the segments of the circle's list.
    fn expand_circle(&mut self, node: NodeId, info: NodeInfo, g_node: f64, out: &mut Successors) {
        let w = self.world;
        let code = info.to;
        let site = site_of(w, code, self.r);
        let s1 = turn_sign(code);
        let skip = ([NO_DISC; 2], site.disc, false);
        let radii = (site.rad, self.r);
        // An arrival that an earlier expanded arrival reaches along the arc for no more is
        // dominated.
        let d = self.dom[code as usize];
        if self.resumed {
            // Expanded before (see `Levels`): not dominated, `circle_free` known.
        } else if d.stamp == self.query_stamp {
            let sw = circle_sweep(d.n, info.arrive_n, s1);
            if d.g + site.rad * sw <= g_node + 1e-12 * w.scale
                && arc_clear(w, self.scratch, site.c, radii, d.n, s1, sw, skip)
            {
                return;
            }
        } else {
            self.dom[code as usize] = Dom::first(self.query_stamp, info.arrive_n, g_node);
            self.code_stamps[code as usize][0] = self.query_stamp;
        }
        // How far the arc from the arrival is clear: bisected once against the obstacles near
        // the circle; the sweeps in the last interval are tested one by one.
        if !self.resumed {
            let stamp = *self.stamp;
            self.scratch
                .gather_circle(w, site.disc, site.c, radii, stamp);
        }
        let n0 = info.arrive_n;
        let full = std::f64::consts::TAU - SWEEP_SLACK;
        let clear =
            |sc: &Scratch, sweep: f64| arc_clear_near(w, sc, site.c, radii, n0, s1, sweep, skip);
        let bisect = |sc: &Scratch| {
            let (mut lo, mut hi) = (0.0, full);
            for _ in 0..12 {
                let mid = 0.5 * (lo + hi);
                if clear(sc, mid) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            (lo, hi)
        };
        // The first contact in closed form, checked just short of it and just beyond it (the
        // clearance is monotone in the sweep); the bisection when the check fails. An arc clear
        // up to the check short of it is clear at the arrival (sweep 0), which is tested
        // apart only otherwise.
        const STEP: f64 = 1e-9;
        let sc: &Scratch = self.scratch;
        self.circle_free = if self.resumed {
            self.circle_free
        } else {
            let first = arc_first_contact(w, sc, site.c, radii, n0, s1, ([NO_DISC; 2], site.disc))
                .filter(|&(t, _)| t + STEP < full)
                .map(|(t, item)| ((t - STEP).max(0.0), t + STEP, item));
            // Beyond the contact, its own obstacle most often blocks the arc: then the arc is
            // not clear (the whole test would find that obstacle, or another, blocking), and
            // the other obstacles need not be looked at.
            let blocked_at = |sweep: f64, item: u32| {
                arc_blocked_by(w, site.c, radii, n0, s1, sweep, skip, item) || !clear(sc, sweep)
            };
            match first {
                Some((lo, hi, item)) if clear(sc, lo) && blocked_at(hi, item) => (lo, hi),
                _ if !clear(sc, 0.0) => (-1.0, 0.0),
                _ if clear(sc, full) => (full, full),
                _ => bisect(sc),
            }
        };
        let sight = !self.lazy;
        if self.goal_open
            && let Some(e) = self.segment_edge(site.c, site.rad, s1, (None, true), GOAL_CODE, sight)
            && let Some(sweep) = self.turn(node, e.info.depart_n, e.info.depart_dir(), false)
        {
            self.push(code, e, site.rad * sweep + e.len, g_node, out);
        }
        let src = (site.c, site.rad, s1, None, true);
        self.goal_edges(code, src, Some((node, false)), g_node, out);
        // Entries longer than `f_bound - g_node` are left out by the bound.
        let range = self.list(code, self.f_bound - g_node);
        let a_in = n0.y.atan2(n0.x);
        let (lo, hi) = self.circle_free;
        // The entries in length order up to the first too long for the bound (which sets
        // `pruned`; the list is sorted by length). When few of them leave within `ARC_PAD` of
        // the free arc `[0, hi]` from the arrival, only those are looked at (the others leave
        // beyond `hi` and are passed over with no other effect), in the same order.
        let list = &self.entries[range.start as usize..range.end as usize];
        let within = list.partition_point(|e| g_node + e.len <= self.f_bound);
        if within < list.len() || range.reach.is_finite() {
            // Some are left out (a list built only as far as the bound asks may leave out
            // more, all of them beyond the bound).
            self.pruned = true;
        }
        let last = range.start + within as u32;
        let mut picks = std::mem::take(self.picks);
        picks.clear();
        let mut all = true;
        if hi + 2.0 * ARC_PAD < std::f64::consts::TAU && within >= PICK_MIN && !pick_off() {
            // The angles from `a` to `a + hi` counter-clockwise (`s1 > 0`), or from `a_in - hi`
            // to `a_in`, padded, within `[-π, π]`: one range, or two across `±π`.
            use std::f64::consts::{PI, TAU};
            let a = if s1 > 0.0 { a_in } else { a_in - hi };
            let (from, to) = (a - ARC_PAD, a + hi + ARC_PAD);
            let n = list.len();
            let order = &self.by_angle[range.angles as usize..range.angles as usize + n];
            let span = |x0: f64, x1: f64| {
                let i0 = order.partition_point(|&(t, _)| t < x0);
                let i1 = order.partition_point(|&(t, _)| t <= x1);
                &order[i0..i1.max(i0)]
            };
            let spans = [
                span(from.max(-PI), to.min(PI)),
                if from < -PI {
                    span(from + TAU, PI)
                } else {
                    &[]
                },
                if to > PI { span(-PI, to - TAU) } else { &[] },
            ];
            // Worth it unless the arc holds as many entries as the bound lets in.
            if spans.iter().map(|s| s.len()).sum::<usize>() < within {
                // One bit per entry within the bound, set for those of the arc: read in
                // increasing index, they are the list's own order (each once), without a sort.
                all = false;
                picks.resize(within.div_ceil(64), 0);
                for s in spans {
                    for &(_, i) in s {
                        if i < last {
                            let k = (i - range.start) as usize;
                            picks[k >> 6] |= 1 << (k & 63);
                        }
                    }
                }
            }
        }
        #[cfg(test)]
        if !all {
            // Every entry within the bound that leaves within the free arc is looked at.
            pick_tests::USED.set(pick_tests::USED.get() + 1);
            for i in range.start..last {
                let e = &self.entries[i as usize];
                let mut sweep = s1 * (e.angle - a_in);
                if sweep < 0.0 {
                    sweep += std::f64::consts::TAU;
                }
                let k = (i - range.start) as usize;
                if sweep <= hi || sweep > full {
                    assert!(
                        picks[k >> 6] >> (k & 63) & 1 == 1,
                        "entry {i} of the arc missed"
                    );
                }
            }
        }
        let order = if all {
            Picks::All(range.start..last)
        } else {
            Picks::Bits {
                words: &picks,
                at: 0,
                word: picks.first().copied().unwrap_or(0),
                base: range.start,
            }
        };
        for i in order {
            // Read in place: most entries are passed over (copied only when pushed).
            let e = &self.entries[i as usize];
            if e.blocked {
                continue;
            }
            // The sweep from the entries' stored departure angles (no trigonometry here).
            // Both angles in [-π, π]: the difference needs at most one turn added.
            let mut sweep = s1 * (e.angle - a_in);
            if sweep < 0.0 {
                sweep += std::f64::consts::TAU;
            }
            if sweep > full {
                sweep = 0.0;
            }
            // Beyond the free arc: passed over (below too, whatever its `f`), before its `f`.
            if sweep > hi {
                continue;
            }
            // Its `f` as `push` takes it.
            let f = g_node + (site.rad * sweep + e.len) + e.info.arrive.distance(self.goal);
            if self.resumed && f <= self.f_floor {
                // Pushed (or refused) by the earlier expansion (see `Levels`).
                continue;
            }
            if f > self.f_bound && self.pruned && !entry_skip_off() {
                // `push` would refuse it and set `pruned`, which is set already: its arc and
                // sight tests could only keep it from `push` (the sight test's answer, cached
                // in the entry by a run without `lazy`, is the same when asked later).
                #[cfg(test)]
                entry_skip_tests::USED.set(entry_skip_tests::USED.get() + 1);
                continue;
            }
            if sweep > lo && !arc_clear(w, self.scratch, site.c, radii, n0, s1, sweep, skip) {
                continue;
            }
            let mut e = self.entries[i as usize];
            if e.info.unverified && !self.lazy {
                // Every pushed node must be real for a partial path.
                e.blocked =
                    segment_block(w, self.scratch, e.info.depart, e.info.arrive, self.r, false)
                        .is_some();
                e.info.unverified = false;
                self.entries[i as usize] = e;
                if e.blocked {
                    continue;
                }
            }
            self.push(code, e, site.rad * sweep + e.len, g_node, out);
        }
        *self.picks = picks;
    }
}

/// A circle's expansion looks up the entries of its free arc by angle when at least
/// `PICK_MIN` entries are within the length bound and the arc holds fewer entries than that
/// (else it scans them all: the lookup would cost more).
///
/// Measured (callgrind, warm, nav-agent's world at r = 10): 1,865,173 instructions with the
/// lookup's sort and the arc holding under a quarter of the entries; with one bit per entry
/// instead of the sort, 1,870,860 / 1,842,900 / 1,829,358 / 1,827,670 under a quarter / a
/// half / three quarters / all of them; `PICK_MIN` 8 / 16 / 32: 1,827,452 / 1,827,670 /
/// 1,829,851.
const PICK_MIN: usize = 16;

/// The entries a circle's expansion looks at (see [`MeshGraph::expand_circle`]), in the
/// list's order: all of a range, or those whose bit is set (bit `k` of `words` for entry
/// `base + k`).
enum Picks<'a> {
    All(std::ops::Range<u32>),
    Bits {
        words: &'a [u64],
        /// The word being read, and what is left of it.
        at: usize,
        word: u64,
        base: u32,
    },
}

impl Iterator for Picks<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        match self {
            Picks::All(range) => range.next(),
            Picks::Bits {
                words,
                at,
                word,
                base,
            } => {
                while *word == 0 {
                    *at += 1;
                    *word = *words.get(*at)?;
                }
                let k = word.trailing_zeros();
                *word &= *word - 1;
                Some(*base + (*at as u32) * 64 + k)
            }
        }
    }
}

/// How far (radians) beyond the free arc of a circle's expansion the entries of its list are
/// still looked at: far more than the rounding of their angles and sweeps (`1e-15`), and than
/// [`SWEEP_SLACK`] (a departure within it before the arrival is the empty arc).
const ARC_PAD: f64 = 1e-6;

impl MeshGraph<'_> {
    /// An expansion in a resumable run (see [`Levels`]): a node's under the level of its `f`,
    /// or a deferred node's, which makes its node's successors between its bound and the next
    /// level's; the successors left beyond the bound get a deferred node.
    fn resumable(&mut self, node: NodeId, out: &mut Successors) {
        let Some(levels) = self.levels else {
            return;
        };
        self.inner = true;
        let info = self.nodes[node as usize];
        let real = if info.to == DEFER_CODE {
            let d = self.defers[info.entry as usize];
            self.f_floor = d.lo;
            self.f_bound = levels.at_least(d.lo, true);
            if d.node == START && !start_step_off() {
                self.f_bound = levels.start_bound(d.lo, self.f_bound, self.r);
            }
            self.circle_free = d.circle_free;
            self.arc_free = d.arc_free;
            self.arc_tests = d.arc_tests;
            self.resumed = true;
            d.node
        } else {
            let f = self.gs[node as usize] + self.heuristic(node);
            self.f_bound = levels.at_least(f, false);
            node
        };
        self.pruned = false;
        self.successors(real, out);
        if self.pruned && self.f_bound.is_finite() && !self.aborted {
            let g = self.gs[real as usize];
            let k = self.defers.len() as u32;
            let id = self.key_id((DEFER_CODE, k));
            debug_assert_eq!(id as usize, self.nodes.len());
            self.nodes.push(NodeInfo {
                to: DEFER_CODE,
                unverified: false,
                entry: k,
                ..self.nodes[real as usize]
            });
            self.gs.push(g);
            self.defers.push(Defer {
                node: real,
                lo: self.f_bound,
                h: self.f_bound - g,
                circle_free: self.circle_free,
                arc_free: self.arc_free,
                arc_tests: self.arc_tests,
            });
            out.push(id, 0.0);
        }
        self.pruned = false;
        self.f_floor = f64::NEG_INFINITY;
        self.resumed = false;
        self.inner = false;
    }
}

impl NodeInfo {
    fn arrive_dir(&self) -> DVec2 {
        (self.arrive - self.depart)
            .try_normalize()
            .unwrap_or(DVec2::X)
    }

    fn depart_dir(&self) -> DVec2 {
        (self.arrive - self.depart)
            .try_normalize()
            .unwrap_or(DVec2::X)
    }
}

impl Graph for MeshGraph<'_> {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        if node == GOAL {
            return;
        }
        if self.levels.is_some() && !self.inner {
            self.resumable(node, out);
            return;
        }
        self.work += 1;
        if self.work > self.work_budget {
            // Given up: no successors, and the caller discards the outcome.
            self.aborted = true;
            return;
        }
        let w = self.world;
        let sight = !self.lazy;
        if node == START {
            self.expand_start(0, 0.0, out);
            return;
        }
        let info = self.nodes[node as usize];
        if info.unverified {
            // The lazily deferred sight test: a blocked segment is a dead end. A list entry
            // keeps the outcome for later queries.
            let key = (w.identity, w.version, self.r.to_bits());
            let blocked = match StartLine::of(self.line, key, info.depart, info.arrive) {
                Some(line) => !line.clear,
                None => segment_block(w, self.scratch, info.depart, info.arrive, self.r, false)
                    .is_some(),
            };
            if info.entry != NO_ENTRY {
                let e = &mut self.entries[info.entry as usize];
                e.blocked = blocked;
                e.info.unverified = false;
            }
            if blocked {
                return;
            }
            self.nodes[node as usize].unverified = false;
        }
        let g_node = self.gs[node as usize];
        if info.to == MORE_CODE {
            self.expand_start(info.entry, g_node, out);
            return;
        }
        if info.to == GOAL_CODE || nearest::goal_of(info.to).is_some() {
            out.push(GOAL, 0.0);
            return;
        }
        let code = info.to;
        if (code >> 1) as usize >= w.corners.len() {
            self.expand_circle(node, info, g_node, out);
            return;
        }
        let corner = w.corners[(code >> 1) as usize];
        let wedges = if self.r == 0.0 {
            let ci = (code >> 1) as usize;
            if self.wedge_free[ci] == *self.stamp {
                // Known to have none (a corner is expanded again in deferred expansions and
                // later queries).
                false
            } else {
                foreign_wedges(w, self.scratch, corner.v, [corner.e_in, corner.e_out]);
                let some = !self.scratch.wedges.is_empty();
                if !some {
                    self.wedge_free[ci] = *self.stamp;
                }
                some
            }
        } else {
            false
        };
        if self.r == 0.0 && !wedges && !self.resumed {
            // At radius 0 every arrival at a corner is at the same point with the same
            // heuristic, so the first one expanded is the cheapest; a later one can only lead
            // to paths that turn the wrong way at the corner (which the cheaper arrival
            // shortcuts) or that the cheaper arrival reaches for less.
            if self.expanded[code as usize] == self.query_stamp {
                return;
            }
            self.expanded[code as usize] = self.query_stamp;
        }
        // At r > 0, an arrival that reaches the first expanded one along the arc for more
        // (beyond rounding): its departures beyond that one's normal (`partly`), which that
        // one made for less.
        let mut partly = None;
        // Whether this is the first arrival expanded at the corner (its arcs' clearance is
        // then recorded for the dominance tests).
        let mut first = false;
        if self.r > 0.0 && !self.resumed {
            // An arrival that an earlier expanded arrival reaches along the arc for no more is
            // dominated: everything it could do, the earlier one did for less.
            let d = self.dom[code as usize];
            let s1 = turn_sign(code);
            if d.stamp == self.query_stamp {
                partly = partly_dominated(d, info.arrive_n, s1, g_node, self.r, w.scale);
                if self.dominates(d, code, info.arrive_n, g_node) {
                    return;
                }
            } else {
                first = true;
                self.dom[code as usize] = Dom::first(self.query_stamp, info.arrive_n, g_node);
                self.code_stamps[code as usize][0] = self.query_stamp;
            }
        }
        if self.r > 0.0 && !self.resumed {
            // How far the arc from the arrival is clear: found by the arc tests of the turns
            // (see `turn`: the first to the end of the span, after `BRACKET_AFTER` more the
            // closed-form bracket); nothing known yet.
            self.arc_free = false;
            self.arc_due = true;
            self.arc_tests = 0;
            self.circle_free = (-1.0, f64::INFINITY);
        }
        if self.goal_open
            && let Some(e) = self.segment_edge(
                corner.v,
                self.r,
                turn_sign(code),
                (Some(code >> 1), true),
                GOAL_CODE,
                sight,
            )
            && let Some(sweep) = self.turn(node, e.info.depart_n, e.info.depart_dir(), wedges)
        {
            self.push(code, e, self.r * sweep + e.len, g_node, out);
        }
        let src = (corner.v, self.r, turn_sign(code), Some(code >> 1), true);
        self.goal_edges(code, src, Some((node, wedges)), g_node, out);
        let range = self.list(code, f64::INFINITY);
        let s1 = turn_sign(code);
        // One test per entry for both rare cases (none at r = 0 outside deferred expansions).
        let special = self.resumed || partly.is_some();
        for i in range.start..range.end {
            // The three cheap tests read the entry in place: most entries stop at one of them,
            // and only the others are copied (an entry is over 100 bytes; copying every one was 7% of
            // random512-10-0's warm instructions at r = 0.5).
            let head = &self.entries[i as usize];
            if head.blocked {
                continue;
            }
            // Surely the wrong way (`turn` would refuse it, `taut_sweep` and `point_taut`
            // being `None`): nothing else to test, and no length bound it counts against.
            // About half of the entries tested at a corner (random512-10-0 at r = 0.5).
            if wrong_turn(info.arrive_n, head.info.depart_n, s1) {
                continue;
            }
            // Beyond the length bound whatever the arc's sweep (`push` would leave it out):
            // no sweep, arc test or sight test for it.
            if g_node + head.len + head.info.arrive.distance(self.goal) > self.f_bound {
                self.pruned = true;
                continue;
            }
            let mut e = *head;
            if e.info.unverified && !self.lazy {
                // Every pushed node must be real for a partial path.
                e.blocked =
                    segment_block(w, self.scratch, e.info.depart, e.info.arrive, self.r, false)
                        .is_some();
                e.info.unverified = false;
                self.entries[i as usize] = e;
                if e.blocked {
                    continue;
                }
            }
            let pushed_before = |sweep: f64| {
                g_node + (self.r * sweep + e.len) + e.info.arrive.distance(self.goal)
                    <= self.f_floor
            };
            // At radius 0 the arc adds nothing whatever the sweep, and a refused turn is
            // refused again by `turn` below: no arctangent here.
            if special
                && (partly.is_some_and(|n: DVec2| beyond(n, e.info.depart_n, s1))
                    || (self.resumed
                        && if self.r == 0.0 {
                            pushed_before(0.0)
                        } else {
                            taut_sweep(info.arrive_n, e.info.depart_n, s1).is_none_or(pushed_before)
                        }))
            {
                // Dominated (`partly`); or refused, or pushed by the earlier expansion (see
                // `Levels`).
                continue;
            }
            // The direction matters only for the wedges (a root and a division per entry).
            let dir = if wedges {
                e.info.depart_dir()
            } else {
                DVec2::X
            };
            let Some(sweep) = self.turn(node, e.info.depart_n, dir, wedges) else {
                continue;
            };
            self.push(code, e, self.r * sweep + e.len, g_node, out);
        }
        if self.arc_due && self.inner && self.pruned {
            // A deferred expansion (see `Levels`) will turn here again, with what this one
            // found.
            self.test_arc_end(info.to, info.arrive_n, info.entry);
        }
        self.arc_due = false;
        if first {
            let d = &mut self.dom[code as usize];
            (d.clear, d.blocked) = self.circle_free;
        }
    }

    fn heuristic(&self, node: NodeId) -> f64 {
        if !self.goals.is_empty() {
            return self.nearest_heuristic(node);
        }
        match node {
            START => self.start.distance(self.goal),
            GOAL => 0.0,
            _ => {
                let info = &self.nodes[node as usize];
                if info.to == DEFER_CODE {
                    self.defers[info.entry as usize].h
                } else {
                    info.arrive.distance(self.goal)
                }
            }
        }
    }

    fn is_goal(&self, node: NodeId) -> bool {
        node == GOAL
    }
}

pub(crate) fn checked_point(p: Vec2, what: &'static str) -> Result<DVec2, MeshError> {
    if p.is_finite() {
        Ok(p.as_dvec2())
    } else {
        Err(MeshError::InvalidPoint {
            what,
            point: Point(p),
        })
    }
}

/// The agent radius as the queries use it (0 below `1e-12` times the scale).
pub(crate) fn check_radius(world: &MeshWorld, radius: f32) -> Result<f64, MeshError> {
    if !radius.is_finite() || radius < 0.0 {
        return Err(MeshError::InvalidRadius { radius });
    }
    let r = radius as f64;
    Ok(if r < 1e-12 * world.scale { 0.0 } else { r })
}

impl MeshContext {
    /// An empty context.
    pub fn new() -> Self {
        Self::default()
    }

    /// Bounds the memory this context keeps from one query to the next for its successor
    /// lists (the tangents leaving every corner and circle its queries expanded at the
    /// current radius, with what their arc tests found) to about `bytes`: a query that starts
    /// with more (by [`cache_bytes`](Self::cache_bytes)) drops every list and frees their
    /// memory, and it and the queries after it build the lists they need again. One query may
    /// use more while it runs. `None`, the default, keeps the lists until the world, its
    /// version or the radius changes: the fastest, but on a large world of many small obstacles
    /// a context that has answered many queries holds lists for most of its corners (hundreds
    /// of MB on a 512 x 512 map with 10% of its cells blocked at random; a few MB on the other
    /// Moving AI maps measured, see `docs/polygons.md`). Paths never depend on the limit (the
    /// expansion counts may, as between a warm and a cold context); a warm query that stays
    /// under it allocates nothing.
    ///
    /// ```
    /// use nav_geom::{Aabb, Vec2};
    /// use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle};
    ///
    /// let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0))).unwrap();
    /// for i in 0..40 {
    ///     let c = Vec2::new(10.0 + (i % 8) as f32 * 10.0, 15.0 + (i / 8) as f32 * 15.0);
    ///     world.insert(Obstacle::Box(Aabb::new(c - 2.0, c + 2.0))).unwrap();
    /// }
    /// let mut ctx = MeshContext::new();
    /// ctx.set_cache_limit(Some(16 << 20)); // keep at most about 16 MB of lists between queries
    /// let q = MeshQuery::new(Vec2::new(1.0, 1.0), Vec2::new(99.0, 99.0)).with_radius(1.0);
    /// assert!(ctx.find_path(&world, &q).unwrap().is_found());
    /// assert!(ctx.cache_bytes() > 0); // what the query's lists hold
    /// ```
    pub fn set_cache_limit(&mut self, bytes: Option<usize>) {
        self.cache_limit = bytes;
    }

    /// The limit set by [`set_cache_limit`](Self::set_cache_limit) (`None`: no limit).
    pub fn cache_limit(&self) -> Option<usize> {
        self.cache_limit
    }

    /// The memory the successor lists hold now, in bytes (what
    /// [`set_cache_limit`](Self::set_cache_limit) bounds): the buffers' capacities, which a
    /// change of world or radius reuses, so this does not fall until the limit drops them.
    pub fn cache_bytes(&self) -> usize {
        use std::mem::size_of;
        self.entries.capacity() * size_of::<Entry>()
            + self.sorted.capacity() * size_of::<Entry>()
            + self.by_angle.capacity() * size_of::<(f64, u32)>()
            + self.sort_keys.capacity() * size_of::<(f64, u32)>()
            + self.walked.capacity() * size_of::<u32>()
            + self.arc_memo.capacity() * size_of::<ArcMemo>()
            + self.entry_nodes.capacity() * size_of::<(u32, NodeId)>()
    }

    /// The shortest path for the query's disc from its start to its goal (see the crate
    /// documentation for the rules). `Err` only for invalid input: NaN or infinite points, a
    /// negative or NaN radius, limits refused by `Limits::check`.
    pub fn find_path<'a>(
        &'a mut self,
        world: &MeshWorld,
        query: &MeshQuery,
    ) -> Result<PathRef<'a, [PathPiece]>, MeshError> {
        let outcome = match self.prepare(world, query)? {
            Prepared::Answered(outcome) => outcome,
            Prepared::Search(mut plan) => loop {
                if let Some(outcome) = self.advance(world, &mut plan, usize::MAX) {
                    break outcome;
                }
            },
        };
        Ok(PathRef::new(outcome, &self.pieces))
    }

    /// Checks `query` and answers it when it needs no search; otherwise readies the caches
    /// and begins the first search.
    pub(crate) fn prepare(
        &mut self,
        world: &MeshWorld,
        query: &MeshQuery,
    ) -> Result<Prepared, MeshError> {
        self.slice = None;
        let start = checked_point(query.start, "start")?;
        let goal = checked_point(query.goal, "goal")?;
        let r = check_radius(world, query.radius)?;
        query.limits.check()?;
        self.pieces.clear();
        self.ids.clear();
        self.trim_caches();
        // At r > 0 the straight line's sight test comes first: when it finds the line clear,
        // no edge lies within `r - eps` of either end, so the fit tests of the ends look only
        // at the bounds and the obstacles containing them (see `fit_status_with`).
        let line_first = r > 0.0
            && !query.limits.partial_path
            && world.discs.is_empty()
            && start != goal
            && !start_line_off();
        // The straight line's sight test and its corner test (for `StartLine::alone`), made
        // here or after the fit tests, never both.
        let line_tests = |sc: &mut Scratch| {
            let l = start.distance(goal);
            let e = 1e-9 * l;
            let b = (e * (2.0 * l + e)).sqrt() * 0.5;
            crate::sight::line_clear_and_corner_near(world, sc, start, goal, r, r + b)
        };
        let line_test = line_first.then(|| line_tests(&mut self.scratch));
        let edges = !line_test.is_some_and(|(clear, _)| clear);
        // Each end's fit, and whether it is a pinch point (see `fit_pinched`). With the line
        // clear (`edges` false) neither end is one: at a pinch the disc touches two
        // obstacles from opposite sides, and a segment ending there either grazes both (a
        // zero-width gap at its end) or moves away from one (and overlaps it before the end).
        let blocked_status = |ctx: &mut Self, p: DVec2, oob: PathStatus, blocked: PathStatus| {
            match crate::spatial::fit_pinched(world, &mut ctx.scratch, p, r, edges) {
                (crate::spatial::Fit::Fits, pinch) => (None, pinch),
                (crate::spatial::Fit::OutOfBounds, _) => (Some(oob), false),
                (crate::spatial::Fit::Blocked, _) => (Some(blocked), false),
            }
        };
        let (start_status, start_pinched) = blocked_status(
            self,
            start,
            PathStatus::OutOfBounds,
            PathStatus::StartBlocked,
        );
        if let Some(status) = start_status {
            return Ok(Prepared::Answered(PathOutcome::unsearched(status)));
        }
        let (goal_status, goal_pinched) =
            blocked_status(self, goal, PathStatus::OutOfBounds, PathStatus::GoalBlocked);
        if let Some(status) = goal_status
            && !query.limits.partial_path
        {
            return Ok(Prepared::Answered(PathOutcome::unsearched(status)));
        }
        if goal_status.is_none() && start == goal {
            let outcome = PathOutcome {
                status: PathStatus::Found,
                cost: 0.0,
                expanded: 0,
                partial: false,
            };
            return Ok(Prepared::Answered(outcome));
        }
        // A start at a pinch point is sealed: nowhere to go. A goal at one is sealed too: no
        // path, but a partial one (when asked for) to the reachable point nearest to it.
        if start_pinched || (goal_pinched && !query.limits.partial_path) {
            return Ok(Prepared::Answered(PathOutcome::unsearched(
                PathStatus::NoPath,
            )));
        }
        let goal_status = if goal_pinched {
            Some(PathStatus::NoPath)
        } else {
            goal_status
        };
        let key = self.ready_caches(world, r);
        let goal_open = goal_status.is_none();
        self.line = None;
        if goal_open && !query.limits.partial_path && world.discs.is_empty() {
            let (clear, near) = line_test.unwrap_or_else(|| line_tests(&mut self.scratch));
            let alone = clear && !start_line_off() && !near;
            self.line = Some(StartLine {
                key,
                from: start,
                to: goal,
                clear,
                alone,
            });
        }
        let line_clear = self.line.is_some_and(|l| l.clear);
        if goal_open
            && !query.limits.partial_path
            && !line_clear
            && world.proves_disconnected(start, goal, r)
        {
            // The prepared triangulation shows the ends apart: no search.
            self.ids.clear();
            return Ok(Prepared::Answered(PathOutcome::unsearched(
                PathStatus::NoPath,
            )));
        }
        let both_ways = goal_open && !query.limits.partial_path;
        let plan = MeshPlan {
            start,
            goal,
            r,
            goal_status,
            limits: query.limits,
            phase: if both_ways {
                Phase::Forward
            } else {
                Phase::Single
            },
            work_budget: if both_ways { 1 << 16 } else { u64::MAX },
            spent: 0,
            bound_round: 0,
            bounded: both_ways && (crate::visible::takes_walk(world) || !world.discs.is_empty()),
            lower: 0.0,
        };
        let mut plan = plan;
        if plan.bounded && !world.discs.is_empty() {
            plan.lower = detour_bound(world, &mut self.scratch, start, goal, r);
            plan.skip_useless_rounds();
        }
        let limits = plan.forward_limits();
        self.next_levels = plan.levels(world);
        self.begin_run(
            world,
            (start, goal),
            r,
            goal_open,
            &limits,
            (plan.work_budget, plan.f_bound()),
        );
        Ok(Prepared::Search(plan))
    }

    /// Advances the search of `plan` by at most `max_expansions` expansions; its outcome,
    /// with the path's pieces written, once it has ended.
    ///
    /// When both ends fit and no partial path is wanted, the search runs both ways. When the
    /// goal sits in a small pocket of free space cut off from a large start region, a plain
    /// forward search expands every arrival in the start's region before it can answer
    /// `NoPath`. So the forward search runs with a growing work budget, and each time it runs
    /// out, a search from the goal towards the start gets the same budget: free space is the
    /// same both ways, so when that one exhausts its region first, there is no path. The
    /// budget grows fourfold, the successor lists stay cached between the runs, so the
    /// repeated work is bounded by a constant factor of the warm cost of the final run. The
    /// expansions of every run are counted.
    pub(crate) fn advance(
        &mut self,
        world: &MeshWorld,
        plan: &mut MeshPlan,
        max_expansions: usize,
    ) -> Option<PathOutcome> {
        let mut this_call = 0usize;
        let outcome = loop {
            let before = self.run_expanded();
            let (outcome, aborted) = self.step_run(world, max_expansions - this_call)?;
            this_call += outcome.expanded - before;
            plan.spent = plan.spent.saturating_add(outcome.expanded);
            let (start, goal, r) = (plan.start, plan.goal, plan.r);
            match plan.phase {
                Phase::Single => break outcome,
                Phase::Forward
                    if !aborted
                        && self.run.levels.is_none()
                        && self.run.pruned
                        && outcome.status == nav_search::SearchStatus::NoPath
                        && plan.f_bound().is_finite() =>
                {
                    // Nothing under this bound: the next one.
                    plan.bound_round += 1;
                    plan.skip_useless_rounds();
                    let forward = plan.forward_limits();
                    let budgets = (plan.work_budget, plan.f_bound());
                    self.begin_run(world, (start, goal), r, true, &forward, budgets);
                }
                Phase::Forward if !aborted => {
                    break nav_search::SearchOutcome {
                        expanded: plan.spent,
                        ..outcome
                    };
                }
                Phase::Forward => {
                    plan.phase = Phase::Reverse;
                    let reverse = Limits::default();
                    let budgets = (plan.work_budget, f64::INFINITY);
                    self.begin_run(world, (goal, start), r, true, &reverse, budgets);
                }
                Phase::Reverse
                    if !aborted && outcome.status == nav_search::SearchStatus::NoPath =>
                {
                    self.ids.clear();
                    break nav_search::SearchOutcome {
                        status: nav_search::SearchStatus::NoPath,
                        cost: 0.0,
                        expanded: plan.spent,
                        end: None,
                        ..outcome
                    };
                }
                Phase::Reverse => {
                    plan.phase = Phase::Forward;
                    plan.work_budget = if aborted {
                        plan.work_budget.saturating_mul(4)
                    } else {
                        // The reverse run found a path: the goal is reachable, so the forward
                        // run has nothing to give up for.
                        u64::MAX
                    };
                    let forward = plan.forward_limits();
                    let budgets = (plan.work_budget, plan.f_bound());
                    self.next_levels = plan.levels(world);
                    self.begin_run(world, (start, goal), r, true, &forward, budgets);
                }
            }
        };
        let mut status = PathStatus::from(outcome.status);
        if let Some(gs) = plan.goal_status {
            status = gs;
        }
        if !self.ids.is_empty() {
            self.build_pieces(world, plan.r);
        }
        Some(PathOutcome {
            status,
            cost: if self.ids.is_empty() {
                0.0
            } else {
                outcome.cost
            },
            expanded: outcome.expanded,
            partial: outcome.partial,
        })
    }

    /// The pieces of the last path.
    pub(crate) fn pieces(&self) -> &[PathPiece] {
        &self.pieces
    }

    /// Abandons the search run in progress.
    pub(crate) fn cancel_search(&mut self) {
        self.search.cancel();
    }

    /// Expansions of the search run in progress.
    pub(crate) fn run_expanded(&self) -> usize {
        match self.search.progress() {
            nav_search::SearchProgress::Running { expanded } => expanded,
            _ => 0,
        }
    }

    /// Begins one A* search from `start` to `goal` over the tangent graph.
    fn begin_run(
        &mut self,
        world: &MeshWorld,
        (start, goal): (DVec2, DVec2),
        r: f64,
        goal_open: bool,
        limits: &Limits,
        (work_budget, f_bound): (u64, f64),
    ) {
        self.query_stamp = self.query_stamp.wrapping_add(1);
        if self.query_stamp == 0 {
            self.expanded.iter_mut().for_each(|e| *e = 0);
            self.query_stamp = 1;
            self.dom.iter_mut().for_each(|d| d.stamp = 0);
            self.pushed.iter_mut().for_each(|p| p.stamp = 0);
            self.code_stamps.iter_mut().for_each(|s| *s = [0; 2]);
            self.start_memo.iter_mut().for_each(|s| s.0 = 0);
            self.entry_nodes.iter_mut().for_each(|n| n.0 = 0);
        }
        self.start_edges.clear();
        self.keys.clear();
        self.nodes.clear();
        self.keys.id((START_CODE, START_CODE));
        self.keys.id((GOAL_CODE, GOAL_CODE));
        self.key_nodes.clear();
        self.key_nodes.extend([START, GOAL]);
        self.nodes.push(DUMMY);
        self.nodes.push(DUMMY);
        self.gs.clear();
        self.gs.push(0.0);
        self.gs.push(f64::INFINITY);
        self.run = RunState {
            start,
            goal,
            r,
            goal_open,
            lazy: !limits.partial_path,
            work: 0,
            work_budget,
            aborted: false,
            f_bound,
            pruned: false,
            multi: self.nearest.active,
            levels: self.next_levels.take(),
        };
        self.nearest.active = false;
        self.defers.clear();
        let (search, _, mut graph) = self.graph(world);
        search.begin(&mut graph, START, limits);
    }

    /// Drops the successor lists and gives their memory back when they hold more than the
    /// cache limit (see [`MeshContext::set_cache_limit`]): a new stamp forgets every list, as
    /// a change of world or radius does, and the queries build them again.
    fn trim_caches(&mut self) {
        if self
            .cache_limit
            .is_some_and(|limit| self.cache_bytes() > limit)
        {
            self.entries = Vec::new();
            self.by_angle = Vec::new();
            self.walked = Vec::new();
            self.arc_memo = Vec::new();
            self.sorted = Vec::new();
            self.sort_keys = Vec::new();
            self.entry_nodes = Vec::new();
            self.stamp = self.stamp.wrapping_add(1).max(1);
        }
    }

    /// Readies the caches kept across queries for `world` at radius `r`: a new stamp (the
    /// successor lists emptied) when the world, its version or the radius changed, and room
    /// for every corner and circle code. Returns the caches' key.
    pub(crate) fn ready_caches(&mut self, world: &MeshWorld, r: f64) -> (u64, u64, u64) {
        let key = (world.identity, world.version, r.to_bits());
        self.trim_caches();
        if key != self.cache_key || self.stamp == 0 {
            self.cache_key = key;
            self.stamp = self.stamp.wrapping_add(1).max(1);
            self.entries.clear();
            self.entry_nodes.clear();
            self.by_angle.clear();
            self.walked.clear();
            self.max_disc = world
                .discs
                .iter()
                .filter(|d| d.alive)
                .map(|d| d.rad)
                .fold(0.0, f64::max);
        }
        let codes = 2 * (world.corners.len() + world.discs.len());
        if self.lists.len() < codes {
            self.lists.resize(codes, ListRange::default());
        }
        if self.expanded.len() < codes {
            self.expanded.resize(codes, 0);
            self.dom.resize(codes, Dom::default());
            self.pushed.resize(codes, Pushed::default());
            self.code_stamps.resize(codes, [0; 2]);
            self.start_memo.resize(codes, (0, 0));
        }
        if self.wedge_free.len() < world.corners.len() {
            self.wedge_free.resize(world.corners.len(), 0);
        }
        key
    }

    /// Steps the search run in progress; its outcome (path ids in `ids`) and whether the work
    /// budget ran out, once it has ended.
    ///
    /// A run whose work budget runs out ends there: the open list is not drained. The search
    /// is stepped in chunks of at most `rem / (1 + LIST_WORK) + 1` expansions, `rem` the work
    /// left (an expansion costs one unit, plus [`LIST_WORK`] if it builds its list), so that
    /// only the last expansion of a chunk can find the budget spent; chunks shrink as the
    /// budget runs down (a few hundred steps at most, each a handful of instructions, against
    /// thousands of expansions). Once `MeshGraph::successors` finds the budget spent (that
    /// expansion pushes nothing), the run is abandoned and its outcome is `LimitReached` with
    /// no path, its `expanded` the expansions made, that last one included; the caller
    /// discards all but the count. Before, the search went on popping its open list without expanding
    /// anything, and every such pop was counted as an expansion: on a fresh context, whose
    /// successor lists are charged [`LIST_WORK`] each as they are built, that was most of the
    /// first query's expansions on large maps.
    fn step_run(
        &mut self,
        world: &MeshWorld,
        max_expansions: usize,
    ) -> Option<(nav_search::SearchOutcome, bool)> {
        let mut left = max_expansions;
        loop {
            let before = self.run_expanded();
            let (search, ids, mut graph) = self.graph(world);
            // No expansion costs more than `1 + LIST_WORK`: the first `room - 1` of the chunk
            // stay within the budget, so only its last may find it spent.
            let room = graph.work_budget.saturating_sub(graph.work) / (LIST_WORK + 1) + 1;
            let chunk = left.min(usize::try_from(room).unwrap_or(usize::MAX));
            let progress = search.step(&mut graph, chunk, ids);
            let (work, aborted, pruned) = (graph.work, graph.aborted, graph.pruned);
            self.run.work = work;
            self.run.aborted = aborted;
            self.run.pruned = pruned;
            match progress {
                nav_search::SearchProgress::Done(outcome) => return Some((outcome, aborted)),
                nav_search::SearchProgress::Running { expanded } if aborted => {
                    // Given up: the rest of the open list is left unexpanded.
                    self.search.cancel();
                    self.ids.clear();
                    let outcome = nav_search::SearchOutcome {
                        status: nav_search::SearchStatus::LimitReached,
                        cost: 0.0,
                        expanded,
                        end: None,
                        partial: false,
                    };
                    return Some((outcome, true));
                }
                nav_search::SearchProgress::Running { expanded } => {
                    left = left.saturating_sub(expanded.saturating_sub(before));
                    if left == 0 || expanded == before {
                        return None;
                    }
                }
                nav_search::SearchProgress::Idle => return None,
            }
        }
    }

    /// The tangent graph of the run in progress (it only borrows: made anew at each step).
    fn graph<'a>(
        &'a mut self,
        world: &'a MeshWorld,
    ) -> (&'a mut SearchContext, &'a mut Vec<NodeId>, MeshGraph<'a>) {
        let run = self.run;
        let graph = MeshGraph {
            world,
            line: self.line,
            start: run.start,
            goal: run.goal,
            r: run.r,
            goal_open: run.goal_open,
            keys: &mut self.keys,
            key_nodes: &mut self.key_nodes,
            entry_nodes: &mut self.entry_nodes,
            nodes: &mut self.nodes,
            scratch: &mut self.scratch,
            walk: &mut self.walk,
            start_walk: &mut self.start_walk,
            lists: &mut self.lists,
            entries: &mut self.entries,
            by_angle: &mut self.by_angle,
            picks: &mut self.picks,
            sort_keys: &mut self.sort_keys,
            sorted: &mut self.sorted,
            circle_walks: &mut self.circle_walks,
            walked: &mut self.walked,
            max_disc: self.max_disc,
            stamp: &self.stamp,
            expanded: &mut self.expanded,
            wedge_free: &mut self.wedge_free,
            query_stamp: self.query_stamp,
            gs: &mut self.gs,
            dom: &mut self.dom,
            pushed: &mut self.pushed,
            code_stamps: &mut self.code_stamps,
            start_memo: &mut self.start_memo,
            start_edges: &mut self.start_edges,
            arc_memo: &mut self.arc_memo,
            lazy: run.lazy,
            work: run.work,
            work_budget: run.work_budget,
            aborted: run.aborted,
            f_bound: run.f_bound,
            pruned: run.pruned,
            circle_free: (0.0, 0.0),
            goals: if run.multi { &self.nearest.goals } else { &[] },
            levels: run.levels,
            defers: &mut self.defers,
            f_floor: f64::NEG_INFINITY,
            resumed: false,
            arc_free: false,
            arc_due: false,
            arc_tests: 0,
            inner: false,
        };
        (&mut self.search, &mut self.ids, graph)
    }

    fn build_pieces(&mut self, world: &MeshWorld, r: f64) {
        let ids = &self.ids;
        let mut prev: Option<NodeInfo> = None;
        for (i, &id) in ids.iter().enumerate() {
            if i == 0 {
                continue;
            }
            if id == GOAL {
                // The node before it holds the last segment.
                continue;
            }
            let info = self.nodes[id as usize];
            if info.to == MORE_CODE || info.to == DEFER_CODE {
                // Stands for later successors: no piece.
                continue;
            }
            let circle = prev.is_some_and(|p| (p.to >> 1) as usize >= world.corners.len());
            if let Some(p) = prev
                && (r > 0.0 || circle)
            {
                let site = site_of(world, p.to, r);
                let s = turn_sign(p.to);
                let v = site.c;
                let a0 = p.arrive_n.y.atan2(p.arrive_n.x);
                let sweep = if circle {
                    circle_sweep(p.arrive_n, info.depart_n, s)
                } else if s > 0.0 {
                    ccw_angle(p.arrive_n, info.depart_n)
                } else {
                    ccw_angle(info.depart_n, p.arrive_n)
                };
                let sweep = if sweep > std::f64::consts::PI && !circle {
                    0.0
                } else {
                    sweep
                };
                if sweep > 0.0 {
                    self.pieces.push(PathPiece::Arc(Arc::new(
                        v.as_vec2(),
                        site.rad as f32,
                        a0 as f32,
                        sweep as f32,
                        if s > 0.0 { Turn::Ccw } else { Turn::Cw },
                    )));
                }
            }
            if info.depart != info.arrive {
                self.pieces.push(PathPiece::Line(Segment::new(
                    info.depart.as_vec2(),
                    info.arrive.as_vec2(),
                )));
            }
            prev = Some(info);
        }
    }

    /// The last path as points (start, ..., end), arcs replaced by polylines that stay outside
    /// them (never closer to the corner than the arc) and deviate from them by at most
    /// `max_deviation`. Writes nothing when the last query returned no path, or for an invalid
    /// `max_deviation` (not finite and positive).
    pub fn polyline(&self, max_deviation: f32, out: &mut Vec<Vec2>) {
        out.clear();
        if !(max_deviation.is_finite() && max_deviation > 0.0) {
            return;
        }
        for piece in &self.pieces {
            match piece {
                PathPiece::Line(s) => {
                    if out.last() != Some(&s.a) {
                        out.push(s.a);
                    }
                    out.push(s.b);
                }
                PathPiece::Arc(a) => {
                    let start = a.start_point();
                    if out.last() != Some(&start) {
                        out.push(start);
                    }
                    let r = a.radius as f64;
                    let dev = max_deviation as f64;
                    let max_step = 2.0 * (r / (r + dev)).acos();
                    let n = ((a.sweep as f64 / max_step).ceil() as usize).clamp(1, 4096);
                    let step = a.sweep as f64 / n as f64;
                    let big = r / (0.5 * step).cos();
                    let sign = if a.turn == Turn::Ccw { 1.0 } else { -1.0 };
                    for k in 0..n {
                        let ang = a.start as f64 + sign * (k as f64 + 0.5) * step;
                        let p = a.center.as_dvec2() + DVec2::from_angle(ang) * big;
                        out.push(p.as_vec2());
                    }
                    out.push(a.end_point());
                }
            }
        }
    }
}

#[allow(dead_code)]
pub(crate) fn piece_length(p: &PathPiece) -> f64 {
    match p {
        PathPiece::Line(s) => s.a.as_dvec2().distance(s.b.as_dvec2()),
        PathPiece::Arc(a) => a.radius as f64 * a.sweep as f64,
    }
}

/// A test switch: a module's `thread_local!` flag that turns one of the search's shortcuts off.
#[cfg(test)]
type Switch = &'static std::thread::LocalKey<std::cell::Cell<bool>>;

/// A query's outcome and pieces with a test switch (`OFF` of a test module) set to `off`
/// for its run, then cleared.
#[cfg(test)]
fn switched_answer(
    switch: Switch,
    ctx: &mut MeshContext,
    world: &MeshWorld,
    q: &MeshQuery,
    off: bool,
) -> (PathOutcome, Vec<PathPiece>) {
    switches_answer(&[(switch, off)], ctx, world, q).expect("valid query")
}

/// A query's outcome and pieces with each switch set as given for its run, then cleared;
/// `None` when the query is refused.
#[cfg(test)]
fn switches_answer(
    switches: &[(Switch, bool)],
    ctx: &mut MeshContext,
    world: &MeshWorld,
    q: &MeshQuery,
) -> Option<(PathOutcome, Vec<PathPiece>)> {
    for &(switch, off) in switches {
        switch.set(off);
    }
    let out = ctx
        .find_path(world, q)
        .ok()
        .map(|p| (p.outcome(), p.path().to_vec()));
    for &(switch, _) in switches {
        switch.set(false);
    }
    out
}

/// Asserts that two answers have the same status, cost (to the bit), partial flag and
/// pieces; `at` names the query.
#[cfg(test)]
fn assert_same_path(
    a: &(PathOutcome, Vec<PathPiece>),
    b: &(PathOutcome, Vec<PathPiece>),
    at: &str,
) {
    assert_eq!(a.0.status, b.0.status, "{at}");
    assert_eq!(a.0.cost.to_bits(), b.0.cost.to_bits(), "{at}");
    assert_eq!(a.0.partial, b.0.partial, "{at}");
    assert_eq!(a.1, b.1, "{at}");
}

/// [`assert_same_path`], and the same number of expansions.
#[cfg(test)]
fn assert_same_answer(
    a: &(PathOutcome, Vec<PathPiece>),
    b: &(PathOutcome, Vec<PathPiece>),
    at: &str,
) {
    assert_same_path(a, b, at);
    assert_eq!(a.0.expanded, b.0.expanded, "{at}");
}

/// Random grid worlds for the tests of switches: one per `(side, density of blocked cells)`,
/// with its side as `f32`.
#[cfg(test)]
fn random_grid_worlds(
    rng: &mut nav_testkit::TestRng,
    specs: &[(u32, f64)],
) -> Vec<(f32, MeshWorld)> {
    specs
        .iter()
        .map(|&(size, density)| {
            let walkable: Vec<bool> = (0..size * size).map(|_| rng.unit() >= density).collect();
            let map = nav_grid::GridMap::from_walkable(size, size, &walkable).expect("a valid map");
            (
                size as f32,
                MeshWorld::from_grid(&map).expect("a valid world"),
            )
        })
        .collect()
}

/// A box world for the tests of switches: 300 random boxes of sides 0.5 to 6.5 anywhere in
/// `[0, 150]²` (some overlapping), with its side.
#[cfg(test)]
fn random_box_world(rng: &mut nav_testkit::TestRng) -> (f32, MeshWorld) {
    let size = 150.0f32;
    let mut boxes = MeshWorld::new(nav_geom::Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
    for _ in 0..300 {
        let x = rng.unit() as f32 * 140.0;
        let y = rng.unit() as f32 * 140.0;
        let (w, h) = (rng.unit() as f32 * 6.0 + 0.5, rng.unit() as f32 * 6.0 + 0.5);
        let _ = boxes.insert(crate::world::Obstacle::Box(nav_geom::Aabb::new(
            Vec2::new(x, y),
            Vec2::new(x + w, y + h),
        )));
    }
    (size, boxes)
}

/// A world of `count` random obstacles centred anywhere in `[0, size]²`: every `every`-th a
/// box of half sides 0.5 to `half`, the others circles of radius 0.5 to `rad`.
#[cfg(test)]
fn random_boxes_and_circles(
    rng: &mut nav_testkit::TestRng,
    size: f32,
    count: usize,
    every: usize,
    half: f32,
    rad: f32,
) -> MeshWorld {
    use nav_geom::{Aabb, Circle};
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
    for k in 0..count {
        let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
        let ob = if k % every == 0 {
            let h = Vec2::new(rng.range_f32(0.5, half), rng.range_f32(0.5, half));
            crate::world::Obstacle::Box(Aabb::new(c - h, c + h))
        } else {
            crate::world::Obstacle::Circle(Circle::new(c, rng.range_f32(0.5, rad)))
        };
        let _ = world.insert(ob);
    }
    world
}

#[cfg(test)]
mod start_line_tests {
    //! The straight line's shortcut (see [`StartLine`]) changes no answer: every query gives
    //! the same status, cost, expansions and pieces with it and without it, under limits
    //! too.
    use std::cell::Cell;

    use nav_geom::Vec2;
    use nav_search::Limits;
    use nav_testkit::TestRng;

    use super::{assert_same_answer, random_grid_worlds, switched_answer};
    use crate::{MeshContext, MeshQuery};

    thread_local! {
        /// Turns the shortcut off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many times it answered.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
    }

    #[test]
    fn the_straight_line_shortcut_changes_no_answer() {
        let mut rng = TestRng::new(11);
        let mut compared = 0;
        USED.set(0);
        // Small maps (every corner a candidate) and one past the walk's limit.
        for (size, density) in [(24u32, 0.15), (32, 0.3), (40, 0.08), (96, 0.2)] {
            let (_, world) = random_grid_worlds(&mut rng, &[(size, density)]).remove(0);
            world.prepare_connected();
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            for k in 0..100 {
                let cell = |rng: &mut TestRng| {
                    Vec2::new(
                        rng.below(size as u64) as f32 + 0.5,
                        rng.below(size as u64) as f32 + 0.5,
                    )
                };
                let s = cell(&mut rng);
                // Half the goals on a diagonal through the start (lines through corners).
                let g = if k % 2 == 0 {
                    let d = rng.below(12) as f32 + 1.0;
                    let (sx, sy) = if rng.below(2) == 0 {
                        (1.0, 1.0)
                    } else {
                        (1.0, -1.0)
                    };
                    let g = s + Vec2::new(sx * d, sy * d);
                    g.clamp(Vec2::splat(0.5), Vec2::splat(size as f32 - 0.5))
                } else {
                    cell(&mut rng)
                };
                for r in [0.0f32, 0.5, 1.0] {
                    for limits in [
                        Limits::default(),
                        Limits::default().with_max_expanded(1),
                        Limits::default().with_max_expanded(3),
                        Limits::default().with_max_cost(6.0),
                    ] {
                        let q = MeshQuery::new(s, g).with_radius(r).with_limits(limits);
                        let a = switched_answer(&OFF, &mut on, &world, &q, false);
                        let b = switched_answer(&OFF, &mut off, &world, &q, true);
                        assert_same_answer(&a, &b, &format!("{s} -> {g}, r = {r}"));
                        compared += 1;
                    }
                }
            }
        }
        assert_eq!(compared, 4 * 100 * 3 * 4);
        // The shortcut did answer a good share of them.
        eprintln!("shortcut used {} times in {compared} queries", USED.get());
        assert!(USED.get() > 100, "used {} times", USED.get());
    }
}

#[cfg(test)]
mod line_test_tests {
    //! The straight line's sight test and corner test made in one gather
    //! (`line_clear_and_corner_near`) answer as the two separate tests.
    use nav_grid::GridMap;
    use nav_testkit::TestRng;

    use super::corner_near_segment;
    use crate::MeshWorld;
    use crate::sight::tests::probe_segment;
    use crate::sight::{Scratch, line_clear_and_corner_near, segment_block};

    #[test]
    fn one_gather_answers_as_the_two_tests() {
        let mut rng = TestRng::new(0x9e7);
        let (mut clear, mut near) = (0usize, 0usize);
        for (size, density) in [(16u32, 0.05), (24, 0.1), (48, 0.15)] {
            let walkable: Vec<bool> = (0..size * size).map(|_| rng.unit() >= density).collect();
            let map = GridMap::from_walkable(size, size, &walkable).expect("a valid map");
            let world = MeshWorld::from_grid(&map).expect("a valid world");
            let mut sc = Scratch::default();
            for k in 0..800 {
                let half = [0.0, 0.5, 0.25][k % 3];
                let (p, q) = probe_segment(&mut rng, size, half, k % 2 == 0);
                if p == q {
                    continue;
                }
                for r in [0.0, 0.25, 0.5, 1.0, 2.0] {
                    // `b` as in `prepare` (a few 1e-5 of the length), and wider margins.
                    let l = p.distance(q);
                    let b = [(1e-9 * l * 2.0 * l).sqrt() * 0.5, 1e-3, 0.1, 0.5][k % 4];
                    let (c, n) = line_clear_and_corner_near(&world, &mut sc, p, q, r, r + b);
                    let c0 = segment_block(&world, &mut sc, p, q, r, false).is_none();
                    assert_eq!(c, c0, "{p} -> {q}, r = {r}");
                    if c {
                        let n0 = corner_near_segment(&world, &mut sc, p, q, r + b);
                        assert_eq!(n, n0, "{p} -> {q}, r = {r}, b = {b}");
                        clear += 1;
                        near += n as usize;
                    }
                }
            }
        }
        eprintln!("{near} near of {clear} clear");
        assert!(
            near > clear / 10 && near < clear * 9 / 10,
            "{near} near of {clear} clear"
        );
    }
}

#[cfg(test)]
mod circle_list_tests {
    //! A circle's list built only as far as a length asks (see [`MeshGraph::list`]) holds
    //! every entry of the full list up to its reach.
    use nav_testkit::TestRng;

    use super::{Entry, MeshContext};
    use crate::world::MeshWorld;

    /// The entries of the list of `code` (at the radius of `ctx`'s run) built for `need`,
    /// and its reach.
    fn list_of(
        ctx: &mut MeshContext,
        world: &MeshWorld,
        code: u32,
        need: f64,
    ) -> (Vec<Entry>, f64) {
        let range = {
            let (_, _, mut graph) = ctx.graph(world);
            graph.list(code, need)
        };
        let list = ctx.entries[range.start as usize..range.end as usize].to_vec();
        // Sorted by length, each entry knowing its place, and the angle index a permutation
        // of it (the sort by keys moves the entries; this fails when it misplaces one).
        for (k, e) in list.iter().enumerate() {
            assert_eq!(e.info.entry, range.start + k as u32);
            if k > 0 {
                assert!(list[k - 1].len <= e.len, "not sorted at {k}");
            }
        }
        let n = list.len();
        let mut order: Vec<(f64, u32)> =
            ctx.by_angle[range.angles as usize..range.angles as usize + n].to_vec();
        for &(a, i) in &order {
            assert_eq!(a.to_bits(), ctx.entries[i as usize].angle.to_bits());
        }
        order.sort_by_key(|o| o.1);
        assert!(
            order
                .iter()
                .enumerate()
                .all(|(k, o)| o.1 == range.start + k as u32)
        );
        (list, range.reach)
    }

    /// A 240 x 240 world of 260 random obstacles, a third boxes, the rest circles of radius
    /// 0.5 to `max_rad`: more circles than the scan takes, so the lists come from the walk.
    fn boxes_and_circles(seed: u64, max_rad: f32) -> MeshWorld {
        let world =
            super::random_boxes_and_circles(&mut TestRng::new(seed), 240.0, 260, 3, 5.0, max_rad);
        assert!(crate::visible::takes_walk(&world));
        world
    }

    #[test]
    fn bounded_circle_lists_hold_every_entry_up_to_their_reach() {
        let world = boxes_and_circles(23, 6.0);
        let nc = world.corners.len() as u32;
        let (mut compared, mut bounded) = (0, 0);
        // Under fine levels too (the list built beyond its need, see `LIST_GROWTH`).
        for (r, fine) in [0.0, 0.5, 2.0, 5.0]
            .into_iter()
            .flat_map(|r| [(r, false), (r, true)])
        {
            let mut full = MeshContext::new();
            let mut part = MeshContext::new();
            for ctx in [&mut full, &mut part] {
                ctx.ready_caches(&world, r);
                ctx.run.r = r;
            }
            part.run.levels = fine.then_some(super::Levels {
                sg: 100.0,
                floor: 0.0,
                fine: true,
            });
            for di in (0..world.discs.len() as u32).step_by(9) {
                if !world.discs[di as usize].alive {
                    continue;
                }
                for turn in 0..2 {
                    let code = (nc + di) << 1 | turn;
                    let (all, reach) = list_of(&mut full, &world, code, f64::INFINITY);
                    assert!(reach.is_infinite());
                    for need in [3.0, 15.0, 50.0, 120.0] {
                        let (some, reach) = list_of(&mut part, &world, code, need);
                        assert!(reach >= need, "reach {reach} < {need}");
                        if reach.is_finite() {
                            bounded += 1;
                        }
                        for e in all.iter().filter(|e| e.len <= reach) {
                            let same = |x: &Entry| {
                                x.to == e.to
                                    && x.len.to_bits() == e.len.to_bits()
                                    && x.angle.to_bits() == e.angle.to_bits()
                                    && x.blocked == e.blocked
                            };
                            assert!(
                                some.iter().any(same),
                                "r = {r}, circle {di}, turn {turn}, need {need}: entry to {} of \
                                 length {} missing",
                                e.to,
                                e.len
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
        eprintln!("{compared} entries compared, {bounded} bounded lists");
        assert!(compared > 2000 && bounded > 50, "{compared}, {bounded}");
    }

    /// Each entry is in a list built afresh for exactly its length (its target at the edge of
    /// the bounded walk): the walk's bound `D` is not too tight. This fails with `D` short of
    /// its outer `R_max` term (r = 0.5: an entry of length 121.5 to a circle whose buckets
    /// nearer than 124.5 are all hidden, met first by its far side's; the tangent is blocked,
    /// its sight test deferred), and with `D = L + R_max`, where
    /// `bounded_circle_lists_hold_every_entry_up_to_their_reach` still passes.
    #[test]
    fn a_list_built_for_an_entrys_length_holds_it() {
        let world = boxes_and_circles(29, 8.0);
        let nc = world.corners.len() as u32;
        let (mut compared, mut circles) = (0, 0);
        for r in [0.5, 2.0, 5.0] {
            let fresh = || {
                let mut ctx = MeshContext::new();
                ctx.ready_caches(&world, r);
                ctx.run.r = r;
                ctx
            };
            for di in (0..world.discs.len() as u32).step_by(11) {
                if !world.discs[di as usize].alive {
                    continue;
                }
                let code = (nc + di) << 1 | (di & 1);
                let (all, _) = list_of(&mut fresh(), &world, code, f64::INFINITY);
                for e in all
                    .iter()
                    .filter(|e| !e.blocked && e.len < 150.0)
                    .step_by(3)
                {
                    let (some, reach) = list_of(&mut fresh(), &world, code, e.len);
                    assert!(reach >= e.len);
                    let found = some
                        .iter()
                        .any(|x| x.to == e.to && x.len.to_bits() == e.len.to_bits() && !x.blocked);
                    assert!(
                        found,
                        "r = {r}, circle {di}: entry to {} of length {} missing",
                        e.to, e.len
                    );
                    compared += 1;
                    circles += usize::from((e.to >> 1) >= nc);
                }
            }
        }
        eprintln!("{compared} entries, {circles} of them to circles");
        assert!(compared > 1000 && circles > 200, "{compared}, {circles}");
    }
}

#[cfg(test)]
mod entry_skip_tests {
    //! A circle's expansion passes over the entries beyond the length bound before their arc
    //! and sight tests once `pruned` is set: the same answers, pieces and expansion counts as
    //! without it.
    use std::cell::Cell;

    use nav_geom::Vec2;
    use nav_search::Limits;
    use nav_testkit::TestRng;

    use super::{assert_same_answer, random_boxes_and_circles, switches_answer};
    use crate::{MeshContext, MeshQuery};

    thread_local! {
        /// Turns the skip off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many entries it passed over.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
        /// Turns off the reuse of a circle's walk by its other turn.
        pub(super) static WALK_OFF: Cell<bool> = const { Cell::new(false) };
    }

    /// Random worlds of boxes and circles, small (every site a candidate, runs again from
    /// scratch per bound) and past the walk's limit (resumed levels), at four radii, with and
    /// without a partial path; the same with and without a circle's list reusing the walk of
    /// its other turn (see `MeshGraph::list`).
    #[test]
    fn skipping_entries_beyond_the_bound_changes_no_answer() {
        let mut rng = TestRng::new(31);
        let mut compared = 0;
        USED.set(0);
        for (size, count) in [(60.0f32, 40), (200.0, 300)] {
            let world = random_boxes_and_circles(&mut rng, size, count, 2, 3.0, 5.0);
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            let mut walk_off = MeshContext::new();
            for _ in 0..60 {
                let p = |rng: &mut TestRng| {
                    Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size))
                };
                let (s, g) = (p(&mut rng), p(&mut rng));
                for r in [0.0f32, 0.5, 2.0, 5.0] {
                    for limits in [
                        Limits::default(),
                        Limits::default()
                            .with_partial_path(true)
                            .with_max_expanded(40),
                    ] {
                        let q = MeshQuery::new(s, g).with_radius(r).with_limits(limits);
                        let a = switches_answer(&[], &mut on, &world, &q);
                        let b = switches_answer(&[(&OFF, true)], &mut off, &world, &q);
                        let c = switches_answer(&[(&WALK_OFF, true)], &mut walk_off, &world, &q);
                        let (Some(a), Some(b), Some(c)) = (a, b, c) else {
                            continue;
                        };
                        let at = format!("{s} -> {g}, r = {r}");
                        assert_same_answer(&a, &b, &at);
                        assert_same_answer(&a, &c, &at);
                        compared += 1;
                    }
                }
            }
        }
        eprintln!("{} entries passed over in {compared} queries", USED.get());
        assert!(
            compared > 500 && USED.get() > 1000,
            "{compared}, {}",
            USED.get()
        );
    }
}

#[cfg(test)]
mod pick_tests {
    //! A circle's expansion looks up the entries of its free arc by angle (one bit per entry
    //! within the bound, read in the list's order): the same answers, pieces and expansion
    //! counts as the scan of every entry. Likewise the memo of the start's segments per run
    //! (`MeshGraph::start_edge`) against building each again.
    use std::cell::Cell;

    use nav_geom::Vec2;
    use nav_search::Limits;
    use nav_testkit::TestRng;

    use super::{assert_same_answer, random_boxes_and_circles, switches_answer};
    use crate::{MeshContext, MeshQuery};

    thread_local! {
        /// Turns the lookup off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many expansions looked up their entries.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
        /// Turns off the memo of the start's segments (`MeshGraph::start_edge`).
        pub(super) static MEMO_OFF: Cell<bool> = const { Cell::new(false) };
        /// How many of the start's segments it gave.
        pub(super) static MEMO_USED: Cell<usize> = const { Cell::new(0) };
    }

    /// Random worlds of boxes and circles past the walk's limit (resumed levels, circle lists
    /// built as far as the bound asks), at three radii, with and without a partial path.
    #[test]
    fn looking_entries_up_by_angle_and_the_start_memo_change_no_answer() {
        let mut rng = TestRng::new(47);
        let mut compared = 0;
        USED.set(0);
        MEMO_USED.set(0);
        for size in [150.0f32, 250.0] {
            let world = random_boxes_and_circles(&mut rng, size, 300, 2, 3.0, 5.0);
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            let mut memo_off = MeshContext::new();
            for _ in 0..40 {
                let p = |rng: &mut TestRng| {
                    Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size))
                };
                let (s, g) = (p(&mut rng), p(&mut rng));
                for r in [0.5f32, 2.0, 5.0] {
                    for limits in [
                        Limits::default(),
                        Limits::default()
                            .with_partial_path(true)
                            .with_max_expanded(40),
                    ] {
                        let q = MeshQuery::new(s, g).with_radius(r).with_limits(limits);
                        let Some(a) = switches_answer(&[], &mut on, &world, &q) else {
                            continue;
                        };
                        let b = switches_answer(&[(&OFF, true)], &mut off, &world, &q);
                        let c = switches_answer(&[(&MEMO_OFF, true)], &mut memo_off, &world, &q);
                        let at = format!("{s} -> {g}, r = {r}");
                        assert_same_answer(&a, &b.expect("valid query"), &at);
                        assert_same_answer(&a, &c.expect("valid query"), &at);
                        compared += 1;
                    }
                }
            }
        }
        eprintln!(
            "{} expansions looked their entries up, {} start's segments from the memo, in \
             {compared} queries",
            USED.get(),
            MEMO_USED.get()
        );
        assert!(
            compared > 200 && USED.get() > 200 && MEMO_USED.get() > 200,
            "{compared}, {}, {}",
            USED.get(),
            MEMO_USED.get()
        );
    }
}

#[cfg(test)]
mod same_arrival_tests {
    //! A push whose arrival (corner, normal) was pushed clear for no more is skipped (see
    //! [`MeshGraph::same_arrival_pushed`]): the same status, cost and pieces as without the
    //! skip, and never more expansions.
    use std::cell::Cell;

    use nav_geom::{Aabb, Vec2};
    use nav_search::Limits;
    use nav_testkit::TestRng;

    use super::{assert_same_path, switched_answer};
    use crate::world::Obstacle;
    use crate::{MeshContext, MeshQuery, MeshWorld};

    thread_local! {
        /// Turns the skip off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many pushes it skipped.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
    }

    /// Worlds full of collinear corners: random grids (small, where every corner is a
    /// candidate, and past the walk's limit, where runs resume by levels) and boxes on whole
    /// coordinates, at four radii, with and without a partial path (where the skip is off).
    #[test]
    fn skipping_a_push_of_the_same_arrival_changes_no_answer() {
        let mut rng = TestRng::new(47);
        let mut worlds = super::random_grid_worlds(
            &mut rng,
            &[(24u32, 0.2), (40, 0.1), (100, 0.15), (128, 0.3)],
        );
        let size = 150.0f32;
        let mut boxes = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        for _ in 0..400 {
            let x = rng.below(140) as f32;
            let y = rng.below(140) as f32;
            let (w, h) = (rng.below(6) as f32 + 1.0, rng.below(6) as f32 + 1.0);
            let _ = boxes.insert(Obstacle::Box(Aabb::new(
                Vec2::new(x, y),
                Vec2::new(x + w, y + h),
            )));
        }
        worlds.push((size, boxes));
        let (mut compared, mut fewer) = (0, 0);
        USED.set(0);
        for (size, world) in &worlds {
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            for _ in 0..40 {
                let p = |rng: &mut TestRng| {
                    Vec2::new(
                        rng.below(*size as u64) as f32 + 0.5,
                        rng.below(*size as u64) as f32 + 0.5,
                    )
                };
                let (s, g) = (p(&mut rng), p(&mut rng));
                for r in [0.5f32, 1.0, 2.0, 3.0] {
                    for limits in [
                        Limits::default(),
                        Limits::default()
                            .with_partial_path(true)
                            .with_max_expanded(60),
                    ] {
                        let q = MeshQuery::new(s, g).with_radius(r).with_limits(limits);
                        let a = switched_answer(&OFF, &mut on, world, &q, false);
                        let b = switched_answer(&OFF, &mut off, world, &q, true);
                        let at = format!("{s} -> {g}, r = {r}");
                        assert_same_path(&a, &b, &at);
                        assert!(a.0.expanded <= b.0.expanded, "{at}");
                        fewer += usize::from(a.0.expanded < b.0.expanded);
                        compared += 1;
                    }
                }
            }
        }
        eprintln!(
            "{} pushes skipped in {compared} queries, {fewer} with fewer expansions",
            USED.get()
        );
        assert!(
            compared == 1600 && USED.get() > 1000 && fewer > 80,
            "{compared}, {}, {fewer}",
            USED.get()
        );
    }
}

#[cfg(test)]
mod arc_memo_tests {
    //! The arc tests kept per list entry (see [`ArcMemo`]) change no answer: every query gives
    //! the same status, cost, expansions and pieces with the memo and without it.
    use std::cell::Cell;

    use nav_geom::Vec2;
    use nav_search::Limits;
    use nav_testkit::TestRng;

    use super::{assert_same_answer, switched_answer};
    use crate::{MeshContext, MeshQuery};

    thread_local! {
        /// Turns the memo off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many end-of-span tests it answered.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
        /// How many brackets it answered.
        pub(super) static BRACKETS: Cell<usize> = const { Cell::new(0) };
    }

    /// Random grids (small, and past the walk's limit, where runs resume by levels) and boxes
    /// anywhere, at four radii in turn on one context each (the memo must not outlive the
    /// radius: its stamp), every query asked twice (the second finds its arrivals' tests
    /// kept), with and without a partial path.
    #[test]
    fn the_arc_tests_kept_per_entry_change_no_answer() {
        let mut rng = TestRng::new(53);
        let mut worlds = super::random_grid_worlds(
            &mut rng,
            &[(24u32, 0.2), (40, 0.1), (64, 0.1), (100, 0.15), (128, 0.3)],
        );
        worlds.push(super::random_box_world(&mut rng));
        let mut compared = 0;
        USED.set(0);
        BRACKETS.set(0);
        for (size, world) in &worlds {
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            let p = |rng: &mut TestRng| {
                Vec2::new(
                    rng.unit() as f32 * (*size - 1.0) + 0.5,
                    rng.unit() as f32 * (*size - 1.0) + 0.5,
                )
            };
            let rows: Vec<(Vec2, Vec2)> = (0..16).map(|_| (p(&mut rng), p(&mut rng))).collect();
            for r in [0.5f32, 1.0, 2.0, 3.0] {
                for _ in 0..2 {
                    for &(s, g) in &rows {
                        for limits in [
                            Limits::default(),
                            Limits::default()
                                .with_partial_path(true)
                                .with_max_expanded(60),
                        ] {
                            let q = MeshQuery::new(s, g).with_radius(r).with_limits(limits);
                            let a = switched_answer(&OFF, &mut on, world, &q, false);
                            let b = switched_answer(&OFF, &mut off, world, &q, true);
                            assert_same_answer(&a, &b, &format!("{s} -> {g}, r = {r}"));
                            compared += 1;
                        }
                    }
                }
            }
        }
        eprintln!(
            "{} end tests and {} brackets taken from the memo in {compared} queries",
            USED.get(),
            BRACKETS.get()
        );
        assert!(
            compared == 1536 && USED.get() > 5000 && BRACKETS.get() > 200,
            "{compared}, {}",
            USED.get()
        );
    }
}

#[cfg(test)]
mod dom_bounds_tests {
    //! The dominance decided by the bounds of the sweep (see [`MeshGraph::dominance_bounds`])
    //! changes no answer: every query gives the same status, cost, expansions and pieces with
    //! the upper bound and without it.
    use std::cell::Cell;

    use nav_geom::Vec2;
    use nav_search::Limits;
    use nav_testkit::TestRng;

    use super::{assert_same_answer, switched_answer};
    use crate::{MeshContext, MeshQuery};

    thread_local! {
        /// Turns the bounds off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many dominance tests the upper bound answered.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
    }

    /// Random grids (small, and past the walk's limit, where runs resume by levels and the
    /// length bound is finite) and boxes anywhere, at four radii, with and without a partial
    /// path (where dominance is tested at expansion only).
    #[test]
    fn the_dominance_by_bounds_changes_no_answer() {
        let mut rng = TestRng::new(59);
        let mut worlds = super::random_grid_worlds(
            &mut rng,
            &[(24u32, 0.2), (40, 0.1), (64, 0.1), (100, 0.15), (128, 0.3)],
        );
        worlds.push(super::random_box_world(&mut rng));
        let mut compared = 0;
        USED.set(0);
        for (size, world) in &worlds {
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            for _ in 0..20 {
                let p = |rng: &mut TestRng| {
                    Vec2::new(
                        rng.unit() as f32 * (*size - 1.0) + 0.5,
                        rng.unit() as f32 * (*size - 1.0) + 0.5,
                    )
                };
                let (s, g) = (p(&mut rng), p(&mut rng));
                for r in [0.5f32, 1.0, 2.0, 3.0] {
                    for limits in [
                        Limits::default(),
                        Limits::default()
                            .with_partial_path(true)
                            .with_max_expanded(60),
                    ] {
                        let q = MeshQuery::new(s, g).with_radius(r).with_limits(limits);
                        let a = switched_answer(&OFF, &mut on, world, &q, false);
                        let b = switched_answer(&OFF, &mut off, world, &q, true);
                        assert_same_answer(&a, &b, &format!("{s} -> {g}, r = {r}"));
                        compared += 1;
                    }
                }
            }
        }
        eprintln!(
            "{} dominance tests answered by the upper bound in {compared} queries",
            USED.get()
        );
        assert!(
            compared == 960 && USED.get() > 1000,
            "{compared}, {}",
            USED.get()
        );
    }
}

#[cfg(test)]
mod start_step_tests {
    //! The start's deferred expansions step between levels at `r > 0` (see
    //! [`super::Levels::start_bound`]): the same status, cost and pieces as with the levels
    //! alone (ties of equal cost aside, broken at another corner along a line).
    use std::cell::Cell;

    use nav_geom::{PathPiece, Vec2};
    use nav_grid::GridMap;
    use nav_testkit::TestRng;

    use crate::{MeshContext, MeshQuery, MeshWorld};

    thread_local! {
        /// Turns the steps off.
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// How many deferred expansions of the start took a step short of the next level.
        pub(super) static USED: Cell<usize> = const { Cell::new(0) };
    }

    /// Worlds past the walk's limit (runs resume by levels), at three radii: random grids, and
    /// a wall across the world with one gap among a few blocked cells. Rows across the wall
    /// go through the gap, whose corner is then the start's first successor, its `f` the
    /// optimum's, at a level well above `|s g|`.
    #[test]
    fn stepping_the_start_between_levels_changes_no_answer() {
        let mut rng = TestRng::new(53);
        let mut worlds = Vec::new();
        for (size, density) in [(100u32, 0.15), (128, 0.3)] {
            let walkable: Vec<bool> = (0..size * size).map(|_| rng.unit() >= density).collect();
            let map = GridMap::from_walkable(size, size, &walkable).expect("a valid map");
            worlds.push((size, MeshWorld::from_grid(&map).expect("a valid world")));
        }
        for (size, gap) in [(120u32, 10u32), (120, 100), (140, 60)] {
            let mut walkable = vec![true; (size * size) as usize];
            for y in (0..size).filter(|y| !(gap..gap + 4).contains(y)) {
                walkable[(y * size + size / 2) as usize] = false;
            }
            for _ in 0..size * size / 14 {
                walkable[rng.below(u64::from(size * size)) as usize] = false;
            }
            let map = GridMap::from_walkable(size, size, &walkable).expect("a valid map");
            worlds.push((size, MeshWorld::from_grid(&map).expect("a valid world")));
        }
        let (mut compared, mut split) = (0, 0);
        USED.set(0);
        for (size, world) in &worlds {
            assert!(crate::visible::takes_walk(world));
            let mut on = MeshContext::new();
            let mut off = MeshContext::new();
            for _ in 0..24 {
                let p = |rng: &mut TestRng| {
                    Vec2::new(
                        rng.below(u64::from(*size)) as f32 + 0.5,
                        rng.below(u64::from(*size)) as f32 + 0.5,
                    )
                };
                let (mut s, g) = (p(&mut rng), p(&mut rng));
                let mid = 0.5 * *size as f32;
                if (s.x < mid) == (g.x < mid) {
                    // Across the middle (the wall of the last worlds).
                    s.x = 2.0 * mid - g.x;
                }
                for r in [0.5f32, 1.0, 2.0] {
                    let q = MeshQuery::new(s, g).with_radius(r);
                    let a = super::switched_answer(&OFF, &mut on, world, &q, false);
                    let b = super::switched_answer(&OFF, &mut off, world, &q, true);
                    let at = format!("{s} -> {g}, r = {r}");
                    assert_eq!(a.0.status, b.0.status, "{at}");
                    assert_eq!(a.0.cost.to_bits(), b.0.cost.to_bits(), "{at}");
                    if a.1 != b.1 {
                        assert_eq!(merged(&a.1), merged(&b.1), "{at}");
                        split += 1;
                    }
                    compared += 1;
                }
            }
        }
        eprintln!(
            "{} steps in {compared} queries, {split} paths split elsewhere along a line",
            USED.get()
        );
        assert!(
            compared == 360 && USED.get() > 100,
            "{compared}, {}",
            USED.get()
        );
    }

    /// The pieces with every run of lines that continue one another in the same direction
    /// (ties of equal cost broken at another corner on the line) made one line.
    fn merged(pieces: &[PathPiece]) -> Vec<PathPiece> {
        let mut out: Vec<PathPiece> = Vec::new();
        for &p in pieces {
            if let (Some(PathPiece::Line(last)), PathPiece::Line(next)) = (out.last_mut(), p) {
                let (u, v) = (last.b - last.a, next.b - next.a);
                if last.b == next.a && u.perp_dot(v) == 0.0 && u.dot(v) > 0.0 {
                    last.b = next.b;
                    continue;
                }
            }
            out.push(p);
        }
        out
    }
}
