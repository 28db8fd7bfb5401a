//! Grid queries: a reusable context runs a [`GridQuery`] under [`CompiledRules`].

mod cells;
mod sliced;

use nav_search::{
    NodeId, PathOutcome, PathRef, PathStatus, SearchContext, SearchOutcome, SearchStatus,
};

use crate::cell::Cell;
use crate::components::Connectivity;
use crate::error::{Endpoint, GridError};
use crate::map::GridMap;
use crate::path::{GridPath, prefix_within_budget};
use crate::query::GridQuery;
use crate::rules::{CompiledRules, SearchMode};
use crate::view::{GridView, JumpArrivals};

/// The per-thread memory of grid queries: runs them, and keeps the last one's results.
///
/// Keep one per thread and reuse it: after the first queries on a map it allocates nothing.
/// [`find_path`](GridContext::find_path) answers with a [`PathRef`] that borrows the path;
/// after the answer is dropped the context still holds the path
/// ([`path`](GridContext::path)), the cost of reaching each of its cells
/// ([`path_costs`](GridContext::path_costs)), the search tree
/// ([`expanded_cells`](GridContext::expanded_cells)) and which search ran
/// ([`search_used`](GridContext::search_used)).
///
/// ```
/// use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, PathStatus};
///
/// let map = GridMap::from_ascii(
///     "....\n\
///      .@@.\n\
///      ....",
/// )?;
/// let rules = GridRules::default().compile()?;
/// let mut ctx = GridContext::new();
/// let answer = ctx.find_path(&map, &rules, &GridQuery::new(Cell::new(0, 1), Cell::new(3, 1)))?;
/// assert_eq!(answer.status(), PathStatus::Found);
/// assert_eq!(answer.path().first(), Some(&Cell::new(0, 1)));
/// assert_eq!(answer.path().last(), Some(&Cell::new(3, 1)));
/// // Around the wall without cutting its corners: up, along, down.
/// assert_eq!(answer.cost(), 5.0);
/// assert_eq!(answer.path().len(), 6);
///
/// let blocked = ctx.find_path(&map, &rules, &GridQuery::new(Cell::new(0, 0), Cell::new(1, 1)))?;
/// assert_eq!(blocked.status(), PathStatus::GoalBlocked);
/// // A cell outside the map is an error, never `PathStatus::OutOfBounds`.
/// let off_map = GridQuery::new(Cell::new(0, 0), Cell::new(9, 9));
/// assert!(ctx.find_path(&map, &rules, &off_map).is_err());
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct GridContext {
    ctx: SearchContext,
    nodes: Vec<NodeId>,
    cells: Vec<Cell>,
    costs: Vec<f64>,
    /// Scratch memory of jump point search.
    arrivals: JumpArrivals,
    /// The cell-by-cell kernel's memory, and whether it answered the last query.
    dense: cells::CellSearch,
    dense_used: bool,
    /// Width and cell count of the map of the last query that searched.
    searched: Option<(u32, usize)>,
    /// The search the last query ran, if it searched.
    search_used: Option<SearchMode>,
    /// The time-sliced query, if one was begun (see `sliced.rs`).
    slice: Option<sliced::Slice>,
    /// The rules of the last sliced query (kept apart, and copied only when they change).
    slice_rules: Option<CompiledRules>,
}

impl GridContext {
    /// A context with empty scratch memory; it grows on the first queries.
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

    /// Finds a cheapest path for `query` on `map` under `rules`.
    ///
    /// The answer borrows the path (its cells, start to end inclusive) from the context; the
    /// context keeps it, its per-cell costs and the expanded cells until the next query.
    ///
    /// Statuses: [`Found`](PathStatus::Found), [`NoPath`](PathStatus::NoPath),
    /// [`LimitReached`](PathStatus::LimitReached), [`StartBlocked`](PathStatus::StartBlocked)
    /// and [`GoalBlocked`](PathStatus::GoalBlocked) (the agent does not fit there; nothing is
    /// searched unless the limits ask for a partial path, which then leads to the reachable
    /// cell closest to the goal). A `NoPath` between two cells the agent fits at but that lie
    /// in different connected components (under the rules' moves, for the agent's size) is
    /// answered without searching, with 0 expanded, once the map's labels exist: after
    /// [`GridMap::prepare`], and on maps of up to 2^20 cells (1024 x 1024) whatever the query
    /// history (the first query labels them); on larger maps, after the first search that
    /// ended in `NoPath` (which labels them), so that no query on a large map pays for the
    /// whole map unasked. Custom move sets and partial-path queries always search. A grid never reports
    /// [`OutOfBounds`](PathStatus::OutOfBounds): a cell outside the map is an error.
    ///
    /// Errors: `start` or `goal` outside the map ([`GridError::EndpointOutOfRange`] says
    /// which), an agent size of 0 or above [`GridQuery::MAX_AGENT_SIZE`], limits with a NaN or
    /// negative `max_cost`, and [`SearchMode::JumpPoints`] or
    /// [`SearchMode::JumpPointsPlus`] on a map whose cost multipliers
    /// are not all equal ([`GridError::JumpPointsUnavailable`]). After an error the context
    /// holds no path.
    pub fn find_path(
        &mut self,
        map: &GridMap,
        rules: &CompiledRules,
        query: &GridQuery,
    ) -> Result<PathRef<'_, [Cell]>, GridError> {
        let outcome = self.search(map, rules, query)?;
        Ok(PathRef::new(outcome, self.cells.as_slice()))
    }

    /// [`find_path`](GridContext::find_path) without the borrow: the outcome of the search,
    /// whose path stays in the context.
    fn search(
        &mut self,
        map: &GridMap,
        compiled: &CompiledRules,
        query: &GridQuery,
    ) -> Result<PathOutcome, GridError> {
        let plan = match self.prepare(map, compiled, query)? {
            Prepared::Answered(outcome) => return Ok(outcome),
            Prepared::Search(plan) => plan,
        };
        let mut view = GridView::with_arrivals(
            map,
            compiled,
            query.agent_size,
            query.goal,
            Some(&mut self.arrivals),
        )?;
        if query.limits.max_cost == f64::INFINITY {
            view = view.with_exact_steps(compiled);
        }
        debug_assert_eq!(view.uses_jump_points(), plan.jumping);
        // The common case runs the dedicated kernel, which answers exactly as the engine
        // (`cells.rs`); it hands over to the engine in the rare query where rounding makes
        // the heuristic inconsistent.
        let kernel = view
            .cell_kernel()
            .filter(|k| cells::CellSearch::suits(compiled, k.moves));
        let dense = kernel.and_then(|kernel| {
            self.dense
                .astar(&kernel, plan.start, &query.limits, &mut self.nodes)
                .ok()
        });
        self.dense_used = dense.is_some();
        let outcome = match dense {
            Some(outcome) => outcome,
            None => {
                self.ctx.reserve(map.cell_count());
                self.ctx
                    .astar(&mut view, plan.start, &query.limits, &mut self.nodes)
            }
        };
        Ok(self.write_answer(map, compiled, &plan, &outcome))
    }

    /// What every query does before searching: forgets the last answer (and any sliced query),
    /// checks the query, answers it at once when it needs no search, and otherwise readies the
    /// scratch memory for one.
    fn prepare(
        &mut self,
        map: &GridMap,
        compiled: &CompiledRules,
        query: &GridQuery,
    ) -> Result<Prepared, GridError> {
        self.nodes.clear();
        self.cells.clear();
        self.costs.clear();
        self.searched = None;
        self.search_used = None;
        self.slice = None;
        self.dense_used = false;
        let (start, goal, limits) = (query.start, query.goal, &query.limits);
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
        query.check()?;
        let jumping = compiled.uses_jump_points() && map.has_uniform_cost();
        if compiled.uses_jump_points() && !jumping && compiled.rules().search.is_strict_jumping() {
            return Err(GridError::JumpPointsUnavailable {
                reason: "the map's cost multipliers are not all equal, and jumping assumes \
                         that every step of a line costs the same",
            });
        }
        // Where an agent larger than one cell does not fit counts as blocked.
        let size = query.agent_size;
        if !map.fits(start, size) {
            return Ok(Prepared::Answered(PathOutcome::unsearched(
                PathStatus::StartBlocked,
            )));
        }
        let goal_blocked = !map.fits(goal, size);
        if goal_blocked && !limits.partial_path {
            return Ok(Prepared::Answered(PathOutcome::unsearched(
                PathStatus::GoalBlocked,
            )));
        }

        // Two cells in different connected components: no path, without searching. The
        // labels exist after `GridMap::prepare`; otherwise they are made before the first
        // search that needs them on maps of up to `LAZY_LABEL_CELLS` cells, and after the
        // first search that ends in `NoPath` on larger ones (so that a query costs what it
        // searches, not the map's size). A partial path needs the search's closest cell.
        let connectivity = Connectivity::of(compiled.moves.neighbourhood)
            .filter(|_| !goal_blocked && !limits.partial_path);
        if let Some(connectivity) = connectivity {
            let lazy = map.cell_count() <= LAZY_LABEL_CELLS;
            if map.connected_if_labelled(start, goal, size, connectivity, lazy) == Some(false) {
                self.search_used = Some(mode_of(compiled, jumping));
                return Ok(Prepared::Answered(PathOutcome::unsearched(
                    PathStatus::NoPath,
                )));
            }
        }

        self.searched = Some((map.width(), map.cell_count()));
        self.search_used = Some(mode_of(compiled, jumping));
        Ok(Prepared::Search(Plan {
            start: start_node as NodeId,
            jumping,
            goal_blocked,
            ends: (start, goal, size),
            connectivity,
        }))
    }

    /// Writes the cells and costs of the path the search ended with, and its outcome.
    fn write_answer(
        &mut self,
        map: &GridMap,
        compiled: &CompiledRules,
        plan: &Plan,
        outcome: &SearchOutcome,
    ) -> PathOutcome {
        let Plan {
            jumping,
            goal_blocked,
            ends: (start, goal, size),
            connectivity,
            ..
        } = *plan;
        if let (Some(connectivity), SearchStatus::NoPath) = (connectivity, outcome.status) {
            // The search flooded the start's component: label the map for the next ones.
            map.connected_if_labelled(start, goal, size, connectivity, true);
        }
        // The costs of the eight unit steps (NaN where a step is not a move), read once, and
        // the multiplier of every cell of a uniform map: a path of jump points has a cell per
        // step, and looking each step up in the move list cost more than the search on long
        // paths. The same products and sums as a lookup per step.
        let mut unit = [f64::NAN; 9];
        for (k, cost) in unit.iter_mut().enumerate() {
            let (dx, dy) = (k as i64 % 3 - 1, k as i64 / 3 - 1);
            if (dx, dy) != (0, 0) {
                *cost = compiled.moves.step_cost(dx, dy).unwrap_or(f64::NAN);
            }
        }
        let unit_cost = |dx: i64, dy: i64| unit[((dy + 1) * 3 + dx + 1) as usize];
        let uniform = map.has_uniform_cost().then(|| map.min_cost_multiplier());
        let multiplier = |cell: Cell| match uniform {
            Some(m) => m,
            None => map.cost_multiplier(cell).unwrap_or(f64::NAN),
        };
        // The cells of the path and the cost of reaching each, recomputed step by step from
        // the rules (the same sums the search made, in the same order, except along jumps).
        // Jump points are joined diagonally first, then straight (a straight or diagonal line,
        // or a diagonal jump followed by a straight one).
        let width = map.width();
        let mut total = 0.0;
        let mut prev: Option<Cell> = None;
        for &node in &self.nodes {
            let cell = Cell::new(node % width, node / width);
            if let Some(prev) = prev {
                let (dx, dy) = (cell.x as i64 - prev.x as i64, cell.y as i64 - prev.y as i64);
                let (ax, ay) = (dx.abs(), dy.abs());
                let steps = ax.max(ay);
                if jumping && steps > 1 {
                    // Both axes move while both have steps left (`diagonal` steps), then the
                    // longer one. Jumping implies a uniform map: every step of a run costs the
                    // same product, so each run is written in one pass (the same additions in
                    // the same order as a step at a time); the jump point itself is pushed
                    // below.
                    let (sx, sy) = (dx.signum(), dy.signum());
                    let m = uniform.unwrap_or(f64::NAN);
                    let diagonal = ax.min(ay);
                    let (x0, y0) = (prev.x as i64, prev.y as i64);
                    let (tx, ty) = ((ax > ay) as i64 * sx, (ay > ax) as i64 * sy);
                    let (cd, cs) = (unit_cost(sx, sy) * m, unit_cost(tx, ty) * m);
                    let (xd, yd) = (x0 + diagonal * sx, y0 + diagonal * sy);
                    // Every cell but the last (the jump point), diagonal run first.
                    let at_diagonal =
                        move |k: i64| Cell::new((x0 + k * sx) as u32, (y0 + k * sy) as u32);
                    let at_straight =
                        move |k: i64| Cell::new((xd + k * tx) as u32, (yd + k * ty) as u32);
                    let straight = steps - diagonal;
                    let (n_diagonal, n_straight) = if straight == 0 {
                        (diagonal - 1, 0)
                    } else {
                        (diagonal, straight - 1)
                    };
                    self.cells.extend((1..=n_diagonal).map(at_diagonal));
                    self.cells.extend((1..=n_straight).map(at_straight));
                    self.costs.extend((0..n_diagonal).map(|_| {
                        total += cd;
                        total
                    }));
                    self.costs.extend((0..n_straight).map(|_| {
                        total += cs;
                        total
                    }));
                    total += if straight == 0 { cd } else { cs };
                } else {
                    let base = if ax <= 1 && ay <= 1 {
                        unit_cost(dx, dy)
                    } else {
                        compiled.moves.step_cost(dx, dy).unwrap_or(f64::NAN)
                    };
                    total += base * multiplier(cell);
                }
            }
            debug_assert!(!total.is_nan(), "a step of the path is not a move");
            prev = Some(cell);
            self.cells.push(cell);
            self.costs.push(total);
        }
        debug_assert!(total.is_finite(), "path cost {total} (MoveCosts::MAX_COST)");
        let status = match outcome.status {
            _ if goal_blocked => PathStatus::GoalBlocked,
            SearchStatus::Found => PathStatus::Found,
            SearchStatus::NoPath => PathStatus::NoPath,
            SearchStatus::LimitReached => PathStatus::LimitReached,
        };
        PathOutcome {
            status,
            cost: total,
            expanded: outcome.expanded,
            partial: outcome.partial,
        }
    }

    /// The search the last query ran: [`SearchMode::JumpPointsPlus`],
    /// [`SearchMode::JumpPoints`] or [`SearchMode::CellByCell`]; `None` when it did not search (an error, a blocked
    /// endpoint). A [`NoPath`](PathStatus::NoPath) answered from the connected components
    /// (0 expanded) reports the search that the query selected.
    pub fn search_used(&self) -> Option<SearchMode> {
        self.search_used
    }

    /// The cells of the last query's path, start to end inclusive (the goal when found, the
    /// end of the partial path otherwise; empty when no path was written).
    pub fn path(&self) -> &[Cell] {
        &self.cells
    }

    /// The cost from the start to each cell of [`path`](GridContext::path).
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
        let (engine, dense) = if self.dense_used {
            (None, Some(self.dense.closed_nodes(width)))
        } else {
            (Some(self.ctx.closed_nodes()), None)
        };
        engine
            .into_iter()
            .flatten()
            .chain(dense.into_iter().flatten())
            .take_while(move |&node| (node as usize) < count)
            .map(move |node| Cell::new(node % width, node / width))
    }

    /// The search context of the generic engine, with the tree of the last query it ran (node
    /// ids are cell indices). Cell-by-cell queries on a map of equal multipliers under the 4
    /// or 8 adjacent moves run a dedicated kernel instead, which expands the same cells in the
    /// same order but keeps its tree apart: after one, this context still holds an earlier
    /// query's tree (read [`expanded_cells`](GridContext::expanded_cells) and
    /// [`path_costs`](GridContext::path_costs), which follow every query). Its `g`
    /// values are the search's costs: cell by cell on a map of equal multipliers under the
    /// octile heuristic and no cost limit, the step costs rounded by a relative 1e-12 at most so
    /// that the search's sums are exact (see `GridView::with_exact_steps`); the path's costs
    /// ([`path_costs`](GridContext::path_costs)) are always the rules' own.
    pub fn search_context(&self) -> &SearchContext {
        &self.ctx
    }
}

/// What [`GridContext::prepare`] found.
enum Prepared {
    /// The query needs no search (a blocked endpoint, another component).
    Answered(PathOutcome),
    /// The query searches.
    Search(Plan),
}

/// A query that searches, as [`GridContext::prepare`] readied it.
#[derive(Debug, Clone, Copy)]
struct Plan {
    start: NodeId,
    jumping: bool,
    goal_blocked: bool,
    /// Start, goal and agent size, for the labelling after a search that finds no path.
    ends: (Cell, Cell, u32),
    /// The components that apply to the query (none for custom moves or partial paths).
    connectivity: Option<Connectivity>,
}

/// Maps of up to this many cells (1024 x 1024) are labelled by the first query that needs
/// their connected components (about 13 ms for 768 x 768); larger ones by
/// [`GridMap::prepare`] or after a search that ends in `NoPath`.
pub(crate) const LAZY_LABEL_CELLS: usize = 1 << 20;

/// The mode a query runs: jump points (by table or by scans) or cells.
fn mode_of(compiled: &CompiledRules, jumping: bool) -> SearchMode {
    if jumping {
        compiled.search_mode()
    } else {
        SearchMode::CellByCell
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{MapGenerator, MapKind};
    use crate::{DiagonalRule, GridRules, MoveCosts};

    /// The costs of a jump point path, written a run at a time, are bit for bit the sums of
    /// its steps one at a time (step cost times the map's multiplier, added in path order).
    #[test]
    fn jump_runs_cost_what_single_steps_cost() {
        for (kind, seed) in [
            (MapKind::Random, 1),
            (MapKind::Caves, 2),
            (MapKind::Rooms, 3),
        ] {
            let mut map = MapGenerator::new(kind, 96, 80)
                .with_seed(seed)
                .generate()
                .unwrap();
            for multiplier in [1.0, 1.7] {
                for index in 0..map.cell_count() {
                    let cell = map.cell_at(index).unwrap();
                    map.set_cost_multiplier(cell, multiplier).unwrap();
                }
                assert!(map.has_uniform_cost());
                for diagonal in [DiagonalRule::NoCornerCutting, DiagonalRule::Free] {
                    let rules = GridRules::default()
                        .with_diagonal(diagonal)
                        .with_costs(MoveCosts::new(1.1, 1.3).unwrap())
                        .with_search(SearchMode::JumpPoints)
                        .compile()
                        .unwrap();
                    let mut ctx = GridContext::new();
                    let mut jumps = 0;
                    for k in 0..60u32 {
                        let start = Cell::new((k * 13) % 96, (k * 7) % 80);
                        let goal = Cell::new((k * 29 + 50) % 96, (k * 11 + 40) % 80);
                        let query = GridQuery::new(start, goal);
                        let answer = ctx.find_path(&map, &rules, &query).unwrap();
                        if !answer.is_found() {
                            continue;
                        }
                        let cost = answer.cost();
                        jumps += ctx
                            .nodes
                            .windows(2)
                            .filter(|w| w[0].abs_diff(w[1]) > 97)
                            .count();
                        let mut total = 0.0;
                        let mut expected = vec![0.0];
                        for w in ctx.path().windows(2) {
                            let (dx, dy) =
                                (w[1].x as i64 - w[0].x as i64, w[1].y as i64 - w[0].y as i64);
                            total += rules.moves.step_cost(dx, dy).unwrap()
                                * map.cost_multiplier(w[1]).unwrap();
                            expected.push(total);
                        }
                        let bits = |c: &[f64]| c.iter().map(|c| c.to_bits()).collect::<Vec<_>>();
                        assert_eq!(
                            bits(ctx.path_costs()),
                            bits(&expected),
                            "{start:?} -> {goal:?}"
                        );
                        assert_eq!(cost.to_bits(), total.to_bits());
                    }
                    assert!(jumps > 20, "too few long jumps ({jumps}) to test anything");
                }
            }
        }
    }
}
