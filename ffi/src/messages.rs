//! The errors of nav-agent, nav-tangent and nav-spatial in the words of the C API.
//!
//! Those crates print their handles as the ids nav hands out, points as `(x, y)` and boxes as
//! their two corners, so their own messages serve C callers as they are. One thing is worded
//! here: a handle the caller made up is normalised on its way into a Rust handle, so a message
//! about it names the number the caller passed instead.

use nav_agent::WorldError;
use nav_tangent::TangentError;

/// The message of a refused world change about the obstacle the caller calls `id`.
///
/// The id is the caller's, not `handle.to_raw()`: the two are equal for the ids nav hands
/// out, but a made-up id is normalised on its way into a handle, and the caller must
/// recognise the number it passed.
pub(crate) fn obstacle_error(error: &WorldError, id: u64) -> String {
    match *error {
        WorldError::UnknownObstacle { .. } => {
            format!("obstacle {id} is not in this world: removed already, or from another world")
        }
        WorldError::StaticObstacle { .. } => {
            format!("obstacle {id} is static and cannot move (remove it, or insert it as dynamic)")
        }
        ref other => other.to_string(),
    }
}

/// The message of a refused world change: nav-agent's own, which already prints ids as the
/// numbers nav handed out and points as `(x, y)`.
pub(crate) fn world_error(error: &WorldError) -> String {
    error.to_string()
}

/// The message of a refused change of the circle the caller calls `id` (see
/// [`obstacle_error`] for why the id is the caller's).
pub(crate) fn circle_error(error: &TangentError, id: u64) -> String {
    match *error {
        TangentError::UnknownCircle { .. } => {
            format!("circle {id} is not in this world: removed already, or from another world")
        }
        ref other => tangent_error(other),
    }
}

/// The message of a refused circle-world change or query: nav-tangent's own, which prints ids
/// as the numbers nav handed out and points and circles as plain numbers.
pub(crate) fn tangent_error(error: &TangentError) -> String {
    error.to_string()
}

#[cfg(test)]
mod tests {
    use nav_agent::{Mobility, ObstacleHandle, QueryError, Shape, World};
    use nav_geom::{Aabb, Circle, Vec2};
    use nav_search::Endpoint;
    use nav_spatial::SpatialError;
    use nav_tangent::{CircleKey, CircleWorld};

    use super::*;

    /// Traces of Rust's `Debug` output that a C caller should never see.
    fn assert_plain(message: &str) {
        for trace in [
            "Handle", "Key", "Vec2", "Aabb", "Circle", "{", "}", "Some(", "Start", "Goal",
        ] {
            assert!(!message.contains(trace), "{message:?} contains {trace:?}");
        }
    }

    #[test]
    fn ids_are_the_numbers_the_caller_holds() {
        let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(10.0));
        let mut world = World::new(bounds).unwrap();
        let wall = world
            .insert(Aabb::new(Vec2::ZERO, Vec2::ONE), Mobility::Static)
            .unwrap();
        let moved = world.move_obstacle(wall, Shape::Circle(Circle::new(Vec2::ONE, 1.0)));
        let message = world_error(&moved.unwrap_err());
        assert!(
            message.contains(&format!("obstacle {} ", wall.to_raw())),
            "{message}"
        );
        assert_plain(&message);
        world.remove(wall).unwrap();
        let message = world_error(&world.remove(wall).unwrap_err());
        assert!(
            message.contains(&format!("obstacle {} ", wall.to_raw())),
            "{message}"
        );
        assert_plain(&message);
        // A made-up id does not survive the trip into a handle: the caller's number is named.
        let made_up = ObstacleHandle::from_raw(12345);
        assert_ne!(made_up.to_raw(), 12345);
        let message = obstacle_error(&world.remove(made_up).unwrap_err(), 12345);
        assert!(message.contains("obstacle 12345 "), "{message}");
        assert_plain(&message);

        let mut circles = CircleWorld::new(bounds).unwrap();
        let key = CircleKey::from_raw(4242);
        let error = circles.set(key, Circle::new(Vec2::ONE, 1.0)).unwrap_err();
        let message = circle_error(&error, 4242);
        assert!(message.contains("circle 4242 "), "{message}");
        assert_plain(&message);
        let message = tangent_error(&error);
        assert!(
            message.contains(&format!("circle {} ", key.to_raw())),
            "{message}"
        );
        assert_plain(&message);
    }

    #[test]
    fn points_boxes_and_shapes_are_plain_numbers() {
        let bad = Aabb::new(Vec2::new(1.0, 2.0), Vec2::new(1.0, f32::NAN));
        let messages = [
            world_error(&WorldError::InvalidBounds { bounds: bad }),
            world_error(&WorldError::InvalidShape {
                shape: Shape::Aabb(bad),
            }),
            world_error(&WorldError::InvalidShape {
                shape: Shape::Circle(Circle::new(Vec2::new(3.0, 4.0), -1.0)),
            }),
            world_error(&WorldError::Spatial(SpatialError::InvalidAabb {
                aabb: bad,
            })),
            world_error(&WorldError::Spatial(SpatialError::InvalidBounds {
                bounds: bad,
            })),
            QueryError::NonFinitePoint {
                which: Endpoint::Goal,
                point: Vec2::new(f32::INFINITY, 1.0),
            }
            .to_string(),
            tangent_error(&TangentError::InvalidCircle {
                circle: Circle::new(Vec2::new(f32::NAN, 1.0), 2.0),
            }),
            tangent_error(&TangentError::NonFinitePoint {
                which: Endpoint::Start,
                point: Vec2::new(f32::NAN, 0.5),
            }),
            tangent_error(&TangentError::NonFinitePoint {
                which: Endpoint::Goal,
                point: Vec2::new(0.5, f32::NAN),
            }),
        ];
        for message in &messages {
            assert_plain(message);
        }
        assert!(
            messages[0].contains("min (1, 2), max (1, NaN)"),
            "{}",
            messages[0]
        );
        assert!(
            messages[2].contains("disc (centre (3, 4), radius -1)"),
            "{}",
            messages[2]
        );
        assert!(
            messages[5].contains("goal point (inf, 1)"),
            "{}",
            messages[5]
        );
    }
}
