//! `.map` files.

use std::io::Write;
use std::path::Path;

use super::{MovingAiError, numbered_lines, read_text};
use crate::cell::Cell;
use crate::map::GridMap;

/// Whether `c` is a Moving AI map character.
pub fn is_map_char(c: char) -> bool {
    matches!(c, '.' | 'G' | 'S' | '@' | 'O' | 'T' | 'W')
}

/// Whether `c` is a blocked Moving AI map character (`@`, `O`, `T`, `W`); `.`, `G` and `S`
/// are passable.
pub fn is_blocked_char(c: char) -> bool {
    matches!(c, '@' | 'O' | 'T' | 'W')
}

/// Parses the text of a `.map` file; `file` names it in errors.
pub fn parse_map(text: &str, file: &str) -> Result<GridMap, MovingAiError> {
    let error = |line: usize, reason: String| MovingAiError::Syntax {
        file: file.to_string(),
        line,
        reason,
    };
    let mut lines = numbered_lines(text);
    let mut height = None;
    let mut width = None;
    let mut seen_type = false;
    let mut last_line = 0;
    // Header: `type`, `height` and `width` lines in any order, then `map`.
    loop {
        let Some((n, line)) = lines.next() else {
            return Err(error(
                last_line.max(1),
                "missing the 'map' line that ends the header".into(),
            ));
        };
        last_line = n;
        let mut fields = line.split_whitespace();
        let key = fields.next();
        let value = fields.next();
        if fields.next().is_some() {
            return Err(error(n, format!("unexpected header line '{line}'")));
        }
        match (key, value) {
            (None, _) => continue,
            (Some("map"), None) => break,
            (Some("type"), Some(_)) => seen_type = true,
            (Some(key @ ("height" | "width")), Some(value)) => {
                let number: u64 = value
                    .parse()
                    .map_err(|_| error(n, format!("{key} '{value}' is not a whole number")))?;
                if key == "height" {
                    height = Some(number);
                } else {
                    width = Some(number);
                }
            }
            _ => return Err(error(n, format!("unexpected header line '{line}'"))),
        }
    }
    let header_end = last_line;
    if !seen_type {
        return Err(error(header_end, "header has no 'type' line".into()));
    }
    let (Some(height), Some(width)) = (height, width) else {
        let missing = if height.is_none() { "height" } else { "width" };
        return Err(error(header_end, format!("header has no '{missing}' line")));
    };
    let (width, height) =
        GridMap::check_size(width, height).map_err(|source| MovingAiError::InvalidSize {
            file: file.to_string(),
            line: header_end,
            source,
        })?;

    // A header may promise more cells than the text holds: reserve no more than the text.
    let len = (width as usize * height as usize).min(text.len());
    let mut terrain = Vec::with_capacity(len);
    let mut blocked = Vec::with_capacity(len);
    let mut rows = 0u32;
    for (n, line) in lines {
        if rows == height {
            if line.trim().is_empty() {
                continue;
            }
            return Err(error(n, format!("more than {height} map rows")));
        }
        let mut count = 0u32;
        for (column, c) in line.chars().enumerate() {
            if !is_map_char(c) {
                return Err(error(
                    n,
                    format!("unknown map character {c:?} in column {}", column + 1),
                ));
            }
            count += 1;
            if count > width {
                break;
            }
            terrain.push(c as u16);
            blocked.push(is_blocked_char(c));
        }
        if count != width {
            let found = if count > width {
                format!("more than {width}")
            } else {
                count.to_string()
            };
            return Err(error(
                n,
                format!(
                    "map row {} has {found} characters, expected {width}",
                    rows + 1
                ),
            ));
        }
        rows += 1;
        last_line = n;
    }
    if rows < height {
        return Err(error(
            last_line + 1,
            format!("the map has {rows} rows, the header says {height}"),
        ));
    }
    Ok(GridMap::assemble(width, height, terrain, blocked, u16::MAX))
}

/// Reads a `.map` file.
pub fn read_map(path: impl AsRef<Path>) -> Result<GridMap, MovingAiError> {
    let path = path.as_ref();
    parse_map(&read_text(path)?, &path.display().to_string())
}

/// The character a cell is written as: its terrain when that is a Moving AI character of the
/// right kind, else `.` for walkable and `@` for blocked cells.
fn cell_char(map: &GridMap, cell: Cell) -> char {
    let walkable = map.is_walkable(cell);
    let terrain = map
        .terrain(cell)
        .and_then(|t| char::from_u32(t as u32))
        .filter(|&c| is_map_char(c) && is_blocked_char(c) != walkable);
    terrain.unwrap_or(if walkable { '.' } else { '@' })
}

/// Writes `map` in the `.map` format (LF line endings).
pub fn write_map(map: &GridMap, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "type octile")?;
    writeln!(out, "height {}", map.height())?;
    writeln!(out, "width {}", map.width())?;
    writeln!(out, "map")?;
    let mut row = String::with_capacity(map.width() as usize + 1);
    for y in 0..map.height() {
        row.clear();
        row.extend((0..map.width()).map(|x| cell_char(map, Cell::new(x, y))));
        row.push('\n');
        out.write_all(row.as_bytes())?;
    }
    Ok(())
}

/// The text of `map` in the `.map` format.
pub fn map_to_string(map: &GridMap) -> String {
    let mut out = Vec::new();
    write_map(map, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("map characters are ASCII")
}

/// Writes `map` to the file `path` in the `.map` format.
pub fn write_map_file(map: &GridMap, path: impl AsRef<Path>) -> Result<(), MovingAiError> {
    let path = path.as_ref();
    let io = |source| MovingAiError::Io {
        file: path.display().to_string(),
        source,
    };
    let file = std::fs::File::create(path).map_err(io)?;
    let mut out = std::io::BufWriter::new(file);
    write_map(map, &mut out).map_err(io)?;
    out.flush().map_err(io)
}

impl GridMap {
    /// A map drawn in Moving AI characters, one row per line (`.`, `G`, `S` passable; `@`,
    /// `O`, `T`, `W` blocked). Blank lines and the whitespace around rows are ignored, so the
    /// map can be indented in source code.
    ///
    /// ```
    /// use nav_grid::{Cell, GridMap};
    ///
    /// let map = GridMap::from_ascii("
    ///     ..@
    ///     .T.
    /// ")?;
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// assert!(!map.is_walkable(Cell::new(1, 1)));
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn from_ascii(text: &str) -> Result<GridMap, crate::GridError> {
        let invalid = |line, reason| crate::GridError::InvalidAscii { line, reason };
        let rows: Vec<(usize, &str)> = numbered_lines(text)
            .map(|(n, line)| (n, line.trim()))
            .filter(|(_, line)| !line.is_empty())
            .collect();
        let Some(&(first_line, first)) = rows.first() else {
            return Err(invalid(1, "no map row".into()));
        };
        let width = first.chars().count() as u64;
        let (width, height) = GridMap::check_size(width, rows.len() as u64)
            .map_err(|e| invalid(first_line, e.to_string()))?;
        let len = width as usize * height as usize;
        let mut terrain = Vec::with_capacity(len);
        let mut blocked = Vec::with_capacity(len);
        for &(n, row) in &rows {
            if row.chars().count() != width as usize {
                return Err(invalid(
                    n,
                    format!(
                        "row has {} cells, the first row {width}",
                        row.chars().count()
                    ),
                ));
            }
            for c in row.chars() {
                if !is_map_char(c) {
                    return Err(invalid(n, format!("unknown map character {c:?}")));
                }
                terrain.push(c as u16);
                blocked.push(is_blocked_char(c));
            }
        }
        Ok(GridMap::assemble(width, height, terrain, blocked, u16::MAX))
    }
}
