//! `nav agent`: a path for a disc-shaped agent in a continuous world of boxes and circles.
//!
//! ```text
//! nav agent --scene SCENE.json --radius R --step S --from X,Y --to X,Y
//!           [--heuristic octile|diagonal|euclidean] [--max-expanded N] [--partial]
//!           [--raw] [--svg OUT.svg] [--json]
//! ```
//!
//! The scene format is described in [`crate::scene`]. With `--json` it prints
//! `{"status": ..., "length": ..., "points": [[x, y], ...], "expanded": n}` (plus
//! `"partial": bool` with `--partial`): the smoothed path, or the raw lattice path with
//! `--raw`, from the exact start point to the exact goal point. Status is one of `found`,
//! `no_path`, `limit_reached`, `start_blocked`, `goal_blocked`, `out_of_bounds`. Exit status 0
//! when a path was found, 1 for the other outcomes, 2 for bad input (malformed scene, radius or
//! step that is not a positive number, a step too fine for the world).

use std::io::Write;
use std::path::PathBuf;

use nav::agent::{
    Agent, AgentContext, AgentError, AgentHeuristic, AgentPath, AgentQuery, QueryError, World,
    WorldError,
};
use nav::geom::Vec2;
use nav::search::{Limits, PathStatus};
use serde::Serialize;

use crate::CommandStatus;
use crate::arg_values::parse_point;
use crate::error::CliError;
use crate::json::point_pair;
use crate::scene::{Obstacle, Scene, read_scene};
use crate::svg::world::{
    PATH_COLOR, draw_agent_discs, draw_endpoints, draw_obstacles, obstacle_style, world_picture,
};
use crate::svg::{Style, Svg};

/// The heuristics of `--heuristic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HeuristicArg {
    /// sqrt(2) * min + (max - min): exact on open ground (the default).
    Octile,
    /// The NavGrid article's diagonal distance with costs 10 / 14, scaled to world units.
    Diagonal,
    /// Straight-line distance.
    Euclidean,
}

impl HeuristicArg {
    fn to_heuristic(self) -> AgentHeuristic {
        match self {
            HeuristicArg::Octile => AgentHeuristic::Octile,
            HeuristicArg::Diagonal => AgentHeuristic::IntegerOctile,
            HeuristicArg::Euclidean => AgentHeuristic::Euclidean,
        }
    }
}

/// Options of `nav agent`.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct AgentArgs {
    /// The world: a JSON scene of bounds, boxes and circles.
    #[arg(long, value_name = "SCENE.json")]
    pub scene: PathBuf,
    /// The agent's radius (a number >= 0; 0 is a point agent).
    #[arg(long, value_name = "R", allow_hyphen_values = true)]
    pub radius: f32,
    /// The agent's step: the spacing of the lattice it walks on (a number greater than 0).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub step: f32,
    /// Start point.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub from: Vec2,
    /// Goal point.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub to: Vec2,
    /// Heuristic of the search.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Octile)]
    pub heuristic: HeuristicArg,
    /// Stop after expanding this many lattice nodes (status limit_reached).
    #[arg(long, value_name = "N")]
    pub max_expanded: Option<usize>,
    /// When the goal is not reached, report the path to the expanded node closest to it.
    #[arg(long)]
    pub partial: bool,
    /// Report the raw lattice path instead of the smoothed one.
    #[arg(long)]
    pub raw: bool,
    /// Write a picture of the world and the path.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The JSON report of `nav agent`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentReport {
    /// `found`, `no_path`, `limit_reached`, `start_blocked`, `goal_blocked` or
    /// `out_of_bounds`.
    pub status: &'static str,
    /// Length of the reported path (0 when there is none).
    pub length: f64,
    /// The path's points from the start, `[x, y]` each (empty when there is none).
    pub points: Vec<[f32; 2]>,
    /// Number of lattice nodes the search expanded.
    pub expanded: usize,
    /// With `--partial`: whether the path stops short of the goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<bool>,
}

impl AgentReport {
    /// The report of a query of `args`: the smoothed path, or the raw one with `--raw`
    /// (`partial` only when `args.partial`).
    pub fn new(args: &AgentArgs, path: &AgentPath) -> Self {
        let (points, length) = args.reported(path);
        Self {
            status: path.status().as_str(),
            length,
            points: points.iter().map(|&p| point_pair(p)).collect(),
            expanded: path.expanded(),
            partial: args.partial.then_some(path.is_partial()),
        }
    }
}

/// Builds the world of a scene; a scene the world refuses (bounds without area) is bad input
/// naming the file.
pub fn build_world(scene: &Scene) -> Result<World, CliError> {
    let bad = |reason: String| CliError::BadFile {
        file: scene.file.clone(),
        reason,
    };
    let mut world = World::new(scene.bounds).map_err(|e| match e {
        WorldError::InvalidBounds { .. } => bad(format!(
            "bounds [{}, {}]..[{}, {}] must have min < max on both axes for an agent world",
            scene.bounds.min.x, scene.bounds.min.y, scene.bounds.max.x, scene.bounds.max.y
        )),
        other => bad(format!("bounds: {other}")),
    })?;
    for (index, obstacle) in scene.obstacles.iter().enumerate() {
        let inserted = match obstacle {
            Obstacle::Aabb(aabb) => world.insert_static(*aabb),
            Obstacle::Circle(circle) => world.insert_static(*circle),
            Obstacle::Polygon(_) => {
                return Err(bad(format!(
                    "obstacles[{index}] is a polygon; nav agent accepts boxes and circles (nav mesh takes polygons)"
                )));
            }
        };
        inserted.map_err(|e| bad(format!("obstacles[{index}]: {e}")))?;
    }
    Ok(world)
}

impl AgentArgs {
    fn agent(&self) -> Result<Agent, CliError> {
        let agent = Agent::new(self.radius, self.step).map_err(|e| match e {
            AgentError::InvalidRadius { .. } => CliError::BadArgument {
                option: "--radius",
                value: self.radius.to_string(),
                reason: "must be a finite number >= 0".into(),
            },
            other => CliError::BadArgument {
                option: "--step",
                value: self.step.to_string(),
                reason: format!("{other}"),
            },
        })?;
        Ok(agent.with_heuristic(self.heuristic.to_heuristic()))
    }

    fn limits(&self) -> Limits {
        Limits::default()
            .with_partial_path(self.partial)
            .with_max_expanded(
                self.max_expanded
                    .unwrap_or(nav::agent::DEFAULT_MAX_EXPANDED),
            )
    }

    /// The points and length reported: smoothed, or raw with `--raw`.
    fn reported<'p>(&self, path: &'p AgentPath) -> (&'p [Vec2], f64) {
        if self.raw {
            (path.raw_points(), path.raw_length())
        } else {
            (path.points(), path.length())
        }
    }
}

/// Runs `nav agent`.
pub fn run(args: &AgentArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let scene = read_scene(&args.scene)?;
    let world = build_world(&scene)?;
    let mut ctx = AgentContext::new();
    search(args, &world, &mut ctx)?;
    let path = ctx.last_path();

    if let Some(svg_path) = &args.svg {
        picture(args, &scene, path).write_file(svg_path)?;
    }
    if args.json {
        crate::json::write_json_line(out, &AgentReport::new(args, path))?;
    } else {
        write_text(args, path, out).map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(path.is_found()))
}

/// Runs the query of `args` (radius, step, heuristic, limits, from, to) on a built world; the
/// path is then `ctx.last_path()` (`nav serve` answers from it too).
pub fn search(args: &AgentArgs, world: &World, ctx: &mut AgentContext) -> Result<(), CliError> {
    let agent = args.agent()?;
    let query = AgentQuery::new(args.from, args.to)
        .with_agent(&agent)
        .with_limits(args.limits());
    ctx.find_path(world, &query)
        .map_err(|e| query_error(args, e))?;
    Ok(())
}

fn query_error(args: &AgentArgs, error: QueryError) -> CliError {
    match error {
        QueryError::NonFinitePoint { point, .. } => CliError::BadArgument {
            option: "--from/--to",
            value: format!("{},{}", point.x, point.y),
            reason: error.to_string(),
        },
        other => CliError::BadArgument {
            option: "--step",
            value: args.step.to_string(),
            reason: other.to_string(),
        },
    }
}

fn write_text(args: &AgentArgs, path: &AgentPath, out: &mut dyn Write) -> std::io::Result<()> {
    let (points, length) = args.reported(path);
    let which = if args.raw { "raw" } else { "smoothed" };
    let reason = match path.status() {
        PathStatus::Found => String::new(),
        PathStatus::NoPath => format!(": the agent cannot get from {} to {}", args.from, args.to),
        PathStatus::LimitReached => ": a search limit stopped the search".to_string(),
        PathStatus::StartBlocked => {
            format!(": the agent's disc at {} overlaps an obstacle", args.from)
        }
        PathStatus::GoalBlocked => {
            format!(": the agent's disc at {} overlaps an obstacle", args.to)
        }
        PathStatus::OutOfBounds => {
            ": the agent's disc at the start or goal leaves the world".to_string()
        }
        _ => String::new(),
    };
    let summary = if points.is_empty() {
        path.status().to_string()
    } else {
        let partial = if path.is_partial() {
            ", partial path"
        } else {
            ""
        };
        format!(
            "{}{partial}, {which} length {length:.3} over {} points",
            path.status(),
            points.len()
        )
    };
    writeln!(
        out,
        "{summary}{reason}; {} lattice nodes expanded (radius {}, step {})",
        path.expanded(),
        args.radius,
        args.step
    )?;
    if !points.is_empty() {
        let list: Vec<String> = points.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
        writeln!(out, "path: {}", list.join(" "))?;
    }
    if let Some(svg) = &args.svg {
        writeln!(out, "picture: {}", svg.display())?;
    }
    Ok(())
}

/// The world (y up), its obstacles, the raw path dashed, the smoothed path, and the agent's
/// disc at both ends.
fn picture(args: &AgentArgs, scene: &Scene, path: &AgentPath) -> Svg {
    let title = format!(
        "{}: radius {}, step {}, {} to {}: {}, length {:.3}, {} expanded",
        args.scene.display(),
        args.radius,
        args.step,
        args.from,
        args.to,
        path.status(),
        path.length(),
        path.expanded()
    );
    world_picture(scene.bounds, &title, |canvas| {
        draw_obstacles(canvas, &scene.obstacles, &obstacle_style());
        draw_agent_discs(canvas, &[args.from, args.to], f64::from(args.radius));
        canvas.polyline(
            path.raw_points().iter().copied(),
            &Style::stroke("#e0a030", 1.5).with_dash("4 3"),
        );
        canvas.polyline(
            path.points().iter().copied(),
            &Style::stroke(PATH_COLOR, 2.5),
        );
        draw_endpoints(canvas, args.from, args.to);
    })
}
