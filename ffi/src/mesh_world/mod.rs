//! Polygon worlds with exact paths for a disc of any radius (nav-mesh): `NavMeshWorld`
//! handles, their edits, path queries and spatial queries.

// The order of these modules is the order of the functions in nav.h.
mod edit;

mod find_path;

mod spatial;

mod types;

pub use edit::{
    NavMeshWorld, nav_mesh_world_clear, nav_mesh_world_clone, nav_mesh_world_count,
    nav_mesh_world_create, nav_mesh_world_create_polygon, nav_mesh_world_free,
    nav_mesh_world_insert_box, nav_mesh_world_insert_circle, nav_mesh_world_insert_polygon,
    nav_mesh_world_remove, nav_mesh_world_set_box, nav_mesh_world_set_circle,
    nav_mesh_world_set_polygon,
};
pub(crate) use find_path::MeshState;
pub use find_path::{
    nav_mesh_world_find_path, nav_query_mesh_cache_bytes, nav_query_mesh_path,
    nav_query_mesh_path_polyline, nav_query_set_mesh_cache_limit,
};
pub use spatial::{
    nav_mesh_world_connected, nav_mesh_world_fits, nav_mesh_world_nearest_fit,
    nav_mesh_world_raycast,
};
pub use types::{NavMeshPathResult, NavMeshQueryOptions};
