//! # nav-grid: tile-grid pathfinding
#![warn(missing_docs)]
