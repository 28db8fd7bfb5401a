//! Time-sliced `NavMeshWorld` queries.

use nav_mesh::{MeshError, MeshQuery};

use crate::args::read_optional;
use crate::error::FfiError;
use crate::exact_path::ExactOptions;
use crate::geometry::{self, NavVec2};
use crate::guard::guard;
use crate::mesh_world::{NavMeshQueryOptions, NavMeshWorld};
use crate::query::{NavQuery, lock_query};
use crate::shared;
use crate::slice::grid::budget_and_out;
use crate::slice::types::{NavSliceState, world_changed};
use crate::status::NavStatus;

fn mesh_error(error: MeshError) -> FfiError {
    match error {
        MeshError::WorldChanged => world_changed("world"),
        other => FfiError::from(other),
    }
}

/// Begins a time-sliced `NavMeshWorld` query: `nav_mesh_world_find_path` spread over several
/// calls. The arguments are those of `nav_mesh_world_find_path` without the buffer;
/// `*out_state` receives the state (finished at once for an endpoint where the disc does not
/// fit, or start = goal). Step it with `nav_mesh_world_slice_step`; once finished,
/// `nav_query_mesh_path` and `nav_query_mesh_path_polyline` read the path. A later
/// `NavMeshWorld` query on the same `query` replaces it. Errors: those of
/// `nav_mesh_world_find_path`.
///
/// # Safety
/// `options` must be NULL or readable; `out_state` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_slice_begin(
    world: *const NavMeshWorld,
    query: *mut NavQuery,
    agent_radius: f32,
    options: *const NavMeshQueryOptions,
    start: NavVec2,
    goal: NavVec2,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_mesh_world_slice_begin", || {
        let mut state = lock_query(query, "query")?;
        state.mesh.forget();
        state.mesh.context.cancel_sliced();
        let (_, out) = budget_and_out(1, out_state)?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
        let query = MeshQuery::new(
            geometry::point(start, "start")?,
            geometry::point(goal, "goal")?,
        )
        .with_radius(geometry::radius(agent_radius, "agent_radius", false)?)
        .with_limits(options.limits()?);
        let world = shared::read(world, "world")?;
        let sliced = state
            .mesh
            .context
            .begin_sliced(&world, &query)
            .map_err(mesh_error)?;
        let written = state.mesh.sliced(sliced);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}

/// Advances the `NavMeshWorld` sliced query of `query` by at most `max_expansions` nodes (at
/// least one) and writes its state to `*out_state` (see `nav_grid_slice_step`). An obstacle
/// inserted, changed or removed since the query began, or another world, gives
/// `NAV_WORLD_CHANGED` and cancels the sliced query.
///
/// # Safety
/// `out_state` must point to a writable `NavSliceState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_slice_step(
    world: *const NavMeshWorld,
    query: *mut NavQuery,
    max_expansions: u32,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_mesh_world_slice_step", || {
        let mut state = lock_query(query, "query")?;
        let (budget, out) = budget_and_out(max_expansions, out_state)?;
        let world = shared::read(world, "world")?;
        let sliced = state
            .mesh
            .context
            .step_sliced(&world, budget)
            .map_err(mesh_error)?;
        let written = state.mesh.sliced(sliced);
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}
