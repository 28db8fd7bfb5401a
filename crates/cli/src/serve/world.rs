//! The continuous-world endpoint: `POST /api/world`.
//!
//! It takes
//!
//! ```json
//! {
//!   "scene": {"bounds": {"min": [0, 0], "max": [100, 60]},
//!             "obstacles": [{"circle": {"center": [50, 30], "radius": 8}},
//!                           {"aabb": {"min": [10, 10], "max": [20, 40]}},
//!                           {"polygon": {"points": [[60, 10], [80, 10], [70, 25]]}}]},
//!   "radius": 1.5,
//!   "start": [5, 30],
//!   "goal": [95, 30],
//!   "step": 1,
//!   "max_expanded": 100000
//! }
//! ```
//!
//! `scene` is a scene file's object ([`crate::scene`]), `radius` the agent's (at least 0),
//! `step` the lattice spacing of nav-agent (default 1), `max_expanded` an optional limit for
//! each search. The answer holds one entry per navigator, each the object its command prints
//! with `--json` plus `micros` (the query's time in microseconds):
//!
//! * `mesh`: the exact path of nav-mesh (`nav mesh --json`), for every scene;
//! * `tangent`: the exact path of nav-tangent (`nav circles --json`) when the scene has only
//!   circles, else `{"skipped": reason}`;
//! * `lattice`: the path of nav-agent on its lattice (`nav agent --json`, smoothed, with
//!   `raw_points` and `raw_length` of the lattice path itself) when the scene has no
//!   polygon, else `{"skipped": reason}`.

use std::path::PathBuf;
use std::time::Instant;

use nav::agent::AgentContext;
use nav::mesh::MeshContext;
use serde::Serialize;
use serde_json::Value;

use super::request::{ApiError, finite, object, optional, point, required, whole};
use super::{MAX_OBSTACLES, Reply};
use crate::commands::agent::{self, AgentArgs, AgentReport, HeuristicArg};
use crate::commands::circles::{self, CirclesArgs};
use crate::commands::mesh::{self, MeshArgs};
use crate::json::point_pair;
use crate::piece_report::PiecePathReport;
use crate::scene::parse_scene;

/// A navigator's answer with its time, or why it did not run.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Navigator<T> {
    /// It ran.
    Ran {
        /// The object its command prints with `--json`.
        #[serde(flatten)]
        report: T,
        /// The query's time in microseconds.
        micros: f64,
    },
    /// It does not take this scene.
    Skipped {
        /// Why.
        skipped: String,
    },
}

/// The lattice path: `nav agent --json`'s report plus the raw lattice path.
#[derive(Debug, Serialize)]
pub struct LatticeReport {
    /// The smoothed path, as `nav agent --json` prints it.
    #[serde(flatten)]
    pub report: AgentReport,
    /// The lattice path before smoothing.
    pub raw_points: Vec<[f32; 2]>,
    /// Its length.
    pub raw_length: f64,
}

/// The answer of `POST /api/world`.
#[derive(Debug, Serialize)]
pub struct WorldAnswer {
    /// nav-mesh's exact path.
    pub mesh: Navigator<PiecePathReport>,
    /// nav-tangent's exact path (scenes of circles only).
    pub tangent: Navigator<PiecePathReport>,
    /// nav-agent's lattice path (scenes without polygons).
    pub lattice: Navigator<LatticeReport>,
}

/// Times `f` in microseconds.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let clock = Instant::now();
    let value = f();
    (value, clock.elapsed().as_secs_f64() * 1e6)
}

/// `POST /api/world`: the same query for every navigator that takes the scene.
pub fn world(body: &[u8]) -> Result<Reply, ApiError> {
    let fields = object(body)?;
    let scene_value = required(&fields, "scene")?;
    if let Some(list) = scene_value.get("obstacles").and_then(Value::as_array) {
        if list.len() > MAX_OBSTACLES {
            return Err(ApiError::bad(format!(
                "scene.obstacles holds {} obstacles, more than the server's limit of {MAX_OBSTACLES}",
                list.len()
            )));
        }
    }
    let scene =
        parse_scene(&scene_value.to_string(), "scene").map_err(|e| ApiError::bad(e.to_string()))?;
    let radius = match optional(&fields, "radius") {
        None => 0.0,
        Some(v) => finite("radius", v)?,
    };
    let step = match optional(&fields, "step") {
        None => nav::agent::AgentQuery::DEFAULT_STEP,
        Some(v) => finite("step", v)?,
    };
    let max_expanded = match optional(&fields, "max_expanded") {
        None => None,
        Some(v) => Some(usize::try_from(whole("max_expanded", v)?).unwrap_or(usize::MAX)),
    };
    let from = point("start", required(&fields, "start")?)?;
    let to = point("goal", required(&fields, "goal")?)?;

    let mesh_args = MeshArgs {
        scene: Some(PathBuf::from("scene")),
        map: None,
        scen: None,
        radius,
        from: Some(from),
        to: Some(to),
        max_expanded,
        partial: false,
        svg: None,
        json: true,
    };
    let mesh_world = mesh::build_world(&scene)?;
    let mut mesh_ctx = MeshContext::new();
    let (path, micros) = timed(|| mesh::search(&mesh_args, &mesh_world, from, to, &mut mesh_ctx));
    let path = path?;
    let mesh = Navigator::Ran {
        report: PiecePathReport::new(
            path.status().as_str(),
            path.cost(),
            path.path(),
            path.expanded(),
            None,
        ),
        micros,
    };

    let tangent = match scene.circles_only() {
        Err(e) => Navigator::Skipped {
            skipped: format!("nav-tangent takes circles only: {e}"),
        },
        Ok(_) => {
            let args = CirclesArgs {
                scene: PathBuf::from("scene"),
                radius,
                from,
                to,
                max_expanded,
                partial: false,
                svg: None,
                json: true,
            };
            let world = circles::build_world(&scene)?;
            let (path, micros) = timed(|| circles::search(&args, &world));
            let path = path?;
            Navigator::Ran {
                report: PiecePathReport::new(
                    path.status().as_str(),
                    path.length(),
                    path.pieces(),
                    path.expanded(),
                    None,
                ),
                micros,
            }
        }
    };

    let lattice = match agent::build_world(&scene) {
        Err(e) => Navigator::Skipped {
            skipped: format!("nav-agent takes boxes and circles: {}", e.one_line()),
        },
        Ok(world) => {
            let args = AgentArgs {
                scene: PathBuf::from("scene"),
                radius,
                step,
                from,
                to,
                heuristic: HeuristicArg::Octile,
                max_expanded,
                partial: false,
                raw: false,
                svg: None,
                json: true,
            };
            let mut ctx = AgentContext::new();
            let (searched, micros) = timed(|| agent::search(&args, &world, &mut ctx));
            searched?;
            let path = ctx.last_path();
            Navigator::Ran {
                report: LatticeReport {
                    report: AgentReport::new(&args, path),
                    raw_points: path.raw_points().iter().map(|&p| point_pair(p)).collect(),
                    raw_length: path.raw_length(),
                },
                micros,
            }
        }
    };
    Ok(Reply::json(&WorldAnswer {
        mesh,
        tangent,
        lattice,
    }))
}
