//! # nav-spatial: spatial indexes for 2-D navigation
//!
//! Finding the obstacles near an agent, under a path step or along a line of sight without
//! testing all of them. Every index implements [`SpatialIndex`]: objects are stored with a
//! bounding [`Aabb`] and a value of your choice, and are found again by box, circle or segment.
//!
//! * [`HashGrid`]: uniform cells over the world bounds. Fastest for evenly spread objects of
//!   similar size and small queries; needs a cell size.
//! * [`Quadtree`]: adapts to clusters and mixed sizes; no tuning beyond a node capacity.
//! * [`BruteForce`]: tests every object. For a few dozen objects, and as the reference.
//!
//! Shared guarantees (details on [`SpatialIndex`]):
//!
//! * handles are generational [`ObjectKey`]s: a removed object's handle never reaches a newer
//!   object;
//! * queries are exact (an object is reported if and only if its box truly touches the shape,
//!   not merely a cell or node under it), report each object once, take `&self`, and allocate
//!   nothing: results go to a caller's buffer or a visitor that may stop early;
//! * bad input (NaN, infinite or inverted boxes, zero or negative cell sizes, absurd cell counts)
//!   is an error, never a panic; invalid query shapes find nothing.
//!
//! ```
//! use nav_spatial::{Aabb, HashGrid, SpatialIndex, Vec2};
//!
//! let mut grid = HashGrid::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)), 5.0)?;
//! let crate_box = grid.insert(Aabb::new(Vec2::new(10.0, 10.0), Vec2::new(12.0, 12.0)), "crate")?;
//! let mut near = Vec::new();
//! grid.query_aabb(&Aabb::from_center_half_extents(Vec2::new(9.0, 9.0), Vec2::splat(1.5)), &mut near);
//! assert_eq!(near, [crate_box]);
//! assert_eq!(grid.get(crate_box).map(|(_, name)| *name), Some("crate"));
//! # Ok::<(), nav_spatial::SpatialError>(())
//! ```
#![warn(missing_docs)]

mod brute_force;
mod error;
mod hash_grid;
mod key;
mod quadtree;
mod spatial_index;

pub use brute_force::BruteForce;
pub use error::SpatialError;
pub use hash_grid::HashGrid;
pub use key::ObjectKey;
pub use nav_geom::{Aabb, Circle, Segment, Vec2};
pub use quadtree::{Quadtree, QuadtreeConfig};
pub use spatial_index::{MAX_OBJECTS, SpatialIndex};
