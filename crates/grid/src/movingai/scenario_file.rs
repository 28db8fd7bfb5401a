//! `.map.scen` files.

use std::path::{Path, PathBuf};

use super::{MovingAiError, numbered_lines, read_text};
use crate::cell::Cell;

/// One row of a scenario: a query and the length of its shortest path.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioRow {
    /// The row's bucket (do not rely on it: files disagree on what it means).
    pub bucket: u32,
    /// The map name the row gives (do not use it to find the map: it is inconsistent across
    /// files; see [`default_map_path`]).
    pub map_name: String,
    /// Map width the row was made for.
    pub width: u32,
    /// Map height the row was made for.
    pub height: u32,
    /// The start cell.
    pub start: Cell,
    /// The goal cell.
    pub goal: Cell,
    /// Length of a shortest path under the Moving AI rules (8 moves, costs 1 and √2, no
    /// corner cutting), printed to about 6 significant figures (2 decimals in version 1.0).
    pub optimal_length: f64,
}

/// A parsed scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// The version on the first line (`1` or `1.0`).
    pub version: String,
    /// The rows, in file order.
    pub rows: Vec<ScenarioRow>,
}

/// The map of a scenario file: its path without the `.scen` extension (the Moving AI
/// convention), or `None` when the name does not end in `.scen`.
pub fn default_map_path(scenario: impl AsRef<Path>) -> Option<PathBuf> {
    let scenario = scenario.as_ref();
    let name = scenario.file_name()?.to_str()?;
    let map = name.strip_suffix(".scen").filter(|m| !m.is_empty())?;
    Some(scenario.with_file_name(map))
}

/// Parses the text of a `.map.scen` file; `file` names it in errors.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, MovingAiError> {
    let error = |line: usize, reason: String| MovingAiError::Syntax {
        file: file.to_string(),
        line,
        reason,
    };
    let mut lines = numbered_lines(text).filter(|(_, line)| !line.trim().is_empty());
    let version = match lines.next() {
        Some((n, line)) => {
            let mut fields = line.split_whitespace();
            match (fields.next(), fields.next(), fields.next()) {
                (Some("version"), Some(v @ ("1" | "1.0")), None) => v.to_string(),
                (Some("version"), Some(v), None) => {
                    return Err(error(n, format!("unsupported scenario version '{v}'")));
                }
                _ => return Err(error(n, "missing the 'version' line".into())),
            }
        }
        None => return Err(error(1, "empty scenario file (no 'version' line)".into())),
    };
    let mut rows = Vec::new();
    for (n, line) in lines {
        // `version 1` separates fields with tabs (a map name could hold spaces), `1.0` with
        // spaces.
        let fields: Vec<&str> = if line.contains('\t') {
            line.split('\t').map(str::trim).collect()
        } else {
            line.split_whitespace().collect()
        };
        if fields.len() != 9 {
            return Err(error(
                n,
                format!("expected 9 fields, found {}", fields.len()),
            ));
        }
        let whole = |i: usize, name: &str| -> Result<u32, MovingAiError> {
            fields[i]
                .parse()
                .map_err(|_| error(n, format!("{name} '{}' is not a whole number", fields[i])))
        };
        let optimal_length: f64 = fields[8]
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| {
                error(
                    n,
                    format!(
                        "optimal length '{}' is not a number of at least 0",
                        fields[8]
                    ),
                )
            })?;
        rows.push(ScenarioRow {
            bucket: whole(0, "bucket")?,
            map_name: fields[1].to_string(),
            width: whole(2, "width")?,
            height: whole(3, "height")?,
            start: Cell::new(whole(4, "start x")?, whole(5, "start y")?),
            goal: Cell::new(whole(6, "goal x")?, whole(7, "goal y")?),
            optimal_length,
        });
    }
    Ok(Scenario { version, rows })
}

/// Reads a `.map.scen` file.
pub fn read_scenario(path: impl AsRef<Path>) -> Result<Scenario, MovingAiError> {
    let path = path.as_ref();
    parse_scenario(&read_text(path)?, &path.display().to_string())
}
