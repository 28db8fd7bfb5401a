//! Time-sliced `NavGrid` queries, and the cancel of every navigator's sliced query.

use nav_grid::GridError;

use crate::args::OutPtr;
use crate::error::{FfiError, FfiResult};
use crate::grid::NavGrid;
use crate::grid::find_path::read_options;
use crate::grid::rules::{DEFAULT_RULES, NavGridRules, read_rules};
use crate::grid::{NavCell, NavGridQueryOptions};
use crate::guard::guard;
use crate::query::{NavQuery, QueryState, lock_query};
use crate::shared;
use crate::slice::types::{NavSliceState, check_budget, world_changed};
use crate::status::NavStatus;

/// The grid context's errors in ABI terms (an edit between steps: `NAV_WORLD_CHANGED`).
fn grid_error(error: GridError) -> FfiError {
    match error {
        GridError::WorldChanged { what: "map" } => world_changed("grid"),
        GridError::WorldChanged { .. } => world_changed("rules"),
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
    }
}

/// The state of the grid's sliced query.
pub(crate) fn grid_state(state: &QueryState, sliced: nav_grid::SliceState) -> NavSliceState {
    NavSliceState::of(sliced, |outcome| {
        (outcome.cost, state.grid_path().0.len() as u32)
    })
}

/// Begins a time-sliced grid query: `nav_grid_find_path` spread over several calls, so that
/// a game gives pathfinding a fixed budget per frame. The arguments are those of
/// `nav_grid_find_path` without the buffers; `*out_state` receives the state: finished at
/// once when the query needs no search (a blocked endpoint, cells in different components),
/// running otherwise (step it with `nav_grid_slice_step`).
///
/// The sliced query lives in `query` (one per navigator: a later grid query on the same
/// `query`, sliced or not, replaces it; queries of other navigators do not). Returns
/// `NAV_OUT_OF_RANGE` for an endpoint outside the grid and the errors of `nav_grid_find_path`
/// for bad options; then no sliced query remains.
///
/// # Safety
/// `options` must be NULL or readable; `out_state` must point to a writable
/// `NavSliceState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_slice_begin(
    grid: *const NavGrid,
    query: *mut NavQuery,
    rules: *const NavGridRules,
    options: *const NavGridQueryOptions,
    start: NavCell,
    goal: NavCell,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_grid_slice_begin", || {
        // First of all: a query refused below must leave no path and no sliced query.
        let mut state = lock_query(query, "query")?;
        state.grid_search().cancel_sliced();
        state.forget_grid_results();
        let out = OutPtr::new(out_state, "out_state")?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_options(options) }?;
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        let sliced = state
            .grid_search()
            .begin_sliced(&map, rules, &options.query(start, goal))
            .map_err(grid_error)?;
        let written = grid_state(&state, sliced);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}

/// Advances the grid's sliced query of `query` by at most `max_expansions` (at least 1)
/// expanded cells or jump points, and writes its state to `*out_state`. Once finished,
/// `nav_query_grid_path` (and `nav_query_grid_expanded_cells`) read its path as after
/// `nav_grid_find_path`; stepping a finished query writes the same state again, and stepping
/// with no sliced query writes `NAV_SLICE_STAGE_IDLE`.
///
/// `grid` and `rules` must be the ones the query began with: a grid edited since then (any
/// `nav_grid_set_*`), another grid, or other rules give `NAV_WORLD_CHANGED`, and the sliced
/// query is cancelled. `NAV_INVALID_ARGUMENT` for `max_expansions` 0.
///
/// # Safety
/// `out_state` must point to a writable `NavSliceState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_slice_step(
    grid: *const NavGrid,
    query: *mut NavQuery,
    rules: *const NavGridRules,
    max_expansions: u32,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_grid_slice_step", || {
        let mut state = lock_query(query, "query")?;
        let out = OutPtr::new(out_state, "out_state")?;
        let budget = check_budget(max_expansions)?;
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        let sliced = state
            .grid_search()
            .step_sliced(&map, rules, budget)
            .map_err(grid_error)?;
        let written = grid_state(&state, sliced);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}

/// Cancels the sliced queries of `query`, of every navigator (running or finished): their
/// next steps write `NAV_SLICE_STAGE_IDLE`. The latest paths stay readable.
#[unsafe(no_mangle)]
pub extern "C" fn nav_query_slice_cancel(query: *mut NavQuery) -> NavStatus {
    guard("nav_query_slice_cancel", || {
        let mut state = lock_query(query, "query")?;
        state.cancel_slices();
        Ok(())
    })
}

/// Checks a step's or a begin's common arguments; used by the other navigators' files.
pub(crate) fn budget_and_out(
    max_expansions: u32,
    out_state: *mut NavSliceState,
) -> FfiResult<(usize, OutPtr<NavSliceState>)> {
    let out = OutPtr::new(out_state, "out_state")?;
    Ok((check_budget(max_expansions)?, out))
}
