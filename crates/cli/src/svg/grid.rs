//! Tile maps in SVG: terrain, expanded cells, paths and their end points.
//!
//! World units are cells: cell `(x, y)` covers the square from `(x, y)` to `(x + 1, y + 1)`,
//! row 0 at the top ([`map_frame`]). Runs of equal cells in a row are merged and every kind of
//! cell is one SVG element, so a 512 x 512 map stays a file of a few hundred kilobytes.

use nav::grid::{Cell, GridMap};

use super::{Canvas, Frame, Point, Style, Svg, TextAnchor};
pub use super::{GOAL_COLOR, MARGIN_PX, PATH_COLOR, START_COLOR, TITLE_PX};

/// How a cell is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Walkable at the normal cost.
    Open,
    /// Walkable swamp (`S` in a Moving AI map).
    Swamp,
    /// Walkable with a cost multiplier other than 1.
    Weighted,
    /// Blocked: a wall (`@`) or any blocked cell without a more specific kind.
    Wall,
    /// Blocked: trees (`T`).
    Trees,
    /// Blocked: water (`W`).
    Water,
    /// Blocked: out of bounds (`O`).
    OutOfBounds,
}

impl CellKind {
    /// Every kind, in drawing order.
    pub const ALL: [CellKind; 7] = [
        CellKind::Open,
        CellKind::Swamp,
        CellKind::Weighted,
        CellKind::Wall,
        CellKind::Trees,
        CellKind::Water,
        CellKind::OutOfBounds,
    ];

    /// The kind of `cell` of `map` (terrain values are Moving AI characters when the map was
    /// read from a file or generated).
    pub fn of(map: &GridMap, cell: Cell) -> CellKind {
        let terrain = map
            .terrain(cell)
            .and_then(|t| char::from_u32(t as u32))
            .unwrap_or('.');
        if map.is_walkable(cell) {
            match terrain {
                'S' => CellKind::Swamp,
                _ if map.cost_multiplier(cell) != Some(1.0) => CellKind::Weighted,
                _ => CellKind::Open,
            }
        } else {
            match terrain {
                'T' => CellKind::Trees,
                'W' => CellKind::Water,
                'O' => CellKind::OutOfBounds,
                _ => CellKind::Wall,
            }
        }
    }

    /// The fill colour of the kind.
    pub fn color(self) -> &'static str {
        match self {
            CellKind::Open => "#f3efe4",
            CellKind::Swamp => "#a9b77a",
            CellKind::Weighted => "#d9c99a",
            CellKind::Wall => "#4a4a4a",
            CellKind::Trees => "#2f6a3a",
            CellKind::Water => "#4f86b8",
            CellKind::OutOfBounds => "#1c1c1c",
        }
    }

    /// A word for legends.
    pub fn label(self) -> &'static str {
        match self {
            CellKind::Open => "open",
            CellKind::Swamp => "swamp",
            CellKind::Weighted => "weighted",
            CellKind::Wall => "wall",
            CellKind::Trees => "trees",
            CellKind::Water => "water",
            CellKind::OutOfBounds => "out of bounds",
        }
    }
}

/// Colour of expanded cells.
pub const EXPANDED_COLOR: &str = "#5b9bd5";

/// The frame of `map` with its top-left corner at pixel `origin` and `cell_px` pixels per cell.
pub fn map_frame(map: &GridMap, origin: impl Into<Point>, cell_px: f64) -> Frame {
    Frame::new(
        [0.0, 0.0],
        [map.width() as f64, map.height() as f64],
        origin,
        cell_px,
        false,
    )
}

/// A cell size (pixels) that makes the longer side of `map` about `side_px` pixels, at most 24
/// pixels per cell and at least half a pixel.
pub fn cell_px_for(map: &GridMap, side_px: f64) -> f64 {
    let longest = map.width().max(map.height()) as f64;
    (side_px / longest).clamp(0.5, 24.0)
}

/// The centre of `cell` in map coordinates.
pub fn cell_center(cell: Cell) -> Point {
    Point::new(cell.x as f64 + 0.5, cell.y as f64 + 0.5)
}

/// Runs of equal values along each row: `(row, first column, length, value)`.
fn row_runs<T: PartialEq + Copy>(
    width: u32,
    height: u32,
    value: impl Fn(u32, u32) -> T,
) -> impl Iterator<Item = (u32, u32, u32, T)> {
    (0..height).flat_map(move |y| {
        let mut runs = Vec::new();
        let mut x = 0;
        while x < width {
            let v = value(x, y);
            let start = x;
            while x < width && value(x, y) == v {
                x += 1;
            }
            runs.push((y, start, x - start, v));
        }
        runs
    })
}

/// Draws the terrain of `map`: one colour per [`CellKind`].
pub fn draw_map(canvas: &mut Canvas<'_>, map: &GridMap) {
    let (w, h) = (map.width(), map.height());
    canvas.rect(
        [0.0, 0.0],
        [w as f64, h as f64],
        &Style::fill(CellKind::Open.color()),
    );
    let mut boxes: Vec<Vec<(Point, Point)>> = vec![Vec::new(); CellKind::ALL.len()];
    for (y, x, len, kind) in row_runs(w, h, |x, y| CellKind::of(map, Cell::new(x, y))) {
        if kind != CellKind::Open {
            let slot = CellKind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
            boxes[slot].push(run_box(x, y, len));
        }
    }
    for (kind, boxes) in CellKind::ALL.iter().zip(boxes) {
        canvas.rects(boxes, &Style::fill(kind.color()));
    }
}

fn run_box(x: u32, y: u32, len: u32) -> (Point, Point) {
    (
        Point::new(x as f64, y as f64),
        Point::new((x + len) as f64, y as f64 + 1.0),
    )
}

/// Draws `cells` of `map` (e.g. the cells a search expanded) in `style`, as one element;
/// cells outside the map are ignored.
pub fn draw_cells(
    canvas: &mut Canvas<'_>,
    map: &GridMap,
    cells: impl IntoIterator<Item = Cell>,
    style: &Style,
) {
    let mut marked = vec![false; map.cell_count()];
    for cell in cells {
        if let Some(i) = map.index_of(cell) {
            marked[i] = true;
        }
    }
    let width = map.width() as usize;
    let runs = row_runs(map.width(), map.height(), |x, y| {
        marked[y as usize * width + x as usize]
    })
    .filter(|&(_, _, _, marked)| marked)
    .map(|(y, x, len, _)| run_box(x, y, len));
    canvas.rects(runs, style);
}

/// The default style of cells expanded by a search.
pub fn expanded_style() -> Style {
    Style::fill(EXPANDED_COLOR).with_opacity(0.4)
}

/// The default style of a path on a map drawn at `cell_px` pixels per cell.
pub fn path_style(cell_px: f64) -> Style {
    Style::stroke(PATH_COLOR, (cell_px * 0.35).clamp(2.0, 5.0))
}

/// Draws a path through the centres of `cells`.
pub fn draw_path(canvas: &mut Canvas<'_>, cells: &[Cell], style: &Style) {
    canvas.polyline(cells.iter().map(|&c| cell_center(c)), style);
}

/// Marks the start (green) and the goal (red) with dots of a size that suits `cell_px`.
pub fn draw_endpoints(canvas: &mut Canvas<'_>, start: Cell, goal: Cell, cell_px: f64) {
    let r = (cell_px * 0.45).clamp(4.0, 9.0);
    canvas.endpoints(cell_center(start), cell_center(goal), r);
}

/// A picture of one map with a title line: draws the terrain, then calls `overlay` with a
/// canvas in map coordinates and the cell size in pixels (to add expanded cells, a path,
/// markers).
///
/// ```
/// use nav_cli::svg::grid::{draw_path, map_picture, path_style};
/// use nav::grid::{Cell, GridMap};
///
/// let map = GridMap::from_ascii("....\n.@@.\n....")?;
/// let svg = map_picture(&map, "a wall", |canvas, cell_px| {
///     draw_path(canvas, &[Cell::new(0, 0), Cell::new(3, 0)], &path_style(cell_px));
/// });
/// assert!(svg.finish().contains("<polyline"));
/// # Ok::<(), nav::grid::GridError>(())
/// ```
pub fn map_picture(map: &GridMap, title: &str, overlay: impl FnOnce(&mut Canvas<'_>, f64)) -> Svg {
    let cell_px = cell_px_for(map, 900.0);
    let frame = map_frame(map, [MARGIN_PX, MARGIN_PX + TITLE_PX], cell_px);
    let (w, h) = frame.size_px();
    let mut svg =
        Svg::new(w + 2.0 * MARGIN_PX, h + 2.0 * MARGIN_PX + TITLE_PX).with_background("white");
    svg.pixels().text(
        [MARGIN_PX, MARGIN_PX + 15.0],
        title,
        14.0,
        TextAnchor::Start,
        "#222",
    );
    let mut canvas = svg.canvas(frame);
    draw_map(&mut canvas, map);
    overlay(&mut canvas, cell_px);
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_follow_terrain_walkability_and_cost() {
        let mut map = GridMap::from_ascii("..S\n@TW\nO..").unwrap();
        map.set_cost_multiplier(Cell::new(1, 0), 2.0).unwrap();
        map.set_blocked(Cell::new(1, 2), true).unwrap();
        let kind = |x, y| CellKind::of(&map, Cell::new(x, y));
        assert_eq!(kind(0, 0), CellKind::Open);
        assert_eq!(kind(1, 0), CellKind::Weighted);
        assert_eq!(kind(2, 0), CellKind::Swamp);
        assert_eq!(kind(0, 1), CellKind::Wall);
        assert_eq!(kind(1, 1), CellKind::Trees);
        assert_eq!(kind(2, 1), CellKind::Water);
        assert_eq!(kind(0, 2), CellKind::OutOfBounds);
        // A '.' cell blocked by its flag is drawn as a wall.
        assert_eq!(kind(1, 2), CellKind::Wall);
    }

    #[test]
    fn runs_are_merged_per_row() {
        let runs: Vec<_> = row_runs(4, 2, |x, y| x < 2 || y == 1).collect();
        assert_eq!(
            runs,
            vec![(0, 0, 2, true), (0, 2, 2, false), (1, 0, 4, true)]
        );
    }

    #[test]
    fn map_cells_and_paths_are_drawn() {
        let map = GridMap::from_ascii("..@@\n....").unwrap();
        let mut svg = Svg::new(100.0, 100.0);
        let mut canvas = svg.canvas(map_frame(&map, [0.0, 0.0], 10.0));
        draw_map(&mut canvas, &map);
        draw_cells(
            &mut canvas,
            &map,
            [
                Cell::new(0, 1),
                Cell::new(1, 1),
                Cell::new(9, 9),
                Cell::new(3, 1),
            ],
            &Style::fill("blue"),
        );
        draw_path(
            &mut canvas,
            &[Cell::new(0, 0), Cell::new(1, 1)],
            &Style::stroke("red", 2.0),
        );
        let text = svg.finish();
        // The two walls are one run of one element.
        assert!(
            text.contains("<path d=\"M20 0h20v10h-20z\" fill=\"#4a4a4a\"/>"),
            "{text}"
        );
        // Expanded cells: (0..2, 1) and (3, 1); the cell off the map is ignored.
        assert!(text.contains("<path d=\"M0 10h20v10h-20zM30 10h10v10h-10z\" fill=\"blue\"/>"));
        assert!(text.contains("<polyline points=\"5,5 15,15\""));
    }
}
