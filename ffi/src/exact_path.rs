//! What the queries of the exact-path worlds (`NavCircleWorld`, `NavMeshWorld`) share: their
//! options, and the entry points that read the latest path of a query context again.

use nav_geom::{PathPiece, Vec2};
use nav_search::Limits;

use std::sync::MutexGuard;

use crate::args::{OutBuffer, OutPtr, flag, optional_bound, optional_count, read_optional};
use crate::circle_world::{NavPathPiece, copy_pieces};
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavVec2};
use crate::guard::guard;
use crate::query::{NavQuery, QueryState, lock_query};

/// The per-query options of an exact-path world (`NavCircleQueryOptions`,
/// `NavMeshQueryOptions`).
pub(crate) trait ExactOptions: Copy + Default {
    /// `max_expanded`, `max_length`, `partial_path` and `reserved`.
    fn fields(&self) -> (u64, f64, u32, u32);

    /// The limits they ask for, or why they are refused.
    fn limits(&self) -> FfiResult<Limits> {
        let (max_expanded, max_length, partial_path, reserved) = self.fields();
        limits(max_expanded, max_length, partial_path, reserved)
    }
}

/// The checked arguments of an exact-path search, in the order the entry point checks them.
pub(crate) struct Search<'a, R> {
    /// The query context, its latest path already forgotten.
    pub state: MutexGuard<'a, QueryState>,
    /// Where the result goes.
    pub result: OutPtr<R>,
    /// Where the pieces go.
    pub pieces: OutBuffer<'a, NavPathPiece>,
    /// The options' limits.
    pub limits: Limits,
    /// The start point.
    pub start: Vec2,
    /// The goal point.
    pub goal: Vec2,
    /// The agent's radius.
    pub radius: f32,
}

/// Checks the arguments of an exact-path search (`nav_circle_world_find_path`,
/// `nav_mesh_world_find_path`) but the world, after forgetting the latest path of `query`
/// with `forget`.
///
/// # Safety
/// `options` must be NULL or readable; `out_pieces` NULL (with `capacity` 0) or valid for
/// `capacity` writes.
#[allow(clippy::too_many_arguments)] // the C signature: the buffer with its capacity
pub(crate) unsafe fn prepare<'a, O: ExactOptions, R>(
    query: *mut NavQuery,
    forget: fn(&mut QueryState),
    out_result: *mut R,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    options: *const O,
    start: NavVec2,
    goal: NavVec2,
    agent_radius: f32,
) -> FfiResult<Search<'a, R>> {
    // First of all: a query refused below must leave no path, not the previous one.
    let mut state = lock_query(query, "query")?;
    forget(&mut state);
    let result = OutPtr::new(out_result, "out_result")?;
    // SAFETY: the caller's contract.
    let pieces = unsafe { OutBuffer::new(out_pieces, capacity, "out_pieces") }?;
    // SAFETY: the caller's contract.
    let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
    Ok(Search {
        state,
        result,
        pieces,
        limits: options.limits()?,
        start: geometry::point(start, "start")?,
        goal: geometry::point(goal, "goal")?,
        radius: geometry::radius(agent_radius, "agent_radius", false)?,
    })
}

/// The limits of the query options `max_expanded`, `max_length`, `partial_path` and
/// `reserved` (the fields of `NavCircleQueryOptions` and `NavMeshQueryOptions`).
pub(crate) fn limits(
    max_expanded: u64,
    max_length: f64,
    partial_path: u32,
    reserved: u32,
) -> FfiResult<Limits> {
    let max_length = optional_bound(max_length, "options.max_length", "no bound")?;
    if reserved != 0 {
        return Err(FfiError::invalid(format!(
            "`options.reserved` must be 0, got {reserved}"
        )));
    }
    Ok(Limits {
        max_expanded: optional_count(max_expanded).unwrap_or(usize::MAX),
        max_cost: max_length.unwrap_or(f64::INFINITY),
        partial_path: flag(partial_path, "options.partial_path")?,
    })
}

/// The entry point `function` that copies the latest path of `query` (read by `path`) into
/// `out_pieces[0..capacity]` and its number of pieces to `*out_count`.
///
/// # Safety
/// `out_pieces` must be NULL (with `capacity` 0) or valid for `capacity` writes.
pub(crate) unsafe fn query_path(
    function: &'static str,
    query: *mut NavQuery,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_count: *mut u32,
    path: fn(&QueryState) -> &[PathPiece],
) -> crate::status::NavStatus {
    guard(function, || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut pieces = unsafe { OutBuffer::new(out_pieces, capacity, "out_pieces") }?;
        let state = lock_query(query, "query")?;
        // SAFETY: `count` was checked; the entry point documents that it must be writable.
        unsafe { count.write(path(&state).len() as u32) };
        copy_pieces(path(&state), &mut pieces)
    })
}

/// The entry point `function` that writes the latest path of `query` as a polyline (made by
/// `polyline` within `max_deviation`) into `out_points[0..capacity]` and its number of points
/// to `*out_count`.
///
/// # Safety
/// `out_points` must be NULL (with `capacity` 0) or valid for `capacity` writes.
pub(crate) unsafe fn query_polyline(
    function: &'static str,
    query: *mut NavQuery,
    max_deviation: f32,
    out_points: *mut NavVec2,
    capacity: u32,
    out_count: *mut u32,
    polyline: fn(&mut QueryState, f32) -> FfiResult<&[Vec2]>,
) -> crate::status::NavStatus {
    guard(function, || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut points = unsafe { OutBuffer::new(out_points, capacity, "out_points") }?;
        let mut state = lock_query(query, "query")?;
        let polyline = polyline(&mut state, max_deviation)?;
        let needed = polyline.len();
        // SAFETY: `count` was checked; the entry point documents that it must be writable.
        unsafe { count.write(needed as u32) };
        points.write_all(needed, polyline.iter().map(|&p| p.into()), "the polyline")
    })
}
