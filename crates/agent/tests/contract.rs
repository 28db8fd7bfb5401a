//! The contract every nav navigator keeps, for agents: radius 0 is a point agent, the bounds
//! confine the whole disc, touching is allowed but a gap of zero width is closed, a clear
//! straight line is found whatever the step, bad limits are refused.

mod common;

use common::check_path;
use nav_agent::{Aabb, Agent, AgentContext, AgentQuery, Circle, QueryError, Vec2, World};
use nav_search::{Limits, PathStatus};

fn world(w: f32, h: f32) -> World {
    World::new(Aabb::new(Vec2::ZERO, Vec2::new(w, h))).unwrap()
}

#[test]
fn radius_zero_is_a_point_agent() {
    let agent = Agent::new(0.0, 0.5).unwrap();
    let mut w = world(20.0, 10.0);
    w.insert_static(Aabb::new(Vec2::new(9.0, 0.0), Vec2::new(11.0, 8.0)))
        .unwrap();
    let (a, b) = (Vec2::new(2.0, 2.0), Vec2::new(18.0, 2.0));
    let mut ctx = AgentContext::new();
    let path = ctx
        .find_path(&w, &AgentQuery::new(a, b).with_agent(&agent))
        .unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let points = path.path().to_vec();
    assert_eq!((points[0], *points.last().unwrap()), (a, b));
    // Over the wall's top (y = 8), which a point touches at most.
    assert!(points.iter().any(|p| p.y >= 8.0));
    let shapes = [common::RefShape::from_aabb(&Aabb::new(
        Vec2::new(9.0, 0.0),
        Vec2::new(11.0, 8.0),
    ))];
    check_path(
        [0.0, 0.0],
        [20.0, 10.0],
        &shapes,
        None,
        0.0,
        &points,
        "point",
    );
    // A point may stand on the border of the world and on an obstacle's edge.
    for p in [
        Vec2::new(0.0, 5.0),
        Vec2::new(20.0, 10.0),
        Vec2::new(9.0, 4.0),
    ] {
        let q = AgentQuery::new(p, Vec2::new(5.0, 9.0));
        assert_eq!(
            ctx.find_path(&w, &q).unwrap().status(),
            PathStatus::Found,
            "{p:?}"
        );
    }
    // Negative and NaN radii are errors that name the radius.
    for bad in [-0.5f32, f32::NAN] {
        let err = ctx
            .find_path(&w, &AgentQuery::new(a, b).with_radius(bad))
            .unwrap_err();
        assert!(matches!(err, QueryError::InvalidRadius { .. }), "{err}");
        assert!(err.to_string().contains("radius"), "{err}");
    }
    let err = ctx
        .find_path(&w, &AgentQuery::new(a, b).with_step(0.0))
        .unwrap_err();
    assert!(matches!(err, QueryError::InvalidStep { .. }), "{err}");
}

#[test]
fn touching_an_obstacle_or_the_border_is_allowed() {
    let mut w = world(30.0, 10.0);
    let rock = Aabb::new(Vec2::new(10.0, 0.0), Vec2::new(20.0, 6.0));
    w.insert_static(rock).unwrap();
    let mut ctx = AgentContext::new();
    let r = 0.5;
    // Exactly `r` from the box's left side, and exactly `r` from the world's left border.
    for start in [
        Vec2::new(9.5, 3.0),
        Vec2::new(0.5, 3.0),
        Vec2::new(15.0, 6.5),
    ] {
        assert!(w.disc_is_clear(start, r, None), "{start:?}");
        let q = AgentQuery::new(start, Vec2::new(25.0, 3.0))
            .with_radius(r)
            .with_step(0.5);
        let path = ctx.find_path(&w, &q).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "{start:?}");
        let points = path.path().to_vec();
        let shapes = [common::RefShape::from_aabb(&rock)];
        check_path([0.0, 0.0], [30.0, 10.0], &shapes, None, r, &points, "touch");
        // As a goal too.
        let back = AgentQuery::new(Vec2::new(25.0, 3.0), start)
            .with_radius(r)
            .with_step(0.5);
        assert_eq!(
            ctx.find_path(&w, &back).unwrap().status(),
            PathStatus::Found
        );
    }
    // A hair closer is blocked, or out of bounds.
    let q = AgentQuery::new(Vec2::new(9.51, 3.0), Vec2::new(25.0, 3.0)).with_radius(r);
    assert_eq!(
        ctx.find_path(&w, &q).unwrap().status(),
        PathStatus::StartBlocked
    );
    let q = AgentQuery::new(Vec2::new(0.49, 3.0), Vec2::new(25.0, 3.0)).with_radius(r);
    assert_eq!(
        ctx.find_path(&w, &q).unwrap().status(),
        PathStatus::OutOfBounds
    );
}

#[test]
fn a_gap_of_zero_width_is_closed() {
    // Four unit discs around the origin, each touching two others: a closed ring around a
    // pocket at (0, 0) that a point fits in.
    let mut w = World::new(Aabb::new(Vec2::splat(-10.0), Vec2::splat(10.0))).unwrap();
    for (x, y) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
        w.insert_static(Circle::new(Vec2::new(x, y), 1.0)).unwrap();
    }
    // Two boxes sharing an edge, from border to border: a wall with a seam.
    w.insert_static(Aabb::new(Vec2::new(5.0, -10.0), Vec2::new(6.0, 0.0)))
        .unwrap();
    w.insert_static(Aabb::new(Vec2::new(5.0, 0.0), Vec2::new(6.0, 10.0)))
        .unwrap();
    let mut ctx = AgentContext::new();
    for step in [0.25f32, 0.5, 1.0] {
        let into_pocket = AgentQuery::new(Vec2::new(-5.0, -5.0), Vec2::ZERO).with_step(step);
        let answer = ctx.find_path(&w, &into_pocket).unwrap();
        assert_eq!(answer.status(), PathStatus::NoPath, "step {step}");
        // Along the seam and across it.
        for goal in [Vec2::new(8.0, 0.0), Vec2::new(8.0, 3.0)] {
            let q = AgentQuery::new(Vec2::new(3.0, 0.0), goal).with_step(step);
            assert_eq!(
                ctx.find_path(&w, &q).unwrap().status(),
                PathStatus::NoPath,
                "step {step}, goal {goal:?}"
            );
        }
    }
}

#[test]
fn a_clear_straight_line_is_found_whatever_the_step() {
    let mut ctx = AgentContext::new();
    let w = world(100.0, 100.0);
    let (a, b) = (Vec2::new(10.0, 10.0), Vec2::new(90.0, 90.0));
    for step in [0.5f32, 50.0, 100.0, 1000.0] {
        let q = AgentQuery::new(a, b)
            .with_agent(&Agent::new(0.5, step).unwrap())
            .with_limits(Limits::default());
        let path = ctx.find_path(&w, &q).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "step {step}");
        assert!(
            (path.cost() - 80.0 * 2f64.sqrt()).abs() < 1e-3,
            "step {step}"
        );
        assert_eq!(path.path(), [a, b]);
    }
    let tiny = world(1.0, 1.0);
    let q = AgentQuery::new(Vec2::new(0.1, 0.1), Vec2::new(0.9, 0.9))
        .with_radius(0.05)
        .with_step(1.0);
    assert_eq!(
        ctx.find_path(&tiny, &q).unwrap().status(),
        PathStatus::Found
    );
}

#[test]
fn a_goal_near_coarse_lattice_nodes_is_reached_around_an_obstacle() {
    // Step 50: lattice nodes at 0, 50 and 100, of which only (50, 50) holds the disc. The
    // start (10, 10) is 56.6 from it and the goal (90, 60) 41.2, more than one step but within
    // one lattice diagonal; a rock blocks the straight line between them.
    let mut w = world(100.0, 100.0);
    w.insert_static(Circle::new(Vec2::new(50.0, 35.0), 3.0))
        .unwrap();
    let q = AgentQuery::new(Vec2::new(10.0, 10.0), Vec2::new(90.0, 60.0))
        .with_radius(0.5)
        .with_step(50.0);
    let mut ctx = AgentContext::new();
    let path = ctx.find_path(&w, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert_eq!(path.path()[1], Vec2::new(50.0, 50.0));
}

#[test]
fn nan_and_negative_max_cost_are_refused() {
    let w = world(10.0, 10.0);
    let mut ctx = AgentContext::new();
    for bad in [f64::NAN, -1.0] {
        let q = AgentQuery::new(Vec2::ONE, Vec2::splat(9.0))
            .with_limits(Limits::default().with_max_cost(bad));
        let err = ctx.find_path(&w, &q).unwrap_err();
        assert!(matches!(err, QueryError::InvalidLimits(_)), "{err}");
        assert!(err.to_string().contains("max_cost"), "{err}");
    }
}
