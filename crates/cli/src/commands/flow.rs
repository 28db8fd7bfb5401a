//! `nav flow`: the flow field of a Moving AI map towards one goal.
//!
//! ```text
//! nav flow --map FILE.map --to X,Y [--size K] [--moves 4|8]
//!          [--diagonal never|no-corner-cutting|free] [--svg OUT.svg] [--json]
//! ```
//!
//! Every cell's cost to the goal and next move, for an agent of `K x K` cells (`--size`, the
//! cells are the agent's top-left cells), under the same rules as `nav path`. With `--json`
//! it prints one object: `"width"`, `"height"`, `"goal"` `[x, y]`, `"size"`, `"status"`
//! (`found` when the agent fits at the goal, else `goal_blocked`), `"reachable"` (cells that
//! reach the goal), `"cost"` (one array per row, `null` where the goal cannot be reached),
//! `"next"` (one array per row: the move `[dx, dy]` of each cell, `null` at the goal and
//! where it cannot be reached) and `"sight"` (one array per row: whether the cell sees the
//! goal in a straight line). Exit status 0 when the agent fits at the goal, 1 otherwise, 2
//! for bad input.

use std::io::Write;
use std::path::PathBuf;

use nav::grid::{Cell, FlowField, FlowQuery, GridMap};
use serde::Serialize;

use crate::CommandStatus;
use crate::arg_values::parse_cell;
use crate::error::CliError;
use crate::grid_args::{GridRulesArgs, load_map};
use crate::json::write_json_line;
use crate::svg::flow::draw_flow;
use crate::svg::grid::{cell_center, map_picture};
use crate::svg::{GOAL_COLOR, Style};

/// Options of `nav flow`.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct FlowArgs {
    /// The map, in the Moving AI `.map` format.
    #[arg(long, value_name = "FILE.map")]
    pub map: PathBuf,
    /// The goal cell: column and row from 0, (0,0) top-left.
    #[arg(long, value_name = "X,Y", value_parser = parse_cell, allow_hyphen_values = true)]
    pub to: Cell,
    /// Rules of movement (the heuristic and search options do not change a field).
    #[command(flatten)]
    pub rules: GridRulesArgs,
    /// Side of the agent in cells (1 to 255): the agent covers K x K cells, and the cells
    /// are its top-left cells.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1,
        allow_hyphen_values = true
    )]
    pub size: u32,
    /// Write a picture: the cost as a heat map, the next moves as arrows.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The JSON report of `nav flow`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FlowReportJson {
    /// Map width in cells.
    pub width: u32,
    /// Map height in cells.
    pub height: u32,
    /// The goal, `[x, y]`.
    pub goal: [u32; 2],
    /// The agent's side in cells.
    pub size: u32,
    /// `found` when the agent fits at the goal, `goal_blocked` otherwise.
    pub status: &'static str,
    /// Cells that reach the goal.
    pub reachable: usize,
    /// Per row, each cell's cost to the goal (`null` where unreachable).
    pub cost: Vec<Vec<Option<f64>>>,
    /// Per row, each cell's next move `[dx, dy]` (`null` at the goal and where unreachable).
    pub next: Vec<Vec<Option<[i32; 2]>>>,
    /// Per row, whether each cell sees the goal in a straight line.
    pub sight: Vec<Vec<bool>>,
}

/// Builds the field of `args` on a loaded map.
fn build(args: &FlowArgs, map: &GridMap, field: &mut FlowField) -> Result<bool, CliError> {
    let rules = args.rules.to_rules()?;
    let query = FlowQuery::to_goal(&args.to).with_agent_size(args.size);
    let report = field
        .build(map, &rules, &query)
        .map_err(|e| CliError::grid(args.map.display(), e))?;
    Ok(report.goals_used > 0)
}

/// Runs `nav flow`.
pub fn run(args: &FlowArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let map = load_map(&args.map)?;
    let mut field = FlowField::new();
    let fits = build(args, &map, &mut field)?;
    let (w, h) = (map.width(), map.height());
    let rows = || (0..h).map(move |y| (0..w).map(move |x| Cell::new(x, y)));
    let max_cost = rows()
        .flatten()
        .filter_map(|c| field.cost(c))
        .fold(0.0f64, f64::max);
    let seeing = rows().flatten().filter(|&c| field.sees_goal(c)).count();

    if let Some(svg_path) = &args.svg {
        let map_name = args.map.file_name().map_or_else(
            || args.map.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let size = match args.size {
            1 => String::new(),
            k => format!(", agent {k}x{k}"),
        };
        let title = format!(
            "{map_name}: flow field to {}{size}, {} cells reach it (cost up to {max_cost:.1}), \
             {seeing} see it",
            args.to,
            field.reachable_count()
        );
        let svg = map_picture(&map, &title, |canvas, cell_px| {
            draw_flow(canvas, &map, &field, cell_px, 8.0);
            let r = (cell_px * 0.45).clamp(4.0, 9.0);
            canvas.dot(
                cell_center(args.to),
                r,
                &Style::fill(GOAL_COLOR).with_stroke("white", 1.5),
            );
        });
        svg.write_file(svg_path)?;
    }

    if args.json {
        let report = FlowReportJson {
            width: w,
            height: h,
            goal: [args.to.x, args.to.y],
            size: args.size,
            status: if fits { "found" } else { "goal_blocked" },
            reachable: field.reachable_count(),
            cost: rows()
                .map(|row| row.map(|c| field.cost(c)).collect())
                .collect(),
            next: rows()
                .map(|row| {
                    row.map(|c| field.next_move(c).map(|(dx, dy)| [dx, dy]))
                        .collect()
                })
                .collect(),
            sight: rows()
                .map(|row| row.map(|c| field.sees_goal(c)).collect())
                .collect(),
        };
        write_json_line(out, &report)?;
    } else {
        let text = if fits {
            format!(
                "flow field to {} on {}x{} ({}): {} of {} walkable cells reach the goal, \
                 largest cost {max_cost:.3}, {seeing} see it in a straight line",
                args.to,
                w,
                h,
                describe(args),
                field.reachable_count(),
                map.walkable_count()
            )
        } else if args.size > 1 {
            format!(
                "goal_blocked: the {k}x{k} agent does not fit with its top-left cell at the goal {}",
                args.to,
                k = args.size
            )
        } else {
            format!("goal_blocked: the goal cell {} is not walkable", args.to)
        };
        writeln!(out, "{text}").map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(fits))
}

/// `8 moves, no-corner-cutting` (plus `, agent 2x2` for larger agents).
fn describe(args: &FlowArgs) -> String {
    let moves = match args.rules.moves {
        crate::grid_args::MovesArg::Four => "4 moves".to_string(),
        crate::grid_args::MovesArg::Eight => format!(
            "8 moves, {}",
            nav::grid::DiagonalRule::from(args.rules.diagonal)
        ),
    };
    match args.size {
        1 => moves,
        k => format!("{moves}, agent {k}x{k}"),
    }
}
