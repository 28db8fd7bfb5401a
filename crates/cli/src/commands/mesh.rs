//! `nav mesh`: the exact shortest path for a disc-shaped agent of any radius among polygons,
//! boxes and circles (`nav::mesh`), on a scene or on a Moving AI map.
//!
//! ```text
//! nav mesh (--scene SCENE.json | --map FILE.map) --from X,Y --to X,Y [--radius R]
//!          [--max-expanded N] [--partial] [--svg OUT.svg] [--json]
//! nav mesh --map FILE.map --scen FILE.map.scen [--radius R] [--json]
//! ```
//!
//! The scene format is that of `nav agent` ([`crate::scene`]) plus polygon obstacles
//! `{"polygon": {"points": [[x, y], ...]}}` (at least 3 points, either orientation, simple).
//! The scene's bounds are the walkable area: the agent's whole disc stays inside them. With
//! `--map`, cell `(x, y)` of the map is the square `[x, x+1] x [y, y+1]` (coordinates in
//! cells, `y` down the rows) and the blocked cells are the obstacles.
//!
//! One query prints, with `--json`, the object of `nav circles --json`
//! ([`crate::piece_report`]): `{"status", "length", "segments": [{"line": ...} |
//! {"arc": ...}], "expanded"}` (plus `"partial"` with `--partial`), arcs of radius `r` around
//! obstacle corners. Exit status 0 when a path was found, 1 for the other outcomes, 2 for bad
//! input (a malformed scene or polygon, named by its index; a negative radius).
//!
//! With `--scen`, every row of the scenario runs from the centre of its start cell to the
//! centre of its goal cell, and the report compares the any-angle lengths with the scenario's
//! octile optima (8 moves, no corner cutting): the mean percentage by which they are shorter
//! (Anya's published averages are 4.3% on DAO, 5.0% on StarCraft and 4.7% on Baldur's Gate
//! maps), and the time spent in the queries. `--json` prints `{"map", "radius", "rows":
//! [{"status", "length", "octile"}, ...], "found", "mean_shorter_percent", "search_us",
//! "mean_search_us", "build_us"}`, one row per scenario row in file order. Exit status 0 when
//! every row found a path.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use nav::geom::Vec2;
use nav::grid::GridMap;
use nav::grid::movingai::read_scenario;
use nav::mesh::{
    Limits, MeshContext, MeshError, MeshQuery, MeshWorld, Obstacle as MeshObstacle, PathPiece,
    PathRef, PathStatus,
};
use serde::Serialize;

use crate::CommandStatus;
use crate::arg_values::parse_point;
use crate::error::CliError;
use crate::grid_args::load_map;
use crate::json::write_json_line;
use crate::piece_report::{PiecePathReport, write_pieces};
use crate::scene::{Obstacle, Scene, read_scene};
use crate::svg::world::{
    PADDING_COLOR, PATH_COLOR, draw_agent_discs, draw_endpoints, draw_obstacles, obstacle_style,
    world_picture,
};
use crate::svg::{Canvas, Style, Svg};

/// Options of `nav mesh`.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct MeshArgs {
    /// The world: a JSON scene of bounds, boxes, circles and polygons.
    #[arg(long, value_name = "SCENE.json", conflicts_with = "map")]
    pub scene: Option<PathBuf>,
    /// The world: a Moving AI map (cell (x, y) is the square [x, x+1] x [y, y+1]).
    #[arg(long, value_name = "FILE.map")]
    pub map: Option<PathBuf>,
    /// Run every row of this Moving AI scenario on the `--map` instead of one query.
    #[arg(long, value_name = "FILE.map.scen", requires = "map")]
    pub scen: Option<PathBuf>,
    /// The agent's radius (a number of at least 0; 0 is a point).
    #[arg(
        long,
        value_name = "R",
        default_value_t = 0.0,
        allow_hyphen_values = true
    )]
    pub radius: f32,
    /// Start point.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub from: Option<Vec2>,
    /// Goal point.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub to: Option<Vec2>,
    /// Stop after expanding this many graph nodes (status limit_reached).
    #[arg(long, value_name = "N")]
    pub max_expanded: Option<usize>,
    /// When the goal is not reached, report the path to the point explored closest to it.
    #[arg(long)]
    pub partial: bool,
    /// Write a picture of the world and the path.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Where the world came from.
enum Source {
    Scene(Scene),
    Map { file: String, map: Box<GridMap> },
}

impl Source {
    fn name(&self) -> &str {
        match self {
            Source::Scene(scene) => &scene.file,
            Source::Map { file, .. } => file,
        }
    }
}

/// The mesh obstacle of a scene obstacle.
pub fn mesh_obstacle(obstacle: &Obstacle) -> MeshObstacle {
    match obstacle {
        Obstacle::Aabb(b) => MeshObstacle::Box(*b),
        Obstacle::Circle(c) => MeshObstacle::Circle(*c),
        Obstacle::Polygon(points) => MeshObstacle::Polygon(points.clone()),
    }
}

/// Builds the mesh world of a scene; an obstacle the world refuses is bad input naming it
/// (`scene.json: obstacles[2] (polygon): the polygon intersects itself`).
pub fn build_world(scene: &Scene) -> Result<MeshWorld, CliError> {
    let bad = |reason: String| CliError::BadFile {
        file: scene.file.clone(),
        reason,
    };
    let mut world = MeshWorld::new(scene.bounds).map_err(|e| bad(format!("bounds: {e}")))?;
    for (index, obstacle) in scene.obstacles.iter().enumerate() {
        world.insert(mesh_obstacle(obstacle)).map_err(|e| {
            let reason = match e {
                MeshError::InvalidShape { problem, .. } => problem.to_string(),
                other => other.to_string(),
            };
            bad(format!(
                "obstacles[{index}] ({}): {reason}",
                obstacle.kind()
            ))
        })?;
    }
    Ok(world)
}

/// Builds the mesh world of a Moving AI map.
pub fn build_map_world(file: &str, map: &GridMap) -> Result<MeshWorld, CliError> {
    MeshWorld::from_grid(map).map_err(|e| CliError::BadFile {
        file: file.to_string(),
        reason: e.to_string(),
    })
}

impl MeshArgs {
    fn check_radius(&self) -> Result<(), CliError> {
        if self.radius.is_finite() && self.radius >= 0.0 {
            Ok(())
        } else {
            Err(CliError::BadArgument {
                option: "--radius",
                value: self.radius.to_string(),
                reason: "must be a finite number of at least 0".into(),
            })
        }
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits::default().with_partial_path(self.partial);
        if let Some(n) = self.max_expanded {
            limits = limits.with_max_expanded(n);
        }
        limits
    }

    fn source(&self) -> Result<Source, CliError> {
        match (&self.scene, &self.map) {
            (Some(scene), None) => Ok(Source::Scene(read_scene(scene)?)),
            (None, Some(map)) => Ok(Source::Map {
                file: map.display().to_string(),
                map: Box::new(load_map(map)?),
            }),
            (Some(_), Some(_)) => Err(CliError::Usage(
                "give either --scene or --map, not both (see 'nav mesh --help')".into(),
            )),
            (None, None) => Err(CliError::Usage(
                "give the world with --scene SCENE.json or --map FILE.map (see 'nav mesh --help')"
                    .into(),
            )),
        }
    }
}

/// Runs one query from `from` to `to` with the radius and limits of `args` on a built world
/// (`nav serve` answers with it too).
pub fn search<'c>(
    args: &MeshArgs,
    world: &MeshWorld,
    from: Vec2,
    to: Vec2,
    ctx: &'c mut MeshContext,
) -> Result<PathRef<'c, [PathPiece]>, CliError> {
    args.check_radius()?;
    let query = MeshQuery::new(from, to)
        .with_radius(args.radius)
        .with_limits(args.limits());
    ctx.find_path(world, &query)
        .map_err(|e| CliError::BadArgument {
            option: "--from/--to/--radius",
            value: format!("{from} {to} {}", args.radius),
            reason: e.to_string(),
        })
}

/// Runs `nav mesh`.
pub fn run(args: &MeshArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    args.check_radius()?;
    let source = args.source()?;
    if let Some(scen) = &args.scen {
        let Source::Map { file, map } = &source else {
            return Err(CliError::Usage(
                "--scen needs --map FILE.map (see 'nav mesh --help')".into(),
            ));
        };
        return run_scenario(args, file, map, scen, out);
    }
    let (Some(from), Some(to)) = (args.from, args.to) else {
        return Err(CliError::Usage(
            "give --from X,Y and --to X,Y (or --scen with --map) (see 'nav mesh --help')".into(),
        ));
    };
    let world = match &source {
        Source::Scene(scene) => build_world(scene)?,
        Source::Map { file, map } => build_map_world(file, map)?,
    };
    let mut ctx = MeshContext::new();
    let path = search(args, &world, from, to, &mut ctx)?;
    let report = PiecePathReport::new(
        path.status().as_str(),
        path.cost(),
        path.path(),
        path.expanded(),
        args.partial.then_some(path.is_partial()),
    );
    if let Some(svg_path) = &args.svg {
        picture(args, &source, from, to, &report, path.path()).write_file(svg_path)?;
    }
    if args.json {
        write_json_line(out, &report)?;
    } else {
        write_text(args, &source, from, to, &report, path.path(), out).map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(path.is_found()))
}

fn write_text(
    args: &MeshArgs,
    source: &Source,
    from: Vec2,
    to: Vec2,
    report: &PiecePathReport,
    pieces: &[PathPiece],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let r = args.radius;
    let reason = match report.status {
        "found" => String::new(),
        "no_path" => format!(": the agent cannot get from {from} to {to}"),
        "limit_reached" => ": a search limit stopped the search".into(),
        "start_blocked" => {
            format!(": the agent's disc of radius {r} at {from} overlaps an obstacle")
        }
        "goal_blocked" => format!(": the agent's disc of radius {r} at {to} overlaps an obstacle"),
        "out_of_bounds" => format!(
            ": the agent's disc of radius {r} at {from} or {to} is not inside the bounds of {}",
            source.name()
        ),
        _ => String::new(),
    };
    let summary = if report.status == "found" || !pieces.is_empty() {
        let arcs = pieces
            .iter()
            .filter(|p| matches!(p, PathPiece::Arc(_)))
            .count();
        let partial = if report.partial == Some(true) {
            ", partial path"
        } else {
            ""
        };
        format!(
            "{}{partial}, length {:.3} in {} segments and {arcs} arcs",
            report.status,
            report.length,
            pieces.len() - arcs
        )
    } else {
        report.status.to_string()
    };
    writeln!(
        out,
        "{summary}{reason}; {} nodes expanded (radius {r})",
        report.expanded
    )?;
    write_pieces(out, pieces)?;
    if let Some(svg) = &args.svg {
        writeln!(out, "picture: {}", svg.display())?;
    }
    Ok(())
}

/// Draws the space the agent's centre cannot enter around the scene's obstacles: every edge
/// thickened to `2r` and every corner a disc of radius `r` (their union is the obstacle grown
/// by `r`), circles grown to `R + r`.
pub fn draw_grown_obstacles(canvas: &mut Canvas<'_>, obstacles: &[Obstacle], r: f64) {
    if r.is_nan() || r <= 0.0 {
        return;
    }
    let fill = Style::fill(PADDING_COLOR);
    let edge = Style::stroke(PADDING_COLOR, canvas.frame().length_px(2.0 * r));
    for obstacle in obstacles {
        let corners: Vec<Vec2> = match obstacle {
            Obstacle::Circle(c) => {
                canvas.circle(c.center, f64::from(c.radius) + r, &fill);
                continue;
            }
            Obstacle::Aabb(b) => vec![
                b.min,
                Vec2::new(b.max.x, b.min.y),
                b.max,
                Vec2::new(b.min.x, b.max.y),
            ],
            Obstacle::Polygon(points) => points.clone(),
        };
        for (i, &a) in corners.iter().enumerate() {
            let b = corners[(i + 1) % corners.len()];
            canvas.line(a, b, &edge);
            canvas.circle(a, r, &fill);
        }
    }
}

/// Draws a path of pieces: segments and true arcs.
pub fn draw_pieces(canvas: &mut Canvas<'_>, pieces: &[PathPiece], style: &Style) {
    crate::svg::world::draw_tangent_path(canvas, pieces, style);
}

fn picture(
    args: &MeshArgs,
    source: &Source,
    from: Vec2,
    to: Vec2,
    report: &PiecePathReport,
    pieces: &[PathPiece],
) -> Svg {
    let title = format!(
        "{}: radius {}, {from} to {to}: {}, length {:.3}, {} expanded",
        source.name(),
        args.radius,
        report.status,
        report.length,
        report.expanded
    );
    let radius = f64::from(args.radius);
    let overlay = |canvas: &mut Canvas<'_>| {
        draw_agent_discs(canvas, &[from, to], radius);
        draw_pieces(canvas, pieces, &Style::stroke(PATH_COLOR, 2.5));
        draw_endpoints(canvas, from, to);
    };
    match source {
        Source::Scene(scene) => world_picture(scene.bounds, &title, |canvas| {
            draw_grown_obstacles(canvas, &scene.obstacles, radius);
            draw_obstacles(canvas, &scene.obstacles, &obstacle_style());
            overlay(canvas);
        }),
        Source::Map { map, .. } => crate::svg::grid::map_picture(map, &title, |canvas, _| {
            overlay(canvas);
        }),
    }
}

/// One scenario row in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenRowReport {
    /// The row's status (`found`, `no_path`, `start_blocked`, ...).
    pub status: &'static str,
    /// The any-angle length (0 without a path).
    pub length: f64,
    /// The scenario's octile optimum.
    pub octile: f64,
}

/// The JSON report of `nav mesh --scen`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenReport {
    /// The map file, as given.
    pub map: String,
    /// The agent's radius.
    pub radius: f32,
    /// One entry per scenario row, in file order.
    pub rows: Vec<ScenRowReport>,
    /// How many rows found a path.
    pub found: usize,
    /// Mean of `100 (octile - length) / octile` over the rows that found a path.
    pub mean_shorter_percent: f64,
    /// Total time spent in the queries, in microseconds.
    pub search_us: f64,
    /// `search_us` per row.
    pub mean_search_us: f64,
    /// Time to build the mesh world from the map, in microseconds.
    pub build_us: f64,
}

fn run_scenario(
    args: &MeshArgs,
    file: &str,
    map: &GridMap,
    scen: &Path,
    out: &mut dyn Write,
) -> Result<CommandStatus, CliError> {
    let scenario = read_scenario(scen)?;
    let built = Instant::now();
    let world = build_map_world(file, map)?;
    let build_us = built.elapsed().as_secs_f64() * 1e6;
    let mut ctx = MeshContext::new();
    let limits = args.limits();
    let mut rows = Vec::with_capacity(scenario.rows.len());
    let mut search = 0.0;
    let centre = |c: nav::grid::Cell| Vec2::new(c.x as f32 + 0.5, c.y as f32 + 0.5);
    for row in &scenario.rows {
        let query = MeshQuery::new(centre(row.start), centre(row.goal))
            .with_radius(args.radius)
            .with_limits(limits);
        let started = Instant::now();
        let path = ctx
            .find_path(&world, &query)
            .map_err(|e| CliError::BadFile {
                file: scen.display().to_string(),
                reason: e.to_string(),
            })?;
        search += started.elapsed().as_secs_f64();
        rows.push(ScenRowReport {
            status: path.status().as_str(),
            length: if path.status() == PathStatus::Found {
                path.cost()
            } else {
                0.0
            },
            octile: row.optimal_length,
        });
    }
    let found: Vec<&ScenRowReport> = rows.iter().filter(|r| r.status == "found").collect();
    let shorter = found
        .iter()
        .filter(|r| r.octile > 0.0)
        .map(|r| 100.0 * (r.octile - r.length) / r.octile);
    let counted = found.iter().filter(|r| r.octile > 0.0).count();
    let mean_shorter_percent = if counted > 0 {
        shorter.sum::<f64>() / counted as f64
    } else {
        0.0
    };
    let search_us = search * 1e6;
    let report = ScenReport {
        map: file.to_string(),
        radius: args.radius,
        found: found.len(),
        mean_shorter_percent,
        search_us,
        mean_search_us: if rows.is_empty() {
            0.0
        } else {
            search_us / rows.len() as f64
        },
        build_us,
        rows,
    };
    let all_found = report.found == report.rows.len();
    if args.json {
        write_json_line(out, &report)?;
    } else {
        let mut statuses: Vec<(&str, usize)> = Vec::new();
        for row in &report.rows {
            match statuses.iter_mut().find(|(s, _)| *s == row.status) {
                Some((_, n)) => *n += 1,
                None => statuses.push((row.status, 1)),
            }
        }
        let counts: Vec<String> = statuses.iter().map(|(s, n)| format!("{n} {s}")).collect();
        writeln!(
            out,
            "{}: {} rows, radius {}: {}",
            scen.display(),
            report.rows.len(),
            args.radius,
            counts.join(", ")
        )
        .and_then(|()| {
            if report.found == 0 {
                return writeln!(out, "no row found a path");
            }
            writeln!(
                out,
                "any-angle paths {:.2}% shorter than the octile optimum on average over the {} \
                 rows found (Anya's published averages: 4.3% DAO, 5.0% StarCraft, 4.7% Baldur's \
                 Gate)",
                report.mean_shorter_percent, report.found
            )
        })
        .and_then(|()| {
            writeln!(
                out,
                "query time {:.1} ms in total, {:.1} µs per row; world built in {:.1} ms",
                report.search_us / 1e3,
                report.mean_search_us,
                report.build_us / 1e3
            )
        })
        .map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(all_found))
}
