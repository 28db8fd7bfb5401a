//! The per-query state: the lazily built parts of the graph, reused from query to query.

use glam::DVec2;
use nav_geom::Turn;
use nav_search::NodeId;

use crate::geometry::{TOL_REL, Tangent};
use crate::query::neighbours::OPEN_WORDS;
use crate::query::shadow::BINS;

/// The start node.
pub(crate) const START: NodeId = 0;
/// The goal node.
pub(crate) const GOAL: NodeId = 1;
/// Node id of entry 0; entry `i` is node `FIRST_ENTRY + i` (unless it reaches the goal).
pub(crate) const FIRST_ENTRY: NodeId = 2;
/// `Entry::target` of an entry that reaches the goal.
pub(crate) const GOAL_TARGET: u32 = u32::MAX;
/// `Entry::target` of an entry that reaches goal `k` of a nearest-goal query:
/// `MULTI_GOAL - k` (see `nearest.rs`). Such entries are nodes of their own.
pub(crate) const MULTI_GOAL: u32 = u32::MAX - 1;
/// `ListRange::goal` when the list has no entry to the goal.
pub(crate) const NO_ENTRY: u32 = u32::MAX;

/// The numbers every part of a query shares.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Params {
    pub start: DVec2,
    pub goal: DVec2,
    /// The agent radius, added to every circle's radius.
    pub agent: f64,
    /// First shell width of neighbour scans.
    pub step: f64,
    /// Largest shell width of neighbour scans.
    pub max_step: f64,
    /// A box holding every inflated circle, if the world holds any.
    pub extent: Option<(DVec2, DVec2)>,
    /// Where the agent's centre may go: the world bounds shrunk by the agent radius (`None`:
    /// anywhere).
    pub bounds: Option<(DVec2, DVec2)>,
    /// The search only looks for paths of at most this length (`+inf`: no bound). Neighbour
    /// scans drop every edge that cannot be part of such a path.
    pub bound: f64,
}

impl Params {
    pub fn new(
        start: DVec2,
        goal: DVec2,
        agent: f64,
        extent: Option<(DVec2, DVec2)>,
        mean_radius: f64,
    ) -> Self {
        let extent = extent.map(|(min, max)| (min - agent, max + agent));
        let mut scale = start.abs().max_element().max(goal.abs().max_element());
        let mut diagonal = 0.0f64;
        if let Some((min, max)) = extent {
            scale = scale
                .max(min.abs().max_element())
                .max(max.abs().max_element());
            diagonal = (max - min).length();
        }
        // Shells start at a few circle diameters and grow geometrically up to a fraction of the
        // world, so that a ray escaping into open space costs a few dozen queries at most.
        let typical = mean_radius + agent;
        let step = (4.0 * typical)
            .max(diagonal / 256.0)
            .max(start.distance(goal) / 1024.0)
            .max(16.0 * TOL_REL * scale)
            .max(f64::MIN_POSITIVE);
        let max_step = (8.0 * step).max(diagonal / 32.0);
        Params {
            start,
            goal,
            agent,
            step,
            max_step,
            extent,
            bounds: None,
            bound: f64::INFINITY,
        }
    }

    /// Whether the agent's centre at `q` keeps its disc inside the bounds, within `eps`.
    #[inline]
    pub fn inside(&self, q: DVec2, eps: f64) -> bool {
        match self.bounds {
            None => true,
            Some((lo, hi)) => {
                q.x >= lo.x - eps && q.y >= lo.y - eps && q.x <= hi.x + eps && q.y <= hi.y + eps
            }
        }
    }

    /// A lower bound of the length of any path from the start through `depart`, along a
    /// segment of length `length` to `arrive`, then to the goal: straight lines for the unknown
    /// parts.
    #[inline]
    pub fn lower_bound(&self, depart: DVec2, length: f64, arrive: DVec2) -> f64 {
        self.start.distance(depart) + length + arrive.distance(self.goal)
    }

    /// The inflated radius of a circle of true radius `radius`.
    #[inline]
    pub fn inflate(&self, radius: f64) -> f64 {
        radius + self.agent
    }
}

/// One directed surfing edge of the graph, and the node it leads to: the segment leaves the
/// list's source at `depart` and arrives on `target` at `arrive`, after which the path circles
/// the target in direction `turn`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// Slot of the target circle, or [`GOAL_TARGET`].
    pub target: u32,
    /// Turn around the target after arriving.
    pub turn: Turn,
    pub depart_angle: f64,
    /// Direction from the target's centre to `arrive` (any length).
    pub arrive_normal: DVec2,
    pub depart: DVec2,
    pub arrive: DVec2,
    pub length: f64,
}

/// Where the entries of one (circle, turn) list are, once built in this query.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ListRange {
    pub stamp: u32,
    pub start: u32,
    pub end: u32,
    /// Index of the entry that reaches the goal, or [`NO_ENTRY`].
    pub goal: u32,
}

/// What a query learnt about one circle.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CircleState {
    /// The departure lists for leaving clockwise and counter-clockwise ([`Turn::index`]).
    pub lists: [ListRange; 2],
    /// Query generation in which `dead` and the covered arcs were computed.
    pub local_stamp: u32,
    /// The circle lies inside another one: no path ever touches it.
    pub dead: bool,
    /// Range of its arcs covered by crossing circles in [`State::covered`].
    pub covered_start: u32,
    pub covered_end: u32,
}

/// A circle met by a neighbour scan, kept as a potential blocker of the scan's segments.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Blocker {
    pub slot: u32,
    pub center: DVec2,
    pub radius: f64,
}

/// A tangent found by a neighbour scan, waiting for its line-of-sight test.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pending {
    pub tangent: Tangent,
    /// Slot of the target circle, or [`GOAL_TARGET`].
    pub target: u32,
    /// Turn around the target after arriving.
    pub turn: Turn,
    pub bin: u32,
}

/// Scratch memory of neighbour scans.
#[derive(Debug, Clone)]
pub(crate) struct Scan {
    /// Per bin of departure directions: rays in the bin are blocked beyond this distance.
    pub reach: Vec<f64>,
    /// Per bin, a list of the blockers whose shadow touches it: `head[k]` is the last entry
    /// of bin `k` in `touches` (or [`NO_ENTRY`]), each entry links to the previous one.
    pub head: Vec<u32>,
    /// (blocker, previous entry of the same bin).
    pub touches: Vec<(u32, u32)>,
    /// The bins whose list is not empty, to reset them.
    pub dirty: Vec<u32>,
    pub blockers: Vec<Blocker>,
    pub pending: Vec<Pending>,
    /// Runs of open bins of the current shell: (first bin, number of bins).
    pub runs: Vec<(u32, u32)>,
    /// Bitset of the bins still open (their rays reach the current shell).
    pub open: [u64; OPEN_WORDS],
    /// Per bin: where its rays leave the region of paths within the bound (`+inf` without one).
    pub cut: Vec<f64>,
}

impl Default for Scan {
    fn default() -> Self {
        Scan {
            reach: vec![f64::INFINITY; BINS],
            head: vec![NO_ENTRY; BINS],
            touches: Vec::new(),
            dirty: Vec::new(),
            blockers: Vec::new(),
            pending: Vec::new(),
            runs: Vec::new(),
            open: [u64::MAX; OPEN_WORDS],
            cut: vec![f64::INFINITY; BINS],
        }
    }
}

impl Scan {
    pub fn reset(&mut self) {
        self.reach.fill(f64::INFINITY);
        self.open = [u64::MAX; OPEN_WORDS];
        for &k in &self.dirty {
            self.head[k as usize] = NO_ENTRY;
        }
        self.dirty.clear();
        self.touches.clear();
        self.blockers.clear();
        self.pending.clear();
    }

    /// Records that the shadow of blocker `id` touches bin `k`.
    #[inline]
    pub fn touch(&mut self, k: usize, id: u32) {
        let head = &mut self.head[k];
        if *head == NO_ENTRY {
            self.dirty.push(k as u32);
        }
        self.touches.push((id, *head));
        *head = (self.touches.len() - 1) as u32;
    }

    /// The blockers whose shadow touches bin `k`.
    #[inline]
    pub fn blockers_of(&self, k: usize) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.head[k];
        std::iter::from_fn(move || {
            let &(id, previous) = self.touches.get(at as usize)?;
            at = previous;
            Some(id)
        })
    }
}

/// Everything a query builds, kept between queries for its memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct State {
    /// Stamp of the current query; per-circle data with another stamp is stale.
    pub generation: u32,
    pub circles: Vec<CircleState>,
    /// Per circle: the scan that last met it.
    pub seen: Vec<u32>,
    pub scan_stamp: u32,
    /// Arcs of circles covered by crossing circles: (middle angle, half-width).
    pub covered: Vec<(f64, f64)>,
    pub entries: Vec<Entry>,
    /// The entries leaving the start.
    pub start_list: (u32, u32),
    /// Circles the start lies on (within the tolerance).
    pub start_on: Vec<u32>,
    /// Whether a neighbour scan of this query dropped something because of the bound.
    pub pruned: bool,
    pub scan: Scan,
    /// The goals of a nearest-goal query (empty for a path query, whose goal is
    /// `Params::goal`); goal `k` is the entry target `MULTI_GOAL - k`.
    pub goals: Vec<DVec2>,
}

impl State {
    /// Starts a query over a world of `circles` circles: O(1) apart from growing the arrays.
    pub fn begin(&mut self, circles: usize) {
        if self.circles.len() < circles {
            self.circles.resize(circles, CircleState::default());
            self.seen.resize(circles, 0);
        }
        if self.generation == u32::MAX {
            self.circles.fill(CircleState::default());
            self.generation = 0;
        }
        self.generation += 1;
        self.covered.clear();
        self.entries.clear();
        self.start_list = (0, 0);
        self.pruned = false;
        self.goals.clear();
    }

    /// Starts a neighbour scan: a fresh stamp for `seen`.
    pub fn begin_scan(&mut self) -> u32 {
        if self.scan_stamp == u32::MAX {
            self.seen.fill(0);
            self.scan_stamp = 0;
        }
        self.scan_stamp += 1;
        self.scan.reset();
        self.scan_stamp
    }
}
