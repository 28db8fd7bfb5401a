//! Many goals in one search: the cheapest reachable goal of several, and its path.

use nav_search::{
    Graph, Limits, NodeId, PathOutcome, PathRef, PathStatus, SearchContext, SearchStatus,
    Successors,
};

use crate::cell::Cell;
use crate::error::{Endpoint, GridError};
use crate::heuristic::HeuristicEval;
use crate::map::GridMap;
use crate::query::GridQuery;
use crate::rules::CompiledRules;
use crate::view::GridView;

/// Above this many goals the search runs without a heuristic (Dijkstra): the estimate to the
/// nearest goal would cost one distance per goal per expanded cell.
const MAX_GOALS_FOR_HEURISTIC: usize = 16;

/// A query for the cheapest of several goals: start, goals, agent size and limits.
///
/// ```
/// use nav_grid::{Cell, NearestGoalQuery};
///
/// let depots = [Cell::new(0, 9), Cell::new(9, 0)];
/// let query = NearestGoalQuery::new(Cell::new(5, 5), &depots).with_agent_size(2);
/// assert_eq!(query.goals.len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearestGoalQuery<'a> {
    /// The cell the path starts from.
    pub start: Cell,
    /// The candidate goals; goals where the agent does not fit are ignored.
    pub goals: &'a [Cell],
    /// Side of the agent in cells, as in [`GridQuery::agent_size`].
    pub agent_size: u32,
    /// Bounds on the search, as in [`GridQuery::limits`].
    pub limits: Limits,
}

impl<'a> NearestGoalQuery<'a> {
    /// A query from `start` to the cheapest of `goals`, for an agent of one cell.
    pub fn new(start: Cell, goals: &'a [Cell]) -> Self {
        Self {
            start,
            goals,
            agent_size: 1,
            limits: Limits::UNLIMITED,
        }
    }

    /// Sets [`agent_size`](NearestGoalQuery::agent_size).
    pub fn with_agent_size(mut self, agent_size: u32) -> Self {
        self.agent_size = agent_size;
        self
    }

    /// Sets [`limits`](NearestGoalQuery::limits).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
}

/// The answer of [`NearestGoalContext::find_nearest`]: the path and which goal it reaches.
#[derive(Debug, Clone, Copy)]
pub struct NearestGoal<'a> {
    /// The index in the query's goals of the goal reached (the first of equal goals), when
    /// one was found.
    pub goal: Option<usize>,
    /// The path, borrowed from the context, and its outcome.
    pub answer: PathRef<'a, [Cell]>,
}

/// The per-thread memory of nearest-goal queries (reuse it: warm queries allocate nothing).
///
/// One A* search from the start that stops at the first goal it expands: the cheapest goal,
/// with the heuristic the smallest estimate to any goal (up to 16 goals; Dijkstra beyond).
/// The path and cost are those [`GridContext::find_path`](crate::GridContext::find_path)
/// finds to that goal, and no other goal is cheaper.
///
/// ```
/// use nav_grid::{Cell, GridMap, GridRules, NearestGoalContext, NearestGoalQuery, PathStatus};
///
/// let map = GridMap::from_ascii("
///     ........
///     .@@@@@@.
///     ........
/// ")?;
/// let rules = GridRules::default().compile()?;
/// let mut ctx = NearestGoalContext::new();
/// let depots = [Cell::new(7, 0), Cell::new(0, 2)];
/// let nearest = ctx.find_nearest(&map, &rules, &NearestGoalQuery::new(Cell::new(1, 0), &depots))?;
/// assert_eq!(nearest.answer.status(), PathStatus::Found);
/// assert_eq!(nearest.goal, Some(1)); // 2 steps away, the other one 6
/// assert_eq!(nearest.answer.path().last(), Some(&Cell::new(0, 2)));
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct NearestGoalContext {
    ctx: SearchContext,
    nodes: Vec<NodeId>,
    cells: Vec<Cell>,
    /// The goals where the agent fits: (node id, index in the query).
    goals: Vec<(NodeId, usize)>,
}

impl NearestGoalContext {
    /// An empty context; it grows on the first queries.
    pub fn new() -> Self {
        Self::default()
    }

    /// Finds the cheapest path from the query's start to any of its goals.
    ///
    /// Statuses: [`Found`](PathStatus::Found); [`NoPath`](PathStatus::NoPath) when no goal
    /// can be reached; [`LimitReached`](PathStatus::LimitReached);
    /// [`StartBlocked`](PathStatus::StartBlocked) where the agent does not fit at the start;
    /// [`GoalBlocked`](PathStatus::GoalBlocked) when it fits at none of the goals (or there
    /// are none). Errors: the start or a goal outside the map, a bad agent size or limits.
    pub fn find_nearest(
        &mut self,
        map: &GridMap,
        rules: &CompiledRules,
        query: &NearestGoalQuery<'_>,
    ) -> Result<NearestGoal<'_>, GridError> {
        let (outcome, goal) = self.search(map, rules, query)?;
        Ok(NearestGoal {
            goal,
            answer: PathRef::new(outcome, self.cells.as_slice()),
        })
    }

    fn search(
        &mut self,
        map: &GridMap,
        rules: &CompiledRules,
        query: &NearestGoalQuery<'_>,
    ) -> Result<(PathOutcome, Option<usize>), GridError> {
        self.nodes.clear();
        self.cells.clear();
        self.goals.clear();
        let out_of_range = |endpoint: Endpoint, cell: Cell| GridError::EndpointOutOfRange {
            endpoint,
            x: cell.x as u64,
            y: cell.y as u64,
            width: map.width(),
            height: map.height(),
        };
        let start = map
            .index_of(query.start)
            .ok_or_else(|| out_of_range(Endpoint::Start, query.start))?;
        if let Some(&off) = query.goals.iter().find(|&&g| !map.contains(g)) {
            return Err(out_of_range(Endpoint::Goal, off));
        }
        GridQuery::new(query.start, query.start)
            .with_agent_size(query.agent_size)
            .with_limits(query.limits)
            .check()?;
        let size = query.agent_size;
        if !map.fits(query.start, size) {
            return Ok((PathOutcome::unsearched(PathStatus::StartBlocked), None));
        }
        for (i, &g) in query.goals.iter().enumerate() {
            if map.fits(g, size) {
                let node = map.index_of(g).expect("checked above") as NodeId;
                self.goals.push((node, i));
            }
        }
        if self.goals.is_empty() {
            return Ok((PathOutcome::unsearched(PathStatus::GoalBlocked), None));
        }
        // Sorted by node, the first index of equal goals first.
        self.goals.sort_unstable();
        self.goals.dedup_by_key(|g| g.0);
        let view = GridView::for_agent(map, rules, query.goals[self.goals[0].1], size)?;
        let eval = HeuristicEval::new(
            rules.rules().heuristic,
            &rules.rules().costs,
            map.min_cost_multiplier(),
        );
        let mut graph = NearestView {
            view,
            goals: &self.goals,
            eval,
            width: map.width(),
            use_heuristic: self.goals.len() <= MAX_GOALS_FOR_HEURISTIC,
        };
        self.ctx.reserve(map.cell_count());
        let outcome = self
            .ctx
            .astar(&mut graph, start as NodeId, &query.limits, &mut self.nodes);
        let width = map.width();
        self.cells
            .extend(self.nodes.iter().map(|&n| Cell::new(n % width, n / width)));
        let goal = match outcome.status {
            SearchStatus::Found => outcome.end.and_then(|end| {
                self.goals
                    .binary_search_by_key(&end, |g| g.0)
                    .ok()
                    .map(|i| self.goals[i].1)
            }),
            _ => None,
        };
        let status = match outcome.status {
            SearchStatus::Found => PathStatus::Found,
            SearchStatus::NoPath => PathStatus::NoPath,
            SearchStatus::LimitReached => PathStatus::LimitReached,
        };
        Ok((
            PathOutcome {
                status,
                cost: outcome.cost,
                expanded: outcome.expanded,
                partial: outcome.partial,
            },
            goal,
        ))
    }
}

/// A grid view whose goals are a set of cells.
struct NearestView<'a> {
    view: GridView<'a>,
    /// Sorted by node id.
    goals: &'a [(NodeId, usize)],
    eval: HeuristicEval,
    width: u32,
    use_heuristic: bool,
}

impl Graph for NearestView<'_> {
    #[inline]
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        self.view.successors(node, out);
    }

    fn heuristic(&self, node: NodeId) -> f64 {
        if !self.use_heuristic {
            return 0.0;
        }
        let (x, y) = (node % self.width, node / self.width);
        self.goals
            .iter()
            .map(|&(g, _)| {
                let (gx, gy) = (g % self.width, g / self.width);
                self.eval
                    .estimate(x.abs_diff(gx) as u64, y.abs_diff(gy) as u64)
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[inline]
    fn is_goal(&self, node: NodeId) -> bool {
        self.goals.binary_search_by_key(&node, |g| g.0).is_ok()
    }
}
