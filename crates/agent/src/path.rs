//! What a query may do and what it returns.

use nav_geom::Vec2;
use nav_search::Limits;

/// Bounds on the work of one path query (seed 000's `MAX_CLOSED_NODES` and `MAX_PATH_LENGTH`).
///
/// The default is sane rather than unbounded: at most 2^20 expanded nodes (a few tens of
/// megabytes and some hundred milliseconds in the worst case), no bound on the length, no
/// partial path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QueryLimits {
    /// Stop after expanding this many lattice nodes ([`PathStatus::LimitReached`]).
    pub max_expanded: usize,
    /// Ignore every path longer than this, in world units (seed 000 bounds the number of path
    /// nodes instead; with a step `s` that is `nodes * s` roughly). A node is pruned when its
    /// cost so far plus its heuristic exceeds the bound.
    pub max_length: f64,
    /// When the goal is not reached, return the path to the expanded node closest to the goal
    /// (by the agent's heuristic) instead of nothing.
    pub partial_path: bool,
}

impl QueryLimits {
    /// The default bound on expanded nodes.
    pub const DEFAULT_MAX_EXPANDED: usize = 1 << 20;

    /// Sets [`max_expanded`](QueryLimits::max_expanded).
    pub fn with_max_expanded(mut self, max_expanded: usize) -> Self {
        self.max_expanded = max_expanded;
        self
    }

    /// Sets [`max_length`](QueryLimits::max_length).
    pub fn with_max_length(mut self, max_length: f64) -> Self {
        self.max_length = max_length;
        self
    }

    /// Sets [`partial_path`](QueryLimits::partial_path).
    pub fn with_partial_path(mut self, partial_path: bool) -> Self {
        self.partial_path = partial_path;
        self
    }

    pub(crate) fn to_search_limits(self) -> Limits {
        Limits {
            max_expanded: self.max_expanded,
            max_cost: self.max_length,
            partial_path: self.partial_path,
        }
    }
}

impl Default for QueryLimits {
    fn default() -> Self {
        Self {
            max_expanded: Self::DEFAULT_MAX_EXPANDED,
            max_length: f64::INFINITY,
            partial_path: false,
        }
    }
}

impl From<Limits> for QueryLimits {
    /// The engine's limits as they are (note that [`Limits::default`] is unbounded).
    fn from(limits: Limits) -> Self {
        Self {
            max_expanded: limits.max_expanded,
            max_length: limits.max_cost,
            partial_path: limits.partial_path,
        }
    }
}

/// How a path query ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathStatus {
    /// A path from the start to the goal was found.
    Found,
    /// The search covered everything reachable and the goal is not among it.
    NoPath,
    /// [`QueryLimits`] stopped the search before it found the goal or proved there is none.
    LimitReached,
    /// The agent's disc at the start overlaps an obstacle (other than its own).
    StartBlocked,
    /// The agent's disc at the goal overlaps an obstacle (other than its own).
    GoalBlocked,
    /// The agent's disc at the start or at the goal does not fit inside the world bounds.
    OutOfBounds,
}

impl PathStatus {
    /// A stable lower-case name (`"found"`, `"no_path"`, `"limit_reached"`, `"start_blocked"`,
    /// `"goal_blocked"`, `"out_of_bounds"`), for logs and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            PathStatus::Found => "found",
            PathStatus::NoPath => "no_path",
            PathStatus::LimitReached => "limit_reached",
            PathStatus::StartBlocked => "start_blocked",
            PathStatus::GoalBlocked => "goal_blocked",
            PathStatus::OutOfBounds => "out_of_bounds",
        }
    }
}

impl std::fmt::Display for PathStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer to a path query: a status, the smoothed path, the raw lattice path, and what the
/// search cost.
///
/// The points are empty unless the path was found or a partial path was asked for and exists.
/// A found path starts at the exact start point and ends at the exact goal point; a partial one
/// starts at the start and ends at a lattice node.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentPath {
    pub(crate) status: PathStatus,
    pub(crate) points: Vec<Vec2>,
    pub(crate) raw_points: Vec<Vec2>,
    pub(crate) expanded: usize,
    pub(crate) partial: bool,
}

impl Default for AgentPath {
    fn default() -> Self {
        Self {
            status: PathStatus::NoPath,
            points: Vec::new(),
            raw_points: Vec::new(),
            expanded: 0,
            partial: false,
        }
    }
}

impl AgentPath {
    /// An empty answer (status [`PathStatus::NoPath`]), to be filled by
    /// [`World::find_path_into`](crate::World::find_path_into).
    pub fn new() -> Self {
        Self::default()
    }

    pub(crate) fn reset(&mut self, status: PathStatus) {
        self.status = status;
        self.points.clear();
        self.raw_points.clear();
        self.expanded = 0;
        self.partial = false;
    }

    /// How the query ended.
    pub fn status(&self) -> PathStatus {
        self.status
    }

    /// Whether a path to the goal was found.
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }

    /// Whether the points are a partial path (the goal was not reached).
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// The smoothed path: the raw path after string pulling. Each segment is collision-free for
    /// the agent's disc (swept test), and it is never longer than the raw path.
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The path as the search found it: the start, lattice nodes one step apart (straight or
    /// diagonal), and the goal.
    pub fn raw_points(&self) -> &[Vec2] {
        &self.raw_points
    }

    /// Length of the smoothed path (0 when empty).
    pub fn length(&self) -> f64 {
        polyline_length(&self.points)
    }

    /// Length of the raw path (0 when empty).
    pub fn raw_length(&self) -> f64 {
        polyline_length(&self.raw_points)
    }

    /// Lattice nodes the search expanded (0 when the query ended before searching).
    pub fn expanded(&self) -> usize {
        self.expanded
    }
}

/// Sum of the segment lengths, in f64.
pub(crate) fn polyline_length(points: &[Vec2]) -> f64 {
    points
        .windows(2)
        .map(|w| w[0].as_dvec2().distance(w[1].as_dvec2()))
        .sum()
}
