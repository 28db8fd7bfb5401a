//! The JSON report of a path made of segments and arcs, shared by `nav circles` and `nav mesh`:
//!
//! `{"status": ..., "length": ..., "segments": [...], "expanded": n}` (plus `"partial": bool`
//! when asked), where each segment is `{"line": {"from": [x, y], "to": [x, y]}}` or
//! `{"arc": {"center": [x, y], "radius": r, "start_angle": a, "end_angle": b, "ccw": bool}}`:
//! angles in radians from +x towards +y, `end_angle = start_angle ± sweep` (not wrapped), and
//! the segments join end to end from the start point to the goal point.
//!
//! ```
//! use nav::geom::{PathPiece, Segment, Vec2};
//! use nav_cli::piece_report::SegmentReport;
//!
//! let line = PathPiece::Line(Segment::new(Vec2::ZERO, Vec2::new(3.0, 4.0)));
//! assert_eq!(
//!     serde_json::to_string(&SegmentReport::of(&line)).unwrap(),
//!     r#"{"line":{"from":[0.0,0.0],"to":[3.0,4.0]}}"#
//! );
//! ```

use nav::geom::{PathPiece, Turn};
use serde::Serialize;
use std::io::{self, Write};

use crate::json::point_pair;

/// One piece of the path in the JSON report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SegmentReport {
    /// A straight segment.
    Line {
        /// Where it starts, `[x, y]`.
        from: [f32; 2],
        /// Where it ends, `[x, y]`.
        to: [f32; 2],
    },
    /// An arc around a grown obstacle: a circle of radius `R + r`, or an obstacle's corner
    /// with radius `r`.
    Arc {
        /// The arc's centre, `[x, y]`.
        center: [f32; 2],
        /// The arc's radius.
        radius: f32,
        /// Angle of the arc's first point (radians, from +x towards +y).
        start_angle: f32,
        /// Angle of its last point: the start angle plus the sweep counter-clockwise, minus it
        /// clockwise (not wrapped into a range).
        end_angle: f32,
        /// Whether the arc turns counter-clockwise (angles increasing).
        ccw: bool,
    },
}

impl SegmentReport {
    /// The report of one path piece.
    pub fn of(piece: &PathPiece) -> Self {
        match piece {
            PathPiece::Line(s) => SegmentReport::Line {
                from: point_pair(s.a),
                to: point_pair(s.b),
            },
            PathPiece::Arc(a) => SegmentReport::Arc {
                center: point_pair(a.center),
                radius: a.radius,
                start_angle: a.start,
                end_angle: a.end_angle(),
                ccw: a.turn == Turn::Ccw,
            },
        }
    }
}

/// The JSON report of a query whose path is made of pieces.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PiecePathReport {
    /// `found`, `no_path`, `limit_reached`, `start_blocked`, `goal_blocked` or
    /// `out_of_bounds`.
    pub status: &'static str,
    /// Length of the reported path (0 when there is none).
    pub length: f64,
    /// The path's pieces from the start (empty when there is none).
    pub segments: Vec<SegmentReport>,
    /// Number of nodes the search expanded.
    pub expanded: usize,
    /// With `--partial`: whether the path stops short of the goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<bool>,
}

impl PiecePathReport {
    /// The report of a path: its status, length, pieces and expansions; `partial` is
    /// `Some(is_partial)` when the command was asked for partial paths.
    pub fn new(
        status: &'static str,
        length: f64,
        pieces: &[PathPiece],
        expanded: usize,
        partial: Option<bool>,
    ) -> Self {
        Self {
            status,
            length,
            segments: pieces.iter().map(SegmentReport::of).collect(),
            expanded,
            partial,
        }
    }
}

/// Writes `pieces` one per line, as the text output of `nav circles` and `nav mesh` prints them:
/// `line X,Y -> X,Y` or `arc around X,Y radius R from A to B rad ccw|cw`.
pub fn write_pieces(out: &mut dyn Write, pieces: &[PathPiece]) -> io::Result<()> {
    for piece in pieces {
        match piece {
            PathPiece::Line(s) => writeln!(out, "line {},{} -> {},{}", s.a.x, s.a.y, s.b.x, s.b.y)?,
            PathPiece::Arc(a) => writeln!(
                out,
                "arc around {},{} radius {} from {:.4} to {:.4} rad {}",
                a.center.x,
                a.center.y,
                a.radius,
                a.start,
                a.end_angle(),
                if a.turn == Turn::Ccw { "ccw" } else { "cw" }
            )?,
        }
    }
    Ok(())
}
