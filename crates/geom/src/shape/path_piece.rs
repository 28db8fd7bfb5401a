//! One piece of an any-angle path: a straight segment or an arc.

use crate::{Arc, Segment, Vec2};

/// One piece of an any-angle path: a straight segment (a *surfing* edge: a tangent between two
/// obstacles, or from the start or to the goal) or an arc around an obstacle grown by the agent
/// radius (a *hugging* edge). Circle worlds and polygon worlds both return paths of these.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PathPiece {
    /// A straight segment, travelled from `a` to `b`.
    Line(Segment),
    /// An arc around a grown obstacle (a circle of radius `R + r`, or a corner of radius `r`), travelled from its start angle through
    /// its sweep in its turn direction.
    Arc(Arc),
}

impl PathPiece {
    /// Length of the piece (rounded to f32; a path's own length is the exact f64 total).
    pub fn length(&self) -> f32 {
        match self {
            PathPiece::Line(s) => s.length(),
            PathPiece::Arc(a) => a.length(),
        }
    }

    /// Where the piece starts.
    pub fn start_point(&self) -> Vec2 {
        match self {
            PathPiece::Line(s) => s.a,
            PathPiece::Arc(a) => a.start_point(),
        }
    }

    /// Where the piece ends.
    pub fn end_point(&self) -> Vec2 {
        match self {
            PathPiece::Line(s) => s.b,
            PathPiece::Arc(a) => a.end_point(),
        }
    }
}
