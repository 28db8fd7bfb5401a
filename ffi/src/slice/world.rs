//! Time-sliced `NavWorld` queries (agents of any radius on a lattice).

use nav_agent::{AgentQuery, QueryError};

use crate::args::read_optional;
use crate::error::FfiError;
use crate::geometry::{self, NavVec2};
use crate::guard::guard;
use crate::query::{NavQuery, QueryState, lock_query};
use crate::shared;
use crate::slice::grid::budget_and_out;
use crate::slice::types::{NavSliceState, world_changed};
use crate::status::NavStatus;
use crate::world::edit::optional_obstacle;
use crate::world::find_path::{agent_from_desc, limits_from_options};
use crate::world::{NavAgentDesc, NavWorld, NavWorldQueryOptions};

fn agent_error(error: QueryError) -> FfiError {
    match error {
        QueryError::WorldChanged => world_changed("world"),
        other => FfiError::from(other),
    }
}

/// The state of the agent's sliced query: the smoothed or the raw path's length and points,
/// as the query asked.
pub(crate) fn agent_state(
    state: &QueryState,
    sliced: nav_agent::SliceState,
    raw: bool,
) -> NavSliceState {
    let path = state.agent_context().last_path();
    NavSliceState::of(sliced, |_| {
        if raw {
            (path.raw_length(), path.raw_points().len() as u32)
        } else {
            (path.length(), path.points().len() as u32)
        }
    })
}

/// Begins a time-sliced `NavWorld` query: `nav_world_find_path` spread over several calls.
/// The arguments are those of `nav_world_find_path` without the buffer; `*out_state`
/// receives the state (finished at once for an endpoint out of bounds or blocked). Step it
/// with `nav_world_slice_step`; once finished, `nav_query_world_path` copies the path
/// (smoothed, or raw with `options->raw_path`). A later `NavWorld` query on the same `query`
/// replaces it. Errors: those of `nav_world_find_path`.
///
/// # Safety
/// `agent` must point to a readable `NavAgentDesc`; `options` NULL or readable; `out_state`
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_slice_begin(
    world: *const NavWorld,
    query: *mut NavQuery,
    agent: *const NavAgentDesc,
    options: *const NavWorldQueryOptions,
    start: NavVec2,
    goal: NavVec2,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_world_slice_begin", || {
        let mut state = lock_query(query, "query")?;
        state.forget_agent_path();
        state.agent_search().cancel_sliced();
        let (_, out) = budget_and_out(1, out_state)?;
        // SAFETY: the caller's contract.
        let desc =
            unsafe { read_optional(agent, "agent") }?.ok_or_else(|| FfiError::null("agent"))?;
        let agent = agent_from_desc(&desc)?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
        let (limits, raw) = limits_from_options(&options)?;
        let start = geometry::point(start, "start")?;
        let goal = geometry::point(goal, "goal")?;
        let world = shared::read(world, "world")?;
        let own = optional_obstacle(&world, desc.own_obstacle, "agent.own_obstacle")?;
        let query = AgentQuery::new(start, goal)
            .with_agent(&agent)
            .with_own_obstacle(own)
            .with_limits(limits);
        let sliced = state
            .agent_search()
            .begin_sliced(&world, &query)
            .map_err(agent_error)?;
        state.keep_agent_path(raw);
        let written = agent_state(&state, sliced, raw);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}

/// Advances the `NavWorld` sliced query of `query` by at most `max_expansions` (at least 1)
/// lattice nodes and writes its state to `*out_state` (see `nav_grid_slice_step`). An
/// obstacle inserted, moved or removed since the query began, or another world, gives
/// `NAV_WORLD_CHANGED` and cancels the sliced query.
///
/// # Safety
/// `out_state` must point to a writable `NavSliceState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_slice_step(
    world: *const NavWorld,
    query: *mut NavQuery,
    max_expansions: u32,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_world_slice_step", || {
        let mut state = lock_query(query, "query")?;
        let (budget, out) = budget_and_out(max_expansions, out_state)?;
        let world = shared::read(world, "world")?;
        let sliced = state
            .agent_search()
            .step_sliced(&world, budget)
            .map_err(agent_error)?;
        let raw = state.agent_path_is_raw();
        let written = agent_state(&state, sliced, raw);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}
