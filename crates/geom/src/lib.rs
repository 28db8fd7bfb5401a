//! # nav-geom: 2-D geometry for navigation
//!
//! Shapes and the queries between them that the navigators need, on `glam::Vec2` (f32, as game
//! engines speak), computed in f64 inside where a formula loses precision.
//!
//! Files are named by operation and operands (`query/intersection_aabb_segment.rs`), so that
//! the code for a pair of shapes is found by its name.
#![warn(missing_docs)]

pub mod query;
mod shape;

pub use glam::Vec2;
pub use shape::{Aabb, Circle, Segment};
