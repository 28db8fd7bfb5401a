//! An independent oracle for the shortest path of a disc among polygons, boxes and circles,
//! written for the tests of nav-mesh and sharing no code with it.
//!
//! # The bracket
//! The disc of radius `r` moves among obstacles `O_i` inside a box; its centre moves in the
//! plane minus the grown obstacles `O_i ⊕ D(r)`, inside the box shrunk by `r`. The oracle
//! replaces the disc `D(r)` by a regular `k`-gon twice:
//!
//! * **inscribed** (vertices on the circle of radius `r`): the grown obstacles shrink, the free
//!   space grows, so the shortest path is a **lower** bound of the true length;
//! * **circumscribed** (radius `r / cos(π / k)`): the grown obstacles contain the true ones,
//!   so the shortest path is an **upper** bound.
//!
//! A circle obstacle of radius `R` grows to a disc of radius `R + r`, replaced the same way by
//! an inscribed (lower) or circumscribed (upper) `k`-gon. The bounds shrink by `r` exactly in
//! both problems.
//!
//! Both problems are polygonal and solved exactly: a visibility graph over the vertices of the
//! blocked pieces plus the start and the goal, searched by A* with the straight-line distance.
//!
//! # The blocked set
//! A polygon `P` grown by a convex `K` containing the origin is `P ∪ ⋃_edges conv(e ⊕ K)`: a
//! point `p + k` outside `P` with `p` in `P` lies on a segment from `p` that crosses the
//! boundary of `P` at some `q`, and `p + k = q + t·k` with `t·k` in `K`. The oracle never
//! computes the union: the blocked set is a list of pieces, the polygon itself (non-convex
//! allowed) and one convex hull per edge; the outside of the shrunk bounds is four more boxes.
//!
//! # Visibility, touching, and the zero-width gap rule
//! Around any point `p`, each piece that has `p` on its boundary blocks a closed wedge of
//! directions (the interior angle at a vertex, a half-plane on an edge); a piece with `p` in
//! its interior blocks everything. The wedges are united, **touching wedges merged** (two
//! pieces sharing an edge leave no direction between them), and the remaining closed
//! directions form the free *sectors* at `p`. The rule:
//!
//! * a segment may leave point `a` only in a direction inside a free sector of `a`;
//! * it may pass through a point `p` only when its forward and backward directions lie in
//!   **one** free sector of `p`.
//!
//! So touching an obstacle and sliding along its edge are allowed (the edge's direction is the
//! boundary of the sector), entering an interior is not, and passing through the single point
//! where two blocked pieces touch (a zero-width gap, e.g. two boxes meeting at a corner) is
//! not: the two directions fall into different sectors. The graph's nodes are (point, sector)
//! pairs, so a path cannot slip through such a point by bending at it either. The rule is
//! applied at every point where the segment meets a piece's edge or vertex and in the middle
//! of every stretch between two such points, which covers the whole segment (along a stretch
//! the local picture does not change).
//!
//! Only sectors wider than `π` can be bend points of a shortest path (elsewhere the path can
//! be shortened near the vertex), so only those are graph nodes, besides the start and the
//! goal.
//!
//! Tolerances: a point within `tol = 1e-9 × scale` of a vertex or an edge is on it. Directions
//! are judged by the same positional tolerance: a direction lies in a sector when it is within
//! `1e-9 + 2 tol / length` rad of it at a side, `length` being that side's edge as seen from the
//! point (from a vertex, the edge's length; from inside an edge, the distance to its end), so a
//! segment within the tolerance of an edge along the edge's whole length lies along it, not in
//! the blocked wedge (an angular 1e-9 rad alone refused segments along corners collinear to
//! 2e-8 off any lattice). Touching wedges still merge within 1e-9 rad only, so the side
//! tolerances never open a zero-width gap. An edge crosses a segment when each one's ends lie
//! farther than `tol` on both sides of the other's line.
//!
//! The cost is `O(V² · E)` in the worst case: keep worlds small (a few hundred vertices).
//!
//! ```
//! use glam::DVec2;
//! use nav_testkit::polygon_oracle::{OracleObstacle, OracleWorld, shortest_path_bracket};
//!
//! // A 2 x 2 box in the middle of a 10 x 10 room; walk past it with a disc of radius 0.5.
//! let world = OracleWorld::new(
//!     DVec2::ZERO,
//!     DVec2::splat(10.0),
//!     vec![OracleObstacle::Box { min: DVec2::new(4.0, 4.0), max: DVec2::new(6.0, 6.0) }],
//! );
//! let bracket = shortest_path_bracket(&world, 0.5, DVec2::new(1.0, 5.0), DVec2::new(9.0, 5.0), 32);
//! let (lower, upper) = (bracket.lower.unwrap(), bracket.upper.unwrap());
//! // Over the top, around two corners of the grown box: bracketed within 1%.
//! assert!(lower <= upper && upper < lower * 1.01);
//! assert!(lower > 8.0);
//! ```
//!
//! Over 600 lines: the oracle (growth, visibility, the zero-width-gap rule, Dijkstra), its
//! geometric checker and its world generator are one independent reference and stay together.

use std::f64::consts::{PI, TAU};

use glam::DVec2;
use nav_geom::PathPiece;

use crate::TestRng;

/// An obstacle of the oracle's world, in f64.
#[derive(Debug, Clone, PartialEq)]
pub enum OracleObstacle {
    /// A simple polygon, either orientation, convex or not.
    Polygon(Vec<DVec2>),
    /// An axis-aligned box.
    Box {
        /// Minimum corner.
        min: DVec2,
        /// Maximum corner.
        max: DVec2,
    },
    /// A disc.
    Circle {
        /// Centre.
        center: DVec2,
        /// Radius.
        radius: f64,
    },
}

impl OracleObstacle {
    /// The outline as a counter-clockwise polygon (`None` for a circle).
    pub fn outline(&self) -> Option<Vec<DVec2>> {
        match self {
            OracleObstacle::Polygon(points) => Some(counter_clockwise(points.clone())),
            OracleObstacle::Box { min, max } => Some(vec![
                *min,
                DVec2::new(max.x, min.y),
                *max,
                DVec2::new(min.x, max.y),
            ]),
            OracleObstacle::Circle { .. } => None,
        }
    }

    /// Distance from `p` to the obstacle (0 inside or on it).
    pub fn distance_to_point(&self, p: DVec2) -> f64 {
        match self {
            OracleObstacle::Circle { center, radius } => (p.distance(*center) - radius).max(0.0),
            _ => {
                let poly = self.outline().unwrap_or_default();
                if point_in_polygon(&poly, p) {
                    return 0.0;
                }
                edges(&poly)
                    .map(|(a, b)| distance_point_segment(p, a, b))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }

    /// Signed distance from `p` to the obstacle's boundary: negative inside.
    pub fn signed_distance_to_point(&self, p: DVec2) -> f64 {
        match self {
            OracleObstacle::Circle { center, radius } => p.distance(*center) - radius,
            _ => {
                let poly = self.outline().unwrap_or_default();
                let d = edges(&poly)
                    .map(|(a, b)| distance_point_segment(p, a, b))
                    .fold(f64::INFINITY, f64::min);
                if point_in_polygon(&poly, p) { -d } else { d }
            }
        }
    }

    /// The smallest signed distance from a point of the segment `ab` to the obstacle: the
    /// distance when they do not meet, minus (at least half) the depth reached inside when the
    /// segment enters the obstacle, 0 when it only touches.
    pub fn signed_distance_to_segment(&self, a: DVec2, b: DVec2) -> f64 {
        let d = self.distance_to_segment(a, b);
        if d > 0.0 {
            return d;
        }
        if let OracleObstacle::Circle { center, radius } = self {
            return distance_point_segment(*center, a, b) - radius;
        }
        // Cut the segment where it crosses the outline; inside a stretch the signed distance is
        // concave for a convex outline, so its middle reaches at least half the depth.
        let poly = self.outline().unwrap_or_default();
        let dir = b - a;
        let mut ts = vec![0.0, 1.0];
        for (p, q) in edges(&poly) {
            let e = q - p;
            let den = cross(dir, e);
            if den != 0.0 {
                let t = cross(p - a, e) / den;
                let u = cross(p - a, dir) / den;
                if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                    ts.push(t);
                }
            }
        }
        ts.sort_by(f64::total_cmp);
        let mut worst: f64 = 0.0;
        for w in ts.windows(2) {
            let mid = a + dir * (0.5 * (w[0] + w[1]));
            worst = worst.min(self.signed_distance_to_point(mid));
        }
        worst
    }

    /// Distance from the segment `ab` to the obstacle (0 when they meet).
    pub fn distance_to_segment(&self, a: DVec2, b: DVec2) -> f64 {
        match self {
            OracleObstacle::Circle { center, radius } => {
                (distance_point_segment(*center, a, b) - radius).max(0.0)
            }
            _ => {
                let poly = self.outline().unwrap_or_default();
                if point_in_polygon(&poly, a) || point_in_polygon(&poly, b) {
                    return 0.0;
                }
                edges(&poly)
                    .map(|(p, q)| distance_segment_segment(a, b, p, q))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// A box world: bounds `[min, max]` and obstacles.
#[derive(Debug, Clone, PartialEq)]
pub struct OracleWorld {
    /// Minimum corner of the bounds.
    pub min: DVec2,
    /// Maximum corner of the bounds.
    pub max: DVec2,
    /// The obstacles.
    pub obstacles: Vec<OracleObstacle>,
}

impl OracleWorld {
    /// A world with bounds `[min, max]`.
    pub fn new(min: DVec2, max: DVec2, obstacles: Vec<OracleObstacle>) -> Self {
        Self {
            min,
            max,
            obstacles,
        }
    }

    /// Distance from `p` to the nearest obstacle (infinite without obstacles; bounds ignored).
    pub fn clearance(&self, p: DVec2) -> f64 {
        self.obstacles
            .iter()
            .map(|o| o.distance_to_point(p))
            .fold(f64::INFINITY, f64::min)
    }

    /// Signed distance from `p` to the nearest obstacle: negative inside one (infinite without
    /// obstacles; bounds ignored).
    pub fn signed_clearance(&self, p: DVec2) -> f64 {
        self.obstacles
            .iter()
            .map(|o| o.signed_distance_to_point(p))
            .fold(f64::INFINITY, f64::min)
    }

    /// Distance from the segment `ab` to the nearest obstacle (bounds ignored).
    pub fn segment_clearance(&self, a: DVec2, b: DVec2) -> f64 {
        self.obstacles
            .iter()
            .map(|o| o.distance_to_segment(a, b))
            .fold(f64::INFINITY, f64::min)
    }

    /// Whether the disc of radius `r` centred at `p` lies inside the bounds (touching allowed).
    pub fn disc_in_bounds(&self, p: DVec2, r: f64) -> bool {
        p.x >= self.min.x + r
            && p.y >= self.min.y + r
            && p.x <= self.max.x - r
            && p.y <= self.max.y - r
    }

    /// Whether a disc of radius `r` fits at `p`: inside the bounds and at distance `>= r` from
    /// every obstacle (for `r = 0`: not strictly inside one).
    pub fn fits(&self, p: DVec2, r: f64) -> bool {
        self.disc_in_bounds(p, r) && self.signed_clearance(p) >= r
    }

    fn scale(&self) -> f64 {
        self.min.abs().max(self.max.abs()).max_element().max(1.0)
    }
}

/// Lower and upper bounds of the shortest path length (`None`: no path in that problem).
///
/// `lower == None` proves there is no path (even the smaller obstacles block it);
/// `upper == Some(_)` proves there is one (even the larger obstacles let it through).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bracket {
    /// Shortest path among the obstacles grown by the inscribed polygon.
    pub lower: Option<f64>,
    /// Shortest path among the obstacles grown by the circumscribed polygon.
    pub upper: Option<f64>,
}

impl Bracket {
    /// Whether `length` lies in `[lower·(1 - slack), upper·(1 + slack)]` (an unknown upper
    /// bound accepts anything above the lower one; no lower bound accepts nothing).
    pub fn contains(&self, length: f64, slack: f64) -> bool {
        match (self.lower, self.upper) {
            (None, _) => false,
            (Some(lo), None) => length >= lo * (1.0 - slack) - 1e-9,
            (Some(lo), Some(hi)) => {
                length >= lo * (1.0 - slack) - 1e-9 && length <= hi * (1.0 + slack) + 1e-9
            }
        }
    }
}

/// The path found by [`grown_shortest_path`]: its length and its corners.
#[derive(Debug, Clone, PartialEq)]
pub struct OraclePath {
    /// Length of the polyline.
    pub length: f64,
    /// The corners from start to goal.
    pub points: Vec<DVec2>,
}

/// Which regular polygon stands in for the disc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Growth {
    /// Vertices on the circle: obstacles grow less than the truth (lower bound).
    Inscribed,
    /// Edges tangent to the circle: obstacles grow more than the truth (upper bound).
    Circumscribed,
}

/// The bracket of the shortest path length for a disc of radius `r` from `start` to `goal`,
/// with `k`-gons (`k >= 3`) for the disc. See the [module docs](self).
pub fn shortest_path_bracket(
    world: &OracleWorld,
    r: f64,
    start: DVec2,
    goal: DVec2,
    k: usize,
) -> Bracket {
    Bracket {
        lower: grown_shortest_path(world, r, start, goal, k, Growth::Inscribed).map(|p| p.length),
        upper: grown_shortest_path(world, r, start, goal, k, Growth::Circumscribed)
            .map(|p| p.length),
    }
}

/// The exact shortest path in one of the two polygonal problems (`None`: no path, or the start
/// or the goal is blocked or outside the shrunk bounds).
pub fn grown_shortest_path(
    world: &OracleWorld,
    r: f64,
    start: DVec2,
    goal: DVec2,
    k: usize,
    growth: Growth,
) -> Option<OraclePath> {
    assert!(k >= 3, "k must be at least 3");
    assert!(r >= 0.0 && r.is_finite(), "bad radius {r}");
    let domain = Domain::new(world, r, k, growth)?;
    domain.shortest_path(start, goal)
}

// ---------------------------------------------------------------------------------------------
// The polygonal domain.

const ANGLE_TOL: f64 = 1e-9;

/// A blocked wedge or a free sector at a point: `start` and `width` (counter-clockwise) in
/// radians, and the angular tolerance of each of its two sides.
///
/// A side is a piece's edge seen from the point, and a direction within `tol / length` of it
/// stays within the positional tolerance of that edge along its whole length: it lies along
/// the edge, not in the wedge (case 7352 of nav-mesh's hunt2: a segment along comb corners
/// 2e-8 off collinear passes within 1.5e-8 of an edge whose direction differs from its own by
/// 1.2e-8 rad; a plain 1e-9 rad test refused it although every point of it is outside the
/// obstacle or on it within the positional tolerance).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Span {
    start: f64,
    width: f64,
    start_tol: f64,
    end_tol: f64,
}

/// The angular tolerance of a side of the given length (twice the positional tolerance over
/// the length, plus the plain angular one for rounding).
fn side_tol(tol: f64, length: f64) -> f64 {
    if length > 0.0 {
        ANGLE_TOL + 2.0 * tol / length
    } else {
        ANGLE_TOL
    }
}

struct Piece {
    /// Counter-clockwise, no repeated consecutive points, non-zero area.
    pts: Vec<DVec2>,
    min: DVec2,
    max: DVec2,
    /// One of the four boxes outside the bounds (its vertices are never graph nodes).
    outside: bool,
}

impl Piece {
    fn new(points: Vec<DVec2>, outside: bool) -> Option<Piece> {
        let mut pts: Vec<DVec2> = Vec::with_capacity(points.len());
        for p in points {
            if pts.last() != Some(&p) {
                pts.push(p);
            }
        }
        while pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        if pts.len() < 3 || signed_area(&pts).abs() < 1e-12 {
            return None;
        }
        let pts = counter_clockwise(pts);
        let min = pts.iter().copied().fold(DVec2::INFINITY, DVec2::min);
        let max = pts.iter().copied().fold(DVec2::NEG_INFINITY, DVec2::max);
        Some(Piece {
            pts,
            min,
            max,
            outside,
        })
    }

    fn near_box(&self, lo: DVec2, hi: DVec2, tol: f64) -> bool {
        lo.x <= self.max.x + tol
            && lo.y <= self.max.y + tol
            && hi.x >= self.min.x - tol
            && hi.y >= self.min.y - tol
    }

    /// The blocked wedge at `p`: `Some(None)` when `p` is inside, `Some(Some((start, width)))`
    /// on the boundary, `None` outside.
    fn wedge_at(&self, p: DVec2, tol: f64) -> Option<Option<Span>> {
        if !self.near_box(p, p, tol) {
            return None;
        }
        let n = self.pts.len();
        for i in 0..n {
            if self.pts[i].distance(p) <= tol {
                let v = self.pts[i];
                let (next, prev) = (self.pts[(i + 1) % n], self.pts[(i + n - 1) % n]);
                let start = angle(next - v);
                let end = angle(prev - v);
                return Some(Some(Span {
                    start,
                    width: (end - start).rem_euclid(TAU),
                    start_tol: side_tol(tol, next.distance(v)),
                    end_tol: side_tol(tol, prev.distance(v)),
                }));
            }
        }
        for i in 0..n {
            let (a, b) = (self.pts[i], self.pts[(i + 1) % n]);
            if distance_point_segment(p, a, b) <= tol {
                return Some(Some(Span {
                    start: angle(b - a),
                    width: PI,
                    start_tol: side_tol(tol, b.distance(p)),
                    end_tol: side_tol(tol, a.distance(p)),
                }));
            }
        }
        if point_in_polygon(&self.pts, p) {
            Some(None)
        } else {
            None
        }
    }
}

struct Domain {
    pieces: Vec<Piece>,
    /// The shrunk bounds.
    min: DVec2,
    max: DVec2,
    tol: f64,
}

#[derive(Clone, Copy)]
struct Node {
    p: DVec2,
    sector: Span,
}

impl Domain {
    fn new(world: &OracleWorld, r: f64, k: usize, growth: Growth) -> Option<Domain> {
        let min = world.min + DVec2::splat(r);
        let max = world.max - DVec2::splat(r);
        if min.x > max.x || min.y > max.y {
            return None;
        }
        let scale = world.scale();
        let tol = 1e-9 * scale;
        let grow = match growth {
            Growth::Inscribed => 1.0,
            Growth::Circumscribed => 1.0 / (PI / k as f64).cos(),
        };
        let kernel: Vec<DVec2> = if r > 0.0 {
            regular_polygon(DVec2::ZERO, r * grow, k)
        } else {
            Vec::new()
        };
        let mut pieces = Vec::new();
        for obstacle in &world.obstacles {
            match obstacle {
                OracleObstacle::Circle { center, radius } => {
                    let big = radius + r;
                    if big > 0.0 {
                        pieces.extend(Piece::new(regular_polygon(*center, big * grow, k), false));
                    }
                }
                _ => {
                    let poly = obstacle.outline().unwrap_or_default();
                    for (a, b) in edges(&poly) {
                        if kernel.is_empty() {
                            break;
                        }
                        let cloud: Vec<DVec2> =
                            kernel.iter().flat_map(|&o| [a + o, b + o]).collect();
                        pieces.extend(Piece::new(convex_hull(cloud), false));
                    }
                    pieces.extend(Piece::new(poly, false));
                }
            }
        }
        // The outside of the shrunk bounds: four overlapping boxes.
        let l = 4.0 * scale + 10.0;
        let outside = [
            (
                DVec2::new(min.x - l, min.y - l),
                DVec2::new(min.x, max.y + l),
            ),
            (
                DVec2::new(max.x, min.y - l),
                DVec2::new(max.x + l, max.y + l),
            ),
            (
                DVec2::new(min.x - l, min.y - l),
                DVec2::new(max.x + l, min.y),
            ),
            (
                DVec2::new(min.x - l, max.y),
                DVec2::new(max.x + l, max.y + l),
            ),
        ];
        for (lo, hi) in outside {
            let b = OracleObstacle::Box { min: lo, max: hi };
            pieces.extend(Piece::new(b.outline().unwrap_or_default(), true));
        }
        Some(Domain {
            pieces,
            min,
            max,
            tol,
        })
    }

    fn in_bounds(&self, p: DVec2) -> bool {
        p.x >= self.min.x - self.tol
            && p.y >= self.min.y - self.tol
            && p.x <= self.max.x + self.tol
            && p.y <= self.max.y + self.tol
    }

    /// The free sectors at `p` (empty when `p` is blocked).
    fn sectors(&self, p: DVec2) -> Vec<Span> {
        let mut wedges = Vec::new();
        for piece in &self.pieces {
            match piece.wedge_at(p, self.tol) {
                None => {}
                Some(None) => return Vec::new(),
                Some(Some(w)) => wedges.push(w),
            }
        }
        free_sectors(wedges)
    }

    /// Whether a segment may pass through `p` in direction `theta` (both ways).
    fn passes(&self, p: DVec2, theta: f64) -> bool {
        self.sectors(p)
            .iter()
            .any(|&s| in_sector(theta, s) && in_sector(theta + PI, s))
    }

    fn visible(&self, a: &Node, b: &Node) -> bool {
        let d = b.p - a.p;
        let len2 = d.length_squared();
        if len2.sqrt() <= self.tol {
            return true;
        }
        let theta = angle(d);
        if !in_sector(theta, a.sector) || !in_sector(theta + PI, b.sector) {
            return false;
        }
        // Every point where the segment meets a piece's boundary.
        let (lo, hi) = (a.p.min(b.p), a.p.max(b.p));
        let mut ts = Vec::new();
        for piece in &self.pieces {
            if !piece.near_box(lo, hi, self.tol) {
                continue;
            }
            let n = piece.pts.len();
            for i in 0..n {
                let (p, q) = (piece.pts[i], piece.pts[(i + 1) % n]);
                if distance_point_segment(p, a.p, b.p) <= self.tol {
                    ts.push((p - a.p).dot(d) / len2);
                }
                let (op, oq) = (cross(d, p - a.p), cross(d, q - a.p));
                let e = q - p;
                let (oa, ob) = (cross(e, a.p - p), cross(e, b.p - p));
                // Each cross product is a distance times the length of the line it is taken
                // against: the slack is the positional tolerance times that length (a slack
                // of the tolerance times both lengths let a short segment cross a long edge
                // 5e-7 deep unseen: case 41209 of nav-mesh's hunt2).
                let (slack_pq, slack_ab) = (self.tol * len2.sqrt(), self.tol * e.length());
                if ((op > slack_pq && oq < -slack_pq) || (op < -slack_pq && oq > slack_pq))
                    && ((oa > slack_ab && ob < -slack_ab) || (oa < -slack_ab && ob > slack_ab))
                {
                    ts.push(cross(p - a.p, e) / cross(d, e));
                }
            }
        }
        let t_tol = self.tol / len2.sqrt();
        ts.retain(|&t| t > t_tol && t < 1.0 - t_tol);
        ts.sort_by(f64::total_cmp);
        ts.dedup_by(|x, y| (*x - *y).abs() <= t_tol);
        // The middle of every stretch, then every meeting point.
        let mut prev = 0.0;
        for &t in ts.iter().chain(std::iter::once(&1.0)) {
            if !self.passes(a.p + d * (0.5 * (prev + t)), theta) {
                return false;
            }
            prev = t;
        }
        ts.iter().all(|&t| self.passes(a.p + d * t, theta))
    }

    fn shortest_path(&self, start: DVec2, goal: DVec2) -> Option<OraclePath> {
        if !self.in_bounds(start) || !self.in_bounds(goal) {
            return None;
        }
        let start_sectors = self.sectors(start);
        let goal_sectors = self.sectors(goal);
        if start_sectors.is_empty() || goal_sectors.is_empty() {
            return None;
        }
        if start.distance(goal) <= self.tol {
            return Some(OraclePath {
                length: 0.0,
                points: vec![start, goal],
            });
        }
        let mut nodes: Vec<Node> = Vec::new();
        let mut is_goal: Vec<bool> = Vec::new();
        for s in start_sectors {
            nodes.push(Node {
                p: start,
                sector: s,
            });
            is_goal.push(false);
        }
        let starts = nodes.len();
        for s in goal_sectors {
            nodes.push(Node { p: goal, sector: s });
            is_goal.push(true);
        }
        let mut corners: Vec<DVec2> = self
            .pieces
            .iter()
            .filter(|piece| !piece.outside)
            .flat_map(|piece| piece.pts.iter().copied())
            .filter(|&p| self.in_bounds(p))
            .collect();
        corners.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        corners.dedup();
        for p in corners {
            for s in self.sectors(p) {
                if s.width > PI + ANGLE_TOL {
                    nodes.push(Node { p, sector: s });
                    is_goal.push(false);
                }
            }
        }
        // A* with the straight-line distance (consistent), selection by linear scan.
        let n = nodes.len();
        let mut g = vec![f64::INFINITY; n];
        let mut parent = vec![usize::MAX; n];
        let mut closed = vec![false; n];
        g[..starts].fill(0.0);
        loop {
            let mut best = usize::MAX;
            let mut best_f = f64::INFINITY;
            for i in 0..n {
                if !closed[i] && g[i].is_finite() {
                    let f = g[i] + nodes[i].p.distance(goal);
                    if f < best_f {
                        best_f = f;
                        best = i;
                    }
                }
            }
            if best == usize::MAX {
                return None;
            }
            if is_goal[best] {
                let mut points = vec![nodes[best].p];
                let mut i = best;
                while parent[i] != usize::MAX {
                    i = parent[i];
                    points.push(nodes[i].p);
                }
                points.reverse();
                return Some(OraclePath {
                    length: g[best],
                    points,
                });
            }
            closed[best] = true;
            let u = nodes[best];
            for w in 0..n {
                if closed[w] {
                    continue;
                }
                let candidate = g[best] + u.p.distance(nodes[w].p);
                if candidate < g[w] && self.visible(&u, &nodes[w]) {
                    g[w] = candidate;
                    parent[w] = best;
                }
            }
        }
    }
}

/// The closed free sectors left by closed blocked wedges, touching wedges merged (with the
/// plain angular tolerance: the sides' own tolerances never open a gap between two pieces).
/// A sector's side takes the tolerance of the wedge side it lies on.
fn free_sectors(mut wedges: Vec<Span>) -> Vec<Span> {
    if wedges.is_empty() {
        return vec![Span {
            start: 0.0,
            width: TAU,
            start_tol: ANGLE_TOL,
            end_tol: ANGLE_TOL,
        }];
    }
    for w in &mut wedges {
        w.start = w.start.rem_euclid(TAU);
    }
    wedges.sort_by(|a, b| a.start.total_cmp(&b.start));
    // (start, end, tolerance of the start side, tolerance of the end side); end may pass TAU.
    let mut merged: Vec<(f64, f64, f64, f64)> = Vec::new();
    for w in wedges {
        let (s, e) = (w.start, w.start + w.width);
        match merged.last_mut() {
            Some(last) if s <= last.1 + ANGLE_TOL => {
                if e > last.1 {
                    last.1 = e;
                    last.3 = w.end_tol;
                }
            }
            _ => merged.push((s, e, w.start_tol, w.end_tol)),
        }
    }
    // Wrap around: the last interval may reach into the first ones.
    while merged.len() > 1 {
        let last = merged[merged.len() - 1];
        let first = merged[0];
        if last.1 + ANGLE_TOL < first.0 + TAU {
            break;
        }
        merged.pop();
        merged[0] = if first.1 >= last.1 - TAU {
            (last.0 - TAU, first.1, last.2, first.3)
        } else {
            (last.0 - TAU, last.1 - TAU, last.2, last.3)
        };
        while merged.len() > 1 && merged[1].0 <= merged[0].1 + ANGLE_TOL {
            if merged[1].1 > merged[0].1 {
                merged[0].1 = merged[1].1;
                merged[0].3 = merged[1].3;
            }
            merged.remove(1);
        }
    }
    if merged.iter().any(|&(s, e, _, _)| e - s >= TAU - ANGLE_TOL) {
        return Vec::new();
    }
    let n = merged.len();
    (0..n)
        .map(|i| {
            let (end, end_side) = (merged[i].1, merged[i].3);
            let next = if i + 1 < n { merged[i + 1] } else { merged[0] };
            let next_start = if i + 1 < n { next.0 } else { next.0 + TAU };
            Span {
                start: end.rem_euclid(TAU),
                width: next_start - end,
                start_tol: end_side,
                end_tol: next.2,
            }
        })
        .collect()
}

fn in_sector(theta: f64, s: Span) -> bool {
    let d = (theta - s.start).rem_euclid(TAU);
    d <= s.width + s.end_tol || d >= TAU - s.start_tol
}

/// Checks a polyline for a point agent (`r = 0`) with the oracle's own rule (see the module
/// docs): it stays in the bounds, no segment enters an obstacle's interior or passes through a
/// zero-width gap, and no bend slips from one free sector of a corner into another.
pub fn check_point_polyline(world: &OracleWorld, points: &[DVec2]) -> Result<(), String> {
    let Some(domain) = Domain::new(world, 0.0, 3, Growth::Inscribed) else {
        return Err("empty bounds".into());
    };
    let mut arrival: Option<(DVec2, f64)> = None; // previous point and direction back to it
    for (i, w) in points.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        if a.distance(b) <= domain.tol {
            continue;
        }
        let sectors = domain.sectors(a);
        let out = angle(b - a);
        let sector = sectors
            .iter()
            .copied()
            .find(|&s| in_sector(out, s) && arrival.is_none_or(|(_, back)| in_sector(back, s)))
            .ok_or_else(|| format!("segment {i} cannot leave {a} towards {b}"))?;
        let end_sector = domain
            .sectors(b)
            .into_iter()
            .find(|&s| in_sector(out + PI, s))
            .ok_or_else(|| format!("segment {i} cannot arrive at {b} from {a}"))?;
        if !domain.visible(
            &Node { p: a, sector },
            &Node {
                p: b,
                sector: end_sector,
            },
        ) {
            return Err(format!("segment {i} from {a} to {b} is blocked"));
        }
        arrival = Some((b, out + PI));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The geometric checker.

/// Centres of arcs around a circle obstacle of radius `R` are accepted at any distance in
/// `[R, R / cos(π / 8)]` from its centre (with radius `r`), for navigators that replace
/// circles by circumscribed polygons of at least 8 sides, besides the exact arc of radius
/// `R + r` around the centre.
pub const CIRCLE_POLYGON_SLACK: f64 = 1.082_392_200_292_394; // 1 / cos(π / 8)

/// Checks a path of pieces for a disc of radius `r` from `start` to `goal`:
///
/// * the pieces join end to end (within `1e-3`), the first starts at `start`, the last ends at
///   `goal` (an empty path only when `start == goal`);
/// * every point keeps distance `>= r - 1e-4` from every obstacle (exact segment distances for
///   lines; arcs sampled densely, ends included) and `>= r - 1e-4` from the bounds' edges;
/// * arcs have radius `r` around an obstacle corner (within `1e-3`), or radius `R + r` around
///   a circle's centre, or radius `r` around a point near a circle (see
///   [`CIRCLE_POLYGON_SLACK`]);
/// * `reported_length` equals the sum of the pieces' lengths within `1e-4` relative.
pub fn check_piece_path(
    world: &OracleWorld,
    r: f64,
    start: DVec2,
    goal: DVec2,
    pieces: &[PathPiece],
    reported_length: f64,
) -> Result<(), String> {
    const JOIN: f64 = 1e-3;
    const CLEAR: f64 = 1e-4;
    let v = |p: glam::Vec2| p.as_dvec2();
    if pieces.is_empty() {
        if start.distance(goal) > JOIN {
            return Err("empty path between distinct points".into());
        }
        if reported_length.abs() > 1e-4 {
            return Err(format!("empty path reports length {reported_length}"));
        }
        return Ok(());
    }
    let first = v(pieces[0].start_point());
    if first.distance(start) > JOIN {
        return Err(format!("path starts at {first}, not at the start {start}"));
    }
    let last = v(pieces[pieces.len() - 1].end_point());
    if last.distance(goal) > JOIN {
        return Err(format!("path ends at {last}, not at the goal {goal}"));
    }
    let in_bounds = |p: DVec2| world.disc_in_bounds(p, r - CLEAR);
    let mut total = 0.0;
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            let (prev, here) = (v(pieces[i - 1].end_point()), v(piece.start_point()));
            if prev.distance(here) > JOIN {
                return Err(format!(
                    "piece {i} starts at {here}, previous ended at {prev}"
                ));
            }
        }
        match piece {
            PathPiece::Line(s) => {
                let (a, b) = (v(s.a), v(s.b));
                total += a.distance(b);
                if !in_bounds(a) || !in_bounds(b) {
                    return Err(format!(
                        "line {i} from {a} to {b} leaves the bounds shrunk by r"
                    ));
                }
                for (j, o) in world.obstacles.iter().enumerate() {
                    let d = o.signed_distance_to_segment(a, b);
                    if d < r - CLEAR {
                        return Err(format!(
                            "line {i} from {a} to {b} passes at {d} from obstacle {j} (r = {r})"
                        ));
                    }
                }
            }
            PathPiece::Arc(arc) => {
                if !arc.is_valid() {
                    return Err(format!("arc {i} is invalid: {arc:?}"));
                }
                let (c, radius) = (v(arc.center), arc.radius as f64);
                total += radius * arc.sweep as f64;
                if !arc_is_around_an_obstacle(world, r, c, radius) {
                    return Err(format!(
                        "arc {i} of radius {radius} around {c} is around no obstacle corner (r = {r})"
                    ));
                }
                let samples = ((radius * arc.sweep as f64 / 0.01) as usize).clamp(64, 4096);
                for s in 0..=samples {
                    let t = s as f64 / samples as f64;
                    let theta = arc.start as f64 + arc.turn.sign() as f64 * arc.sweep as f64 * t;
                    let p = c + DVec2::from_angle(theta) * radius;
                    if !in_bounds(p) {
                        return Err(format!("arc {i} leaves the bounds at {p}"));
                    }
                    for (j, o) in world.obstacles.iter().enumerate() {
                        let d = o.signed_distance_to_point(p);
                        if d < r - CLEAR {
                            return Err(format!(
                                "arc {i} passes at {d} from obstacle {j} at {p} (r = {r})"
                            ));
                        }
                    }
                }
            }
        }
    }
    if (total - reported_length).abs() > 1e-4 * reported_length.abs().max(1.0) {
        return Err(format!(
            "reported length {reported_length} but the pieces add up to {total}"
        ));
    }
    Ok(())
}

fn arc_is_around_an_obstacle(world: &OracleWorld, r: f64, c: DVec2, radius: f64) -> bool {
    const TOL: f64 = 1e-3;
    world.obstacles.iter().any(|o| match o {
        OracleObstacle::Circle {
            center,
            radius: big,
        } => {
            let d = c.distance(*center);
            (d <= TOL && (radius - (big + r)).abs() <= TOL)
                || ((radius - r).abs() <= TOL
                    && d >= big - TOL
                    && d <= big * CIRCLE_POLYGON_SLACK + TOL)
        }
        _ => {
            (radius - r).abs() <= TOL
                && o.outline()
                    .unwrap_or_default()
                    .iter()
                    .any(|&corner| corner.distance(c) <= TOL)
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Random worlds.

/// A random point of the box `[min, max]`.
fn random_point(rng: &mut TestRng, min: DVec2, max: DVec2) -> DVec2 {
    DVec2::new(rng.range(min.x, max.x), rng.range(min.y, max.y))
}

/// What [`random_world`] may put in a world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomWorld {
    /// The bounds are `[0, size]²`.
    pub size: f64,
    /// How many obstacles.
    pub obstacles: usize,
    /// Whether circles may appear.
    pub circles: bool,
    /// Typical obstacle radius (boxes and polygons span up to about twice this).
    pub scale: f64,
    /// Whether obstacles may overlap; when false, their bounding boxes keep apart.
    pub overlaps: bool,
}

/// A random world, the same for the same `seed`: convex polygons, star-shaped (non-convex)
/// polygons in either orientation, boxes, thin rotated walls and (if asked) circles, placed
/// anywhere inside the bounds (overlapping each other only if `spec.overlaps`).
pub fn random_world(seed: u64, spec: RandomWorld) -> OracleWorld {
    let rng = &mut TestRng::new(seed);
    let size = spec.size;
    let mut obstacles: Vec<OracleObstacle> = Vec::new();
    let mut boxes: Vec<(DVec2, DVec2)> = Vec::new();
    let mut tries = 0;
    while obstacles.len() < spec.obstacles && tries < 100 * spec.obstacles {
        tries += 1;
        let kinds = if spec.circles { 5 } else { 4 };
        let radius = rng.range(0.3, 1.0) * spec.scale;
        let c = random_point(rng, DVec2::splat(radius), DVec2::splat(size - radius));
        let obstacle = match rng.index(kinds) {
            0 => {
                // Convex: points on a circle at sorted angles.
                let n = 3 + rng.index(5);
                let mut angles: Vec<f64> = (0..n).map(|_| rng.range(0.0, TAU)).collect();
                angles.sort_by(f64::total_cmp);
                OracleObstacle::Polygon(
                    angles
                        .iter()
                        .map(|&a| c + DVec2::from_angle(a) * radius)
                        .collect(),
                )
            }
            1 => {
                // Star-shaped: sorted angles, random radii; either orientation.
                let n = 5 + rng.index(6);
                let mut angles: Vec<f64> = (0..n)
                    .map(|i| (i as f64 + rng.range(0.1, 0.9)) * TAU / n as f64)
                    .collect();
                if rng.index(2) == 0 {
                    angles.reverse();
                }
                OracleObstacle::Polygon(
                    angles
                        .iter()
                        .map(|&a| c + DVec2::from_angle(a) * radius * rng.range(0.35, 1.0))
                        .collect(),
                )
            }
            2 => {
                let h = DVec2::new(rng.range(0.2, 1.0), rng.range(0.2, 1.0)) * radius;
                OracleObstacle::Box {
                    min: c - h,
                    max: c + h,
                }
            }
            3 => {
                // A thin rotated wall.
                let along = DVec2::from_angle(rng.range(0.0, PI)) * radius;
                let across = along.perp() * (rng.range(0.03, 0.15));
                OracleObstacle::Polygon(vec![
                    c - along - across,
                    c + along - across,
                    c + along + across,
                    c - along + across,
                ])
            }
            _ => OracleObstacle::Circle {
                center: c,
                radius: radius * rng.range(0.3, 0.8),
            },
        };
        let (lo, hi) = obstacle_box(&obstacle);
        let apart = |&(l, h): &(DVec2, DVec2)| {
            lo.x > h.x + 0.05 || lo.y > h.y + 0.05 || hi.x < l.x - 0.05 || hi.y < l.y - 0.05
        };
        if !spec.overlaps && !boxes.iter().all(apart) {
            continue;
        }
        boxes.push((lo, hi));
        obstacles.push(obstacle);
    }
    OracleWorld::new(DVec2::ZERO, DVec2::splat(size), obstacles)
}

fn obstacle_box(o: &OracleObstacle) -> (DVec2, DVec2) {
    match o {
        OracleObstacle::Circle { center, radius } => (
            *center - DVec2::splat(*radius),
            *center + DVec2::splat(*radius),
        ),
        _ => {
            let pts = o.outline().unwrap_or_default();
            (
                pts.iter().copied().fold(DVec2::INFINITY, DVec2::min),
                pts.iter().copied().fold(DVec2::NEG_INFINITY, DVec2::max),
            )
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Small geometry, f64.

fn cross(a: DVec2, b: DVec2) -> f64 {
    a.x * b.y - a.y * b.x
}

fn angle(v: DVec2) -> f64 {
    v.y.atan2(v.x)
}

fn signed_area(pts: &[DVec2]) -> f64 {
    edges(pts).map(|(a, b)| cross(a, b)).sum::<f64>() * 0.5
}

fn counter_clockwise(mut pts: Vec<DVec2>) -> Vec<DVec2> {
    if signed_area(&pts) < 0.0 {
        pts.reverse();
    }
    pts
}

fn edges(pts: &[DVec2]) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
    (0..pts.len()).map(move |i| (pts[i], pts[(i + 1) % pts.len()]))
}

fn regular_polygon(center: DVec2, radius: f64, k: usize) -> Vec<DVec2> {
    (0..k)
        .map(|j| center + DVec2::from_angle(TAU * j as f64 / k as f64) * radius)
        .collect()
}

/// Andrew's monotone chain; counter-clockwise, collinear points dropped.
fn convex_hull(mut pts: Vec<DVec2>) -> Vec<DVec2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<DVec2> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let base = hull.len();
        let iter: Box<dyn Iterator<Item = &DVec2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= base + 2
                && cross(
                    hull[hull.len() - 1] - hull[hull.len() - 2],
                    p - hull[hull.len() - 2],
                ) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Crossing-number test (boundary points: either answer).
fn point_in_polygon(poly: &[DVec2], p: DVec2) -> bool {
    let mut inside = false;
    for (a, b) in edges(poly) {
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Distance from `p` to the segment `ab`.
pub fn distance_point_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let d = b - a;
    let len2 = d.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(d) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + d * t)
}

/// Distance between the segments `ab` and `pq` (0 when they cross or touch).
pub fn distance_segment_segment(a: DVec2, b: DVec2, p: DVec2, q: DVec2) -> f64 {
    let (d1, d2) = (b - a, q - p);
    let (o1, o2) = (cross(d1, p - a), cross(d1, q - a));
    let (o3, o4) = (cross(d2, a - p), cross(d2, b - p));
    if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
    {
        return 0.0;
    }
    distance_point_segment(a, p, q)
        .min(distance_point_segment(b, p, q))
        .min(distance_point_segment(p, a, b))
        .min(distance_point_segment(q, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(x0: f64, y0: f64, x1: f64, y1: f64) -> OracleObstacle {
        OracleObstacle::Box {
            min: DVec2::new(x0, y0),
            max: DVec2::new(x1, y1),
        }
    }

    fn point_path(world: &OracleWorld, s: DVec2, g: DVec2) -> Option<f64> {
        let b = shortest_path_bracket(world, 0.0, s, g, 8);
        assert_eq!(
            b.lower, b.upper,
            "r = 0 without circles: both problems are equal"
        );
        b.lower
    }

    #[test]
    fn empty_room_is_a_straight_line() {
        let w = OracleWorld::new(DVec2::ZERO, DVec2::splat(10.0), vec![]);
        let l = point_path(&w, DVec2::new(1.0, 1.0), DVec2::new(4.0, 5.0)).unwrap();
        assert!((l - 5.0).abs() < 1e-12);
        // Radius: the start must keep r from the walls.
        let b = shortest_path_bracket(&w, 1.5, DVec2::new(1.0, 1.0), DVec2::new(4.0, 5.0), 8);
        assert_eq!(
            b,
            Bracket {
                lower: None,
                upper: None
            }
        );
    }

    #[test]
    fn around_a_box_at_radius_zero() {
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(4.0, 2.0, 6.0, 8.0)],
        );
        let l = point_path(&w, DVec2::new(2.0, 5.0), DVec2::new(8.0, 5.0)).unwrap();
        let expect = 2.0 * (4.0f64 + 9.0).sqrt() + 2.0;
        assert!((l - expect).abs() < 1e-9, "{l} vs {expect}");
    }

    #[test]
    fn sliding_along_a_wall_is_allowed() {
        // Start and goal on the line of the box's top edge.
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(3.0, 0.0, 7.0, 5.0)],
        );
        let l = point_path(&w, DVec2::new(1.0, 5.0), DVec2::new(9.0, 5.0)).unwrap();
        assert!((l - 8.0).abs() < 1e-12);
    }

    #[test]
    fn diagonal_touch_is_a_closed_gap() {
        // Two boxes meeting at (5, 5) with walls to the bounds: the only way across is the
        // corner point, which is closed.
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(0.0, 0.0, 5.0, 5.0), boxed(5.0, 5.0, 10.0, 10.0)],
        );
        assert_eq!(
            point_path(&w, DVec2::new(1.0, 9.0), DVec2::new(9.0, 1.0)),
            None
        );
        // Open the gap a little: now there is a path through the corner region.
        let w2 = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(0.0, 0.0, 5.0, 5.0), boxed(5.001, 5.0, 10.0, 10.0)],
        );
        assert!(point_path(&w2, DVec2::new(1.0, 9.0), DVec2::new(9.0, 1.0)).is_some());
    }

    #[test]
    fn shared_edge_is_blocked() {
        // Two boxes sharing an edge; a segment along the shared edge is inside the union.
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(2.0, 4.0, 5.0, 6.0), boxed(5.0, 4.0, 8.0, 6.0)],
        );
        // From below the shared edge to above it: must go around (x = 2 or x = 8).
        let l = point_path(&w, DVec2::new(5.0, 3.0), DVec2::new(5.0, 7.0)).unwrap();
        let expect = 2.0 * (9.0f64 + 1.0).sqrt() + 2.0;
        assert!((l - expect).abs() < 1e-9, "{l} vs {expect}");
    }

    #[test]
    fn gap_closes_at_twice_the_radius() {
        // Two walls with a gap of width 2 between them (x in [4, 6]).
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(0.0, 4.0, 4.0, 6.0), boxed(6.0, 4.0, 10.0, 6.0)],
        );
        let (s, g) = (DVec2::new(5.0, 1.0), DVec2::new(5.0, 9.0));
        let open = shortest_path_bracket(&w, 0.9, s, g, 16);
        assert!((open.lower.unwrap() - 8.0).abs() < 1e-9);
        assert!((open.upper.unwrap() - 8.0).abs() < 1e-9);
        let closed = shortest_path_bracket(&w, 1.01, s, g, 16);
        assert_eq!(
            closed,
            Bracket {
                lower: None,
                upper: None
            }
        );
        // Exactly 1: the gap has zero width, closed in both.
        let zero = shortest_path_bracket(&w, 1.0, s, g, 16);
        assert_eq!(zero.upper, None);
    }

    #[test]
    fn bracket_narrows_with_k_around_a_circle() {
        // Around a disc of radius 2 (grown to 3) from (-5, 0) to (5, 0): two tangents of
        // length 4 and an arc of 3 * (π - 2 acos(3/5)).
        let w = OracleWorld::new(
            DVec2::splat(-10.0),
            DVec2::splat(10.0),
            vec![OracleObstacle::Circle {
                center: DVec2::ZERO,
                radius: 2.0,
            }],
        );
        let exact = 8.0 + 3.0 * (PI - 2.0 * (0.6f64).acos());
        let mut width = f64::INFINITY;
        for k in [8, 16, 64] {
            let b = shortest_path_bracket(&w, 1.0, DVec2::new(-5.0, 0.0), DVec2::new(5.0, 0.0), k);
            let (lo, hi) = (b.lower.unwrap(), b.upper.unwrap());
            assert!(lo <= exact && exact <= hi, "k = {k}: {lo} {exact} {hi}");
            assert!(hi - lo < width);
            width = hi - lo;
        }
        assert!(width < 1e-2 * exact);
    }

    #[test]
    fn bracket_around_a_box_corner() {
        // Box [4,6]x[0,5], r = 1, from (2, 2) to (8, 2): over the top, around two corners.
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(4.0, 0.0, 6.0, 5.0)],
        );
        // Exact: tangent from (2,2) to the circle of radius 1 at (4,5): distance d = sqrt(4+9),
        // tangent length sqrt(d² - 1); the arc and the top segment of length 2.
        let d2: f64 = 13.0;
        let tangent = (d2 - 1.0).sqrt();
        // Angle of the tangent point: direction from the corner to (2,2) is atan2(-3,-2);
        // the contact sits acos(1/d) away, towards the top.
        let to_start = (-3.0f64).atan2(-2.0);
        let contact = to_start - (1.0 / d2.sqrt()).acos(); // clockwise side: up-left
        let arc = (PI / 2.0 - contact)
            .rem_euclid(TAU)
            .min((contact - PI / 2.0).rem_euclid(TAU));
        let exact = 2.0 * tangent + 2.0 * arc + 2.0;
        let b = shortest_path_bracket(&w, 1.0, DVec2::new(2.0, 2.0), DVec2::new(8.0, 2.0), 32);
        let (lo, hi) = (b.lower.unwrap(), b.upper.unwrap());
        assert!(
            lo <= exact + 1e-9 && exact <= hi + 1e-9,
            "{lo} {exact} {hi}"
        );
        assert!(hi - lo < 2e-3 * exact, "{lo} {exact} {hi}");
    }

    #[test]
    fn non_convex_polygon_either_orientation() {
        // A U shape open to the top; the goal inside the U.
        let u = vec![
            DVec2::new(3.0, 2.0),
            DVec2::new(7.0, 2.0),
            DVec2::new(7.0, 8.0),
            DVec2::new(6.0, 8.0),
            DVec2::new(6.0, 3.0),
            DVec2::new(4.0, 3.0),
            DVec2::new(4.0, 8.0),
            DVec2::new(3.0, 8.0),
        ];
        let mut rev = u.clone();
        rev.reverse();
        let (s, g) = (DVec2::new(5.0, 1.0), DVec2::new(5.0, 4.0));
        let mut lengths = Vec::new();
        for poly in [u, rev] {
            let w = OracleWorld::new(
                DVec2::ZERO,
                DVec2::splat(10.0),
                vec![OracleObstacle::Polygon(poly)],
            );
            lengths.push(point_path(&w, s, g).unwrap());
        }
        // Round a bottom corner, up the outside of an arm, over its top, down to the goal.
        let expect = 5f64.sqrt() + 6.0 + 1.0 + 17f64.sqrt();
        assert!(
            (lengths[0] - expect).abs() < 1e-9,
            "{} vs {expect}",
            lengths[0]
        );
        assert_eq!(lengths[0], lengths[1]);
    }

    #[test]
    fn free_sectors_merge_touching_wedges() {
        let w = |start, width| Span {
            start,
            width,
            start_tol: ANGLE_TOL,
            end_tol: ANGLE_TOL,
        };
        assert_eq!(free_sectors(vec![]), vec![w(0.0, TAU)]);
        assert!(free_sectors(vec![w(0.0, PI), w(PI, PI)]).is_empty());
        let s = free_sectors(vec![w(0.0, PI / 2.0), w(PI, PI / 2.0)]);
        assert_eq!(s.len(), 2);
        // A wedge across the cut at 0.
        let s = free_sectors(vec![w(3.0 * PI / 2.0, PI)]);
        assert_eq!(s.len(), 1);
        assert!((s[0].start - PI / 2.0).abs() < 1e-12 && (s[0].width - PI).abs() < 1e-12);
    }

    #[test]
    fn checker_catches_bad_paths() {
        use glam::Vec2;
        use nav_geom::Segment;
        let w = OracleWorld::new(
            DVec2::ZERO,
            DVec2::splat(10.0),
            vec![boxed(4.0, 4.0, 6.0, 6.0)],
        );
        let line = |a: (f32, f32), b: (f32, f32)| {
            PathPiece::Line(Segment::new(Vec2::new(a.0, a.1), Vec2::new(b.0, b.1)))
        };
        let (s, g) = (DVec2::new(1.0, 5.0), DVec2::new(9.0, 5.0));
        let through = [line((1.0, 5.0), (9.0, 5.0))];
        let err = check_piece_path(&w, 0.0, s, g, &through, 8.0);
        assert!(err.is_err(), "{err:?}");
        let over = [
            line((1.0, 5.0), (4.0, 6.0)),
            line((4.0, 6.0), (6.0, 6.0)),
            line((6.0, 6.0), (9.0, 5.0)),
        ];
        let len = 2.0 * 10f64.sqrt() + 2.0;
        assert_eq!(check_piece_path(&w, 0.0, s, g, &over, len), Ok(()));
        assert!(check_piece_path(&w, 0.0, s, g, &over, len + 0.1).is_err());
        assert!(check_piece_path(&w, 0.5, s, g, &over, len).is_err());
        let broken = [line((1.0, 5.0), (4.0, 6.0)), line((6.0, 6.0), (9.0, 5.0))];
        assert!(check_piece_path(&w, 0.0, s, g, &broken, len).is_err());
    }
}
