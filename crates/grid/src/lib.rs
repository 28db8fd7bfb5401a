//! # nav-grid: tile-grid pathfinding
//!
//! Shortest paths over tile maps, on the [`nav_search`] A* engine:
//!
//! * [`GridMap`]: terrain value, blocked flag and cost multiplier per cell; walkability by a
//!   terrain threshold (the "largest walkable tile number" of tile-map tutorials) or the flag;
//!   O(1) cell edits.
//! * [`GridRules`]: [`Moves`] (4, 8 or custom offsets, as the direction arrays of grid A*
//!   tutorials), a [`DiagonalRule`] (never, no corner cutting as in the Moving AI benchmarks,
//!   or "free" squeezing between diagonal blocks), [`MoveCosts`] (1 and √2 by default, 10 and
//!   14 if you like), a [`Heuristic`], checked for admissibility, and a [`SearchMode`] (cell
//!   by cell, or jump points). Rules are checked once, by [`GridRules::compile`].
//! * [`GridQuery`]: start, goal, agent size and [`Limits`] of one query.
//! * [`GridContext`]: the per-thread memory that runs queries. A reused context allocates
//!   nothing per query. The answer, a [`PathRef`], borrows the path; the context keeps the
//!   cost of each cell of it (movement budgets), the expanded cells and which search ran.
//! * Clearance ([`GridMap::clearance`]): per cell, the largest square agent that fits with its
//!   top-left cell there, kept up to date by local updates when cells change, so that one map
//!   serves agents of every size (hierarchical annotated A*'s "true clearance"); a query for
//!   a `k x k` agent expands only cells of clearance at least `k`.
//! * Jump point search ([`SearchMode::JumpPoints`]): the same optimal paths under the Moving
//!   AI rules or with free diagonals, usually an order of magnitude faster. Refused, with an
//!   error, where it would not be exact, unless you ask for a cell-by-cell fallback.
//!   [`SearchMode::JumpPointsPlus`] reads preprocessed jump distances instead of scanning
//!   (JPS+, 16 bytes per cell, built by [`GridMap::prepare`] or the first query, kept up to
//!   date by edits).
//! * Batches over threads ([`find_paths`], [`for_each_with_context`]; cargo feature `rayon`,
//!   on by default).
//! * Flow fields ([`FlowField`]): the cost to the nearest of one or more goals and the next
//!   move of every cell, with a line-of-sight flag, for crowds sent to one place; repaired
//!   locally after edits. Nearest of several goals in one search: [`NearestGoalContext`].
//! * [`GridView`]: the map as a [`nav_search::Graph`], to run the engine yourself.
//! * [`generate`]: seeded map generators (random fill, caves, rooms, mazes).
//! * [`movingai`]: the Moving AI `.map` and `.map.scen` formats.
//!
//! Statuses are the shared [`PathStatus`] of every nav navigator. A grid never reports
//! [`PathStatus::OutOfBounds`]: a start or goal outside the map is an error
//! ([`GridError::EndpointOutOfRange`]). Costs are bounded ([`MoveCosts::MAX_COST`]) so that no
//! path cost overflows.
//!
//! ```
//! use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, Heuristic, Moves, PathStatus};
//!
//! let map = GridMap::from_ascii("
//!     ........
//!     .@@@@@@.
//!     .@....@.
//!     .@.@@.@.
//!     ...@....
//! ")?;
//! let mut ctx = GridContext::new();
//!
//! // The Moving AI rules: 8 moves, no corner cutting, octile heuristic.
//! let rules = GridRules::default().compile()?;
//! let query = GridQuery::new(Cell::new(0, 0), Cell::new(4, 2));
//! let answer = ctx.find_path(&map, &rules, &query)?;
//! assert_eq!(answer.status(), PathStatus::Found);
//! let (cost, cells, expanded) = (answer.cost(), answer.path().len(), answer.expanded());
//! println!("cost {cost:.3} over {cells} cells, {expanded} expanded");
//!
//! // Four moves and Manhattan distance (a tile-map tutorial's default).
//! let four = GridRules::default().with_moves(Moves::Four).with_heuristic(Heuristic::Manhattan);
//! let four = four.compile()?;
//! let answer = ctx.find_path(&map, &four, &query)?;
//! assert_eq!(answer.cost(), 10.0);
//!
//! // A unit that moves 5 per turn stops here this turn.
//! let this_turn = ctx.path_within_budget(5.0)?;
//! assert_eq!(this_turn.len(), 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

#[cfg(feature = "rayon")]
mod batch;
mod bits;
mod cell;
mod clearance;
mod components;
mod context;
mod error;
mod flow;
pub mod generate;
mod heuristic;
mod jump_table;
mod map;
mod moves;
pub mod movingai;
mod multi_goal;
mod path;
mod query;
mod rules;
mod view;

#[cfg(feature = "rayon")]
pub use batch::{GridAnswer, find_paths, for_each_with_context};
pub use cell::Cell;
pub use context::GridContext;
pub use error::{Endpoint, GridError};
pub use flow::{FlowField, FlowQuery, FlowReport};
pub use heuristic::Heuristic;
pub use map::GridMap;
pub use moves::{CustomMove, CustomMoves, DiagonalRule, MoveCosts, Moves};
pub use multi_goal::{NearestGoal, NearestGoalContext, NearestGoalQuery};
pub use path::GridPath;
pub use query::GridQuery;
pub use rules::{CompiledRules, GridRules, SearchMode};
pub use view::GridView;

/// The shared vocabulary of nav's navigators, as grid queries use it (defined once, in
/// [`nav_search`]).
pub use nav_search::{
    Limits, LimitsError, PathOutcome, PathRef, PathStatus, Revision, SearchContext, SliceState,
};
