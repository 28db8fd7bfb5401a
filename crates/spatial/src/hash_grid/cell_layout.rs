//! How world coordinates map to the cells of a grid.

use glam::DVec2;
use nav_geom::Aabb;

use crate::SpatialError;

/// The inclusive rectangle of cells `[x0, x1] x [y0, y1]` that a box covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellRange {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

impl CellRange {
    /// Number of cells in the range.
    pub fn cell_count(&self) -> u64 {
        u64::from(self.x1 - self.x0 + 1) * u64::from(self.y1 - self.y0 + 1)
    }

    /// Whether cell `(x, y)` lies in the range.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        (self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y)
    }
}

/// Uniform square cells over the world bounds, `columns x rows` of them.
///
/// Coordinates are mapped in f64, so the mapping is exact enough for worlds far from the origin,
/// and it is *monotone* (a larger coordinate never gets a smaller cell) and *clamped* (anything
/// outside the bounds, NaN included, lands in a border cell). Every query relies on these two
/// properties: if a point lies in both an object's box and the query's box, its cell lies in both
/// of their cell ranges.
#[derive(Debug, Clone)]
pub(crate) struct CellLayout {
    origin: DVec2,
    cell_size: f64,
    inv_cell_size: f64,
    columns: u32,
    rows: u32,
    /// Largest absolute coordinate of the bounds, for rounding margins.
    magnitude: f64,
}

impl CellLayout {
    /// The layout of `cell_size` cells over `bounds`, with at most `max_cells` cells.
    pub fn new(bounds: Aabb, cell_size: f32, max_cells: u64) -> Result<Self, SpatialError> {
        if !bounds.is_valid() {
            return Err(SpatialError::InvalidBounds { bounds });
        }
        if !(cell_size.is_finite() && cell_size > 0.0) {
            return Err(SpatialError::InvalidCellSize { cell_size });
        }
        let (min, max) = (bounds.min.as_dvec2(), bounds.max.as_dvec2());
        let cell = f64::from(cell_size);
        // Both counts are finite and >= 1 here: the extent is finite and the cell size > 0.
        let columns = ((max.x - min.x) / cell).ceil().max(1.0);
        let rows = ((max.y - min.y) / cell).ceil().max(1.0);
        if columns * rows > max_cells as f64 {
            return Err(SpatialError::TooManyCells {
                columns,
                rows,
                max: max_cells,
            });
        }
        Ok(Self {
            origin: min,
            cell_size: cell,
            inv_cell_size: 1.0 / cell,
            columns: columns as u32,
            rows: rows as u32,
            magnitude: min.abs().max(max.abs()).max_element(),
        })
    }

    pub fn columns(&self) -> u32 {
        self.columns
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn cell_count(&self) -> usize {
        self.columns as usize * self.rows as usize
    }

    pub fn cell_size(&self) -> f64 {
        self.cell_size
    }

    pub fn origin(&self) -> DVec2 {
        self.origin
    }

    pub fn magnitude(&self) -> f64 {
        self.magnitude
    }

    /// The column holding `x`, clamped to the grid. `as u32` saturates: negative and NaN give 0.
    #[inline]
    pub fn column(&self, x: f64) -> u32 {
        (((x - self.origin.x) * self.inv_cell_size) as u32).min(self.columns - 1)
    }

    /// The row holding `y`, clamped to the grid.
    #[inline]
    pub fn row(&self, y: f64) -> u32 {
        (((y - self.origin.y) * self.inv_cell_size) as u32).min(self.rows - 1)
    }

    /// The cells covered by the box from `min` to `max`.
    #[inline]
    pub fn range(&self, min: DVec2, max: DVec2) -> CellRange {
        CellRange {
            x0: self.column(min.x),
            y0: self.row(min.y),
            x1: self.column(max.x),
            y1: self.row(max.y),
        }
    }

    /// The cells covered by `aabb`.
    #[inline]
    pub fn range_of(&self, aabb: &Aabb) -> CellRange {
        self.range(aabb.min.as_dvec2(), aabb.max.as_dvec2())
    }

    /// Index of cell `(x, y)` in row-major storage.
    #[inline]
    pub fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.columns as usize + x as usize
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    fn layout() -> CellLayout {
        CellLayout::new(Aabb::new(Vec2::ZERO, Vec2::new(100.0, 50.0)), 10.0, 1 << 26).unwrap()
    }

    #[test]
    fn counts_round_up_and_are_at_least_one() {
        let l = layout();
        assert_eq!((l.columns(), l.rows()), (10, 5));
        let l =
            CellLayout::new(Aabb::new(Vec2::ZERO, Vec2::new(101.0, 0.0)), 10.0, 1 << 26).unwrap();
        assert_eq!((l.columns(), l.rows()), (11, 1));
    }

    #[test]
    fn coordinates_outside_the_bounds_clamp_to_border_cells() {
        let l = layout();
        assert_eq!(l.column(-1e30), 0);
        assert_eq!(l.column(f64::NEG_INFINITY), 0);
        assert_eq!(l.column(f64::NAN), 0);
        assert_eq!(l.column(100.0), 9);
        assert_eq!(l.column(1e300), 9);
        assert_eq!(l.column(f64::INFINITY), 9);
        assert_eq!(l.row(49.9), 4);
        assert_eq!(l.row(1e9), 4);
        assert_eq!(l.column(9.999), 0);
        assert_eq!(l.column(10.0), 1);
    }

    #[test]
    fn cell_limit_is_enforced_without_allocating() {
        let huge = Aabb::new(Vec2::ZERO, Vec2::splat(1e9));
        assert_eq!(
            CellLayout::new(huge, 1.0, 1 << 26).unwrap_err(),
            SpatialError::TooManyCells {
                columns: 1e9,
                rows: 1e9,
                max: 1 << 26
            }
        );
        let max = Aabb::new(Vec2::splat(f32::MIN), Vec2::splat(f32::MAX));
        assert!(matches!(
            CellLayout::new(max, f32::MIN_POSITIVE, 1 << 26),
            Err(SpatialError::TooManyCells { .. })
        ));
    }
}
