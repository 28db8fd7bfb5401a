//! Exact shortest paths among polygons for discs of three radii, one world for every radius
//! (`nav::mesh`).
//!
//! The world is 48 x 28 units, `y` up. Three polygons stand across the middle with two gaps:
//! about 1.2 wide between the lower two (a point threads it), about 3 wide between the upper
//! two (a disc of radius 0.8 passes, one of 1.8 does not). The largest disc goes over the top
//! of the upper polygon and round a thin rotated wall and a round rock on the east side. A
//! U-shaped (non-convex) polygon, a box and a triangle complete the scene.

use std::io::Write;

use nav::geom::{Aabb, Circle, Vec2};
use nav::mesh::{MeshContext, MeshQuery, PathPiece};
use serde::Serialize;

use super::{KEY_PX, panel_title, point_text};
use crate::commands::mesh::{build_world, draw_grown_obstacles};
use crate::error::CliError;
use crate::json::point_pair;
use crate::piece_report::SegmentReport;
use crate::scene::{Obstacle, Scene};
use crate::svg::legend::Legend;
use crate::svg::world::{
    draw_endpoints, draw_ground, draw_obstacles, draw_tangent_path, obstacle_style, world_frame,
};
use crate::svg::{Point, Style, Svg, grid::TITLE_PX};

/// Where the agents start, west of the polygons.
pub const FROM: Vec2 = Vec2::new(3.0, 14.0);
/// Where they go, east of the wall.
pub const TO: Vec2 = Vec2::new(45.0, 14.0);
/// The agents' radii, smallest first: a point, and two discs.
pub const RADII: [f32; 3] = [0.0, 0.8, 1.8];
/// One colour per radius.
const COLORS: [&str; 3] = ["#2166ac", "#d95f02", "#7b3fa0"];
/// A light tint of each colour, for the band each disc sweeps (opaque, so that the pieces of
/// one band do not darken where they meet).
const TINTS: [&str; 3] = ["#c6dbef", "#fdd9b5", "#ddd3ea"];
/// The name of the built-in scene in messages.
const SCENE_NAME: &str = "polygons (built in)";

/// The polygons of the scene (either orientation; the U is not convex).
const POLYGONS: [&[[f32; 2]]; 6] = [
    // Across the middle, from the bottom: the narrow gap is between the first two, the wider
    // one between the second and the third.
    &[
        [20.0, 0.0],
        [28.0, 0.0],
        [27.0, 11.5],
        [24.5, 12.2],
        [21.5, 11.2],
    ],
    &[
        [21.0, 13.4],
        [23.5, 12.9],
        [26.5, 13.6],
        [25.2, 18.2],
        [22.4, 17.4],
    ],
    &[[20.5, 21.6], [27.5, 21.2], [26.0, 24.0], [22.0, 23.6]],
    // A U open to the north.
    &[
        [6.0, 4.0],
        [12.0, 4.0],
        [12.0, 10.0],
        [10.5, 10.0],
        [10.5, 5.5],
        [7.5, 5.5],
        [7.5, 10.0],
        [6.0, 10.0],
    ],
    // A thin rotated wall.
    &[[33.2, 5.8], [34.2, 5.6], [37.8, 19.6], [36.8, 19.8]],
    // A triangle.
    &[[39.0, 22.0], [44.0, 25.0], [38.0, 26.5]],
];

/// The polygons scene: bounds 48 x 28, the polygons, a box and a round rock.
pub fn scene() -> Scene {
    let mut obstacles: Vec<Obstacle> = POLYGONS
        .iter()
        .map(|points| Obstacle::Polygon(points.iter().map(|&p| Vec2::from(p)).collect()))
        .collect();
    obstacles.push(Obstacle::Aabb(Aabb::new(
        Vec2::new(9.0, 17.0),
        Vec2::new(14.0, 20.0),
    )));
    obstacles.push(Obstacle::Circle(Circle::new(Vec2::new(41.0, 9.0), 2.0)));
    Scene {
        file: SCENE_NAME.to_string(),
        bounds: Aabb::new(Vec2::ZERO, Vec2::new(48.0, 28.0)),
        obstacles,
    }
}

/// One path in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeshRunReport {
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
    /// The pieces, as `nav mesh --json` prints them.
    pub segments: Vec<SegmentReport>,
}

/// The polygons part of the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeshDemoReport {
    /// The scene, in the scene-file format of `nav mesh --scene`.
    pub scene: Scene,
    /// Start point.
    pub from: [f32; 2],
    /// Goal point.
    pub to: [f32; 2],
    /// One path per radius, smallest first, all in one world.
    pub runs: Vec<MeshRunReport>,
}

/// One radius's path.
struct Run {
    radius: f32,
    status: &'static str,
    length: f64,
    expanded: usize,
    pieces: Vec<PathPiece>,
}

impl Run {
    fn arcs(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| matches!(p, PathPiece::Arc(_)))
            .count()
    }
}

/// The three paths.
pub(super) struct Polygons {
    scene: Scene,
    runs: Vec<Run>,
}

impl Polygons {
    /// Builds the world once and queries it for every radius.
    pub(super) fn run() -> Result<Self, CliError> {
        let scene = scene();
        let world = build_world(&scene)?;
        let mut ctx = MeshContext::new();
        let mut runs = Vec::with_capacity(RADII.len());
        for radius in RADII {
            let path = ctx
                .find_path(&world, &MeshQuery::new(FROM, TO).with_radius(radius))
                .map_err(|e| CliError::BadFile {
                    file: scene.file.clone(),
                    reason: e.to_string(),
                })?;
            runs.push(Run {
                radius,
                status: path.status().as_str(),
                length: path.cost(),
                expanded: path.expanded(),
                pieces: path.path().to_vec(),
            });
        }
        Ok(Self { scene, runs })
    }

    /// Whether every radius found a path.
    pub(super) fn all_found(&self) -> bool {
        self.runs.iter().all(|r| r.status == "found")
    }

    /// The JSON report.
    pub(super) fn report(&self) -> MeshDemoReport {
        MeshDemoReport {
            scene: self.scene.clone(),
            from: point_pair(FROM),
            to: point_pair(TO),
            runs: self
                .runs
                .iter()
                .map(|run| MeshRunReport {
                    radius: run.radius,
                    status: run.status,
                    length: run.length,
                    lines: run.pieces.len() - run.arcs(),
                    arcs: run.arcs(),
                    expanded: run.expanded,
                    segments: run.pieces.iter().map(SegmentReport::of).collect(),
                })
                .collect(),
        }
    }

    /// The table of paths.
    pub(super) fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "Exact shortest paths among polygons for three radii, one world (nav::mesh), from {} to {}:\n",
            point_text(FROM),
            point_text(TO)
        )?;
        writeln!(
            out,
            "  {:>6}  {:<8} {:>8} {:>6} {:>5} {:>9}",
            "radius", "status", "length", "lines", "arcs", "expanded"
        )?;
        for run in &self.runs {
            writeln!(
                out,
                "  {:>6.1}  {:<8} {:>8.3} {:>6} {:>5} {:>9}",
                run.radius,
                run.status,
                run.length,
                run.pieces.len() - run.arcs(),
                run.arcs(),
                run.expanded
            )?;
        }
        writeln!(
            out,
            "\nA point threads the gap 1.2 wide, a disc of radius 0.8 the gap 3 wide; the disc of \
             radius 1.8 goes over the top and round the wall."
        )
    }

    /// The panel: the polygons grown by the largest radius (light grey), each path as a band
    /// as wide as its disc (a light tint) with its centre line (segments and true arcs).
    pub(super) fn draw_panel(&self, svg: &mut Svg, at: Point, scale: f64) {
        let lengths: Vec<String> = self
            .runs
            .iter()
            .map(|r| format!("{:.2}", r.length))
            .collect();
        panel_title(
            svg,
            at,
            &format!(
                "nav::mesh, one polygon world, discs of radius 0, 0.8, 1.8: exact lengths {}",
                lengths.join(", ")
            ),
        );
        let frame = world_frame(self.scene.bounds, [at.x, at.y + TITLE_PX], scale);
        let (_, panel_h) = frame.size_px();
        let mut canvas = svg.canvas(frame);
        draw_ground(&mut canvas, self.scene.bounds);
        let largest = RADII[RADII.len() - 1];
        draw_grown_obstacles(&mut canvas, &self.scene.obstacles, f64::from(largest));
        draw_obstacles(&mut canvas, &self.scene.obstacles, &obstacle_style());
        for (run, tint) in self.runs.iter().zip(TINTS).rev() {
            if run.radius > 0.0 {
                let band = Style::stroke(tint, 2.0 * scale * f64::from(run.radius));
                draw_tangent_path(&mut canvas, &run.pieces, &band);
            }
        }
        for (run, color) in self.runs.iter().zip(COLORS).rev() {
            draw_tangent_path(&mut canvas, &run.pieces, &Style::stroke(color, 2.0));
            canvas.circle(FROM, f64::from(run.radius), &Style::stroke(color, 1.5));
        }
        draw_endpoints(&mut canvas, FROM, TO);

        let mut pixels = svg.pixels();
        let mut legend = Legend::new(at.x, at.y + TITLE_PX + panel_h + (KEY_PX - 12.0) / 2.0);
        legend.swatch(
            &mut pixels,
            &Style::fill(crate::svg::world::PADDING_COLOR),
            &format!("grown by {largest}"),
        );
        for (run, color) in self.runs.iter().zip(COLORS) {
            legend.line(
                &mut pixels,
                &Style::stroke(color, 2.0),
                &format!("radius {}", run.radius),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_radius_takes_its_own_way() {
        let demo = Polygons::run().unwrap();
        assert!(demo.all_found());
        let lengths: Vec<f64> = demo.runs.iter().map(|r| r.length).collect();
        assert!(
            lengths[0] < lengths[1] && lengths[1] < lengths[2],
            "{lengths:?}"
        );
        // The point has no arcs; the discs bend round corners.
        assert_eq!(demo.runs[0].arcs(), 0);
        assert!(demo.runs[1].arcs() > 0 && demo.runs[2].arcs() > 0);
        // The largest disc goes over the upper polygon (its top is at y = 24).
        let top = demo.runs[2]
            .pieces
            .iter()
            .map(|p| p.start_point().y.max(p.end_point().y))
            .fold(f32::MIN, f32::max);
        assert!(top > 25.0, "{top}");
    }
}
