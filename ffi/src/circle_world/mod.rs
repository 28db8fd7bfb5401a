//! Worlds of circular obstacles with exact paths (tangent visibility graph, nav-tangent):
//! `NavCircleWorld` handles and their queries.

// The order of these modules is the order of the functions in nav.h.
mod edit;

mod find_path;

mod types;

pub use edit::{
    NavCircleWorld, nav_circle_world_clear, nav_circle_world_clone, nav_circle_world_count,
    nav_circle_world_create, nav_circle_world_free, nav_circle_world_insert,
    nav_circle_world_remove, nav_circle_world_set,
};
pub(crate) use find_path::{copy_pieces, result as circle_result};
pub use find_path::{
    nav_circle_world_find_path, nav_query_circle_path, nav_query_circle_path_polyline,
};
pub use types::{NavCirclePathResult, NavCircleQueryOptions, NavPathPiece, NavPieceKind, NavTurn};
