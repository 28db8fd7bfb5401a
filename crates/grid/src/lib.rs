//! # nav-grid: tile-grid pathfinding
//!
//! Shortest paths over tile maps, on the [`nav_search`] A* engine:
//!
//! * [`GridMap`]: terrain value, blocked flag and cost multiplier per cell; walkability by a
//!   terrain threshold (seed 003's `maxWalkableTileNum`) or the flag; O(1) cell edits.
//! * [`GridRules`]: [`Moves`] (4, 8 or custom offsets, seed 001), a [`DiagonalRule`] (never,
//!   no corner cutting as in the Moving AI benchmarks, or "free" squeezing between diagonal
//!   blocks as in seed 003), [`MoveCosts`] (1 and √2 by default, 10 and 14 if you like), a
//!   [`Heuristic`], checked for admissibility, and the [agent size](GridRules::agent_size).
//! * Clearance ([`GridMap::clearance`]): per cell, the largest square agent that fits with its
//!   top-left cell there, kept up to date by local updates when cells change, so that one map
//!   serves agents of every size (hierarchical annotated A*'s "true clearance"); a query for
//!   a `k x k` agent expands only cells of clearance at least `k`.
//! * [`GridPathfinder`]: queries with statuses for blocked endpoints, limits and partial
//!   paths, the path with the cost of each cell, movement budgets, and the expanded cells.
//!   A reused pathfinder allocates nothing per query.
//! * Jump point search ([`GridRules::jump_points`]): the same optimal paths under the Moving AI
//!   rules or with free diagonals, usually an order of magnitude faster.
//! * [`GridView`]: the map as a [`nav_search::Graph`], to run the engine yourself.
//! * [`generate`]: seeded map generators (random fill, caves, rooms, mazes).
//! * [`movingai`]: the Moving AI `.map` and `.map.scen` formats.
//!
//! ```
//! use nav_grid::{Cell, DiagonalRule, GridMap, GridPathfinder, GridRules, GridStatus, Heuristic, Moves};
//!
//! let map = GridMap::from_ascii("
//!     ........
//!     .@@@@@@.
//!     .@....@.
//!     .@.@@.@.
//!     ...@....
//! ")?;
//! let mut finder = GridPathfinder::new();
//!
//! // The Moving AI rules: 8 moves, no corner cutting, octile heuristic.
//! let outcome = finder.find_path(&map, Cell::new(0, 0), Cell::new(4, 2), &GridRules::default())?;
//! assert_eq!(outcome.status, GridStatus::Found);
//! println!("cost {:.3} over {} cells, {} expanded", outcome.cost, finder.path().len(), outcome.expanded);
//!
//! // Four moves and Manhattan distance (seed 003's default).
//! let rules = GridRules::default().with_moves(Moves::Four).with_heuristic(Heuristic::Manhattan);
//! let outcome = finder.find_path(&map, Cell::new(0, 0), Cell::new(4, 2), &rules)?;
//! assert_eq!(outcome.cost, 10.0);
//!
//! // A unit that moves 5 per turn stops here this turn.
//! let this_turn = finder.path_within_budget(5.0)?;
//! assert_eq!(this_turn.len(), 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod cell;
mod clearance;
mod error;
pub mod generate;
mod heuristic;
mod map;
mod moves;
pub mod movingai;
mod path;
mod pathfinder;
mod rules;
mod view;

pub use cell::Cell;
pub use error::{Endpoint, GridError};
pub use heuristic::Heuristic;
pub use map::GridMap;
pub use moves::{CustomMove, CustomMoves, DiagonalRule, MoveCosts, Moves};
pub use path::GridPath;
pub use pathfinder::{GridOutcome, GridPathfinder, GridStatus};
pub use rules::{CompiledRules, GridRules};
pub use view::GridView;

/// The search engine's types that grid queries use.
pub use nav_search::{Limits, SearchContext};
