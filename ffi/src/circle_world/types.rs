//! The plain structs and enums of the `NavCircleWorld` ABI (exact paths around circles).

use crate::geometry::NavVec2;

/// What a `NavPathPiece` is.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavPieceKind {
    /// A straight segment from `start` to `end`.
    Line = 0,
    /// An arc of the circle (`center`, `radius`): around a circle inflated by the agent radius
    /// (`NavCircleWorld`), or of the agent radius around an obstacle corner (`NavMeshWorld`).
    Arc = 1,
}

/// Which way an arc turns.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavTurn {
    /// Not an arc.
    None = 0,
    /// Counter-clockwise: increasing angle.
    Ccw = 1,
    /// Clockwise: decreasing angle.
    Cw = 2,
}

/// One piece of an exact path (of a `NavCircleWorld` or a `NavMeshWorld`): a straight segment
/// or an arc.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavPathPiece {
    /// A `NavPieceKind` value.
    pub kind: u32,
    /// A `NavTurn` value (`NAV_TURN_NONE` for lines).
    pub turn: u32,
    /// Where the piece starts.
    pub start: NavVec2,
    /// Where it ends.
    pub end: NavVec2,
    /// Arcs: the centre of the circle (0, 0 for lines).
    pub center: NavVec2,
    /// Arcs: the radius of the arc (0 for lines).
    pub radius: f32,
    /// Arcs: the angle of `start` around `center`, in radians (0 for lines).
    pub start_angle: f32,
    /// Arcs: the angle swept, in radians, at least 0, in the direction of `turn` (0 for lines).
    pub sweep: f32,
    /// Length of the piece.
    pub length: f32,
}

/// Per-query options of `nav_circle_world_find_path`. All zeros: no limits, no partial path.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavCircleQueryOptions {
    /// Stop after expanding this many nodes; 0 = no limit.
    pub max_expanded: u64,
    /// Ignore paths longer than this; 0 or +infinity = no bound. NaN, negative refused.
    pub max_length: f64,
    /// 1: when the goal is not reached, return the path to the point explored closest to it.
    pub partial_path: u32,
    /// Must be 0 (room for a later option).
    pub reserved: u32,
}

/// The outcome of one `NavCircleWorld` search.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavCirclePathResult {
    /// Exact length of the path.
    pub length: f64,
    /// Number of nodes expanded.
    pub expanded: u64,
    /// With `NAV_PATH_STATUS_START_BLOCKED` or `NAV_PATH_STATUS_GOAL_BLOCKED`: the circle whose
    /// inflated disc holds that point; 0 otherwise.
    pub blocking_circle: u64,
    /// A `NavPathStatus` value.
    pub path_status: u32,
    /// Pieces in the path: written, or needed with `NAV_BUFFER_TOO_SMALL`.
    pub piece_count: u32,
}
