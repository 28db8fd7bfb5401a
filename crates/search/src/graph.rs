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
