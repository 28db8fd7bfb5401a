//! Distances, intersection tests and tangents between shapes.
//!
//! One file per operation and pair of operands (`distance_segment_aabb.rs`,
//! `tangent_circle_circle.rs`, ...), re-exported here. Everything is computed in f64 from the
//! f32 inputs and rounded once at the end.
//!
//! Conventions shared by every query:
//! * **Touching counts** for `intersects_*` and `*_touches_*` (closed shapes); the
//!   `swept_disc_clears_*` tests treat touching as clear (blocked only when the distance is
//!   less than the radius).
//! * **Bad input never panics.** Distances of NaN input are NaN; predicates on NaN input are
//!   false; inverted boxes are empty (distance `+inf`, intersect nothing); queries whose
//!   answer may not exist return `Option` and give `None` for invalid shapes too.
//! * **Orientation**: angles from +x towards +y; [`Turn`](crate::Turn) labels tangents with the
//!   direction of travel around each circle.

mod bounds_segment;
mod distance_point_aabb;
mod distance_point_arc;
mod distance_point_segment;
mod distance_segment_aabb;
mod distance_segment_circle;
mod intersection_aabb_aabb;
mod intersection_aabb_circle;
mod intersection_aabb_segment;
mod intersection_circle_circle;
mod intersection_circle_segment;
mod swept_disc_aabb;
mod swept_disc_circle;
mod tangent_circle_circle;
mod tangent_point_circle;

pub(crate) use distance_point_aabb::{
    distance_squared_point_aabb_f64, signed_distance_point_aabb_f64,
};

pub use bounds_segment::segment_prefilter;
pub use distance_point_aabb::{
    distance_point_aabb, distance_squared_point_aabb, signed_distance_point_aabb,
};
pub use distance_point_arc::{ClosestOnArc, closest_point_on_arc, distance_point_arc};
pub use distance_point_segment::{
    ClosestOnSegment, closest_point_on_segment, distance_point_segment,
};
pub use distance_segment_aabb::{
    ClosestSegmentAabb, closest_points_segment_aabb, distance_segment_aabb,
    signed_distance_segment_aabb,
};
pub use distance_segment_circle::{
    ClosestSegmentCircle, closest_points_segment_circle, distance_segment_circle,
    signed_distance_segment_circle,
};
pub use intersection_aabb_aabb::intersects_aabb_aabb;
pub use intersection_aabb_circle::intersects_aabb_circle;
pub use intersection_aabb_segment::intersects_aabb_segment;
pub use intersection_circle_circle::{CircleCircleIntersection, intersection_circle_circle};
pub use intersection_circle_segment::{intersection_circle_segment, intersects_circle_segment};
pub use swept_disc_aabb::{swept_disc_clears_aabb, swept_disc_touches_aabb};
pub use swept_disc_circle::{swept_disc_clears_circle, swept_disc_touches_circle};
pub use tangent_circle_circle::{Bitangent, bitangent, external_bitangents, internal_bitangents};
pub use tangent_point_circle::{PointTangent, tangents_circle_point, tangents_point_circle};
