//! Hand-computed answers, statuses, errors.

use nav_geom::{Aabb, Circle, PathPiece, Vec2};
use nav_mesh::{Bounds, MeshContext, MeshError, MeshQuery, MeshWorld, Obstacle, PathStatus};
use nav_search::Limits;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn aabb(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(v(x0, y0), v(x1, y1))
}

/// Pieces join end to end from `start` to `end`, and their lengths add up to `cost`.
fn check_joined(pieces: &[PathPiece], start: Vec2, end: Vec2, cost: f64) {
    let mut at = start;
    let mut total = 0.0f64;
    for p in pieces {
        let (a, b, len) = match p {
            PathPiece::Line(s) => (s.a, s.b, s.length() as f64),
            PathPiece::Arc(a) => (a.start_point(), a.end_point(), a.length() as f64),
        };
        assert!(
            a.distance(at) < 1e-3,
            "gap between pieces at {at:?} -> {a:?}"
        );
        at = b;
        total += len;
    }
    assert!(at.distance(end) < 1e-3, "path ends at {at:?}, not {end:?}");
    assert!(
        (total - cost).abs() < 1e-4 * cost.max(1.0),
        "cost {cost} vs pieces {total}"
    );
}

/// Minimum distance from the sampled path to a box.
fn min_dist_to_box(pieces: &[PathPiece], b: &Aabb) -> f32 {
    let mut best = f32::INFINITY;
    for p in pieces {
        for i in 0..=200 {
            let t = i as f32 / 200.0;
            let q = match p {
                PathPiece::Line(s) => s.point_at(t),
                PathPiece::Arc(a) => a.point_at(t),
            };
            best = best.min(nav_geom::query::distance_point_aabb(q, b));
        }
    }
    best
}

fn box_world() -> (MeshWorld, Aabb) {
    let mut world = MeshWorld::new(aabb(0.0, 0.0, 40.0, 40.0)).unwrap();
    let b = aabb(15.0, 15.0, 25.0, 25.0);
    world.insert(Obstacle::Box(b)).unwrap();
    (world, b)
}

#[test]
fn box_between_start_and_goal_radius_0() {
    let (world, b) = box_world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(5.0, 20.0), v(35.0, 20.0));
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let expected = 2.0 * 125f64.sqrt() + 10.0;
    assert!(
        (path.cost() - expected).abs() < 1e-9,
        "{} vs {expected}",
        path.cost()
    );
    check_joined(path.path(), q.start, q.goal, path.cost());
    assert!(min_dist_to_box(path.path(), &b) >= -1e-5);
}

#[test]
fn box_between_start_and_goal_radius_1() {
    let (world, b) = box_world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(5.0, 20.0), v(35.0, 20.0)).with_radius(1.0);
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let d = 125f64.sqrt();
    let phi = 5f64.atan2(10.0);
    let expected = 2.0 * ((d * d - 1.0).sqrt() + phi + (1.0 / d).asin()) + 10.0;
    assert!(
        (path.cost() - expected).abs() < 1e-9,
        "{} vs {expected}",
        path.cost()
    );
    check_joined(path.path(), q.start, q.goal, path.cost());
    assert!(min_dist_to_box(path.path(), &b) >= 1.0 - 1e-4);
    let arcs = path
        .path()
        .iter()
        .filter(|p| matches!(p, PathPiece::Arc(_)))
        .count();
    assert_eq!(arcs, 2);
}

#[test]
fn straight_line_when_clear() {
    let (world, _) = box_world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(5.0, 5.0), v(35.0, 8.0)).with_radius(2.0);
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert!((path.cost() - (900f64 + 9.0).sqrt()).abs() < 1e-9);
    assert_eq!(path.path().len(), 1);
}

/// A wall across the world with one gap of width 1 between y = 4 and y = 5.
fn gap_world() -> MeshWorld {
    let mut world = MeshWorld::new(aabb(0.0, 0.0, 10.0, 10.0)).unwrap();
    world
        .insert(Obstacle::Box(aabb(4.0, 0.0, 6.0, 4.0)))
        .unwrap();
    world
        .insert(Obstacle::Box(aabb(4.0, 5.0, 6.0, 10.0)))
        .unwrap();
    world
}

#[test]
fn corridor_of_width_2r_is_closed() {
    let world = gap_world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(1.0, 4.5), v(9.0, 4.5));
    for (r, status) in [
        (0.0, PathStatus::Found),
        (0.49, PathStatus::Found),
        (0.5, PathStatus::NoPath),
        (0.6, PathStatus::NoPath),
    ] {
        let path = ctx.find_path(&world, &q.with_radius(r)).unwrap();
        assert_eq!(path.status(), status, "radius {r}");
        if r == 0.0 {
            assert!((path.cost() - 8.0).abs() < 1e-9);
        }
        if r == 0.49 {
            assert!(path.cost() >= 8.0 - 1e-9);
        }
    }
}

#[test]
fn diagonally_touching_boxes_block_at_radius_0() {
    let mut world = MeshWorld::new(aabb(0.0, 0.0, 10.0, 10.0)).unwrap();
    world
        .insert(Obstacle::Box(aabb(0.0, 0.0, 5.0, 5.0)))
        .unwrap();
    let second = world
        .insert(Obstacle::Box(aabb(5.0, 5.0, 10.0, 10.0)))
        .unwrap();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(7.0, 3.0), v(3.0, 7.0));
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::NoPath
    );
    // Open the pinch a little: the path goes through it.
    world
        .set(second, Obstacle::Box(aabb(5.01, 5.0, 10.0, 10.0)))
        .unwrap();
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let expected = (7.0f64 - 5.0).hypot(2.0) + (5.0f64 - 3.0).hypot(2.0);
    assert!((path.cost() - expected).abs() < 1e-2, "{}", path.cost());
    // Radius 0.1 does not fit through a gap of 0.01.
    assert_eq!(
        ctx.find_path(&world, &q.with_radius(0.1)).unwrap().status(),
        PathStatus::NoPath
    );
}

#[test]
fn bounds_confine_the_disc() {
    let world = MeshWorld::new(aabb(0.0, 0.0, 10.0, 10.0)).unwrap();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(0.5, 5.0), v(9.0, 5.0)).with_radius(1.0);
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::OutOfBounds
    );
    let q = MeshQuery::new(v(1.0, 5.0), v(9.5, 5.0)).with_radius(1.0);
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::OutOfBounds
    );
    let q = MeshQuery::new(v(1.0, 5.0), v(9.0, 5.0)).with_radius(1.0);
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert!((path.cost() - 8.0).abs() < 1e-9);
    let q = MeshQuery::new(v(-1.0, 5.0), v(9.0, 5.0));
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::OutOfBounds
    );
}

#[test]
fn polygon_bounds_bend_around_the_reflex_corner() {
    // An L: [0,10]x[0,4] plus [0,4]x[4,10].
    let l = [
        v(0.0, 0.0),
        v(10.0, 0.0),
        v(10.0, 4.0),
        v(4.0, 4.0),
        v(4.0, 10.0),
        v(0.0, 10.0),
    ];
    let world = MeshWorld::with_polygon_bounds(&l).unwrap();
    assert!(matches!(world.bounds(), Bounds::Polygon(_)));
    let mut ctx = MeshContext::new();
    let (s, g) = (v(9.0, 2.0), v(2.0, 9.0));
    let path = ctx.find_path(&world, &MeshQuery::new(s, g)).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let c = glam::DVec2::new(4.0, 4.0);
    let expected = s.as_dvec2().distance(c) + c.distance(g.as_dvec2());
    assert!((path.cost() - expected).abs() < 1e-9);
    // Radius 1: an arc around (4, 4).
    let path = ctx
        .find_path(&world, &MeshQuery::new(s, g).with_radius(1.0))
        .unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert!(path.path().iter().any(|p| matches!(p, PathPiece::Arc(_))));
    check_joined(path.path(), s, g, path.cost());
    // Radius 2.5 does not fit in the arms 4 wide.
    let q = MeshQuery::new(v(7.0, 2.0), v(2.0, 7.0)).with_radius(2.5);
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::OutOfBounds
    );
}

#[test]
fn statuses_and_limits() {
    let (world, _) = box_world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(20.0, 20.0), v(35.0, 20.0));
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::StartBlocked
    );
    let q = MeshQuery::new(v(5.0, 20.0), v(20.0, 20.0));
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::GoalBlocked
    );
    // Touching the box is allowed.
    let q = MeshQuery::new(v(14.0, 20.0), v(5.0, 20.0)).with_radius(1.0);
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::Found
    );
    let q = MeshQuery::new(v(13.9, 20.0), v(5.0, 20.0)).with_radius(1.2);
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::StartBlocked
    );
    // Limits.
    let q = MeshQuery::new(v(5.0, 20.0), v(35.0, 20.0));
    let limited = q.with_limits(Limits::default().with_max_expanded(1));
    assert_eq!(
        ctx.find_path(&world, &limited).unwrap().status(),
        PathStatus::LimitReached
    );
    let short = q.with_limits(Limits::default().with_max_cost(31.0));
    let st = ctx.find_path(&world, &short).unwrap().status();
    assert!(
        matches!(st, PathStatus::LimitReached | PathStatus::NoPath),
        "{st:?}"
    );
    let enough = q.with_limits(Limits::default().with_max_cost(33.0));
    assert_eq!(
        ctx.find_path(&world, &enough).unwrap().status(),
        PathStatus::Found
    );
    // Partial path towards a blocked goal.
    let q = MeshQuery::new(v(5.0, 20.0), v(20.0, 20.0))
        .with_limits(Limits::default().with_partial_path(true));
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::GoalBlocked);
    assert!(path.is_partial());
    assert!(!path.path().is_empty());
    check_joined(path.path(), q.start, end_of(path.path()), path.cost());
    // Start equals goal.
    let q = MeshQuery::new(v(5.0, 5.0), v(5.0, 5.0));
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!((path.status(), path.cost()), (PathStatus::Found, 0.0));
}

fn end_of(pieces: &[PathPiece]) -> Vec2 {
    match pieces.last().unwrap() {
        PathPiece::Line(s) => s.b,
        PathPiece::Arc(a) => a.end_point(),
    }
}

#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let (mut world, _) = box_world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(f32::NAN, 1.0), v(2.0, 2.0));
    assert!(matches!(
        ctx.find_path(&world, &q),
        Err(MeshError::InvalidPoint { .. })
    ));
    let q = MeshQuery::new(v(1.0, 1.0), v(2.0, 2.0)).with_radius(-1.0);
    assert!(matches!(
        ctx.find_path(&world, &q),
        Err(MeshError::InvalidRadius { .. })
    ));
    let q = MeshQuery::new(v(1.0, 1.0), v(2.0, 2.0))
        .with_limits(Limits::default().with_max_cost(f64::NAN));
    assert!(matches!(
        ctx.find_path(&world, &q),
        Err(MeshError::Limits(_))
    ));
    let bad = [
        Obstacle::Polygon(vec![v(0.0, 0.0), v(1.0, 0.0)]),
        Obstacle::Polygon(vec![v(0.0, 0.0), v(1.0, 1.0), v(1.0, 0.0), v(0.0, 1.0)]),
        Obstacle::Polygon(vec![v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]),
        Obstacle::Polygon(vec![v(0.0, 0.0), v(f32::INFINITY, 1.0), v(2.0, 0.0)]),
        Obstacle::Box(aabb(1.0, 1.0, 1.0, 3.0)),
        Obstacle::Circle(Circle::new(v(5.0, 5.0), -1.0)),
        Obstacle::Circle(Circle::new(v(5.0, 5.0), f32::NAN)),
        Obstacle::Box(aabb(100.0, 100.0, 101.0, 101.0)),
        Obstacle::Box(aabb(0.0, 0.0, 1e30, 1.0)),
    ];
    for o in bad {
        let err = world.insert(o.clone()).unwrap_err();
        assert!(
            matches!(err, MeshError::InvalidShape { .. }),
            "{o:?}: {err}"
        );
        assert!(err.to_string().contains("new obstacle"), "{err}");
    }
    assert_eq!(world.len(), 1);
    let q = MeshQuery::new(v(5.0, 20.0), v(35.0, 20.0));
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::Found
    );
    // Either orientation, non-convex.
    world
        .insert(Obstacle::Polygon(vec![
            v(2.0, 2.0),
            v(2.0, 4.0),
            v(4.0, 4.0),
            v(3.0, 3.0),
            v(4.0, 2.0),
        ]))
        .unwrap();
    let id = world.iter().next().unwrap().0;
    let err = world
        .set(id, Obstacle::Polygon(vec![v(0.0, 0.0)]))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains(&format!("obstacle {}", id.to_raw())),
        "{err}"
    );
    assert_eq!(world.len(), 2);
}

#[test]
fn circles_are_walked_around() {
    let mut world = MeshWorld::new(aabb(0.0, 0.0, 40.0, 40.0)).unwrap();
    world
        .insert(Obstacle::Circle(Circle::new(v(20.0, 20.0), 5.0)))
        .unwrap();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(5.0, 20.0), v(35.0, 20.0)).with_radius(1.0);
    let path = ctx.find_path(&world, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    // Exact: two tangents to the circle of radius 6 and an arc between them.
    let (d, rr) = (15f64, 6f64);
    let t = (d * d - rr * rr).sqrt();
    let alpha = (rr / d).acos();
    let expected = 2.0 * t + rr * (std::f64::consts::PI - 2.0 * alpha);
    assert!(
        path.cost() >= expected - 1e-9,
        "{} < {expected}",
        path.cost()
    );
    assert!(
        path.cost() <= expected * (1.0 + 1e-3),
        "{} vs {expected}",
        path.cost()
    );
    check_joined(path.path(), q.start, q.goal, path.cost());
}

#[test]
fn large_polygons_are_validated_quickly() {
    let mut world = MeshWorld::new(aabb(-100.0, -100.0, 100.0, 100.0)).unwrap();
    let n = 50_000;
    let ring: Vec<Vec2> = (0..n)
        .map(|k| {
            let a = std::f32::consts::TAU * k as f32 / n as f32;
            v(50.0 * a.cos(), 50.0 * a.sin())
        })
        .collect();
    let t = std::time::Instant::now();
    world.insert(Obstacle::Polygon(ring.clone())).unwrap();
    assert!(t.elapsed().as_secs_f64() < 5.0);
    // The same ring with two points swapped crosses itself.
    let mut bad = ring;
    bad.swap(100, 20_000);
    let err = world.insert(Obstacle::Polygon(bad)).unwrap_err();
    assert!(err.to_string().contains("intersects itself"), "{err}");
    assert_eq!(world.len(), 1);
    // Too many points.
    let huge = vec![v(0.0, 0.0); MeshWorld::MAX_VERTICES + 1];
    assert!(world.insert(Obstacle::Polygon(huge)).is_err());
}

#[test]
fn touching_and_overlapping_obstacles_act_as_their_union() {
    let two = |a: Aabb, b: Aabb| {
        let mut w = MeshWorld::new(aabb(-5.0, -5.0, 10.0, 10.0)).unwrap();
        w.insert(Obstacle::Box(a)).unwrap();
        w.insert(Obstacle::Box(b)).unwrap();
        w
    };
    let mut ctx = MeshContext::new();
    let (s, g) = (v(-1.0, 1.0), v(5.0, 1.0));
    for world in [
        two(aabb(0.0, 0.0, 2.0, 2.0), aabb(2.0, 0.0, 4.0, 2.0)),
        two(aabb(0.0, 0.0, 3.0, 2.0), aabb(1.0, 0.0, 4.0, 2.0)),
        two(aabb(0.0, 0.0, 4.0, 2.0), aabb(1.0, 0.5, 3.0, 2.0)),
        two(aabb(0.0, 0.0, 4.0, 2.0), aabb(0.0, 0.0, 2.0, 2.0)),
    ] {
        let path = ctx.find_path(&world, &MeshQuery::new(s, g)).unwrap();
        assert_eq!(path.status(), PathStatus::Found);
        let expected = 2.0 * 2f64.sqrt() + 4.0;
        assert!(
            (path.cost() - expected).abs() < 1e-9,
            "{} vs {expected}",
            path.cost()
        );
        // Radius 0.5: tangents to the corners (0, 2) and (4, 2).
        let path = ctx
            .find_path(&world, &MeshQuery::new(s, g).with_radius(0.5))
            .unwrap();
        assert_eq!(path.status(), PathStatus::Found);
        let d = 2f64.sqrt();
        let t = (d * d - 0.25).sqrt();
        let sweep = std::f64::consts::FRAC_PI_4 + (0.5 / d).asin();
        let expected = 2.0 * (t + 0.5 * sweep) + 4.0;
        assert!(
            (path.cost() - expected).abs() < 1e-9,
            "{} vs {expected}",
            path.cost()
        );
    }
}

#[test]
fn far_from_the_origin_the_answer_is_the_same() {
    let mut ctx = MeshContext::new();
    let mut lengths = Vec::new();
    for off in [0.0f32, 1.0e5] {
        let o = v(off, off);
        let mut w = MeshWorld::new(Aabb::new(o, o + v(40.0, 40.0))).unwrap();
        w.insert(Obstacle::Box(Aabb::new(
            o + v(15.0, 15.0),
            o + v(25.0, 25.0),
        )))
        .unwrap();
        w.insert(Obstacle::Polygon(vec![
            o + v(28.0, 10.0),
            o + v(32.0, 30.0),
            o + v(30.0, 10.0),
        ]))
        .unwrap();
        for r in [0.0, 1.0] {
            let q = MeshQuery::new(o + v(5.0, 20.0), o + v(35.0, 20.0)).with_radius(r);
            let path = ctx.find_path(&w, &q).unwrap();
            assert_eq!(path.status(), PathStatus::Found);
            lengths.push(path.cost());
        }
    }
    assert!(
        (lengths[0] - lengths[2]).abs() < 1e-6 * lengths[0],
        "{lengths:?}"
    );
    assert!(
        (lengths[1] - lengths[3]).abs() < 1e-6 * lengths[1],
        "{lengths:?}"
    );
}
