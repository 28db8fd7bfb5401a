//! `nav`: pathfinding on tile grids from the command line (see `nav --help`).
//!
//! This file only parses the command line, dispatches to `nav_cli::commands` and turns the
//! result into an exit status: 0 success, 1 another outcome of a valid query, 2 bad input
//! (with a one-line `error: ...` on standard error).

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use nav_cli::commands::{agent, circles, demo, flow, generate, mesh, path, scen, serve};
use nav_cli::{CliError, CommandStatus};

/// Pathfinding for games: tile grids, Moving AI benchmarks, map generation.
///
/// Exit status: 0 when the command succeeded (path found, every scenario row matched),
/// 1 for other outcomes (no path, blocked start or goal, limit reached, mismatched rows),
/// 2 for bad input (missing or malformed file, unknown option, cell outside the map).
#[derive(Debug, Parser)]
#[command(name = "nav", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Find paths on worlds built into nav with every navigator, print a summary and draw
    /// them in an SVG picture.
    ///
    /// A tile map under four move rules, an agent of 2x2 cells on the same map, disc agents of
    /// three radii among boxes and discs (nav::agent), exact paths among circles
    /// (nav::tangent).
    Demo(demo::DemoArgs),
    /// Find a path on a Moving AI map.
    Path(path::PathArgs),
    /// Compute the flow field of a Moving AI map towards one goal: every cell's cost to it
    /// and next move (JSON or an SVG heat map with arrows).
    Flow(flow::FlowArgs),
    /// Run every row of a Moving AI scenario and compare with the optimal lengths.
    Scen(scen::ScenArgs),
    /// Generate a map (random, caves, rooms, maze) in the Moving AI format.
    Gen(generate::GenArgs),
    /// Find a path for a disc-shaped agent of any radius in a scene of boxes and circles.
    Agent(agent::AgentArgs),
    /// Find the exact shortest path for a disc-shaped agent among the circles of a scene
    /// (tangent visibility graph).
    Circles(circles::CirclesArgs),
    /// Find the exact shortest path for a disc-shaped agent of any radius among the polygons,
    /// boxes and circles of a scene or the walls of a Moving AI map (every row of a scenario
    /// with --scen).
    Mesh(mesh::MeshArgs),
    /// Serve an interactive page on localhost: paint, generate or load maps and worlds and
    /// watch every navigator search them.
    Serve(serve::ServeArgs),
}

fn run(command: &Command, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    match command {
        Command::Demo(args) => demo::run(args, out),
        Command::Path(args) => path::run(args, out),
        Command::Flow(args) => flow::run(args, out),
        Command::Scen(args) => scen::run(args, out),
        Command::Gen(args) => generate::run(args, out),
        Command::Agent(args) => agent::run(args, out),
        Command::Circles(args) => circles::run(args, out),
        Command::Mesh(args) => mesh::run(args, out),
        Command::Serve(args) => serve::run(args, out),
    }
}

fn fail(error: &CliError) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {}", error.one_line());
    error.exit_code()
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            return match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = error.print();
                    ExitCode::SUCCESS
                }
                // `nav` alone: the help is more useful than one line, but it is still bad input.
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = error.print();
                    ExitCode::from(CliError::EXIT_STATUS)
                }
                _ => fail(&CliError::from_clap(&error)),
            };
        }
    };
    let mut stdout = std::io::stdout().lock();
    let result = run(&cli.command, &mut stdout).and_then(|status| {
        stdout.flush().map_err(CliError::stdout)?;
        Ok(status)
    });
    match result {
        Ok(status) => status.exit_code(),
        Err(error) => fail(&error),
    }
}
