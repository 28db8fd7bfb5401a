//! `nav path`: one query on a Moving AI map.
//!
//! ```text
//! nav path --map FILE.map --from X,Y --to X,Y [--moves 4|8]
//!          [--diagonal never|no-corner-cutting|free]
//!          [--heuristic manhattan|chebyshev|octile|euclidean|zero]
//!          [--size K] [--max-expanded N] [--max-cost C] [--partial] [--slice N]
//!          [--svg OUT.svg] [--json]
//! ```
//!
//! `--size K` searches for an agent of `K x K` cells (clearance): `--from`, `--to` and the
//! cells of the path are the agent's top-left cells, and every cell of the agent's square
//! stays on walkable cells. K is 1 (the default) to 255.
//!
//! With `--json` it prints `{"status": ..., "length": ..., "cells": [[x, y], ...],
//! "expanded": n}` (plus `"partial": bool` with `--partial`).
//!
//! `--slice N` runs the query as a game loop would, as a time-sliced query stepped by at most
//! N expansions per call: the answer is the same, and the report adds the number of steps
//! (`"steps": n` in JSON). Exit status 0 when a path to the
//! goal was found, 1 for the other outcomes, 2 for bad input.

use std::io::Write;
use std::path::PathBuf;

use nav::grid::{
    Cell, CompiledRules, GridContext, GridMap, GridQuery, Limits, PathOutcome, PathStatus,
};
use serde::Serialize;

use crate::CommandStatus;
use crate::arg_values::parse_cell;
use crate::error::CliError;
use crate::grid_args::{GridRulesArgs, load_map};
use crate::json::{cell_pairs, write_json_line};
use crate::svg::grid::{
    draw_cells, draw_endpoints, draw_path, expanded_style, map_picture, path_style,
};

/// Options of `nav path`.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct PathArgs {
    /// The map, in the Moving AI `.map` format.
    #[arg(long, value_name = "FILE.map")]
    pub map: PathBuf,
    /// Start cell: column and row from 0, (0,0) top-left.
    #[arg(long, value_name = "X,Y", value_parser = parse_cell, allow_hyphen_values = true)]
    pub from: Cell,
    /// Goal cell.
    #[arg(long, value_name = "X,Y", value_parser = parse_cell, allow_hyphen_values = true)]
    pub to: Cell,
    /// Rules of movement.
    #[command(flatten)]
    pub rules: GridRulesArgs,
    /// Side of the agent in cells (1 to 255): the agent covers K x K cells, and --from, --to
    /// and the path's cells are its top-left cells.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1,
        value_parser = parse_agent_size,
        allow_hyphen_values = true
    )]
    pub size: u32,
    /// Stop after expanding this many cells (status limit_reached).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub max_expanded: Option<usize>,
    /// Ignore paths that would cost more than this (status limit_reached when no cheaper
    /// path exists).
    #[arg(long, value_name = "COST", allow_hyphen_values = true)]
    pub max_cost: Option<f64>,
    /// When the goal is not reached, report the path to the reachable cell closest to it.
    #[arg(long)]
    pub partial: bool,
    /// Run the query time-sliced, at most N expansions per step (as a game spreads a query
    /// over frames), and report the number of steps.
    #[arg(long, value_name = "N", value_parser = parse_slice, allow_hyphen_values = true)]
    pub slice: Option<usize>,
    /// Write a picture of the map, the expanded cells and the path.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Parses `--size`: a whole number from 1 to [`GridQuery::MAX_AGENT_SIZE`].
pub fn parse_agent_size(text: &str) -> Result<u32, String> {
    let max = GridQuery::MAX_AGENT_SIZE;
    let reason = || format!("the agent's side must be a whole number of cells from 1 to {max}");
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(reason());
    }
    match text.parse::<u32>() {
        Ok(size) if (1..=max).contains(&size) => Ok(size),
        _ => Err(reason()),
    }
}

/// Parses `--slice`: a whole number of expansions, at least 1.
fn parse_slice(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err("the expansions per step must be a whole number of at least 1".into()),
    }
}

/// The JSON report of `nav path`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathReport {
    /// `found`, `no_path`, `limit_reached`, `start_blocked` or `goal_blocked`.
    pub status: &'static str,
    /// Cost of the reported path (0 when there is none).
    pub length: f64,
    /// The path's cells from the start, `[x, y]` each (empty when there is none).
    pub cells: Vec<[u32; 2]>,
    /// Number of cells the search expanded.
    pub expanded: usize,
    /// With `--partial`: whether the path stops short of the goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<bool>,
    /// With `--slice N`: the steps the time-sliced query took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<usize>,
}

impl PathReport {
    /// The report of a query of `args` (its `partial` field only when `args.partial`).
    pub fn new(args: &PathArgs, outcome: &PathOutcome, path: &[Cell]) -> Self {
        Self {
            status: outcome.status.as_str(),
            length: outcome.cost,
            cells: cell_pairs(path),
            expanded: outcome.expanded,
            partial: args.partial.then_some(outcome.partial),
            steps: None,
        }
    }
}

impl PathArgs {
    /// The search limits the options ask for.
    fn limits(&self) -> Result<Limits, CliError> {
        let mut limits = Limits::default().with_partial_path(self.partial);
        if let Some(n) = self.max_expanded {
            limits = limits.with_max_expanded(n);
        }
        if let Some(cost) = self.max_cost {
            if cost.is_nan() || cost < 0.0 {
                return Err(CliError::BadArgument {
                    option: "--max-cost",
                    value: cost.to_string(),
                    reason: "must be a number of at least 0".into(),
                });
            }
            limits = limits.with_max_cost(cost);
        }
        Ok(limits)
    }

    /// The query with the agent's size and the limits, checked.
    fn query(&self) -> Result<GridQuery, CliError> {
        let query = GridQuery::new(self.from, self.to)
            .with_agent_size(self.size)
            .with_limits(self.limits()?);
        query
            .check()
            .map_err(|e| CliError::grid(format_args!("--size {}", self.size), e))?;
        Ok(query)
    }

    /// The rules for summaries: `8 moves, no-corner-cutting, octile` plus `, agent 2x2` for
    /// agents larger than one cell.
    fn describe(&self) -> String {
        let rules = self.rules.describe();
        match self.size {
            1 => rules,
            k => format!("{rules}, agent {k}x{k}"),
        }
    }
}

/// Runs the query of `args` on a loaded map (`args.map` only names it in errors); the context
/// then holds the path and the search tree (`nav serve` answers from it too).
pub fn search(
    args: &PathArgs,
    map: &GridMap,
    finder: &mut GridContext,
) -> Result<PathOutcome, CliError> {
    let rules: CompiledRules = args.rules.to_rules()?;
    search_with(args, &rules, map, finder)
}

/// [`search`] under rules compiled by the caller (`nav serve` offers a search mode that has no
/// `--search` value); the other options of `args` apply as in `search`.
pub fn search_with(
    args: &PathArgs,
    rules: &CompiledRules,
    map: &GridMap,
    finder: &mut GridContext,
) -> Result<PathOutcome, CliError> {
    Ok(search_counting_steps(args, rules, map, finder)?.0)
}

/// [`search_with`], time-sliced with `--slice N`: then also the number of steps it took.
fn search_counting_steps(
    args: &PathArgs,
    rules: &CompiledRules,
    map: &GridMap,
    finder: &mut GridContext,
) -> Result<(PathOutcome, Option<usize>), CliError> {
    let query = args.query()?;
    let error = |e| CliError::grid(args.map.display(), e);
    let Some(per_step) = args.slice else {
        let answer = finder.find_path(map, rules, &query).map_err(error)?;
        return Ok((answer.outcome(), None));
    };
    let mut state = finder.begin_sliced(map, rules, &query).map_err(error)?;
    let mut steps = 0;
    while state.is_running() {
        state = finder.step_sliced(map, rules, per_step).map_err(error)?;
        steps += 1;
    }
    let outcome = state
        .outcome()
        .unwrap_or_else(|| PathOutcome::unsearched(PathStatus::NoPath));
    Ok((outcome, Some(steps)))
}

/// Runs `nav path`.
pub fn run(args: &PathArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let map = load_map(&args.map)?;
    let mut finder = GridContext::with_capacity(map.cell_count());
    let rules: CompiledRules = args.rules.to_rules()?;
    let (outcome, steps) = search_counting_steps(args, &rules, &map, &mut finder)?;
    let path = finder.path();

    if let Some(svg_path) = &args.svg {
        // The file name only: a long directory would push the facts off the picture.
        let map_name = args.map.file_name().map_or_else(
            || args.map.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let title = format!(
            "{map_name}: {} to {}, {} ({}), {} expanded",
            args.from,
            args.to,
            describe_result(&outcome, path.len()),
            args.describe(),
            outcome.expanded
        );
        let svg = map_picture(&map, &title, |canvas, cell_px| {
            draw_cells(canvas, &map, finder.expanded_cells(), &expanded_style());
            draw_path(canvas, path, &path_style(cell_px));
            draw_endpoints(canvas, args.from, args.to, cell_px);
        });
        svg.write_file(svg_path)?;
    }

    if args.json {
        let report = PathReport {
            steps,
            ..PathReport::new(args, &outcome, path)
        };
        write_json_line(out, &report)?;
    } else {
        write_text(args, &outcome, path, steps, out).map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(outcome.is_found()))
}

/// `found, length 12.485`, `no_path`, ...
fn describe_result(outcome: &PathOutcome, cells: usize) -> String {
    if cells > 0 {
        let what = if outcome.partial {
            ", partial path"
        } else {
            ""
        };
        format!(
            "{}{what}, length {:.3} over {cells} cells",
            outcome.status, outcome.cost
        )
    } else {
        outcome.status.to_string()
    }
}

fn write_text(
    args: &PathArgs,
    outcome: &PathOutcome,
    path: &[Cell],
    steps: Option<usize>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let reason = match outcome.status {
        PathStatus::Found => String::new(),
        PathStatus::NoPath => format!(
            ": the goal {} cannot be reached from {}",
            args.to, args.from
        ),
        PathStatus::LimitReached => ": a search limit stopped the search".to_string(),
        PathStatus::StartBlocked if args.size > 1 => format!(
            ": the {k}x{k} agent does not fit with its top-left cell at the start {}",
            args.from,
            k = args.size
        ),
        PathStatus::GoalBlocked if args.size > 1 => format!(
            ": the {k}x{k} agent does not fit with its top-left cell at the goal {}",
            args.to,
            k = args.size
        ),
        PathStatus::StartBlocked => format!(": the start cell {} is not walkable", args.from),
        PathStatus::GoalBlocked => format!(": the goal cell {} is not walkable", args.to),
        // A grid never reports out_of_bounds (cells outside the map are errors).
        _ => String::new(),
    };
    let sliced = match (steps, args.slice) {
        (Some(steps), Some(n)) => format!(" in {steps} steps of at most {n}"),
        _ => String::new(),
    };
    writeln!(
        out,
        "{}{reason}; {} cells expanded{sliced} ({})",
        describe_result(outcome, path.len()),
        outcome.expanded,
        args.describe()
    )?;
    if !path.is_empty() {
        let cells: Vec<String> = path.iter().map(|c| format!("{},{}", c.x, c.y)).collect();
        writeln!(out, "path: {}", cells.join(" "))?;
    }
    if let Some(svg) = &args.svg {
        writeln!(out, "picture: {}", svg.display())?;
    }
    Ok(())
}
