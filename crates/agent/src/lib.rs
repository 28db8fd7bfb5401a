//! # nav-agent: agents of any radius in a continuous world
//!
//! One world, many agents of different sizes, each finding paths it physically fits through:
//! A* over a lattice sized for the agent, whose nodes are tested against obstacles found in a
//! spatial hash (the agent-radius lattice over a spatial hash of a Kotlin NavGrid article), on
//! top of `nav-search` (the A* engine), `nav-geom` (swept-disc tests) and `nav-spatial` (the
//! obstacle index).
//!
//! The call shape is the one of every nav navigator: a per-thread [`AgentContext`], a shared
//! read-only [`World`], an [`AgentQuery`] value (start, goal, radius, step, limits), and an
//! answer that borrows the path from the context:
//!
//! ```
//! use nav_agent::{Aabb, AgentContext, AgentQuery, Circle, Vec2, World};
//! use nav_search::PathStatus;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(50.0)))?;
//! world.insert_static(Circle::new(Vec2::new(25.0, 25.0), 8.0))?;
//! let me = world.insert_dynamic(Circle::new(Vec2::new(5.0, 25.0), 1.0))?;
//!
//! let mut ctx = AgentContext::new();
//! let query = AgentQuery::new(Vec2::new(5.0, 25.0), Vec2::new(45.0, 25.0))
//!     .with_radius(1.0)
//!     .with_step(0.5)
//!     .with_own_obstacle(Some(me));
//! let path = ctx.find_path(&world, &query)?;
//! assert_eq!(path.status(), PathStatus::Found);
//! // Around the rock: longer than the straight 40 units, shorter than the lattice path.
//! let (length, points) = (path.cost(), path.path().to_vec());
//! assert!(length > 40.0 && length <= ctx.last_path().raw_length());
//! assert!(points.len() < ctx.raw_path().len());
//!
//! // Threads share the world; each brings its own context.
//! std::thread::scope(|s| {
//!     for _ in 0..2 {
//!         s.spawn(|| {
//!             let mut ctx = AgentContext::new();
//!             let again = ctx.find_path(&world, &query).unwrap();
//!             assert_eq!(again.path(), points.as_slice());
//!         });
//!     }
//! });
//! # Ok(())
//! # }
//! ```
//!
//! * [`World`]: rectangular bounds and obstacles, boxes and discs ([`Shape`]), static or
//!   dynamic ([`Mobility`]), in a spatial index ([`HashGrid`](nav_spatial::HashGrid) by
//!   default). Insert, move and remove them through [`ObstacleHandle`]s between queries.
//! * [`AgentQuery`]: start, goal, the agent's radius (0 is a point agent) and lattice step,
//!   its [`AgentHeuristic`], the obstacle that is the agent itself (ignored by its own
//!   queries), and nav-search's [`Limits`](nav_search::Limits). [`Agent`] bundles the
//!   settings of one kind of agent for [`AgentQuery::with_agent`].
//! * [`AgentContext::find_path`]: A* on a lattice of the agent's step whose nodes are created
//!   as the search reaches them; returns a [`PathRef`](nav_search::PathRef) to the smoothed
//!   points with nav-search's [`PathStatus`](nav_search::PathStatus); the raw lattice path is
//!   [`AgentContext::raw_path`].
//!
//! ## How it differs from the article's lattice, and why
//!
//! * **Disc, not box.** A node is walkable when the agent's disc (not its bounding square) fits
//!   inside the bounds and overlaps no obstacle. The box refuses gaps that a round agent fits
//!   through, diagonally past a corner especially; the disc is what the agent is.
//! * **Swept edges.** An edge between two walkable nodes exists only if the disc swept along
//!   it is clear, so a thin wall between two nodes cannot be stepped over. Every segment of a
//!   returned path (raw or smoothed) passes this test: it keeps a distance of at least the
//!   radius from every obstacle (touching allowed; the search keeps a hair more, about a
//!   millionth, so that rounding elsewhere cannot make a returned path look too close, and so
//!   that two touching obstacles leave no gap even for a point agent).
//! * **Lattice anchored to the world.** The article builds the lattice around each query's
//!   start point, so no two queries share a node. Here node `(i, j)` is
//!   `bounds.min + (i, j) * step` for every query, which is what makes caching possible. The
//!   exact start is joined to the goal when the straight line is clear, and to the lattice
//!   nodes within one lattice diagonal that it sees (swept test); lattice nodes within one
//!   lattice diagonal of the goal that see it are joined to the exact goal. A start or goal
//!   boxed in so tightly that no lattice node that close sees it gives
//!   [`PathStatus::NoPath`](nav_search::PathStatus::NoPath): use a smaller step there.
//! * **Keys, not cell indexes.** The article keys nodes by the grid cells their box covers,
//!   which can merge distinct nodes; here a node is keyed by its lattice coordinates and gets a
//!   dense id in nav-search's arena ([`NodeKeys`](nav_search::NodeKeys)).
//! * **Smoothing.** The lattice path zig-zags at 45 degree steps; it is pulled taut (string
//!   pulling with the same swept test). The raw path stays available.
//! * **Outcomes.** Found, no path, limit reached, start blocked, goal blocked and out of bounds
//!   are nav-search's [`PathStatus`](nav_search::PathStatus); invalid input is a
//!   [`QueryError`], and [`Limits`](nav_search::Limits) can ask for a partial path.
//!
//! ## Walkability cache
//!
//! Creating nodes on the fly costs when queries are many. Each [`AgentContext`] keeps, per
//! (world, radius, step), two bits per lattice node (unknown, free, blocked) and two per edge,
//! in 32 x 32 chunks allocated as queries reach them. A warm node expansion reads nine entries
//! and asks the spatial index nothing.
//!
//! The world itself stays immutable during queries (`&World`), so many threads can search it
//! at once, each with its own context. Every insert, move or removal bumps the world's version
//! and appends the changed box to a bounded change log; before a query, the context's cache
//! replays the log since its last query and forgets only the nodes within `step + radius` of
//! each changed box. An agent's own obstacle is treated by bypassing the cache near it (the
//! cache always describes the world with every obstacle), so agents that are obstacles to each
//! other still share one cache per radius and step.
#![warn(missing_docs)]

mod agent;
mod change_log;
mod collision;
mod error;
mod find_path;
mod lattice;
mod lattice_graph;
mod nearest;
mod obstacle;
mod path;
mod query;
mod query_context;
mod sliced;
mod string_pulling;
mod walkability_cache;
mod world;

pub use agent::{Agent, AgentHeuristic};
pub use error::{AgentError, QueryError, WorldError};
pub use lattice::MAX_LATTICE_NODES;
pub use nearest::{MAX_NEAREST_GOALS, NearestGoal};

/// A bound on expanded lattice nodes for callers that want one without choosing it: 2^20 (a
/// few tens of megabytes and some hundred milliseconds in the worst case). The CLI and the C
/// ABI apply it when no bound is given; [`AgentQuery::new`] itself is unbounded, like every
/// navigator's default [`Limits`](nav_search::Limits) (a lattice has at most
/// [`MAX_LATTICE_NODES`] nodes, so an unbounded search still ends).
pub const DEFAULT_MAX_EXPANDED: usize = 1 << 20;
pub use nav_geom::{Aabb, Circle, Segment, Vec2};
pub use nav_search::SliceState;
pub use obstacle::{Mobility, Obstacle, ObstacleHandle, Shape};
pub use path::AgentPath;
pub use query::AgentQuery;
pub use query_context::{AgentContext, QueryStats};
pub use world::World;
