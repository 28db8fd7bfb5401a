//! # nav-search: one A* engine for every graph kind
//!
//! `nav-search` knows nothing about tiles, circles or agents. A graph describes itself through
//! the [`Graph`] trait (successors with costs, a heuristic, a goal test) and the engine does the
//! rest, in a [`SearchContext`] that the caller owns and reuses:
//!
//! * **Index-addressed node arena, no closed list.** Every node lives in a slot of a `Vec`
//!   addressed by its [`NodeId`] and carries its cost from the start, its parent and its state
//!   (unseen, open, closed). Checking whether a node was seen is one array access: nothing
//!   scans an open or closed list.
//! * **O(1) reset.** Each slot carries the generation of the query that last touched it; a new
//!   query bumps the generation, so stale slots read as unseen without being cleared. After
//!   warm-up a query allocates nothing.
//! * **Deterministic.** The open list pops by `f`, then by larger `g` (closer to the goal), then
//!   by smaller node id, with a last-in-first-out stack in front for successors that keep the
//!   `f` of the node being expanded (a sorted group of the current `f`, and a radix heap over
//!   `f` or one bucket per `f`, hold the rest): the same inputs give the same path on every run and platform.
//! * **Honest outcomes.** [`Limits`] cap the number of expanded nodes and the path cost; the
//!   [`SearchOutcome`] says whether the goal was found, proven unreachable, or the search was cut
//!   short, and can carry a partial path to the expanded node closest to the goal.
//!
//! Dense graphs (tile grids) use the cell index as the node id. Graphs discovered lazily
//! (continuous worlds, tangent graphs) hand out ids on discovery, for example with [`NodeKeys`].
//!
//! ```
//! use nav_search::{Graph, Limits, NodeId, SearchContext, SearchStatus, Successors};
//!
//! /// Nodes 0..10 on a line: a step of one costs 1, a jump of three costs 2.5.
//! struct Line { goal: NodeId }
//!
//! impl Graph for Line {
//!     fn successors(&mut self, node: NodeId, out: &mut Successors) {
//!         if node + 1 < 10 { out.push(node + 1, 1.0); }
//!         if node + 3 < 10 { out.push(node + 3, 2.5); }
//!     }
//!     fn heuristic(&self, node: NodeId) -> f64 {
//!         // No move covers a unit of distance for less than 2.5 / 3.
//!         self.goal.abs_diff(node) as f64 * 2.5 / 3.0
//!     }
//!     fn is_goal(&self, node: NodeId) -> bool { node == self.goal }
//! }
//!
//! let mut ctx = SearchContext::new();
//! let mut path = Vec::new();
//! let outcome = ctx.astar(&mut Line { goal: 9 }, 0, &Limits::default(), &mut path);
//! assert_eq!(outcome.status, SearchStatus::Found);
//! assert_eq!(path, [0, 3, 6, 9]);
//! assert_eq!(outcome.cost, 7.5);
//! ```
#![warn(missing_docs)]

mod context;
mod endpoint;
mod graph;
mod keys;
mod open;
mod outcome;
mod slice;
mod vocabulary;

pub use context::{NodeState, SearchContext, SearchProgress};
pub use endpoint::Endpoint;
pub use graph::{Graph, NodeId, Successors, ZeroHeuristic};
pub use keys::NodeKeys;
pub use outcome::{Limits, SearchOutcome, SearchStatus};
pub use slice::{Revision, SliceState};
pub use vocabulary::{LimitsError, MAX_NEAREST_GOALS, PathOutcome, PathRef, PathStatus};
