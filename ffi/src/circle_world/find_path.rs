//! `NavCircleWorld` queries: exact paths of segments and arcs, and polylines of them.

use nav_geom::Turn;
use nav_tangent::{CircleQuery, PathPiece, TangentPath};

use crate::args::OutBuffer;
use crate::circle_world::edit::NavCircleWorld;
use crate::circle_world::types::{
    NavCirclePathResult, NavCircleQueryOptions, NavPathPiece, NavPieceKind, NavTurn,
};
use crate::error::FfiResult;
use crate::exact_path::{self, ExactOptions};
use crate::geometry::NavVec2;
use crate::grid::NavPathStatus;
use crate::guard::guard;
use crate::query::{NavQuery, QueryState};
use crate::shared;
use crate::status::NavStatus;

impl ExactOptions for NavCircleQueryOptions {
    fn fields(&self) -> (u64, f64, u32, u32) {
        (
            self.max_expanded,
            self.max_length,
            self.partial_path,
            self.reserved,
        )
    }
}

fn piece(piece: &PathPiece) -> NavPathPiece {
    let (start, end) = (piece.start_point().into(), piece.end_point().into());
    match piece {
        PathPiece::Line(_) => NavPathPiece {
            kind: NavPieceKind::Line as u32,
            turn: NavTurn::None as u32,
            start,
            end,
            length: piece.length(),
            ..Default::default()
        },
        PathPiece::Arc(arc) => NavPathPiece {
            kind: NavPieceKind::Arc as u32,
            turn: match arc.turn {
                Turn::Ccw => NavTurn::Ccw as u32,
                Turn::Cw => NavTurn::Cw as u32,
            },
            start,
            end,
            center: arc.center.into(),
            radius: arc.radius,
            start_angle: arc.start,
            sweep: arc.sweep,
            length: piece.length(),
        },
    }
}

pub(crate) fn result(path: &TangentPath) -> NavCirclePathResult {
    let path_status = NavPathStatus::from(path.status());
    let blocking_circle = path.blocking_circle().map_or(0, |key| key.to_raw());
    NavCirclePathResult {
        length: path.length(),
        expanded: path.expanded() as u64,
        blocking_circle,
        path_status: path_status as u32,
        piece_count: path.pieces().len() as u32,
    }
}

/// Copies path pieces (of a circle or a mesh world) into a caller's buffer.
pub(crate) fn copy_pieces(
    pieces: &[PathPiece],
    out: &mut OutBuffer<'_, NavPathPiece>,
) -> FfiResult<()> {
    out.write_all(pieces.len(), pieces.iter().map(piece), "the path")
}

/// Finds the exact shortest path for a disc agent of `agent_radius` (finite, >= 0) from
/// `start` to `goal` among the circles of `world`: segments and arcs of circles inflated by
/// the radius, into `out_pieces[0..capacity]`.
///
/// The world's bounds confine the agent's whole disc: a start or goal whose disc leaves them is
/// `NAV_PATH_STATUS_OUT_OF_BOUNDS` (touching the border is inside), and a found path keeps the
/// disc inside. Touching a circle is allowed; two inflated circles that touch (or a circle
/// touching the border) leave no gap, not even for a point.
///
/// Returns `NAV_OK` when the search ran (see `out_result->path_status`; a start or goal inside
/// an inflated circle is an outcome, with that circle in `blocking_circle`),
/// `NAV_BUFFER_TOO_SMALL` with the number of pieces needed (`nav_query_circle_path` copies
/// them without searching again), `NAV_INVALID_ARGUMENT` for NaN or infinite points or a bad
/// radius. `nav_query_circle_path_polyline` turns the path into points for engines that
/// follow straight segments.
///
/// `NAV_BUSY` while an edit on another thread holds the world or waits for it (nothing is
/// searched; try again, or let this thread wait: `nav_set_wait_timeout`).
///
/// # Safety
/// `options` must be NULL or readable; `out_pieces` NULL (with `capacity` 0) or valid for
/// `capacity` writes; `out_result` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: the buffer with its capacity
pub unsafe extern "C" fn nav_circle_world_find_path(
    world: *const NavCircleWorld,
    query: *mut NavQuery,
    agent_radius: f32,
    options: *const NavCircleQueryOptions,
    start: NavVec2,
    goal: NavVec2,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_result: *mut NavCirclePathResult,
) -> NavStatus {
    guard("nav_circle_world_find_path", || {
        // SAFETY: the caller's contract.
        let mut search = unsafe {
            exact_path::prepare(
                query,
                QueryState::forget_circle_path,
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
        let context = search.state.circle_search();
        let query = CircleQuery::new(search.start, search.goal)
            .with_radius(search.radius)
            .with_limits(search.limits);
        context.find_path(&world, &query)?;
        let written = result(context.last_path());
        search.state.keep_circle_path();
        // SAFETY: the caller's contract.
        unsafe { search.result.write(written) };
        copy_pieces(search.state.circle_pieces(), &mut search.pieces)
    })
}

/// Copies the pieces of the latest `NavCircleWorld` path of `query` into `out_pieces`;
/// `*out_count` receives their number (or the number needed, with `NAV_BUFFER_TOO_SMALL`).
/// The path is empty after a query that found none (and no partial path) or failed.
///
/// # Safety
/// `out_pieces` must be NULL (with `capacity` 0) or valid for `capacity` writes; `out_count`
/// must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_circle_path(
    query: *mut NavQuery,
    out_pieces: *mut NavPathPiece,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    // SAFETY: the caller's contract.
    unsafe {
        exact_path::query_path(
            "nav_query_circle_path",
            query,
            out_pieces,
            capacity,
            out_count,
            |state| state.circle_pieces(),
        )
    }
}

/// Writes the latest `NavCircleWorld` path of `query` as a polyline: its arcs cut into chords
/// that stray at most `max_deviation` (finite, > 0) from the arc, start and goal included,
/// into `out_points`; `*out_count` receives the number of points (or the number needed, with
/// `NAV_BUFFER_TOO_SMALL`). No points when the path was not found (and not partial), nor
/// after a query that failed.
///
/// # Safety
/// `out_points` must be NULL (with `capacity` 0) or valid for `capacity` writes; `out_count`
/// must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_circle_path_polyline(
    query: *mut NavQuery,
    max_deviation: f32,
    out_points: *mut NavVec2,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    // SAFETY: the caller's contract.
    unsafe {
        exact_path::query_polyline(
            "nav_query_circle_path_polyline",
            query,
            max_deviation,
            out_points,
            capacity,
            out_count,
            |state, max_deviation| Ok(state.circle_polyline(max_deviation)?),
        )
    }
}
