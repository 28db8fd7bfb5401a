//! Legends: a row of swatches with labels, left to right, in pixel coordinates.

use super::{Canvas, Style, TextAnchor};

/// The next free place on a legend row.
///
/// ```
/// use nav_cli::svg::legend::Legend;
/// use nav_cli::svg::{Style, Svg};
///
/// let mut svg = Svg::new(400.0, 30.0);
/// let mut canvas = svg.pixels();
/// let mut legend = Legend::new(8.0, 10.0);
/// legend.swatch(&mut canvas, &Style::fill("#4a4a4a"), "wall");
/// legend.line(&mut canvas, &Style::stroke("red", 3.0), "path");
/// let text = svg.finish();
/// assert!(text.contains(">wall</text>") && text.contains(">path</text>"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Legend {
    x: f64,
    y: f64,
}

impl Legend {
    /// Side of a swatch, in pixels.
    pub const SWATCH_PX: f64 = 12.0;
    /// Height of the labels' text, in pixels.
    pub const TEXT_PX: f64 = 12.0;

    /// A legend row whose first swatch has its top-left corner at pixel `(x, y)`.
    pub fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// Where the next entry starts (pixel x).
    pub fn x(&self) -> f64 {
        self.x
    }

    /// A square swatch filled or outlined in `style`, then `label`.
    pub fn swatch(&mut self, canvas: &mut Canvas<'_>, style: &Style, label: &str) {
        let (x, y) = (self.x, self.y);
        canvas.rect([x, y], [x + Self::SWATCH_PX, y + Self::SWATCH_PX], style);
        self.label(canvas, label);
    }

    /// A short horizontal line in `style` (a path), then `label`.
    pub fn line(&mut self, canvas: &mut Canvas<'_>, style: &Style, label: &str) {
        let (x, y) = (self.x, self.y + Self::SWATCH_PX / 2.0);
        canvas.line([x, y], [x + Self::SWATCH_PX, y], style);
        self.label(canvas, label);
    }

    fn label(&mut self, canvas: &mut Canvas<'_>, label: &str) {
        canvas.text(
            [self.x + Self::SWATCH_PX + 5.0, self.y + 10.5],
            label,
            Self::TEXT_PX,
            TextAnchor::Start,
            "#222",
        );
        // About 7 pixels per character of a 12-pixel sans-serif label, and a gap.
        self.x += 30.0 + 7.0 * label.chars().count() as f64;
    }
}
