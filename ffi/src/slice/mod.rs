//! Time-sliced queries for every navigator: begin a query, step it by at most N expansions
//! per call (a frame's budget), read the path with the navigator's `nav_query_*_path` once it
//! has finished, or cancel it.
//!
//! The query lives in the `NavQuery`, so nothing holds the world between steps: each step
//! takes the world (and, for grids, the rules) again. A world edited between two steps
//! (or another world given) is detected and the step returns `NAV_WORLD_CHANGED`; the sliced
//! query is then cancelled (begin it again). The finished query's path, cost and expanded
//! count are exactly those of the navigator's `*_find_path` for the same query.

// The order of these modules is the order of the functions in nav.h.
mod types;

mod grid;

mod world;

mod circle_world;

mod mesh_world;

mod state;

pub use circle_world::{nav_circle_world_slice_begin, nav_circle_world_slice_step};
pub use grid::{nav_grid_slice_begin, nav_grid_slice_step, nav_query_slice_cancel};
pub use mesh_world::{nav_mesh_world_slice_begin, nav_mesh_world_slice_step};
pub use state::{NavSliceNavigator, nav_query_slice_state};
pub use types::{NavSliceStage, NavSliceState};
pub use world::{nav_world_slice_begin, nav_world_slice_step};
