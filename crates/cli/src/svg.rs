//! A small SVG writer for pictures of maps, paths and searches.
//!
//! Draw in world coordinates: a [`Frame`] maps a rectangle of the world (grid cells, or a
//! continuous world with `y` up or down) to a rectangle of pixels, and a [`Canvas`] draws
//! boxes, polylines, circles, arcs and text through it. Everything is written in pixels, so
//! stroke widths and text sizes are in pixels whatever the world's scale. Shapes with a
//! non-finite coordinate are skipped rather than written as `NaN`.
//!
//! [`grid`] draws tile maps, expanded cells and grid paths; [`world`] draws continuous worlds
//! (boxes, discs, inflated circles, agent discs, tangent paths with true arcs); [`legend`]
//! writes rows of labelled swatches.
//!
//! ```
//! use nav_cli::svg::{Frame, Style, Svg};
//!
//! let mut svg = Svg::new(220.0, 120.0).with_background("white");
//! // A world 100 x 50 units with y up, drawn at 2 px per unit, 10 px from the corner.
//! let frame = Frame::new([0.0, 0.0], [100.0, 50.0], [10.0, 10.0], 2.0, true);
//! let mut canvas = svg.canvas(frame);
//! canvas.rect([10.0, 10.0], [30.0, 20.0], &Style::fill("#555"));
//! canvas.circle([60.0, 25.0], 8.0, &Style::fill("#888").with_stroke("black", 1.0));
//! canvas.polyline([[0.0, 0.0], [50.0, 40.0], [100.0, 50.0]], &Style::stroke("red", 2.0));
//! let text = svg.finish();
//! assert!(text.starts_with("<?xml") && text.trim_end().ends_with("</svg>"));
//! // World (0, 0) is the bottom-left corner of the frame: pixel (10, 110).
//! assert!(text.contains("points=\"10,110 110,30 210,10\""));
//! ```
//!
//! Over 600 lines: the frame, the canvas and its primitives share one coordinate convention and
//! one set of styles.

pub mod flow;
pub mod grid;
pub mod legend;
pub mod world;

use std::fmt::Write as _;
use std::path::Path;

use nav::geom::Vec2;

use crate::error::CliError;

/// Colour of paths, in every picture (tile maps and continuous worlds).
pub const PATH_COLOR: &str = "#d7301f";
/// Colour of start markers, in every picture.
pub const START_COLOR: &str = "#1a9641";
/// Colour of goal markers, in every picture.
pub const GOAL_COLOR: &str = "#d7191c";
/// Height of the title line above a picture or panel, in pixels.
pub const TITLE_PX: f64 = 26.0;
/// Margin around a picture, in pixels.
pub const MARGIN_PX: f64 = 8.0;

/// A point in world or pixel coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl From<[f64; 2]> for Point {
    fn from([x, y]: [f64; 2]) -> Self {
        Self { x, y }
    }
}

impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Self {
        Self { x, y }
    }
}

impl From<[f32; 2]> for Point {
    fn from([x, y]: [f32; 2]) -> Self {
        Self::new(x as f64, y as f64)
    }
}

impl From<Vec2> for Point {
    fn from(v: Vec2) -> Self {
        Self::new(v.x as f64, v.y as f64)
    }
}

/// How a rectangle of the world maps to pixels: a uniform scale, and `y` pointing up or down.
///
/// With `y_up` false (tile grids: row 0 at the top) world `y` grows downwards like pixel `y`;
/// with `y_up` true (a continuous world in the usual mathematical orientation) the world's
/// `max.y` is drawn at the top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    world_min: Point,
    world_max: Point,
    origin: Point,
    scale: f64,
    y_up: bool,
}

impl Frame {
    /// The world rectangle `world_min..world_max` drawn with its top-left corner at pixel
    /// `origin`, at `scale` pixels per world unit.
    pub fn new(
        world_min: impl Into<Point>,
        world_max: impl Into<Point>,
        origin: impl Into<Point>,
        scale: f64,
        y_up: bool,
    ) -> Self {
        Self {
            world_min: world_min.into(),
            world_max: world_max.into(),
            origin: origin.into(),
            scale,
            y_up,
        }
    }

    /// The largest uniform scale that fits the world rectangle into `max_size` pixels
    /// (width, height) at `origin`. A degenerate rectangle (zero width and height) gets scale 1.
    pub fn fit(
        world_min: impl Into<Point>,
        world_max: impl Into<Point>,
        origin: impl Into<Point>,
        max_size: (f64, f64),
        y_up: bool,
    ) -> Self {
        let (min, max) = (world_min.into(), world_max.into());
        let (w, h) = (max.x - min.x, max.y - min.y);
        let sx = if w > 0.0 {
            max_size.0 / w
        } else {
            f64::INFINITY
        };
        let sy = if h > 0.0 {
            max_size.1 / h
        } else {
            f64::INFINITY
        };
        let scale = sx.min(sy);
        let scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        Self::new(min, max, origin, scale, y_up)
    }

    /// The identity frame of a picture: world units are pixels, `y` down.
    pub fn pixels(width: f64, height: f64) -> Self {
        Self::new([0.0, 0.0], [width, height], [0.0, 0.0], 1.0, false)
    }

    /// Pixels per world unit.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The pixel position of the frame's top-left corner.
    pub fn origin(&self) -> Point {
        self.origin
    }

    /// The frame's size in pixels (width, height).
    pub fn size_px(&self) -> (f64, f64) {
        (
            (self.world_max.x - self.world_min.x) * self.scale,
            (self.world_max.y - self.world_min.y) * self.scale,
        )
    }

    /// The pixel position of world point `p`.
    pub fn to_px(&self, p: impl Into<Point>) -> Point {
        let p = p.into();
        let x = self.origin.x + (p.x - self.world_min.x) * self.scale;
        let y = if self.y_up {
            self.origin.y + (self.world_max.y - p.y) * self.scale
        } else {
            self.origin.y + (p.y - self.world_min.y) * self.scale
        };
        Point::new(x, y)
    }

    /// A world length in pixels.
    pub fn length_px(&self, length: f64) -> f64 {
        length * self.scale
    }

    /// Whether world `y` points up in the picture.
    pub fn y_up(&self) -> bool {
        self.y_up
    }
}

/// Fill, stroke and opacity of a shape. Stroke widths are in pixels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Style {
    /// Fill colour (any SVG colour); `None` for no fill.
    pub fill: Option<String>,
    /// Stroke colour; `None` for no outline.
    pub stroke: Option<String>,
    /// Stroke width in pixels.
    pub stroke_width: f64,
    /// Opacity from 0 to 1; `None` for opaque.
    pub opacity: Option<f64>,
    /// Stroke dash pattern in pixels (e.g. `"4 3"`).
    pub dash: Option<String>,
}

impl Style {
    /// A filled shape without outline.
    pub fn fill(color: &str) -> Self {
        Self {
            fill: Some(color.to_string()),
            ..Self::default()
        }
    }

    /// An outline without fill.
    pub fn stroke(color: &str, width_px: f64) -> Self {
        Self {
            stroke: Some(color.to_string()),
            stroke_width: width_px,
            ..Self::default()
        }
    }

    /// Adds a fill.
    pub fn with_fill(mut self, color: &str) -> Self {
        self.fill = Some(color.to_string());
        self
    }

    /// Adds an outline.
    pub fn with_stroke(mut self, color: &str, width_px: f64) -> Self {
        self.stroke = Some(color.to_string());
        self.stroke_width = width_px;
        self
    }

    /// Sets the opacity (clamped to 0..=1).
    pub fn with_opacity(mut self, opacity: f64) -> Self {
        self.opacity = Some(if opacity.is_nan() {
            1.0
        } else {
            opacity.clamp(0.0, 1.0)
        });
        self
    }

    /// Sets a dash pattern, in pixels.
    pub fn with_dash(mut self, pattern: &str) -> Self {
        self.dash = Some(pattern.to_string());
        self
    }

    fn write_attributes(&self, out: &mut String) {
        match &self.fill {
            Some(color) => {
                let _ = write!(out, " fill=\"{}\"", escape(color));
            }
            None => out.push_str(" fill=\"none\""),
        }
        if let Some(color) = &self.stroke {
            let _ = write!(
                out,
                " stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
                escape(color),
                num(self.stroke_width)
            );
        }
        if let Some(opacity) = self.opacity {
            let _ = write!(out, " opacity=\"{}\"", num(opacity));
        }
        if let Some(dash) = &self.dash {
            let _ = write!(out, " stroke-dasharray=\"{}\"", escape(dash));
        }
    }
}

/// Horizontal alignment of text at its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextAnchor {
    /// The text starts at the point.
    #[default]
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// An SVG picture being drawn.
#[derive(Debug, Clone)]
pub struct Svg {
    width: f64,
    height: f64,
    background: Option<String>,
    body: String,
}

impl Svg {
    /// An empty picture of `width x height` pixels.
    pub fn new(width: f64, height: f64) -> Self {
        Self {
            width: if width.is_finite() {
                width.max(1.0)
            } else {
                1.0
            },
            height: if height.is_finite() {
                height.max(1.0)
            } else {
                1.0
            },
            background: None,
            body: String::new(),
        }
    }

    /// Fills the whole picture with `color` first.
    pub fn with_background(mut self, color: &str) -> Self {
        self.background = Some(color.to_string());
        self
    }

    /// The picture's size in pixels (width, height).
    pub fn size(&self) -> (f64, f64) {
        (self.width, self.height)
    }

    /// A canvas that draws through `frame`.
    pub fn canvas(&mut self, frame: Frame) -> Canvas<'_> {
        Canvas { svg: self, frame }
    }

    /// A canvas in pixel coordinates (titles, legends).
    pub fn pixels(&mut self) -> Canvas<'_> {
        let frame = Frame::pixels(self.width, self.height);
        self.canvas(frame)
    }

    /// The SVG text.
    pub fn finish(self) -> String {
        let mut out = String::with_capacity(self.body.len() + 300);
        let (w, h) = (num(self.width), num(self.height));
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">"
        );
        if let Some(color) = &self.background {
            let _ = writeln!(
                out,
                "<rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
                escape(color)
            );
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }

    /// Writes the picture to `path`; the error names the file.
    pub fn write_file(self, path: &Path) -> Result<(), CliError> {
        std::fs::write(path, self.finish()).map_err(|e| CliError::io(path.display(), e))
    }
}

/// Draws on an [`Svg`] in the world coordinates of a [`Frame`].
#[derive(Debug)]
pub struct Canvas<'a> {
    svg: &'a mut Svg,
    frame: Frame,
}

impl Canvas<'_> {
    /// The frame this canvas draws through.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    fn element(&mut self, open: std::fmt::Arguments<'_>, style: &Style) {
        let out = &mut self.svg.body;
        let _ = out.write_fmt(open);
        style.write_attributes(out);
        out.push_str("/>\n");
    }

    /// The pixel rectangle (x, y, w, h) of a world box given by two opposite corners.
    fn box_px(&self, a: Point, b: Point) -> Option<(f64, f64, f64, f64)> {
        let (a, b) = (self.frame.to_px(a), self.frame.to_px(b));
        (a.is_finite() && b.is_finite()).then(|| {
            (
                a.x.min(b.x),
                a.y.min(b.y),
                (a.x - b.x).abs(),
                (a.y - b.y).abs(),
            )
        })
    }

    /// A box given by two opposite corners (any order).
    pub fn rect(&mut self, a: impl Into<Point>, b: impl Into<Point>, style: &Style) {
        if let Some((x, y, w, h)) = self.box_px(a.into(), b.into()) {
            self.element(
                format_args!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                    num(x),
                    num(y),
                    num(w),
                    num(h)
                ),
                style,
            );
        }
    }

    /// Many boxes (two opposite corners each) as one element: much smaller than one `rect`
    /// per box when a map has thousands of them.
    pub fn rects<P: Into<Point>>(
        &mut self,
        boxes: impl IntoIterator<Item = (P, P)>,
        style: &Style,
    ) {
        let mut d = String::new();
        for (a, b) in boxes {
            if let Some((x, y, w, h)) = self.box_px(a.into(), b.into()) {
                let _ = write!(
                    d,
                    "M{} {}h{}v{}h-{}z",
                    num(x),
                    num(y),
                    num(w),
                    num(h),
                    num(w)
                );
            }
        }
        self.path_data(&d, style);
    }

    /// A raw SVG path (`d` attribute) in pixel coordinates; nothing for an empty one.
    pub fn path_data(&mut self, d: &str, style: &Style) {
        if !d.is_empty() {
            self.element(format_args!("<path d=\"{}\"", escape(d)), style);
        }
    }

    /// A line segment.
    pub fn line(&mut self, a: impl Into<Point>, b: impl Into<Point>, style: &Style) {
        self.polyline([a.into(), b.into()], style);
    }

    fn points_attr(&self, points: impl IntoIterator<Item = Point>) -> Option<String> {
        let mut attr = String::new();
        for p in points {
            let p = self.frame.to_px(p);
            if !p.is_finite() {
                return None;
            }
            if !attr.is_empty() {
                attr.push(' ');
            }
            let _ = write!(attr, "{},{}", num(p.x), num(p.y));
        }
        (!attr.is_empty()).then_some(attr)
    }

    /// An open polyline through `points` (a path); nothing when a point is not finite.
    pub fn polyline<P: Into<Point>>(&mut self, points: impl IntoIterator<Item = P>, style: &Style) {
        if let Some(attr) = self.points_attr(points.into_iter().map(Into::into)) {
            self.element(format_args!("<polyline points=\"{attr}\""), style);
        }
    }

    /// A closed polygon through `points`.
    pub fn polygon<P: Into<Point>>(&mut self, points: impl IntoIterator<Item = P>, style: &Style) {
        if let Some(attr) = self.points_attr(points.into_iter().map(Into::into)) {
            self.element(format_args!("<polygon points=\"{attr}\""), style);
        }
    }

    /// A circle of world radius `radius`.
    pub fn circle(&mut self, center: impl Into<Point>, radius: f64, style: &Style) {
        let r = self.frame.length_px(radius);
        self.circle_px(center, r, style);
    }

    /// A circle of `radius_px` pixels around a world point (markers that keep their size
    /// whatever the scale).
    pub fn dot(&mut self, center: impl Into<Point>, radius_px: f64, style: &Style) {
        self.circle_px(center, radius_px, style);
    }

    /// Marks a start (green) and a goal (red) with white-ringed dots of `radius_px` pixels: the
    /// one endpoint marker of every picture.
    pub fn endpoints(&mut self, start: impl Into<Point>, goal: impl Into<Point>, radius_px: f64) {
        let dot = |color| Style::fill(color).with_stroke("white", 1.5);
        self.dot(start, radius_px, &dot(START_COLOR));
        self.dot(goal, radius_px, &dot(GOAL_COLOR));
    }

    fn circle_px(&mut self, center: impl Into<Point>, r: f64, style: &Style) {
        let c = self.frame.to_px(center);
        if c.is_finite() && r.is_finite() && r >= 0.0 {
            self.element(
                format_args!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
                    num(c.x),
                    num(c.y),
                    num(r)
                ),
                style,
            );
        }
    }

    /// An arc of the circle of world radius `radius` around `center`, from `start_angle` to
    /// `end_angle` (radians from world +x towards world +y), turning counter-clockwise (angles
    /// increasing) when `ccw`, clockwise otherwise. The sweep is taken modulo a full turn, so an
    /// arc crossing the ±π direction goes the short way its direction says; equal angles draw
    /// nothing.
    pub fn arc(
        &mut self,
        center: impl Into<Point>,
        radius: f64,
        start_angle: f64,
        end_angle: f64,
        ccw: bool,
        style: &Style,
    ) {
        let center = center.into();
        let tau = std::f64::consts::TAU;
        let sweep = if ccw {
            (end_angle - start_angle).rem_euclid(tau)
        } else {
            -(start_angle - end_angle).rem_euclid(tau)
        };
        let r_px = self.frame.length_px(radius);
        if !(sweep.is_finite() && r_px.is_finite() && r_px > 0.0 && sweep != 0.0) {
            return;
        }
        let at = |angle: f64| {
            self.frame.to_px(Point::new(
                center.x + radius * angle.cos(),
                center.y + radius * angle.sin(),
            ))
        };
        // Angles increasing towards world +y turn clockwise on the screen when world y points
        // down like pixel y, counter-clockwise when it points up; SVG's sweep flag 1 is clockwise
        // on the screen.
        let sweep_flag = u8::from(ccw != self.frame.y_up());
        // Pieces of at most half a turn keep the large-arc flag at 0 and make a full circle
        // drawable (a single SVG arc between equal end points draws nothing).
        let pieces = (sweep.abs() / std::f64::consts::PI).ceil().max(1.0) as usize;
        let start = at(start_angle);
        if !start.is_finite() {
            return;
        }
        let mut d = format!("M{} {}", num(start.x), num(start.y));
        for i in 1..=pieces {
            let p = at(start_angle + sweep * i as f64 / pieces as f64);
            let _ = write!(
                d,
                "A{r} {r} 0 0 {sweep_flag} {} {}",
                num(p.x),
                num(p.y),
                r = num(r_px)
            );
        }
        let style = Style {
            fill: None,
            ..style.clone()
        };
        self.path_data(&d, &style);
    }

    /// Text at a world point (its baseline), `size_px` pixels high.
    pub fn text(
        &mut self,
        at: impl Into<Point>,
        text: &str,
        size_px: f64,
        anchor: TextAnchor,
        color: &str,
    ) {
        let p = self.frame.to_px(at);
        if !(p.is_finite() && size_px.is_finite()) {
            return;
        }
        let anchor = match anchor {
            TextAnchor::Start => "start",
            TextAnchor::Middle => "middle",
            TextAnchor::End => "end",
        };
        let _ = writeln!(
            self.svg.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{}\">{}</text>",
            num(p.x),
            num(p.y),
            num(size_px),
            escape(color),
            escape(text)
        );
    }
}

/// A number with at most two decimals and no trailing zeros (`12`, `3.5`, `0.25`).
fn num(value: f64) -> String {
    let mut s = format!("{value:.2}");
    if s.contains('.') {
        let trimmed = s.trim_end_matches('0').trim_end_matches('.').len();
        s.truncate(trimmed);
    }
    if s == "-0" {
        s = "0".to_string();
    }
    s
}

/// Escapes text for SVG content and attribute values.
fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(3.5), "3.5");
        assert_eq!(num(0.254), "0.25");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(100.0), "100");
    }

    #[test]
    fn frames_map_both_orientations() {
        let down = Frame::new([0.0, 0.0], [10.0, 5.0], [20.0, 30.0], 4.0, false);
        assert_eq!(down.to_px([0.0, 0.0]), Point::new(20.0, 30.0));
        assert_eq!(down.to_px([10.0, 5.0]), Point::new(60.0, 50.0));
        assert_eq!(down.size_px(), (40.0, 20.0));
        let up = Frame::new([-5.0, -5.0], [5.0, 5.0], [0.0, 0.0], 10.0, true);
        assert_eq!(up.to_px([-5.0, 5.0]), Point::new(0.0, 0.0));
        assert_eq!(up.to_px([5.0, -5.0]), Point::new(100.0, 100.0));
        let fit = Frame::fit([0.0, 0.0], [200.0, 50.0], [0.0, 0.0], (100.0, 100.0), false);
        assert_eq!(fit.scale(), 0.5);
        let degenerate = Frame::fit([1.0, 1.0], [1.0, 1.0], [0.0, 0.0], (100.0, 100.0), false);
        assert_eq!(degenerate.scale(), 1.0);
    }

    #[test]
    fn shapes_are_written_in_pixels() {
        let mut svg = Svg::new(100.0, 100.0);
        let mut canvas = svg.canvas(Frame::new([0.0, 0.0], [10.0, 10.0], [0.0, 0.0], 10.0, true));
        canvas.rect([1.0, 1.0], [3.0, 2.0], &Style::fill("#123"));
        canvas.rects(
            [([0.0, 0.0], [1.0, 1.0]), ([2.0, 0.0], [4.0, 1.0])],
            &Style::fill("red"),
        );
        canvas.circle([5.0, 5.0], 2.0, &Style::stroke("blue", 1.5));
        canvas.dot([5.0, 5.0], 3.0, &Style::fill("green").with_opacity(0.5));
        canvas.text(
            [0.0, 10.0],
            "a < b & \"c\"",
            12.0,
            TextAnchor::Middle,
            "black",
        );
        let text = svg.finish();
        assert!(
            text.contains("<rect x=\"10\" y=\"80\" width=\"20\" height=\"10\" fill=\"#123\"/>")
        );
        assert!(text.contains("<path d=\"M0 90h10v10h-10zM20 90h20v10h-20z\" fill=\"red\"/>"));
        assert!(text.contains("<circle cx=\"50\" cy=\"50\" r=\"20\" fill=\"none\" stroke=\"blue\" stroke-width=\"1.5\""));
        assert!(text.contains("r=\"3\" fill=\"green\" opacity=\"0.5\"/>"));
        assert!(text.contains(">a &lt; b &amp; &quot;c&quot;</text>"));
        assert!(text.contains("width=\"100\" height=\"100\" viewBox=\"0 0 100 100\""));
    }

    #[test]
    fn non_finite_shapes_are_skipped() {
        let mut svg = Svg::new(10.0, 10.0);
        let mut canvas = svg.pixels();
        canvas.rect([f64::NAN, 0.0], [1.0, 1.0], &Style::fill("red"));
        canvas.polyline(
            [[0.0, 0.0], [f64::INFINITY, 1.0]],
            &Style::stroke("red", 1.0),
        );
        canvas.circle([0.0, 0.0], f64::NAN, &Style::fill("red"));
        canvas.circle([0.0, 0.0], -1.0, &Style::fill("red"));
        canvas.arc(
            [0.0, 0.0],
            1.0,
            f64::NAN,
            1.0,
            true,
            &Style::stroke("red", 1.0),
        );
        canvas.text([f64::NAN, 0.0], "x", 10.0, TextAnchor::Start, "red");
        canvas.rects([([f64::NAN, 0.0], [1.0, 1.0])], &Style::fill("red"));
        let text = svg.finish();
        assert!(!text.contains("red"), "{text}");
        assert!(!text.contains("NaN") && !text.contains("inf"));
    }

    #[test]
    fn arcs_turn_the_right_way_in_both_orientations() {
        // A quarter turn from angle 0 to π/2 around the origin, radius 1, at 10 px per unit.
        let quarter = |y_up: bool, ccw: bool| {
            let mut svg = Svg::new(40.0, 40.0);
            let frame = Frame::new([-2.0, -2.0], [2.0, 2.0], [0.0, 0.0], 10.0, y_up);
            svg.canvas(frame).arc(
                [0.0, 0.0],
                1.0,
                0.0,
                std::f64::consts::FRAC_PI_2,
                ccw,
                &Style::stroke("k", 1.0),
            );
            svg.finish()
        };
        // y up: (1, 0) is pixel (30, 20), (0, 1) is pixel (20, 10); counter-clockwise on screen.
        assert!(quarter(true, true).contains("M30 20A10 10 0 0 0 20 10"));
        // y down: (0, 1) is pixel (20, 30); increasing angles turn clockwise on screen.
        assert!(quarter(false, true).contains("M30 20A10 10 0 0 1 20 30"));
        // Clockwise from 0 to π/2 is three quarters of a turn: two pieces.
        assert!(quarter(true, false).contains("M30 20A10 10 0 0 1 12.93 27.07A10 10 0 0 1 20 10"));

        // Crossing ±π counter-clockwise from 3 to -3 radians is a short arc (0.28 rad).
        let mut svg = Svg::new(40.0, 40.0);
        svg.canvas(Frame::new([-2.0, -2.0], [2.0, 2.0], [0.0, 0.0], 10.0, true))
            .arc([0.0, 0.0], 1.0, 3.0, -3.0, true, &Style::stroke("k", 1.0));
        let text = svg.finish();
        assert_eq!(text.matches('A').count(), 1, "{text}");

        // Equal angles draw nothing.
        let mut svg = Svg::new(40.0, 40.0);
        svg.pixels()
            .arc([20.0, 20.0], 5.0, 1.0, 1.0, true, &Style::stroke("k", 1.0));
        assert!(!svg.finish().contains("<path"));
    }
}
