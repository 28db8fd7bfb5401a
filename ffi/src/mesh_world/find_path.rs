//! `NavMeshWorld` path queries: exact paths of segments and arcs, and polylines of them.

use nav_geom::{PathPiece, Vec2};
use nav_mesh::{MeshContext, MeshQuery, PathOutcome};

use crate::args::OutPtr;
use crate::circle_world::{NavPathPiece, copy_pieces};
use crate::error::{FfiError, FfiResult};
use crate::exact_path::{self, ExactOptions};
use crate::geometry::NavVec2;
use crate::grid::NavPathStatus;
use crate::guard::guard;
use crate::mesh_world::edit::NavMeshWorld;
use crate::mesh_world::types::{NavMeshPathResult, NavMeshQueryOptions};
use crate::query::{NavQuery, lock_query};
use crate::shared;
use crate::status::NavStatus;

/// The `NavMeshWorld` part of a query context: the search memory and the latest path.
///
/// As for the other navigators, the latest path is only readable through the methods below,
/// which answer "nothing" once a query has started and not yet searched (every query entry
/// point calls [`forget`](MeshState::forget) before it checks its arguments).
#[derive(Default)]
pub(crate) struct MeshState {
    /// Search memory.
    pub(crate) context: MeshContext,
    /// A copy of the latest path's pieces (the memory is reused: a warm query allocates
    /// nothing).
    pieces: Vec<PathPiece>,
    /// Whether `context` and `pieces` hold the latest query's path.
    kept: bool,
    /// Scratch for polylines of the latest path.
    polyline: Vec<Vec2>,
}

impl MeshState {
    /// Forgets the latest path (the first step of every `NavMeshWorld` query).
    pub fn forget(&mut self) {
        self.kept = false;
    }

    /// Runs `query` on `world`; its path is the latest from now on.
    fn search(&mut self, world: &nav_mesh::MeshWorld, query: &MeshQuery) -> FfiResult<PathOutcome> {
        let answer = self.context.find_path(world, query)?;
        self.pieces.clear();
        self.pieces.extend_from_slice(answer.path());
        let outcome = answer.outcome();
        self.kept = true;
        Ok(outcome)
    }

    /// Runs a nearest-goal `query` to `goals` on `world`; its path is the latest from now on.
    pub(crate) fn search_nearest(
        &mut self,
        world: &nav_mesh::MeshWorld,
        query: &MeshQuery,
        goals: &[Vec2],
    ) -> FfiResult<(Option<usize>, PathOutcome)> {
        let nearest = self.context.find_nearest(world, query, goals)?;
        self.pieces.clear();
        self.pieces.extend_from_slice(nearest.answer.path());
        let answer = (nearest.goal, nearest.answer.outcome());
        self.kept = true;
        Ok(answer)
    }

    /// The result of the latest search, whose `outcome` is given: its length, expansions,
    /// status and the number of its pieces.
    pub(crate) fn result(&self, outcome: &PathOutcome) -> NavMeshPathResult {
        NavMeshPathResult {
            length: outcome.cost,
            expanded: outcome.expanded as u64,
            path_status: NavPathStatus::from(outcome.status) as u32,
            piece_count: self.pieces().len() as u32,
            partial: outcome.partial as u32,
            reserved: 0,
        }
    }

    /// Takes the state of the sliced query: a finished one's path becomes the latest.
    pub(crate) fn sliced(&mut self, sliced: nav_mesh::SliceState) -> crate::slice::NavSliceState {
        if let Some(answer) = self.context.sliced_path() {
            self.pieces.clear();
            self.pieces.extend_from_slice(answer.path());
            self.kept = true;
        }
        let count = self.pieces().len() as u32;
        crate::slice::NavSliceState::of(sliced, |outcome| (outcome.cost, count))
    }

    /// The latest path's pieces (empty when there is none).
    pub fn pieces(&self) -> &[PathPiece] {
        if self.kept { &self.pieces } else { &[] }
    }

    /// The latest path as a polyline within `max_deviation` (finite, > 0) of its arcs (empty
    /// when there is none), written into the scratch memory.
    fn polyline(&mut self, max_deviation: f32) -> FfiResult<&[Vec2]> {
        if !(max_deviation.is_finite() && max_deviation > 0.0) {
            return Err(FfiError::invalid(format!(
                "`max_deviation` must be finite and greater than 0, got {max_deviation}"
            )));
        }
        if self.kept {
            self.context.polyline(max_deviation, &mut self.polyline);
        } else {
            self.polyline.clear();
        }
        Ok(&self.polyline)
    }
}

impl ExactOptions for NavMeshQueryOptions {
    fn fields(&self) -> (u64, f64, u32, u32) {
        (
            self.max_expanded,
            self.max_length,
            self.partial_path,
            self.reserved,
        )
    }
}

/// Finds the exact shortest path for a disc agent of `agent_radius` (finite, >= 0; 0 is a
/// point) from `start` to `goal` in `world`: straight segments and arcs of radius
/// `agent_radius` around obstacle corners, into `out_pieces[0..capacity]`. The disc's centre
/// keeps `agent_radius` from every obstacle (touching allowed) and from the edges of the
/// bounds; a gap of zero width is closed.
///
/// Returns `NAV_OK` when the search ran (see `out_result->path_status`: a start or goal where
/// the disc does not fit is `NAV_PATH_STATUS_START_BLOCKED` / `GOAL_BLOCKED`, or
/// `NAV_PATH_STATUS_OUT_OF_BOUNDS` when it leaves the bounds), `NAV_BUFFER_TOO_SMALL` with
/// the number of pieces needed (`nav_query_mesh_path` copies them without searching again),
/// `NAV_INVALID_ARGUMENT` for NaN or infinite points, a bad radius or bad options.
/// `nav_query_mesh_path_polyline` turns the path into points.
///
/// `NAV_BUSY` while an edit on another thread holds the world or waits for it (nothing is
/// searched; try again, or let this thread wait: `nav_set_wait_timeout`).
///
/// # Safety
/// `options` must be NULL or readable; `out_pieces` NULL (with `capacity` 0) or valid for
/// `capacity` writes; `out_result` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: the buffer with its capacity
pub unsafe extern "C" fn nav_mesh_world_find_path(
    world: *const NavMeshWorld,
    query: *mut NavQuery,
    agent_radius: f32,
    options: *const NavMeshQueryOptions,
    start: NavVec2,
    goal: NavVec2,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_result: *mut NavMeshPathResult,
) -> NavStatus {
    guard("nav_mesh_world_find_path", || {
        // SAFETY: the caller's contract.
        let mut search = unsafe {
            exact_path::prepare(
                query,
                |state| state.mesh.forget(),
                out_result,
                out_pieces,
                capacity,
                options,
                start,
                goal,
                agent_radius,
            )
        }?;
        let world = shared::read(world, "world")?;
        let query = MeshQuery::new(search.start, search.goal)
            .with_radius(search.radius)
            .with_limits(search.limits);
        let outcome = search.state.mesh.search(&world, &query)?;
        let written = search.state.mesh.result(&outcome);
        // SAFETY: the caller's contract.
        unsafe { search.result.write(written) };
        copy_pieces(search.state.mesh.pieces(), &mut search.pieces)
    })
}

/// Copies the pieces of the latest `NavMeshWorld` path of `query` into `out_pieces`;
/// `*out_count` receives their number (or the number needed, with `NAV_BUFFER_TOO_SMALL`).
/// The path is empty after a query that found none (and no partial path) or failed.
///
/// # Safety
/// `out_pieces` must be NULL (with `capacity` 0) or valid for `capacity` writes; `out_count`
/// must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_mesh_path(
    query: *mut NavQuery,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    // SAFETY: the caller's contract.
    unsafe {
        exact_path::query_path(
            "nav_query_mesh_path",
            query,
            out_pieces,
            capacity,
            out_count,
            |state| state.mesh.pieces(),
        )
    }
}

/// Writes the latest `NavMeshWorld` path of `query` as a polyline: its arcs replaced by
/// chords that stay outside them (never closer to the corner than the arc) and stray at most
/// `max_deviation` (finite, > 0) from them, start and goal included, into `out_points`;
/// `*out_count` receives the number of points (or the number needed, with
/// `NAV_BUFFER_TOO_SMALL`). No points when the path was not found (and not partial), nor after
/// a query that failed.
///
/// # Safety
/// `out_points` must be NULL (with `capacity` 0) or valid for `capacity` writes; `out_count`
/// must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_mesh_path_polyline(
    query: *mut NavQuery,
    max_deviation: f32,
    out_points: *mut NavVec2,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    // SAFETY: the caller's contract.
    unsafe {
        exact_path::query_polyline(
            "nav_query_mesh_path_polyline",
            query,
            max_deviation,
            out_points,
            capacity,
            out_count,
            |state, max_deviation| state.mesh.polyline(max_deviation),
        )
    }
}

/// Bounds the memory `query` keeps from one `NavMeshWorld` query to the next for its successor
/// lists (the tangents of every corner and circle its queries expanded at the current radius)
/// to about `max_bytes`; 0 = no limit, the default. A query that starts with more drops them
/// and frees their memory, and the queries after it build them again: paths never change,
/// queries after a drop are slower. Without a limit the lists are kept until the world, its
/// version or the radius changes: on a large world of many small obstacles a context that
/// answered many queries may hold hundreds of MB (see `nav_query_mesh_cache_bytes`). The limit
/// stays with the context (also through the reset after a panic).
///
/// # Safety
/// `query` must be NULL or a handle from `nav_query_create` (checked: `NAV_INVALID_HANDLE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_set_mesh_cache_limit(
    query: *mut NavQuery,
    max_bytes: u64,
) -> NavStatus {
    guard("nav_query_set_mesh_cache_limit", || {
        let mut state = lock_query(query, "query")?;
        let limit = (max_bytes != 0).then(|| usize::try_from(max_bytes).unwrap_or(usize::MAX));
        state.mesh.context.set_cache_limit(limit);
        Ok(())
    })
}

/// Writes the memory `query`'s `NavMeshWorld` successor lists hold now, in bytes, to
/// `*out_bytes` (what `nav_query_set_mesh_cache_limit` bounds).
///
/// # Safety
/// `query` must be NULL or a handle from `nav_query_create` (checked); `out_bytes` must point to
/// a writable `uint64_t` (NULL is refused).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_mesh_cache_bytes(
    query: *mut NavQuery,
    out_bytes: *mut u64,
) -> NavStatus {
    guard("nav_query_mesh_cache_bytes", || {
        let out = OutPtr::new(out_bytes, "out_bytes")?;
        let state = lock_query(query, "query")?;
        // SAFETY: `out` was checked; the caller's contract makes it writable.
        unsafe { out.write(state.mesh.context.cache_bytes() as u64) };
        Ok(())
    })
}
