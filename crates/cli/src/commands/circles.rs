//! `nav circles`: the exact shortest path for a disc-shaped agent among circular obstacles
//! (the tangent visibility graph of `nav-tangent`).
//!
//! ```text
//! nav circles --scene SCENE.json --radius R --from X,Y --to X,Y
//!             [--max-expanded N] [--partial] [--svg OUT.svg] [--json]
//! ```
//!
//! The scene format is that of `nav agent` ([`crate::scene`]); only circles are used, and a
//! scene with a box is refused (bad input naming the box). The scene's bounds only check the
//! start and goal (outside them the status is `out_of_bounds`); the path itself is not confined
//! to them.
//!
//! With `--json` it prints
//! `{"status": ..., "length": ..., "segments": [...], "expanded": n}` (plus `"partial": bool`
//! with `--partial`), where each segment is `{"line": {"from": [x, y], "to": [x, y]}}` or
//! `{"arc": {"center": [x, y], "radius": r, "start_angle": a, "end_angle": b, "ccw": bool}}`:
//! angles in radians from +x towards +y, the arc's radius the circle's radius plus the agent's,
//! `end_angle = start_angle ± sweep` (not wrapped), and the segments join end to end from the
//! start point to the goal point. Status is one of `found`, `no_path`, `limit_reached`,
//! `start_blocked`, `goal_blocked`, `out_of_bounds`. Exit status 0 when a path was found, 1 for
//! the other outcomes, 2 for bad input (malformed scene, a box in the scene, a radius that is
//! negative or not a number).

use std::io::Write;
use std::path::PathBuf;

use nav::geom::Vec2;
use nav::search::Limits;
use nav::search::PathStatus;
use nav::tangent::{CircleContext, CircleQuery, CircleWorld, PathPiece, TangentPath};

use crate::CommandStatus;
use crate::arg_values::parse_point;
use crate::error::CliError;
use crate::piece_report::write_pieces;
use crate::scene::{Scene, read_scene};
use crate::svg::world::{
    PADDING_COLOR, PATH_COLOR, draw_agent_discs, draw_endpoints, draw_inflated_circles,
    draw_obstacles, draw_tangent_path, obstacle_style, world_picture,
};
use crate::svg::{Style, Svg};

/// Options of `nav circles`.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct CirclesArgs {
    /// The world: a JSON scene of bounds and circles (boxes are refused).
    #[arg(long, value_name = "SCENE.json")]
    pub scene: PathBuf,
    /// The agent's radius (a number of at least 0; 0 is a point).
    #[arg(long, value_name = "R", allow_hyphen_values = true)]
    pub radius: f32,
    /// Start point.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub from: Vec2,
    /// Goal point.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub to: Vec2,
    /// Stop after expanding this many graph nodes (status limit_reached).
    #[arg(long, value_name = "N")]
    pub max_expanded: Option<usize>,
    /// When the goal is not reached, report the path to the point explored closest to it.
    #[arg(long)]
    pub partial: bool,
    /// Write a picture of the circles and the path.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The JSON report of `nav circles` (shared with `nav mesh`).
pub use crate::piece_report::{PiecePathReport as CirclesReport, SegmentReport};

/// Builds the world of a scene's circles; a box in the scene is bad input naming it.
pub fn build_world(scene: &Scene) -> Result<CircleWorld, CliError> {
    let circles = scene.circles_only()?;
    let bad = |reason: String| CliError::BadFile {
        file: scene.file.clone(),
        reason,
    };
    let mut world = CircleWorld::new(scene.bounds).map_err(|e| bad(format!("bounds: {e}")))?;
    for (index, circle) in circles.into_iter().enumerate() {
        world
            .insert(circle)
            .map_err(|e| bad(format!("obstacles[{index}]: {e}")))?;
    }
    Ok(world)
}

impl CirclesArgs {
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
}

/// Runs the query of `args` (radius, limits, from, to) on a built world (`nav serve` answers
/// with it too).
pub fn search(args: &CirclesArgs, world: &CircleWorld) -> Result<TangentPath, CliError> {
    args.check_radius()?;
    // The world's bounds confine the agent's disc: nav-tangent reports OutOfBounds itself.
    let query = CircleQuery::new(args.from, args.to)
        .with_radius(args.radius)
        .with_limits(args.limits());
    let mut ctx = CircleContext::new();
    ctx.find_path(world, &query)
        .map_err(|e| CliError::BadArgument {
            option: "--from/--to/--radius",
            value: format!("{} {} {}", args.from, args.to, args.radius),
            reason: e.to_string(),
        })?;
    Ok(ctx.last_path().clone())
}

/// Runs `nav circles`.
pub fn run(args: &CirclesArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let scene = read_scene(&args.scene)?;
    let world = build_world(&scene)?;
    let path = search(args, &world)?;

    if let Some(svg_path) = &args.svg {
        picture(args, &scene, &path).write_file(svg_path)?;
    }
    if args.json {
        let report = CirclesReport::new(
            path.status().as_str(),
            path.length(),
            path.pieces(),
            path.expanded(),
            args.partial.then_some(path.is_partial()),
        );
        crate::json::write_json_line(out, &report)?;
    } else {
        write_text(args, &world, &path, out).map_err(CliError::stdout)?;
    }
    Ok(CommandStatus::from_success(path.is_found()))
}

fn write_text(
    args: &CirclesArgs,
    world: &CircleWorld,
    path: &TangentPath,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let blocker = || {
        path.blocking_circle()
            .and_then(|key| world.get(key))
            .map(|c| format!("the circle at {} (radius {})", c.center, c.radius))
            .unwrap_or_default()
    };
    let reason = match path.status() {
        PathStatus::Found => String::new(),
        PathStatus::NoPath => format!(": the agent cannot get from {} to {}", args.from, args.to),
        PathStatus::LimitReached => ": a search limit stopped the search".to_string(),
        PathStatus::StartBlocked => {
            format!(": the agent's disc at {} overlaps {}", args.from, blocker())
        }
        PathStatus::GoalBlocked => {
            format!(": the agent's disc at {} overlaps {}", args.to, blocker())
        }
        PathStatus::OutOfBounds => format!(
            ": the agent's disc at the start {} or the goal {} leaves the scene's bounds",
            args.from, args.to
        ),
        _ => String::new(),
    };
    let pieces = path.pieces();
    let summary = if path.is_found() || !pieces.is_empty() {
        let arcs = pieces
            .iter()
            .filter(|p| matches!(p, PathPiece::Arc(_)))
            .count();
        let partial = if path.is_partial() {
            ", partial path"
        } else {
            ""
        };
        format!(
            "{}{partial}, length {:.3} in {} segments and {arcs} arcs",
            path.status(),
            path.length(),
            pieces.len() - arcs
        )
    } else {
        path.status().to_string()
    };
    writeln!(
        out,
        "{summary}{reason}; {} nodes expanded (radius {})",
        path.expanded(),
        args.radius
    )?;
    write_pieces(out, pieces)?;
    if let Some(svg) = &args.svg {
        writeln!(out, "picture: {}", svg.display())?;
    }
    Ok(())
}

/// The scene's bounds, the circles (solid) with their inflation by the agent's radius (a light
/// ring), the path's segments and arcs, and the agent's disc at both ends.
fn picture(args: &CirclesArgs, scene: &Scene, path: &TangentPath) -> Svg {
    let (length, expanded) = (path.length(), path.expanded());
    let title = format!(
        "{}: radius {}, {} to {}: {}, length {:.3}, {} expanded",
        args.scene.display(),
        args.radius,
        args.from,
        args.to,
        path.status(),
        length,
        expanded
    );
    world_picture(scene.bounds, &title, |canvas| {
        let radius = f64::from(args.radius);
        draw_inflated_circles(
            canvas,
            &scene.obstacles,
            radius,
            &Style::fill(PADDING_COLOR),
        );
        draw_obstacles(canvas, &scene.obstacles, &obstacle_style());
        draw_agent_discs(canvas, &[args.from, args.to], radius);
        draw_tangent_path(canvas, path.pieces(), &Style::stroke(PATH_COLOR, 2.5));
        draw_endpoints(canvas, args.from, args.to);
    })
}
