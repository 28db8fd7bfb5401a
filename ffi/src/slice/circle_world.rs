//! Time-sliced `NavCircleWorld` queries.

use nav_tangent::{CircleQuery, TangentError};

use crate::args::read_optional;
use crate::circle_world::{NavCircleQueryOptions, NavCircleWorld};
use crate::error::FfiError;
use crate::exact_path::ExactOptions;
use crate::geometry::{self, NavVec2};
use crate::guard::guard;
use crate::query::{NavQuery, QueryState, lock_query};
use crate::shared;
use crate::slice::grid::budget_and_out;
use crate::slice::types::{NavSliceState, world_changed};
use crate::status::NavStatus;

fn circle_error(error: TangentError) -> FfiError {
    match error {
        TangentError::WorldChanged => world_changed("world"),
        other => FfiError::from(other),
    }
}

pub(crate) fn circle_state(state: &QueryState, sliced: nav_tangent::SliceState) -> NavSliceState {
    NavSliceState::of(sliced, |outcome| {
        (outcome.cost, state.circle_pieces().len() as u32)
    })
}

/// Begins a time-sliced `NavCircleWorld` query: `nav_circle_world_find_path` spread over
/// several calls. The arguments are those of `nav_circle_world_find_path` without the
/// buffer; `*out_state` receives the state (finished at once for an endpoint out of bounds or
/// inside a circle, or start = goal). Step it with `nav_circle_world_slice_step`; once
/// finished, `nav_query_circle_path` copies the pieces. A later `NavCircleWorld` query on the
/// same `query` replaces it. Errors: those of `nav_circle_world_find_path`.
///
/// # Safety
/// `options` must be NULL or readable; `out_state` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_slice_begin(
    world: *const NavCircleWorld,
    query: *mut NavQuery,
    agent_radius: f32,
    options: *const NavCircleQueryOptions,
    start: NavVec2,
    goal: NavVec2,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_circle_world_slice_begin", || {
        let mut state = lock_query(query, "query")?;
        state.forget_circle_path();
        state.circle_search().cancel_sliced();
        let (_, out) = budget_and_out(1, out_state)?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
        let query = CircleQuery::new(
            geometry::point(start, "start")?,
            geometry::point(goal, "goal")?,
        )
        .with_radius(geometry::radius(agent_radius, "agent_radius", false)?)
        .with_limits(options.limits()?);
        let world = shared::read(world, "world")?;
        let sliced = state
            .circle_search()
            .begin_sliced(&world, &query)
            .map_err(circle_error)?;
        state.keep_circle_path();
        let written = circle_state(&state, sliced);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}

/// Advances the `NavCircleWorld` sliced query of `query` by at most `max_expansions` (at
/// least 1) nodes and writes its state to `*out_state` (see `nav_grid_slice_step`). A circle
/// inserted, moved or removed since the query began, or another world, gives
/// `NAV_WORLD_CHANGED` and cancels the sliced query.
///
/// # Safety
/// `out_state` must point to a writable `NavSliceState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_slice_step(
    world: *const NavCircleWorld,
    query: *mut NavQuery,
    max_expansions: u32,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_circle_world_slice_step", || {
        let mut state = lock_query(query, "query")?;
        let (budget, out) = budget_and_out(max_expansions, out_state)?;
        let world = shared::read(world, "world")?;
        let sliced = state
            .circle_search()
            .step_sliced(&world, budget)
            .map_err(circle_error)?;
        let written = circle_state(&state, sliced);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}
