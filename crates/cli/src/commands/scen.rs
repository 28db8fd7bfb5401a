//! `nav scen`: every row of a Moving AI scenario, checked against its optimal length.
//!
//! ```text
//! nav scen FILE.map.scen [--map FILE.map] [--search astar|jps|jps-plus] [--json]
//! ```
//!
//! Rows run under the Moving AI rules (8 moves, costs 1 and √2, no corner cutting, octile
//! heuristic) and match when the length found is within [`TOLERANCE`] of the optimal one. The
//! map defaults to the scenario's path without `.scen`. A progress bar is drawn on standard
//! error when it is a terminal. Exit status 0 only when every row matched.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nav::grid::movingai::{ScenarioRow, default_map_path, read_scenario};
use nav::grid::{GridContext, GridMap, GridQuery, GridRules, PathStatus};
use serde::Serialize;

use crate::CommandStatus;
use crate::error::CliError;
use crate::grid_args::{SearchArg, load_map};
use crate::json::write_json_line;

/// Largest accepted difference between a length found and the scenario's optimal length
/// (the files print lengths to about 6 significant figures, 2 decimals in version 1.0).
pub const TOLERANCE: f64 = 5e-3;

/// How many mismatched rows the report lists.
const LISTED_MISMATCHES: usize = 20;

/// Options of `nav scen`.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct ScenArgs {
    /// The scenario, in the Moving AI `.map.scen` format (`version 1` or `version 1.0`).
    #[arg(value_name = "FILE.map.scen")]
    pub scenario: PathBuf,
    /// The map [default: the scenario's path without `.scen`].
    #[arg(long, value_name = "FILE.map")]
    pub map: Option<PathBuf>,
    /// The search [default: astar]; `jps` is jump points (same rules, same optimal lengths,
    /// fewer expansions; see `SearchMode::JumpPoints`), `jps-plus` jump points over a
    /// preprocessed jump table (`SearchMode::JumpPointsPlus`).
    #[arg(long, value_enum)]
    pub search: Option<SearchArg>,
    /// Search by jump points: an alias of `--search jps`.
    #[arg(long)]
    pub jump_points: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A row whose length did not match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// Row number in the file's order, from 1.
    pub row: usize,
    /// Start cell.
    pub from: [u32; 2],
    /// Goal cell.
    pub to: [u32; 2],
    /// The scenario's optimal length.
    pub optimal: f64,
    /// How the query ended.
    pub status: &'static str,
    /// The length found (0 when no path was found).
    pub length: f64,
}

/// The JSON report of `nav scen`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenReport {
    /// The scenario file, as given.
    pub scenario: String,
    /// The map file used.
    pub map: String,
    /// The search that ran every row: `astar`, `jps` or `jps-plus`.
    pub search: &'static str,
    /// Number of rows.
    pub rows: usize,
    /// Rows for which a path was found.
    pub solved: usize,
    /// Rows whose length is within the tolerance of the optimal one.
    pub matched: usize,
    /// Largest |length - optimal| over the solved rows (0 when none was solved).
    pub max_abs_error: f64,
    /// The tolerance rows are matched with.
    pub tolerance: f64,
    /// Median time of one query, in microseconds.
    pub median_us: f64,
    /// Total time of the queries (searching only, not reading files), in milliseconds.
    pub total_ms: f64,
    /// The same total in microseconds: the time spent inside queries alone (map loading,
    /// checking and preprocessing excluded).
    pub search_us: f64,
    /// Microseconds spent preparing the map before the first query
    /// (`GridMap::prepare`: component labels, and the jump point bit grids or the JPS+ jump
    /// table), which queries would otherwise build on first use.
    pub preprocess_us: f64,
    /// The first rows that did not match (at most 20), in file order.
    pub mismatches: Vec<Mismatch>,
}

/// Runs `nav scen`.
pub fn run(args: &ScenArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let scenario = read_scenario(&args.scenario)?;
    let map_path = match &args.map {
        Some(map) => map.clone(),
        None => default_map_path(&args.scenario).ok_or_else(|| CliError::BadFile {
            file: args.scenario.display().to_string(),
            reason:
                "the name does not end in .scen, so the map cannot be derived from it: give --map"
                    .into(),
        })?,
    };
    let map = load_map(&map_path)?;
    check_rows(&args.scenario, &map_path, &map, &scenario.rows)?;

    let report = run_rows(args, &map_path, &map, &scenario.rows)?;
    if args.json {
        write_json_line(out, &report)?;
    } else {
        write_text(&report, out).map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(report.matched == report.rows))
}

/// Refuses rows made for another map size or with cells outside the map, naming the row.
fn check_rows(
    scenario: &Path,
    map_path: &Path,
    map: &GridMap,
    rows: &[ScenarioRow],
) -> Result<(), CliError> {
    for (i, row) in rows.iter().enumerate() {
        let problem = if (row.width, row.height) != (map.width(), map.height()) {
            Some(format!(
                "is for a {}x{} map, but {} is {}x{}",
                row.width,
                row.height,
                map_path.display(),
                map.width(),
                map.height()
            ))
        } else if !map.contains(row.start) {
            Some(format!("start {} is outside the map", row.start))
        } else if !map.contains(row.goal) {
            Some(format!("goal {} is outside the map", row.goal))
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(CliError::BadFile {
                file: scenario.display().to_string(),
                reason: format!("row {} {problem}", i + 1),
            });
        }
    }
    Ok(())
}

/// A progress bar on standard error when it is a terminal, hidden otherwise.
fn progress_bar(rows: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(rows as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40.cyan/blue} {pos}/{len} rows {elapsed_precise} ({eta} left)",
    ) {
        bar.set_style(style);
    }
    bar
}

fn run_rows(
    args: &ScenArgs,
    map_path: &Path,
    map: &GridMap,
    rows: &[ScenarioRow],
) -> Result<ScenReport, CliError> {
    let search = SearchArg::resolve(args.search, args.jump_points)?;
    let rules = GridRules::moving_ai()
        .with_search(search.mode())
        .compile()
        .map_err(|e| CliError::grid("--jump-points", e))?;
    let prepared = Instant::now();
    map.prepare(&rules, 1)
        .map_err(|e| CliError::grid(map_path.display(), e))?;
    let preprocess = prepared.elapsed();
    let mut finder = GridContext::with_capacity(map.cell_count());
    let mut times = Vec::with_capacity(rows.len());
    let mut solved = 0;
    let mut matched = 0;
    let mut max_abs_error: f64 = 0.0;
    let mut mismatches = Vec::new();
    let bar = progress_bar(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let started = Instant::now();
        let outcome = finder
            .find_path(map, &rules, &GridQuery::new(row.start, row.goal))
            .map(|answer| answer.outcome())
            .map_err(|e| {
                CliError::grid(format_args!("{} row {}", args.scenario.display(), i + 1), e)
            })?;
        times.push(started.elapsed());
        let found = outcome.status == PathStatus::Found;
        let error = (outcome.cost - row.optimal_length).abs();
        if found {
            solved += 1;
            max_abs_error = max_abs_error.max(error);
        }
        if found && error <= TOLERANCE {
            matched += 1;
        } else if mismatches.len() < LISTED_MISMATCHES {
            mismatches.push(Mismatch {
                row: i + 1,
                from: [row.start.x, row.start.y],
                to: [row.goal.x, row.goal.y],
                optimal: row.optimal_length,
                status: outcome.status.as_str(),
                length: outcome.cost,
            });
        }
        bar.inc(1);
    }
    bar.finish_and_clear();

    let total: Duration = times.iter().sum();
    times.sort_unstable();
    Ok(ScenReport {
        scenario: args.scenario.display().to_string(),
        map: map_path.display().to_string(),
        search: search.name(),
        rows: rows.len(),
        solved,
        matched,
        max_abs_error,
        tolerance: TOLERANCE,
        median_us: median(&times).as_secs_f64() * 1e6,
        total_ms: total.as_secs_f64() * 1e3,
        search_us: total.as_secs_f64() * 1e6,
        preprocess_us: preprocess.as_secs_f64() * 1e6,
        mismatches,
    })
}

/// The median of sorted durations (zero for none).
fn median(sorted: &[Duration]) -> Duration {
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

fn write_text(report: &ScenReport, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{} on {}: {} rows, {} solved, {} matched within {} (max |error| {:.2e})",
        report.scenario,
        report.map,
        report.rows,
        report.solved,
        report.matched,
        report.tolerance,
        report.max_abs_error
    )?;
    writeln!(
        out,
        "time: median {:.1} µs per query, {:.1} ms in total, {:.1} ms preparing the map",
        report.median_us,
        report.total_ms,
        report.preprocess_us / 1e3
    )?;
    let unmatched = report.rows - report.matched;
    if unmatched > 0 {
        writeln!(out, "{unmatched} rows did not match:")?;
        for m in &report.mismatches {
            writeln!(
                out,
                "  row {}: ({}, {}) to ({}, {}): optimal {}, {} {:.4}",
                m.row, m.from[0], m.from[1], m.to[0], m.to[1], m.optimal, m.status, m.length
            )?;
        }
        if unmatched > report.mismatches.len() {
            writeln!(out, "  ...")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[]), Duration::ZERO);
        assert_eq!(median(&[ms(3)]), ms(3));
        assert_eq!(median(&[ms(1), ms(2), ms(9)]), ms(2));
        assert_eq!(median(&[ms(1), ms(3), ms(5), ms(9)]), ms(4));
    }
}
