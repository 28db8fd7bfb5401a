//! Reading and writing the Moving AI benchmark formats (`.map` and `.map.scen`).
//!
//! Maps (`type octile`, `height H`, `width W`, `map`, then H rows of W characters): `.`, `G`
//! and `S` are passable, `@`, `O`, `T` and `W` blocked. A parsed map keeps each character as the
//! cell's terrain value and marks blocked characters with the blocked flag, so
//! [`write_map`] gives the characters back. Scenarios (`version 1`, tab-separated, or
//! `version 1.0`, space-separated) list `bucket map width height start-x start-y goal-x goal-y
//! optimal-length` rows. CRLF and LF line endings are both accepted.
//!
//! Every error names the file, the line and the reason.
//!
//! ```
//! use nav_grid::movingai::{parse_map, parse_scenario, write_map};
//! use nav_grid::Cell;
//!
//! let map = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n", "tiny.map")?;
//! assert!(!map.is_walkable(Cell::new(1, 0)));
//! let mut text = Vec::new();
//! write_map(&map, &mut text).unwrap();
//! assert_eq!(String::from_utf8(text).unwrap(), "type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n");
//!
//! let scen = parse_scenario("version 1\n0\ttiny.map\t3\t2\t0\t0\t2\t0\t2.82842712\n", "tiny.map.scen")?;
//! assert_eq!(scen.rows[0].goal, Cell::new(2, 0));
//! # Ok::<(), nav_grid::movingai::MovingAiError>(())
//! ```

mod error;
mod map_file;
mod scenario_file;

pub use error::MovingAiError;
pub use map_file::{
    is_blocked_char, is_map_char, map_to_string, parse_map, read_map, write_map, write_map_file,
};
pub use scenario_file::{Scenario, ScenarioRow, default_map_path, parse_scenario, read_scenario};

/// Splits text into lines numbered from 1, without their `\n` or `\r\n` ending.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix('\r').unwrap_or(line)))
}

/// Reads a file as UTF-8 text, naming the file in errors.
pub(crate) fn read_text(path: &std::path::Path) -> Result<String, MovingAiError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| MovingAiError::Io {
        file: file.clone(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..valid]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        MovingAiError::Syntax {
            file,
            line,
            reason: "not UTF-8 text".into(),
        }
    })
}
