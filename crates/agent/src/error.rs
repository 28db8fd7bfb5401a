//! Errors: bad input is refused with a value that names the input and the reason.

use nav_geom::{Aabb, Vec2, display};
use nav_search::Endpoint;
use nav_search::LimitsError;
use nav_spatial::SpatialError;

use crate::{ObstacleHandle, Shape};

/// Why a [`World`](crate::World) refused to be built or changed. The world is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WorldError {
    /// The bounds have a NaN or infinite corner, `min > max`, or no area.
    #[error(
        "invalid world bounds ({}): corners must be finite with min < max on both axes",
        display::aabb(*.bounds)
    )]
    InvalidBounds {
        /// The refused bounds.
        bounds: Aabb,
    },
    /// An obstacle's shape has a NaN or infinite coordinate, an inverted box, or a negative or
    /// infinite radius.
    #[error(
        "invalid obstacle shape {shape}: coordinates must be finite, boxes min <= max, radii >= 0"
    )]
    InvalidShape {
        /// The refused shape.
        shape: Shape,
    },
    /// The handle names no obstacle of this world (removed, or issued by another world).
    #[error("obstacle {handle} is not in this world: removed, or issued by another world")]
    UnknownObstacle {
        /// The handle.
        handle: ObstacleHandle,
    },
    /// A [`Mobility::Static`](crate::Mobility::Static) obstacle was asked to move.
    #[error("obstacle {handle} is static and cannot move (remove it instead)")]
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
    /// The radius is NaN, infinite or negative.
    #[error("invalid agent radius {radius}: must be finite and >= 0")]
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

/// Why a path query was refused before searching (the "invalid input" outcome). The world and
/// the query context stay usable.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The start or goal has a NaN or infinite coordinate.
    #[error("invalid {which} point {}: coordinates must be finite", display::point(*.point))]
    NonFinitePoint {
        /// Which point.
        which: Endpoint,
        /// The refused point.
        point: Vec2,
    },
    /// The step is so small that the lattice over the world bounds would have more
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
    /// The query's radius is NaN, infinite or negative.
    #[error("invalid agent radius {radius}: must be finite and >= 0")]
    InvalidRadius {
        /// The refused radius.
        radius: f32,
    },
    /// The query's step is NaN, infinite, zero or negative.
    #[error("invalid agent step size {step}: must be finite and greater than 0")]
    InvalidStep {
        /// The refused step.
        step: f32,
    },
    /// The query's [`Limits`](nav_search::Limits) were refused by
    /// [`Limits::check`](nav_search::Limits::check) (a NaN or negative `max_cost`, the maximum
    /// path length).
    #[error("invalid limits: {0}")]
    InvalidLimits(#[from] LimitsError),
    /// A time-sliced query was stepped with a world changed since it began (an obstacle
    /// inserted, moved or removed) or with another world; the query was cancelled.
    #[error(
        "the world changed after the sliced query began (an edit, or another world): begin \
         the query again"
    )]
    WorldChanged,
    /// A nearest-goal query ([`AgentContext::find_nearest`](crate::AgentContext::find_nearest))
    /// was given more than [`MAX_NEAREST_GOALS`](crate::MAX_NEAREST_GOALS) goals.
    #[error("{count} goals given, at most {max} are accepted: use a flow field for more")]
    TooManyGoals {
        /// The number of goals given.
        count: usize,
        /// The limit.
        max: usize,
    },
}
