//! # nav-geom: 2-D geometry for navigation
//!
//! Shapes and the queries between them that the navigators need, on `glam::Vec2` (f32, as game
//! engines speak), computed in f64 inside where a formula loses precision: far from the
//! origin (worlds of 10,000 to 1,000,000 units), nearly tangent circles, `arccos` near 1.
//!
//! * Shapes: [`Aabb`], [`Circle`], [`Segment`], [`Arc`], [`RoundedAabb`] (a box inflated by a
//!   radius), and [`Turn`], the clockwise / counter-clockwise label used by arcs and tangents.
//! * [`query`]: distances (point, segment against box, circle, arc), intersection tests,
//!   swept discs (does an agent of radius `r` moving along a segment hit a shape?), tangents
//!   between circles and from points, circle-circle intersection points.
//! * [`f64`](mod@f64): the f64 kernels (angles, sweeps, closest points, covered arcs) that
//!   code computing in f64 shares instead of copying.
//! * [`display`]: points and shapes printed as plain numbers (`(x, y)`) for error messages.
//! * Minkowski expansion for agents of any radius: [`Circle::inflated`], [`Aabb::inflated`]
//!   (exact) and [`Aabb::expand`] (conservative box).
//!
//! ## The touching rule
//!
//! Every navigator of nav follows one rule for a disc agent of radius `r` (0: a point):
//!
//! * **Touching is allowed.** The agent's centre may be at distance exactly `r` from an
//!   obstacle or from the world's border: such a start or goal is neither blocked nor out of
//!   bounds, and a path may run along an obstacle grown by `r`. The `swept_disc_clears_*`
//!   queries encode this (blocked only when the distance is less than the radius).
//! * **A gap of zero width is closed.** Where two obstacles grown by `r` touch each other (or
//!   one touches the border shrunk by `r`), no path passes through the point where they touch,
//!   not even a point agent's: a ring of touching trees is a wall. This is how the Moving AI
//!   rules treat diagonally touching blocked cells, and how Polyanya treats meshes.
//!
//! nav-agent closes zero-width gaps by keeping a hair (about a millionth of the radius) more
//! than `r` from obstacles away from the start and goal; nav-tangent marks the touching point
//! of two inflated circles (or of a circle and the bounds) as covered.
//!
//! Files are named by operation and operands (`query/tangent_circle_circle.rs`), so that the
//! code for a pair of shapes is found by its name.
//!
//! ```
//! use nav_geom::{Circle, Segment, Turn, Vec2, query};
//!
//! // An agent of radius 0.5 wants to walk past a rock.
//! let rock = Circle::new(Vec2::new(5.0, 0.0), 1.0);
//! let walk = Segment::new(Vec2::new(0.0, 1.2), Vec2::new(10.0, 1.2));
//! assert!(!query::swept_disc_clears_circle(&walk, 0.5, &rock));
//!
//! // Go around it instead: tangents from the start to the inflated rock.
//! let padded = rock.inflated(0.5);
//! let [over, under] = query::tangents_point_circle(walk.a, &padded).unwrap();
//! // Passing over the top from left to right circles the rock clockwise.
//! assert_eq!((over.turn, under.turn), (Turn::Cw, Turn::Ccw));
//! assert!(over.point.y > 1.0 && under.point.y < 0.0);
//! ```
#![warn(missing_docs)]

pub mod display;
pub mod f64;
pub mod query;
mod shape;
mod turn;

pub use glam::{DVec2, Vec2};
pub use shape::{Aabb, Arc, Circle, PathPiece, RoundedAabb, Segment};
pub use turn::Turn;
