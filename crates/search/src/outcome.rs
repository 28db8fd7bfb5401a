//! What a search may do and what it reports.

use crate::NodeId;

/// Bounds on the work a single query may do.
///
/// The default is unbounded and asks for no partial path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Stop after expanding this many nodes (the `MAX_CLOSED_NODES` of a Kotlin A* tutorial for
    /// agents of any radius).
    pub max_expanded: usize,
    /// Ignore every path that would cost more than this (the maximum path *length*, in the
    /// graph's cost units). Nodes whose `g + h` exceeds it are never opened, so a tight bound
    /// also makes the search cheaper.
    pub max_cost: f64,
    /// When the goal is not reached, write the path to the expanded node with the smallest
    /// heuristic (closest to the goal) instead of leaving the path empty.
    pub partial_path: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Self::UNLIMITED
    }
}

impl Limits {
    /// No bound on expansions or cost, no partial path.
    pub const UNLIMITED: Limits = Limits {
        max_expanded: usize::MAX,
        max_cost: f64::INFINITY,
        partial_path: false,
    };

    /// Sets [`max_expanded`](Limits::max_expanded).
    pub fn with_max_expanded(mut self, max_expanded: usize) -> Self {
        self.max_expanded = max_expanded;
        self
    }

    /// Sets [`max_cost`](Limits::max_cost).
    pub fn with_max_cost(mut self, max_cost: f64) -> Self {
        self.max_cost = max_cost;
        self
    }

    /// Sets [`partial_path`](Limits::partial_path).
    pub fn with_partial_path(mut self, partial_path: bool) -> Self {
        self.partial_path = partial_path;
        self
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchStatus {
    /// A goal was expanded; the path is optimal if the heuristic is admissible.
    Found,
    /// Every reachable node was expanded and none is a goal: no path exists.
    NoPath,
    /// A [`Limits`] bound stopped the search before it could find the goal or prove that
    /// there is none.
    LimitReached,
}

/// The result of one query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchOutcome {
    /// How the search ended.
    pub status: SearchStatus,
    /// Cost of the returned path: the goal's when found, the partial path's end otherwise
    /// (0 when no path was written).
    pub cost: f64,
    /// Number of node expansions (a reopened node counts again).
    pub expanded: usize,
    /// Last node of the returned path: the goal, the end of the partial path, or `None` when
    /// no path was written.
    pub end: Option<NodeId>,
    /// Whether the written path is a partial path (the goal was not reached).
    pub partial: bool,
}

impl SearchOutcome {
    /// Whether a goal was found.
    pub fn is_found(&self) -> bool {
        self.status == SearchStatus::Found
    }
}
