//! Errors: bad input is refused with a value that names the input and the reason.

use nav_geom::{Aabb, Vec2};
use nav_spatial::SpatialError;

use crate::{ObstacleHandle, Shape};

/// Why a [`World`](crate::World) refused to be built or changed. The world is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WorldError {
    /// The bounds have a NaN or infinite corner, `min > max`, or no area.
    #[error("invalid world bounds {bounds:?}: corners must be finite with min < max on both axes")]
    InvalidBounds {
        /// The refused bounds.
        bounds: Aabb,
    },
    /// An obstacle's shape has a NaN or infinite coordinate, an inverted box, or a negative or
    /// infinite radius.
    #[error(
        "invalid obstacle shape {shape:?}: coordinates must be finite, boxes min <= max, radii >= 0"
    )]
    InvalidShape {
        /// The refused shape.
        shape: Shape,
    },
    /// The handle names no obstacle of this world (removed, or issued by another world).
    #[error("unknown obstacle {handle:?}: removed, or issued by another world")]
    UnknownObstacle {
        /// The handle.
        handle: ObstacleHandle,
    },
    /// A [`Mobility::Static`](crate::Mobility::Static) obstacle was asked to move.
    #[error("obstacle {handle:?} is static and cannot move (remove it instead)")]
    StaticObstacle {
        /// The handle.
        handle: ObstacleHandle,
    },
    /// [`World::with_index`](crate::World::with_index) was given an index that already holds
    /// objects (the world must know every obstacle it hands out).
    #[error("the spatial index given to the world already holds {len} objects: pass an empty one")]
    IndexNotEmpty {
        /// Objects in the index.
        len: usize,
    },
    /// The spatial index refused the operation (too many cells or objects, out of memory).
    #[error("spatial index: {0}")]
    Spatial(#[from] SpatialError),
}

/// Why an [`Agent`](crate::Agent) could not be built.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum AgentError {
    /// The radius is NaN, infinite, zero or negative.
    #[error("invalid agent radius {radius}: must be finite and greater than 0")]
    InvalidRadius {
        /// The refused radius.
        radius: f32,
    },
    /// The step size is NaN, infinite, zero or negative.
    #[error("invalid agent step size {step}: must be finite and greater than 0")]
    InvalidStep {
        /// The refused step size.
        step: f32,
    },
}

/// Which end of a query a [`QueryError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// The start point.
    Start,
    /// The goal point.
    Goal,
}

/// Why a path query was refused before searching (the "invalid input" outcome). The world and
/// the query context stay usable.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The start or goal has a NaN or infinite coordinate.
    #[error("invalid {which:?} point {point:?}: coordinates must be finite")]
    NonFinitePoint {
        /// Which point.
        which: Endpoint,
        /// The refused point.
        point: Vec2,
    },
    /// The agent's step is so small that the lattice over the world bounds would have more
    /// than [`MAX_LATTICE_NODES`](crate::MAX_LATTICE_NODES) nodes.
    #[error(
        "step {step} makes a lattice of {columns} x {rows} nodes over the world, more than the limit of {max}: use a larger step"
    )]
    LatticeTooLarge {
        /// The agent's step.
        step: f32,
        /// Lattice nodes along x (saturated).
        columns: u64,
        /// Lattice nodes along y (saturated).
        rows: u64,
        /// The limit.
        max: u64,
    },
    /// The agent's step is below what `f32` coordinates resolve at the world's distance from
    /// the origin: neighbouring lattice nodes would round to (nearly) the same point.
    #[error(
        "step {step} is too fine for f32 coordinates of magnitude {magnitude}: use a step of at least {min_step}"
    )]
    StepTooFine {
        /// The agent's step.
        step: f32,
        /// Largest absolute coordinate of the world bounds.
        magnitude: f32,
        /// The smallest accepted step at that magnitude.
        min_step: f32,
    },
    /// [`QueryLimits::max_length`](crate::QueryLimits::max_length) is NaN or negative.
    #[error("invalid maximum path length {max_length}: must be >= 0 (or +inf)")]
    InvalidMaxLength {
        /// The refused value.
        max_length: f64,
    },
}
