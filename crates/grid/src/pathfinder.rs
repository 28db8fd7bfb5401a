//! Grid queries: start and goal cells in, status, path and cost out.

use nav_search::{Limits, NodeId, SearchContext, SearchStatus};

use crate::cell::Cell;
use crate::error::{Endpoint, GridError};
use crate::map::GridMap;
use crate::path::{GridPath, prefix_within_budget};
use crate::rules::{CompiledRules, GridRules};
use crate::view::{GridView, JumpArrivals};

/// How a grid query ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GridStatus {
    /// A path to the goal was found.
    Found,
    /// The goal cannot be reached from the start.
    NoPath,
    /// A [`Limits`] bound stopped the search first.
    LimitReached,
    /// The start cell is not walkable (for an agent larger than one cell: the agent does not
    /// fit there); nothing was searched.
    StartBlocked,
    /// The goal cell is not walkable (or the agent does not fit there). Nothing was searched,
    /// unless a partial path was asked for: then the path leads to the reachable cell closest
    /// to the goal.
    GoalBlocked,
}

impl GridStatus {
    /// The name the CLI prints: `found`, `no_path`, `limit_reached`, `start_blocked` or
    /// `goal_blocked`.
    pub fn as_str(self) -> &'static str {
        match self {
            GridStatus::Found => "found",
            GridStatus::NoPath => "no_path",
            GridStatus::LimitReached => "limit_reached",
            GridStatus::StartBlocked => "start_blocked",
            GridStatus::GoalBlocked => "goal_blocked",
        }
    }
}

impl std::fmt::Display for GridStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The summary of a grid query; the path itself is read from the [`GridPathfinder`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridOutcome {
    /// How the query ended.
    pub status: GridStatus,
    /// Cost of the written path (0 when none was written).
    pub cost: f64,
    /// Number of cells the search expanded (0 when nothing was searched).
    pub expanded: usize,
    /// Whether the written path is a partial one (it does not reach the goal).
    pub partial: bool,
}

impl GridOutcome {
    /// Whether a path to the goal was found.
    pub fn is_found(&self) -> bool {
        self.status == GridStatus::Found
    }
}

/// Runs grid queries and keeps their scratch memory and results.
///
/// Keep one per thread and reuse it: after the first queries on a map it allocates nothing.
/// After a query it holds the path ([`path`](GridPathfinder::path)), the cost of reaching each
/// of its cells and the search tree ([`expanded_cells`](GridPathfinder::expanded_cells)).
///
/// ```
/// use nav_grid::{Cell, GridMap, GridPathfinder, GridRules, GridStatus};
///
/// let map = GridMap::from_ascii(
///     "....\n\
///      .@@.\n\
///      ....",
/// )?;
/// let mut finder = GridPathfinder::new();
/// let outcome = finder.find_path(&map, Cell::new(0, 1), Cell::new(3, 1), &GridRules::default())?;
/// assert_eq!(outcome.status, GridStatus::Found);
/// assert_eq!(finder.path().first(), Some(&Cell::new(0, 1)));
/// assert_eq!(finder.path().last(), Some(&Cell::new(3, 1)));
/// // Around the wall without cutting its corners: up, along, down.
/// assert_eq!(outcome.cost, 5.0);
/// assert_eq!(finder.path().len(), 6);
///
/// let blocked = finder.find_path(&map, Cell::new(0, 0), Cell::new(1, 1), &GridRules::default())?;
/// assert_eq!(blocked.status, GridStatus::GoalBlocked);
/// assert!(finder.find_path(&map, Cell::new(0, 0), Cell::new(9, 9), &GridRules::default()).is_err());
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct GridPathfinder {
    ctx: SearchContext,
    nodes: Vec<NodeId>,
    cells: Vec<Cell>,
    costs: Vec<f64>,
    /// The last few rule sets used, compiled (oldest first): alternating between a few
    /// rule sets costs no compilation and no allocation.
    compiled: Vec<CompiledRules>,
    /// Scratch memory of jump point search.
    arrivals: JumpArrivals,
    /// Width and cell count of the map of the last query that searched.
    searched: Option<(u32, usize)>,
}

impl GridPathfinder {
    /// A pathfinder with empty scratch memory; it grows on the first queries.
    pub fn new() -> Self {
        Self::default()
    }

    /// A pathfinder ready for maps of up to `cells` cells.
    pub fn with_capacity(cells: usize) -> Self {
        Self {
            ctx: SearchContext::with_capacity(cells),
            ..Self::default()
        }
    }

    /// Finds a cheapest path from `start` to `goal` under `rules`, without limits.
    ///
    /// Errors: `start` or `goal` outside the map ([`GridError::EndpointOutOfRange`] says which),
    /// rules that fail [`GridRules::check`]. Blocked endpoints are statuses, not errors.
    pub fn find_path(
        &mut self,
        map: &GridMap,
        start: Cell,
        goal: Cell,
        rules: &GridRules,
    ) -> Result<GridOutcome, GridError> {
        self.find_path_with_limits(map, start, goal, rules, &Limits::default())
    }

    /// [`find_path`](GridPathfinder::find_path) under `limits`: a cap on expanded cells, on the
    /// path cost, and whether to return a partial path to the expanded cell closest to the goal
    /// when the goal is not reached (also when the goal is blocked).
    pub fn find_path_with_limits(
        &mut self,
        map: &GridMap,
        start: Cell,
        goal: Cell,
        rules: &GridRules,
        limits: &Limits,
    ) -> Result<GridOutcome, GridError> {
        self.nodes.clear();
        self.cells.clear();
        self.costs.clear();
        self.searched = None;
        let out_of_range = |endpoint: Endpoint, cell: Cell| GridError::EndpointOutOfRange {
            endpoint,
            x: cell.x as u64,
            y: cell.y as u64,
            width: map.width(),
            height: map.height(),
        };
        let start_node = map
            .index_of(start)
            .ok_or_else(|| out_of_range(Endpoint::Start, start))?;
        if !map.contains(goal) {
            return Err(out_of_range(Endpoint::Goal, goal));
        }
        let compiled = self.compiled_rules(rules)?;
        let nothing = |status| GridOutcome {
            status,
            cost: 0.0,
            expanded: 0,
            partial: false,
        };
        // Where an agent larger than one cell does not fit counts as blocked.
        let size = rules.agent_size;
        if !map.fits(start, size) {
            return Ok(nothing(GridStatus::StartBlocked));
        }
        let goal_blocked = !map.fits(goal, size);
        if goal_blocked && !limits.partial_path {
            return Ok(nothing(GridStatus::GoalBlocked));
        }

        let compiled = &self.compiled[compiled];
        let mut view =
            GridView::with_arrivals(map, compiled, size, goal, Some(&mut self.arrivals))?;
        self.ctx.reserve(map.cell_count());
        let outcome = self
            .ctx
            .astar(&mut view, start_node as NodeId, limits, &mut self.nodes);
        self.searched = Some((map.width(), map.cell_count()));

        // The cells of the path: jump points are joined by straight or diagonal lines.
        for &node in &self.nodes {
            let cell = view.cell_of(node);
            if let Some(&prev) = self.cells.last() {
                let (dx, dy) = (cell.x as i64 - prev.x as i64, cell.y as i64 - prev.y as i64);
                let steps = dx.abs().max(dy.abs());
                if view.uses_jump_points() && steps > 1 {
                    let (sx, sy) = (dx.signum(), dy.signum());
                    for k in 1..steps {
                        self.cells.push(Cell::new(
                            (prev.x as i64 + k * sx) as u32,
                            (prev.y as i64 + k * sy) as u32,
                        ));
                    }
                }
            }
            self.cells.push(cell);
        }
        // Cost of reaching each cell, recomputed step by step from the rules (the same sums
        // the search made, in the same order, except along jumps).
        let mut total = 0.0;
        for (i, &cell) in self.cells.iter().enumerate() {
            if i > 0 {
                let prev = self.cells[i - 1];
                let base = compiled
                    .moves
                    .step_cost(cell.x as i64 - prev.x as i64, cell.y as i64 - prev.y as i64)
                    .unwrap_or(f64::NAN);
                debug_assert!(!base.is_nan(), "step {i} of the path is not a move");
                total += base * map.cost_multiplier(cell).unwrap_or(f64::NAN);
            }
            self.costs.push(total);
        }
        let status = match outcome.status {
            _ if goal_blocked => GridStatus::GoalBlocked,
            SearchStatus::Found => GridStatus::Found,
            SearchStatus::NoPath => GridStatus::NoPath,
            SearchStatus::LimitReached => GridStatus::LimitReached,
        };
        Ok(GridOutcome {
            status,
            cost: total,
            expanded: outcome.expanded,
            partial: outcome.partial,
        })
    }

    /// The index in `self.compiled` of `rules` (up to the agent size, which does not change
    /// the compiled moves: queries for agents of many sizes share one entry), compiling them
    /// on a miss.
    fn compiled_rules(&mut self, rules: &GridRules) -> Result<usize, GridError> {
        const KEPT: usize = 4;
        rules.check_agent_size()?;
        if let Some(i) = self
            .compiled
            .iter()
            .position(|c| c.rules().same_except_agent_size(rules))
        {
            return Ok(i);
        }
        let compiled = rules.compile()?;
        if self.compiled.len() == KEPT {
            self.compiled.remove(0);
        }
        self.compiled.push(compiled);
        Ok(self.compiled.len() - 1)
    }

    /// The cells of the last query's path, start to end inclusive (the goal when found, the
    /// end of the partial path otherwise; empty when no path was written).
    pub fn path(&self) -> &[Cell] {
        &self.cells
    }

    /// The cost from the start to each cell of [`path`](GridPathfinder::path).
    pub fn path_costs(&self) -> &[f64] {
        &self.costs
    }

    /// The longest prefix of the last path whose cost is at most `budget` (a turn's worth of
    /// movement). NaN and negative budgets are refused.
    pub fn path_within_budget(&self, budget: f64) -> Result<&[Cell], GridError> {
        let n = prefix_within_budget(&self.costs, budget)?;
        Ok(&self.cells[..n])
    }

    /// The last path as an owned [`GridPath`].
    pub fn to_path(&self) -> GridPath {
        GridPath::from_parts(self.cells.clone(), self.costs.clone())
    }

    /// The cells the last query expanded, in index order (nothing when the last query did not
    /// search: an error or a blocked endpoint). Use it to draw the search.
    pub fn expanded_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (width, count) = self.searched.unwrap_or((1, 0));
        self.ctx
            .closed_nodes()
            .take_while(move |&node| (node as usize) < count)
            .map(move |node| Cell::new(node % width, node / width))
    }

    /// The search context, with the last query's tree (node ids are cell indices).
    pub fn search_context(&self) -> &SearchContext {
        &self.ctx
    }
}
