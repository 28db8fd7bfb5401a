//! The plain structs of the `NavMeshWorld` ABI (exact paths among polygons).

/// Per-query options of `nav_mesh_world_find_path`. All zeros: no limits, no partial path.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavMeshQueryOptions {
    /// Stop after expanding this many nodes; 0 = no limit.
    pub max_expanded: u64,
    /// Ignore paths longer than this; 0 or +infinity = no bound. NaN, negative refused.
    pub max_length: f64,
    /// 1: when the goal is not reached, return the path to the point explored closest to it.
    pub partial_path: u32,
    /// Must be 0 (room for a later option).
    pub reserved: u32,
}

/// The outcome of one `NavMeshWorld` search.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavMeshPathResult {
    /// Exact length of the path (0 when there is none).
    pub length: f64,
    /// Number of nodes expanded.
    pub expanded: u64,
    /// A `NavPathStatus` value.
    pub path_status: u32,
    /// Pieces in the path: written, or needed with `NAV_BUFFER_TOO_SMALL`.
    pub piece_count: u32,
    /// 1 when the pieces are a partial path (to the reachable point closest to the goal), 0
    /// otherwise.
    pub partial: u32,
    /// Always 0 (room for a later field).
    pub reserved: u32,
}
