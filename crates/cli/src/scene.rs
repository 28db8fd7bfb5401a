//! Scene files: the continuous worlds of `nav agent` and `nav circles`.
//!
//! A scene is a JSON object with the world's bounds and a list of obstacles, boxes, circles
//! and polygons (polygons only for `nav mesh`):
//!
//! ```json
//! {
//!   "bounds": {"min": [0, 0], "max": [100, 60]},
//!   "obstacles": [
//!     {"aabb": {"min": [10, 10], "max": [20, 40]}},
//!     {"circle": {"center": [50, 30], "radius": 8}},
//!     {"polygon": {"points": [[60, 10], [80, 10], [70, 25]]}}
//!   ]
//! }
//! ```
//!
//! Other keys, at the top level or next to an obstacle's shape, are ignored (a level editor may
//! store names or colours there); a missing `obstacles` list means none. Every number must be
//! finite and fit an `f32`, radii must be at least 0, boxes must have `min <= max` on both
//! axes and polygons at least 3 points (either orientation; whether they are simple is checked
//! by the world that takes them). Errors name the file and the place (`scene.json: obstacles[3].circle.radius -2 is
//! negative`).
//!
//! Over 600 lines: the reader, its validation of every field and the error messages that
//! name each bad input are one piece.

use std::path::Path;

use nav::geom::{Aabb, Circle, Vec2};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One obstacle of a scene.
#[derive(Debug, Clone, PartialEq)]
pub enum Obstacle {
    /// An axis-aligned box (`{"aabb": {"min": [x, y], "max": [x, y]}}`).
    Aabb(Aabb),
    /// A disc (`{"circle": {"center": [x, y], "radius": r}}`).
    Circle(Circle),
    /// A simple polygon (`{"polygon": {"points": [[x, y], ...]}}`), at least 3 points.
    Polygon(Vec<Vec2>),
}

impl Obstacle {
    /// The key of the obstacle's kind in the file: `aabb`, `circle` or `polygon`.
    pub fn kind(&self) -> &'static str {
        match self {
            Obstacle::Aabb(_) => "aabb",
            Obstacle::Circle(_) => "circle",
            Obstacle::Polygon(_) => "polygon",
        }
    }

    /// The kind with its article, for messages: `an aabb`, `a circle`, `a polygon`.
    pub fn kind_with_article(&self) -> &'static str {
        match self {
            Obstacle::Aabb(_) => "an aabb",
            Obstacle::Circle(_) => "a circle",
            Obstacle::Polygon(_) => "a polygon",
        }
    }

    /// The obstacle's bounding box.
    pub fn aabb(&self) -> Aabb {
        match self {
            Obstacle::Aabb(aabb) => *aabb,
            Obstacle::Circle(circle) => circle.aabb(),
            Obstacle::Polygon(points) => points
                .iter()
                .fold(Aabb::new(points[0], points[0]), |b, &p| {
                    Aabb::new(b.min.min(p), b.max.max(p))
                }),
        }
    }
}

/// A parsed and validated scene.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// The file it was read from, as given (for error messages).
    pub file: String,
    /// The world's bounds.
    pub bounds: Aabb,
    /// The obstacles, in file order (their index is their position in the file's list).
    pub obstacles: Vec<Obstacle>,
}

impl Scene {
    /// The circles of the scene, refusing any other obstacle (for navigators that only handle
    /// circles). The error names the first obstacle that is not a circle.
    pub fn circles_only(&self) -> Result<Vec<Circle>, SceneError> {
        self.obstacles
            .iter()
            .enumerate()
            .map(|(index, obstacle)| match obstacle {
                Obstacle::Circle(circle) => Ok(*circle),
                other => Err(SceneError::new(
                    &self.file,
                    SceneErrorKind::Obstacle {
                        index,
                        reason: format!(
                            " is {}; only circles are accepted here",
                            other.kind_with_article()
                        ),
                    },
                )),
            })
            .collect()
    }
}

/// A box as written in a scene file.
#[derive(Serialize)]
struct BoxFile {
    min: [f32; 2],
    max: [f32; 2],
}

impl From<Aabb> for BoxFile {
    fn from(b: Aabb) -> Self {
        Self {
            min: [b.min.x, b.min.y],
            max: [b.max.x, b.max.y],
        }
    }
}

/// An obstacle as written in a scene file.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum ObstacleFile {
    Aabb(BoxFile),
    Circle { center: [f32; 2], radius: f32 },
    Polygon { points: Vec<[f32; 2]> },
}

/// A scene serializes to the scene-file format (bounds and obstacles; the file name is not
/// part of it), so that [`parse_scene`] reads the same scene back.
///
/// ```
/// use nav::geom::{Aabb, Circle, Vec2};
/// use nav_cli::scene::{Obstacle, Scene, parse_scene};
///
/// let scene = Scene {
///     file: "built in".into(),
///     bounds: Aabb::new(Vec2::ZERO, Vec2::new(10.0, 5.0)),
///     obstacles: vec![Obstacle::Circle(Circle::new(Vec2::new(2.0, 2.5), 0.3))],
/// };
/// let text = serde_json::to_string(&scene).unwrap();
/// assert_eq!(
///     text,
///     r#"{"bounds":{"min":[0.0,0.0],"max":[10.0,5.0]},"obstacles":[{"circle":{"center":[2.0,2.5],"radius":0.3}}]}"#
/// );
/// assert_eq!(parse_scene(&text, "built in")?, scene);
/// # Ok::<(), nav_cli::scene::SceneError>(())
/// ```
impl Serialize for Scene {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct SceneFile {
            bounds: BoxFile,
            obstacles: Vec<ObstacleFile>,
        }
        SceneFile {
            bounds: self.bounds.into(),
            obstacles: self
                .obstacles
                .iter()
                .map(|o| match o {
                    Obstacle::Aabb(b) => ObstacleFile::Aabb((*b).into()),
                    Obstacle::Circle(c) => ObstacleFile::Circle {
                        center: [c.center.x, c.center.y],
                        radius: c.radius,
                    },
                    Obstacle::Polygon(points) => ObstacleFile::Polygon {
                        points: points.iter().map(|p| [p.x, p.y]).collect(),
                    },
                })
                .collect(),
        }
        .serialize(serializer)
    }
}

/// A scene file that could not be read or is not a valid scene.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {kind}")]
pub struct SceneError {
    /// The file, as given.
    pub file: String,
    /// What is wrong.
    pub kind: SceneErrorKind,
}

impl SceneError {
    fn new(file: &str, kind: SceneErrorKind) -> Self {
        Self {
            file: file.to_string(),
            kind,
        }
    }
}

/// What is wrong with a scene file.
#[derive(Debug, thiserror::Error)]
pub enum SceneErrorKind {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[source] std::io::Error),
    /// The text is not JSON, or not an object with `bounds` (the message gives line and
    /// column).
    #[error("{0}")]
    Syntax(String),
    /// The bounds are missing parts or invalid.
    #[error("bounds{reason}")]
    Bounds {
        /// The field and what is wrong with it (starts with `.field` or `: `).
        reason: String,
    },
    /// An obstacle is malformed or invalid.
    #[error("obstacles[{index}]{reason}")]
    Obstacle {
        /// Position in the file's `obstacles` list, from 0.
        index: usize,
        /// The field and what is wrong with it (starts with `.field`, ` ` or `: `).
        reason: String,
    },
}

#[derive(Deserialize)]
struct RawScene {
    bounds: Value,
    #[serde(default)]
    obstacles: Vec<Value>,
}

#[derive(Deserialize)]
struct RawAabb {
    min: [f64; 2],
    max: [f64; 2],
}

#[derive(Deserialize)]
struct RawPolygon {
    points: Vec<[f64; 2]>,
}

#[derive(Deserialize)]
struct RawCircle {
    center: [f64; 2],
    radius: f64,
}

/// A number as written in messages: `-2`, `0.5`, `1e39`.
fn number(value: f64) -> String {
    if value != 0.0 && !(1e-6..1e16).contains(&value.abs()) {
        format!("{value:e}")
    } else {
        value.to_string()
    }
}

/// Converts a coordinate pair, naming `field` when a number is not finite or does not fit an
/// `f32`. The error text starts with `.field` so that it reads after `bounds` or
/// `obstacles[i].aabb`.
fn to_vec2(field: &str, [x, y]: [f64; 2]) -> Result<Vec2, String> {
    let single = |v: f64| {
        let s = v as f32;
        (v.is_finite() && s.is_finite()).then_some(s)
    };
    match (single(x), single(y)) {
        (Some(x), Some(y)) => Ok(Vec2::new(x, y)),
        _ => Err(format!(
            ".{field} [{}, {}] is not a pair of finite numbers that fit an f32",
            number(x),
            number(y)
        )),
    }
}

fn parse_aabb(value: Value) -> Result<Aabb, String> {
    let raw: RawAabb = serde_json::from_value(value).map_err(|e| format!(": {e}"))?;
    let min = to_vec2("min", raw.min)?;
    let max = to_vec2("max", raw.max)?;
    if min.x > max.x || min.y > max.y {
        return Err(format!(
            ": min [{}, {}] is not <= max [{}, {}] on both axes",
            min.x, min.y, max.x, max.y
        ));
    }
    Ok(Aabb::new(min, max))
}

fn parse_circle(value: Value) -> Result<Circle, String> {
    let raw: RawCircle = serde_json::from_value(value).map_err(|e| format!(": {e}"))?;
    let center = to_vec2("center", raw.center)?;
    let radius = raw.radius as f32;
    if !(raw.radius.is_finite() && radius.is_finite()) {
        return Err(format!(
            ".radius {} is not a finite number that fits an f32",
            number(raw.radius)
        ));
    }
    if radius < 0.0 {
        return Err(format!(".radius {} is negative", number(raw.radius)));
    }
    Ok(Circle::new(center, radius))
}

fn parse_polygon(value: Value) -> Result<Vec<Vec2>, String> {
    if !value.is_object() {
        return Err(format!(
            ": expected an object such as {{\"points\": [[x, y], ...]}}, found {}",
            json_kind(&value)
        ));
    }
    let raw: RawPolygon = serde_json::from_value(value).map_err(|e| format!(": {e}"))?;
    if raw.points.len() < 3 {
        return Err(format!(
            ".points has {} points; a polygon needs at least 3",
            raw.points.len()
        ));
    }
    raw.points
        .into_iter()
        .enumerate()
        .map(|(i, p)| to_vec2(&format!("points[{i}]"), p))
        .collect()
}

fn parse_obstacle(value: Value) -> Result<Obstacle, String> {
    let Value::Object(mut fields) = value else {
        return Err(format!(
            ": expected an object such as {{\"circle\": {{...}}}}, found {}",
            json_kind(&value)
        ));
    };
    let shapes = ["aabb", "circle", "polygon"].map(|key| fields.remove(key).map(|v| (key, v)));
    let mut given = shapes.into_iter().flatten();
    match (given.next(), given.next()) {
        (Some(("aabb", aabb)), None) => parse_aabb(aabb)
            .map(Obstacle::Aabb)
            .map_err(|e| format!(".aabb{e}")),
        (Some(("circle", circle)), None) => parse_circle(circle)
            .map(Obstacle::Circle)
            .map_err(|e| format!(".circle{e}")),
        (Some((_, polygon)), None) => parse_polygon(polygon)
            .map(Obstacle::Polygon)
            .map_err(|e| format!(".polygon{e}")),
        (Some((a, _)), Some((b, _))) => Err(format!(
            ": has both \"{a}\" and \"{b}\"; give one shape per obstacle"
        )),
        (None, _) => Err(": has none of the keys \"aabb\", \"circle\" and \"polygon\"".into()),
    }
}

/// What a JSON value is, for messages: `null`, `a number`, `an array`...
pub(crate) fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Parses the text of a scene file; `file` names it in errors.
///
/// ```
/// use nav_cli::scene::{Obstacle, parse_scene};
///
/// let scene = parse_scene(
///     r#"{"bounds": {"min": [0, 0], "max": [10, 10]},
///         "obstacles": [{"circle": {"center": [5, 5], "radius": 1.5}}],
///         "name": "a rock"}"#,
///     "rock.json",
/// )?;
/// assert!(matches!(scene.obstacles[0], Obstacle::Circle(c) if c.radius == 1.5));
///
/// let error = parse_scene(
///     r#"{"bounds": {"min": [0, 0], "max": [10, 10]},
///         "obstacles": [{"circle": {"center": [5, 5], "radius": -1}}]}"#,
///     "rock.json",
/// ).unwrap_err();
/// assert_eq!(error.to_string(), "rock.json: obstacles[0].circle.radius -1 is negative");
/// # Ok::<(), nav_cli::scene::SceneError>(())
/// ```
pub fn parse_scene(text: &str, file: &str) -> Result<Scene, SceneError> {
    let error = |kind| SceneError::new(file, kind);
    let syntax = |e: serde_json::Error| error(SceneErrorKind::Syntax(e.to_string()));
    let value: Value = serde_json::from_str(text).map_err(syntax)?;
    if !value.is_object() {
        return Err(error(SceneErrorKind::Syntax(format!(
            "expected a JSON object with \"bounds\" and \"obstacles\", found {}",
            json_kind(&value)
        ))));
    }
    let raw: RawScene = serde_json::from_value(value).map_err(syntax)?;
    let bounds =
        parse_aabb(raw.bounds).map_err(|reason| error(SceneErrorKind::Bounds { reason }))?;
    let obstacles = raw
        .obstacles
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            parse_obstacle(value)
                .map_err(|reason| error(SceneErrorKind::Obstacle { index, reason }))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Scene {
        file: file.to_string(),
        bounds,
        obstacles,
    })
}

/// Reads and parses a scene file.
pub fn read_scene(path: impl AsRef<Path>) -> Result<Scene, SceneError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| SceneError::new(&file, SceneErrorKind::Io(e)))?;
    parse_scene(&text, &file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        parse_scene(text, "s.json").unwrap_err().to_string()
    }

    const BOUNDS: &str = r#""bounds": {"min": [0, 0], "max": [100, 50]}"#;

    fn with_obstacles(obstacles: &str) -> String {
        format!("{{{BOUNDS}, \"obstacles\": [{obstacles}]}}")
    }

    #[test]
    fn parses_boxes_circles_and_ignores_extra_keys() {
        let text = format!(
            r#"{{"version": 3, {BOUNDS}, "obstacles": [
                {{"aabb": {{"min": [-1.5, 2], "max": [3, 4e1]}}, "name": "wall"}},
                {{"circle": {{"center": [50, 25], "radius": 0}}}},
                {{"circle": {{"center": [1e30, -7], "radius": 2.25}}}},
                {{"polygon": {{"points": [[0, 0], [4, 0], [2, 3]]}}}}
            ], "editor": {{"zoom": 2}}}}"#
        );
        let scene = parse_scene(&text, "s.json").unwrap();
        assert_eq!(scene.file, "s.json");
        assert_eq!(
            scene.bounds,
            Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(100.0, 50.0))
        );
        assert_eq!(
            scene.obstacles,
            vec![
                Obstacle::Aabb(Aabb::new(Vec2::new(-1.5, 2.0), Vec2::new(3.0, 40.0))),
                Obstacle::Circle(Circle::new(Vec2::new(50.0, 25.0), 0.0)),
                Obstacle::Circle(Circle::new(Vec2::new(1e30, -7.0), 2.25)),
                Obstacle::Polygon(vec![
                    Vec2::new(0.0, 0.0),
                    Vec2::new(4.0, 0.0),
                    Vec2::new(2.0, 3.0)
                ]),
            ]
        );
        assert_eq!(scene.obstacles[3].kind(), "polygon");
        assert_eq!(
            scene.obstacles[3].aabb(),
            Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 3.0))
        );
        // A polygon serializes and reads back.
        let text = serde_json::to_string(&scene).unwrap();
        assert_eq!(parse_scene(&text, "s.json").unwrap(), scene);
        assert_eq!(scene.obstacles[1].kind(), "circle");
        assert_eq!(
            scene.obstacles[1].aabb(),
            Aabb::new(Vec2::new(50.0, 25.0), Vec2::new(50.0, 25.0))
        );
        assert!(scene.circles_only().is_err());
    }

    #[test]
    fn obstacles_may_be_missing_or_empty() {
        let scene = parse_scene(&format!("{{{BOUNDS}}}"), "s.json").unwrap();
        assert!(scene.obstacles.is_empty());
        let scene = parse_scene(&with_obstacles(""), "s.json").unwrap();
        assert!(scene.obstacles.is_empty());
        assert_eq!(scene.circles_only().unwrap(), vec![]);
        // A zero-size world is degenerate but valid.
        let point = r#"{"bounds": {"min": [1, 1], "max": [1, 1]}}"#;
        assert!(parse_scene(point, "s.json").is_ok());
    }

    #[test]
    fn circles_only_names_the_first_box() {
        let text = with_obstacles(
            r#"{"circle": {"center": [1, 1], "radius": 1}},
               {"aabb": {"min": [0, 0], "max": [1, 1]}}"#,
        );
        let scene = parse_scene(&text, "s.json").unwrap();
        assert_eq!(
            scene.circles_only().unwrap_err().to_string(),
            "s.json: obstacles[1] is an aabb; only circles are accepted here"
        );
    }

    #[test]
    fn bad_obstacles_are_named_by_index() {
        let circle = |body: &str| with_obstacles(&format!(r#"{{"circle": {body}}}"#));
        let aabb = |body: &str| with_obstacles(&format!(r#"{{"aabb": {body}}}"#));
        let cases = [
            (
                circle(r#"{"center": [1, 1], "radius": -2}"#),
                "s.json: obstacles[0].circle.radius -2 is negative",
            ),
            (
                circle(r#"{"center": [1, 1], "radius": 1e39}"#),
                "s.json: obstacles[0].circle.radius 1e39 is not a finite number that fits an f32",
            ),
            (
                circle(r#"{"center": [1e39, 1], "radius": 1}"#),
                "s.json: obstacles[0].circle.center [1e39, 1] is not a pair of finite numbers that fit an f32",
            ),
            (
                circle(r#"{"center": [1, 1]}"#),
                "s.json: obstacles[0].circle: missing field `radius`",
            ),
            (
                circle(r#"{"center": [1], "radius": 1}"#),
                "s.json: obstacles[0].circle: invalid length 1, expected an array of length 2",
            ),
            (
                circle(r#"{"center": ["a", 1], "radius": 1}"#),
                "s.json: obstacles[0].circle: invalid type: string \"a\", expected f64",
            ),
            (
                aabb(r#"{"min": [5, 0], "max": [4, 1]}"#),
                "s.json: obstacles[0].aabb: min [5, 0] is not <= max [4, 1] on both axes",
            ),
            (
                aabb(r#"{"min": [0, 2], "max": [4, 1]}"#),
                "s.json: obstacles[0].aabb: min [0, 2] is not <= max [4, 1] on both axes",
            ),
            (
                with_obstacles(r#"{"triangle": [[0, 0]]}"#),
                "s.json: obstacles[0]: has none of the keys \"aabb\", \"circle\" and \"polygon\"",
            ),
            (
                with_obstacles(r#"{"polygon": {"points": [[0, 0], [1, 0]]}}"#),
                "s.json: obstacles[0].polygon.points has 2 points; a polygon needs at least 3",
            ),
            (
                with_obstacles(r#"{"polygon": {"points": [[0, 0], [1, 0], [1, 1e39]]}}"#),
                "s.json: obstacles[0].polygon.points[2] [1, 1e39] is not a pair of finite numbers that fit an f32",
            ),
            (
                with_obstacles(r#"{"polygon": [[0, 0], [1, 0], [1, 1]]}"#),
                "s.json: obstacles[0].polygon: expected an object such as {\"points\": [[x, y], ...]}, found an array",
            ),
            (
                with_obstacles(
                    r#"{"circle": {"center": [0, 0], "radius": 1}, "polygon": {"points": []}}"#,
                ),
                "s.json: obstacles[0]: has both \"circle\" and \"polygon\"; give one shape per obstacle",
            ),
            (
                with_obstacles(
                    r#"{"aabb": {"min": [0, 0], "max": [1, 1]}, "circle": {"center": [0, 0], "radius": 1}}"#,
                ),
                "s.json: obstacles[0]: has both \"aabb\" and \"circle\"; give one shape per obstacle",
            ),
            (
                with_obstacles("3"),
                "s.json: obstacles[0]: expected an object such as {\"circle\": {...}}, found a number",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(error_of(&text), expected, "{text}");
        }

        // The index counts from 0 in file order.
        let text = with_obstacles(
            r#"{"circle": {"center": [1, 1], "radius": 1}},
               {"circle": {"center": [1, 1], "radius": 1}},
               {"aabb": {"min": [0, 0], "max": [-1, 1]}}"#,
        );
        assert!(error_of(&text).starts_with("s.json: obstacles[2].aabb: "));
    }

    #[test]
    fn bad_bounds_and_syntax() {
        assert_eq!(
            error_of(r#"{"bounds": {"min": [0, 0], "max": [-1, 5]}}"#),
            "s.json: bounds: min [0, 0] is not <= max [-1, 5] on both axes"
        );
        assert_eq!(
            error_of(r#"{"bounds": {"min": [0, 0]}}"#),
            "s.json: bounds: missing field `max`"
        );
        assert_eq!(
            error_of(r#"{"obstacles": []}"#),
            "s.json: missing field `bounds`"
        );
        assert_eq!(
            error_of("[]"),
            "s.json: expected a JSON object with \"bounds\" and \"obstacles\", found an array"
        );
        assert_eq!(
            error_of(""),
            "s.json: EOF while parsing a value at line 1 column 0"
        );
        assert!(error_of("{\"bounds\": ").contains("line 1"));
        // JSON has no NaN; a number too large for an f64 is a syntax error.
        assert!(
            error_of(r#"{"bounds": {"min": [NaN, 0], "max": [1, 1]}}"#).starts_with("s.json: ")
        );
        assert!(
            error_of(r#"{"bounds": {"min": [1e400, 0], "max": [1, 1]}}"#)
                .contains("number out of range")
        );
        assert_eq!(
            error_of(r#"{"bounds": {"min": [0, 0], "max": [1, 1]}, "obstacles": {}}"#),
            "s.json: invalid type: map, expected a sequence"
        );
        assert_eq!(
            error_of(r#"{"bounds": {"min": [0.5, 0], "max": [1e-7, 1]}}"#),
            "s.json: bounds: min [0.5, 0] is not <= max [0.0000001, 1] on both axes"
        );
    }

    #[test]
    fn missing_file_is_named() {
        let path =
            std::env::temp_dir().join(format!("nav-cli-no-such-scene-{}.json", std::process::id()));
        let error = read_scene(&path).unwrap_err();
        assert!(matches!(error.kind, SceneErrorKind::Io(_)));
        assert!(error.to_string().starts_with(&path.display().to_string()));
    }

    #[test]
    fn reads_a_file() {
        let path = std::env::temp_dir().join(format!(
            "nav-cli-scene-{}-{:?}.json",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(
            &path,
            with_obstacles(r#"{"circle": {"center": [3, 4], "radius": 1}}"#),
        )
        .unwrap();
        let scene = read_scene(&path);
        std::fs::remove_file(&path).unwrap();
        let scene = scene.unwrap();
        assert_eq!(scene.file, path.display().to_string());
        assert_eq!(scene.circles_only().unwrap().len(), 1);
    }
}
