//! Agent-world (nav-agent) queries on arbitrary worlds, between arbitrary edits.
//!
//! The input decodes to bounds, up to 8 boxes and discs (static or dynamic) and a program of
//! up to 24 inserts, moves, removals and queries (radius, lattice step, heuristic, the agent's
//! own obstacle, limits), coordinates as in the circle and polygon targets. A found path is
//! checked from the definitions, with no code of nav-agent: it starts at the start and ends at
//! the goal, every segment keeps the disc inside the bounds and at distance `>= r` (within
//! `1e-4`) from every obstacle but the agent's own (`nav_testkit::polygon_oracle`'s exact
//! segment distances), and the reported length is the sum of the segments. Blocked endpoints
//! agree with brute-force distances. (`NoPath` is not checked: the lattice is an
//! approximation that may miss a gap a finer step would find.)

use glam::{DVec2, Vec2};
use nav_agent::{AgentContext, AgentHeuristic, AgentQuery, Mobility, ObstacleHandle, Shape, World};
use nav_geom::{Aabb, Circle};
use nav_search::{Limits, PathStatus};
use nav_testkit::polygon_oracle::{OracleObstacle, OracleWorld};

use crate::bytes::Bytes;

const SLACK: f64 = 1e-4;

fn point(b: &mut Bytes) -> Vec2 {
    Vec2::new(b.coord(-2.0, 34.0), b.coord(-2.0, 34.0))
}

fn shape(b: &mut Bytes) -> Shape {
    if b.bool() {
        let (c, h) = (point(b), Vec2::new(b.length(6.0), b.length(6.0)));
        Shape::Aabb(Aabb::new(c - h, c + h))
    } else {
        Shape::Circle(Circle::new(point(b), b.length(6.0)))
    }
}

fn oracle(shape: &Shape) -> OracleObstacle {
    let d = |p: Vec2| p.as_dvec2();
    match shape {
        Shape::Aabb(a) => OracleObstacle::Box {
            min: d(a.min),
            max: d(a.max),
        },
        Shape::Circle(c) => OracleObstacle::Circle {
            center: d(c.center),
            radius: c.radius as f64,
        },
    }
}

/// The fuzz target: see the module documentation.
pub fn agent_query(data: &[u8]) {
    let b = &mut Bytes::new(data);
    let bounds = match b.below(8) {
        0 => Aabb::new(point(b), point(b)),
        _ => Aabb::new(Vec2::ZERO, Vec2::splat(32.0)),
    };
    let Ok(mut world) = World::new(bounds) else {
        return;
    };
    let mut handles: Vec<(ObstacleHandle, Mobility)> = Vec::new();
    let mut ctx = AgentContext::new();
    for _ in 0..24 {
        if b.is_empty() {
            break;
        }
        match b.below(8) {
            0..=2 if handles.len() < 8 => {
                let mobility = if b.bool() {
                    Mobility::Dynamic
                } else {
                    Mobility::Static
                };
                if let Ok(h) = world.insert(shape(b), mobility) {
                    handles.push((h, mobility));
                }
            }
            3 if !handles.is_empty() => {
                let (h, mobility) = handles[b.below(handles.len())];
                let moved = world.move_obstacle(h, shape(b));
                if mobility == Mobility::Static {
                    assert!(moved.is_err(), "a static obstacle moved");
                }
            }
            4 if !handles.is_empty() => {
                let i = b.below(handles.len());
                assert!(world.remove(handles.swap_remove(i).0).is_ok());
            }
            _ => {
                let (start, goal) = (point(b), point(b));
                let radius = if b.below(4) == 0 { 0.0 } else { b.length(2.0) };
                let step = [1.0, 0.5, 0.25, 2.0][b.below(4)];
                let own = if !handles.is_empty() && b.below(4) == 0 {
                    Some(handles[b.below(handles.len())].0)
                } else {
                    None
                };
                let heuristic = if b.bool() {
                    AgentHeuristic::Euclidean
                } else {
                    AgentHeuristic::Octile
                };
                let limits = if b.below(8) == 0 {
                    Limits {
                        max_expanded: b.below(64),
                        partial_path: b.bool(),
                        ..Limits::default()
                    }
                } else {
                    Limits::default()
                };
                let query = AgentQuery::new(start, goal)
                    .with_radius(radius)
                    .with_step(step)
                    .with_own_obstacle(own)
                    .with_heuristic(heuristic)
                    .with_limits(limits);
                let Ok(answer) = ctx.find_path(&world, &query) else {
                    continue;
                };
                let obstacles: Vec<OracleObstacle> = world
                    .obstacles()
                    .filter(|(h, _)| Some(*h) != own)
                    .map(|(_, o)| oracle(&o.shape))
                    .collect();
                let w = OracleWorld::new(bounds.min.as_dvec2(), bounds.max.as_dvec2(), obstacles);
                check(
                    &w,
                    radius as f64,
                    start.as_dvec2(),
                    goal.as_dvec2(),
                    answer.status(),
                    answer.path(),
                    answer.cost(),
                    answer.is_partial(),
                );
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn check(
    w: &OracleWorld,
    r: f64,
    s: DVec2,
    g: DVec2,
    status: PathStatus,
    path: &[Vec2],
    cost: f64,
    partial: bool,
) {
    let m = |p: DVec2| p.abs().max_element();
    let magnitude = w.obstacles.iter().fold(
        m(w.min).max(m(w.max)).max(m(s)).max(m(g)),
        |acc, o| match o {
            OracleObstacle::Box { min, max } => acc.max(m(*min)).max(m(*max)),
            OracleObstacle::Circle { center, radius } => acc.max(m(*center) + radius),
            OracleObstacle::Polygon(_) => acc,
        },
    );
    if magnitude > 1e3 {
        assert!(cost.is_finite() && cost >= 0.0);
        return; // beyond the fixed slacks of these checks
    }
    let context = || format!("world {w:?}\nr {r} from {s} to {g}\nstatus {status:?} path {path:?}");
    let fits =
        |p: DVec2, slack: f64| w.disc_in_bounds(p, r + slack) && w.signed_clearance(p) >= r + slack;
    let clearly_blocked =
        |p: DVec2| !w.disc_in_bounds(p, r - SLACK) || w.signed_clearance(p) < r - SLACK;
    match status {
        PathStatus::StartBlocked | PathStatus::OutOfBounds if !partial => {
            assert!(
                !fits(s, SLACK) || !fits(g, SLACK),
                "{status:?} for endpoints that fit\n{}",
                context()
            )
        }
        PathStatus::GoalBlocked if !partial => {
            assert!(!fits(g, SLACK), "goal reported blocked\n{}", context())
        }
        PathStatus::Found => {
            assert!(
                !clearly_blocked(s) && !clearly_blocked(g),
                "found with a blocked endpoint\n{}",
                context()
            );
            let first = path.first().map(|p| p.as_dvec2());
            let last = path.last().map(|p| p.as_dvec2());
            assert!(
                first.is_some_and(|p| p.distance(s) <= 1e-3) || (path.is_empty() && s == g),
                "path starts elsewhere\n{}",
                context()
            );
            assert!(
                last.is_some_and(|p| p.distance(g) <= 1e-3) || (path.is_empty() && s == g),
                "path ends elsewhere\n{}",
                context()
            );
            let mut total = 0.0;
            for (i, seg) in path.windows(2).enumerate() {
                let (a, b) = (seg[0].as_dvec2(), seg[1].as_dvec2());
                total += a.distance(b);
                assert!(
                    w.disc_in_bounds(a, r - SLACK) && w.disc_in_bounds(b, r - SLACK),
                    "segment {i} leaves the bounds\n{}",
                    context()
                );
                for (j, o) in w.obstacles.iter().enumerate() {
                    let d = o.distance_to_segment(a, b);
                    assert!(
                        d >= r - SLACK,
                        "segment {i} passes at {d} from obstacle {j}\n{}",
                        context()
                    );
                }
            }
            assert!(
                (total - cost).abs() <= 1e-4 * cost.max(1.0),
                "length {cost}, segments add up to {total}\n{}",
                context()
            );
        }
        _ => {}
    }
}
