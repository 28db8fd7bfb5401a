//! Distances and intersection tests between shapes.

mod distance_point_aabb;
mod distance_point_segment;
mod intersection_aabb_circle;
mod intersection_aabb_segment;

pub use distance_point_aabb::{distance_point_aabb, distance_squared_point_aabb};
pub use distance_point_segment::{
    ClosestOnSegment, closest_point_on_segment, distance_point_segment,
};
pub use intersection_aabb_circle::intersects_aabb_circle;
pub use intersection_aabb_segment::intersects_aabb_segment;
