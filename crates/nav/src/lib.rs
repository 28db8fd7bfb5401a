//! # nav: pathfinding for games
//!
//! The facade a Rust game depends on. It re-exports the crates of the workspace under short
//! module names:
//!
//! * [`search`]: the A* engine every navigator runs on (`nav-search`).
//! * [`geom`]: 2-D geometry on glam: boxes, circles, arcs, distances, swept discs, tangents
//!   between circles (`nav-geom`).
//! * [`grid`]: tile-grid pathfinding, map generators and the Moving AI formats (`nav-grid`).
//! * [`agent`]: agents of any radius in a continuous world of boxes and discs: lattice A* with
//!   swept-disc edges, smoothed paths, walkability cached across queries (`nav-agent`).
//! * [`spatial`]: spatial indexes (hash grid, quadtree) over boxes, queried by box, circle or
//!   segment (`nav-spatial`).
//! * [`tangent`]: exact shortest paths for disc agents among circular obstacles: a lazily built
//!   tangent visibility graph, agent radius chosen per query (`nav-tangent`).
//! * [`mesh`]: exact shortest paths among polygons, boxes and circles for a disc agent of any
//!   radius chosen per query, one world for every radius (`nav-mesh`).
#![warn(missing_docs)]

pub use nav_agent as agent;
pub use nav_geom as geom;
pub use nav_grid as grid;
pub use nav_mesh as mesh;
pub use nav_search as search;
pub use nav_spatial as spatial;
pub use nav_tangent as tangent;

#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
