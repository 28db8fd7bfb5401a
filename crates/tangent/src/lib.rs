//! # nav-tangent: shortest paths around circular obstacles
//!
//! Exact shortest paths for a disc-shaped agent among circles (trees, rocks, units), after
//! Red Blob Games' "Circular Obstacle Pathfinding". Every shortest path among discs
//! alternates straight *surfing* segments (tangents between two circles, from the start, to
//! the goal) with *hugging* arcs around circles; those pieces form the tangent visibility graph,
//! which A* (`nav-search`) searches with the straight-line distance to the goal as heuristic.
//!
//! * [`CircleWorld`]: circles with generational handles ([`CircleKey`]), inserted, moved and
//!   removed between queries, held in a spatial index from `nav-spatial`. They may overlap,
//!   touch, or lie inside one another.
//! * [`CircleContext::find_path`]`(&world, &`[`CircleQuery`]`)`: the call shape of every nav
//!   navigator. The answer borrows the path, [`PathPiece`]s (segments and arcs), from the
//!   context, with its exact length as the cost, or says why there is none (nav-search's
//!   [`PathStatus`](nav_search::PathStatus); [`CircleContext::blocking_circle`] names the
//!   circle over a blocked start or goal); [`CircleContext::polyline`] for engines that follow
//!   straight segments.
//!
//! How it follows the article, and where it goes further:
//!
//! * **Minkowski expansion at query time.** The world stores true radii; a query adds the agent
//!   radius to every circle, so one world serves agents of every size.
//! * **Lazy edges.** Nothing is built before a query. The edges leaving a circle (one list per
//!   turn direction) are built the first time the search reaches it, in the neighbour function;
//!   a query looks at a small part of the O(n²) graph.
//! * **Oriented nodes, cusp culling.** A node is an arrival on a circle turning one way; only
//!   tangents that leave turning the same way follow it, so no path turns back on itself.
//! * **Line of sight** by point-segment distance with the clamped parameter `u` (overlapping
//!   circles may cover a segment's end), tested only against the circles near the segment.
//!   Those come from a *neighbour scan* through the spatial index that stops as soon as every
//!   tangent ray is blocked, so a circle deep in a forest never looks at the far side of it.
//! * **Overlaps.** Circles that overlap have no internal bitangents; hugging arcs that would
//!   run into a crossing circle (circle-circle intersection) are dropped; circles inside other
//!   circles get no node.
//! * **Exactness.** f64 inside, sweeps of arcs in `[0, 2π)` in the direction of travel (never a
//!   raw angle difference), nodes identified by the edge that reaches them (never by rounded
//!   coordinates), edge costs that are exactly the lengths.
//!
//! ```
//! use nav_geom::{Aabb, Circle, Vec2};
//! use nav_search::PathStatus;
//! use nav_tangent::{CircleContext, CircleQuery, CircleWorld, PathPiece};
//!
//! # fn main() -> Result<(), nav_tangent::TangentError> {
//! let mut world = CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)))?;
//! world.insert(Circle::new(Vec2::new(50.0, 50.0), 10.0))?;
//! world.insert(Circle::new(Vec2::new(62.0, 45.0), 6.0))?; // overlaps the first one
//!
//! let mut ctx = CircleContext::new();
//! let query = CircleQuery::new(Vec2::new(10.0, 50.0), Vec2::new(90.0, 48.0)).with_radius(2.0);
//! let path = ctx.find_path(&world, &query)?;
//! assert_eq!(path.status(), PathStatus::Found);
//! for piece in path.path() {
//!     match piece {
//!         PathPiece::Line(segment) => println!("walk to {}", segment.b),
//!         PathPiece::Arc(arc) => println!("curve around {} (radius {})", arc.center, arc.radius),
//!     }
//! }
//! // Longer than the straight line, by the detour around the inflated rocks.
//! assert!(path.cost() > 80.0 && path.cost() < 90.0);
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

mod error;
mod geometry;
mod path;
mod query;
mod world;

pub use error::TangentError;
pub use path::{PathPiece, TangentPath};
pub use query::{CircleContext, CircleQuery, MAX_NEAREST_GOALS, NearestGoal};
pub use world::{CircleKey, CircleWorld};

pub use nav_search::{Revision, SliceState};
