//! A flow field on the demo map (`nav::grid::FlowField`): every cell's cost to the goal and
//! next move, drawn as a heat map with arrows, and a crowd of units that follow it.
//!
//! One search from the goal gives the way of every unit at once: six units spread over the
//! map each read their next move in O(1), and their paths cost what a query from each start
//! would find (the summary says so).

use std::io::Write;

use nav::grid::{Cell, FlowField, FlowQuery, GridContext, GridMap, GridQuery, GridRules};
use serde::Serialize;

use super::{GOAL, KEY_PX, panel_title};
use crate::error::CliError;
use crate::svg::flow::{HEAT, draw_flow};
use crate::svg::grid::{TITLE_PX, draw_map, draw_path, map_frame, path_style};
use crate::svg::legend::Legend;
use crate::svg::{GOAL_COLOR, Point, START_COLOR, Style, Svg};

/// Where the crowd starts: spread over the map's open ground.
pub const CROWD: [Cell; 6] = [
    Cell::new(3, 12),
    Cell::new(2, 2),
    Cell::new(21, 24),
    Cell::new(24, 3),
    Cell::new(34, 22),
    Cell::new(40, 4),
];

/// The flow field in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FlowDemoReport {
    /// The goal of the field.
    pub goal: [u32; 2],
    /// Cells that reach the goal.
    pub reachable: usize,
    /// Cells that see the goal in a straight line.
    pub seeing: usize,
    /// The largest cost to the goal.
    pub max_cost: f64,
    /// The crowd's path costs, following the field.
    pub crowd_costs: Vec<f64>,
    /// Whether each equals the cost of a query from that start (within 1e-9).
    pub crowd_matches_queries: bool,
}

/// The field and the crowd's paths.
pub(super) struct FlowDemo {
    field: FlowField,
    paths: Vec<Vec<Cell>>,
    costs: Vec<f64>,
    matches: bool,
    seeing: usize,
    max_cost: f64,
}

impl FlowDemo {
    pub(super) fn run(map: &GridMap, finder: &mut GridContext) -> Result<Self, CliError> {
        let demo_error = |e| CliError::grid("demo.map (built in)", e);
        let rules = GridRules::default().compile().map_err(demo_error)?;
        let mut field = FlowField::new();
        field
            .build(map, &rules, &FlowQuery::to_goal(&GOAL))
            .map_err(demo_error)?;
        let mut paths = Vec::new();
        let mut costs = Vec::new();
        let mut matches = true;
        for &start in &CROWD {
            let mut path = Vec::new();
            let outcome = field.path_from(start, &mut path).map_err(demo_error)?;
            let one = finder
                .find_path(map, &rules, &GridQuery::new(start, GOAL))
                .map_err(demo_error)?
                .outcome();
            matches &= one.status == outcome.status && (one.cost - outcome.cost).abs() <= 1e-9;
            costs.push(outcome.cost);
            paths.push(path);
        }
        let cells = || (0..map.cell_count()).filter_map(|i| map.cell_at(i));
        let seeing = cells().filter(|&c| field.sees_goal(c)).count();
        let max_cost = cells().filter_map(|c| field.cost(c)).fold(0.0, f64::max);
        Ok(Self {
            field,
            paths,
            costs,
            matches,
            seeing,
            max_cost,
        })
    }

    pub(super) fn all_found(&self) -> bool {
        self.matches && self.paths.iter().all(|p| p.last() == Some(&GOAL))
    }

    pub(super) fn report(&self) -> FlowDemoReport {
        FlowDemoReport {
            goal: [GOAL.x, GOAL.y],
            reachable: self.field.reachable_count(),
            seeing: self.seeing,
            max_cost: self.max_cost,
            crowd_costs: self.costs.clone(),
            crowd_matches_queries: self.matches,
        }
    }

    pub(super) fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "A flow field to {GOAL} (one search from the goal): {} cells reach it, {} see it in a \
             straight line; {} units follow it, each at the cost of its own query: {}.",
            self.field.reachable_count(),
            self.seeing,
            CROWD.len(),
            if self.matches { "yes" } else { "NO" }
        )
    }

    /// The panel: the cost heat map, the arrows, the crowd's paths.
    pub(super) fn draw_panel(&self, svg: &mut Svg, map: &GridMap, at: Point, cell_px: f64) {
        panel_title(
            svg,
            at,
            &format!(
                "Flow field to {GOAL}: {} cells, {} units follow it",
                self.field.reachable_count(),
                CROWD.len()
            ),
        );
        let frame = map_frame(map, [at.x, at.y + TITLE_PX], cell_px);
        let (_, panel_h) = frame.size_px();
        let mut canvas = svg.canvas(frame);
        draw_map(&mut canvas, map);
        draw_flow(&mut canvas, map, &self.field, cell_px, 20.0);
        let style = path_style(cell_px).with_opacity(0.8);
        for path in &self.paths {
            draw_path(&mut canvas, path, &style);
        }
        let unit = Style::fill(START_COLOR).with_stroke("white", 1.0);
        for &start in &CROWD {
            canvas.dot(crate::svg::grid::cell_center(start), 4.0, &unit);
        }
        canvas.dot(
            crate::svg::grid::cell_center(GOAL),
            6.0,
            &Style::fill(GOAL_COLOR).with_stroke("white", 1.5),
        );

        let mut pixels = svg.pixels();
        let mut legend = Legend::new(at.x, at.y + TITLE_PX + panel_h + (KEY_PX - 12.0) / 2.0);
        legend.swatch(&mut pixels, &Style::fill(HEAT[0]), "near the goal");
        legend.swatch(&mut pixels, &Style::fill(HEAT[HEAT.len() - 1]), "far");
        legend.line(&mut pixels, &Style::stroke("#111", 1.0), "next move");
        legend.swatch(&mut pixels, &unit, "a unit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::demo_map;

    #[test]
    fn the_crowd_stands_on_open_ground_and_reaches_the_goal() {
        let map = demo_map().unwrap();
        for start in CROWD {
            assert!(map.is_walkable(start), "{start}");
        }
        let demo = FlowDemo::run(&map, &mut GridContext::new()).unwrap();
        assert!(demo.all_found());
        assert!(demo.seeing > 0);
    }
}
