//! The errors of the crate.

use std::fmt;

use nav_geom::Vec2;
use nav_search::LimitsError;

use crate::ObstacleId;

/// A point printed as `(x, y)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point(pub Vec2);

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0.x, self.0.y)
    }
}

/// Which obstacle an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObstacleRef {
    /// The obstacle being inserted (not yet in the world).
    New,
    /// An obstacle of the world, by handle.
    Id(ObstacleId),
    /// The world bounds.
    Bounds,
}

impl fmt::Display for ObstacleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObstacleRef::New => f.write_str("the new obstacle"),
            ObstacleRef::Id(id) => write!(f, "obstacle {}", id.to_raw()),
            ObstacleRef::Bounds => f.write_str("the world bounds"),
        }
    }
}

/// Why an obstacle or the bounds were refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeProblem {
    /// A polygon with fewer than 3 distinct points.
    TooFewPoints,
    /// A NaN or infinite coordinate or radius.
    NotFinite,
    /// Two edges of the polygon cross or touch away from their shared vertex.
    SelfIntersecting,
    /// The polygon (or box) encloses no area.
    ZeroArea,
    /// A circle radius that is negative or zero.
    BadRadius,
    /// Coordinates beyond `MeshWorld::MAX_COORDINATE` in magnitude, or more vertices than
    /// `MeshWorld::MAX_VERTICES`.
    TooLarge,
    /// The obstacle lies entirely outside the world bounds.
    OutsideBounds,
}

impl fmt::Display for ShapeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShapeProblem::TooFewPoints => "fewer than 3 distinct points",
            ShapeProblem::NotFinite => "a coordinate or radius is NaN or infinite",
            ShapeProblem::SelfIntersecting => "the polygon intersects itself",
            ShapeProblem::ZeroArea => "it encloses no area",
            ShapeProblem::BadRadius => "the radius must be > 0",
            ShapeProblem::TooLarge => "absurd size (coordinates or vertex count out of range)",
            ShapeProblem::OutsideBounds => "it lies entirely outside the world bounds",
        })
    }
}

/// Why a world edit or a query was refused. The world and the query context are unchanged
/// after an error and stay usable.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MeshError {
    /// An obstacle (or the bounds) is not a usable shape.
    #[error("invalid shape: {which}: {problem}")]
    InvalidShape {
        /// Which shape.
        which: ObstacleRef,
        /// Why.
        problem: ShapeProblem,
    },
    /// The handle names no obstacle of this world.
    #[error("unknown obstacle {}: removed, or issued by another world", id.to_raw())]
    UnknownObstacle {
        /// The handle.
        id: ObstacleId,
    },
    /// A query point (start, goal, probe) has a NaN or infinite coordinate.
    #[error("invalid {what} point {point}: coordinates must be finite")]
    InvalidPoint {
        /// Which point ("start", "goal", "query", "ray origin", ...).
        what: &'static str,
        /// The refused point.
        point: Point,
    },
    /// A ray direction that is zero, NaN or infinite.
    #[error("invalid ray direction {dir}: must be finite and non-zero")]
    InvalidDirection {
        /// The refused direction.
        dir: Point,
    },
    /// A distance (ray length) that is NaN or negative.
    #[error("invalid distance {distance}: must be >= 0 and not NaN")]
    InvalidDistance {
        /// The refused distance.
        distance: f32,
    },
    /// The agent radius is negative, NaN or infinite.
    #[error("invalid agent radius {radius}: must be finite and >= 0")]
    InvalidRadius {
        /// The refused radius.
        radius: f32,
    },
    /// The query's limits were refused by `Limits::check`.
    #[error("invalid limits: {0}")]
    Limits(#[from] LimitsError),
    /// The maximum deviation asked of a polyline is not finite and positive.
    #[error("invalid maximum deviation {max_deviation}: must be finite and > 0")]
    InvalidMaxDeviation {
        /// The refused value.
        max_deviation: f32,
    },
    /// The grid map is larger than a mesh world accepts.
    #[error("grid map {width} x {height} is too large for a mesh world")]
    GridTooLarge {
        /// Width of the map.
        width: u32,
        /// Height of the map.
        height: u32,
    },
    /// A time-sliced query was stepped with a world edited since it began (an obstacle
    /// inserted, changed or removed) or with another world; the query was cancelled.
    #[error(
        "the world changed after the sliced query began (an edit, or another world): begin \
         the query again"
    )]
    WorldChanged,
    /// A nearest-goal query ([`MeshContext::find_nearest`](crate::MeshContext::find_nearest))
    /// was given more than [`MAX_NEAREST_GOALS`](crate::MAX_NEAREST_GOALS) goals.
    #[error("{count} goals given, at most {max} are accepted")]
    TooManyGoals {
        /// The number of goals given.
        count: usize,
        /// The limit.
        max: usize,
    },
}
