//! What a query returns: a status and a path of straight segments and arcs.

use glam::DVec2;
pub use nav_geom::PathPiece;
use nav_geom::{Arc, Segment, Turn, Vec2};
use nav_search::{PathOutcome, PathStatus};

use crate::{CircleKey, TangentError};

/// The result of a query: its [`PathStatus`] and, when found, the path from the start to the
/// goal as alternating straight segments and arcs, with its exact length.
///
/// Segments and arcs are given in f32 (as engines use them); the total
/// [`length`](TangentPath::length) is computed in f64 from the exact geometry. Pieces of zero
/// length are left out, so two segments or two arcs may follow each other where a path leaves
/// a circle at the point where it arrived, or touches a circle at the start or the goal.
///
/// [`polyline`](TangentPath::polyline) turns the arcs into straight segments for engines that
/// only follow polylines.
#[derive(Debug, Clone, PartialEq)]
pub struct TangentPath {
    status: PathStatus,
    blocking: Option<CircleKey>,
    length: f64,
    expanded: usize,
    partial: bool,
    start: Vec2,
    goal: Vec2,
    pieces: Vec<PathPiece>,
}

impl Default for TangentPath {
    fn default() -> Self {
        Self::new()
    }
}

impl TangentPath {
    /// An empty path (status [`PathStatus::NoPath`]); a [`CircleContext`](crate::CircleContext)
    /// holds the latest one ([`last_path`](crate::CircleContext::last_path)).
    pub fn new() -> Self {
        TangentPath {
            status: PathStatus::NoPath,
            blocking: None,
            length: 0.0,
            expanded: 0,
            partial: false,
            start: Vec2::ZERO,
            goal: Vec2::ZERO,
            pieces: Vec::new(),
        }
    }

    /// How the query ended.
    pub fn status(&self) -> PathStatus {
        self.status
    }

    /// Whether the shortest path was found.
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }

    /// With [`PathStatus::StartBlocked`] or [`PathStatus::GoalBlocked`], the circle whose
    /// inflated disc holds the start or the goal (the deepest one, if several); `None`
    /// otherwise.
    pub fn blocking_circle(&self) -> Option<CircleKey> {
        self.blocking
    }

    /// The summary in the words every navigator uses (its cost is the
    /// [`length`](TangentPath::length)).
    pub fn outcome(&self) -> PathOutcome {
        PathOutcome {
            status: self.status,
            cost: self.length,
            expanded: self.expanded,
            partial: self.partial,
        }
    }

    /// Length of the path in f64: the shortest distance from the start to the goal for this
    /// agent when found, the length of the partial path when one was asked for, 0 otherwise.
    pub fn length(&self) -> f64 {
        self.length
    }

    /// Number of graph nodes the search expanded.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// Whether the pieces are a partial path (the goal was not reached and
    /// [`Limits::partial_path`](nav_search::Limits::partial_path) asked for the path to the
    /// point explored closest to the goal).
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// The start point of the query.
    pub fn start(&self) -> Vec2 {
        self.start
    }

    /// The goal point of the query.
    pub fn goal(&self) -> Vec2 {
        self.goal
    }

    /// The pieces from the start to the goal (or to the end of a partial path); empty when no
    /// path was written.
    pub fn pieces(&self) -> &[PathPiece] {
        &self.pieces
    }

    /// The path as a polyline from the start to the goal, each arc replaced by straight
    /// segments that stay within `max_deviation` of it.
    ///
    /// The segments replacing an arc are tangent to its circle (a circumscribed polygon), so the
    /// polyline never cuts into the obstacle the arc goes around; it bulges out by at most
    /// `max_deviation`. The first point is the start; the last is the goal (or the end of a
    /// partial path). Empty when no path was written.
    ///
    /// # Errors
    /// [`TangentError::InvalidMaxDeviation`] unless `max_deviation` is finite and positive.
    ///
    /// ```
    /// use nav_geom::{Aabb, Circle, Vec2};
    /// use nav_tangent::{CircleContext, CircleQuery, CircleWorld};
    ///
    /// let mut world = CircleWorld::new(Aabb::new(Vec2::splat(-10.0), Vec2::splat(10.0)))?;
    /// world.insert(Circle::new(Vec2::ZERO, 2.0))?;
    /// let mut ctx = CircleContext::new();
    /// ctx.find_path(&world, &CircleQuery::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0)))?;
    /// let points = ctx.last_path().polyline(0.01)?;
    /// assert_eq!(points.first(), Some(&Vec2::new(-5.0, 0.0)));
    /// assert_eq!(points.last(), Some(&Vec2::new(5.0, 0.0)));
    /// // Every point keeps clear of the rock.
    /// assert!(points.iter().all(|p| p.length() >= 2.0 - 1e-4));
    /// # Ok::<(), nav_tangent::TangentError>(())
    /// ```
    pub fn polyline(&self, max_deviation: f32) -> Result<Vec<Vec2>, TangentError> {
        let mut points = Vec::new();
        self.write_polyline(max_deviation, &mut points)?;
        Ok(points)
    }

    /// [`polyline`](TangentPath::polyline) into a caller's buffer (cleared first), so that a
    /// game converting a path every frame does not allocate once the buffer is large enough.
    ///
    /// # Errors
    /// [`TangentError::InvalidMaxDeviation`] unless `max_deviation` is finite and positive.
    pub fn write_polyline(
        &self,
        max_deviation: f32,
        points: &mut Vec<Vec2>,
    ) -> Result<(), TangentError> {
        if !(max_deviation.is_finite() && max_deviation > 0.0) {
            return Err(TangentError::InvalidMaxDeviation { max_deviation });
        }
        points.clear();
        if !self.is_found() && !self.partial {
            return Ok(());
        }
        points.push(self.start);
        let dev = max_deviation as f64;
        for piece in &self.pieces {
            match piece {
                PathPiece::Line(s) => points.push(s.b),
                PathPiece::Arc(arc) => {
                    push_circumscribed(arc, dev, points);
                    points.push(arc.end_point());
                }
            }
        }
        if self.is_found() && points.last() != Some(&self.goal) {
            points.push(self.goal);
        }
        Ok(())
    }

    // --- Filled by the query. ---

    pub(crate) fn begin(&mut self, start: Vec2, goal: Vec2) {
        self.status = PathStatus::NoPath;
        self.blocking = None;
        self.length = 0.0;
        self.expanded = 0;
        self.partial = false;
        self.start = start;
        self.goal = goal;
        self.pieces.clear();
    }

    /// Sets the goal point (a nearest-goal query's, once the search has chosen it).
    pub(crate) fn set_goal(&mut self, goal: Vec2) {
        self.goal = goal;
    }

    pub(crate) fn blocked(&mut self, status: PathStatus, circle: CircleKey) {
        self.finish(status, 0.0, 0, false);
        self.blocking = Some(circle);
    }

    pub(crate) fn finish(
        &mut self,
        status: PathStatus,
        length: f64,
        expanded: usize,
        partial: bool,
    ) {
        self.status = status;
        self.length = length;
        self.expanded = expanded;
        self.partial = partial;
    }

    pub(crate) fn push_line(&mut self, a: DVec2, b: DVec2) {
        if a != b {
            self.pieces
                .push(PathPiece::Line(Segment::new(a.as_vec2(), b.as_vec2())));
        }
    }

    pub(crate) fn push_arc(
        &mut self,
        center: DVec2,
        radius: f64,
        start: f64,
        sweep: f64,
        turn: Turn,
    ) {
        if sweep > 0.0 && radius > 0.0 {
            self.pieces.push(PathPiece::Arc(Arc::new(
                center.as_vec2(),
                radius as f32,
                start as f32,
                sweep as f32,
                turn,
            )));
        }
    }
}

/// Pushes the corners of a polygon circumscribed about `arc` (its edges touch the circle, so
/// the polygon never enters it) whose corners lie at most `dev` outside the circle: corner `k`
/// of `n` sits at angle `start + (2k + 1) h` and radius `r / cos h`, with `h = sweep / 2n`.
fn push_circumscribed(arc: &Arc, dev: f64, points: &mut Vec<Vec2>) {
    let (r, sweep) = (arc.radius as f64, arc.sweep as f64);
    if !(r > 0.0 && sweep > 0.0) {
        return;
    }
    // A corner at r / cos h deviates r (1 / cos h - 1); keep corners within 2r of the centre
    // even when the caller allows a huge deviation.
    let max_half = (r / (r + dev))
        .acos()
        .clamp(1e-6, std::f64::consts::FRAC_PI_3);
    let n = (sweep / (2.0 * max_half)).ceil().clamp(1.0, 1.0e6) as u32;
    let half = sweep / (2.0 * n as f64);
    let reach = r / half.cos();
    let center = arc.center.as_dvec2();
    let sign = arc.turn.sign() as f64;
    for k in 0..n {
        let angle = arc.start as f64 + sign * (2 * k + 1) as f64 * half;
        points.push((center + DVec2::from_angle(angle) * reach).as_vec2());
    }
}
