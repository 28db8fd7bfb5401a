//! `NavWorld` queries: an agent's path into the caller's buffer.

use nav_agent::{Agent, AgentError, AgentHeuristic, AgentPath, AgentQuery, QueryError};
use nav_search::Limits;

use crate::args::{OutBuffer, OutPtr, flag, optional_bound, optional_count, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavVec2};
use crate::grid::NavPathStatus;
use crate::guard::guard;
use crate::query::{NavQuery, lock_query};
use crate::shared;
use crate::status::NavStatus;
use crate::world::edit::{NavWorld, optional_obstacle};
use crate::world::types::{NavAgentDesc, NavWorldPathResult, NavWorldQueryOptions};

impl From<AgentError> for FfiError {
    fn from(error: AgentError) -> Self {
        FfiError::new(NavStatus::NavInvalidArgument, error.to_string())
    }
}

impl From<QueryError> for FfiError {
    fn from(error: QueryError) -> Self {
        let status = match &error {
            QueryError::LatticeTooLarge { .. } | QueryError::TooManyGoals { .. } => {
                NavStatus::NavInvalidSize
            }
            _ => NavStatus::NavInvalidArgument,
        };
        FfiError::new(status, error.to_string())
    }
}

pub(crate) fn agent_from_desc(desc: &NavAgentDesc) -> FfiResult<Agent> {
    let heuristic = match desc.heuristic {
        0 => AgentHeuristic::Octile,
        1 => AgentHeuristic::IntegerOctile,
        2 => AgentHeuristic::Euclidean,
        other => {
            return Err(FfiError::invalid(format!(
                "`agent.heuristic` must be NAV_AGENT_HEURISTIC_OCTILE (0), NAV_AGENT_HEURISTIC_DIAGONAL (1) or NAV_AGENT_HEURISTIC_EUCLIDEAN (2), got {other}"
            )));
        }
    };
    if desc.reserved != 0 {
        return Err(FfiError::invalid(format!(
            "`agent.reserved` must be 0, got {}",
            desc.reserved
        )));
    }
    // The own obstacle is checked against the world later (`optional_obstacle`).
    Ok(Agent::new(desc.radius, desc.step)?.with_heuristic(heuristic))
}

pub(crate) fn limits_from_options(options: &NavWorldQueryOptions) -> FfiResult<(Limits, bool)> {
    let max_length = optional_bound(options.max_length, "options.max_length", "no bound")?;
    let mut limits = Limits::default()
        .with_partial_path(flag(options.partial_path, "options.partial_path")?)
        .with_max_expanded(
            optional_count(options.max_expanded).unwrap_or(nav_agent::DEFAULT_MAX_EXPANDED),
        );
    if let Some(max_length) = max_length {
        limits = limits.with_max_cost(max_length);
    }
    Ok((limits, flag(options.raw_path, "options.raw_path")?))
}

pub(crate) fn copy_points(
    points: &[nav_geom::Vec2],
    out: &mut OutBuffer<'_, NavVec2>,
) -> FfiResult<()> {
    out.write_all(points.len(), points.iter().map(|&p| p.into()), "the path")
}

/// Finds a path for the agent `*agent` (radius, lattice step, heuristic, own obstacle) from
/// `start` to `goal` in `world`: the smoothed path (or the raw lattice path with
/// `options->raw_path`), start and goal included, into `out_points[0..capacity]`.
///
/// Returns `NAV_OK` when the search ran (see `out_result->path_status`; blocked or
/// out-of-bounds endpoints are outcomes), `NAV_BUFFER_TOO_SMALL` with the number of points
/// needed in `out_result->point_count` (`nav_query_world_path` then copies the path without
/// searching again), `NAV_INVALID_ARGUMENT` for NaN or infinite points, a negative radius or a
/// step that is not > 0 (radius 0 is a point agent), `NAV_INVALID_SIZE` for a step so fine that the lattice over the world would be
/// too large, `NAV_UNKNOWN_OBJECT` for an `agent->own_obstacle` that is neither 0 nor an
/// obstacle of `world`.
///
/// Thread safety: many threads may query one world at once, each with its own `query`. The
/// query keeps a walkability cache per (world, radius, step) that later queries reuse.
///
/// `NAV_BUSY` while an edit on another thread holds the world or waits for it (nothing is
/// searched; try again, or let this thread wait: `nav_set_wait_timeout`).
///
/// # Safety
/// `agent` must point to a readable `NavAgentDesc`; `options` NULL or readable; `out_points`
/// NULL (with `capacity` 0) or valid for `capacity` writes; `out_result` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: the buffer with its capacity
pub unsafe extern "C" fn nav_world_find_path(
    world: *const NavWorld,
    query: *mut NavQuery,
    agent: *const NavAgentDesc,
    options: *const NavWorldQueryOptions,
    start: NavVec2,
    goal: NavVec2,
    out_points: *mut NavVec2,
    capacity: u32,
    out_result: *mut NavWorldPathResult,
) -> NavStatus {
    guard("nav_world_find_path", || {
        // First of all: a query refused below must leave no path, not the previous one.
        let mut state = lock_query(query, "query")?;
        state.forget_agent_path();
        let result_out = OutPtr::new(out_result, "out_result")?;
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
        let goal = geometry::point(goal, "goal")?;
        let world = shared::read(world, "world")?;
        let own = optional_obstacle(&world, desc.own_obstacle, "agent.own_obstacle")?;
        let query = AgentQuery::new(start, goal)
            .with_agent(&agent)
            .with_own_obstacle(own)
            .with_limits(limits);
        let context = state.agent_search();
        context.find_path(&world, &query)?;
        let result = result(context.last_path(), raw);
        state.keep_agent_path(raw);
        // SAFETY: the caller's contract.
        unsafe { result_out.write(result) };
        copy_points(state.agent_points(), &mut points)
    })
}

/// The result of an agent search whose path is `path`: the smoothed path's length and
/// points, or the raw path's when `raw`.
pub(crate) fn result(path: &AgentPath, raw: bool) -> NavWorldPathResult {
    let (length, point_count) = if raw {
        (path.raw_length(), path.raw_points().len())
    } else {
        (path.length(), path.points().len())
    };
    NavWorldPathResult {
        length,
        expanded: path.expanded() as u64,
        path_status: NavPathStatus::from(path.status()) as u32,
        point_count: point_count as u32,
    }
}

/// Copies the path of the latest `NavWorld` query of `query` (smoothed, or raw when that query
/// asked for it) into `out_points`; `*out_count` receives its length (or the length needed,
/// with `NAV_BUFFER_TOO_SMALL`). The path is empty after a query that found none or failed.
///
/// # Safety
/// `out_points` must be NULL (with `capacity` 0) or valid for `capacity` writes; `out_count`
/// must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_world_path(
    query: *mut NavQuery,
    out_points: *mut NavVec2,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    guard("nav_query_world_path", || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut points = unsafe { OutBuffer::new(out_points, capacity, "out_points") }?;
        let state = lock_query(query, "query")?;
        let written = state.agent_points();
        // SAFETY: the caller's contract.
        unsafe { count.write(written.len() as u32) };
        copy_points(written, &mut points)
    })
}
