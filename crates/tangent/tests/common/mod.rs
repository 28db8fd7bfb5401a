//! Shared test helpers: a seeded random generator, random scenes, an independent oracle (the
//! shortest path among polygons circumscribing the inflated circles) and a geometric checker
//! of returned paths.
#![allow(dead_code)]

use std::f64::consts::{PI, TAU};

use glam::DVec2;
use nav_geom::{Aabb, Circle, Vec2};
use nav_search::PathStatus;
use nav_search::{Graph, Limits, NodeId, SearchContext, Successors};
use nav_spatial::SpatialIndex;
use nav_tangent::{CircleContext, CircleQuery, CircleWorld, PathPiece, TangentError, TangentPath};
use nav_testkit::TestRng;

/// One query in the call shape every navigator shares (a fresh context), with the context's
/// full answer copied out so that tests can keep and compare answers.
pub trait FindPath {
    fn find_path(
        &self,
        start: Vec2,
        goal: Vec2,
        agent: f32,
        limits: &Limits,
    ) -> Result<TangentPath, TangentError>;
}

impl<I: SpatialIndex<u32>> FindPath for CircleWorld<I> {
    fn find_path(
        &self,
        start: Vec2,
        goal: Vec2,
        agent: f32,
        limits: &Limits,
    ) -> Result<TangentPath, TangentError> {
        let mut path = TangentPath::new();
        find_into(
            &mut CircleContext::new(),
            self,
            start,
            goal,
            agent,
            limits,
            &mut path,
        )?;
        Ok(path)
    }
}

/// A query through `ctx`, its answer copied into `path` (left as it was on an error); checks
/// that the borrowed answer and the context's latest path agree.
pub fn find_into<I: SpatialIndex<u32>>(
    ctx: &mut CircleContext,
    world: &CircleWorld<I>,
    start: Vec2,
    goal: Vec2,
    agent: f32,
    limits: &Limits,
    path: &mut TangentPath,
) -> Result<PathStatus, TangentError> {
    let query = CircleQuery::new(start, goal)
        .with_radius(agent)
        .with_limits(*limits);
    let answer = ctx.find_path(world, &query)?;
    let (outcome, pieces) = (answer.outcome(), answer.path().len());
    let last = ctx.last_path();
    assert_eq!(outcome, last.outcome());
    assert_eq!(pieces, last.pieces().len());
    *path = last.clone();
    Ok(outcome.status)
}

/// The tests' seeded generator: nav-testkit's [`TestRng`] (xoshiro256++).
pub struct Rng(TestRng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(TestRng::new(seed))
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in `[lo, hi)`, as f32.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        self.0.range_f32(lo, hi)
    }
}

/// A world holding `circles`.
pub fn world_of(circles: &[Circle]) -> CircleWorld {
    let mut bounds = Aabb::new(Vec2::splat(-1.0), Vec2::splat(1.0));
    for c in circles {
        bounds = bounds.union(&c.aabb());
    }
    // Unbounded: these tests put starts and goals anywhere around the circles (the bounds'
    // confinement has tests of its own).
    let mut world = CircleWorld::with_index(nav_spatial::Quadtree::new(bounds).unwrap()).unwrap();
    for &c in circles {
        world.insert(c).unwrap();
    }
    world
}

/// `n` random circles in `[0, size]²` with radii in `radii`; when `overlap` is false, circles
/// inflated by `agent` keep a gap of at least `agent` from one another.
pub fn random_circles(
    rng: &mut Rng,
    n: usize,
    size: f32,
    radii: (f32, f32),
    overlap: bool,
    agent: f32,
) -> Vec<Circle> {
    let mut circles: Vec<Circle> = Vec::new();
    let mut attempts = 0;
    while circles.len() < n && attempts < 10_000 {
        attempts += 1;
        let c = Circle::new(
            Vec2::new(rng.range(0.0, size), rng.range(0.0, size)),
            rng.range(radii.0, radii.1),
        );
        let clear = circles.iter().all(|o| {
            o.center.distance(c.center) > o.radius + c.radius + 3.0 * agent + 0.05 * size / 10.0
        });
        if overlap || clear {
            circles.push(c);
        }
    }
    circles
}

/// A random point of the box (`min`, `max`) at least `clearance` outside every circle inflated
/// by `agent`.
pub fn free_point(
    rng: &mut Rng,
    circles: &[Circle],
    (min, max): (Vec2, Vec2),
    agent: f32,
    clearance: f64,
) -> Option<Vec2> {
    for _ in 0..1000 {
        let p = Vec2::new(rng.range(min.x, max.x), rng.range(min.y, max.y));
        let free = circles.iter().all(|c| {
            c.center.as_dvec2().distance(p.as_dvec2()) > c.radius as f64 + agent as f64 + clearance
        });
        if free {
            return Some(p);
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// The oracle.
// ---------------------------------------------------------------------------------------------

/// A regular polygon circumscribing a circle: its edges touch the circle.
struct Polygon {
    center: DVec2,
    /// The circle's radius: the distance from the centre to every edge (apothem).
    apothem: f64,
    circumradius: f64,
    /// Angle of the first corner.
    rotation: f64,
    vertices: Vec<DVec2>,
}

impl Polygon {
    fn new(center: DVec2, apothem: f64, sides: usize, rotation: f64) -> Self {
        let circumradius = apothem / (PI / sides as f64).cos();
        let vertices = (0..sides)
            .map(|k| {
                center + DVec2::from_angle(rotation + TAU * k as f64 / sides as f64) * circumradius
            })
            .collect();
        Polygon {
            center,
            apothem,
            circumradius,
            rotation,
            vertices,
        }
    }

    fn sides(&self) -> usize {
        self.vertices.len()
    }

    /// Outward unit normal of edge `k` (from corner `k` to corner `k + 1`).
    fn normal(&self, k: usize) -> DVec2 {
        DVec2::from_angle(self.rotation + TAU * (k as f64 + 0.5) / self.sides() as f64)
    }

    /// Largest signed distance of `q` beyond an edge line: negative strictly inside.
    fn depth(&self, q: DVec2) -> f64 {
        let v = q - self.center;
        let n = self.sides() as f64;
        // The edge whose normal is closest in direction to `v` gives the maximum.
        let a = (v.y.atan2(v.x) - self.rotation) / TAU * n - 0.5;
        let k0 = a.round() as i64;
        (k0 - 1..=k0 + 1)
            .map(|k| {
                let k = k.rem_euclid(self.sides() as i64) as usize;
                v.dot(self.normal(k)) - self.apothem
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    fn strictly_contains(&self, q: DVec2, tol: f64) -> bool {
        self.depth(q) < -tol
    }

    /// Whether the segment `a b` passes through the interior of the polygon.
    fn cuts(&self, a: DVec2, b: DVec2, tol: f64) -> bool {
        let dist = distance_point_segment(self.center, a, b);
        if dist >= self.circumradius {
            return false;
        }
        // Clip the segment by every edge's half-plane (Cyrus-Beck).
        let d = b - a;
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for k in 0..self.sides() {
            let n = self.normal(k);
            let num = self.apothem - (a - self.center).dot(n);
            let den = d.dot(n);
            if den.abs() < 1e-300 {
                if num < 0.0 {
                    return false;
                }
            } else if den > 0.0 {
                t1 = t1.min(num / den);
            } else {
                t0 = t0.max(num / den);
            }
            if t0 >= t1 {
                return false;
            }
        }
        let mid = a + d * ((t0 + t1) / 2.0);
        self.depth(mid) < -tol
    }
}

fn distance_point_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let u = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * u).distance(p)
}

/// The visibility graph among the polygons, with only supporting (tangent) edges: a shortest
/// path among convex obstacles bends only at their corners, arriving and leaving along lines
/// that keep the polygon on one side.
struct PolygonGraph {
    polygons: Vec<Polygon>,
    start: DVec2,
    goal: DVec2,
    /// Whether each corner is outside every other polygon.
    free: Vec<bool>,
    tol: f64,
}

const O_START: NodeId = 0;
const O_GOAL: NodeId = 1;

impl PolygonGraph {
    fn point(&self, node: NodeId) -> DVec2 {
        match node {
            O_START => self.start,
            O_GOAL => self.goal,
            _ => {
                let i = (node - 2) as usize;
                let sides = self.polygons[0].sides();
                self.polygons[i / sides].vertices[i % sides]
            }
        }
    }

    fn visible(&self, a: DVec2, b: DVec2) -> bool {
        self.polygons.iter().all(|poly| !poly.cuts(a, b, self.tol))
    }
}

impl Graph for PolygonGraph {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        if node == O_GOAL {
            return;
        }
        let u = self.point(node);
        if self.visible(u, self.goal) {
            out.push(O_GOAL, u.distance(self.goal));
        }
        let sides = self.polygons[0].sides();
        for (j, poly) in self.polygons.iter().enumerate() {
            for k in 0..sides {
                let v = poly.vertices[k];
                if v == u || !self.free[j * sides + k] {
                    continue;
                }
                let prev = poly.vertices[(k + sides - 1) % sides];
                let next = poly.vertices[(k + 1) % sides];
                let (sp, sn) = ((v - u).perp_dot(prev - u), (v - u).perp_dot(next - u));
                // Supporting line: both neighbours on the same side (or on the line).
                if sp * sn < 0.0 {
                    continue;
                }
                if self.visible(u, v) {
                    out.push(2 + (j * sides + k) as NodeId, u.distance(v));
                }
            }
        }
    }
    fn heuristic(&self, node: NodeId) -> f64 {
        self.point(node).distance(self.goal)
    }
    fn is_goal(&self, node: NodeId) -> bool {
        node == O_GOAL
    }
}

/// The length of the shortest path from `start` to `goal` avoiding regular `sides`-gons that
/// circumscribe the circles inflated by `agent`: an upper bound of the true length that tends to
/// it as `sides` grows. `None` when the polygons leave no path (or hold the start or goal).
pub fn polygon_oracle(
    circles: &[Circle],
    agent: f32,
    start: Vec2,
    goal: Vec2,
    sides: usize,
) -> Option<f64> {
    let mut rotation_seed = Rng::new(circles.len() as u64 * 7919 + sides as u64);
    let polygons: Vec<Polygon> = circles
        .iter()
        .map(|c| {
            Polygon::new(
                c.center.as_dvec2(),
                c.radius as f64 + agent as f64,
                sides,
                rotation_seed.range(0.0, 1.0) as f64 * TAU,
            )
        })
        .collect();
    let scale = circles
        .iter()
        .map(|c| c.center.abs().max_element() as f64 + c.radius as f64)
        .fold(
            start.abs().max_element().max(goal.abs().max_element()) as f64,
            f64::max,
        );
    let tol = 1e-9 * scale.max(1e-30);
    let (s, g) = (start.as_dvec2(), goal.as_dvec2());
    if polygons
        .iter()
        .any(|p| p.strictly_contains(s, tol) || p.strictly_contains(g, tol))
    {
        return None;
    }
    let free = polygons
        .iter()
        .enumerate()
        .flat_map(|(j, poly)| {
            let polygons = &polygons;
            poly.vertices.iter().map(move |&v| {
                polygons
                    .iter()
                    .enumerate()
                    .all(|(i, other)| i == j || !other.strictly_contains(v, tol))
            })
        })
        .collect();
    let mut graph = PolygonGraph {
        polygons,
        start: s,
        goal: g,
        free,
        tol,
    };
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    // A* with the straight-line distance (admissible) to keep the test fast; the graph and its
    // geometry share nothing with nav-tangent.
    let outcome = ctx.astar(&mut graph, O_START, &Limits::default(), &mut path);
    outcome.is_found().then_some(outcome.cost)
}

// ---------------------------------------------------------------------------------------------
// The checker.
// ---------------------------------------------------------------------------------------------

/// Checks a found path: it starts at the start and ends at the goal, its pieces join end to
/// end with matching directions (no cusp), every piece keeps out of every inflated circle
/// (within `tol`), every arc lies on an inflated circle, and the reported length is the sum of
/// the pieces. Panics with a description otherwise.
pub fn check_path(circles: &[Circle], agent: f32, path: &TangentPath, tol: f64) {
    assert!(path.is_found(), "{:?}", path.status());
    let pieces = path.pieces();
    let (start, goal) = (path.start().as_dvec2(), path.goal().as_dvec2());
    if pieces.is_empty() {
        assert!(
            start.distance(goal) <= tol,
            "no pieces from {start} to {goal}"
        );
        assert!(path.length() <= tol);
        return;
    }
    let inflated: Vec<(DVec2, f64)> = circles
        .iter()
        .map(|c| (c.center.as_dvec2(), c.radius as f64 + agent as f64))
        .collect();
    let first = pieces[0].start_point().as_dvec2();
    let last = pieces[pieces.len() - 1].end_point().as_dvec2();
    assert!(
        first.distance(start) <= tol,
        "path starts at {first}, not {start}"
    );
    assert!(
        last.distance(goal) <= tol,
        "path ends at {last}, not {goal}"
    );
    let mut sum = 0.0f64;
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            let prev = &pieces[i - 1];
            let gap = prev
                .end_point()
                .as_dvec2()
                .distance(piece.start_point().as_dvec2());
            assert!(gap <= tol, "pieces {} and {i} are {gap} apart", i - 1);
            // Directions agree where a segment meets an arc (the path is smooth there). Pieces
            // of a few ulps have no meaningful direction.
            let (out_dir, in_dir) = (end_direction(prev), start_direction(piece));
            let long = prev.length() as f64 > 100.0 * tol && piece.length() as f64 > 100.0 * tol;
            if let (Some(a), Some(b), true) = (out_dir, in_dir, long) {
                assert!(
                    a.dot(b) > 1.0 - 1e-4,
                    "cusp between pieces {} and {i}: {a} then {b}",
                    i - 1
                );
            }
        }
        match piece {
            PathPiece::Line(s) => {
                let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
                sum += a.distance(b);
                for &(c, r) in &inflated {
                    let d = distance_point_segment(c, a, b);
                    assert!(
                        d >= r - tol,
                        "segment {i} {a}->{b} enters circle {c} r={r}: distance {d}"
                    );
                }
            }
            PathPiece::Arc(arc) => {
                assert!(arc.is_valid() && arc.sweep > 0.0 && (arc.sweep as f64) < TAU);
                sum += arc.radius as f64 * arc.sweep as f64;
                let center = arc.center.as_dvec2();
                let on = inflated.iter().any(|&(c, r)| {
                    c.distance(center) <= tol && (r - arc.radius as f64).abs() <= tol
                });
                assert!(
                    on,
                    "arc {i} around {center} r={} is on no inflated circle",
                    arc.radius
                );
                for &(c, r) in &inflated {
                    let d = distance_point_arc(c, arc);
                    assert!(
                        d >= r - tol,
                        "arc {i} enters circle {c} r={r}: distance {d}"
                    );
                }
            }
        }
    }
    assert!(
        (sum - path.length()).abs() <= tol.max(1e-6 * path.length()),
        "pieces sum to {sum}, reported length {}",
        path.length()
    );
}

fn distance_point_arc(p: DVec2, arc: &nav_geom::Arc) -> f64 {
    // Dense sampling is plenty at the tolerances used here, and independent of nav-geom.
    let steps = 2000;
    (0..=steps)
        .map(|k| {
            let angle = arc.start as f64
                + arc.turn.sign() as f64 * arc.sweep as f64 * k as f64 / steps as f64;
            (arc.center.as_dvec2() + DVec2::from_angle(angle) * arc.radius as f64).distance(p)
        })
        .fold(f64::INFINITY, f64::min)
}

fn start_direction(piece: &PathPiece) -> Option<DVec2> {
    match piece {
        PathPiece::Line(s) => (s.b - s.a).as_dvec2().try_normalize(),
        PathPiece::Arc(a) => Some(DVec2::from_angle(a.start as f64).perp() * a.turn.sign() as f64),
    }
}

fn end_direction(piece: &PathPiece) -> Option<DVec2> {
    match piece {
        PathPiece::Line(s) => (s.b - s.a).as_dvec2().try_normalize(),
        PathPiece::Arc(a) => {
            Some(DVec2::from_angle(a.end_angle() as f64).perp() * a.turn.sign() as f64)
        }
    }
}
