//! The errors of grid construction and grid queries.

pub use nav_search::Endpoint;
use nav_search::LimitsError;

use crate::heuristic::Heuristic;

/// Why a grid operation was refused. The map and the context stay usable after any of these.
///
/// `Display` gives a sentence for people: cells as `(x, y)`, sizes as `WxH`, never Rust's
/// `Debug` forms, so that the CLI and the C ABI can show it as it is.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// The requested map size is zero or larger than [`GridMap::MAX_SIDE`](crate::GridMap::MAX_SIDE)
    /// per side or [`GridMap::MAX_CELLS`](crate::GridMap::MAX_CELLS) cells.
    #[error(
        "map size {width}x{height} refused: each side must be 1..={max_side} and the map at most {max_cells} cells"
    )]
    InvalidSize {
        /// Requested width.
        width: u64,
        /// Requested height.
        height: u64,
        /// Largest accepted side.
        max_side: u32,
        /// Largest accepted cell count.
        max_cells: u64,
    },
    /// A buffer handed to a constructor does not hold `width * height` values.
    #[error("{what} has {actual} values, the map needs {expected} ({width}x{height})")]
    WrongCellCount {
        /// What the buffer holds.
        what: &'static str,
        /// Values in the buffer.
        actual: usize,
        /// `width * height`.
        expected: usize,
        /// Map width.
        width: u32,
        /// Map height.
        height: u32,
    },
    /// A cell outside the map was given where a cell of the map is needed.
    #[error("cell ({x}, {y}) is outside the {width}x{height} map")]
    CellOutOfRange {
        /// Column of the cell.
        x: u64,
        /// Row of the cell.
        y: u64,
        /// Map width.
        width: u32,
        /// Map height.
        height: u32,
    },
    /// The start or the goal of a query lies outside the map.
    #[error("{endpoint} ({x}, {y}) is outside the {width}x{height} map")]
    EndpointOutOfRange {
        /// Whether the start or the goal is outside.
        endpoint: Endpoint,
        /// Column of the cell.
        x: u64,
        /// Row of the cell.
        y: u64,
        /// Map width.
        width: u32,
        /// Map height.
        height: u32,
    },
    /// A cost or cost multiplier that is NaN, infinite, zero or negative.
    #[error("{what} must be finite and greater than zero, got {value}")]
    InvalidCost {
        /// Which cost.
        what: &'static str,
        /// The refused value.
        value: f64,
    },
    /// A move cost above [`MoveCosts::MAX_COST`](crate::MoveCosts::MAX_COST): sums of such
    /// costs along a path could overflow to infinity.
    #[error("{what} {value:e} is too large: move costs are at most {max:e}")]
    CostTooLarge {
        /// Which cost.
        what: &'static str,
        /// The refused value.
        value: f64,
        /// The largest accepted cost, [`MoveCosts::MAX_COST`](crate::MoveCosts::MAX_COST).
        max: f64,
    },
    /// Query limits no search can honour (a NaN or negative `max_cost`).
    #[error("invalid limits: {0}")]
    InvalidLimits(#[from] LimitsError),
    /// A time-sliced query was stepped with a map edited since it began (or another map), or
    /// with other rules; the query was cancelled.
    #[error(
        "the {what} changed after the sliced query began (an edit, or another {what}): \
         begin the query again"
    )]
    WorldChanged {
        /// `"map"` or `"rules"`.
        what: &'static str,
    },
    /// Jump points were asked for ([`SearchMode::JumpPoints`](crate::SearchMode::JumpPoints))
    /// where jump point search would not find the shortest path; ask for
    /// [`SearchMode::JumpPointsOrCellByCell`](crate::SearchMode::JumpPointsOrCellByCell) to
    /// search cell by cell there instead.
    #[error("jump point search refused: {reason}")]
    JumpPointsUnavailable {
        /// Why jump points cannot be used.
        reason: &'static str,
    },
    /// A custom move set that cannot be used (see [`Moves::custom`](crate::Moves::custom)).
    #[error("invalid move set: {reason}")]
    InvalidMoves {
        /// What is wrong with it.
        reason: String,
    },
    /// The heuristic could overestimate the cost to the goal under the chosen moves and costs,
    /// so A* could return a longer path than the shortest one.
    #[error(
        "heuristic {heuristic} is not admissible: it estimates the move ({dx}, {dy}) at {estimate} but the move costs {cost}; pick another heuristic or allow suboptimal search"
    )]
    InadmissibleHeuristic {
        /// The refused heuristic.
        heuristic: Heuristic,
        /// Column offset of a move the heuristic overestimates.
        dx: i32,
        /// Row offset of that move.
        dy: i32,
        /// The heuristic's estimate of the move (before the terrain multiplier).
        estimate: f64,
        /// The move's cost (before the terrain multiplier).
        cost: f64,
    },
    /// Text given to [`GridMap::from_ascii`](crate::GridMap::from_ascii) that is not a map.
    #[error("line {line}: {reason}")]
    InvalidAscii {
        /// Line of the problem, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// An agent size of 0, or larger than the clearance the map tracks (see
    /// [`GridQuery::agent_size`](crate::GridQuery::agent_size)).
    #[error("agent size {size} refused: an agent is 1 to {max} cells wide")]
    InvalidAgentSize {
        /// The refused size.
        size: u32,
        /// The largest accepted size, [`GridMap::MAX_CLEARANCE`](crate::GridMap::MAX_CLEARANCE).
        max: u32,
    },
    /// A movement budget that is NaN or negative.
    #[error("movement budget must be a number of at least 0, got {value}")]
    InvalidBudget {
        /// The refused budget.
        value: f64,
    },
    /// A generator parameter out of its range.
    #[error("invalid generator parameter {name} = {value}: {reason}")]
    InvalidGeneratorParameter {
        /// Name of the parameter.
        name: &'static str,
        /// Its value.
        value: f64,
        /// The accepted range.
        reason: &'static str,
    },
}
