//! Narrow gaps for agents of different sizes, and every outcome of a query, errors included.

mod common;

use common::{FindPath, Scene, check_path};
use nav_agent::{Aabb, Agent, AgentContext, AgentPath, Circle, QueryError, Vec2, World};
use nav_search::Endpoint;
use nav_search::{Limits, PathStatus};

fn limits() -> Limits {
    Limits::default()
}

/// A wall across a 40 x 20 world at x in [19, 21] with one gap of `gap` units centred at y = 10.
fn gap_scene(gap: f32) -> Scene {
    let mut scene = Scene::new(40.0, 20.0);
    scene.boxes.push(Aabb::new(
        Vec2::new(19.0, 0.0),
        Vec2::new(21.0, 10.0 - gap / 2.0),
    ));
    scene.boxes.push(Aabb::new(
        Vec2::new(19.0, 10.0 + gap / 2.0),
        Vec2::new(21.0, 20.0),
    ));
    scene
}

#[test]
fn narrow_gaps_admit_small_agents_and_refuse_large_ones() {
    let (start, goal) = (Vec2::new(5.0, 6.0), Vec2::new(35.0, 14.0));
    let mut ctx = AgentContext::new();
    for gap in [1.0f32, 2.0, 3.3, 5.0] {
        let scene = gap_scene(gap);
        let world = scene.world();
        for fraction in [0.3f32, 0.45, 0.55, 0.8] {
            let radius = gap * fraction;
            // A step fine enough to put a row of lattice nodes where the agent fits in the gap
            // (a band of gap - 2 * radius >= 0.1 * gap).
            let agent = Agent::new(radius, gap / 16.0).unwrap();
            let path = world
                .find_path(&mut ctx, start, goal, &agent, &limits())
                .unwrap();
            if fraction < 0.5 {
                assert_eq!(
                    path.status(),
                    PathStatus::Found,
                    "gap {gap}, radius {radius}"
                );
                check_path(
                    scene.min,
                    scene.max,
                    &scene.shapes(),
                    None,
                    radius,
                    path.points(),
                    "gap",
                );
                // Through the gap, not around (there is no way around): the path crosses the
                // wall's middle, x = 20, within the gap.
                let crossing = path.points().windows(2).find_map(|w| {
                    let (a, b) = (w[0], w[1]);
                    ((a.x - 20.0) * (b.x - 20.0) <= 0.0 && a.x != b.x)
                        .then(|| a.y + (b.y - a.y) * (20.0 - a.x) / (b.x - a.x))
                });
                let y = crossing.expect("the path crosses x = 20");
                assert!((y - 10.0).abs() <= gap / 2.0, "crosses at y = {y}");
            } else {
                assert_eq!(
                    path.status(),
                    PathStatus::NoPath,
                    "gap {gap}, radius {radius}"
                );
                assert!(path.expanded() > 0);
            }
        }
    }
}

#[test]
fn a_disc_passes_a_diagonal_gap_that_its_box_would_not() {
    // Two boxes touching corners diagonally leave a gap of 2.0 along the other diagonal... here
    // the corners (10, 10) and (12, 12) are 2 * sqrt(2) = 2.83 apart: a disc of radius 1.3
    // (diameter 2.6) fits through diagonally, while its 2.6 x 2.6 bounding square does not.
    let mut scene = Scene::new(24.0, 24.0);
    scene
        .boxes
        .push(Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0)));
    scene
        .boxes
        .push(Aabb::new(Vec2::new(12.0, 12.0), Vec2::new(24.0, 24.0)));
    // Walls that close every other way from the upper-left to the lower-right quadrant.
    scene
        .boxes
        .push(Aabb::new(Vec2::new(10.0, 0.0), Vec2::new(24.0, 9.0)));
    scene
        .boxes
        .push(Aabb::new(Vec2::new(0.0, 13.0), Vec2::new(12.0, 24.0)));
    let world = scene.world();
    let agent = Agent::new(1.3, 0.1).unwrap();
    let (start, goal) = (Vec2::new(1.5, 11.5), Vec2::new(22.5, 10.5));
    let path = world
        .find_path(&mut AgentContext::new(), start, goal, &agent, &limits())
        .unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    check_path(
        scene.min,
        scene.max,
        &scene.shapes(),
        None,
        1.3,
        path.points(),
        "diagonal",
    );
    let too_big = Agent::new(1.45, 0.1).unwrap();
    let path = world
        .find_path(&mut AgentContext::new(), start, goal, &too_big, &limits())
        .unwrap();
    assert_eq!(path.status(), PathStatus::NoPath);
}

fn open_world() -> World {
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(50.0))).unwrap();
    world
        .insert_static(Circle::new(Vec2::new(25.0, 25.0), 5.0))
        .unwrap();
    world
}

#[test]
fn early_outcomes() {
    let world = open_world();
    let mut ctx = AgentContext::new();
    let agent = Agent::new(1.0, 0.5).unwrap();
    let q = |ctx: &mut AgentContext, a: Vec2, b: Vec2| {
        world.find_path(ctx, a, b, &agent, &limits()).unwrap()
    };
    let free = Vec2::new(5.0, 5.0);
    // Out of bounds: outside, or inside with the disc sticking out.
    for p in [
        Vec2::new(-3.0, 5.0),
        Vec2::new(0.5, 5.0),
        Vec2::new(5.0, 49.5),
        Vec2::splat(1e30),
    ] {
        assert_eq!(
            q(&mut ctx, p, free).status(),
            PathStatus::OutOfBounds,
            "{p:?}"
        );
        assert_eq!(
            q(&mut ctx, free, p).status(),
            PathStatus::OutOfBounds,
            "{p:?}"
        );
    }
    // Blocked: inside the rock, or touching it with the disc.
    for p in [Vec2::new(25.0, 25.0), Vec2::new(25.0, 30.5)] {
        let path = q(&mut ctx, p, free);
        assert_eq!(path.status(), PathStatus::StartBlocked, "{p:?}");
        assert!(path.points().is_empty() && path.raw_points().is_empty());
        assert_eq!(path.expanded(), 0);
        assert_eq!(
            q(&mut ctx, free, p).status(),
            PathStatus::GoalBlocked,
            "{p:?}"
        );
    }
    // Start equal to goal.
    let path = q(&mut ctx, free, free);
    assert_eq!(path.status(), PathStatus::Found);
    assert_eq!(path.points(), [free, free]);
    assert_eq!(path.length(), 0.0);
    // Within one step and in sight: a direct edge.
    let near = Vec2::new(5.3, 5.2);
    let path = q(&mut ctx, free, near);
    assert_eq!(path.raw_points(), [free, near]);
}

#[test]
fn invalid_input_is_an_error_and_the_library_stays_usable() {
    let world = open_world();
    let mut ctx = AgentContext::new();
    let agent = Agent::new(1.0, 0.5).unwrap();
    let (a, b) = (Vec2::new(5.0, 5.0), Vec2::new(45.0, 45.0));
    for bad in [
        Vec2::new(f32::NAN, 1.0),
        Vec2::new(1.0, f32::INFINITY),
        Vec2::NEG_INFINITY,
    ] {
        match world.find_path(&mut ctx, bad, b, &agent, &limits()) {
            Err(QueryError::NonFinitePoint {
                which: Endpoint::Start,
                point,
            }) => assert_eq!(
                point.to_array().map(f32::to_bits),
                bad.to_array().map(f32::to_bits)
            ),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            world.find_path(&mut ctx, a, bad, &agent, &limits()),
            Err(QueryError::NonFinitePoint {
                which: Endpoint::Goal,
                ..
            })
        ));
    }
    // A step so small that the lattice would have more than 2^31 nodes: refused at once.
    let huge = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(1e6))).unwrap();
    let tiny_step = Agent::new(1.0, 1.0).unwrap();
    let t = std::time::Instant::now();
    assert!(matches!(
        huge.find_path(
            &mut ctx,
            Vec2::splat(10.0),
            Vec2::splat(20.0),
            &tiny_step,
            &limits()
        ),
        Err(QueryError::LatticeTooLarge { .. })
    ));
    assert!(t.elapsed().as_millis() < 100);
    // Below f32 resolution far from the origin.
    let far = World::new(Aabb::new(Vec2::splat(1e7), Vec2::splat(1e7 + 1000.0))).unwrap();
    assert!(matches!(
        far.find_path(
            &mut ctx,
            Vec2::splat(1e7 + 10.0),
            Vec2::splat(1e7 + 20.0),
            &Agent::new(1.0, 0.5).unwrap(),
            &limits()
        ),
        Err(QueryError::StepTooFine { .. })
    ));
    for max_length in [f64::NAN, -1.0] {
        assert!(matches!(
            world.find_path(&mut ctx, a, b, &agent, &limits().with_max_cost(max_length)),
            Err(QueryError::InvalidLimits(_))
        ));
    }
    // A refused query leaves an empty answer in the context.
    let out = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert!(out.is_found());
    assert!(
        world
            .find_path(&mut ctx, Vec2::NAN, b, &agent, &limits())
            .is_err()
    );
    assert_eq!(ctx.last_path(), &AgentPath::new());
    assert!(ctx.raw_path().is_empty());
    // Everything still works.
    let path = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert!(path.is_found());
    // Errors name the input.
    let message = QueryError::NonFinitePoint {
        which: Endpoint::Goal,
        point: Vec2::NAN,
    }
    .to_string();
    assert!(
        message.contains("goal point (NaN, NaN)") && message.contains("finite"),
        "{message}"
    );
}

#[test]
fn limits_partial_paths_and_enclosed_goals() {
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(60.0))).unwrap();
    // A closed room around (45, 45).
    for wall in [
        Aabb::new(Vec2::new(38.0, 38.0), Vec2::new(52.0, 39.0)),
        Aabb::new(Vec2::new(38.0, 51.0), Vec2::new(52.0, 52.0)),
        Aabb::new(Vec2::new(38.0, 38.0), Vec2::new(39.0, 52.0)),
        Aabb::new(Vec2::new(51.0, 38.0), Vec2::new(52.0, 52.0)),
    ] {
        world.insert_static(wall).unwrap();
    }
    let agent = Agent::new(0.5, 1.0).unwrap();
    let mut ctx = AgentContext::new();
    let (start, inside, outside) = (
        Vec2::new(5.0, 5.0),
        Vec2::new(45.0, 45.0),
        Vec2::new(55.0, 5.0),
    );

    let path = world
        .find_path(&mut ctx, start, inside, &agent, &limits())
        .unwrap();
    assert_eq!(path.status(), PathStatus::NoPath);
    assert!(
        path.expanded() > 2000,
        "explored the whole outside: {}",
        path.expanded()
    );

    // The same with a partial path: it ends next to the room, closest to the goal.
    let partial = world
        .find_path(
            &mut ctx,
            start,
            inside,
            &agent,
            &limits().with_partial_path(true),
        )
        .unwrap();
    assert_eq!(partial.status(), PathStatus::NoPath);
    assert!(partial.is_partial());
    let end = *partial.points().last().unwrap();
    assert_eq!(partial.points()[0], start);
    assert!(end.distance(inside) < 8.5, "ends at {end:?}");
    assert_eq!(partial.points().last(), partial.raw_points().last());

    // Expansion limit, towards a goal behind the room (a clear straight line would need no
    // more than two expansions).
    let behind = Vec2::new(55.0, 55.0);
    let cut = world
        .find_path(
            &mut ctx,
            start,
            behind,
            &agent,
            &limits().with_max_expanded(10),
        )
        .unwrap();
    assert_eq!(cut.status(), PathStatus::LimitReached);
    assert!(cut.points().is_empty());
    assert_eq!(cut.expanded(), 10);
    let cut = world
        .find_path(
            &mut ctx,
            start,
            behind,
            &agent,
            &limits().with_max_expanded(10).with_partial_path(true),
        )
        .unwrap();
    assert_eq!(cut.status(), PathStatus::LimitReached);
    assert!(cut.is_partial() && cut.points().len() >= 2);

    // Length limit: the goal is 50 away.
    let short = world
        .find_path(
            &mut ctx,
            start,
            outside,
            &agent,
            &limits().with_max_cost(40.0),
        )
        .unwrap();
    assert_eq!(short.status(), PathStatus::LimitReached);
    let long = world
        .find_path(
            &mut ctx,
            start,
            outside,
            &agent,
            &limits().with_max_cost(60.0),
        )
        .unwrap();
    assert_eq!(long.status(), PathStatus::Found);
    assert!((long.length() - 50.0).abs() < 1e-3);

    // Statuses have stable names.
    assert_eq!(PathStatus::LimitReached.to_string(), "limit_reached");
    assert_eq!(PathStatus::OutOfBounds.as_str(), "out_of_bounds");
}

#[test]
fn an_agent_ignores_its_own_obstacle_and_nobody_elses() {
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(30.0))).unwrap();
    let me = world
        .insert_dynamic(Circle::new(Vec2::new(5.0, 15.0), 1.0))
        .unwrap();
    let other = world
        .insert_dynamic(Circle::new(Vec2::new(25.0, 15.0), 1.0))
        .unwrap();
    let (start, goal) = (Vec2::new(5.0, 15.0), Vec2::new(15.0, 15.0));
    let mut ctx = AgentContext::new();
    let plain = Agent::new(1.0, 0.5).unwrap();
    let mine = plain.with_own_obstacle(me);
    assert_eq!(
        world
            .find_path(&mut ctx, start, goal, &plain, &limits())
            .unwrap()
            .status(),
        PathStatus::StartBlocked
    );
    let path = world
        .find_path(&mut ctx, start, goal, &mine, &limits())
        .unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert_eq!(
        path.points(),
        [start, goal],
        "straight, through its own disc"
    );
    // Its own obstacle does not hide the other one.
    let to_other = Vec2::new(25.0, 16.5);
    assert_eq!(
        world
            .find_path(&mut ctx, start, to_other, &mine, &limits())
            .unwrap()
            .status(),
        PathStatus::GoalBlocked
    );
    // The cache stayed truthful for agents without an own obstacle: a plain query that passes
    // next to `me` still avoids it.
    let path = world
        .find_path(
            &mut ctx,
            Vec2::new(5.0, 5.0),
            Vec2::new(5.0, 25.0),
            &plain,
            &limits(),
        )
        .unwrap();
    assert!(path.is_found());
    let scene_shapes = [
        common::RefShape::from_circle(&Circle::new(Vec2::new(5.0, 15.0), 1.0)),
        common::RefShape::from_circle(&Circle::new(Vec2::new(25.0, 15.0), 1.0)),
    ];
    check_path(
        [0.0; 2],
        [30.0; 2],
        &scene_shapes,
        None,
        1.0,
        path.points(),
        "plain",
    );
    check_path(
        [0.0; 2],
        [30.0; 2],
        &scene_shapes,
        None,
        1.0,
        path.raw_points(),
        "plain raw",
    );
    // And the own-obstacle agent, walking the same way, may cut through its own disc.
    let path = world
        .find_path(
            &mut ctx,
            Vec2::new(5.0, 5.0),
            Vec2::new(5.0, 25.0),
            &mine,
            &limits(),
        )
        .unwrap();
    assert_eq!(path.points().len(), 2);
    check_path(
        [0.0; 2],
        [30.0; 2],
        &scene_shapes,
        Some(0),
        1.0,
        path.raw_points(),
        "mine",
    );
    // A removed own obstacle is simply gone.
    world.remove(me).unwrap();
    assert!(
        world
            .find_path(&mut ctx, start, goal, &mine, &limits())
            .unwrap()
            .is_found()
    );
    let _ = other;
}
