//! `nav_mesh_world_find_nearest`: the nearest of several goals in a polygon world.

use nav_mesh::MeshQuery;

use super::with_goals;
use crate::circle_world::{NavPathPiece, copy_pieces};
use crate::exact_path;
use crate::geometry::NavVec2;
use crate::guard::guard;
use crate::mesh_world::{NavMeshPathResult, NavMeshQueryOptions, NavMeshWorld};
use crate::query::NavQuery;
use crate::shared;
use crate::status::NavStatus;

/// Finds the exact shortest path for a disc agent of `agent_radius` from `start` to the
/// nearest of `goals[0..goal_count]` (the goal with the shortest path, not the nearest in a
/// straight line) in `world`, in one search, into `out_pieces[0..capacity]` as
/// `nav_mesh_world_find_path` writes a path; `*out_goal_index` receives the index of the goal
/// reached (`UINT32_MAX` when none was). Its length is the shortest of one
/// `nav_mesh_world_find_path` per goal.
///
/// Goals outside the bounds or where the disc does not fit are ignored (repeated goals: the
/// first index counts). `out_result->path_status`: `NAV_PATH_STATUS_OUT_OF_BOUNDS` when the
/// start is outside the bounds or every goal is, `NAV_PATH_STATUS_START_BLOCKED`,
/// `NAV_PATH_STATUS_GOAL_BLOCKED` when no goal is usable (or `goal_count` is 0), else found,
/// no path or limit reached (with a partial path towards the nearest goal if the options ask).
/// `NAV_BUFFER_TOO_SMALL` as `nav_mesh_world_find_path` (`nav_query_mesh_path` and
/// `nav_query_mesh_path_polyline` then read the path); `NAV_INVALID_ARGUMENT` for NaN or
/// infinite points (naming `goals[i]`), a bad radius or bad options; `NAV_INVALID_SIZE` for
/// more than `NAV_MAX_NEAREST_GOALS` goals.
///
/// Thread safety: as `nav_mesh_world_find_path`.
///
/// # Safety
/// `options` must be NULL or readable; `goals` NULL with `goal_count` 0 or `goal_count`
/// readable `NavVec2`s; `out_pieces` NULL (with `capacity` 0) or valid for `capacity` writes;
/// `out_result` and `out_goal_index` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: each buffer with its capacity
pub unsafe extern "C" fn nav_mesh_world_find_nearest(
    world: *const NavMeshWorld,
    query: *mut NavQuery,
    agent_radius: f32,
    options: *const NavMeshQueryOptions,
    start: NavVec2,
    goals: *const NavVec2,
    goal_count: u32,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_result: *mut NavMeshPathResult,
    out_goal_index: *mut u32,
) -> NavStatus {
    guard("nav_mesh_world_find_nearest", || {
        // SAFETY: the caller's contract (the goal checked is the start: the goals follow).
        let mut search = unsafe {
            exact_path::prepare(
                query,
                |state| state.mesh.forget(),
                out_result,
                out_pieces,
                capacity,
                options,
                start,
                start,
                agent_radius,
            )
        }?;
        let goal_out = crate::args::OutPtr::new(out_goal_index, "out_goal_index")?;
        // SAFETY: the caller's contract.
        unsafe {
            with_goals(goals, goal_count, |goals| {
                let world = shared::read(world, "world")?;
                let query = MeshQuery::new(search.start, search.start)
                    .with_radius(search.radius)
                    .with_limits(search.limits);
                let (goal, outcome) = search.state.mesh.search_nearest(&world, &query, goals)?;
                search.result.write(search.state.mesh.result(&outcome));
                goal_out.write(goal.map_or(u32::MAX, |g| g as u32));
                copy_pieces(search.state.mesh.pieces(), &mut search.pieces)
            })
        }
    })
}
