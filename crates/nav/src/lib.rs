//! # nav: pathfinding for games
//!
//! The facade a Rust game depends on: it re-exports the crates of the workspace under short
//! module names. Every navigator answers the same way: a per-thread query **context**, a shared
//! read-only **world**, a **query** value (start, goal, agent size or radius, [`Limits`]), and a
//! [`PathRef`] that borrows the path from the context and says how the search ended
//! ([`PathStatus`]: found, no path, limit reached, start or goal blocked, out of bounds).
//!
//! ```text
//! let mut ctx = XxxContext::new();                           // per thread, reused
//! let query = XxxQuery::new(start, goal).with_radius(r);     // .with_agent_size(k) on grids
//! let answer = ctx.find_path(&world, &query)?;               // Err = invalid input
//! println!("{} after {} expansions", answer.status().as_str(), answer.expanded());
//! ```
//!
//! ## The navigators
//!
//! | module | world | agent | path | guide |
//! |---|---|---|---|---|
//! | [`grid`] | tile map (`GridMap`), rules compiled once | `k x k` cells, per query (clearance) | cells | `docs/grid.md` |
//! | [`agent`] | bounds, boxes and discs in a spatial hash | disc of any radius, per query, on a lattice | points (smoothed) | `docs/agents.md` |
//! | [`tangent`] | bounds and circles | disc of any radius, per query, exact | segments and arcs | `docs/circles.md` |
//! | [`mesh`] | bounds, polygons, boxes and circles | disc of any radius, per query, exact | segments and arcs | `docs/polygons.md` |
//!
//! Under them:
//!
//! * [`search`]: the A* engine every navigator runs on (node arena without a closed list, O(1)
//!   reset, limits and partial paths) and the shared vocabulary ([`PathStatus`],
//!   [`PathOutcome`], [`PathRef`], [`Limits`]).
//! * [`geom`]: 2-D geometry on glam: boxes, circles, arcs, distances, swept discs, tangents
//!   between circles, and [`PathPiece`](geom::PathPiece), the segment-or-arc piece of exact
//!   paths.
//! * [`spatial`]: spatial indexes (hash grid, quadtree) over boxes, queried by box, circle or
//!   segment.
//!
//! The same navigators are a C library (`libnav.so`, `nav.dll`, `libnav.a`, header
//! `ffi/include/nav.h`), a header-only C++17 layer (`nav.hpp`) and a Unity package (C#); the
//! guides `docs/c-abi.md`, `docs/cpp.md` and `docs/unity.md` describe them, and
//! `docs/origins.md` says where each technique comes from.
//!
//! ## A first query
//!
//! ```
//! use nav::search::{Graph, Limits, NodeId, SearchContext, Successors};
//!
//! /// Ten nodes on a line, the goal at the end: any graph can be searched by the engine.
//! struct Line;
//! impl Graph for Line {
//!     fn successors(&mut self, node: NodeId, out: &mut Successors) {
//!         if node < 9 {
//!             out.push(node + 1, 1.0);
//!         }
//!     }
//!     fn heuristic(&self, node: NodeId) -> f64 {
//!         (9 - node) as f64
//!     }
//!     fn is_goal(&self, node: NodeId) -> bool {
//!         node == 9
//!     }
//! }
//!
//! let mut ctx = SearchContext::new();
//! let mut path = Vec::new();
//! let outcome = ctx.astar(&mut Line, 0, &Limits::default(), &mut path);
//! assert!(outcome.is_found());
//! assert_eq!(path.len(), 10);
//! ```
//!
//! Each navigator's module page starts with its own example.
#![warn(missing_docs)]

pub use nav_agent as agent;
pub use nav_geom as geom;
pub use nav_grid as grid;
pub use nav_mesh as mesh;
pub use nav_search as search;
pub use nav_spatial as spatial;
pub use nav_tangent as tangent;

/// The shared vocabulary of every navigator, defined once in [`search`] (the navigators
/// re-export the same items, so glob imports of several of them do not collide).
pub use nav_search::{Limits, LimitsError, PathOutcome, PathRef, PathStatus};

#[cfg(doctest)]
/// The guides in `docs/` and the README, compiled and run as doctests (`cargo test -p nav
/// --doc`), so that every Rust block a reader sees compiles as shown.
mod guides {
    #[doc = include_str!("../../../README.md")]
    struct Readme;
    #[doc = include_str!("../../../docs/search.md")]
    struct Search;
    #[doc = include_str!("../../../docs/game-loop.md")]
    struct GameLoop;
    #[doc = include_str!("../../../docs/grid.md")]
    struct Grid;
    #[doc = include_str!("../../../docs/flow.md")]
    struct Flow;
    #[doc = include_str!("../../../docs/agents.md")]
    struct Agents;
    #[doc = include_str!("../../../docs/circles.md")]
    struct Circles;
    #[doc = include_str!("../../../docs/polygons.md")]
    struct Polygons;
    #[doc = include_str!("../../../docs/geometry.md")]
    struct Geometry;
    #[doc = include_str!("../../../docs/c-abi.md")]
    struct CAbi;
    #[doc = include_str!("../../../docs/cpp.md")]
    struct Cpp;
    #[doc = include_str!("../../../docs/unity.md")]
    struct Unity;
    #[doc = include_str!("../../../docs/cli.md")]
    struct Cli;
    #[doc = include_str!("../../../docs/testing.md")]
    struct Testing;
    #[doc = include_str!("../../../docs/benchmarks.md")]
    struct Benchmarks;
    #[doc = include_str!("../../../docs/origins.md")]
    struct Origins;
    #[doc = include_str!("../../../docs/reliability.md")]
    struct Reliability;
}
