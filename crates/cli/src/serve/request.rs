//! Reading the JSON bodies of API requests: every field is checked with the command line's
//! own parsers, and every refusal names the field.

use nav::geom::Vec2;
use nav::grid::Cell;
use serde_json::{Map, Value};

use crate::arg_values::{parse_cell, parse_point};
use crate::error::CliError;
use crate::scene::json_kind as kind;

/// A refused request: the HTTP status (4xx) and a one-line reason naming the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status code.
    pub status: u16,
    /// The reason, one line.
    pub message: String,
}

impl ApiError {
    /// A refusal with this status and reason.
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    /// A 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(400, message)
    }
}

impl From<CliError> for ApiError {
    fn from(error: CliError) -> Self {
        Self::bad(error.one_line())
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.message)
    }
}

impl std::error::Error for ApiError {}

/// The body as a JSON object.
pub(crate) fn object(body: &[u8]) -> Result<Map<String, Value>, ApiError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad(format!("the request body is not valid JSON: {e}")))?;
    match value {
        Value::Object(fields) => Ok(fields),
        other => Err(ApiError::bad(format!(
            "the request body must be a JSON object, not {}",
            kind(&other)
        ))),
    }
}

fn wrong(name: &str, expected: &str, value: &Value) -> ApiError {
    ApiError::bad(format!("{name} must be {expected}, not {}", kind(value)))
}

/// A field that must be there.
pub(crate) fn required<'a>(
    fields: &'a Map<String, Value>,
    name: &str,
) -> Result<&'a Value, ApiError> {
    match fields.get(name) {
        Some(Value::Null) | None => Err(ApiError::bad(format!("{name} is missing"))),
        Some(value) => Ok(value),
    }
}

/// A field that may be absent (or null).
pub(crate) fn optional<'a>(fields: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|v| !v.is_null())
}

/// A string value.
pub(crate) fn string<'a>(name: &str, value: &'a Value) -> Result<&'a str, ApiError> {
    value.as_str().ok_or_else(|| wrong(name, "a string", value))
}

/// A boolean field, `false` when absent.
pub(crate) fn flag(fields: &Map<String, Value>, name: &str) -> Result<bool, ApiError> {
    match optional(fields, name) {
        None => Ok(false),
        Some(value) => value
            .as_bool()
            .ok_or_else(|| wrong(name, "true or false", value)),
    }
}

/// A number, as its JSON text (what the command line would have been given).
pub(crate) fn number_text(name: &str, value: &Value) -> Result<String, ApiError> {
    match value {
        Value::Number(n) => Ok(n.to_string()),
        other => Err(wrong(name, "a number", other)),
    }
}

/// A finite number that fits an `f32`.
pub(crate) fn finite(name: &str, value: &Value) -> Result<f32, ApiError> {
    let text = number_text(name, value)?;
    // The coordinate parser of `X,Y` options checks finiteness and the f32 range.
    parse_point(&format!("{text},0"))
        .map(|p| p.x)
        .map_err(|reason| ApiError::bad(format!("{name} {text}: {}", strip_axis(&reason))))
}

/// A whole number of at least 0.
pub(crate) fn whole(name: &str, value: &Value) -> Result<u64, ApiError> {
    let text = number_text(name, value)?;
    text.parse::<u64>().map_err(|_| {
        ApiError::bad(format!(
            "{name} {text}: must be a whole number of at least 0"
        ))
    })
}

/// `[x, y]`: the two elements of a pair.
fn pair<'a>(name: &str, value: &'a Value) -> Result<[&'a Value; 2], ApiError> {
    match value.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok([x, y]),
        _ => Err(ApiError::bad(format!("{name} must be [x, y]"))),
    }
}

/// A grid cell `[x, y]`, checked as `--from X,Y` is.
pub(crate) fn cell(name: &str, value: &Value) -> Result<Cell, ApiError> {
    let [x, y] = pair(name, value)?;
    let text = format!("{},{}", number_text(name, x)?, number_text(name, y)?);
    parse_cell(&text).map_err(|reason| ApiError::bad(format!("{name} [{text}]: {reason}")))
}

/// A world point `[x, y]`, checked as `--from X,Y` is (finite, within `f32`).
pub(crate) fn point(name: &str, value: &Value) -> Result<Vec2, ApiError> {
    let [x, y] = pair(name, value)?;
    let text = format!("{},{}", number_text(name, x)?, number_text(name, y)?);
    parse_point(&text).map_err(|reason| ApiError::bad(format!("{name} [{text}]: {reason}")))
}

/// `x '1e39' is too large` -> `is too large`: the field's name replaces the axis.
fn strip_axis(reason: &str) -> &str {
    reason
        .split_once("' ")
        .map_or(reason, |(_, rest)| rest)
        .trim_start_matches("is ")
}
