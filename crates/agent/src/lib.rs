//! # nav-agent: agents of any radius in a continuous world
//!
//! One world, many agents of different sizes, each finding paths it physically fits through
//! (seed 000: A* for agents of different radius over a spatial hash grid), on top of
//! `nav-search` (the A* engine), `nav-geom` (swept-disc tests) and `nav-spatial` (the obstacle
//! index).
//!
//! * [`World`]: rectangular bounds and obstacles, boxes and discs ([`Shape`]), static or
//!   dynamic ([`Mobility`]), in a spatial index ([`HashGrid`](nav_spatial::HashGrid) by
//!   default). Insert, move and remove them through [`ObstacleHandle`]s between queries.
//! * [`Agent`]: radius, step size, [`Heuristic`] (seed 000's 10/14 diagonal distance, octile,
//!   Euclidean) and optionally its own obstacle, which its queries ignore (seed 000's
//!   `objectRef`).
//! * [`World::find_path`]: A* on a lattice of the agent's step whose nodes are created as the
//!   search reaches them and addressed in nav-search's arena by their lattice coordinates;
//!   returns an [`AgentPath`] with a [`PathStatus`], the smoothed path and the raw lattice path.
//! * [`QueryContext`]: the caller's memory for queries, one per thread, holding the search arena
//!   and the walkability caches.
//!
//! ## How it differs from seed 000, and why
//!
//! * **Disc, not box.** A node is walkable when the agent's disc (not its bounding square) fits
//!   inside the bounds and touches no obstacle. The box refuses gaps that a round agent fits
//!   through, diagonally past a corner especially; the disc is what the agent is.
//! * **Swept edges.** An edge between two walkable nodes exists only if the disc swept along
//!   it is clear, so a thin wall between two nodes cannot be stepped over. Every segment of a
//!   returned path (raw or smoothed) passes this test: it keeps a distance of at least the
//!   radius from every obstacle (touching allowed; the tests use a radius larger by about a
//!   millionth so that rounding elsewhere cannot make a returned path look too close).
//! * **Lattice anchored to the world.** Seed 000 builds the lattice around each query's start
//!   point, so no two queries share a node. Here node `(i, j)` is `bounds.min + (i, j) * step`
//!   for every query, which is what makes caching possible. The exact start is joined to the
//!   lattice nodes within one step that it sees (swept test), and lattice nodes within one step
//!   of the goal that see it are joined to the exact goal, which is appended to the path (seed
//!   000's "goal accepted within one step"). A start or goal boxed in so tightly that no lattice
//!   node within one step sees it gives [`PathStatus::NoPath`]: use a smaller step there.
//! * **Keys, not the cell-index hack.** Seed 000 keys nodes by the grid cells their box covers,
//!   which can merge distinct nodes; here a node is keyed by its lattice coordinates and gets a
//!   dense id in nav-search's arena ([`NodeKeys`](nav_search::NodeKeys)).
//! * **Smoothing.** The lattice path zig-zags at 45 degree steps; it is pulled taut (string
//!   pulling with the same swept test). The raw path stays available.
//! * **Outcomes.** Seed 000 says OK / NOT_EXISTS / TOO_LONG; here [`PathStatus`] separates
//!   found, no path, limit reached, start blocked, goal blocked and out of bounds, invalid input
//!   is a [`QueryError`], and [`QueryLimits`] can ask for a partial path.
//!
//! ## Walkability cache
//!
//! Seed 000 notes that creating nodes on the fly needs optimising when queries are many. Each
//! [`QueryContext`] keeps, per (world, radius, step), two bits per lattice node (unknown, free,
//! blocked) and two per edge, in 32 x 32 chunks allocated as queries reach them. A warm node
//! expansion reads nine entries and asks the spatial index nothing.
//!
//! The world itself stays immutable during queries (`&World`), so many threads can search it
//! at once, each with its own context. Every insert, move or removal bumps the world's version
//! and appends the changed box to a bounded change log; before a query, the context's cache
//! replays the log since its last query and forgets only the nodes within `step + radius` of
//! each changed box. An agent's own obstacle is treated by bypassing the cache near it (the
//! cache always describes the world with every obstacle), so agents that are obstacles to each
//! other still share one cache per radius and step.
//!
//! ```
//! use nav_agent::{Aabb, Agent, Circle, QueryContext, QueryLimits, Vec2, World};
//!
//! let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(50.0)))?;
//! world.insert_static(Circle::new(Vec2::new(25.0, 25.0), 8.0))?;
//! let me = world.insert_dynamic(Circle::new(Vec2::new(5.0, 25.0), 1.0))?;
//! let agent = Agent::new(1.0, 0.5)?.with_own_obstacle(me);
//!
//! let mut ctx = QueryContext::new();
//! let path = world.find_path(&mut ctx, Vec2::new(5.0, 25.0), Vec2::new(45.0, 25.0), &agent, &QueryLimits::default())?;
//! assert!(path.is_found());
//! // Around the rock: longer than the straight 40 units, shorter than the lattice path.
//! assert!(path.length() > 40.0 && path.length() <= path.raw_length());
//! assert!(path.points().len() < path.raw_points().len());
//!
//! // Threads share the world; each brings its own context.
//! std::thread::scope(|s| {
//!     for _ in 0..2 {
//!         s.spawn(|| {
//!             let mut ctx = QueryContext::new();
//!             let again = world.find_path(&mut ctx, Vec2::new(5.0, 25.0), Vec2::new(45.0, 25.0), &agent, &QueryLimits::default()).unwrap();
//!             assert_eq!(again.points(), path.points());
//!         });
//!     }
//! });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod agent;
mod change_log;
mod clearance;
mod error;
mod find_path;
mod lattice;
mod lattice_graph;
mod obstacle;
mod path;
mod query_context;
mod string_pulling;
mod walkability_cache;
mod world;

pub use agent::{Agent, Heuristic};
pub use error::{AgentError, Endpoint, QueryError, WorldError};
pub use lattice::MAX_LATTICE_NODES;
pub use nav_geom::{Aabb, Circle, Segment, Vec2};
pub use obstacle::{Mobility, Obstacle, ObstacleHandle, Shape};
pub use path::{AgentPath, PathStatus, QueryLimits};
pub use query_context::{QueryContext, QueryStats};
pub use world::World;
