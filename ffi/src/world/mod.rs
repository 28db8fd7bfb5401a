//! Continuous worlds for agents of any radius: `NavWorld` handles and their queries
//! (nav-agent).

// The order of these modules is the order of the functions in nav.h.
pub(crate) mod edit;

pub(crate) mod find_path;

mod types;

pub use edit::{
    NavWorld, nav_world_clear, nav_world_clone, nav_world_create, nav_world_disc_is_clear,
    nav_world_free, nav_world_info, nav_world_insert_box, nav_world_insert_circle,
    nav_world_move_box, nav_world_move_circle, nav_world_remove, nav_world_segment_is_clear,
};
pub use find_path::{nav_query_world_path, nav_world_find_path};
pub use types::{
    NavAgentDesc, NavAgentHeuristic, NavWorldInfo, NavWorldPathResult, NavWorldQueryOptions,
};
