//! The shapes.

mod aabb;
mod arc;
mod circle;
mod path_piece;
mod rounded_aabb;
mod segment;

pub use aabb::Aabb;
pub use arc::Arc;
pub use circle::Circle;
pub use path_piece::PathPiece;
pub use rounded_aabb::RoundedAabb;
pub use segment::Segment;
