//! JSON output: one object on one line, written to standard output.

use std::io::Write;

use nav::geom::Vec2;
use nav::grid::Cell;
use serde::Serialize;

use crate::error::CliError;

/// Writes `value` as one line of JSON followed by a line break.
///
/// ```
/// use nav_cli::json::write_json_line;
///
/// let mut out = Vec::new();
/// write_json_line(&mut out, &serde_json::json!({"status": "found", "length": 2.5}))?;
/// assert_eq!(String::from_utf8(out).unwrap(), "{\"length\":2.5,\"status\":\"found\"}\n");
/// # Ok::<(), nav_cli::CliError>(())
/// ```
pub fn write_json_line(out: &mut dyn Write, value: &impl Serialize) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| CliError::stdout(e.into()))?;
    writeln!(out).map_err(CliError::stdout)
}

/// Cells as `[[x, y], ...]`.
pub fn cell_pairs(cells: &[Cell]) -> Vec<[u32; 2]> {
    cells.iter().map(|c| [c.x, c.y]).collect()
}

/// A point as `[x, y]`.
pub fn point_pair(point: Vec2) -> [f32; 2] {
    [point.x, point.y]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs() {
        assert_eq!(
            serde_json::to_string(&cell_pairs(&[Cell::new(1, 2), Cell::new(3, 4)])).unwrap(),
            "[[1,2],[3,4]]"
        );
        assert_eq!(
            serde_json::to_string(&point_pair(Vec2::new(-1.5, 2.0))).unwrap(),
            "[-1.5,2.0]"
        );
    }
}
