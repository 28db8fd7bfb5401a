//! The node arena, the open list and the A* loop.

use std::cmp::Ordering;

use crate::graph::{Graph, NodeId, Successors, ZeroHeuristic};
use crate::open::OpenList;
use crate::outcome::{Limits, SearchOutcome, SearchStatus};

/// Parent id of the start node (and of nothing else).
const NO_PARENT: NodeId = NodeId::MAX;

/// The largest generation that fits in a slot's mark next to the closed bit.
const MAX_GENERATION: u32 = u32::MAX >> 1;

/// The state of a node in the current (or last) query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeState {
    /// Not reached by the query.
    Unseen,
    /// Reached and waiting in the open list.
    Open,
    /// Expanded.
    Closed,
}

/// One arena slot, as the search reads it. `mark` packs the generation of the query that last
/// touched the slot with a closed bit (`generation << 1 | closed`): a slot from an older query
/// reads as unseen, so a new query resets the whole arena by bumping one counter.
#[derive(Debug, Clone, Copy)]
struct Slot {
    g: f64,
    parent: NodeId,
    mark: u32,
}

/// A slot as the arena stores it: `(g, parent, mark)`. A tuple of numbers, so that a new arena
/// of all-zero slots (`vec![UNSEEN; n]`) is allocated zeroed by the system (`calloc`): its
/// pages are mapped, and cost time and memory, only when a query touches them. Generation 0
/// is never current, so zero reads as unseen.
type StoredSlot = (f64, NodeId, u32);

/// An untouched slot: all zero.
const UNSEEN: StoredSlot = (0.0, 0, 0);

/// An open-list entry packed into one `u128`, so that the heap moves 16 bytes and compares
/// two machine words. From the most significant bits down:
///
/// * bits 64..128: the bits of `f` without the last 8 of its 52 fraction bits. For non-negative
///   floats (the engine clamps the heuristic at zero and costs are non-negative) the bit
///   patterns order like the values; dropping the last bits (a relative 6e-14, below the
///   rounding error of a sum of a few hundred costs) makes `f`s that differ only by rounding
///   compare equal, so that the tie rules below apply to them;
/// * bits 32..64: the complement of the upper half of `g`'s bits, so that on equal `f` the
///   entry with the larger `g` (closer to the goal, which cuts ties on open ground short) comes
///   first; `g`s that agree to about six significant digits count as equal here;
/// * bits 0..32: the node id, smaller first, so that the order never depends on the heap's
///   internals.
///
/// Entries are never removed from the open list when a node gets cheaper: the stale copy is popped
/// after the fresh one, when the node is already closed, and skipped (lazy deletion).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OpenEntry(pub(crate) u128);

impl OpenEntry {
    #[inline]
    pub(crate) fn new(f: f64, g: f64, node: NodeId) -> Self {
        debug_assert!(f >= 0.0 && g >= 0.0, "f = {f}, g = {g}");
        let g_high = (g.to_bits() >> 32) as u32;
        let f_key = f.to_bits() & !((1 << F_ROUNDING_BITS) - 1);
        Self((f_key as u128) << 64 | ((!g_high) as u128) << 32 | node as u128)
    }

    /// The (rounded) bits of `f`.
    #[inline]
    pub(crate) fn f_key(self) -> u64 {
        (self.0 >> 64) as u64
    }

    #[inline]
    pub(crate) fn node(self) -> NodeId {
        self.0 as NodeId
    }
}

impl PartialOrd for OpenEntry {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OpenEntry {
    /// `BinaryHeap` pops the greatest entry, so "greater" means "expand first": the smaller key.
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.cmp(&self.0)
    }
}

/// Fraction bits of `f` that the open list ignores (see [`OpenEntry`]).
const F_ROUNDING_BITS: u32 = 8;

/// The counters of a search in progress, kept between [`SearchContext::step`] calls.
#[derive(Debug, Clone, Copy)]
struct Run {
    limits: Limits,
    expanded: usize,
    pruned_by_cost: bool,
    /// The expanded node with the smallest heuristic, for a partial path: (h, g, node).
    closest: Option<(f64, f64, NodeId)>,
}

/// The context's own record of its query: [`SearchProgress`] plus the counters.
#[derive(Debug, Clone, Copy)]
enum Progress {
    Idle,
    Running(Run),
    Done(SearchOutcome),
}

/// Where a [`SearchContext`]'s search stands (see [`SearchContext::begin`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchProgress {
    /// No search begun, or it was cancelled.
    Idle,
    /// Begun and not ended: more steps are needed.
    Running {
        /// Nodes expanded so far.
        expanded: usize,
    },
    /// Ended (found, no path, or a limit reached).
    Done(SearchOutcome),
}

impl SearchProgress {
    /// Whether the search needs more steps.
    pub fn is_running(&self) -> bool {
        matches!(self, SearchProgress::Running { .. })
    }
}

/// Whether `cost` is usable: finite and not negative (`-0.0` counts as zero).
#[inline]
fn is_valid_cost(cost: f64) -> bool {
    // Non-negative finite floats are exactly the bit patterns below infinity's (two integer
    // compares, where the float comparisons compile to a longer sequence).
    let bits = cost.to_bits();
    bits < f64::INFINITY.to_bits() || bits == (-0.0f64).to_bits()
}

/// The heuristic as the engine uses it: never negative (a negative lower bound says no more
/// than zero does) and never NaN.
#[inline]
fn clamped_heuristic<G: Graph>(graph: &G, node: NodeId) -> f64 {
    let h = graph.heuristic(node);
    if h > 0.0 { h } else { 0.0 }
}

/// Scratch memory for searches: the node arena, the open list and the successor buffer.
///
/// Create one per thread and reuse it for every query: it resets in O(1) and, once it has grown
/// to the size of the largest graph it searched, a query allocates nothing. After a query it
/// still holds that query's tree, which [`state`](SearchContext::state),
/// [`g`](SearchContext::g) and [`closed_nodes`](SearchContext::closed_nodes) read (to draw the
/// expanded cells, say).
#[derive(Debug, Clone)]
pub struct SearchContext {
    slots: Vec<StoredSlot>,
    generation: u32,
    open: OpenList,
    successors: Successors,
    progress: Progress,
}

impl Default for SearchContext {
    fn default() -> Self {
        Self::new()
    }
}

impl SearchContext {
    /// An empty context; it grows as queries need.
    pub fn new() -> Self {
        Self {
            slots: Vec::new(),
            generation: 0,
            open: OpenList::new(),
            successors: Successors::new(),
            progress: Progress::Idle,
        }
    }

    /// A context whose arena already holds `nodes` slots (for dense graphs, the node count), so
    /// that even the first query does not grow it.
    pub fn with_capacity(nodes: usize) -> Self {
        let mut ctx = Self::new();
        ctx.reserve(nodes);
        ctx
    }

    /// The number of node ids the arena can address: ids `0..MAX_NODES` (2^27 slots of 16
    /// bytes, 2 GiB). A search never allocates beyond it: an edge to a larger id is ignored,
    /// like an edge with an invalid cost, and a start beyond it ends the search at once with
    /// [`SearchStatus::LimitReached`]. Dense graphs stay far below it (a tile grid has at most
    /// 2^26 cells); lazily discovered graphs number their nodes from 0.
    pub const MAX_NODES: usize = 1 << 27;

    /// Grows the arena to at least `nodes` slots (at most [`MAX_NODES`](Self::MAX_NODES)).
    ///
    /// The new slots are zeroed memory from the system: the time and memory a query spends on
    /// the arena follow the nodes it reaches, not `nodes` (a search that reaches 30,000 cells
    /// of a 64-million-cell map touches a few megabytes of its gigabyte of slots).
    pub fn reserve(&mut self, nodes: usize) {
        let nodes = nodes.min(Self::MAX_NODES);
        if self.slots.len() < nodes {
            self.grow(nodes);
        }
    }

    /// Replaces the arena by one of `len` slots, zeroed by the system, holding the old ones.
    fn grow(&mut self, len: usize) {
        let mut grown = vec![UNSEEN; len];
        grown[..self.slots.len()].copy_from_slice(&self.slots);
        self.slots = grown;
    }

    /// The slot of `node` (in the arena).
    #[inline(always)]
    fn slot(&self, node: NodeId) -> Slot {
        let (g, parent, mark) = self.slots[node as usize];
        Slot { g, parent, mark }
    }

    /// Number of slots in the arena.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The state of `node` after the last query.
    pub fn state(&self, node: NodeId) -> NodeState {
        match self.slots.get(node as usize) {
            Some(&(_, _, mark)) if mark >> 1 == self.generation => {
                if mark & 1 == 1 {
                    NodeState::Closed
                } else {
                    NodeState::Open
                }
            }
            _ => NodeState::Unseen,
        }
    }

    /// The cheapest known cost from the start to `node` in the last query, if it was reached.
    pub fn g(&self, node: NodeId) -> Option<f64> {
        match self.state(node) {
            NodeState::Unseen => None,
            _ => Some(self.slot(node).g),
        }
    }

    /// The nodes expanded by the last query, in id order.
    pub fn closed_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        let closed = self.generation << 1 | 1;
        self.slots
            .iter()
            .enumerate()
            .filter(move |(_, slot)| slot.2 == closed)
            .map(|(id, _)| id as NodeId)
    }

    /// Dijkstra's algorithm: [`astar`](SearchContext::astar) with the graph's heuristic replaced
    /// by zero. Slower, but it needs no heuristic, so tests use it as the reference.
    pub fn dijkstra<G: Graph>(
        &mut self,
        graph: &mut G,
        start: NodeId,
        limits: &Limits,
        path: &mut Vec<NodeId>,
    ) -> SearchOutcome {
        self.astar(&mut ZeroHeuristic(graph), start, limits, path)
    }

    /// Finds a cheapest path from `start` to a goal of `graph`.
    ///
    /// `path` is cleared, then receives the node ids from `start` to the goal inclusive when
    /// one is found, the partial path when [`Limits::partial_path`] asks for one and the goal
    /// was not reached, and nothing otherwise. The outcome says which.
    ///
    /// The path is optimal when the heuristic is admissible (see [`Graph`]). It is
    /// [`begin`](SearchContext::begin) followed by [`step`](SearchContext::step) with no budget.
    pub fn astar<G: Graph>(
        &mut self,
        graph: &mut G,
        start: NodeId,
        limits: &Limits,
        path: &mut Vec<NodeId>,
    ) -> SearchOutcome {
        path.clear();
        self.begin(graph, start, limits);
        loop {
            if let SearchProgress::Done(outcome) = self.step(graph, usize::MAX, path) {
                return outcome;
            }
        }
    }

    /// Begins a resumable (time-sliced) search from `start`: [`step`](SearchContext::step)
    /// then advances it by a bounded number of expansions per call, so that a game can spread
    /// one query over several frames. Between steps the context holds the whole search state
    /// (the open list, the tree, the counters), and the graph is only borrowed during a call:
    /// each step takes it again, and it must describe the same graph as at `begin` (the caller
    /// checks that, say with a [`Revision`](crate::Revision) of its world).
    ///
    /// Steps with any budgets give exactly the outcome and the path of one
    /// [`astar`](SearchContext::astar) call: the same nodes are expanded in the same order. A
    /// new `begin` (or `astar`, or `dijkstra`) replaces a search in progress.
    ///
    /// ```
    /// use nav_search::{Graph, Limits, NodeId, SearchContext, SearchProgress, Successors};
    ///
    /// /// Nodes 0..100 on a line, the goal at the end.
    /// struct Line;
    /// impl Graph for Line {
    ///     fn successors(&mut self, node: NodeId, out: &mut Successors) {
    ///         if node < 99 { out.push(node + 1, 1.0); }
    ///     }
    ///     fn heuristic(&self, node: NodeId) -> f64 { (99 - node) as f64 }
    ///     fn is_goal(&self, node: NodeId) -> bool { node == 99 }
    /// }
    ///
    /// let mut ctx = SearchContext::new();
    /// let mut path = Vec::new();
    /// ctx.begin(&mut Line, 0, &Limits::default());
    /// let mut steps = 0;
    /// let outcome = loop {
    ///     steps += 1;
    ///     match ctx.step(&mut Line, 10, &mut path) {
    ///         SearchProgress::Done(outcome) => break outcome,
    ///         progress => assert!(progress.is_running()), // one frame's budget spent
    ///     }
    /// };
    /// assert!(outcome.is_found());
    /// assert_eq!((outcome.expanded, steps), (99, 10));
    /// assert_eq!(path.len(), 100);
    /// ```
    pub fn begin<G: Graph>(&mut self, graph: &mut G, start: NodeId, limits: &Limits) {
        self.begin_query();
        if start as usize >= Self::MAX_NODES {
            // Outside the arena: nothing to search (and nothing to allocate).
            self.progress = Progress::Done(SearchOutcome {
                status: SearchStatus::LimitReached,
                cost: 0.0,
                expanded: 0,
                end: None,
                partial: false,
            });
            return;
        }
        let h0 = clamped_heuristic(graph, start);
        self.open_node(start, 0.0, NO_PARENT);
        self.open.push(OpenEntry::new(h0, 0.0, start));
        self.progress = Progress::Running(Run {
            limits: *limits,
            expanded: 0,
            pruned_by_cost: false,
            closest: None,
        });
    }

    /// Advances the search begun by [`begin`](SearchContext::begin) by at most
    /// `max_expansions` node expansions (0 makes no progress), on the same graph.
    ///
    /// Returns [`SearchProgress::Done`] once the search has ended, and then writes `path` as
    /// [`astar`](SearchContext::astar) does; until then `path` is left empty. Stepping a finished
    /// search returns its outcome again without touching `path`; stepping with no search
    /// begun (or after [`cancel`](SearchContext::cancel)) returns [`SearchProgress::Idle`].
    pub fn step<G: Graph>(
        &mut self,
        graph: &mut G,
        max_expansions: usize,
        path: &mut Vec<NodeId>,
    ) -> SearchProgress {
        let run = match self.progress {
            Progress::Idle => return SearchProgress::Idle,
            Progress::Done(outcome) => return SearchProgress::Done(outcome),
            Progress::Running(run) => run,
        };
        path.clear();
        let Run {
            limits,
            mut expanded,
            mut pruned_by_cost,
            // The expanded node with the smallest heuristic, for a partial path: (h, g, node).
            mut closest,
        } = run;
        let limits = &limits;
        let pause_at = expanded.saturating_add(max_expansions);
        let mut successors = std::mem::take(&mut self.successors);

        let outcome = loop {
            if expanded >= pause_at {
                // This call's budget is spent: keep the state for the next step.
                self.successors = successors;
                self.progress = Progress::Running(Run {
                    limits: *limits,
                    expanded,
                    pruned_by_cost,
                    closest,
                });
                return SearchProgress::Running { expanded };
            }
            let (slots, closed) = (&self.slots, self.generation << 1 | 1);
            let is_closed = |node: NodeId| slots.get(node as usize).is_some_and(|s| s.2 == closed);
            let Some(entry) = self.open.pop(is_closed) else {
                let status = if pruned_by_cost {
                    SearchStatus::LimitReached
                } else {
                    SearchStatus::NoPath
                };
                break self.finish_without_goal(status, expanded, closest, limits, path);
            };
            let node = entry.node();
            let slot = self.slot(node);
            if slot.mark & 1 == 1 {
                continue; // stale copy of a node that was reached more cheaply and expanded
            }
            // The slot holds the cheapest known cost (a stale copy popped before the fresh one,
            // possible when both have the same `f`, expands the node at that cost too).
            let g = slot.g;
            if graph.is_goal(node) {
                self.write_path(node, path);
                break SearchOutcome {
                    status: SearchStatus::Found,
                    cost: g,
                    expanded,
                    end: Some(node),
                    partial: false,
                };
            }
            if expanded >= limits.max_expanded {
                break self.finish_without_goal(
                    SearchStatus::LimitReached,
                    expanded,
                    closest,
                    limits,
                    path,
                );
            }
            expanded += 1;
            self.slots[node as usize].2 = self.generation << 1 | 1;
            if limits.partial_path {
                let h = clamped_heuristic(graph, node);
                let better = match closest {
                    None => true,
                    Some((best_h, best_g, _)) => h < best_h || (h == best_h && g < best_g),
                };
                if better {
                    closest = Some((h, g, node));
                }
            }

            successors.clear();
            let parent = (slot.parent != NO_PARENT).then_some(slot.parent);
            graph.successors_from(node, parent, &mut successors);
            for &(next, cost) in successors.as_slice() {
                if !is_valid_cost(cost) || next as usize >= Self::MAX_NODES {
                    continue; // broken edge: ignoring it keeps every cost in the arena valid
                }
                let next_g = g + cost;
                if self.reached_as_cheaply(next, next_g) {
                    continue;
                }
                let f = next_g + clamped_heuristic(graph, next);
                if f > limits.max_cost {
                    pruned_by_cost = true;
                    continue;
                }
                self.open_node(next, next_g, node);
                self.open.push(OpenEntry::new(f, next_g, next));
            }
        };
        self.successors = successors;
        self.progress = Progress::Done(outcome);
        SearchProgress::Done(outcome)
    }

    /// Where the search begun by [`begin`](SearchContext::begin) (or the last
    /// [`astar`](SearchContext::astar)) stands.
    pub fn progress(&self) -> SearchProgress {
        match self.progress {
            Progress::Idle => SearchProgress::Idle,
            Progress::Running(run) => SearchProgress::Running {
                expanded: run.expanded,
            },
            Progress::Done(outcome) => SearchProgress::Done(outcome),
        }
    }

    /// Abandons the search in progress (or forgets the finished one): the context is
    /// [`Idle`](SearchProgress::Idle) until the next query. The tree read by
    /// [`state`](SearchContext::state) and [`g`](SearchContext::g) stays as it was.
    pub fn cancel(&mut self) {
        self.progress = Progress::Idle;
    }

    /// Starts a new generation so that every slot reads as unseen.
    fn begin_query(&mut self) {
        self.open.clear();
        if self.generation == MAX_GENERATION {
            // Once every two billion queries: really clear, so that old marks cannot collide.
            self.slots.fill(UNSEEN);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Whether `node` was already reached in this query at a cost of at most `g`.
    #[inline]
    fn reached_as_cheaply(&self, node: NodeId, g: f64) -> bool {
        match self.slots.get(node as usize) {
            Some(&(slot_g, _, mark)) => mark >> 1 == self.generation && slot_g <= g,
            None => false,
        }
    }

    /// Records `node` as open with cost `g` via `parent` (reopening it if it was closed).
    #[inline]
    fn open_node(&mut self, node: NodeId, g: f64, parent: NodeId) {
        let index = node as usize;
        if index >= self.slots.len() {
            // Lazily discovered graphs grow the arena as they go; amortised O(1).
            // `index < MAX_NODES`, so the lower bound never exceeds the upper one.
            let len = (self.slots.len() * 2)
                .clamp(index + 1, Self::MAX_NODES)
                .max(64);
            self.grow(len);
        }
        self.slots[index] = (g, parent, self.generation << 1);
    }

    fn finish_without_goal(
        &mut self,
        status: SearchStatus,
        expanded: usize,
        closest: Option<(f64, f64, NodeId)>,
        limits: &Limits,
        path: &mut Vec<NodeId>,
    ) -> SearchOutcome {
        match closest {
            Some((_, g, node)) if limits.partial_path => {
                self.write_path(node, path);
                SearchOutcome {
                    status,
                    cost: g,
                    expanded,
                    end: Some(node),
                    partial: true,
                }
            }
            _ => SearchOutcome {
                status,
                cost: 0.0,
                expanded,
                end: None,
                partial: false,
            },
        }
    }

    /// Writes the path from the start to `end` by following parent ids.
    fn write_path(&self, end: NodeId, path: &mut Vec<NodeId>) {
        path.clear();
        let mut node = end;
        // Parents form a tree (a parent is only replaced by a strictly cheaper one), so the walk
        // ends at the start; the bound is a guard, not a case that happens.
        for _ in 0..=self.slots.len() {
            path.push(node);
            let parent = self.slot(node).parent;
            if parent == NO_PARENT {
                break;
            }
            node = parent;
        }
        path.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two nodes, 0 -> 1 with cost 1.
    struct Pair;

    impl Graph for Pair {
        fn successors(&mut self, node: NodeId, out: &mut Successors) {
            if node == 0 {
                out.push(1, 1.0);
            }
        }
        fn heuristic(&self, _: NodeId) -> f64 {
            0.0
        }
        fn is_goal(&self, node: NodeId) -> bool {
            node == 1
        }
    }

    #[test]
    fn valid_costs_are_the_finite_non_negative_ones() {
        for ok in [0.0, -0.0, 1.0, f64::MIN_POSITIVE, 5e-324, f64::MAX] {
            assert!(is_valid_cost(ok), "{ok}");
        }
        for bad in [
            -1.0,
            -5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
        ] {
            assert!(!is_valid_cost(bad), "{bad}");
        }
    }

    #[test]
    fn generation_wraparound_clears_the_arena() {
        let mut ctx = SearchContext::new();
        let mut path = Vec::new();
        ctx.generation = MAX_GENERATION - 1;
        for _ in 0..4 {
            let outcome = ctx.astar(&mut Pair, 0, &Limits::default(), &mut path);
            assert!(outcome.is_found());
            assert_eq!(path, [0, 1]);
        }
        assert_eq!(
            ctx.generation, 3,
            "wrapped to 1 on the second query, then counted on"
        );
        // A slot written in the last generation before the wrap must not look current.
        assert_eq!(ctx.state(1), NodeState::Open);
        ctx.begin_query();
        assert_eq!(ctx.state(0), NodeState::Unseen);
    }
}
