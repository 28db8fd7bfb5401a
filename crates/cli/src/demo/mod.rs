//! `nav demo`: paths under different move rules on a map built into the binary.
//!
//! The demo's scenes and drawing live here, out of the command code (`commands::demo` is the
//! subcommand's entry point and re-exports [`DemoArgs`] and [`run`]). This file is over 600
//! lines because it holds the grid panels' scenario, their summary report and their SVG
//! layout, which share the panel constants; each navigator's panel has its own module.
//!
//! ```text
//! nav demo [--svg OUT.svg | --out-dir DIR] [--export-map FILE.map] [--json]
//! ```
//!
//! The map (`assets/demo.map`, 48 x 28, hand-made) has a house with two rooms around the
//! start, a chevron of trees that touch only at their corners, a swamp in front of the goal,
//! a lake, a pond and some ruins. The demo finds a path from the house to the far side under
//! four rules: 4 moves; 8 moves without corner cutting (the Moving AI rules); 8 moves with free
//! diagonals (which squeeze between the trees); and 8 moves where the swamp costs three times
//! as much. It compares A* with Dijkstra's algorithm and splits the swamp-avoiding route into
//! turns of a movement budget.
//!
//! Then agents of different sizes, one per navigator of the library: an agent of 2x2 cells on
//! the same map ([`clearance`]: the house's one-cell doors shut it in, and it goes round the
//! house where a unit of one cell takes an alley); disc agents of radius 0.3, 1 and 2 in a
//! courtyard of boxes and discs ([`courtyard`], `nav::agent`: each takes a different gate); and
//! exact shortest paths among thirty circles for a point and a disc of radius 1 ([`forest`],
//! `nav::tangent`), compared with the lattice navigator on the same circles; and exact paths
//! among polygons for discs of radius 0, 0.8 and 1.8 in one world ([`polygons`], `nav::mesh`).
//!
//! It prints a summary and draws everything in one SVG picture, nine panels (by default
//! `nav-demo.svg` in the system's temporary directory, so a run from a source checkout leaves
//! no file behind).

pub mod clearance;
pub mod courtyard;
pub mod flow;
pub mod forest;
pub mod polygons;

use clearance::ClearanceReport;
use courtyard::AgentsReport;
use flow::FlowDemoReport;
use forest::CirclesDemoReport;
use polygons::MeshDemoReport;

use std::io::Write;
use std::path::PathBuf;

use nav::geom::Vec2;
use nav::grid::movingai::{parse_map, write_map_file};
use nav::grid::{Cell, DiagonalRule, GridContext, GridMap, GridQuery, GridRules, Heuristic, Moves};
use serde::Serialize;

use crate::CommandStatus;
use crate::error::CliError;
use crate::json::{cell_pairs, write_json_line};
use crate::svg::grid::{
    CellKind, EXPANDED_COLOR, GOAL_COLOR, MARGIN_PX, PATH_COLOR, START_COLOR, TITLE_PX,
    cell_center, draw_cells, draw_endpoints, draw_map, draw_path, expanded_style, map_frame,
    path_style,
};
use crate::svg::legend::Legend;
use crate::svg::{Point, Style, Svg, TextAnchor};

/// The demo map, in the Moving AI format.
pub const DEMO_MAP: &str = include_str!("../../assets/demo.map");
/// Where the demo's paths start: inside the house.
pub const START: Cell = Cell::new(3, 12);
/// Where the demo's paths lead: past the swamp.
pub const GOAL: Cell = Cell::new(44, 12);
/// Cost multiplier of swamp cells (`S`) in the weighted query.
pub const SWAMP_COST: f64 = 3.0;
/// Movement budget per turn for the turn-based split of the weighted route.
pub const MOVE_PER_TURN: f64 = 12.0;
/// File name of the picture when no `--svg` is given.
pub const PICTURE_NAME: &str = "nav-demo.svg";
/// Pixels per cell of the map, and per unit of the continuous worlds (same size: 48 x 28).
const CELL_PX: f64 = 12.0;
/// Height of the key line under a panel of the lower rows, in pixels.
const KEY_PX: f64 = 24.0;

/// A panel's title, `at` being the top-left corner of its title line.
fn panel_title(svg: &mut Svg, at: Point, title: &str) {
    svg.pixels()
        .text([at.x, at.y + 17.0], title, 13.0, TextAnchor::Start, "#222");
}

/// A point as `(4, 14)`, like cells.
fn point_text(p: Vec2) -> String {
    format!("({}, {})", p.x, p.y)
}

/// Options of `nav demo`.
#[derive(Debug, Clone, PartialEq, Eq, Default, clap::Args)]
pub struct DemoArgs {
    /// Where to write the picture [default: nav-demo.svg in the system's temporary directory].
    #[arg(long, value_name = "OUT.svg", conflicts_with = "out_dir")]
    pub svg: Option<PathBuf>,
    /// Write nav-demo.svg into this directory instead.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Also write the demo map to this file, for `nav path --map`.
    #[arg(long, value_name = "FILE.map")]
    pub export_map: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

impl DemoArgs {
    /// Where the picture goes.
    pub fn picture_path(&self) -> PathBuf {
        match (&self.svg, &self.out_dir) {
            (Some(svg), _) => svg.clone(),
            (None, Some(dir)) => dir.join(PICTURE_NAME),
            (None, None) => std::env::temp_dir().join(PICTURE_NAME),
        }
    }
}

/// The embedded demo map.
pub fn demo_map() -> Result<GridMap, CliError> {
    Ok(parse_map(DEMO_MAP, "demo.map (built in)")?)
}

/// One of the demo's queries.
struct Route {
    /// What the rules are, for the summary and the picture.
    label: &'static str,
    /// The options that give the same query with `nav path`.
    options: &'static str,
    rules: GridRules,
    /// Whether swamp cells cost [`SWAMP_COST`].
    weighted: bool,
}

fn routes() -> [Route; 4] {
    let eight = GridRules::default();
    [
        Route {
            label: "4 moves",
            options: "--moves 4",
            rules: eight
                .clone()
                .with_moves(Moves::Four)
                .with_heuristic(Heuristic::Manhattan),
            weighted: false,
        },
        Route {
            label: "8 moves, no corner cutting (Moving AI rules)",
            options: "",
            rules: eight.clone(),
            weighted: false,
        },
        Route {
            label: "8 moves, free diagonals",
            options: "--diagonal free",
            rules: eight.clone().with_diagonal(DiagonalRule::Free),
            weighted: false,
        },
        Route {
            label: "8 moves, no corner cutting, swamp costs 3x",
            options: "",
            rules: eight,
            weighted: true,
        },
    ]
}

/// The result of one route, as printed in JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RouteReport {
    /// The rules.
    pub rules: &'static str,
    /// `found` (or another status if the map were edited so that the goal is unreachable).
    pub status: &'static str,
    /// Cost of the path.
    pub length: f64,
    /// The path's cells.
    pub cells: Vec<[u32; 2]>,
    /// Cells the search expanded.
    pub expanded: usize,
}

/// The JSON report of `nav demo`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DemoReport {
    /// Map width and height.
    pub size: [u32; 2],
    /// Start cell.
    pub from: [u32; 2],
    /// Goal cell.
    pub to: [u32; 2],
    /// The four routes.
    pub routes: Vec<RouteReport>,
    /// Cells Dijkstra's algorithm expanded under the Moving AI rules (A*: `routes[1]`).
    pub dijkstra_expanded: usize,
    /// The length Dijkstra's algorithm found (equal to `routes[1].length`).
    pub dijkstra_length: f64,
    /// Movement budget per turn.
    pub move_per_turn: f64,
    /// Where the unit on the weighted route stands at the end of each turn.
    pub turn_ends: Vec<[u32; 2]>,
    /// Agents of 2x2 cells on the same map: from the house to the goal (no path: the doors
    /// are one cell wide), then down the alley at the map's west edge for one cell and for
    /// 2x2 cells.
    pub clearance: Vec<ClearanceReport>,
    /// Disc agents of three radii in the courtyard (`nav::agent`).
    pub agents: AgentsReport,
    /// Exact paths among circles (`nav::tangent`) and the lattice navigator on the same
    /// circles.
    pub circles: CirclesDemoReport,
    /// Exact paths among polygons for three radii in one world (`nav::mesh`).
    pub polygons: MeshDemoReport,
    /// A flow field to the goal and a crowd that follows it (`nav::grid::FlowField`).
    pub flow: FlowDemoReport,
    /// The picture written.
    pub svg: String,
}

/// One route's outcome with its path and search.
struct Found {
    status: &'static str,
    length: f64,
    cells: Vec<Cell>,
    costs: Vec<f64>,
    expanded: Vec<Cell>,
    expanded_count: usize,
}

/// Indices of the path cells where each turn ends when a unit may spend `budget` per turn
/// (what it does not spend is lost). Stops early if a single step costs more than a turn.
fn turn_ends(costs: &[f64], budget: f64) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut at = 0;
    while at + 1 < costs.len() {
        // The same slack as the library's budgets: summed float costs may exceed it by a hair.
        let limit = costs[at] + budget * (1.0 + 1e-12);
        let next = at + costs[at..].partition_point(|&c| c <= limit) - 1;
        if next == at {
            break;
        }
        ends.push(next);
        at = next;
    }
    ends
}

/// Runs `nav demo`.
pub fn run(args: &DemoArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let map = demo_map()?;
    let mut weighted = map.clone();
    for index in 0..weighted.cell_count() {
        let Some(cell) = weighted.cell_at(index) else {
            continue;
        };
        if weighted.terrain(cell) == Some(b'S' as u16) {
            weighted
                .set_cost_multiplier(cell, SWAMP_COST)
                .map_err(|e| CliError::grid("demo.map (built in)", e))?;
        }
    }

    let mut finder = GridContext::with_capacity(map.cell_count());
    let routes = routes();
    let mut found = Vec::with_capacity(routes.len());
    let demo_error = |e| CliError::grid("demo.map (built in)", e);
    for route in &routes {
        let on = if route.weighted { &weighted } else { &map };
        let rules = route.rules.compile().map_err(demo_error)?;
        let outcome = finder
            .find_path(on, &rules, &GridQuery::new(START, GOAL))
            .map_err(demo_error)?
            .outcome();
        found.push(Found {
            status: outcome.status.as_str(),
            length: outcome.cost,
            cells: finder.path().to_vec(),
            costs: finder.path_costs().to_vec(),
            expanded: finder.expanded_cells().collect(),
            expanded_count: outcome.expanded,
        });
    }
    let zero = GridRules::default()
        .with_heuristic(Heuristic::Zero)
        .compile()
        .map_err(demo_error)?;
    let dijkstra = finder
        .find_path(&map, &zero, &GridQuery::new(START, GOAL))
        .map_err(demo_error)?
        .outcome();
    let clearance = clearance::Clearance::run(&map, &mut finder)?;
    let courtyard = courtyard::Courtyard::run()?;
    let forest = forest::Forest::run()?;
    let polygons = polygons::Polygons::run()?;
    let flow = flow::FlowDemo::run(&map, &mut finder)?;
    let weighted_route = &found[3];
    let turns: Vec<Cell> = turn_ends(&weighted_route.costs, MOVE_PER_TURN)
        .into_iter()
        .map(|i| weighted_route.cells[i])
        .collect();

    let picture = args.picture_path();
    let others = Others {
        clearance: &clearance,
        courtyard: &courtyard,
        forest: &forest,
        polygons: &polygons,
        flow: &flow,
    };
    draw(&map, &routes, &found, &turns, &others).write_file(&picture)?;
    if let Some(export) = &args.export_map {
        write_map_file(&map, export)?;
    }

    let all_found = found.iter().all(|f| f.status == "found")
        && clearance.alley_found()
        && courtyard.all_found()
        && forest.all_found()
        && polygons.all_found()
        && flow.all_found();
    if args.json {
        let report = DemoReport {
            size: [map.width(), map.height()],
            from: [START.x, START.y],
            to: [GOAL.x, GOAL.y],
            routes: routes
                .iter()
                .zip(&found)
                .map(|(route, f)| RouteReport {
                    rules: route.label,
                    status: f.status,
                    length: f.length,
                    cells: cell_pairs(&f.cells),
                    expanded: f.expanded_count,
                })
                .collect(),
            dijkstra_expanded: dijkstra.expanded,
            dijkstra_length: dijkstra.cost,
            move_per_turn: MOVE_PER_TURN,
            turn_ends: cell_pairs(&turns),
            clearance: clearance.reports(),
            agents: courtyard.report(),
            circles: forest.report(),
            polygons: polygons.report(),
            flow: flow.report(),
            svg: picture.display().to_string(),
        };
        write_json_line(out, &report)?;
    } else {
        let summary = Summary {
            map: &map,
            routes: &routes,
            found: &found,
            dijkstra_expanded: dijkstra.expanded,
            dijkstra_length: dijkstra.cost,
            turns: &turns,
            others: &others,
            picture: &picture,
            export: args.export_map.as_deref(),
        };
        summary.write(out).map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(all_found))
}

struct Summary<'a> {
    map: &'a GridMap,
    routes: &'a [Route],
    found: &'a [Found],
    dijkstra_expanded: usize,
    dijkstra_length: f64,
    turns: &'a [Cell],
    others: &'a Others<'a>,
    picture: &'a std::path::Path,
    export: Option<&'a std::path::Path>,
}

impl Summary<'_> {
    fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "nav demo: a {}x{} map built into nav, from {START} (inside the house) to {GOAL}",
            self.map.width(),
            self.map.height()
        )?;
        writeln!(
            out,
            "walls @, trees T and water W block; swamp S is walkable\n"
        )?;
        writeln!(
            out,
            "  {:<44} {:>8} {:>6} {:>9}",
            "rules", "length", "cells", "expanded"
        )?;
        for (route, f) in self.routes.iter().zip(self.found) {
            writeln!(
                out,
                "  {:<44} {:>8.3} {:>6} {:>9}",
                route.label,
                f.length,
                f.cells.len(),
                f.expanded_count
            )?;
        }
        self.others.clearance.write_table_line(out)?;
        writeln!(out)?;
        let (eight, free) = (&self.found[1], &self.found[2]);
        writeln!(
            out,
            "Free diagonals squeeze between trees that touch at their corners: {:.3} shorter than \
             without corner cutting.",
            eight.length - free.length
        )?;
        writeln!(
            out,
            "With swamp at {SWAMP_COST}x the cost, the route goes around it ({:.3} instead of {:.3}).",
            self.found[3].length, eight.length
        )?;
        let same = if (self.dijkstra_length - eight.length).abs() <= 1e-9 {
            "the same length".to_string()
        } else {
            format!("length {:.3}", self.dijkstra_length)
        };
        writeln!(
            out,
            "A* (octile heuristic) expanded {} cells under the Moving AI rules; Dijkstra's algorithm \
             expanded {} for {same}.",
            eight.expanded_count, self.dijkstra_expanded
        )?;
        let ends: Vec<String> = self.turns.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "A unit moving {MOVE_PER_TURN} per turn along the swamp-avoiding route needs {} turns, \
             ending them at {}.",
            self.turns.len(),
            ends.join(", ")
        )?;
        self.others.clearance.write_text(out)?;
        writeln!(out)?;
        self.others.courtyard.write_text(out)?;
        writeln!(out)?;
        self.others.forest.write_text(out)?;
        writeln!(out)?;
        self.others.polygons.write_text(out)?;
        self.others.flow.write_text(out)?;
        writeln!(out, "\npicture: {}", self.picture.display())?;
        match self.export {
            Some(export) => {
                let free_route = &self.routes[2];
                writeln!(
                    out,
                    "map: {} (try: nav path --map {} --from {},{} --to {},{} {})",
                    export.display(),
                    export.display(),
                    START.x,
                    START.y,
                    GOAL.x,
                    GOAL.y,
                    free_route.options
                )?;
            }
            None => writeln!(
                out,
                "(nav demo --export-map demo.map writes the map for nav path --map demo.map)"
            )?,
        }
        Ok(())
    }
}

/// The parts of the demo beyond the four grid routes.
struct Others<'a> {
    clearance: &'a clearance::Clearance,
    courtyard: &'a courtyard::Courtyard,
    forest: &'a forest::Forest,
    polygons: &'a polygons::Polygons,
    flow: &'a flow::FlowDemo,
}

/// Four panels, one per route, and a legend; then a section of four panels of agents of
/// different sizes, each with its key: the 2x2 agent on the map, the courtyard, the circles
/// for each radius.
fn draw(
    map: &GridMap,
    routes: &[Route],
    found: &[Found],
    turns: &[Cell],
    others: &Others<'_>,
) -> Svg {
    const HEADER_PX: f64 = 30.0;
    const LEGEND_PX: f64 = 34.0;
    let panel_w = map.width() as f64 * CELL_PX;
    let panel_h = map.height() as f64 * CELL_PX;
    let (cols, rows) = (2.0, 2.0);
    let width = cols * panel_w + (cols + 1.0) * MARGIN_PX * 2.0;
    let grid_bottom = HEADER_PX + rows * (panel_h + TITLE_PX + MARGIN_PX * 2.0);
    let lower_top = grid_bottom + LEGEND_PX + HEADER_PX;
    let lower_row_h = TITLE_PX + panel_h + KEY_PX + MARGIN_PX * 2.0;
    // The agents' section has a third row: the polygon world.
    let height = lower_top + (rows + 1.0) * lower_row_h;
    let mut svg = Svg::new(width, height).with_background("white");
    svg.pixels().text(
        [MARGIN_PX * 2.0, 20.0],
        &format!(
            "nav demo: {}x{} map, from {START} to {GOAL}; shaded cells were expanded by the search",
            map.width(),
            map.height()
        ),
        15.0,
        TextAnchor::Start,
        "#111",
    );
    for (i, (route, f)) in routes.iter().zip(found).enumerate() {
        let col = (i % 2) as f64;
        let row = (i / 2) as f64;
        let x = MARGIN_PX * 2.0 + col * (panel_w + MARGIN_PX * 2.0);
        let y = HEADER_PX + row * (panel_h + TITLE_PX + MARGIN_PX * 2.0);
        svg.pixels().text(
            [x, y + 17.0],
            &format!(
                "{}: length {:.2}, {} expanded",
                route.label, f.length, f.expanded_count
            ),
            13.0,
            TextAnchor::Start,
            "#222",
        );
        let mut canvas = svg.canvas(map_frame(map, [x, y + TITLE_PX], CELL_PX));
        draw_map(&mut canvas, map);
        draw_cells(
            &mut canvas,
            map,
            f.expanded.iter().copied(),
            &expanded_style(),
        );
        draw_path(&mut canvas, &f.cells, &path_style(CELL_PX));
        draw_endpoints(&mut canvas, START, GOAL, CELL_PX);
        if route.weighted {
            for (n, &end) in turns.iter().enumerate() {
                canvas.dot(
                    cell_center(end),
                    6.0,
                    &Style::fill("white").with_stroke(PATH_COLOR, 2.0),
                );
                let c = cell_center(end);
                canvas.text(
                    [c.x, c.y + 0.3],
                    &(n + 1).to_string(),
                    8.0,
                    TextAnchor::Middle,
                    "#111",
                );
            }
        }
    }

    // Legend of the grid panels.
    let mut pixels = svg.pixels();
    let mut legend = Legend::new(MARGIN_PX * 2.0, grid_bottom + 12.0);
    for kind in [
        CellKind::Open,
        CellKind::Wall,
        CellKind::Trees,
        CellKind::Water,
        CellKind::Swamp,
    ] {
        legend.swatch(
            &mut pixels,
            &Style::fill(kind.color()).with_stroke("#999", 0.5),
            kind.label(),
        );
    }
    legend.swatch(
        &mut pixels,
        &Style::fill(EXPANDED_COLOR).with_opacity(0.4),
        "expanded",
    );
    legend.swatch(&mut pixels, &Style::fill(PATH_COLOR), "path");
    legend.swatch(&mut pixels, &Style::fill(START_COLOR), "start");
    legend.swatch(&mut pixels, &Style::fill(GOAL_COLOR), "goal");
    legend.swatch(
        &mut pixels,
        &Style::fill("white").with_stroke(PATH_COLOR, 2.0),
        &format!("end of a turn ({MOVE_PER_TURN} moves)"),
    );

    // Agents of different sizes.
    pixels.text(
        [MARGIN_PX * 2.0, grid_bottom + LEGEND_PX + 20.0],
        "Agents of different sizes: 2x2 cells on the grid (clearance), discs among boxes and \
         discs (nav::agent), discs among circles, exact (nav::tangent)",
        15.0,
        TextAnchor::Start,
        "#111",
    );
    let slot = |col: f64, row: f64| {
        Point::new(
            MARGIN_PX * 2.0 + col * (panel_w + MARGIN_PX * 2.0),
            lower_top + row * lower_row_h,
        )
    };
    others
        .clearance
        .draw_panel(&mut svg, map, slot(0.0, 0.0), CELL_PX);
    others
        .courtyard
        .draw_panel(&mut svg, slot(1.0, 0.0), CELL_PX);
    others
        .forest
        .draw_panels(&mut svg, &[slot(0.0, 1.0), slot(1.0, 1.0)], CELL_PX);
    others
        .polygons
        .draw_panel(&mut svg, slot(0.0, 2.0), CELL_PX);
    others
        .flow
        .draw_panel(&mut svg, map, slot(1.0, 2.0), CELL_PX);
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_map_parses_and_the_endpoints_are_open() {
        let map = demo_map().unwrap();
        assert_eq!((map.width(), map.height()), (48, 28));
        assert!(map.is_walkable(START));
        assert!(map.is_walkable(GOAL));
    }

    #[test]
    fn the_worlds_are_the_size_of_the_map_so_the_panels_line_up() {
        let map = demo_map().unwrap();
        let size = Vec2::new(map.width() as f32, map.height() as f32);
        assert_eq!(courtyard::scene().bounds.size(), size);
        assert_eq!(forest::scene().bounds.size(), size);
        assert_eq!(courtyard::scene().bounds.min, Vec2::ZERO);
        assert_eq!(forest::scene().bounds.min, Vec2::ZERO);
        assert_eq!(polygons::scene().bounds.size(), size);
        assert_eq!(polygons::scene().bounds.min, Vec2::ZERO);
    }

    #[test]
    fn turns_spend_at_most_the_budget_each() {
        let costs = [0.0, 1.0, 2.0, 3.5, 4.0, 7.0, 7.5];
        assert_eq!(turn_ends(&costs, 3.0), vec![2, 4, 5, 6]);
        // A step dearer than a turn stops the unit.
        assert_eq!(turn_ends(&costs, 1.0), vec![1, 2]);
        assert_eq!(turn_ends(&[0.0], 5.0), Vec::<usize>::new());
        assert_eq!(turn_ends(&[], 5.0), Vec::<usize>::new());
        // Three steps of 0.1 fit a budget of 0.3 despite rounding.
        assert_eq!(
            turn_ends(&[0.0, 0.1, 0.1 + 0.1, 0.1 + 0.1 + 0.1], 0.3),
            vec![3]
        );
    }
}
