//! Nearest of several goals in one search, for the continuous worlds: `NavWorld` (agents of
//! any radius, nav-agent), `NavCircleWorld` (circles, nav-tangent) and `NavMeshWorld`
//! (polygons, nav-mesh: `mesh.rs`). The grid's is `nav_grid_find_nearest` (grid/flow.rs).

use std::cell::RefCell;

mod mesh;

pub use mesh::nav_mesh_world_find_nearest;

use nav_agent::AgentQuery;
use nav_geom::Vec2;
use nav_tangent::CircleQuery;

use crate::args::{OutBuffer, OutPtr, input_slice, read_optional};
use crate::circle_world::{
    NavCirclePathResult, NavCircleQueryOptions, NavCircleWorld, NavPathPiece, circle_result,
    copy_pieces,
};
use crate::error::{FfiError, FfiResult};
use crate::exact_path;
use crate::geometry::{self, NavVec2};
use crate::guard::guard;
use crate::query::{NavQuery, QueryState, lock_query};
use crate::shared;
use crate::status::NavStatus;
use crate::world::find_path::{
    agent_from_desc, copy_points, limits_from_options, result as world_result,
};
use crate::world::{NavAgentDesc, NavWorld, NavWorldPathResult, NavWorldQueryOptions};

/// The most goals `nav_world_find_nearest`, `nav_circle_world_find_nearest` and
/// `nav_mesh_world_find_nearest` accept (the
/// grid's `nav_grid_find_nearest` accepts `NAV_MAX_GOALS`): their searches look at every goal
/// at every node. For more, build a flow field from the goals.
pub const NAV_MAX_NEAREST_GOALS: u32 = 1024;
// cbindgen needs the literal; it is the navigators' one limit.
const _: () = assert!(NAV_MAX_NEAREST_GOALS as usize == nav_search::MAX_NEAREST_GOALS);

thread_local! {
    /// This thread's copy of the goals of a nearest-goal query (warm queries allocate nothing).
    static GOALS: RefCell<Vec<Vec2>> = const { RefCell::new(Vec::new()) };
}

/// Checks `goals[0..goal_count]` (at most `NAV_MAX_NEAREST_GOALS`, finite) and runs `search`
/// with them as points.
///
/// # Safety
/// `goals` must be NULL with `goal_count` 0 or point to `goal_count` readable `NavVec2`s.
unsafe fn with_goals<T>(
    goals: *const NavVec2,
    goal_count: u32,
    search: impl FnOnce(&[Vec2]) -> FfiResult<T>,
) -> FfiResult<T> {
    if goal_count > NAV_MAX_NEAREST_GOALS {
        return Err(FfiError::new(
            NavStatus::NavInvalidSize,
            format!(
                "`goals` holds {goal_count} points, at most {NAV_MAX_NEAREST_GOALS} are accepted"
            ),
        ));
    }
    // SAFETY: the caller's contract.
    let goals = unsafe { input_slice(goals, goal_count as usize, "goals") }?;
    GOALS.with(|points| {
        // A panic in an earlier call (caught by the guard) may leave it borrowed.
        let mut points = points
            .try_borrow_mut()
            .map_err(|_| FfiError::new(NavStatus::NavPanic, "the goal buffer is in use"))?;
        points.clear();
        for (i, &goal) in goals.iter().enumerate() {
            let point = geometry::point(goal, "goals")
                .map_err(|_| geometry::point(goal, &format!("goals[{i}]")).unwrap_err())?;
            points.push(point);
        }
        search(&points)
    })
}

/// Finds the path for the agent `*agent` from `start` to the nearest of
/// `goals[0..goal_count]` (the goal with the cheapest lattice path, not the nearest in a
/// straight line) in one search, into `out_points[0..capacity]` as `nav_world_find_path`
/// writes a path (smoothed, or raw with `options->raw_path`); `*out_goal_index` receives the
/// index of the goal reached (`UINT32_MAX` when none was).
///
/// Goals outside the bounds or blocked are ignored (repeated goals: the first index counts).
/// `out_result->path_status`: `NAV_PATH_STATUS_OUT_OF_BOUNDS` when the start is outside the
/// bounds or every goal is, `NAV_PATH_STATUS_START_BLOCKED`, `NAV_PATH_STATUS_GOAL_BLOCKED`
/// when no goal is usable (or `goal_count` is 0), else found, no path or limit reached. The
/// path is a `nav_world_find_path` path to that goal, whose lattice length is the smallest of
/// the goals'. `NAV_BUFFER_TOO_SMALL` as `nav_world_find_path` (`nav_query_world_path` then
/// copies the path); `NAV_INVALID_ARGUMENT` for NaN or infinite points (naming `goals[i]`),
/// the agent errors of `nav_world_find_path`; `NAV_INVALID_SIZE` for more than
/// `NAV_MAX_NEAREST_GOALS` goals.
///
/// Thread safety: as `nav_world_find_path`.
///
/// # Safety
/// `agent` must point to a readable `NavAgentDesc`; `options` NULL or readable; `goals` NULL
/// with `goal_count` 0 or `goal_count` readable `NavVec2`s; `out_points` NULL (with `capacity`
/// 0) or valid for `capacity` writes; `out_result` and `out_goal_index` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: each buffer with its capacity
pub unsafe extern "C" fn nav_world_find_nearest(
    world: *const NavWorld,
    query: *mut NavQuery,
    agent: *const NavAgentDesc,
    options: *const NavWorldQueryOptions,
    start: NavVec2,
    goals: *const NavVec2,
    goal_count: u32,
    out_points: *mut NavVec2,
    capacity: u32,
    out_result: *mut NavWorldPathResult,
    out_goal_index: *mut u32,
) -> NavStatus {
    guard("nav_world_find_nearest", || {
        // First of all: a query refused below must leave no path, not the previous one.
        let mut state = lock_query(query, "query")?;
        state.forget_agent_path();
        let result_out = OutPtr::new(out_result, "out_result")?;
        let goal_out = OutPtr::new(out_goal_index, "out_goal_index")?;
        // SAFETY: the caller's contract.
        let mut points = unsafe { OutBuffer::new(out_points, capacity, "out_points") }?;
        // SAFETY: the caller's contract.
        let desc =
            unsafe { read_optional(agent, "agent") }?.ok_or_else(|| FfiError::null("agent"))?;
        let agent = agent_from_desc(&desc)?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
        let (limits, raw) = limits_from_options(&options)?;
        let start = geometry::point(start, "start")?;
        // SAFETY: the caller's contract.
        unsafe {
            with_goals(goals, goal_count, |goals| {
                let world = shared::read(world, "world")?;
                let own = crate::world::edit::optional_obstacle(
                    &world,
                    desc.own_obstacle,
                    "agent.own_obstacle",
                )?;
                let query = AgentQuery::new(start, start)
                    .with_agent(&agent)
                    .with_own_obstacle(own)
                    .with_limits(limits);
                let context = state.agent_search();
                let goal = context.find_nearest(&world, &query, goals)?.goal;
                let result = world_result(context.last_path(), raw);
                state.keep_agent_path(raw);
                result_out.write(result);
                goal_out.write(goal.map_or(u32::MAX, |g| g as u32));
                copy_points(state.agent_points(), &mut points)
            })
        }
    })
}

/// Finds the exact shortest path for a disc agent of `agent_radius` from `start` to the
/// nearest of `goals[0..goal_count]` (the goal with the shortest path) among the circles of
/// `world`, in one search, into `out_pieces[0..capacity]` as `nav_circle_world_find_path`
/// writes a path; `*out_goal_index` receives the index of the goal reached (`UINT32_MAX`
/// when none was). Its length is the shortest of one `nav_circle_world_find_path` per goal.
///
/// Goals outside the bounds or inside an inflated circle are ignored (repeated goals: the
/// first index counts). `out_result->path_status`: `NAV_PATH_STATUS_OUT_OF_BOUNDS` when the
/// start is outside the bounds or every goal is, `NAV_PATH_STATUS_START_BLOCKED` (with
/// `blocking_circle`), `NAV_PATH_STATUS_GOAL_BLOCKED` when no goal is usable (or `goal_count`
/// is 0), else found, no path or limit reached. `NAV_BUFFER_TOO_SMALL` as
/// `nav_circle_world_find_path` (`nav_query_circle_path` then copies the pieces);
/// `NAV_INVALID_ARGUMENT` for NaN or infinite points (naming `goals[i]`) or a bad radius;
/// `NAV_INVALID_SIZE` for more than `NAV_MAX_NEAREST_GOALS` goals.
///
/// Thread safety: as `nav_circle_world_find_path`.
///
/// # Safety
/// `options` must be NULL or readable; `goals` NULL with `goal_count` 0 or `goal_count`
/// readable `NavVec2`s; `out_pieces` NULL (with `capacity` 0) or valid for `capacity` writes;
/// `out_result` and `out_goal_index` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: each buffer with its capacity
pub unsafe extern "C" fn nav_circle_world_find_nearest(
    world: *const NavCircleWorld,
    query: *mut NavQuery,
    agent_radius: f32,
    options: *const NavCircleQueryOptions,
    start: NavVec2,
    goals: *const NavVec2,
    goal_count: u32,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_result: *mut NavCirclePathResult,
    out_goal_index: *mut u32,
) -> NavStatus {
    guard("nav_circle_world_find_nearest", || {
        // SAFETY: the caller's contract (the goal checked is the start: the goals follow).
        let mut search = unsafe {
            exact_path::prepare(
                query,
                QueryState::forget_circle_path,
                out_result,
                out_pieces,
                capacity,
                options,
                start,
                start,
                agent_radius,
            )
        }?;
        let goal_out = OutPtr::new(out_goal_index, "out_goal_index")?;
        // SAFETY: the caller's contract.
        unsafe {
            with_goals(goals, goal_count, |goals| {
                let world = shared::read(world, "world")?;
                let context = search.state.circle_search();
                let query = CircleQuery::new(search.start, search.start)
                    .with_radius(search.radius)
                    .with_limits(search.limits);
                let goal = context.find_nearest(&world, &query, goals)?.goal;
                let written = circle_result(context.last_path());
                search.state.keep_circle_path();
                search.result.write(written);
                goal_out.write(goal.map_or(u32::MAX, |g| g as u32));
                copy_pieces(search.state.circle_pieces(), &mut search.pieces)
            })
        }
    })
}
