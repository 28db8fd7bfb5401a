//! Exact shortest paths among circles (`nav::tangent`), and the lattice navigator on the same
//! circles for comparison.
//!
//! Thirty circles (generated once with a fixed seed, radii 1.1 to 2.3, at least 0.8 apart, each
//! inside the 48 x 28 world with room for an agent of radius 1 between it and the edge) stand
//! between the start and the goal. A point threads the gaps; an agent of radius 1 cannot pass
//! gaps narrower than 2 and goes round by the south.

use std::io::Write;

use nav::geom::{Circle, Vec2};
use nav::tangent::{CircleContext, CircleQuery, PathPiece, TangentPath};
use serde::Serialize;

use super::courtyard::{AgentRunReport, STEP, find_agent_path};
use super::{KEY_PX, panel_title, point_text};
use crate::commands::circles::SegmentReport;
use crate::error::CliError;
use crate::json::point_pair;
use crate::scene::{Obstacle, Scene};
use crate::svg::grid::TITLE_PX;
use crate::svg::legend::Legend;
use crate::svg::world::{
    PATH_COLOR, draw_agent_discs, draw_endpoints, draw_ground, draw_inflated_circles,
    draw_obstacles, draw_tangent_path, obstacle_style, world_frame,
};
use crate::svg::{Point, Style, Svg};

/// The circles: centre x, centre y, radius.
const CIRCLES: [(f32, f32, f32); 30] = [
    (7.5, 19.7, 1.3),
    (8.6, 11.9, 1.4),
    (9.2, 5.6, 1.5),
    (10.3, 15.8, 1.9),
    (10.5, 24.5, 1.7),
    (12.9, 21.4, 1.1),
    (13.2, 11.0, 2.2),
    (13.4, 6.4, 1.6),
    (16.0, 18.7, 2.1),
    (17.3, 13.9, 1.6),
    (17.7, 23.4, 1.4),
    (19.7, 7.0, 2.3),
    (21.2, 20.5, 2.1),
    (21.4, 16.0, 1.4),
    (23.2, 4.0, 1.5),
    (23.3, 12.3, 1.3),
    (25.8, 22.3, 1.3),
    (27.2, 18.6, 1.1),
    (27.8, 5.1, 2.3),
    (28.4, 13.1, 2.1),
    (30.3, 21.7, 1.2),
    (32.3, 25.0, 1.4),
    (33.3, 14.7, 1.7),
    (34.4, 9.1, 1.4),
    (34.7, 4.1, 2.2),
    (36.6, 17.1, 1.3),
    (38.5, 21.8, 1.5),
    (39.2, 13.6, 1.1),
    (39.4, 8.3, 1.1),
    (40.0, 4.0, 1.1),
];

/// Where the paths start.
pub const FROM: Vec2 = Vec2::new(2.0, 14.0);
/// Where they end.
pub const TO: Vec2 = Vec2::new(46.0, 14.0);
/// The agents' radii: a point, and a disc of radius 1 (also run on the lattice).
pub const RADII: [f32; 2] = [0.0, 1.0];
/// Colour of the lattice navigator's path.
const LATTICE_COLOR: &str = "#2166ac";

/// The forest scene: bounds 48 x 28 and the circles.
pub fn scene() -> Scene {
    Scene {
        file: "circles (built in)".to_string(),
        bounds: nav::geom::Aabb::new(Vec2::ZERO, Vec2::new(48.0, 28.0)),
        obstacles: CIRCLES
            .iter()
            .map(|&(x, y, r)| Obstacle::Circle(Circle::new(Vec2::new(x, y), r)))
            .collect(),
    }
}

/// One exact path in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TangentRunReport {
    /// The agent's radius (0: a point).
    pub radius: f32,
    /// `found`, `no_path`, ...
    pub status: &'static str,
    /// Length of the path (0 without one).
    pub length: f64,
    /// Number of straight segments.
    pub lines: usize,
    /// Number of arcs.
    pub arcs: usize,
    /// Graph nodes expanded.
    pub expanded: usize,
    /// The pieces, as `nav circles --json` prints them.
    pub segments: Vec<SegmentReport>,
}

/// The circles part of the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CirclesDemoReport {
    /// The circles, in the scene-file format of `nav circles --scene` and `nav agent --scene`.
    pub scene: Scene,
    /// Start point.
    pub from: [f32; 2],
    /// Goal point.
    pub to: [f32; 2],
    /// One exact path per radius, smallest first.
    pub runs: Vec<TangentRunReport>,
    /// The lattice navigator (`nav::agent`) for the largest radius on the same circles.
    pub lattice: AgentRunReport,
    /// Its lattice step.
    pub lattice_step: f32,
}

fn arcs(path: &TangentPath) -> usize {
    path.pieces()
        .iter()
        .filter(|p| matches!(p, PathPiece::Arc(_)))
        .count()
}

/// The exact paths and the lattice path.
pub(super) struct Forest {
    scene: Scene,
    paths: Vec<(f32, TangentPath)>,
    lattice_radius: f32,
    lattice: nav::agent::AgentPath,
}

impl Forest {
    /// Runs the exact queries, and the lattice navigator for the largest radius.
    pub(super) fn run() -> Result<Self, CliError> {
        let scene = scene();
        let world = crate::commands::circles::build_world(&scene)?;
        let mut ctx = CircleContext::new();
        let mut paths = Vec::with_capacity(RADII.len());
        for radius in RADII {
            let query = CircleQuery::new(FROM, TO).with_radius(radius);
            ctx.find_path(&world, &query)
                .map_err(|e| CliError::BadFile {
                    file: scene.file.clone(),
                    reason: e.to_string(),
                })?;
            paths.push((radius, ctx.last_path().clone()));
        }
        let lattice_radius = RADII[RADII.len() - 1];
        let lattice_world = crate::commands::agent::build_world(&scene)?;
        let lattice = find_agent_path(
            &scene,
            &lattice_world,
            &mut nav::agent::AgentContext::new(),
            lattice_radius,
            (FROM, TO),
        )?;
        Ok(Self {
            scene,
            paths,
            lattice_radius,
            lattice,
        })
    }

    /// Whether every path (exact and lattice) was found.
    pub(super) fn all_found(&self) -> bool {
        self.paths.iter().all(|(_, p)| p.is_found()) && self.lattice.is_found()
    }

    /// The JSON report.
    pub(super) fn report(&self) -> CirclesDemoReport {
        CirclesDemoReport {
            scene: self.scene.clone(),
            from: point_pair(FROM),
            to: point_pair(TO),
            runs: self
                .paths
                .iter()
                .map(|(radius, path)| TangentRunReport {
                    radius: *radius,
                    status: path.status().as_str(),
                    length: path.length(),
                    lines: path.pieces().len() - arcs(path),
                    arcs: arcs(path),
                    expanded: path.expanded(),
                    segments: path.pieces().iter().map(SegmentReport::of).collect(),
                })
                .collect(),
            lattice: AgentRunReport::of(self.lattice_radius, &self.lattice, None),
            lattice_step: STEP,
        }
    }

    /// The table of exact paths and the comparison with the lattice.
    pub(super) fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "Exact shortest paths among {} circles (nav::tangent), from {} to {}:\n",
            self.scene.obstacles.len(),
            point_text(FROM),
            point_text(TO)
        )?;
        writeln!(
            out,
            "  {:>6}  {:<8} {:>8} {:>6} {:>5} {:>9}",
            "radius", "status", "length", "lines", "arcs", "expanded"
        )?;
        for (radius, path) in &self.paths {
            writeln!(
                out,
                "  {:>6.1}  {:<8} {:>8.3} {:>6} {:>5} {:>9}",
                radius,
                path.status().as_str(),
                path.length(),
                path.pieces().len() - arcs(path),
                arcs(path),
                path.expanded()
            )?;
        }
        let exact = self
            .paths
            .iter()
            .find(|(r, _)| *r == self.lattice_radius)
            .map(|(_, p)| p);
        writeln!(out)?;
        match exact {
            Some(exact) if exact.is_found() && self.lattice.is_found() => writeln!(
                out,
                "On the same circles the lattice navigator (nav::agent, radius {:.1}, step {STEP}) finds \
                 {:.3} ({} nodes expanded): the exact path is {:.3} shorter.",
                self.lattice_radius,
                self.lattice.length(),
                self.lattice.expanded(),
                self.lattice.length() - exact.length()
            ),
            _ => writeln!(
                out,
                "On the same circles the lattice navigator (nav::agent, radius {:.1}, step {STEP}): {}.",
                self.lattice_radius,
                self.lattice.status()
            ),
        }
    }

    /// One panel per radius: the circles, their inflation by the radius (dashed), the exact
    /// path with its true arcs, and on the last panel the lattice navigator's path.
    pub(super) fn draw_panels(&self, svg: &mut Svg, at: &[Point], scale: f64) {
        for ((radius, path), &at) in self.paths.iter().zip(at) {
            let lattice = (*radius == self.lattice_radius).then_some(&self.lattice);
            let title = match lattice {
                Some(lattice) => format!(
                    "nav::tangent, radius {radius}: exact length {:.2}; nav::agent (lattice) {:.2}",
                    path.length(),
                    lattice.length()
                ),
                None if *radius == 0.0 => format!(
                    "nav::tangent among {} circles, a point: exact length {:.2}",
                    self.scene.obstacles.len(),
                    path.length()
                ),
                None => format!(
                    "nav::tangent, radius {radius}: exact length {:.2}",
                    path.length()
                ),
            };
            panel_title(svg, at, &title);
            let frame = world_frame(self.scene.bounds, [at.x, at.y + TITLE_PX], scale);
            let (_, panel_h) = frame.size_px();
            let mut canvas = svg.canvas(frame);
            draw_ground(&mut canvas, self.scene.bounds);
            let radius = f64::from(*radius);
            let inflated = Style::stroke("#777", 1.0).with_dash("4 3");
            draw_inflated_circles(&mut canvas, &self.scene.obstacles, radius, &inflated);
            draw_obstacles(&mut canvas, &self.scene.obstacles, &obstacle_style());
            draw_agent_discs(&mut canvas, &[FROM, TO], radius);
            if let Some(lattice) = lattice {
                canvas.polyline(
                    lattice.points().iter().copied(),
                    &Style::stroke(LATTICE_COLOR, 2.0).with_dash("6 4"),
                );
            }
            draw_tangent_path(&mut canvas, path.pieces(), &Style::stroke(PATH_COLOR, 2.5));
            draw_endpoints(&mut canvas, FROM, TO);

            let mut pixels = svg.pixels();
            let mut legend = Legend::new(at.x, at.y + TITLE_PX + panel_h + (KEY_PX - 12.0) / 2.0);
            legend.swatch(&mut pixels, &obstacle_style(), "circle");
            if radius > 0.0 {
                legend.swatch(&mut pixels, &inflated, &format!("grown by {radius}"));
            }
            legend.line(
                &mut pixels,
                &Style::stroke(PATH_COLOR, 2.5),
                "exact path (segments and arcs)",
            );
            if lattice.is_some() {
                legend.line(
                    &mut pixels,
                    &Style::stroke(LATTICE_COLOR, 2.0).with_dash("6 4"),
                    &format!("lattice path, step {STEP}"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_stay_apart_and_inside_the_world_with_room_for_the_agent() {
        let scene = scene();
        let bounds = scene.bounds;
        let agent = RADII[RADII.len() - 1];
        for (i, &(x, y, r)) in CIRCLES.iter().enumerate() {
            assert!(
                x - r - agent > bounds.min.x && x + r + agent < bounds.max.x,
                "{i}"
            );
            assert!(
                y - r - agent > bounds.min.y && y + r + agent < bounds.max.y,
                "{i}"
            );
            for &(x2, y2, r2) in &CIRCLES[i + 1..] {
                let gap = Vec2::new(x, y).distance(Vec2::new(x2, y2)) - r - r2;
                assert!(gap >= 0.79, "circles {i} and ({x2}, {y2}) are {gap} apart");
            }
        }
        // The start and the goal are clear of every circle, even for the largest agent.
        for p in [FROM, TO] {
            assert!(
                CIRCLES
                    .iter()
                    .all(|&(x, y, r)| Vec2::new(x, y).distance(p) > r + agent)
            );
        }
    }
}
