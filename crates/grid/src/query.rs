//! A grid query: start, goal, agent size and limits.

use nav_search::Limits;

use crate::cell::Cell;
use crate::error::GridError;
use crate::map::GridMap;

/// One path query on a grid: where from, where to, how large the agent is, and the
/// [`Limits`] of the search. A small `Copy` value: build one per query.
///
/// ```
/// use nav_grid::{Cell, GridQuery, Limits};
///
/// let query = GridQuery::new(Cell::new(0, 0), Cell::new(7, 3))
///     .with_agent_size(2)
///     .with_limits(Limits::default().with_max_expanded(10_000));
/// assert_eq!(query.agent_size, 2);
/// assert_eq!(GridQuery::new(Cell::new(0, 0), Cell::new(1, 1)).agent_size, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridQuery {
    /// The cell the path starts from.
    pub start: Cell,
    /// The cell the path leads to.
    pub goal: Cell,
    /// Side of the agent in cells: the agent covers `agent_size x agent_size` cells, and the
    /// cells of a path are its **top-left** cells. 1 (the default) is a unit of one cell; a
    /// query refuses 0 and sizes above [`MAX_AGENT_SIZE`](GridQuery::MAX_AGENT_SIZE).
    ///
    /// An agent of size `k` moves exactly as a unit of one cell would on the map where a cell
    /// is walkable when the agent fits there: when its [clearance](GridMap::clearance) is at
    /// least `k` (the `k x k` square below and right of it lies on the map and is all
    /// walkable). Every rule applies to the top-left cell on that map:
    /// * a straight step needs the target to fit (the agent then also fits everywhere in
    ///   between);
    /// * a diagonal step under [`DiagonalRule::NoCornerCutting`](crate::DiagonalRule::NoCornerCutting)
    ///   also needs the agent to fit at both orthogonal neighbours: the whole `(k + 1) x (k + 1)`
    ///   box the move sweeps is walkable, as the `2 x 2` box is for one cell;
    /// * under [`DiagonalRule::Free`](crate::DiagonalRule::Free) only the target must fit: the
    ///   agent squeezes past blocked corners as a one-cell unit does (its swept corners are not
    ///   checked);
    /// * a custom move needs the agent to fit at the target and at every cell the move crosses
    ///   (see [`CustomMoves`](crate::CustomMoves)).
    ///
    /// On weighted terrain a step costs the move's cost times the multiplier of the cell the
    /// agent's top-left cell enters (the anchor's multiplier, the same O(1) read as for one
    /// cell), not of every cell under the agent.
    ///
    /// The search reads one byte of clearance per cell instead of walkability, so a query for
    /// a large agent costs what a query for one cell costs on a map with fewer walkable cells.
    /// Jump points work for every size (jump point search needs only a walkability test). A
    /// start or goal where the agent does not fit gives
    /// [`PathStatus::StartBlocked`](nav_search::PathStatus::StartBlocked) or
    /// [`PathStatus::GoalBlocked`](nav_search::PathStatus::GoalBlocked). One compiled rule set
    /// serves agents of every size.
    ///
    /// ```
    /// use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, PathStatus};
    ///
    /// // A wall with a gap of one cell on the left and of two cells on the right.
    /// let map = GridMap::from_ascii("
    ///     .........
    ///     .........
    ///     .@@@@@..@
    ///     .........
    ///     .........
    /// ")?;
    /// let rules = GridRules::default().compile()?;
    /// let mut ctx = GridContext::new();
    /// let query = GridQuery::new(Cell::new(0, 0), Cell::new(0, 3));
    /// let one = ctx.find_path(&map, &rules, &query)?;
    /// assert_eq!(one.cost(), 3.0); // straight down through the narrow gap
    ///
    /// let two = ctx.find_path(&map, &rules, &query.with_agent_size(2))?;
    /// assert_eq!(two.status(), PathStatus::Found);
    /// assert!(two.path().contains(&Cell::new(6, 2))); // through the wide gap
    /// assert!(two.cost() > 10.0);
    ///
    /// let three = ctx.find_path(&map, &rules, &query.with_agent_size(3))?;
    /// assert_eq!(three.status(), PathStatus::StartBlocked);
    /// assert!(ctx.find_path(&map, &rules, &query.with_agent_size(0)).is_err());
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub agent_size: u32,
    /// Bounds on the search: expanded cells, path cost, partial path. A NaN or negative
    /// `max_cost` is refused ([`GridError::InvalidLimits`]).
    pub limits: Limits,
}

impl GridQuery {
    /// The largest [`agent_size`](GridQuery::agent_size): the clearance a map tracks,
    /// [`GridMap::MAX_CLEARANCE`].
    pub const MAX_AGENT_SIZE: u32 = GridMap::MAX_CLEARANCE;

    /// A query from `start` to `goal` for an agent of one cell, without limits.
    pub fn new(start: Cell, goal: Cell) -> Self {
        Self {
            start,
            goal,
            agent_size: 1,
            limits: Limits::UNLIMITED,
        }
    }

    /// Sets [`agent_size`](GridQuery::agent_size) (checked by the query).
    pub fn with_agent_size(mut self, agent_size: u32) -> Self {
        self.agent_size = agent_size;
        self
    }

    /// Sets [`limits`](GridQuery::limits) (checked by the query).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Checks the agent size and the limits (what a query checks besides its endpoints).
    pub fn check(&self) -> Result<(), GridError> {
        if !(1..=Self::MAX_AGENT_SIZE).contains(&self.agent_size) {
            return Err(GridError::InvalidAgentSize {
                size: self.agent_size,
                max: Self::MAX_AGENT_SIZE,
            });
        }
        self.limits.check()?;
        Ok(())
    }
}
