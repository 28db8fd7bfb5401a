//! The errors of the indexes.

use std::fmt;

use nav_geom::{Aabb, display};

use crate::ObjectKey;

/// Why an index refused an operation. The index is unchanged after an error.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SpatialError {
    /// An object's box has a NaN or infinite coordinate, or `min > max` on an axis.
    #[error("invalid object box ({}): corners must be finite with min <= max", display::aabb(*.aabb))]
    InvalidAabb {
        /// The refused box.
        aabb: Aabb,
    },
    /// The world bounds of an index have a NaN or infinite coordinate, or `min > max`.
    #[error("invalid world bounds ({}): corners must be finite with min <= max", display::aabb(*.bounds))]
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
        "a grid of {} x {} cells exceeds the limit of {max} cells: use larger cells",
        Count(*.columns),
        Count(*.rows)
    )]
    TooManyCells {
        /// Cells along x (the exact count, never saturated: it may exceed `u64::MAX`).
        columns: f64,
        /// Cells along y (the exact count, never saturated).
        rows: f64,
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
    #[error("unknown object {}: removed, or issued by another index", .key.to_raw())]
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

/// A cell count: an integer while it is one exactly, `1.2e32` beyond.
struct Count(f64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 1e15 {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{:.3e}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_counts_are_printed_as_numbers_not_saturated() {
        let error = SpatialError::TooManyCells {
            columns: 1e32,
            rows: 7.0,
            max: 1 << 26,
        };
        let message = error.to_string();
        assert!(
            message.starts_with("a grid of 1.000e32 x 7 cells"),
            "{message}"
        );
        assert!(!message.contains("18446744073709551615"), "{message}");
    }
}
