//! The contract between a graph and the engine.

/// Index of a node in the search arena.
///
/// Dense graphs use their own index (a tile grid uses `y * width + x`); lazily discovered
/// graphs hand out small consecutive ids as they meet new nodes (see [`crate::NodeKeys`]), so
/// that the arena stays as small as the part of the graph a query touched.
pub type NodeId = u32;

/// A graph that the A* engine can search.
///
/// # Contract
/// * Edge costs are finite and non-negative. An edge with a NaN, infinite or negative cost is
///   ignored by the engine: it can never corrupt a search.
/// * [`heuristic`](Graph::heuristic) never overestimates the cheapest cost from a node to a goal
///   (it is *admissible*); otherwise the returned path may be longer than the shortest one.
///   If it is also *consistent* (`h(a) <= cost(a, b) + h(b)` for every edge), no node is ever
///   expanded twice. An inconsistent but admissible heuristic still gives optimal paths: the
///   engine reopens a closed node when it finds a cheaper way to it.
/// * The graph may discover nodes while it is searched (`successors` takes `&mut self`), as
///   long as a node keeps its id for the whole query.
pub trait Graph {
    /// Pushes every successor of `node` with the cost of the edge into `out`.
    ///
    /// `out` is empty when this is called; the engine owns and reuses it.
    fn successors(&mut self, node: NodeId, out: &mut Successors);

    /// [`successors`](Graph::successors), told the parent of `node` in the search tree (the
    /// node it was reached from at its current cost; `None` for the start). The engine calls
    /// this one. Graphs that prune by the direction of arrival (jump point search on grids)
    /// override it; by default the parent is ignored.
    #[inline]
    fn successors_from(&mut self, node: NodeId, parent: Option<NodeId>, out: &mut Successors) {
        let _ = parent;
        self.successors(node, out);
    }

    /// A lower bound of the cost from `node` to the nearest goal (see the trait's contract).
    fn heuristic(&self, node: NodeId) -> f64;

    /// Whether `node` is a goal. The search stops when it *expands* a goal, which is what makes
    /// the path optimal.
    fn is_goal(&self, node: NodeId) -> bool;

    /// The exact cost of an edge pushed with [`Successors::push_lazy`] from `parent` (reached
    /// for `g_parent` when it was expanded) to `node`, asked when the engine pops its entry;
    /// `None` drops the edge. It must be at least the lower bound it was pushed with (the
    /// engine cannot check that; a smaller cost may give a longer path). Graphs that never
    /// push lazily need not implement it: the default drops the edge.
    #[inline]
    fn resolve(&mut self, parent: NodeId, g_parent: f64, node: NodeId) -> Option<f64> {
        let _ = (parent, g_parent, node);
        None
    }
}

impl<G: Graph + ?Sized> Graph for &mut G {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        (**self).successors(node, out);
    }
    fn successors_from(&mut self, node: NodeId, parent: Option<NodeId>, out: &mut Successors) {
        (**self).successors_from(node, parent, out);
    }
    fn heuristic(&self, node: NodeId) -> f64 {
        (**self).heuristic(node)
    }
    fn is_goal(&self, node: NodeId) -> bool {
        (**self).is_goal(node)
    }
    fn resolve(&mut self, parent: NodeId, g_parent: f64, node: NodeId) -> Option<f64> {
        (**self).resolve(parent, g_parent, node)
    }
}

/// Wraps a graph and replaces its heuristic with zero, which turns A* into Dijkstra's algorithm.
///
/// This is how [`SearchContext::dijkstra`](crate::SearchContext::dijkstra) works; tests use it
/// as the reference that A* must agree with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ZeroHeuristic<G>(pub G);

impl<G: Graph> Graph for ZeroHeuristic<G> {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        self.0.successors(node, out);
    }
    fn successors_from(&mut self, node: NodeId, parent: Option<NodeId>, out: &mut Successors) {
        self.0.successors_from(node, parent, out);
    }
    fn heuristic(&self, _node: NodeId) -> f64 {
        0.0
    }
    fn is_goal(&self, node: NodeId) -> bool {
        self.0.is_goal(node)
    }
    fn resolve(&mut self, parent: NodeId, g_parent: f64, node: NodeId) -> Option<f64> {
        self.0.resolve(parent, g_parent, node)
    }
}

/// The successors of one node, written by [`Graph::successors`].
///
/// A reusable buffer owned by the [`SearchContext`](crate::SearchContext): it keeps its capacity
/// from query to query, so filling it allocates nothing after warm-up.
#[derive(Debug, Default, Clone)]
pub struct Successors {
    edges: Vec<(NodeId, f64)>,
}

impl Successors {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an edge to `node` that costs `cost`.
    #[inline]
    pub fn push(&mut self, node: NodeId, cost: f64) {
        self.edges.push((node, cost));
    }

    /// Adds an edge to `node` whose cost is at least `lower`, the exact cost to be asked of
    /// [`Graph::resolve`] only if the engine pops it: the entry waits in the open list under
    /// the key `g + lower + h(node)`, and only when it comes first is the edge's cost asked and
    /// the edge relaxed as a pushed one would be. Edges whose exact cost is dear and which are
    /// mostly never popped (A* pushes many more successors than it expands) save that cost.
    ///
    /// The answer stays optimal: an entry's key is at most the key its exact edge would have
    /// had, so the exact edge is relaxed before the engine pops anything the exact edge would
    /// have come before (keys ordered alike, ties aside); a goal popped at `f` has every
    /// lazy edge of key below `f` relaxed, as A* needs. For the open list's order,
    /// `lower + h(node)` should not fall below `h` of the node being expanded (consistency):
    /// otherwise the list keeps working but slower (see `SearchContext`).
    ///
    /// In [`as_slice`](Successors::as_slice) such an edge reads as the node id with bit 31
    /// set ([`Successors::LAZY`]).
    #[inline]
    pub fn push_lazy(&mut self, node: NodeId, lower: f64) {
        self.edges.push((node | Self::LAZY, lower));
    }

    /// The bit that marks an edge pushed by [`push_lazy`](Successors::push_lazy) in
    /// [`as_slice`](Successors::as_slice) (node ids stay below
    /// [`SearchContext::MAX_NODES`](crate::SearchContext::MAX_NODES), far below it).
    pub const LAZY: NodeId = 1 << 31;

    /// The edges pushed so far, in order.
    pub fn as_slice(&self) -> &[(NodeId, f64)] {
        &self.edges
    }

    /// Number of edges pushed so far.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether no edge was pushed.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// Removes all edges, keeping the capacity.
    pub fn clear(&mut self) {
        self.edges.clear();
    }
}
