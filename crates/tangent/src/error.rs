//! The errors of the crate.

use nav_geom::{Circle, Vec2, display};
use nav_search::Endpoint;
use nav_search::LimitsError;
use nav_spatial::SpatialError;

use crate::CircleKey;

/// Why a world edit or a query was refused. The world and the query context are unchanged
/// after an error and stay usable.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TangentError {
    /// A circle has a NaN or infinite coordinate, or a radius that is negative, NaN or
    /// infinite.
    #[error(
        "invalid circle ({}): the centre must be finite and the radius finite and >= 0",
        display::circle(*.circle)
    )]
    InvalidCircle {
        /// The refused circle.
        circle: Circle,
    },
    /// The handle names no circle of this world (removed, or issued by another world).
    #[error("circle {key} is not in this world: removed, or issued by another world")]
    UnknownCircle {
        /// The handle.
        key: CircleKey,
    },
    /// The start or the goal has a NaN or infinite coordinate.
    #[error("invalid {which} point {}: coordinates must be finite", display::point(*.point))]
    NonFinitePoint {
        /// Which point.
        which: Endpoint,
        /// The refused point.
        point: Vec2,
    },
    /// The agent radius is negative, NaN or infinite.
    #[error("invalid agent radius {radius}: must be finite and >= 0")]
    InvalidAgentRadius {
        /// The refused radius.
        radius: f32,
    },
    /// The query's [`Limits`](nav_search::Limits) were refused by
    /// [`Limits::check`](nav_search::Limits::check): a NaN or negative `max_cost` (the path
    /// length bound).
    #[error("invalid limits: {0}")]
    InvalidLimits(#[from] LimitsError),
    /// A time-sliced query was stepped with a world edited since it began (a circle inserted,
    /// moved or removed) or with another world; the query was cancelled.
    #[error(
        "the world changed after the sliced query began (an edit, or another world): begin \
         the query again"
    )]
    WorldChanged,
    /// The maximum deviation asked of a polyline is not finite and positive.
    #[error("invalid maximum deviation {max_deviation}: must be finite and > 0")]
    InvalidMaxDeviation {
        /// The refused value.
        max_deviation: f32,
    },
    /// [`CircleWorld::with_index`](crate::CircleWorld::with_index) was given an index that
    /// already holds objects: the world must own every entry of its index.
    #[error("the spatial index given to the world already holds {len} objects; it must be empty")]
    IndexNotEmpty {
        /// Number of objects found in the index.
        len: usize,
    },
    /// A nearest-goal query ([`CircleContext::find_nearest`](crate::CircleContext::find_nearest))
    /// was given more than [`MAX_NEAREST_GOALS`](crate::MAX_NEAREST_GOALS) goals.
    #[error("{count} goals given, at most {max} are accepted")]
    TooManyGoals {
        /// The number of goals given.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// The spatial index refused an operation (invalid world bounds, index full).
    #[error("spatial index: {0}")]
    Spatial(#[from] SpatialError),
}
