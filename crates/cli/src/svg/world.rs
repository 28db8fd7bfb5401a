//! Continuous worlds in SVG: scene bounds, boxes and discs, inflated circles, agent discs,
//! polyline paths and tangent paths with true arcs.
//!
//! World units are the scene's, `y` up ([`world_frame`]). `nav agent`, `nav circles` and the
//! lower panels of `nav demo` draw with these functions, so the three pictures look alike.

use nav::geom::{Aabb, Turn, Vec2};
use nav::tangent::PathPiece;

use super::{Canvas, Frame, Point, Style, Svg, TextAnchor};
pub use super::{GOAL_COLOR, MARGIN_PX, PATH_COLOR, START_COLOR, TITLE_PX};
use crate::scene::Obstacle;

/// Fill of the ground inside the world's bounds.
pub const GROUND_COLOR: &str = "#f6f6f2";
/// Fill of obstacles.
pub const OBSTACLE_COLOR: &str = "#6b6b6b";
/// Fill of the ring an agent's radius adds around a circle.
pub const PADDING_COLOR: &str = "#d9d9d3";
/// Fill of the agent's disc at the start and the goal (drawn translucent).
pub const AGENT_DISC_COLOR: &str = "#2a7ab8";

/// The frame of a world with bounds `bounds` drawn `y` up with its top-left corner at pixel
/// `origin`, at `scale` pixels per world unit.
pub fn world_frame(bounds: Aabb, origin: impl Into<Point>, scale: f64) -> Frame {
    Frame::new(bounds.min, bounds.max, origin, scale, true)
}

/// Draws the ground: the world's bounds, filled, with a thin outline.
pub fn draw_ground(canvas: &mut Canvas<'_>, bounds: Aabb) {
    canvas.rect(
        bounds.min,
        bounds.max,
        &Style::fill(GROUND_COLOR).with_stroke("#888", 1.0),
    );
}

/// Draws obstacles, boxes, discs and polygons, in `style`.
pub fn draw_obstacles<'o>(
    canvas: &mut Canvas<'_>,
    obstacles: impl IntoIterator<Item = &'o Obstacle>,
    style: &Style,
) {
    for obstacle in obstacles {
        match obstacle {
            Obstacle::Aabb(b) => canvas.rect(b.min, b.max, style),
            Obstacle::Circle(c) => canvas.circle(c.center, f64::from(c.radius), style),
            Obstacle::Polygon(points) => canvas.polygon(points.iter().copied(), style),
        }
    }
}

/// The default style of obstacles.
pub fn obstacle_style() -> Style {
    Style::fill(OBSTACLE_COLOR)
}

/// Draws every circle of `obstacles` grown by `radius` (the space a disc agent of that radius
/// cannot enter) in `style`; boxes are skipped, and so is everything when `radius` is not
/// greater than 0.
pub fn draw_inflated_circles<'o>(
    canvas: &mut Canvas<'_>,
    obstacles: impl IntoIterator<Item = &'o Obstacle>,
    radius: f64,
    style: &Style,
) {
    if radius.is_nan() || radius <= 0.0 {
        return;
    }
    for obstacle in obstacles {
        if let Obstacle::Circle(c) = obstacle {
            canvas.circle(c.center, f64::from(c.radius) + radius, style);
        }
    }
}

/// Draws the pieces of a tangent path: straight segments and true arcs.
pub fn draw_tangent_path(canvas: &mut Canvas<'_>, pieces: &[PathPiece], style: &Style) {
    for piece in pieces {
        match piece {
            PathPiece::Line(s) => canvas.line(s.a, s.b, style),
            PathPiece::Arc(a) => canvas.arc(
                a.center,
                f64::from(a.radius),
                f64::from(a.start),
                f64::from(a.end_angle()),
                a.turn == Turn::Ccw,
                style,
            ),
        }
    }
}

/// Draws the agent's disc of `radius` around each of `points` (translucent; nothing for a
/// radius of 0).
pub fn draw_agent_discs(canvas: &mut Canvas<'_>, points: &[Vec2], radius: f64) {
    let disc = Style::fill(AGENT_DISC_COLOR).with_opacity(0.25);
    for &p in points {
        canvas.circle(p, radius, &disc);
    }
}

/// Marks the start (green) and the goal (red) with dots of 5 pixels.
pub fn draw_endpoints(canvas: &mut Canvas<'_>, start: Vec2, goal: Vec2) {
    canvas.endpoints(start, goal, 5.0);
}

/// A picture of a world with bounds `bounds`, at most 900 x 700 pixels, with a title line:
/// draws the ground, then calls `overlay` with a canvas in world coordinates (`y` up) to add
/// obstacles, paths and markers.
///
/// ```
/// use nav::geom::{Aabb, Vec2};
/// use nav_cli::svg::Style;
/// use nav_cli::svg::world::world_picture;
///
/// let bounds = Aabb::new(Vec2::ZERO, Vec2::new(40.0, 20.0));
/// let svg = world_picture(bounds, "a line", |canvas| {
///     canvas.line([2.0, 2.0], [38.0, 18.0], &Style::stroke("red", 2.0));
/// });
/// assert!(svg.finish().contains("<polyline"));
/// ```
pub fn world_picture(bounds: Aabb, title: &str, overlay: impl FnOnce(&mut Canvas<'_>)) -> Svg {
    let frame = Frame::fit(
        bounds.min,
        bounds.max,
        [MARGIN_PX, TITLE_PX],
        (900.0, 700.0),
        true,
    );
    let (w, h) = frame.size_px();
    let mut svg = Svg::new(w + 2.0 * MARGIN_PX, h + TITLE_PX + MARGIN_PX).with_background("white");
    svg.pixels()
        .text([MARGIN_PX, 18.0], title, 13.0, TextAnchor::Start, "#222");
    let mut canvas = svg.canvas(frame);
    draw_ground(&mut canvas, bounds);
    overlay(&mut canvas);
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use nav::geom::{Arc, Circle, Segment};

    #[test]
    fn obstacles_padding_and_tangent_paths_are_drawn() {
        let bounds = Aabb::new(Vec2::ZERO, Vec2::new(10.0, 10.0));
        let obstacles = [
            Obstacle::Aabb(Aabb::new(Vec2::new(1.0, 1.0), Vec2::new(2.0, 3.0))),
            Obstacle::Circle(Circle::new(Vec2::new(5.0, 5.0), 1.0)),
        ];
        let mut svg = Svg::new(100.0, 100.0);
        let mut canvas = svg.canvas(world_frame(bounds, [0.0, 0.0], 10.0));
        draw_ground(&mut canvas, bounds);
        draw_inflated_circles(&mut canvas, &obstacles, 0.5, &Style::fill("pad"));
        draw_inflated_circles(&mut canvas, &obstacles, 0.0, &Style::fill("none0"));
        draw_obstacles(&mut canvas, &obstacles, &obstacle_style());
        let pieces = [
            PathPiece::Line(Segment::new(Vec2::new(0.0, 5.0), Vec2::new(5.0, 3.0))),
            PathPiece::Arc(Arc::new(
                Vec2::new(5.0, 5.0),
                2.0,
                -std::f32::consts::FRAC_PI_2,
                std::f32::consts::FRAC_PI_2,
                Turn::Ccw,
            )),
        ];
        draw_tangent_path(&mut canvas, &pieces, &Style::stroke("red", 2.0));
        draw_endpoints(&mut canvas, Vec2::new(0.0, 5.0), Vec2::new(7.0, 5.0));
        let text = svg.finish();
        // y up: the box from (1, 1) to (2, 3) covers pixel rows 70..90.
        assert!(
            text.contains("<rect x=\"10\" y=\"70\" width=\"10\" height=\"20\" fill=\"#6b6b6b\"/>")
        );
        assert!(text.contains("<circle cx=\"50\" cy=\"50\" r=\"15\" fill=\"pad\"/>"));
        assert!(!text.contains("none0"), "no padding for radius 0");
        assert!(text.contains("<polyline points=\"0,50 50,70\""));
        // A quarter turn counter-clockwise from the bottom of the circle, y up on screen.
        assert!(
            text.contains("<path d=\"M50 70A20 20 0 0 0 70 50\""),
            "{text}"
        );
        assert_eq!(
            text.matches("<circle").count(),
            4,
            "padding, disc, two markers"
        );
    }
}
