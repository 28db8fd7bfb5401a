//! The cells a segment query visits: row by row, only the columns the segment crosses.

use glam::DVec2;
use nav_geom::Segment;

use super::cell_layout::CellLayout;

/// Rounding margin relative to the largest coordinate in play (2^-20).
const RELATIVE_MARGIN: f64 = 1.0 / 1_048_576.0;

/// Walks the rows a segment crosses and gives, for each row, the span of columns to visit.
///
/// A diagonal segment across an `n x n` grid visits about `2n` cells this way instead of the
/// `n^2` cells of its bounding box.
///
/// Two properties make the hash grid's de-duplication work (see `HashGrid::visit_segment`):
///
/// * **Conservative.** Every cell holding a point of the segment is in its row's span, with a
///   margin that absorbs the rounding of both this walk and `intersects_aabb_segment`.
/// * **Monotone.** Both ends of the span move in the same direction from row to row (the
///   segment's direction), because every step of the computation is a monotone function of the
///   row number. So the rows whose span meets a given column interval are consecutive.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SegmentSweep {
    a: DVec2,
    /// `dx / dy`, or `None` for a horizontal segment.
    slope: Option<f64>,
    x_lo: f64,
    x_hi: f64,
    y_lo: f64,
    y_hi: f64,
    margin: f64,
}

impl SegmentSweep {
    /// The sweep of `segment` over `layout`.
    pub fn new(segment: &Segment, layout: &CellLayout) -> Self {
        // The difference of two finite f32 values is finite in f64, and exact for any
        // realistic spread.
        let (a, b) = (segment.a.as_dvec2(), segment.b.as_dvec2());
        let d = b - a;
        let magnitude = layout
            .magnitude()
            .max(a.abs().max_element())
            .max(b.abs().max_element());
        // The margin covers the rounding of this walk and of `intersects_aabb_segment` (f64,
        // ~1e-16 of the magnitude), and even a predicate that stepped along the f32 difference
        // `b - a` (2^-24); at 2^-20 of the magnitude it only ever adds a column at a border.
        let margin = magnitude * RELATIVE_MARGIN + layout.cell_size() * 1e-6;
        Self {
            a,
            slope: (d.y != 0.0).then(|| d.x / d.y),
            x_lo: a.x.min(b.x),
            x_hi: a.x.max(b.x),
            y_lo: a.y.min(b.y),
            y_hi: a.y.max(b.y),
            margin,
        }
    }

    /// The first and last rows to visit.
    pub fn rows(&self, layout: &CellLayout) -> (u32, u32) {
        (
            layout.row(self.y_lo - self.margin),
            layout.row(self.y_hi + self.margin),
        )
    }

    /// The first and last columns to visit in `row`.
    pub fn columns(&self, layout: &CellLayout, row: u32) -> (u32, u32) {
        let (x_min, x_max) = match self.slope {
            None => (self.x_lo, self.x_hi),
            Some(slope) => {
                // The row's slab, widened by the margin; border rows reach to infinity because
                // everything beyond the bounds is clamped into them.
                let origin = layout.origin().y;
                let size = layout.cell_size();
                let lo = if row == 0 {
                    f64::NEG_INFINITY
                } else {
                    origin + f64::from(row) * size - self.margin
                };
                let hi = if row + 1 == layout.rows() {
                    f64::INFINITY
                } else {
                    origin + f64::from(row + 1) * size + self.margin
                };
                let x_at = |y: f64| {
                    let y = y.clamp(self.y_lo, self.y_hi);
                    (self.a.x + (y - self.a.y) * slope).clamp(self.x_lo, self.x_hi)
                };
                let (x0, x1) = (x_at(lo), x_at(hi));
                (x0.min(x1), x0.max(x1))
            }
        };
        (
            layout.column(x_min - self.margin),
            layout.column(x_max + self.margin),
        )
    }
}
