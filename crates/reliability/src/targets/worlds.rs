//! Circle-world (nav-tangent) and polygon-world (nav-mesh) queries on arbitrary worlds, between
//! arbitrary edits.
//!
//! The input decodes to bounds, up to 8 obstacles and a program of up to 24 edits and queries,
//! with coordinates mostly on a 1/8 lattice inside a 32 x 32 box (so that touching and
//! zero-width gaps come up often) and sometimes hostile (NaN, infinities, extremes). Every
//! answer is checked against `nav_testkit::polygon_oracle`, which shares no code with either
//! navigator:
//!
//! * a found path passes `check_piece_path` (pieces join, clearance `r` from every obstacle and
//!   from the bounds' edges, arcs around obstacle corners, reported length = sum of pieces);
//! * on the first few queries of an input, the length lies inside the oracle's bracket, and
//!   `NoPath` is answered only where the oracle's upper problem has no path either;
//! * blocked and out-of-bounds endpoints agree with brute-force distances (within `1e-4`).

use glam::{DVec2, Vec2};
use nav_geom::{Aabb, Circle};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle, ObstacleId};
use nav_search::{Limits, PathStatus};
use nav_tangent::{CircleContext, CircleKey, CircleQuery, CircleWorld};
use nav_testkit::polygon_oracle::{
    Growth, OracleObstacle, OracleWorld, check_piece_path, grown_shortest_path,
};

use crate::bytes::Bytes;

/// Slack on distances between the f32 navigators and the f64 oracle.
const SLACK: f64 = 1e-4;
/// Relative slack on the bracket.
const REL: f64 = 1e-5;
/// Sides of the oracle's polygons for the disc.
const K: usize = 16;
/// How many queries of one input are compared with the (slow) bracket.
const BRACKETED: usize = 3;

fn decode_point(b: &mut Bytes) -> Vec2 {
    Vec2::new(b.coord(-2.0, 34.0), b.coord(-2.0, 34.0))
}

fn decode_bounds(b: &mut Bytes) -> Aabb {
    match b.below(8) {
        0 => Aabb::new(decode_point(b), decode_point(b)),
        _ => Aabb::new(Vec2::ZERO, Vec2::splat(32.0)),
    }
}

fn decode_circle(b: &mut Bytes) -> Circle {
    Circle::new(decode_point(b), b.length(8.0))
}

fn decode_radius(b: &mut Bytes) -> f32 {
    match b.below(4) {
        0 => 0.0,
        _ => b.length(3.0),
    }
}

fn decode_limits(b: &mut Bytes) -> Limits {
    match b.below(8) {
        0 => Limits {
            max_expanded: b.below(32),
            max_cost: [f64::INFINITY, 5.0, 20.0, 0.0][b.below(4)],
            partial_path: b.bool(),
        },
        _ => Limits::default(),
    }
}

fn d(p: Vec2) -> DVec2 {
    p.as_dvec2()
}

/// The oracle's verdict on an endpoint (`upper`: the world whose obstacles hold the
/// navigator's): `Some(true)` clearly fits, `Some(false)` clearly not,
/// `None` within the slack of the boundary (either answer is right).
fn endpoint_fits(
    world: &OracleWorld,
    upper: &OracleWorld,
    p: DVec2,
    r: f64,
    slack: f64,
) -> Option<bool> {
    let clear_in = upper.disc_in_bounds(p, r + slack) && upper.signed_clearance(p) >= r + slack;
    let clear_out = !world.disc_in_bounds(p, r - slack) || world.signed_clearance(p) < r - slack;
    match (clear_in, clear_out) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// The largest magnitude of a coordinate of the query and the world (bounds, endpoints, the
/// far side of every obstacle).
fn magnitude(world: &OracleWorld, s: DVec2, g: DVec2, r: f64) -> f64 {
    let m = |p: DVec2| p.abs().max_element();
    let mut most = m(world.min).max(m(world.max)).max(m(s)).max(m(g)) + r;
    for o in &world.obstacles {
        let far = match o {
            OracleObstacle::Polygon(points) => points.iter().map(|&p| m(p)).fold(0.0, f64::max),
            OracleObstacle::Box { min, max } => m(*min).max(m(*max)),
            OracleObstacle::Circle { center, radius } => m(*center) + radius,
        };
        most = most.max(far + r);
    }
    most
}

/// Checks one answer against the oracle (see the module docs).
#[allow(clippy::too_many_arguments)]
fn check_answer(
    oracle: &OracleWorld,
    upper_world: &OracleWorld,
    r: f32,
    start: Vec2,
    goal: Vec2,
    limits: &Limits,
    status: PathStatus,
    pieces: &[nav_geom::PathPiece],
    cost: f64,
    partial: bool,
    bracketed: bool,
) {
    let (s, g, rd) = (d(start), d(goal), r as f64);
    let context = || format!("world {oracle:?}\nr {r} from {start} to {goal}, limits {limits:?}");
    // The navigators decide within a tolerance relative to the magnitude of the coordinates
    // involved (nav-tangent: 2^-21 of it, see docs/circles.md); the oracle's checks use fixed
    // slacks, so they apply only where that tolerance is below them.
    let slack = SLACK.max(magnitude(oracle, s, g, rd) / (1u64 << 20) as f64);
    let exact = slack <= SLACK;
    let (s_fits, g_fits) = (
        endpoint_fits(oracle, upper_world, s, rd, slack),
        endpoint_fits(oracle, upper_world, g, rd, slack),
    );
    match status {
        PathStatus::OutOfBounds | PathStatus::StartBlocked | PathStatus::GoalBlocked => {
            // At least one endpoint may not fit.
            assert!(
                s_fits != Some(true) || g_fits != Some(true),
                "{status:?} for endpoints that both fit\n{}",
                context()
            );
            return;
        }
        _ => assert!(
            s_fits != Some(false) && g_fits != Some(false),
            "{status:?} with an endpoint that does not fit\n{}",
            context()
        ),
    }
    // The oracle's bracket degenerates for radii near its own tolerances (a disc of 1e-7 grown
    // into a 16-gon), so tiny non-zero radii are checked by the geometric checker only.
    let unsure = s_fits.is_none() || g_fits.is_none() || !exact || (rd > 0.0 && rd < 1e-3);
    match status {
        PathStatus::Found if !exact => {
            assert!(
                cost.is_finite() && cost >= 0.0,
                "length {cost}\n{}",
                context()
            );
        }
        PathStatus::Found => {
            check_piece_path(oracle, rd, s, g, pieces, cost)
                .unwrap_or_else(|e| panic!("checker: {e}\n{}\npath {pieces:?}", context()));
            assert!(
                cost <= limits.max_cost * (1.0 + REL) + SLACK,
                "cost above max_cost\n{}",
                context()
            );
            if bracketed && !unsure {
                if let Some(lower) = grown_shortest_path(oracle, rd, s, g, K, Growth::Inscribed) {
                    assert!(
                        cost >= lower.length * (1.0 - REL) - SLACK,
                        "length {cost} below the lower bound {}\n{}\npath {pieces:?}",
                        lower.length,
                        context()
                    );
                }
                if let Some(upper) =
                    grown_shortest_path(upper_world, rd, s, g, K, Growth::Circumscribed)
                {
                    assert!(
                        cost <= upper.length * (1.0 + REL) + SLACK,
                        "length {cost} above the upper bound {}\n{}\npath {pieces:?}",
                        upper.length,
                        context()
                    );
                }
            }
        }
        PathStatus::NoPath => {
            if bracketed && !unsure && limits.max_cost == f64::INFINITY {
                let upper = grown_shortest_path(upper_world, rd, s, g, K, Growth::Circumscribed);
                assert!(
                    upper.is_none(),
                    "no path, but the oracle's upper problem has one of {:?}\n{}",
                    upper.map(|p| p.length),
                    context()
                );
            }
        }
        PathStatus::LimitReached => assert!(
            limits.max_expanded != usize::MAX || limits.max_cost.is_finite(),
            "limit reached without limits\n{}",
            context()
        ),
        other => panic!("unexpected status {other:?}\n{}", context()),
    }
    if partial {
        assert!(
            limits.partial_path,
            "partial path not asked for\n{}",
            context()
        );
    }
}

/// The fuzz target for circle worlds: see the module documentation.
pub fn circle_query(data: &[u8]) {
    let b = &mut Bytes::new(data);
    let bounds = decode_bounds(b);
    let Ok(mut world) = CircleWorld::new(bounds) else {
        return;
    };
    let mut keys: Vec<CircleKey> = Vec::new();
    let mut ctx = CircleContext::new();
    let mut bracketed = 0;
    for _ in 0..24 {
        if b.is_empty() {
            break;
        }
        match b.below(8) {
            0..=2 if keys.len() < 8 => {
                if let Ok(key) = world.insert(decode_circle(b)) {
                    keys.push(key);
                }
            }
            3 if !keys.is_empty() => {
                let key = keys[b.below(keys.len())];
                let _ = world.set(key, decode_circle(b));
            }
            4 if !keys.is_empty() => {
                let i = b.below(keys.len());
                assert!(world.remove(keys.swap_remove(i)).is_some());
            }
            _ => {
                let (start, goal, r) = (decode_point(b), decode_point(b), decode_radius(b));
                let limits = decode_limits(b);
                let query = CircleQuery::new(start, goal)
                    .with_radius(r)
                    .with_limits(limits);
                let Ok(answer) = ctx.find_path(&world, &query) else {
                    assert!(
                        !(start.is_finite() && goal.is_finite() && r.is_finite() && r >= 0.0),
                        "valid circle query refused"
                    );
                    continue;
                };
                let oracle = OracleWorld::new(
                    d(bounds.min),
                    d(bounds.max),
                    world
                        .iter()
                        .map(|(_, c)| OracleObstacle::Circle {
                            center: d(c.center),
                            radius: c.radius as f64,
                        })
                        .collect(),
                );
                let take = bracketed < BRACKETED;
                bracketed += 1;
                check_answer(
                    &oracle,
                    &oracle,
                    r,
                    start,
                    goal,
                    &limits,
                    answer.status(),
                    answer.path(),
                    answer.cost(),
                    answer.is_partial(),
                    take,
                );
            }
        }
        assert_eq!(world.len(), keys.len());
    }
}

fn decode_obstacle(b: &mut Bytes) -> Obstacle {
    match b.below(4) {
        0 => Obstacle::Box(Aabb::new(decode_point(b), decode_point(b))),
        1 => Obstacle::Circle(decode_circle(b)),
        _ => {
            // A polygon around a centre: a star with up to 7 points (simple unless the
            // fuzzer makes it otherwise through hostile coordinates or a zero radius).
            let n = 3 + b.below(5);
            let c = decode_point(b);
            let points = (0..n)
                .map(|i| {
                    let a = std::f32::consts::TAU * i as f32 / n as f32;
                    let radius = 0.25 + b.u8() as f32 / 32.0;
                    c + Vec2::from_angle(a) * radius
                })
                .map(|p| (p * 8.0).round() / 8.0)
                .collect();
            Obstacle::Polygon(points)
        }
    }
}

fn oracle_obstacle(o: &Obstacle, circle_factor: f64) -> OracleObstacle {
    match o {
        Obstacle::Polygon(points) => {
            OracleObstacle::Polygon(points.iter().map(|&p| d(p)).collect())
        }
        Obstacle::Box(aabb) => OracleObstacle::Box {
            min: d(aabb.min),
            max: d(aabb.max),
        },
        Obstacle::Circle(c) => OracleObstacle::Circle {
            center: d(c.center),
            radius: c.radius as f64 * circle_factor,
        },
    }
}

/// The fuzz target for polygon worlds: see the module documentation.
pub fn mesh_query(data: &[u8]) {
    let b = &mut Bytes::new(data);
    let bounds = decode_bounds(b);
    let polygon_bounds = b.below(8) == 0;
    let world = if polygon_bounds {
        let points: Vec<Vec2> = (0..3 + b.below(4)).map(|_| decode_point(b)).collect();
        MeshWorld::with_polygon_bounds(&points)
    } else {
        MeshWorld::new(bounds)
    };
    let Ok(mut world) = world else { return };
    let mut ids: Vec<ObstacleId> = Vec::new();
    let mut ctx = MeshContext::new();
    let mut bracketed = 0;
    // Circles are exact in the mesh; the bracket's upper world grows each one to its
    // circumscribed 96-gon (a disc this much larger holds that polygon): a looser bound, still valid.
    let factor = 1.0 / (std::f64::consts::PI / MeshWorld::CIRCLE_SIDES as f64).cos() * (1.0 + 1e-9);
    for _ in 0..24 {
        if b.is_empty() {
            break;
        }
        match b.below(8) {
            0..=2 if ids.len() < 8 => {
                if let Ok(id) = world.insert(decode_obstacle(b)) {
                    ids.push(id);
                }
            }
            3 if !ids.is_empty() => {
                let id = ids[b.below(ids.len())];
                let _ = world.set(id, decode_obstacle(b));
            }
            4 if !ids.is_empty() => {
                let i = b.below(ids.len());
                assert!(world.remove(ids.swap_remove(i)).is_some());
            }
            _ => {
                let (start, goal, r) = (decode_point(b), decode_point(b), decode_radius(b));
                let limits = decode_limits(b);
                let query = MeshQuery::new(start, goal)
                    .with_radius(r)
                    .with_limits(limits);
                let Ok(answer) = ctx.find_path(&world, &query) else {
                    continue;
                };
                if polygon_bounds {
                    // The oracle knows box bounds only: check what needs no oracle.
                    if answer.status() == PathStatus::Found {
                        assert!(answer.cost().is_finite() && answer.cost() >= 0.0);
                    }
                    continue;
                }
                let obstacles = |factor| {
                    world
                        .iter()
                        .map(|(_, o)| oracle_obstacle(o, factor))
                        .collect()
                };
                let oracle = OracleWorld::new(d(bounds.min), d(bounds.max), obstacles(1.0));
                let upper_world = OracleWorld::new(d(bounds.min), d(bounds.max), obstacles(factor));
                let take = bracketed < BRACKETED;
                bracketed += 1;
                check_answer(
                    &oracle,
                    &upper_world,
                    r,
                    start,
                    goal,
                    &limits,
                    answer.status(),
                    answer.path(),
                    answer.cost(),
                    answer.is_partial(),
                    take,
                );
            }
        }
        assert_eq!(world.len(), ids.len());
    }
}
