//! Pictures of flow fields: the cost to the goal as a heat map, the next moves as arrows, and
//! the cells that see their goal.

use std::fmt::Write as _;

use nav::grid::{Cell, FlowField, GridMap};

use crate::svg::grid::cell_center;
use crate::svg::{Canvas, Point, Style};

/// Colours of the heat map, from the goal (cheap) to the farthest cells (dear).
pub const HEAT: [&str; 8] = [
    "#fde725", "#b5de2b", "#6ece58", "#35b779", "#1f9e89", "#26828e", "#31688e", "#3e4989",
];

/// Colour of the arrows.
pub const ARROW_COLOR: &str = "#111";

/// Draws the field over a map drawn at `cell_px` pixels per cell: each reachable cell
/// coloured by its cost (eight bands from 0 to the largest cost), cells that see their goal
/// veiled lighter, and an arrow along the next move of every `stride`-th cell in each
/// direction, the stride keeping arrows at least `arrow_spacing_px` pixels apart.
pub fn draw_flow(
    canvas: &mut Canvas<'_>,
    map: &GridMap,
    field: &FlowField,
    cell_px: f64,
    arrow_spacing_px: f64,
) {
    let max = (0..map.cell_count())
        .filter_map(|i| field.cost(map.cell_at(i)?))
        .fold(0.0f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let band = |cell: Cell| {
        field
            .cost(cell)
            .map(|c| ((c / max * HEAT.len() as f64) as usize).min(HEAT.len() - 1))
    };
    let (w, h) = (map.width(), map.height());
    let mut boxes: Vec<Vec<(Point, Point)>> = vec![Vec::new(); HEAT.len()];
    for y in 0..h {
        let mut x = 0;
        while x < w {
            let b = band(Cell::new(x, y));
            let start = x;
            while x < w && band(Cell::new(x, y)) == b {
                x += 1;
            }
            if let Some(b) = b {
                boxes[b].push((
                    Point::new(start as f64, y as f64),
                    Point::new(x as f64, y as f64 + 1.0),
                ));
            }
        }
    }
    for (color, boxes) in HEAT.iter().zip(boxes) {
        canvas.rects(boxes, &Style::fill(color).with_opacity(0.75));
    }
    // Cells that see their goal: a light veil, one box per run of a row.
    let mut seen = Vec::new();
    for y in 0..h {
        let mut x = 0;
        while x < w {
            let start = x;
            while x < w && field.sees_goal(Cell::new(x, y)) {
                x += 1;
            }
            if x > start {
                seen.push((
                    Point::new(start as f64, y as f64),
                    Point::new(x as f64, y as f64 + 1.0),
                ));
            }
            x += 1;
        }
    }
    canvas.rects(seen, &Style::fill("white").with_opacity(0.25));

    let stride = (arrow_spacing_px / cell_px).ceil().max(1.0) as u32;
    let frame = *canvas.frame();
    let mut d = String::new();
    let half = 0.35 * stride as f64;
    for y in (stride / 2..h).step_by(stride as usize) {
        for x in (stride / 2..w).step_by(stride as usize) {
            let cell = Cell::new(x, y);
            let Some((dx, dy)) = field.next_move(cell) else {
                continue;
            };
            let len = ((dx * dx + dy * dy) as f64).sqrt();
            let (ux, uy) = (dx as f64 / len, dy as f64 / len);
            let c = cell_center(cell);
            let tail = frame.to_px(Point::new(c.x - ux * half, c.y - uy * half));
            let tip = frame.to_px(Point::new(c.x + ux * half, c.y + uy * half));
            // Two barbs, a quarter of the shaft long, at 30 degrees.
            let (bx, by) = (tail.x - tip.x, tail.y - tip.y);
            let barb = 0.4;
            let (c30, s30) = (0.866, 0.5);
            let left = (
                tip.x + barb * (bx * c30 - by * s30),
                tip.y + barb * (bx * s30 + by * c30),
            );
            let right = (
                tip.x + barb * (bx * c30 + by * s30),
                tip.y + barb * (-bx * s30 + by * c30),
            );
            let _ = write!(
                d,
                "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}",
                tail.x, tail.y, tip.x, tip.y, left.0, left.1, tip.x, tip.y, right.0, right.1
            );
        }
    }
    let width = (cell_px * stride as f64 * 0.08).clamp(0.6, 1.5);
    canvas.path_data(&d, &Style::stroke(ARROW_COLOR, width).with_opacity(0.8));
}
