//! Disc agents of three radii in a continuous world of boxes and discs (`nav::agent`).
//!
//! The world is 48 x 28 units, `y` up. A walled courtyard (18..40 x 5..23) holds the goal
//! behind a fountain; its west wall has a narrow gate (1.6 wide) in line with the start and a
//! wider one (3.2) further north, and its east wall a gate 6 wide. The smallest agent takes
//! the narrow gate, the middle one the wider gate, and the largest fits only through the east
//! gate: it walks round the courtyard's north side (a tree closes the south side to it).

use std::io::Write;

use nav::agent::{Agent, AgentContext, AgentPath, AgentQuery};
use nav::geom::query::intersects_aabb_segment;
use nav::geom::{Aabb, Circle, Segment, Vec2};
use serde::Serialize;

use super::{KEY_PX, panel_title, point_text};
use crate::commands::agent::build_world;
use crate::error::CliError;
use crate::json::point_pair;
use crate::scene::{Obstacle, Scene};
use crate::svg::legend::Legend;
use crate::svg::world::{draw_endpoints, draw_ground, draw_obstacles, obstacle_style, world_frame};
use crate::svg::{Point, Style, Svg, TextAnchor, grid::TITLE_PX};

/// Where the agents start, west of the courtyard.
pub const FROM: Vec2 = Vec2::new(4.0, 14.0);
/// Where they go: inside the courtyard, east of the fountain.
pub const TO: Vec2 = Vec2::new(33.0, 14.0);
/// The agents' radii, smallest first.
pub const RADII: [f32; 3] = [0.3, 1.0, 2.0];
/// The lattice step of every agent.
pub const STEP: f32 = 0.5;
/// The name of the built-in scene in messages.
const SCENE_NAME: &str = "courtyard (built in)";
/// One colour per radius.
const COLORS: [&str; 3] = ["#2166ac", "#d95f02", "#7b3fa0"];

/// An opening in the courtyard's wall.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gate {
    /// What the text calls it.
    pub name: &'static str,
    /// The gap in the wall: a path through the gate crosses this box.
    pub opening: Aabb,
}

impl Gate {
    /// The gap's width (across the wall).
    pub fn width(&self) -> f32 {
        let size = self.opening.size();
        size.x.max(size.y)
    }

    /// The width with one decimal, without a trailing `.0` (`1.6`, `6`).
    pub fn width_text(&self) -> String {
        let text = format!("{:.1}", self.width());
        text.strip_suffix(".0").unwrap_or(&text).to_string()
    }
}

fn aabb(min: [f32; 2], max: [f32; 2]) -> Aabb {
    Aabb::new(Vec2::from(min), Vec2::from(max))
}

/// The gates of the courtyard.
pub fn gates() -> [Gate; 3] {
    [
        Gate {
            name: "narrow west gate",
            opening: aabb([18.0, 13.2], [19.0, 14.8]),
        },
        Gate {
            name: "west gate",
            opening: aabb([18.0, 18.4], [19.0, 21.6]),
        },
        Gate {
            name: "east gate",
            opening: aabb([39.0, 11.0], [40.0, 17.0]),
        },
    ]
}

/// The courtyard scene: bounds 48 x 28, the walls as boxes, a fountain, trees and pillars.
pub fn scene() -> Scene {
    let walls = [
        // West wall, with the narrow gate (13.2..14.8) and the west gate (18.4..21.6).
        aabb([18.0, 5.0], [19.0, 13.2]),
        aabb([18.0, 14.8], [19.0, 18.4]),
        aabb([18.0, 21.6], [19.0, 23.0]),
        // North and south walls.
        aabb([19.0, 22.0], [40.0, 23.0]),
        aabb([19.0, 5.0], [40.0, 6.0]),
        // East wall, with the east gate (11..17).
        aabb([39.0, 6.0], [40.0, 11.0]),
        aabb([39.0, 17.0], [40.0, 22.0]),
    ];
    let discs = [
        // The fountain, between the narrow gate and the goal.
        ([27.0, 14.0], 2.5),
        // Trees outside; the one in the south closes that side to the largest agent.
        ([9.0, 21.0], 1.5),
        ([10.0, 7.0], 2.0),
        ([29.0, 2.5], 1.0),
        // Pillars in the courtyard.
        ([33.0, 19.0], 0.8),
        ([33.0, 9.0], 0.8),
    ];
    let mut obstacles: Vec<Obstacle> = walls.into_iter().map(Obstacle::Aabb).collect();
    obstacles.extend(
        discs
            .into_iter()
            .map(|(c, r)| Obstacle::Circle(Circle::new(Vec2::from(c), r))),
    );
    Scene {
        file: SCENE_NAME.to_string(),
        bounds: aabb([0.0, 0.0], [48.0, 28.0]),
        obstacles,
    }
}

/// Where a gate's width is written: inside the courtyard, just below the gate, clear of the
/// paths.
fn gate_label_place(gate: &Gate) -> (Point, TextAnchor) {
    let o = gate.opening;
    let below = f64::from(o.min.y) - 1.2;
    if o.min.x < 20.0 {
        // A west gate: to the right of the wall.
        (
            Point::new(f64::from(o.max.x) + 0.4, below),
            TextAnchor::Start,
        )
    } else {
        (Point::new(f64::from(o.min.x) - 0.4, below), TextAnchor::End)
    }
}

/// The first gate `points` pass through, in path order.
pub fn gate_used<'g>(points: &[Vec2], gates: &'g [Gate]) -> Option<&'g Gate> {
    points.windows(2).find_map(|w| {
        let segment = Segment::new(w[0], w[1]);
        gates
            .iter()
            .find(|g| intersects_aabb_segment(&g.opening, &segment))
    })
}

/// One agent's run in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentRunReport {
    /// The agent's radius.
    pub radius: f32,
    /// `found`, `no_path`, ...
    pub status: &'static str,
    /// Length of the smoothed path (0 without one).
    pub length: f64,
    /// Length of the raw lattice path.
    pub raw_length: f64,
    /// Lattice nodes expanded.
    pub expanded: usize,
    /// The gate it went through (courtyard only; `null` if none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<&'static str>,
    /// The smoothed path, `[x, y]` each.
    pub points: Vec<[f32; 2]>,
}

impl AgentRunReport {
    /// The report of `path` for an agent of `radius`.
    pub(super) fn of(radius: f32, path: &AgentPath, gate: Option<&Gate>) -> Self {
        Self {
            radius,
            status: path.status().as_str(),
            length: path.length(),
            raw_length: path.raw_length(),
            expanded: path.expanded(),
            gate: gate.map(|g| g.name),
            points: path.points().iter().map(|&p| point_pair(p)).collect(),
        }
    }
}

/// The courtyard part of the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentsReport {
    /// The world, in the scene-file format of `nav agent --scene`.
    pub scene: Scene,
    /// Start point.
    pub from: [f32; 2],
    /// Goal point.
    pub to: [f32; 2],
    /// Lattice step of every agent.
    pub step: f32,
    /// One run per radius, smallest first.
    pub runs: Vec<AgentRunReport>,
}

/// Runs an agent of `radius` from `from` to `to`; a query error on built-in data names the
/// scene.
pub(super) fn find_agent_path(
    scene: &Scene,
    world: &nav::agent::World,
    ctx: &mut AgentContext,
    radius: f32,
    (from, to): (Vec2, Vec2),
) -> Result<AgentPath, CliError> {
    let bad = |reason: String| CliError::BadFile {
        file: scene.file.clone(),
        reason,
    };
    let agent = Agent::new(radius, STEP).map_err(|e| bad(e.to_string()))?;
    let query = AgentQuery::new(from, to).with_agent(&agent);
    ctx.find_path(world, &query)
        .map_err(|e| bad(e.to_string()))?;
    Ok(ctx.last_path().clone())
}

/// The agents' runs.
pub(super) struct Courtyard {
    scene: Scene,
    gates: [Gate; 3],
    paths: Vec<(f32, AgentPath)>,
}

impl Courtyard {
    /// Builds the world and runs the three agents.
    pub(super) fn run() -> Result<Self, CliError> {
        let scene = scene();
        let world = build_world(&scene)?;
        let mut ctx = AgentContext::new();
        let paths = RADII
            .iter()
            .map(|&r| Ok((r, find_agent_path(&scene, &world, &mut ctx, r, (FROM, TO))?)))
            .collect::<Result<_, CliError>>()?;
        Ok(Self {
            scene,
            gates: gates(),
            paths,
        })
    }

    /// Whether every agent found a path.
    pub(super) fn all_found(&self) -> bool {
        self.paths.iter().all(|(_, p)| p.is_found())
    }

    fn gate_of(&self, path: &AgentPath) -> Option<&Gate> {
        gate_used(path.points(), &self.gates)
    }

    /// The JSON report.
    pub(super) fn report(&self) -> AgentsReport {
        AgentsReport {
            scene: self.scene.clone(),
            from: point_pair(FROM),
            to: point_pair(TO),
            step: STEP,
            runs: self
                .paths
                .iter()
                .map(|(r, p)| AgentRunReport::of(*r, p, self.gate_of(p)))
                .collect(),
        }
    }

    /// The table of runs.
    pub(super) fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let size = self.scene.bounds.size();
        writeln!(
            out,
            "Disc agents of three radii in a courtyard (nav::agent: boxes and discs in a {}x{} world, \
             lattice step {STEP}), from {} to {}:\n",
            size.x,
            size.y,
            point_text(FROM),
            point_text(TO)
        )?;
        writeln!(
            out,
            "  {:>6}  {:<8} {:>8} {:>8} {:>9}  way in",
            "radius", "status", "smoothed", "raw", "expanded"
        )?;
        for (radius, path) in &self.paths {
            let way = match self.gate_of(path) {
                Some(g) => format!("{} ({} wide)", g.name, g.width_text()),
                None => "-".to_string(),
            };
            writeln!(
                out,
                "  {:>6.1}  {:<8} {:>8.3} {:>8.3} {:>9}  {way}",
                radius,
                path.status().as_str(),
                path.length(),
                path.raw_length(),
                path.expanded()
            )?;
        }
        Ok(())
    }

    /// The panel: the courtyard, each agent's smoothed path as a band as wide as the agent
    /// (the ground its disc sweeps) with its centre line, and the agents' discs at the start.
    pub(super) fn draw_panel(&self, svg: &mut Svg, at: Point, scale: f64) {
        let lengths: Vec<String> = self
            .paths
            .iter()
            .map(|(_, p)| format!("{:.2}", p.length()))
            .collect();
        panel_title(
            svg,
            at,
            &format!(
                "nav::agent, discs of radius 0.3, 1, 2 in a courtyard: {}",
                lengths.join(", ")
            ),
        );
        let frame = world_frame(self.scene.bounds, [at.x, at.y + TITLE_PX], scale);
        let (_, panel_h) = frame.size_px();
        let mut canvas = svg.canvas(frame);
        draw_ground(&mut canvas, self.scene.bounds);
        draw_obstacles(&mut canvas, &self.scene.obstacles, &obstacle_style());
        // Largest first, so that the narrower bands stay visible on top.
        for ((radius, path), color) in self.paths.iter().zip(COLORS).rev() {
            let band = Style::stroke(color, 2.0 * scale * f64::from(*radius)).with_opacity(0.25);
            canvas.polyline(path.points().iter().copied(), &band);
        }
        for ((radius, path), color) in self.paths.iter().zip(COLORS).rev() {
            canvas.polyline(path.points().iter().copied(), &Style::stroke(color, 2.0));
            canvas.circle(FROM, f64::from(*radius), &Style::stroke(color, 1.5));
        }
        draw_endpoints(&mut canvas, FROM, TO);
        for gate in &self.gates {
            let (at, anchor) = gate_label_place(gate);
            canvas.text(at, &gate.width_text(), 11.0, anchor, "#555");
        }

        let mut pixels = svg.pixels();
        let key_y = at.y + TITLE_PX + panel_h + (KEY_PX - 12.0) / 2.0;
        let mut legend = Legend::new(at.x, key_y);
        for ((radius, _), color) in self.paths.iter().zip(COLORS) {
            legend.swatch(
                &mut pixels,
                &Style::fill(color).with_opacity(0.5),
                &format!("r = {radius}"),
            );
        }
        pixels.text(
            [legend.x(), key_y + 10.5],
            "(bands: the ground each disc sweeps; numbers: gate widths)",
            12.0,
            TextAnchor::Start,
            "#555",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gates_have_the_widths_the_text_gives() {
        let widths: Vec<f32> = gates().iter().map(Gate::width).collect();
        assert!((widths[0] - 1.6).abs() < 1e-5 && (widths[1] - 3.2).abs() < 1e-5);
        assert_eq!(widths[2], 6.0);
        // Each gate is a gap: no wall overlaps its opening.
        let scene = scene();
        for gate in gates() {
            let inner = gate.opening.expand(-0.01);
            assert!(
                scene.obstacles.iter().all(|o| !o.aabb().intersects(&inner)),
                "{}",
                gate.name
            );
        }
    }

    #[test]
    fn the_gate_used_is_the_first_crossed() {
        let g = gates();
        let through_narrow = [Vec2::new(4.0, 14.0), Vec2::new(30.0, 14.0)];
        assert_eq!(gate_used(&through_narrow, &g).unwrap().name, g[0].name);
        let round = [
            Vec2::new(4.0, 14.0),
            Vec2::new(10.0, 26.0),
            Vec2::new(44.0, 26.0),
            Vec2::new(44.0, 14.0),
            Vec2::new(33.0, 14.0),
        ];
        assert_eq!(gate_used(&round, &g).unwrap().name, g[2].name);
        assert_eq!(gate_used(&round[..3], &g), None);
    }
}
