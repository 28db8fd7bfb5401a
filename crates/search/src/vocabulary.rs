//! The words every navigator speaks: [`PathStatus`], [`PathOutcome`], [`PathRef`] and the
//! checks on [`Limits`].
//!
//! Tile grids, agents in continuous worlds, circle worlds and polygon worlds all answer a query
//! with the same statuses and the same outcome, so that a user (and the C ABI, the CLI and the
//! C# layer) maps one vocabulary instead of one per navigator.

use std::fmt;

use crate::outcome::{Limits, SearchStatus};

/// How a path query ended, in every navigator.
///
/// A navigator that can never produce one of these says so in its documentation (a tile grid,
/// for instance, rejects cells outside the map as an error and never reports
/// [`OutOfBounds`](PathStatus::OutOfBounds)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathStatus {
    /// A path from the start to the goal was found.
    Found,
    /// Everything reachable from the start was searched and the goal is not among it.
    NoPath,
    /// A [`Limits`] bound (expansions, cost or length) stopped the search before it found the
    /// goal or proved that there is none.
    LimitReached,
    /// The agent does not fit at the start (it overlaps an obstacle or a blocked cell); nothing
    /// was searched.
    StartBlocked,
    /// The agent does not fit at the goal. Nothing was searched, unless a partial path was
    /// asked for: then the path leads to the reachable place closest to the goal.
    GoalBlocked,
    /// The agent at the start or at the goal does not fit inside the world bounds.
    OutOfBounds,
}

/// The most goals the nearest-goal searches of the continuous navigators accept (nav-agent,
/// nav-tangent, nav-mesh; the C ABI's `NAV_MAX_NEAREST_GOALS`): every node a search expands
/// gets a way to each goal, and the heuristic looks at every goal once per node. For more,
/// build a flow field from the goals.
pub const MAX_NEAREST_GOALS: usize = 1024;

impl PathStatus {
    /// Every status, in the order of their stable numbers in the C ABI.
    pub const ALL: [PathStatus; 6] = [
        PathStatus::Found,
        PathStatus::NoPath,
        PathStatus::LimitReached,
        PathStatus::StartBlocked,
        PathStatus::GoalBlocked,
        PathStatus::OutOfBounds,
    ];

    /// A stable lower-case name for logs and JSON: `"found"`, `"no_path"`, `"limit_reached"`,
    /// `"start_blocked"`, `"goal_blocked"` or `"out_of_bounds"`.
    ///
    /// ```
    /// use nav_search::PathStatus;
    /// assert_eq!(PathStatus::NoPath.as_str(), "no_path");
    /// assert_eq!(PathStatus::OutOfBounds.to_string(), "out_of_bounds");
    /// ```
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

    /// The status of a nearest-goal query none of whose `given` goals is usable, `inside` of
    /// them lying inside the bounds: [`OutOfBounds`](PathStatus::OutOfBounds) when every goal
    /// (at least one) is outside, [`GoalBlocked`](PathStatus::GoalBlocked) otherwise (blocked
    /// goals, or none given).
    ///
    /// ```
    /// use nav_search::PathStatus;
    /// assert_eq!(PathStatus::no_usable_goal(3, 0), PathStatus::OutOfBounds);
    /// assert_eq!(PathStatus::no_usable_goal(3, 1), PathStatus::GoalBlocked);
    /// assert_eq!(PathStatus::no_usable_goal(0, 0), PathStatus::GoalBlocked);
    /// ```
    pub fn no_usable_goal(given: usize, inside: usize) -> PathStatus {
        if inside == 0 && given > 0 {
            PathStatus::OutOfBounds
        } else {
            PathStatus::GoalBlocked
        }
    }

    /// The status named `name` (the inverse of [`as_str`](PathStatus::as_str)).
    pub fn from_name(name: &str) -> Option<PathStatus> {
        PathStatus::ALL.into_iter().find(|s| s.as_str() == name)
    }

    /// Whether this is [`Found`](PathStatus::Found).
    pub fn is_found(self) -> bool {
        self == PathStatus::Found
    }
}

impl fmt::Display for PathStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<SearchStatus> for PathStatus {
    fn from(status: SearchStatus) -> Self {
        match status {
            SearchStatus::Found => PathStatus::Found,
            SearchStatus::NoPath => PathStatus::NoPath,
            SearchStatus::LimitReached => PathStatus::LimitReached,
        }
    }
}

/// The summary of one path query, the same in every navigator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathOutcome {
    /// How the query ended.
    pub status: PathStatus,
    /// Cost (for continuous worlds: length) of the returned path; 0 when none was returned.
    pub cost: f64,
    /// Number of node expansions the search did (0 when nothing was searched).
    pub expanded: usize,
    /// Whether the returned path is a partial one, ending at the reachable place closest to the
    /// goal instead of at the goal.
    pub partial: bool,
}

impl PathOutcome {
    /// An outcome with no path and no search: `status`, cost 0, nothing expanded.
    pub fn unsearched(status: PathStatus) -> Self {
        PathOutcome {
            status,
            cost: 0.0,
            expanded: 0,
            partial: false,
        }
    }

    /// Whether a path to the goal was found.
    pub fn is_found(&self) -> bool {
        self.status.is_found()
    }
}

/// The answer to a query: its [`PathOutcome`] and the path, borrowed from the query context that
/// computed it (so the two cannot drift apart, and reading the path copies nothing).
///
/// `P` is the navigator's path type: cells for a tile grid, points for an agent, pieces
/// (segments and arcs) for circle and polygon worlds.
///
/// ```
/// use nav_search::{PathOutcome, PathRef, PathStatus};
///
/// let cells = vec![(0, 0), (1, 1)];
/// let outcome = PathOutcome { status: PathStatus::Found, cost: 1.5, expanded: 2, partial: false };
/// let answer = PathRef::new(outcome, cells.as_slice());
/// assert!(answer.is_found());
/// assert_eq!(answer.path().len(), 2);
/// assert_eq!(answer.cost(), 1.5);
/// ```
#[derive(Debug)]
pub struct PathRef<'a, P: ?Sized> {
    outcome: PathOutcome,
    path: &'a P,
}

impl<P: ?Sized> Clone for PathRef<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ?Sized> Copy for PathRef<'_, P> {}

impl<'a, P: ?Sized> PathRef<'a, P> {
    /// Ties an outcome to the path it describes.
    pub fn new(outcome: PathOutcome, path: &'a P) -> Self {
        PathRef { outcome, path }
    }

    /// The summary: status, cost, expansions, partial flag.
    pub fn outcome(&self) -> PathOutcome {
        self.outcome
    }

    /// The path (empty unless found, or partial when a partial path was asked for).
    pub fn path(&self) -> &'a P {
        self.path
    }

    /// How the query ended.
    pub fn status(&self) -> PathStatus {
        self.outcome.status
    }

    /// Cost or length of the returned path (0 when none).
    pub fn cost(&self) -> f64 {
        self.outcome.cost
    }

    /// Node expansions.
    pub fn expanded(&self) -> usize {
        self.outcome.expanded
    }

    /// Whether the path is partial.
    pub fn is_partial(&self) -> bool {
        self.outcome.partial
    }

    /// Whether the goal was reached.
    pub fn is_found(&self) -> bool {
        self.outcome.is_found()
    }
}

/// Why a [`Limits`] value was refused by [`Limits::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LimitsError {
    /// `max_cost` is NaN.
    NanMaxCost,
    /// `max_cost` is negative.
    NegativeMaxCost,
}

impl fmt::Display for LimitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitsError::NanMaxCost => f.write_str("max_cost is NaN (use infinity for no bound)"),
            LimitsError::NegativeMaxCost => f.write_str("max_cost is negative"),
        }
    }
}

impl std::error::Error for LimitsError {}

impl Limits {
    /// Refuses limits no query can honour: a NaN or negative `max_cost`. Every navigator calls
    /// this before searching, so a NaN bound is an error everywhere rather than "unbounded" in
    /// one place and refused in another.
    ///
    /// ```
    /// use nav_search::{Limits, LimitsError};
    /// assert!(Limits::default().check().is_ok());
    /// assert_eq!(Limits::default().with_max_cost(f64::NAN).check(), Err(LimitsError::NanMaxCost));
    /// assert_eq!(Limits::default().with_max_cost(-1.0).check(), Err(LimitsError::NegativeMaxCost));
    /// ```
    pub fn check(&self) -> Result<(), LimitsError> {
        if self.max_cost.is_nan() {
            Err(LimitsError::NanMaxCost)
        } else if self.max_cost < 0.0 {
            Err(LimitsError::NegativeMaxCost)
        } else {
            Ok(())
        }
    }
}
