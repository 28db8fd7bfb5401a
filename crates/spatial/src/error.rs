//! The errors of the indexes.

use nav_geom::Aabb;

use crate::ObjectKey;

/// Why an index refused an operation. The index is unchanged after an error.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SpatialError {
    /// An object's box has a NaN or infinite coordinate, or `min > max` on an axis.
    #[error("invalid object box {aabb:?}: corners must be finite with min <= max")]
    InvalidAabb {
        /// The refused box.
        aabb: Aabb,
    },
    /// The world bounds of an index have a NaN or infinite coordinate, or `min > max`.
    #[error("invalid world bounds {bounds:?}: corners must be finite with min <= max")]
    InvalidBounds {
        /// The refused bounds.
        bounds: Aabb,
    },
    /// A hash grid's cell size is zero, negative, NaN or infinite.
    #[error("invalid cell size {cell_size}: must be finite and greater than 0")]
    InvalidCellSize {
        /// The refused cell size.
        cell_size: f32,
    },
    /// The world bounds divided by the cell size give more cells than a grid may hold.
    #[error(
        "a grid of {columns} x {rows} cells exceeds the limit of {max} cells: use larger cells"
    )]
    TooManyCells {
        /// Cells along x (saturated at `u64::MAX`).
        columns: u64,
        /// Cells along y (saturated at `u64::MAX`).
        rows: u64,
        /// The limit, [`HashGrid::MAX_CELLS`](crate::HashGrid::MAX_CELLS).
        max: u64,
    },
    /// A quadtree's node capacity is zero.
    #[error("invalid node capacity {capacity}: must be at least 1")]
    InvalidCapacity {
        /// The refused capacity.
        capacity: usize,
    },
    /// A quadtree's maximum depth exceeds [`Quadtree::MAX_DEPTH`](crate::Quadtree::MAX_DEPTH).
    #[error("invalid maximum depth {max_depth}: must be at most {max}")]
    InvalidMaxDepth {
        /// The refused depth.
        max_depth: u32,
        /// The limit.
        max: u32,
    },
    /// The handle names no object of this index (removed, or issued by another index).
    #[error("unknown object {key:?}: removed, or issued by another index")]
    UnknownKey {
        /// The handle.
        key: ObjectKey,
    },
    /// The index already holds as many objects as its handles can address.
    #[error("the index is full: it holds the maximum of {max} objects")]
    TooManyObjects {
        /// The limit.
        max: usize,
    },
    /// Memory for the cells of a grid could not be reserved.
    #[error("could not allocate memory for {cells} grid cells")]
    OutOfMemory {
        /// The number of cells asked for.
        cells: u64,
    },
}
