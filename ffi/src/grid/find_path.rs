//! Grid queries: one start and goal, the path into the caller's buffers.

use nav_grid::{Cell, CompiledRules, GridContext, GridError, GridMap, GridQuery, Limits};

use crate::args::{OutBuffer, OutPtr, flag, optional_bound, optional_count, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::grid::map::NavGrid;
use crate::grid::rules::{DEFAULT_RULES, NavGridRules, read_rules};
use crate::grid::types::{NavCell, NavGridPathResult, NavGridQueryOptions, NavPathStatus};
use crate::guard::guard;
use crate::query::{NavQuery, lock_query};
use crate::shared;
use crate::status::NavStatus;

/// The per-query options, checked: search limits and the agent's size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct QueryOptions {
    pub limits: Limits,
    /// Side of the agent in cells, 1 to `GridQuery::MAX_AGENT_SIZE`.
    pub agent_size: u32,
}

impl QueryOptions {
    /// The query from `start` to `goal` under these options.
    pub(crate) fn query(&self, start: NavCell, goal: NavCell) -> GridQuery {
        GridQuery::new(start.into(), goal.into())
            .with_agent_size(self.agent_size)
            .with_limits(self.limits)
    }
}

/// Checks per-query options and turns them into search limits and an agent size.
pub(crate) fn options_from_desc(options: &NavGridQueryOptions) -> FfiResult<QueryOptions> {
    let max_cost = optional_bound(options.max_cost, "options.max_cost", "no limit")?;
    let partial_path = flag(options.partial_path, "options.partial_path")?;
    let max_size = GridQuery::MAX_AGENT_SIZE;
    let agent_size = match options.agent_size {
        0 => 1,
        size if size <= max_size => size,
        size => {
            return Err(FfiError::invalid(format!(
                "`options.agent_size` must be 0 or 1 (one cell) to {max_size} cells, got {size}"
            )));
        }
    };
    let limits = Limits {
        max_expanded: optional_count(options.max_expanded).unwrap_or(usize::MAX),
        max_cost: max_cost.unwrap_or(f64::INFINITY),
        partial_path,
    };
    Ok(QueryOptions { limits, agent_size })
}

/// Reads the optional options struct.
///
/// # Safety
/// `options` must be NULL or point to a readable `NavGridQueryOptions`.
pub(crate) unsafe fn read_options(options: *const NavGridQueryOptions) -> FfiResult<QueryOptions> {
    // SAFETY: the caller's contract.
    let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
    options_from_desc(&options)
}

/// Runs one search; returns its result (path kept in the context).
///
/// The context checks the endpoints itself, after clearing its last path: whatever happens
/// here, the context's path and expanded cells are this search's (empty when it was refused).
pub(crate) fn run_search(
    ctx: &mut GridContext,
    map: &GridMap,
    rules: &CompiledRules,
    query: &GridQuery,
) -> FfiResult<NavGridPathResult> {
    let answer = ctx
        .find_path(map, rules, query)
        .map_err(|error| match error {
            // The C API calls a map a grid (`NavGrid`).
            GridError::EndpointOutOfRange {
                endpoint,
                x,
                y,
                width,
                height,
            } => FfiError::new(
                NavStatus::NavOutOfRange,
                format!("{endpoint} ({x}, {y}) is outside the {width}x{height} grid"),
            ),
            other => FfiError::from(other),
        })?;
    Ok(NavGridPathResult {
        cost: answer.cost(),
        expanded: answer.expanded() as u64,
        path_status: NavPathStatus::from(answer.status()) as u32,
        cell_count: answer.path().len() as u32,
    })
}

/// Copies a path (cells, and their costs when `costs` has room) into the caller's buffers;
/// `Err` when the cell buffer is too small (nothing written).
fn copy_path(
    (path, path_costs): (&[Cell], &[f64]),
    cells: &mut OutBuffer<'_, NavCell>,
    costs: &mut OutBuffer<'_, f64>,
) -> FfiResult<()> {
    cells.write_all(path.len(), path.iter().map(|&c| c.into()), "the path")?;
    // `costs` is empty (not asked for) or as long as `cells`.
    if costs.capacity() > 0 {
        costs.write_all(path_costs.len(), path_costs.iter().copied(), "the path")?;
    }
    Ok(())
}

/// Finds a cheapest path on `grid` from `start` to `goal`.
///
/// * `query`: this thread's context (required); it keeps the path for `nav_query_grid_*`.
/// * `rules`: NULL for the Moving AI rules.
/// * `options`: NULL for no limits and an agent of one cell (see `NavGridQueryOptions`; with
///   `agent_size` K > 1 the path's cells are the top-left cells of a K x K agent, and a start
///   or goal where it does not fit is `NAV_PATH_STATUS_START_BLOCKED` or
///   `NAV_PATH_STATUS_GOAL_BLOCKED`).
/// * `out_cells[0..capacity]`: receives the path's cells, start to end inclusive.
///   `out_costs`: NULL, or `capacity` doubles that receive the cost from the start to each
///   cell. Both may be NULL with `capacity` 0 to learn the length only.
/// * `*out_result`: always written when the search ran: status, cost, expanded cells and
///   `cell_count`, the path's length.
///
/// Returns `NAV_OK` when the search ran, whether or not it found a path (see
/// `out_result->path_status`: blocked endpoints, no path and limits are outcomes, not
/// errors); `NAV_BUFFER_TOO_SMALL` when the path has more than `capacity` cells (nothing
/// written to the buffers; `out_result->cell_count` is the size needed, and
/// `nav_query_grid_path` copies the path without searching again); `NAV_OUT_OF_RANGE` when
/// `start` or `goal` is outside the grid.
///
/// Thread safety: many threads may query one grid at once, each with its own `query`. A warm
/// query (same map size as before) allocates nothing.
///
/// `NAV_BUSY` while an edit on another thread holds the grid or waits for it (nothing is
/// searched; try again, or let this thread wait: `nav_set_wait_timeout`).
///
/// # Safety
/// `options` must be NULL or readable; `out_cells` and `out_costs` NULL or valid for
/// `capacity` writes; `out_result` must point to a writable `NavGridPathResult`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: each buffer with its capacity
pub unsafe extern "C" fn nav_grid_find_path(
    grid: *const NavGrid,
    query: *mut NavQuery,
    rules: *const NavGridRules,
    options: *const NavGridQueryOptions,
    start: NavCell,
    goal: NavCell,
    out_cells: *mut NavCell,
    out_costs: *mut f64,
    capacity: u32,
    out_result: *mut NavGridPathResult,
) -> NavStatus {
    guard("nav_grid_find_path", || {
        // First of all: a query refused below must leave no path, not the previous one.
        let mut state = lock_query(query, "query")?;
        state.forget_grid_results();
        let result_out = OutPtr::new(out_result, "out_result")?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::new(out_cells, capacity, "out_cells") }?;
        // SAFETY: the caller's contract.
        let mut costs = unsafe { OutBuffer::optional(out_costs, capacity, "out_costs") }?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_options(options) }?;
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        let ctx = state.grid_search();
        let result = run_search(ctx, &map, rules, &options.query(start, goal))?;
        // SAFETY: the caller's contract.
        unsafe { result_out.write(result) };
        copy_path(state.grid_path(), &mut cells, &mut costs)
    })
}

/// Copies the path of the latest grid query run with `query` (as `nav_grid_find_path` wrote
/// it, or would have with a larger buffer): cells into `out_cells`, costs into `out_costs`
/// (may be NULL), the length into `*out_count`. The path is empty after a query that found
/// none or failed.
///
/// # Safety
/// `out_cells` and `out_costs` must be NULL or valid for `capacity` writes; `out_count` must
/// point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_grid_path(
    query: *mut NavQuery,
    out_cells: *mut NavCell,
    out_costs: *mut f64,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    guard("nav_query_grid_path", || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::new(out_cells, capacity, "out_cells") }?;
        // SAFETY: the caller's contract.
        let mut costs = unsafe { OutBuffer::optional(out_costs, capacity, "out_costs") }?;
        let state = lock_query(query, "query")?;
        // SAFETY: the caller's contract.
        unsafe { count.write(state.grid_path().0.len() as u32) };
        copy_path(state.grid_path(), &mut cells, &mut costs)
    })
}

/// Writes to `*out_count` how many leading cells of the latest grid path of `query` a unit can
/// walk with `budget` movement points (the cost of reaching each is at most `budget`): a
/// turn's worth of movement. The start always counts (1 for any budget >= 0, 0 when there is
/// no path); +infinity keeps the whole path. NaN and negative budgets are refused.
///
/// # Safety
/// `out_count` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_grid_path_within_budget(
    query: *mut NavQuery,
    budget: f64,
    out_count: *mut u32,
) -> NavStatus {
    guard("nav_query_grid_path_within_budget", || {
        let count = OutPtr::new(out_count, "out_count")?;
        let state = lock_query(query, "query")?;
        let prefix = state.grid_path_within_budget(budget)?;
        // SAFETY: the caller's contract.
        unsafe { count.write(prefix as u32) };
        Ok(())
    })
}

/// Copies the cells the latest grid query of `query` expanded (in index order; none when it
/// did not search: refused, or a blocked endpoint) into `out_cells`; `*out_count` receives
/// their number (or the number needed, with `NAV_BUFFER_TOO_SMALL`). For drawing a search.
///
/// # Safety
/// `out_cells` must be NULL (with `capacity` 0) or valid for `capacity` writes; `out_count`
/// must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_grid_expanded_cells(
    query: *mut NavQuery,
    out_cells: *mut NavCell,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    guard("nav_query_grid_expanded_cells", || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::new(out_cells, capacity, "out_cells") }?;
        let state = lock_query(query, "query")?;
        let needed = state.grid_expanded_cells().count();
        // SAFETY: the caller's contract.
        unsafe { count.write(needed as u32) };
        cells.write_all(
            needed,
            state.grid_expanded_cells().map(NavCell::from),
            "the expanded cells",
        )
    })
}
