//! # nav-mesh: exact shortest paths among polygons for a disc of any radius
//!
//! A [`MeshWorld`] is a walkable area (a box or a simple polygon, the *bounds*) minus
//! obstacles: simple polygons of either orientation (convex or not, overlapping or touching each
//! other and the bounds), boxes and circles. A query asks for the shortest path of a disc agent
//! of radius `r >= 0`, chosen per query: one world serves every radius, nothing is rebuilt per
//! radius.
//!
//! ```
//! use nav_geom::{Aabb, PathPiece, Vec2};
//! use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle};
//! use nav_search::PathStatus;
//!
//! let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(20.0)))?;
//! // A wall from (9, 0) to (11, 15): the agent must go around its top.
//! world.insert(Obstacle::Box(Aabb::new(Vec2::new(9.0, 0.0), Vec2::new(11.0, 15.0))))?;
//!
//! let mut ctx = MeshContext::new();
//! let query = MeshQuery::new(Vec2::new(2.0, 2.0), Vec2::new(18.0, 2.0)).with_radius(1.0);
//! let path = ctx.find_path(&world, &query)?;
//! assert_eq!(path.status(), PathStatus::Found);
//! // Two tangents to the corners (9, 15) and (11, 15), a straight stretch over the wall
//! // and two quarter-ish arcs of radius 1.
//! assert!(path.path().iter().any(|piece| matches!(piece, PathPiece::Arc(_))));
//! assert!(path.cost() > 2.0 * 13.0);
//! # Ok::<(), nav_mesh::MeshError>(())
//! ```
//!
//! ## The answer
//! * The disc's centre keeps distance `>= r` from every obstacle (touching is allowed) and from
//!   the edges of the bounds (the whole disc stays inside). A gap of zero width is closed: the
//!   path never passes through a point where two grown obstacles touch (diagonally touching
//!   blocked cells at `r = 0`, the Moving AI and Polyanya rule; a corridor exactly `2r` wide).
//!   At `r > 0` a start or goal exactly on such a point (its disc touching obstacles or the
//!   bounds from two opposite sides, within the tolerance below) is sealed as well: `NoPath`
//!   from everywhere without a search, and `connected` says false (`fits` says true).
//!   Distances are compared with a tolerance of `1e-9` times the world's scale: the extent of
//!   the bounds (their larger side), but at least 1/64 of the bounds' largest coordinate
//!   magnitude and at least 1, and never more than that magnitude (so a world whose bounds
//!   start at the origin has the magnitude as its scale). Gaps narrower than that count as
//!   zero. A world moved far from the origin keeps its tolerance, and so its answers, as long
//!   as the move leaves its coordinates exact.
//! * The path is the exact shortest one, made of straight segments ([`PathPiece::Line`]) and
//!   arcs of radius `r` around convex obstacle corners ([`PathPiece::Arc`]), joined end to end
//!   from the start to the goal; `PathRef::cost()` is its `f64` length (the pieces are `f32`,
//!   so summing them agrees to about `1e-7` relative).
//! * **Circles** are exact: the disc's centre keeps distance `>= R + r` from a circle of
//!   radius `R`, and the path bends around it along arcs of radius `R + r`
//!   ([`PathPiece::Arc`] centred on the circle). (Only the triangulation behind
//!   [`MeshWorld::connected`] sees a circle as its inscribed polygon of
//!   [`MeshWorld::CIRCLE_SIDES`] sides, which keeps its "not connected" answers true.)
//! * Radii below `1e-12` times the world's scale are treated as 0.
//! * Statuses ([`PathStatus`]): `Found`; `NoPath`; `LimitReached` (`Limits::max_expanded`, or
//!   `Limits::max_cost` as the maximum length); `StartBlocked` / `GoalBlocked` (the disc
//!   overlaps an obstacle); `OutOfBounds` (the disc at the start or goal is not inside the
//!   bounds). With `Limits::partial_path` the path leads to the expanded tangent point closest
//!   to the goal (also when the goal is blocked). Without it, a long search alternates with
//!   searches from the goal (see Performance); `expanded` and `Limits::max_expanded` count the
//!   expansions of all of them. Invalid input (NaN or infinite points, a
//!   negative or NaN radius, limits refused by `Limits::check`) is an `Err`.
//!
//! ## The method
//! A tangent visibility graph over the convex corners of the obstacles (and the reflex corners
//! of the bounds) and the circle obstacles, grown by `r` at query time and searched lazily with
//! `nav-search`'s A* (Euclidean heuristic, admissible and consistent): a corner is a disc of
//! radius `r` whose arcs stay in its exterior-angle span, a circle a disc of radius `R + r`
//! whose arcs may turn any way. A node is a directed tangent segment between two such discs
//! (or from the start), so that the arc length at a corner or circle is exact whatever the
//! arrival. A tangent is kept only when its contact points lie within their
//! corners' exterior-angle spans (the *taut* test), then when the disc swept along it stays
//! clear of every obstacle edge near it (a uniform grid of edge buckets over the bounds), and
//! the arc around the corner is clear too. Corners strictly inside another obstacle are never
//! used. Zero-width gaps: a segment touched from its left and from its right at the same place
//! is blocked, an arc touched from outside is blocked, and at `r = 0` a turn at a corner that
//! another obstacle touches from the outside of the turn is blocked.
//!
//! The tangents leaving each corner are computed once per world version and radius and kept in
//! the [`MeshContext`]: repeated queries at one radius get faster as the context warms up, and
//! a warm query allocates nothing. Their candidates are the corners a *visibility walk* cannot
//! prove hidden: the edge grid's buckets in increasing distance from the corner, restricted to
//! the cone of directions its turn may leave along, each edge piece occluding the directions it
//! crosses beyond it; the walk stops when the whole cone is occluded (worlds of up to 1024
//! corners and 128 circles simply take every corner and circle). So a list costs what the corner sees, not the size of the
//! world; the start's candidates come from the same walk over every direction (within an
//! ellipse around the start and the goal that grows as needed), a circle's from a walk from
//! its centre whose occluders hide only what they hide from every point of the circle;
//! circles are candidates and occluders of the walk like edges. In such worlds (and in any
//! world with circles), forward searches run first under a length bound (5%, 25%, 125% over
//! the straight line, then unbounded), pruning every successor beyond it; the start's walk then
//! stops at the bound's ellipse. Sight tests of
//! segments longer than two buckets wait until a node made from them is expanded. Two prunings keep
//! A* small and exact: at `r = 0` only the first (cheapest) arrival at a corner is expanded; at
//! `r > 0` an arrival that an earlier expanded arrival reaches along a clear arc for no more
//! cost is skipped.
//!
//! ## Many goals
//! [`MeshContext::find_nearest`] finds the shortest path to the nearest of several goals (up
//! to [`MAX_NEAREST_GOALS`]) in one search, equal to the shortest of one `find_path` per goal.
//!
//! ## Spatial queries
//! [`MeshWorld::fits`], [`MeshWorld::nearest_fit`] (exact: candidates on the grown boundary and
//! their pairwise intersections), [`MeshWorld::raycast`] (distance to the first contact of the
//! moving disc) and [`MeshWorld::connected`] / [`MeshContext::connected`] (exact, and mostly
//! without a search: "not connected" when a constrained Delaunay triangulation of the world,
//! built on first use and repaired by edits, shows every way between the two points narrower
//! than the disc; "connected" when a roadmap over it, weighted by exact clearances, holds a way
//! clearer than the disc; a search otherwise; [`MeshContext::connected_how`] says which).
//! [`MeshWorld::free_triangles`] hands out that triangulation's free triangles; while it is
//! ready, [`MeshContext::find_path`] answers such unreachable goals with `NoPath` and 0
//! expansions too.
//!
//! ## Tile grids
//! [`MeshWorld::from_grid`] turns a `GridMap` (a Moving AI map) into a polygon world: cell
//! `(x, y)` is the square `[x, x+1] x [y, y+1]`, the outlines of the free areas are traced into
//! loops (diagonally touching blocked cells meet at a pinch corner, closed at `r = 0`), and the
//! cells stay the world's fixed ground: they are not obstacles, but obstacles can be added on
//! top.
//!
//! ## Performance
//! `cargo run --release -p nav-mesh --example movingai -- MAP.map MAP.map.scen R` runs every
//! row of a Moving AI scenario (start and goal at cell centres; mean and median time per query,
//! cold and warm successor lists). A search that has to exhaust a large region builds the
//! successor list of every corner in it. When the goal sits in a small pocket cut off from a
//! large start region, a search from the goal, alternated with the forward one under a growing
//! work budget, proves `NoPath` first; when both ends are in large regions that do not meet,
//! only a prepared triangulation ([`MeshWorld::prepare_connected`]) avoids exhausting one of
//! them. `cargo run --release -p nav-mesh --example connected -- MAP.map MAP.map.scen R` times
//! `connected` against the search. `cargo bench -p nav-benches --bench mesh` compares `r = 0`
//! with the `polyanya` crate on converted maps (a square per cell, and the free triangles of the
//! triangulation) and the polygon world with nav-agent on its benchmark world. Figures:
//! `docs/polygons.md` ("Where it stands") and, round by round, `docs/polygons-log.md`.
//! Converting a 512 x 512 map takes a few milliseconds (about 30 ms for `random512-10`); one
//! obstacle edit costs about a microsecond (plus, once the triangulation is built, its local
//! repair, and a derivation of its forests at the next `connected`).
//!
//! ## Edits and threads
//! [`MeshWorld::insert`], [`MeshWorld::set`] and [`MeshWorld::remove`] update the edge grid and
//! the corner table locally (cost proportional to the edited obstacle). They take `&mut self`
//! while queries take `&self`, so Rust's borrow rules already guarantee that no reader ever sees
//! a world half edited: many threads may query one `&MeshWorld` at once (it is `Send + Sync`),
//! each with its own [`MeshContext`]; edits wait until no query borrows the world.
#![warn(missing_docs)]

/// A shortcut's switch for the unit tests: defines `fn $name() -> bool`, always false outside
/// the unit tests, and inside them the value of the thread-local `Cell<bool>` at `$cell`, which
/// a test sets to turn the shortcut off (to compare answers with and without it).
macro_rules! test_switch {
    ($(#[$doc:meta])* $name:ident, $cell:path) => {
        $(#[$doc])*
        #[inline]
        fn $name() -> bool {
            #[cfg(test)]
            {
                $cell.get()
            }
            #[cfg(not(test))]
            {
                false
            }
        }
    };
}

mod connect;
mod error;
mod geometry;
mod grid;
mod roadmap;
mod search;
mod sight;
mod sliced;
mod spatial;
mod visible;
mod world;

pub use error::{MeshError, ObstacleRef, Point, ShapeProblem};
pub use search::nearest::{MAX_NEAREST_GOALS, NearestGoal};
pub use search::{MeshContext, MeshQuery};
pub use spatial::{ConnectedBuild, Decided};
pub use world::{Bounds, MeshWorld, Obstacle, ObstacleId};

pub use nav_geom::PathPiece;
pub use nav_search::{Limits, PathOutcome, PathRef, PathStatus, SliceState};
