//! Agents of 2x2 cells on the demo map (clearance, `GridQuery::with_agent_size`).
//!
//! A large agent's position is its top-left cell. From the house to the goal the agent fits
//! at both ends, but the house's doors are one cell wide, so there is no path. A second pair,
//! at the west edge of the map, shows the detour: a unit of one cell walks down the alley
//! between the house and the map's edge, one cell wide; the 2x2 agent goes round the house.

use std::io::Write;

use nav::grid::{Cell, GridContext, GridMap, GridQuery, GridRules, PathStatus};
use serde::Serialize;

use super::{GOAL, KEY_PX, START, panel_title};
use crate::error::CliError;
use crate::json::cell_pairs;
use crate::svg::grid::{
    PATH_COLOR, TITLE_PX, cell_center, draw_cells, draw_endpoints, draw_map, draw_path,
    expanded_style, map_frame, path_style,
};
use crate::svg::legend::Legend;
use crate::svg::{Point, Style, Svg};

/// Side of the large agent, in cells.
pub const AGENT_SIZE: u32 = 2;
/// Start of the alley pair (top-left cell of the large agent).
pub const ALLEY_FROM: Cell = Cell::new(0, 6);
/// Goal of the alley pair (top-left cell of the large agent).
pub const ALLEY_TO: Cell = Cell::new(0, 20);
/// The large agent's rules, as printed.
pub const AGENT_RULES: &str = "8 moves, agent of 2x2 cells";
/// The one-cell unit's rules, as printed.
const ONE_CELL_RULES: &str = "8 moves, one cell";
/// Colour of the large agent.
const AGENT_COLOR: &str = "#7b3fa0";

/// One clearance query in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClearanceReport {
    /// The rules: `8 moves, agent of 2x2 cells` or `8 moves, one cell`.
    pub rules: &'static str,
    /// Side of the agent in cells.
    pub agent_size: u32,
    /// Start (the agent's top-left cell).
    pub from: [u32; 2],
    /// Goal (the agent's top-left cell).
    pub to: [u32; 2],
    /// `found`, `no_path`, ...
    pub status: &'static str,
    /// Cost of the path (0 without one).
    pub length: f64,
    /// The path's top-left cells.
    pub cells: Vec<[u32; 2]>,
    /// Cells the search expanded.
    pub expanded: usize,
}

/// One query and what it found.
pub(super) struct Query {
    rules: &'static str,
    size: u32,
    from: Cell,
    to: Cell,
    status: PathStatus,
    length: f64,
    cells: Vec<Cell>,
    expanded: Vec<Cell>,
    expanded_count: usize,
}

impl Query {
    fn run(
        map: &GridMap,
        finder: &mut GridContext,
        rules: &'static str,
        size: u32,
        (from, to): (Cell, Cell),
    ) -> Result<Self, CliError> {
        let demo_error = |e| CliError::grid("demo.map (built in)", e);
        let compiled = GridRules::default().compile().map_err(demo_error)?;
        let query = GridQuery::new(from, to).with_agent_size(size);
        let outcome = finder
            .find_path(map, &compiled, &query)
            .map_err(demo_error)?
            .outcome();
        Ok(Self {
            rules,
            size,
            from,
            to,
            status: outcome.status,
            length: outcome.cost,
            cells: finder.path().to_vec(),
            expanded: finder.expanded_cells().collect(),
            expanded_count: outcome.expanded,
        })
    }

    fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }

    fn report(&self) -> ClearanceReport {
        ClearanceReport {
            rules: self.rules,
            agent_size: self.size,
            from: [self.from.x, self.from.y],
            to: [self.to.x, self.to.y],
            status: self.status.as_str(),
            length: self.length,
            cells: cell_pairs(&self.cells),
            expanded: self.expanded_count,
        }
    }

    /// Every cell the agent covers at the cells of its path.
    fn covered_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let size = self.size;
        self.cells.iter().flat_map(move |c| {
            (0..size).flat_map(move |dy| (0..size).map(move |dx| Cell::new(c.x + dx, c.y + dy)))
        })
    }

    /// The centre of the agent's square at each cell of its path (map coordinates).
    fn centre_line(&self) -> Vec<Point> {
        let half = self.size as f64 / 2.0;
        self.cells
            .iter()
            .map(|c| Point::new(c.x as f64 + half, c.y as f64 + half))
            .collect()
    }
}

/// The three clearance queries of the demo.
pub(super) struct Clearance {
    /// The large agent from the house to the goal of the other routes.
    house: Query,
    /// A unit of one cell down the alley.
    alley_one: Query,
    /// The large agent between the same cells.
    alley_agent: Query,
}

impl Clearance {
    /// Runs the queries on the demo map.
    pub(super) fn run(map: &GridMap, finder: &mut GridContext) -> Result<Self, CliError> {
        let alley = (ALLEY_FROM, ALLEY_TO);
        Ok(Self {
            house: Query::run(map, finder, AGENT_RULES, AGENT_SIZE, (START, GOAL))?,
            alley_one: Query::run(map, finder, ONE_CELL_RULES, 1, alley)?,
            alley_agent: Query::run(map, finder, AGENT_RULES, AGENT_SIZE, alley)?,
        })
    }

    /// Whether the alley queries found their paths (the house query has none by design).
    pub(super) fn alley_found(&self) -> bool {
        self.alley_one.is_found() && self.alley_agent.is_found()
    }

    /// The JSON report: the house query, then the alley for one cell and for the large agent.
    pub(super) fn reports(&self) -> Vec<ClearanceReport> {
        [&self.house, &self.alley_one, &self.alley_agent]
            .into_iter()
            .map(Query::report)
            .collect()
    }

    /// The large agent's line in the table of routes from the house.
    pub(super) fn write_table_line(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let q = &self.house;
        let length = if q.is_found() {
            format!("{:.3}", q.length)
        } else {
            q.status.as_str().replace('_', " ")
        };
        writeln!(
            out,
            "  {:<44} {:>8} {:>6} {:>9}",
            q.rules,
            length,
            q.cells.len(),
            q.expanded_count
        )
    }

    /// What the queries show, in a paragraph.
    pub(super) fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let (house, one, agent) = (&self.house, &self.alley_one, &self.alley_agent);
        match house.status {
            PathStatus::NoPath => writeln!(
                out,
                "An agent of 2x2 cells (placed by its top-left cell) fits at {START} and at {GOAL}, but \
                 the doors of the house are one cell wide: no path ({} cells expanded: the ends lie \
                 in different connected components for that size).",
                house.expanded_count
            )?,
            PathStatus::Found => writeln!(
                out,
                "An agent of 2x2 cells (placed by its top-left cell) gets from {START} to {GOAL} in \
                 {:.3}.",
                house.length
            )?,
            status => writeln!(
                out,
                "An agent of 2x2 cells (placed by its top-left cell) from {START} to {GOAL}: {status}."
            )?,
        }
        if one.is_found() && agent.is_found() {
            writeln!(
                out,
                "From {ALLEY_FROM} to {ALLEY_TO} a unit of one cell walks down the alley between the house \
                 and the map's edge ({:.3}); the 2x2 agent goes round the house ({:.3}, {} cells \
                 expanded).",
                one.length, agent.length, agent.expanded_count
            )
        } else {
            writeln!(
                out,
                "From {ALLEY_FROM} to {ALLEY_TO}: {} for a unit of one cell, {} for the 2x2 agent.",
                one.status, agent.status
            )
        }
    }

    /// The panel: the map, the cells the large agent explored from the house, the alley paths
    /// (the cells the large agent covers, shaded) and the agents' squares at both ends.
    pub(super) fn draw_panel(&self, svg: &mut Svg, map: &GridMap, at: Point, cell_px: f64) {
        let (one, agent) = (&self.alley_one, &self.alley_agent);
        let describe = |q: &Query| {
            if q.is_found() {
                format!("{:.2}", q.length)
            } else {
                q.status.as_str().replace('_', " ")
            }
        };
        panel_title(
            svg,
            at,
            &format!(
                "{AGENT_RULES}: {} round the house; one cell: {} down the alley",
                describe(agent),
                describe(one)
            ),
        );
        let frame = map_frame(map, [at.x, at.y + TITLE_PX], cell_px);
        let (_, panel_h) = frame.size_px();
        let mut canvas = svg.canvas(frame);
        draw_map(&mut canvas, map);
        draw_cells(
            &mut canvas,
            map,
            self.house.expanded.iter().copied(),
            &expanded_style(),
        );
        let body = Style::fill(AGENT_COLOR).with_opacity(0.3);
        draw_cells(&mut canvas, map, agent.covered_cells(), &body);
        canvas.polyline(agent.centre_line(), &Style::stroke(AGENT_COLOR, 2.0));
        let size = f64::from(AGENT_SIZE);
        let square = Style::stroke(AGENT_COLOR, 2.0);
        for end in [agent.from, agent.to, self.house.from] {
            let corner = Point::new(end.x as f64, end.y as f64);
            canvas.rect(corner, [corner.x + size, corner.y + size], &square);
        }
        draw_path(&mut canvas, &one.cells, &path_style(cell_px));
        draw_endpoints(&mut canvas, one.from, one.to, cell_px);
        // The trapped agent's start: a dot in the corner of its square.
        canvas.dot(
            cell_center(self.house.from),
            4.0,
            &Style::fill(AGENT_COLOR).with_stroke("white", 1.0),
        );

        let mut pixels = svg.pixels();
        let mut legend = Legend::new(at.x, at.y + TITLE_PX + panel_h + (KEY_PX - 12.0) / 2.0);
        legend.swatch(&mut pixels, &body, "cells the 2x2 agent covers");
        legend.line(&mut pixels, &Style::stroke(PATH_COLOR, 3.0), "one cell");
        legend.swatch(
            &mut pixels,
            &expanded_style(),
            &format!("2x2 search from {START}"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::demo_map;

    #[test]
    fn the_house_doors_are_one_cell_wide_and_the_endpoints_fit() {
        let map = demo_map().unwrap();
        // The door between the rooms and the door out of the east room.
        for door in [Cell::new(6, 11), Cell::new(11, 15)] {
            assert!(map.is_walkable(door));
            assert_eq!(map.clearance(door), Some(1), "{door}");
        }
        for end in [START, GOAL, ALLEY_FROM, ALLEY_TO] {
            assert!(map.clearance(end) >= Some(AGENT_SIZE), "{end}");
        }
        // The alley: column 0 beside the house's west wall.
        for y in 8..=18 {
            assert!(map.is_walkable(Cell::new(0, y)));
            assert!(!map.is_walkable(Cell::new(1, y)));
        }
    }

    #[test]
    fn the_agent_covers_its_square_along_the_path() {
        let q = Query {
            rules: AGENT_RULES,
            size: 2,
            from: Cell::new(0, 0),
            to: Cell::new(1, 0),
            status: PathStatus::Found,
            length: 1.0,
            cells: vec![Cell::new(0, 0), Cell::new(1, 0)],
            expanded: Vec::new(),
            expanded_count: 2,
        };
        let covered: Vec<Cell> = q.covered_cells().collect();
        assert_eq!(covered.len(), 8);
        assert!(covered.contains(&Cell::new(2, 1)));
        assert_eq!(
            q.centre_line(),
            vec![Point::new(1.0, 1.0), Point::new(2.0, 1.0)]
        );
    }
}
