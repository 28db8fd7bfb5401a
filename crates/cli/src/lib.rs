//! # nav-cli: the `nav` command
//!
//! The commands of the `nav` binary, as a library so that each is documented and tested and
//! so that later commands reuse the shared pieces:
//!
//! * [`commands`]: one module per subcommand (`demo`, `path`, `scen`, `gen`, `agent`,
//!   `circles`, `mesh`, `serve`), each with a clap `Args` struct and a `run` function that
//!   writes to the given output and returns a [`CommandStatus`] or a [`CliError`].
//! * [`demo`]: the demo's built-in map, scenes, reports and SVG panels (one module per
//!   navigator), out of the command code.
//! * [`error`]: [`CliError`], a one-line message naming the bad input; exit status 2.
//! * [`arg_values`]: parsers for `X,Y` cells and points and `WxH` sizes.
//! * [`grid_args`]: the grid options (`--moves`, `--diagonal`, `--heuristic`) and map loading.
//! * [`scene`]: scene files (bounds, boxes and circles) for continuous worlds.
//! * [`svg`]: a small SVG writer drawing in world coordinates, with tile maps in [`svg::grid`],
//!   continuous worlds in [`svg::world`] and legends in [`svg::legend`].
//! * [`serve`]: the page and JSON API of `nav serve`.
//! * [`json`]: one-line JSON output; [`piece_report`]: the report of a path of segments and
//!   arcs (`nav circles`, `nav mesh`).
//!
//! Exit statuses: 0 when the command succeeded (a path was found, every scenario row matched),
//! 1 for the other outcomes of a valid query, 2 for bad input.
#![warn(missing_docs)]

pub mod arg_values;
pub mod commands;
pub mod demo;
pub mod error;
pub mod grid_args;
pub mod json;
pub mod piece_report;
pub mod scene;
pub mod serve;
pub mod svg;

pub use error::CliError;

use std::process::ExitCode;

/// How a command that ran without error ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandStatus {
    /// The command did what was asked: a path was found, every row matched, a file was
    /// written. Exit status 0.
    Success,
    /// A valid query without the hoped-for answer: no path, a blocked start or goal, a limit
    /// reached, a scenario row that did not match. Exit status 1.
    Unsuccessful,
}

impl CommandStatus {
    /// `Success` when `ok`, else `Unsuccessful`.
    pub fn from_success(ok: bool) -> Self {
        if ok {
            CommandStatus::Success
        } else {
            CommandStatus::Unsuccessful
        }
    }

    /// The process exit status: 0 or 1.
    pub fn code(self) -> u8 {
        match self {
            CommandStatus::Success => 0,
            CommandStatus::Unsuccessful => 1,
        }
    }

    /// The status as a process exit code.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self.code())
    }
}
