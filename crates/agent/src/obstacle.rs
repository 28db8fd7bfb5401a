//! Obstacles of a world and the handles that name them.

use nav_geom::query::{swept_disc_clears_aabb, swept_disc_clears_circle};
use nav_geom::{Aabb, Circle, Segment};
use nav_spatial::ObjectKey;

/// The shape of an obstacle: a box or a disc.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// An axis-aligned box (walls, crates, buildings).
    Aabb(Aabb),
    /// A disc (trees, rocks, other agents).
    Circle(Circle),
}

impl Shape {
    /// The bounding box of the shape, under which the spatial index files it.
    pub fn aabb(&self) -> Aabb {
        match self {
            Shape::Aabb(aabb) => *aabb,
            Shape::Circle(circle) => circle.aabb(),
        }
    }

    /// Whether the shape is usable: finite coordinates, `min <= max` for a box, a finite
    /// radius `>= 0` for a circle.
    pub fn is_valid(&self) -> bool {
        match self {
            Shape::Aabb(aabb) => aabb.is_valid(),
            Shape::Circle(circle) => circle.is_valid() && circle.aabb().is_valid(),
        }
    }

    /// Whether a disc of `radius` moving along `path` stays clear of the shape's interior
    /// (touching counts as clear, as in `nav_geom::query::swept_disc_clears_*`). A path whose
    /// two ends are equal tests a disc standing still.
    #[inline]
    pub(crate) fn swept_disc_clears(&self, path: &Segment, radius: f32) -> bool {
        match self {
            Shape::Aabb(aabb) => swept_disc_clears_aabb(path, radius, aabb),
            Shape::Circle(circle) => swept_disc_clears_circle(path, radius, circle),
        }
    }
}

impl std::fmt::Display for Shape {
    /// `box (min (x, y), max (x, y))` or `disc (centre (x, y), radius r)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Shape::Aabb(b) => write!(f, "box ({})", nav_geom::display::aabb(b)),
            Shape::Circle(c) => write!(f, "disc ({})", nav_geom::display::circle(c)),
        }
    }
}

impl From<Aabb> for Shape {
    fn from(aabb: Aabb) -> Self {
        Shape::Aabb(aabb)
    }
}

impl From<Circle> for Shape {
    fn from(circle: Circle) -> Self {
        Shape::Circle(circle)
    }
}

/// Whether an obstacle may move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mobility {
    /// Part of the level: it may be removed (a wall blown up) but never moved;
    /// [`World::move_obstacle`](crate::World::move_obstacle) refuses it. Saying so catches the
    /// bug of moving the wrong handle, and tells the reader which obstacles churn the caches.
    Static,
    /// Moves between queries (units, doors, vehicles).
    Dynamic,
}

/// An obstacle as the world stores it: its shape and whether it may move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Obstacle {
    /// The obstacle's shape.
    pub shape: Shape,
    /// Whether it may move.
    pub mobility: Mobility,
}

/// Handle of an obstacle in a [`World`](crate::World), returned by
/// [`World::insert`](crate::World::insert).
///
/// Generational (a `nav-spatial` [`ObjectKey`]): once the obstacle is removed its handle stays
/// invalid, even after its slot holds a new obstacle. A handle is only meaningful for the world
/// that issued it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObstacleHandle(pub(crate) ObjectKey);

impl std::fmt::Display for ObstacleHandle {
    /// The id a C caller holds: [`to_raw`](ObstacleHandle::to_raw).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_raw())
    }
}

impl ObstacleHandle {
    /// The handle as a `u64`, for foreign code that keeps handles as integers.
    pub fn to_raw(self) -> u64 {
        self.0.to_raw()
    }

    /// The handle whose [`to_raw`](ObstacleHandle::to_raw) value is `raw`. Any value is
    /// accepted; one that no world issued names no obstacle.
    pub fn from_raw(raw: u64) -> Self {
        ObstacleHandle(ObjectKey::from_raw(raw))
    }
}
