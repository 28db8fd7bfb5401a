//! The plain structs and enums of the grid ABI.
//!
//! Every struct is `#[repr(C)]` with fields of fixed-width numbers, ordered so that there is
//! no padding, and a zero-filled struct means "the defaults": the C `= {0}` and a C#
//! `new T()` are ready to use.

/// A cell of a grid: column `x` from the left, row `y` from the top.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct NavCell {
    /// Column, from 0 on the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl From<NavCell> for nav_grid::Cell {
    fn from(cell: NavCell) -> Self {
        nav_grid::Cell::new(cell.x, cell.y)
    }
}

impl From<nav_grid::Cell> for NavCell {
    fn from(cell: nav_grid::Cell) -> Self {
        NavCell {
            x: cell.x,
            y: cell.y,
        }
    }
}

/// Which offsets a unit may step by (the `moves` field of `NavGridRulesDesc`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavMoves {
    /// The four orthogonal and the four diagonal neighbours (the default).
    Eight = 0,
    /// The four orthogonal neighbours.
    Four = 1,
    /// The offsets given to `nav_grid_rules_create`.
    Custom = 2,
}

/// When a unit may step diagonally (the `diagonal` field of `NavGridRulesDesc`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavDiagonalRule {
    /// Only between two walkable orthogonal neighbours, never cutting a blocked corner (the
    /// Moving AI rule, the default).
    NoCornerCutting = 0,
    /// Never: 8 moves behave like 4.
    Never = 1,
    /// Whenever the target is walkable, even between two diagonally touching blocked cells.
    Free = 2,
}

/// The estimate that guides the search (the `heuristic` field of `NavGridRulesDesc`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavHeuristic {
    /// Diagonal steps for the shorter distance, straight ones for the rest (the default).
    Octile = 0,
    /// Sum of the column and row distances.
    Manhattan = 1,
    /// The larger of the two distances.
    Chebyshev = 2,
    /// Straight-line distance.
    Euclidean = 3,
    /// No estimate: Dijkstra's algorithm.
    Zero = 4,
}

/// How a search ended (the `path_status` of results), for every kind of navigator.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavPathStatus {
    /// A path to the goal was found; it is the cheapest one under admissible rules.
    Found = 0,
    /// The goal cannot be reached from the start.
    NoPath = 1,
    /// A limit of `NavGridQueryOptions` (expanded cells, cost) stopped the search first.
    LimitReached = 2,
    /// The start cell is not walkable; nothing was searched.
    StartBlocked = 3,
    /// The goal cell is not walkable; nothing was searched unless a partial path was asked
    /// for (then the path leads to the reachable cell closest to the goal).
    GoalBlocked = 4,
    /// The start or goal is outside the world's bounds, or too close to them for the agent's
    /// disc (`NavWorld` queries only); nothing was searched.
    OutOfBounds = 5,
}

/// The shared vocabulary's statuses, as every navigator reports them, in the C ABI's numbers.
impl From<nav_search::PathStatus> for NavPathStatus {
    fn from(status: nav_search::PathStatus) -> Self {
        use nav_search::PathStatus;
        match status {
            PathStatus::Found => NavPathStatus::Found,
            PathStatus::NoPath => NavPathStatus::NoPath,
            PathStatus::LimitReached => NavPathStatus::LimitReached,
            PathStatus::StartBlocked => NavPathStatus::StartBlocked,
            PathStatus::GoalBlocked => NavPathStatus::GoalBlocked,
            PathStatus::OutOfBounds => NavPathStatus::OutOfBounds,
            // `PathStatus` is non-exhaustive: a status nav adds before the ABI has a number
            // for it is at least "not found".
            _ => NavPathStatus::NoPath,
        }
    }
}

/// The movement rules of grid queries, turned into a `NavGridRules` handle by
/// `nav_grid_rules_create`. All zeros: the Moving AI rules (8 moves, no corner cutting, costs
/// 1 and sqrt(2), octile heuristic).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridRulesDesc {
    /// A `NavMoves` value.
    pub moves: u32,
    /// A `NavDiagonalRule` value.
    pub diagonal: u32,
    /// A `NavHeuristic` value.
    pub heuristic: u32,
    /// 1 to accept a heuristic that may overestimate (faster, greedier, paths possibly longer
    /// than the shortest); 0 (default) refuses such rules with `NAV_INVALID_RULES`.
    pub allow_inadmissible: u32,
    /// 1 to search jump points (jump point search: the same optimal paths with far fewer
    /// expansions; needs `NAV_MOVES_EIGHT` with `NAV_DIAGONAL_RULE_NO_CORNER_CUTTING` or
    /// `NAV_DIAGONAL_RULE_FREE` and costs with straight <= diagonal <= 2 * straight, else
    /// `NAV_INVALID_RULES`). Expanded counts and `max_expanded` then count jump points. On a
    /// grid whose cost multipliers differ the search runs cell by cell.
    pub jump_points: u32,
    /// Must be 0 (room for a later option; anything else is refused).
    pub reserved: u32,
    /// Cost of a straight step, before the cell's cost multiplier; 0 means 1.
    pub straight_cost: f64,
    /// Cost of a diagonal step; 0 means sqrt(2) (with `straight_cost` 0) or
    /// `straight_cost * sqrt(2)`.
    pub diagonal_cost: f64,
}

/// One offset of a custom move set.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridMove {
    /// Column offset, within +-8.
    pub dx: i32,
    /// Row offset, within +-8.
    pub dy: i32,
    /// The move's cost before the cell's cost multiplier; 0 means the default: diagonal
    /// steps for the shorter component, straight steps for the rest.
    pub cost: f64,
}

/// Per-query options. All zeros: no limits, no partial path, an agent of one cell.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridQueryOptions {
    /// Stop after expanding this many cells (`NAV_PATH_STATUS_LIMIT_REACHED`); 0 = no limit.
    pub max_expanded: u64,
    /// Ignore paths that cost more than this; 0 or +infinity = no limit. NaN and negative
    /// values are refused.
    pub max_cost: f64,
    /// 1: when the goal is not reached (limit, no path, goal blocked), return the path to
    /// the expanded cell closest to the goal instead of nothing.
    pub partial_path: u32,
    /// Side of the agent in cells: 0 or 1 for one cell, up to 255 (larger values are refused
    /// with `NAV_INVALID_ARGUMENT`). A K x K agent occupies the K x K cells below and right of
    /// each cell of its path (its top-left cells); it only enters cells where it fits (whose
    /// clearance, see `nav_grid_clearance`, is at least K), and a diagonal step under the
    /// no-corner-cutting rule needs it to fit at both orthogonal neighbours too. On weighted
    /// terrain a step costs the multiplier of the top-left cell entered. One grid serves every
    /// size: its clearance is kept up to date as cells change.
    pub agent_size: u32,
}

/// The outcome of one grid search.
///
/// A path that was written with a `path_status` other than `NAV_PATH_STATUS_FOUND` is a
/// partial path: it ends at the expanded cell closest to the goal.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridPathResult {
    /// Cost of the path (0 when there is none).
    pub cost: f64,
    /// Number of cells the search expanded.
    pub expanded: u64,
    /// A `NavPathStatus` value.
    pub path_status: u32,
    /// Cells in the path, start and end included (0 when there is none): written to the
    /// caller's buffer, or needed when the call returned `NAV_BUFFER_TOO_SMALL`.
    pub cell_count: u32,
}

/// A start and a goal, for batches.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct NavGridPair {
    /// Where the path starts.
    pub start: NavCell,
    /// Where it should end.
    pub goal: NavCell,
}

/// The outcome of one pair of a batch.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridBatchResult {
    /// Cost of the path (0 when there is none).
    pub cost: f64,
    /// Number of cells the search expanded.
    pub expanded: u64,
    /// A `NavStatus`: `NAV_OK`, `NAV_OUT_OF_RANGE` (start or goal outside the grid),
    /// `NAV_BUFFER_TOO_SMALL` (the path has more than `cells_per_pair` cells: `cell_count`
    /// says how many, none were written) or `NAV_PANIC`.
    pub status: u32,
    /// A `NavPathStatus` value (meaningful when `status` is `NAV_OK` or
    /// `NAV_BUFFER_TOO_SMALL`).
    pub path_status: u32,
    /// Cells in the path: written to the pair's slot of the cell buffer, or needed.
    pub cell_count: u32,
    /// Always 0: makes the struct's padding explicit.
    pub reserved: u32,
}

/// A grid's size and counts.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridInfo {
    /// Smallest cost multiplier of any cell (1 unless changed).
    pub min_cost_multiplier: f64,
    /// Width in cells.
    pub width: u32,
    /// Height in cells.
    pub height: u32,
    /// Number of walkable cells.
    pub walkable_count: u32,
    /// Cells whose terrain is above this value are not walkable (65535: every terrain is).
    pub max_walkable_terrain: u32,
}

/// What a grid holds for one cell.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavGridCellInfo {
    /// Entering the cell costs the step's cost times this (1 unless changed).
    pub cost_multiplier: f64,
    /// Terrain value (0..=65535; a Moving AI map stores the map character).
    pub terrain: u32,
    /// 1 when the cell's blocked flag is set.
    pub blocked: u32,
    /// 1 when the cell can be entered: not blocked, terrain at most the grid's
    /// `max_walkable_terrain`.
    pub walkable: u32,
    /// `y * width + x`: the cell's index in row-major arrays.
    pub index: u32,
}
