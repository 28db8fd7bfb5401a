//! What the queries of the exact-path worlds (`NavCircleWorld`, `NavMeshWorld`) share: their
//! options, and the entry points that read the latest path of a query context again.

use nav_geom::{PathPiece, Vec2};
use nav_search::Limits;

use crate::args::{OutBuffer, OutPtr, flag, optional_bound, optional_count};
use crate::circle_world::{NavPathPiece, copy_pieces};
use crate::error::{FfiError, FfiResult};
use crate::geometry::NavVec2;
use crate::guard::guard;
use crate::query::{NavQuery, QueryState, lock_query};

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
