//! The CLI's error: one line that names the input, exit status 2.

use std::process::ExitCode;

use nav::grid::GridError;
use nav::grid::movingai::MovingAiError;

use crate::scene::SceneError;

/// Why a command could not run: bad input (a missing or malformed file, an unknown option, a
/// value out of range) or an output that could not be written.
///
/// Every message names the input it is about (the file, or the option and its value) and fits
/// on one line; `main` prints it as `error: <message>` and exits with status
/// [`CliError::EXIT_STATUS`].
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A command-line value that cannot be used.
    #[error("{option} {value}: {reason}")]
    BadArgument {
        /// The option, e.g. `--from`.
        option: &'static str,
        /// The value given to it.
        value: String,
        /// Why it cannot be used.
        reason: String,
    },
    /// A file whose content cannot be used (beyond its syntax, which the readers check).
    #[error("{file}: {reason}")]
    BadFile {
        /// The file, as given.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A file (or standard output) that could not be read or written.
    #[error("{file}: {source}")]
    Io {
        /// The file as given, or `standard output`.
        file: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// A Moving AI map or scenario that could not be read (the message names file and line).
    #[error(transparent)]
    MovingAi(#[from] MovingAiError),
    /// A scene file that could not be read (the message names the file and the obstacle).
    #[error(transparent)]
    Scene(#[from] SceneError),
    /// A grid operation refused its input; `context` says which input (a map file, an option).
    #[error("{context}: {source}")]
    Grid {
        /// The input the error is about.
        context: String,
        /// The library's reason.
        #[source]
        source: GridError,
    },
    /// The command line itself is wrong (unknown option, missing or malformed value), as
    /// reported by the argument parser, flattened to one line.
    #[error("{0}")]
    Usage(String),
}

impl CliError {
    /// The exit status of every error.
    pub const EXIT_STATUS: u8 = 2;

    /// A [`GridError`] about `context` (a file name, an option and its value).
    pub fn grid(context: impl std::fmt::Display, source: GridError) -> Self {
        CliError::Grid {
            context: context.to_string(),
            source,
        }
    }

    /// An I/O error about `file`.
    pub fn io(file: impl std::fmt::Display, source: std::io::Error) -> Self {
        CliError::Io {
            file: file.to_string(),
            source,
        }
    }

    /// An error writing to standard output.
    pub fn stdout(source: std::io::Error) -> Self {
        Self::io("standard output", source)
    }

    /// The message on a single line: line breaks (which could come from a file name or an
    /// operating-system message) become spaces.
    pub fn one_line(&self) -> String {
        let message = self.to_string();
        let mut line = String::with_capacity(message.len());
        for (i, part) in message.lines().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(part.trim_end());
        }
        line
    }

    /// A command-line error from clap as one line: its message, then its tips and possible
    /// values, then where to find help (`see 'nav path --help'`). clap's own rendering spans
    /// several lines with a usage block.
    pub fn from_clap(error: &clap::Error) -> Self {
        let rendered = error.render().to_string();
        let mut parts = Vec::new();
        let mut command = None;
        for line in rendered.lines().map(str::trim) {
            if let Some(usage) = line.strip_prefix("Usage:") {
                let words: Vec<&str> = usage
                    .split_whitespace()
                    .take_while(|w| !w.starts_with(['[', '<', '-']))
                    .collect();
                if !words.is_empty() {
                    command = Some(words.join(" "));
                }
            } else if !line.is_empty() && !line.starts_with("For more information") {
                parts.push(line.strip_prefix("error: ").unwrap_or(line).to_string());
            }
        }
        // Continuation lines (a list after "provided:", "[possible values: ...]") read as one
        // sentence with the line before; separate lines (tips) get a semicolon.
        let mut message = String::new();
        for part in parts {
            if !message.is_empty() {
                let continues = message.ends_with(':') || part.starts_with('[');
                message.push_str(if continues { " " } else { "; " });
            }
            message.push_str(&part);
        }
        if let Some(command) = command {
            message.push_str(&format!(" (see '{command} --help')"));
        }
        CliError::Usage(message)
    }

    /// [`EXIT_STATUS`](CliError::EXIT_STATUS) as a process exit code.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(Self::EXIT_STATUS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_input_on_one_line() {
        let e = CliError::BadArgument {
            option: "--size",
            value: "0x3".into(),
            reason: "width must be at least 1".into(),
        };
        assert_eq!(e.one_line(), "--size 0x3: width must be at least 1");

        let e = CliError::io(
            "weird\nname.map",
            std::io::Error::new(std::io::ErrorKind::NotFound, "not found"),
        );
        assert_eq!(e.one_line(), "weird name.map: not found");

        let e = CliError::grid(
            "arena.map",
            GridError::EndpointOutOfRange {
                endpoint: nav::grid::Endpoint::Start,
                x: 60,
                y: 3,
                width: 49,
                height: 49,
            },
        );
        assert_eq!(
            e.one_line(),
            "arena.map: start (60, 3) is outside the 49x49 map"
        );
    }
}
