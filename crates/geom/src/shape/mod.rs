//! The shapes.

mod aabb;
mod circle;
mod segment;

pub use aabb::Aabb;
pub use circle::Circle;
pub use segment::Segment;
