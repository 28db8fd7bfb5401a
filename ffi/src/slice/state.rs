//! Reading a sliced query's state without stepping it.

use crate::args::OutPtr;
use crate::error::FfiError;
use crate::guard::guard;
use crate::query::{NavQuery, lock_query};
use crate::slice::circle_world::circle_state;
use crate::slice::grid::grid_state;
use crate::slice::types::NavSliceState;
use crate::slice::world::agent_state;
use crate::status::NavStatus;

/// Which navigator's sliced query of a `NavQuery` (the `navigator` of
/// `nav_query_slice_state`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavSliceNavigator {
    /// Tile grids (`nav_grid_slice_begin`).
    Grid = 0,
    /// Agents of any radius (`nav_world_slice_begin`).
    World = 1,
    /// Circles (`nav_circle_world_slice_begin`).
    CircleWorld = 2,
    /// Polygons (`nav_mesh_world_slice_begin`).
    MeshWorld = 3,
}

/// Writes the state of `query`'s sliced query of `navigator` (a `NavSliceNavigator` value) to
/// `*out_state` without stepping it: `NAV_SLICE_STAGE_IDLE` (none begun, cancelled, or
/// replaced by a plain query), `_RUNNING` with the expansions so far, or `_FINISHED` with the
/// outcome (`path_status` found, no path, limit reached, ...; cost, count) that the step
/// which finished it wrote. The world is not read, so an edit is only seen by the next step
/// (which returns `NAV_WORLD_CHANGED` and leaves the state idle). Returns
/// `NAV_INVALID_ARGUMENT` for an unknown `navigator`.
///
/// # Safety
/// `out_state` must point to a writable `NavSliceState`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_slice_state(
    query: *mut NavQuery,
    navigator: u32,
    out_state: *mut NavSliceState,
) -> NavStatus {
    guard("nav_query_slice_state", || {
        let mut state = lock_query(query, "query")?;
        let out = OutPtr::new(out_state, "out_state")?;
        let written = match navigator {
            0 => {
                let sliced = state.grid_search().sliced_state();
                grid_state(&state, sliced)
            }
            1 => {
                let sliced = state.agent_context().sliced_state();
                agent_state(&state, sliced, state.agent_path_is_raw())
            }
            2 => {
                let sliced = state.circle_search().sliced_state();
                circle_state(&state, sliced)
            }
            3 => {
                let sliced = state.mesh.context.sliced_state();
                state.mesh.sliced(sliced)
            }
            other => {
                return Err(FfiError::invalid(format!(
                    "`navigator` must be NAV_SLICE_NAVIGATOR_GRID (0), _WORLD (1), _CIRCLE_WORLD (2) or _MESH_WORLD (3), got {other}"
                )));
            }
        };
        // SAFETY: the caller's contract.
        unsafe { out.write(written) };
        Ok(())
    })
}
