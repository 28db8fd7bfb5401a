//! Parsers for the values of command-line options: grid cells and world points (`X,Y`) and
//! map sizes (`WxH`).
//!
//! They return a one-line reason on failure, which clap prints after the option and the value
//! (`invalid value '3,x' for '--from <X,Y>': y 'x' is not a whole number`). Use them with
//! `#[arg(value_parser = parse_cell)]`. Options whose values may start with `-` (negative world
//! coordinates, or a negative cell that deserves a clear message rather than "unexpected
//! argument") also need `allow_hyphen_values = true`.

use nav::geom::Vec2;
use nav::grid::Cell;

/// Splits `X,Y` (spaces around either number allowed) into its two parts.
fn split_pair(text: &str) -> Result<(&str, &str), String> {
    match text.split_once(',') {
        Some((x, y)) if !y.contains(',') => Ok((x.trim(), y.trim())),
        _ => Err("expected two numbers separated by a comma, as X,Y".to_string()),
    }
}

/// Parses one non-negative whole number that fits a `u32`.
fn whole(name: &str, text: &str) -> Result<u32, String> {
    if text.is_empty() {
        return Err(format!("{name} is missing"));
    }
    if let Some(digits) = text.strip_prefix('-') {
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{name} '{text}' is negative"));
        }
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{name} '{text}' is not a whole number"));
    }
    text.parse()
        .map_err(|_| format!("{name} '{text}' is too large (at most {})", u32::MAX))
}

/// Parses one finite coordinate that an `f32` holds.
fn coordinate(name: &str, text: &str) -> Result<f32, String> {
    if text.is_empty() {
        return Err(format!("{name} is missing"));
    }
    let value: f64 = text
        .parse()
        .map_err(|_| format!("{name} '{text}' is not a number"))?;
    if !value.is_finite() {
        return Err(format!("{name} '{text}' is not a finite number"));
    }
    let single = value as f32;
    if !single.is_finite() {
        return Err(format!(
            "{name} '{text}' is too large (at most {:e} in magnitude)",
            f32::MAX
        ));
    }
    Ok(single)
}

/// A grid cell `X,Y`: column and row, whole numbers from 0 (`(0, 0)` is the top-left cell).
/// Whether the cell lies on the map is checked against the map later.
///
/// ```
/// use nav_cli::arg_values::parse_cell;
/// use nav::grid::Cell;
///
/// assert_eq!(parse_cell("3,14"), Ok(Cell::new(3, 14)));
/// assert_eq!(parse_cell("3,-1").unwrap_err(), "y '-1' is negative");
/// ```
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = split_pair(text)?;
    Ok(Cell::new(whole("x", x)?, whole("y", y)?))
}

/// A point `X,Y` of a continuous world: two finite numbers, negative allowed, that an `f32`
/// holds (`NaN`, `inf` and `1e39` are refused).
///
/// ```
/// use nav_cli::arg_values::parse_point;
/// use nav::geom::Vec2;
///
/// assert_eq!(parse_point("-2.5,1e3"), Ok(Vec2::new(-2.5, 1000.0)));
/// assert!(parse_point("NaN,0").is_err());
/// ```
pub fn parse_point(text: &str) -> Result<Vec2, String> {
    let (x, y) = split_pair(text)?;
    Ok(Vec2::new(coordinate("x", x)?, coordinate("y", y)?))
}

/// A map size `WxH` (`64x48`): two whole numbers of at least 1. The map constructors refuse
/// sizes too large to allocate.
///
/// ```
/// use nav_cli::arg_values::parse_size;
///
/// assert_eq!(parse_size("64x48"), Ok((64, 48)));
/// assert!(parse_size("64").is_err());
/// ```
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let Some((w, h)) = text.split_once(['x', 'X']) else {
        return Err("expected WIDTHxHEIGHT, as 64x48".to_string());
    };
    let width = whole("width", w.trim())?;
    let height = whole("height", h.trim())?;
    for (name, value) in [("width", width), ("height", height)] {
        if value == 0 {
            return Err(format!("{name} must be at least 1"));
        }
    }
    Ok((width, height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells() {
        assert_eq!(parse_cell("0,0"), Ok(Cell::new(0, 0)));
        assert_eq!(parse_cell(" 7 , 9 "), Ok(Cell::new(7, 9)));
        assert_eq!(parse_cell("4294967295,1"), Ok(Cell::new(u32::MAX, 1)));
        for (bad, reason) in [
            ("", "expected two numbers separated by a comma, as X,Y"),
            ("3", "expected two numbers separated by a comma, as X,Y"),
            ("1,2,3", "expected two numbers separated by a comma, as X,Y"),
            (",2", "x is missing"),
            ("2,", "y is missing"),
            ("-1,2", "x '-1' is negative"),
            ("1.5,2", "x '1.5' is not a whole number"),
            ("+1,2", "x '+1' is not a whole number"),
            ("a,2", "x 'a' is not a whole number"),
            ("1,NaN", "y 'NaN' is not a whole number"),
            (
                "4294967296,0",
                "x '4294967296' is too large (at most 4294967295)",
            ),
        ] {
            assert_eq!(parse_cell(bad).unwrap_err(), reason, "{bad:?}");
        }
    }

    #[test]
    fn points() {
        assert_eq!(parse_point("1,2"), Ok(Vec2::new(1.0, 2.0)));
        assert_eq!(parse_point("-0.5, 3e2"), Ok(Vec2::new(-0.5, 300.0)));
        for (bad, reason) in [
            ("1", "expected two numbers separated by a comma, as X,Y"),
            ("x,1", "x 'x' is not a number"),
            ("NaN,1", "x 'NaN' is not a finite number"),
            ("1,inf", "y 'inf' is not a finite number"),
            ("1,-infinity", "y '-infinity' is not a finite number"),
            (
                "1e39,0",
                "x '1e39' is too large (at most 3.4028235e38 in magnitude)",
            ),
            ("0,", "y is missing"),
        ] {
            assert_eq!(parse_point(bad).unwrap_err(), reason, "{bad:?}");
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1x1"), Ok((1, 1)));
        assert_eq!(parse_size("512X256"), Ok((512, 256)));
        for (bad, reason) in [
            ("64", "expected WIDTHxHEIGHT, as 64x48"),
            ("0x5", "width must be at least 1"),
            ("5x0", "height must be at least 1"),
            ("-5x5", "width '-5' is negative"),
            ("5xfive", "height 'five' is not a whole number"),
            (
                "99999999999x1",
                "width '99999999999' is too large (at most 4294967295)",
            ),
        ] {
            assert_eq!(parse_size(bad).unwrap_err(), reason, "{bad:?}");
        }
    }
}
