//! Shared by the integration tests: deterministic random worlds and an independent geometric
//! checker.
//!
//! The checker does not call nav-agent or nav-geom: it keeps its own copy of the obstacles and
//! measures distances with its own closed-form f64 formulas (no sampling), so that a bug in
//! the crate's collision tests cannot hide itself.
#![allow(dead_code)]

use nav_agent::{
    Aabb, Agent, AgentContext, AgentPath, AgentQuery, Circle, Obstacle, QueryError, Vec2, World,
};
use nav_search::Limits;
use nav_spatial::SpatialIndex;
use nav_testkit::TestRng;

/// The query of `agent` from `a` to `b` within `limits`, run through the one call shape
/// (`ctx.find_path(&world, &query)`), with the context's full answer copied out so that tests
/// can compare answers of several queries.
pub trait FindPath {
    fn find_path(
        &self,
        ctx: &mut AgentContext,
        a: Vec2,
        b: Vec2,
        agent: &Agent,
        limits: &Limits,
    ) -> Result<AgentPath, QueryError>;
}

impl<I: SpatialIndex<Obstacle>> FindPath for World<I> {
    fn find_path(
        &self,
        ctx: &mut AgentContext,
        a: Vec2,
        b: Vec2,
        agent: &Agent,
        limits: &Limits,
    ) -> Result<AgentPath, QueryError> {
        let query = AgentQuery::new(a, b).with_agent(agent).with_limits(*limits);
        let answer = ctx.find_path(self, &query)?;
        let outcome = answer.outcome();
        let path = ctx.last_path().clone();
        assert_eq!(outcome, path.outcome());
        assert_eq!(answer_points_len(&path), path.points().len());
        Ok(path)
    }
}

fn answer_points_len(path: &AgentPath) -> usize {
    path.points().len()
}

/// The tests' seeded generator: nav-testkit's [`TestRng`] (xoshiro256++), with the helpers
/// these tests use.
pub struct Rng(TestRng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(TestRng::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.0.unit()
    }

    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        self.0.range(lo, hi)
    }

    pub fn point(&mut self, min: (f64, f64), max: (f64, f64)) -> Vec2 {
        Vec2::new(
            self.range(min.0, max.0) as f32,
            self.range(min.1, max.1) as f32,
        )
    }
}

/// An obstacle as the checker knows it, in f64.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RefShape {
    Box { min: [f64; 2], max: [f64; 2] },
    Disc { center: [f64; 2], radius: f64 },
}

impl RefShape {
    pub fn from_aabb(b: &Aabb) -> Self {
        RefShape::Box {
            min: [b.min.x as f64, b.min.y as f64],
            max: [b.max.x as f64, b.max.y as f64],
        }
    }

    pub fn from_circle(c: &Circle) -> Self {
        RefShape::Disc {
            center: [c.center.x as f64, c.center.y as f64],
            radius: c.radius as f64,
        }
    }
}

/// A world description that tests build both a `World` and the checker from.
#[derive(Debug, Clone)]
pub struct Scene {
    pub min: [f64; 2],
    pub max: [f64; 2],
    pub boxes: Vec<Aabb>,
    pub circles: Vec<Circle>,
}

impl Scene {
    pub fn new(width: f32, height: f32) -> Self {
        Self {
            min: [0.0, 0.0],
            max: [width as f64, height as f64],
            boxes: Vec::new(),
            circles: Vec::new(),
        }
    }

    pub fn bounds(&self) -> Aabb {
        Aabb::new(
            Vec2::new(self.min[0] as f32, self.min[1] as f32),
            Vec2::new(self.max[0] as f32, self.max[1] as f32),
        )
    }

    pub fn world(&self) -> World {
        let mut world = World::new(self.bounds()).unwrap();
        for b in &self.boxes {
            world.insert_static(*b).unwrap();
        }
        for c in &self.circles {
            world.insert_static(*c).unwrap();
        }
        world
    }

    pub fn shapes(&self) -> Vec<RefShape> {
        self.boxes
            .iter()
            .map(RefShape::from_aabb)
            .chain(self.circles.iter().map(RefShape::from_circle))
            .collect()
    }

    /// `n` random obstacles (boxes and discs, half each) of sizes between `lo` and `hi`.
    pub fn random(rng: &mut Rng, width: f32, height: f32, n: usize, lo: f64, hi: f64) -> Self {
        let mut scene = Scene::new(width, height);
        for k in 0..n {
            let size = rng.range(lo, hi);
            let c = rng.point((0.0, 0.0), (width as f64, height as f64));
            if k % 2 == 0 {
                let aspect = rng.range(0.2, 1.0);
                let (w, h) = if rng.unit() < 0.5 {
                    (size, size * aspect)
                } else {
                    (size * aspect, size)
                };
                scene.boxes.push(Aabb::from_center_half_extents(
                    c,
                    Vec2::new(w as f32 / 2.0, h as f32 / 2.0),
                ));
            } else {
                scene.circles.push(Circle::new(c, size as f32 / 2.0));
            }
        }
        scene
    }
}

fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

fn cross(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

fn norm(a: [f64; 2]) -> f64 {
    dot(a, a).sqrt()
}

/// Distance from `p` to the segment `a b`.
pub fn dist_point_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let ab = sub(b, a);
    let len2 = dot(ab, ab);
    let t = if len2 == 0.0 {
        0.0
    } else {
        (dot(sub(p, a), ab) / len2).clamp(0.0, 1.0)
    };
    norm(sub(p, [a[0] + ab[0] * t, a[1] + ab[1] * t]))
}

/// Whether the closed segments `a b` and `c d` meet.
fn segments_meet(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let d1 = cross(sub(b, a), sub(c, a));
    let d2 = cross(sub(b, a), sub(d, a));
    let d3 = cross(sub(d, c), sub(a, c));
    let d4 = cross(sub(d, c), sub(b, c));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: [f64; 2], q: [f64; 2], r: [f64; 2]| {
        cross(sub(q, p), sub(r, p)) == 0.0
            && r[0] >= p[0].min(q[0])
            && r[0] <= p[0].max(q[0])
            && r[1] >= p[1].min(q[1])
            && r[1] <= p[1].max(q[1])
    };
    on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b)
}

/// Distance from the segment `a b` to the shape (0 when they meet).
///
/// Disc: distance from the centre to the segment, minus the radius. Box: 0 if an end lies
/// inside or the segment crosses a side; otherwise the closest pair is an end of the segment
/// against the box or a corner of the box against the segment (both convex), so the minimum
/// of those six distances.
pub fn dist_segment_shape(a: [f64; 2], b: [f64; 2], shape: &RefShape) -> f64 {
    match *shape {
        RefShape::Disc { center, radius } => (dist_point_segment(center, a, b) - radius).max(0.0),
        RefShape::Box { min, max } => {
            let inside =
                |p: [f64; 2]| p[0] >= min[0] && p[0] <= max[0] && p[1] >= min[1] && p[1] <= max[1];
            let corners = [min, [max[0], min[1]], max, [min[0], max[1]]];
            if inside(a) || inside(b) {
                return 0.0;
            }
            for k in 0..4 {
                if segments_meet(a, b, corners[k], corners[(k + 1) % 4]) {
                    return 0.0;
                }
            }
            let point_box = |p: [f64; 2]| {
                let dx = (min[0] - p[0]).max(p[0] - max[0]).max(0.0);
                let dy = (min[1] - p[1]).max(p[1] - max[1]).max(0.0);
                (dx * dx + dy * dy).sqrt()
            };
            let mut best = point_box(a).min(point_box(b));
            for c in corners {
                best = best.min(dist_point_segment(c, a, b));
            }
            best
        }
    }
}

fn v(p: Vec2) -> [f64; 2] {
    [p.x as f64, p.y as f64]
}

/// Checks a returned path: every point keeps the disc inside the bounds, and every segment
/// keeps a distance of at least `radius` from every obstacle except `ignore` (an index into
/// `shapes`). Panics with a description on the first violation.
pub fn check_path(
    scene_min: [f64; 2],
    scene_max: [f64; 2],
    shapes: &[RefShape],
    ignore: Option<usize>,
    radius: f32,
    points: &[Vec2],
    what: &str,
) {
    let r = radius as f64;
    for p in points {
        let p = v(*p);
        assert!(
            p[0] - r >= scene_min[0]
                && p[1] - r >= scene_min[1]
                && p[0] + r <= scene_max[0]
                && p[1] + r <= scene_max[1],
            "{what}: point {p:?} with radius {r} leaves the bounds"
        );
    }
    let segments: Vec<(Vec2, Vec2)> = if points.len() == 1 {
        vec![(points[0], points[0])]
    } else {
        points.windows(2).map(|w| (w[0], w[1])).collect()
    };
    for (a, b) in segments {
        for (k, shape) in shapes.iter().enumerate() {
            if Some(k) == ignore {
                continue;
            }
            let d = dist_segment_shape(v(a), v(b), shape);
            assert!(
                d >= r,
                "{what}: segment {a:?} -> {b:?} passes {d} from {shape:?}, closer than the radius {r}"
            );
        }
    }
}

/// Whether a disc of `radius` at `p` overlaps an obstacle (distance below the radius) or
/// leaves the bounds, by the checker's formulas.
pub fn disc_blocked(scene: &Scene, p: Vec2, radius: f32) -> (bool, bool) {
    let (p, r) = (v(p), radius as f64);
    let out = p[0] - r < scene.min[0]
        || p[1] - r < scene.min[1]
        || p[0] + r > scene.max[0]
        || p[1] + r > scene.max[1];
    let hit = scene
        .shapes()
        .iter()
        .any(|s| dist_segment_shape(p, p, s) < r);
    (out, hit)
}

pub fn length(points: &[Vec2]) -> f64 {
    points.windows(2).map(|w| norm(sub(v(w[1]), v(w[0])))).sum()
}
