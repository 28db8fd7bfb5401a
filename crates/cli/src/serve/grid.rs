//! The tile-grid endpoints: `POST /api/path`, `POST /api/generate` and `GET /api/options`.
//!
//! `POST /api/path` takes
//!
//! ```json
//! {
//!   "map": "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n",
//!   "costs": [[0, 1, 3.5]],
//!   "rules": {"moves": "8", "diagonal": "no-corner-cutting", "heuristic": "octile",
//!             "search": "jps", "allow_inadmissible": false},
//!   "size": 1,
//!   "start": [0, 0],
//!   "goal": [2, 1],
//!   "max_expanded": 1000, "max_cost": 50, "partial": false
//! }
//! ```
//!
//! `map` is the text of a Moving AI `.map` file; `costs` (optional) sets the cost multiplier of
//! cells, `[x, y, multiplier]` each (weighted terrain); `rules` takes the values of `nav path`'s
//! options (`--moves`, `--diagonal`, `--heuristic`, `--search`, `--allow-inadmissible`; every
//! field optional, with the same defaults; `search` also takes [`JPS_OR_ASTAR`]); `size`, `max_expanded`, `max_cost` and `partial`
//! are `--size`, `--max-expanded`, `--max-cost` and `--partial`. The query runs through the
//! same code as `nav path`, and the answer is `nav path --json`'s object plus:
//! `search_used` (`cells` or `jump-points`, null when no search ran), `rules` (their
//! description), `expanded_cells` (`[[x, y], ...]`, at most [`MAX_EXPANDED_LISTED`];
//! `expanded_cells_truncated` says whether some were left out) and `micros` (the query's
//! time in microseconds).
//!
//! `POST /api/generate` takes `{"kind": "random|caves|rooms|maze", "width": W, "height": H,
//! "seed": S, "fill": P}` (`seed` and `fill` optional, as `nav gen`'s options) and answers
//! `{"map": "<Moving AI text>", "width": W, "height": H, "walkable": n}`.

use std::path::PathBuf;
use std::time::Instant;

use clap::ValueEnum;
use nav::grid::movingai::parse_map;
use nav::grid::{Cell, CompiledRules, GridContext, GridMap, SearchMode};
use serde::Serialize;
use serde_json::{Map, Value};

use super::request::{
    ApiError, cell, flag, number_text, object, optional, required, string, whole,
};
use super::{MAX_CELLS, MAX_EXPANDED_LISTED, Reply};
use crate::commands::generate::{self, GenArgs, KindArg};
use crate::commands::path::{self, PathArgs, PathReport, parse_agent_size};
use crate::grid_args::{DiagonalArg, GridRulesArgs, HeuristicArg, MovesArg, SearchArg};
use crate::json::cell_pairs;

/// The names a value enum of the command line accepts.
fn names<T: ValueEnum>() -> Vec<String> {
    T::value_variants()
        .iter()
        .filter_map(|v| v.to_possible_value())
        .map(|v| v.get_name().to_string())
        .collect()
}

/// A value of a command-line enum, by the name its option takes.
fn parse_enum<T: ValueEnum>(name: &str, value: &Value) -> Result<T, ApiError> {
    let text = match value {
        // `"moves": 8` as well as `"moves": "8"`.
        Value::Number(n) => n.to_string(),
        other => string(name, other)?.to_string(),
    };
    T::from_str(&text, false).map_err(|_| {
        ApiError::bad(format!(
            "{name} '{text}': expected one of {}",
            names::<T>().join(", ")
        ))
    })
}

/// The answer of `GET /api/options`.
#[derive(Debug, Serialize)]
pub struct Options {
    /// `rules.moves` values.
    pub moves: Vec<String>,
    /// `rules.diagonal` values.
    pub diagonal: Vec<String>,
    /// `rules.heuristic` values.
    pub heuristic: Vec<String>,
    /// `rules.search` values.
    pub search: Vec<String>,
    /// `kind` values of `/api/generate`.
    pub kinds: Vec<String>,
    /// The largest agent side (`size`).
    pub max_agent_size: u32,
    /// The largest map, in cells.
    pub max_cells: u64,
    /// The largest request body, in bytes.
    pub max_body_bytes: usize,
}

/// What every menu of the page offers: the values of the command line's options.
pub fn options() -> Options {
    Options {
        moves: names::<MovesArg>(),
        diagonal: names::<DiagonalArg>(),
        heuristic: names::<HeuristicArg>(),
        search: names::<SearchArg>()
            .into_iter()
            .chain([JPS_OR_ASTAR.to_string()])
            .collect(),
        kinds: names::<KindArg>(),
        max_agent_size: nav::grid::GridQuery::MAX_AGENT_SIZE,
        max_cells: MAX_CELLS,
        max_body_bytes: super::MAX_BODY_BYTES,
    }
}

/// The `rules.search` value of [`SearchMode::JumpPointsOrCellByCell`]: jump points where they
/// apply, cell by cell elsewhere (`search_used` says which ran). The command line has no
/// `--search` value for it.
pub const JPS_OR_ASTAR: &str = "jps-or-astar";

/// The rules object of a request, as `nav path`'s options, and whether it asks for
/// [`JPS_OR_ASTAR`].
fn rules(value: Option<&Value>) -> Result<(GridRulesArgs, bool), ApiError> {
    let mut args = GridRulesArgs::default();
    let Some(value) = value else {
        return Ok((args, false));
    };
    let Value::Object(fields) = value else {
        return Err(ApiError::bad("rules must be an object"));
    };
    for key in fields.keys() {
        if ![
            "moves",
            "diagonal",
            "heuristic",
            "search",
            "allow_inadmissible",
        ]
        .contains(&key.as_str())
        {
            return Err(ApiError::bad(format!(
                "rules.{key} is not a rule (moves, diagonal, heuristic, search, allow_inadmissible)"
            )));
        }
    }
    if let Some(v) = optional(fields, "moves") {
        args.moves = parse_enum("rules.moves", v)?;
    }
    if let Some(v) = optional(fields, "diagonal") {
        args.diagonal = parse_enum("rules.diagonal", v)?;
    }
    if let Some(v) = optional(fields, "heuristic") {
        args.heuristic = Some(parse_enum("rules.heuristic", v)?);
    }
    let mut fallback = false;
    if let Some(v) = optional(fields, "search") {
        if v.as_str() == Some(JPS_OR_ASTAR) {
            fallback = true;
        } else {
            args.search = Some(parse_enum("rules.search", v)?);
        }
    }
    args.allow_inadmissible = flag(fields, "allow_inadmissible")?;
    Ok((args, fallback))
}

/// The compiled rules: those of the options, or with [`JPS_OR_ASTAR`] the same rules under
/// [`SearchMode::JumpPointsOrCellByCell`].
fn compile(args: &GridRulesArgs, fallback: bool) -> Result<CompiledRules, ApiError> {
    let rules = args.to_rules()?;
    if !fallback {
        return Ok(rules);
    }
    rules
        .rules()
        .clone()
        .with_search(SearchMode::JumpPointsOrCellByCell)
        .compile()
        .map_err(|e| ApiError::bad(format!("rules.search {JPS_OR_ASTAR}: {e}")))
}

/// The `width` and `height` a Moving AI header promises, before the map is read.
fn header_size(text: &str) -> Option<(u64, u64)> {
    let (mut width, mut height) = (None, None);
    for line in text.lines().take(8) {
        let mut fields = line.split_whitespace();
        match (fields.next(), fields.next()) {
            (Some("width"), Some(v)) => width = v.parse().ok(),
            (Some("height"), Some(v)) => height = v.parse().ok(),
            (Some("map"), None) => break,
            _ => {}
        }
    }
    Some((width?, height?))
}

/// Refuses maps of more than [`MAX_CELLS`] cells.
fn check_cells(what: &str, width: u64, height: u64) -> Result<(), ApiError> {
    let cells = width.saturating_mul(height);
    if cells > MAX_CELLS {
        return Err(ApiError::bad(format!(
            "{what} of {width}x{height} = {cells} cells is larger than the server's limit of {MAX_CELLS} cells"
        )));
    }
    Ok(())
}

/// The map of a request, with its cost multipliers.
fn map(fields: &Map<String, Value>) -> Result<GridMap, ApiError> {
    let text = string("map", required(fields, "map")?)?;
    if let Some((width, height)) = header_size(text) {
        check_cells("map", width, height)?;
    }
    let mut map = parse_map(text, "map").map_err(|e| ApiError::bad(e.to_string()))?;
    let Some(costs) = optional(fields, "costs") else {
        return Ok(map);
    };
    let Some(costs) = costs.as_array() else {
        return Err(ApiError::bad(
            "costs must be an array of [x, y, multiplier]",
        ));
    };
    for (i, entry) in costs.iter().enumerate() {
        let name = format!("costs[{i}]");
        let Some([x, y, m]) = entry.as_array().map(Vec::as_slice) else {
            return Err(ApiError::bad(format!("{name} must be [x, y, multiplier]")));
        };
        let at = cell(&name, &Value::Array(vec![x.clone(), y.clone()]))?;
        let multiplier: f64 = number_text(&name, m)?.parse().unwrap_or(f64::NAN);
        map.set_cost_multiplier(at, multiplier)
            .map_err(|e| ApiError::bad(format!("{name}: {e}")))?;
    }
    Ok(map)
}

/// The answer of `POST /api/path`.
#[derive(Debug, Serialize)]
pub struct PathAnswer {
    /// What `nav path --json` prints for the same query.
    #[serde(flatten)]
    pub report: PathReport,
    /// The search that ran (`cells`, `jump-points`), null when none did.
    pub search_used: Option<&'static str>,
    /// The rules, described as `nav path` does.
    pub rules: String,
    /// The cells the search expanded, `[x, y]` each.
    pub expanded_cells: Vec<[u32; 2]>,
    /// Whether `expanded_cells` leaves some out.
    pub expanded_cells_truncated: bool,
    /// The query's time in microseconds.
    pub micros: f64,
}

/// The query of a request, as `nav path`'s arguments, and its compiled rules.
fn path_args(fields: &Map<String, Value>) -> Result<(PathArgs, CompiledRules), ApiError> {
    let (rules, fallback) = rules(optional(fields, "rules"))?;
    let compiled = compile(&rules, fallback)?;
    let size = match optional(fields, "size") {
        None => 1,
        Some(v) => {
            let text = number_text("size", v)?;
            parse_agent_size(&text)
                .map_err(|reason| ApiError::bad(format!("size {text}: {reason}")))?
        }
    };
    let max_cost = match optional(fields, "max_cost") {
        None => None,
        Some(v) => Some(
            number_text("max_cost", v)?
                .parse::<f64>()
                .unwrap_or(f64::NAN),
        ),
    };
    let max_expanded = match optional(fields, "max_expanded") {
        None => None,
        Some(v) => Some(usize::try_from(whole("max_expanded", v)?).unwrap_or(usize::MAX)),
    };
    let args = PathArgs {
        map: PathBuf::from("map"),
        from: cell("start", required(fields, "start")?)?,
        to: cell("goal", required(fields, "goal")?)?,
        rules,
        size,
        max_expanded,
        max_cost,
        partial: flag(fields, "partial")?,
        slice: None,
        svg: None,
        json: true,
    };
    Ok((args, compiled))
}

/// `POST /api/path`: one grid query.
pub fn path(body: &[u8]) -> Result<Reply, ApiError> {
    let fields = object(body)?;
    let (args, rules) = path_args(&fields)?;
    let map = map(&fields)?;
    let mut finder = GridContext::with_capacity(map.cell_count());
    let clock = Instant::now();
    let outcome = path::search_with(&args, &rules, &map, &mut finder)?;
    let micros = clock.elapsed().as_secs_f64() * 1e6;
    let expanded: Vec<Cell> = finder
        .expanded_cells()
        .take(MAX_EXPANDED_LISTED + 1)
        .collect();
    let truncated = expanded.len() > MAX_EXPANDED_LISTED;
    Ok(Reply::json(&PathAnswer {
        report: PathReport::new(&args, &outcome, finder.path()),
        search_used: finder.search_used().map(|mode| mode.name()),
        rules: args.rules.describe(),
        expanded_cells: cell_pairs(&expanded[..expanded.len().min(MAX_EXPANDED_LISTED)]),
        expanded_cells_truncated: truncated,
        micros,
    }))
}

/// The answer of `POST /api/generate`.
#[derive(Debug, Serialize)]
pub struct GenerateAnswer {
    /// The map, as the text of a Moving AI `.map` file.
    pub map: String,
    /// Width in cells.
    pub width: u32,
    /// Height in cells.
    pub height: u32,
    /// How many cells are walkable.
    pub walkable: usize,
}

/// `POST /api/generate`: a map from nav's generators, through `nav gen`.
pub fn generate(body: &[u8]) -> Result<Reply, ApiError> {
    let fields = object(body)?;
    let kind: KindArg = parse_enum("kind", required(&fields, "kind")?)?;
    let width = whole("width", required(&fields, "width")?)?;
    let height = whole("height", required(&fields, "height")?)?;
    check_cells("a map", width, height)?;
    let fill = match optional(&fields, "fill") {
        None => None,
        Some(v) => Some(number_text("fill", v)?.parse::<f64>().unwrap_or(f64::NAN)),
    };
    let seed = match optional(&fields, "seed") {
        None => 0,
        Some(v) => whole("seed", v)?,
    };
    let side = |name: &str, value: u64| {
        u32::try_from(value).map_err(|_| ApiError::bad(format!("{name} {value} is too large")))
    };
    let args = GenArgs {
        kind,
        size: (side("width", width)?, side("height", height)?),
        fill,
        seed,
        out: PathBuf::from("-"),
        svg: None,
    };
    let mut text = Vec::new();
    generate::run(&args, &mut text)?;
    let map =
        String::from_utf8(text).map_err(|_| ApiError::new(500, "the generated map is not text"))?;
    let parsed = parse_map(&map, "generated").map_err(|e| ApiError::new(500, e.to_string()))?;
    Ok(Reply::json(&GenerateAnswer {
        width: parsed.width(),
        height: parsed.height(),
        walkable: parsed.walkable_count(),
        map,
    }))
}
