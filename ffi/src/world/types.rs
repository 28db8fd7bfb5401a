//! The plain structs and enums of the `NavWorld` ABI (agents of any radius).

use crate::geometry::NavAabb;

/// The estimate that guides an agent's lattice search (the `heuristic` of `NavAgentDesc`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavAgentHeuristic {
    /// sqrt(2) per diagonal step, 1 per straight one: the tightest (the default).
    Octile = 0,
    /// Octile distance with the integer costs 10 and 14, divided by 10 (nav-agent's
    /// `AgentHeuristic::IntegerOctile`; not the grid's Chebyshev distance).
    Diagonal = 1,
    /// Straight-line distance.
    Euclidean = 2,
}

/// An agent: a disc that walks a lattice of the given step. All zeros is not a valid agent
/// (the step must be greater than 0; a radius of 0 is a point agent).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavAgentDesc {
    /// Radius of the agent's disc, finite and >= 0 (0: a point agent).
    pub radius: f32,
    /// Lattice step, finite and > 0 (smaller: finer paths through narrower gaps, slower).
    pub step: f32,
    /// A `NavAgentHeuristic` value.
    pub heuristic: u32,
    /// Must be 0 (room for a later option).
    pub reserved: u32,
    /// The agent's own obstacle (an id from `nav_world_insert_*`), which its queries ignore;
    /// 0 for none. An id that names no obstacle of the world searched (removed, or of another
    /// world) fails the query with `NAV_UNKNOWN_OBJECT`.
    pub own_obstacle: u64,
}

/// Per-query options of `nav_world_find_path`. All zeros: nav-agent's default bound of 2^20
/// expanded nodes, no length bound, no partial path, the smoothed path.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavWorldQueryOptions {
    /// Stop after expanding this many lattice nodes; 0 = the default (2^20).
    pub max_expanded: u64,
    /// Ignore paths longer than this; 0 or +infinity = no bound. NaN, negative refused.
    pub max_length: f64,
    /// 1: when the goal is not reached, return the path to the node closest to it.
    pub partial_path: u32,
    /// 1: write the raw lattice path instead of the smoothed (string-pulled) one.
    pub raw_path: u32,
}

/// The outcome of one `NavWorld` search.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavWorldPathResult {
    /// Length of the written path (smoothed or raw, as asked).
    pub length: f64,
    /// Number of lattice nodes expanded.
    pub expanded: u64,
    /// A `NavPathStatus` value (`NAV_PATH_STATUS_OUT_OF_BOUNDS` included).
    pub path_status: u32,
    /// Points in the path: written, or needed with `NAV_BUFFER_TOO_SMALL`.
    pub point_count: u32,
}

/// A world's bounds and counts.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavWorldInfo {
    /// The bounds: agents' discs stay inside them.
    pub bounds: NavAabb,
    /// Number of obstacles.
    pub obstacle_count: u64,
    /// Bumped by every change (insert, move, remove, clear).
    pub version: u64,
}
