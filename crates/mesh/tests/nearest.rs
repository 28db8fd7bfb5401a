//! Nearest of several goals in one search, against one `find_path` per goal on random polygon
//! worlds (polygons, boxes, circles; goals blocked, outside the bounds, walled in, repeated),
//! and the statuses, refusals, limits and allocations.

mod common;

use common::{Rng, mesh_world, rounded, v};
use glam::DVec2;
use nav_geom::{Aabb, Circle, Vec2};
use nav_mesh::{
    Limits, MAX_NEAREST_GOALS, MeshContext, MeshError, MeshQuery, MeshWorld, Obstacle, PathStatus,
    SliceState,
};
use nav_testkit::polygon_oracle::{OracleObstacle, RandomWorld, check_piece_path, random_world};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const SIZE: f64 = 24.0;

/// Four walls enclosing `[17.5, 22.5]²`: a goal in there is walled in.
fn pen() -> Vec<OracleObstacle> {
    let b = |x0: f64, y0: f64, x1: f64, y1: f64| OracleObstacle::Box {
        min: DVec2::new(x0, y0),
        max: DVec2::new(x1, y1),
    };
    vec![
        b(17.0, 17.0, 23.0, 17.5),
        b(17.0, 22.5, 23.0, 23.0),
        b(17.0, 17.0, 17.5, 23.0),
        b(22.5, 17.0, 23.0, 23.0),
    ]
}

#[test]
fn nearest_equals_the_shortest_of_one_search_per_goal() {
    let (mut one, mut many) = (MeshContext::new(), MeshContext::new());
    let (mut found, mut none, mut ignored, mut walled) = (0, 0, 0, 0);
    for seed in 0..24u64 {
        let spec = RandomWorld {
            size: SIZE,
            obstacles: 4 + seed as usize % 6,
            circles: seed % 3 != 2,
            scale: 3.0,
            overlaps: seed % 2 == 0,
        };
        let mut oracle = rounded(&random_world(seed, spec));
        if seed % 2 == 1 {
            oracle.obstacles.extend(pen());
        }
        let world = mesh_world(&oracle);
        let mut rng = Rng::new(seed ^ 0x4ea7);
        for k in 0..8 {
            let radius = [0.0, 0.3, 0.9, 2.0][k % 4];
            let point = |rng: &mut Rng| rng.point(DVec2::splat(-1.0), DVec2::splat(SIZE + 1.0));
            let start = point(&mut rng);
            let count = 1 + (seed as usize + k) % 6;
            let mut goals: Vec<Vec2> = (0..count).map(|_| v(point(&mut rng))).collect();
            if seed % 2 == 1 && k % 2 == 0 {
                goals.push(v(rng.point(DVec2::splat(19.5), DVec2::splat(20.5))));
            }
            if k % 3 == 1 {
                goals.push(goals[0]);
            }
            if k % 4 == 3 {
                goals.push(Vec2::new(-5.0, 3.0));
            }
            let query = MeshQuery::new(v(start), v(start)).with_radius(radius as f32);
            let what = format!("seed {seed} query {k} r {radius}: {start} -> {goals:?}");
            let separate: Vec<(PathStatus, f64)> = goals
                .iter()
                .map(|&g| {
                    let q = MeshQuery::new(v(start), g).with_radius(radius as f32);
                    let answer = one.find_path(&world, &q).unwrap();
                    (answer.status(), answer.cost())
                })
                .collect();
            let nearest = many.find_nearest(&world, &query, &goals).unwrap();
            let (status, cost, goal) =
                (nearest.answer.status(), nearest.answer.cost(), nearest.goal);
            let pieces = nearest.answer.path().to_vec();
            let alone = one.find_path(&world, &query).unwrap().status();
            if alone != PathStatus::Found {
                assert_eq!(status, alone, "{what}");
                assert_eq!(goal, None, "{what}");
                continue;
            }
            ignored += separate
                .iter()
                .filter(|s| matches!(s.0, PathStatus::GoalBlocked | PathStatus::OutOfBounds))
                .count();
            walled += separate
                .iter()
                .zip(&goals)
                .filter(|(s, g)| s.0 == PathStatus::NoPath && g.x > 17.5 && g.y > 17.5)
                .count();
            let best = separate
                .iter()
                .filter(|s| s.0 == PathStatus::Found)
                .map(|s| s.1)
                .fold(f64::INFINITY, f64::min);
            if best.is_finite() {
                found += 1;
                assert_eq!(status, PathStatus::Found, "{what}");
                let g = goal.expect("a goal");
                assert_eq!(separate[g].0, PathStatus::Found, "{what}: goal {g}");
                assert!(
                    (cost - best).abs() <= 1e-9 * best.max(1.0),
                    "{what}: nearest {cost} vs shortest {best}"
                );
                assert!(
                    (separate[g].1 - best).abs() <= 1e-9 * best.max(1.0),
                    "{what}: goal {g} at {} vs shortest {best}",
                    separate[g].1
                );
                assert_eq!(goals.iter().position(|&p| p == goals[g]), Some(g), "{what}");
                let goal_point = goals[g].as_dvec2();
                check_piece_path(&oracle, radius, start, goal_point, &pieces, cost)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
            } else {
                none += 1;
                assert_eq!(goal, None, "{what}");
                let expected = if separate.iter().any(|s| s.0 == PathStatus::NoPath) {
                    PathStatus::NoPath
                } else if separate.iter().all(|s| s.0 == PathStatus::OutOfBounds) {
                    PathStatus::OutOfBounds
                } else {
                    PathStatus::GoalBlocked
                };
                assert_eq!(status, expected, "{what}: {separate:?}");
                assert!(pieces.is_empty(), "{what}");
            }
        }
    }
    eprintln!("{found} found, {none} without a path, {ignored} goals ignored, {walled} walled in");
    assert!(
        found >= 100 && none >= 3 && ignored >= 20 && walled >= 5,
        "{found} {none} {ignored} {walled}"
    );
}

/// With the triangulation prepared, goals it proves cut off are dropped before the search: a
/// walled-in goal alone is `NoPath` at once, and beside a reachable one it changes nothing.
#[test]
fn a_prepared_world_drops_walled_in_goals() {
    let mut oracle = rounded(&random_world(
        7,
        RandomWorld {
            size: SIZE,
            obstacles: 6,
            circles: true,
            scale: 2.0,
            overlaps: false,
        },
    ));
    oracle.obstacles.retain(|o| match o {
        OracleObstacle::Circle { center, radius } => center.max_element() + radius < 16.0,
        _ => true,
    });
    oracle.obstacles.extend(pen());
    let world = mesh_world(&oracle);
    let query = MeshQuery::new(Vec2::new(0.5, 0.5), Vec2::ZERO).with_radius(0.3);
    let walled = [Vec2::new(20.0, 20.0)];
    let open = [Vec2::new(20.0, 20.0), Vec2::new(1.0, 1.5)];
    let mut ctx = MeshContext::new();
    let unprepared = ctx.find_nearest(&world, &query, &walled).unwrap();
    assert_eq!(unprepared.answer.status(), PathStatus::NoPath);
    assert!(unprepared.answer.expanded() > 0);
    let expected = ctx
        .find_nearest(&world, &query, &open)
        .unwrap()
        .answer
        .cost();
    assert!(world.prepare_connected() > 0);
    let prepared = ctx.find_nearest(&world, &query, &walled).unwrap();
    assert_eq!(prepared.answer.status(), PathStatus::NoPath);
    assert_eq!(prepared.answer.expanded(), 0);
    let nearest = ctx.find_nearest(&world, &query, &open).unwrap();
    assert_eq!(nearest.goal, Some(1));
    assert_eq!(nearest.answer.cost(), expected);
}

/// A world of more than 1024 corners takes the visibility walk: the start's walk is unbounded
/// here (the bounded rounds of `find_path` need one goal).
#[test]
fn nearest_in_a_world_that_takes_the_walk() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(130.0))).unwrap();
    for i in 0..20 {
        for j in 0..20 {
            let (x, y) = (5.0 + 6.0 * i as f32, 5.0 + 6.0 * j as f32);
            let b = Aabb::new(
                Vec2::new(x, y),
                Vec2::new(x + 2.0 + (i % 3) as f32, y + 2.0),
            );
            world.insert(Obstacle::Box(b)).unwrap();
        }
    }
    world
        .insert(Obstacle::Circle(Circle::new(Vec2::new(60.5, 63.5), 2.5)))
        .unwrap();
    let (mut one, mut many) = (MeshContext::new(), MeshContext::new());
    let mut rng = Rng::new(0x3a1c);
    let mut found = 0;
    for k in 0..8 {
        let radius = [0.0f32, 0.4, 1.0, 0.2][k % 4];
        let p = |rng: &mut Rng| v(rng.point(DVec2::splat(1.0), DVec2::splat(129.0)));
        let start = p(&mut rng);
        let goals: Vec<Vec2> = (0..3).map(|_| p(&mut rng)).collect();
        let query = MeshQuery::new(start, start).with_radius(radius);
        let best = goals
            .iter()
            .filter_map(|&g| {
                let answer = one
                    .find_path(&world, &MeshQuery::new(start, g).with_radius(radius))
                    .unwrap();
                answer.is_found().then(|| answer.cost())
            })
            .fold(f64::INFINITY, f64::min);
        let nearest = many.find_nearest(&world, &query, &goals).unwrap();
        if best.is_finite() {
            found += 1;
            let cost = nearest.answer.cost();
            assert!(
                (cost - best).abs() <= 1e-9 * best,
                "query {k}: {cost} vs {best}"
            );
        } else {
            assert_ne!(nearest.answer.status(), PathStatus::Found, "query {k}");
        }
    }
    assert!(found >= 4, "{found}");
}

#[test]
fn statuses_refusals_limits_and_allocations() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::splat(-20.0), Vec2::splat(20.0))).unwrap();
    world
        .insert(Obstacle::Box(Aabb::new(
            Vec2::new(2.0, -3.0),
            Vec2::new(6.0, 3.0),
        )))
        .unwrap();
    world
        .insert(Obstacle::Circle(Circle::new(Vec2::new(-8.0, 8.0), 2.0)))
        .unwrap();
    let mut ctx = MeshContext::new();
    let query = MeshQuery::new(Vec2::ZERO, Vec2::ZERO).with_radius(0.5);
    let mut status = |q: &MeshQuery, goals: &[Vec2]| {
        let answer = ctx.find_nearest(&world, q, goals).unwrap();
        (answer.answer.status(), answer.goal)
    };
    assert_eq!(status(&query, &[]), (PathStatus::GoalBlocked, None));
    let outside = [Vec2::new(30.0, 0.0), Vec2::new(0.0, 19.8)];
    assert_eq!(status(&query, &outside), (PathStatus::OutOfBounds, None));
    let blocked = [
        Vec2::new(4.0, 0.0),
        Vec2::new(30.0, 0.0),
        Vec2::new(-8.0, 9.0),
    ];
    assert_eq!(status(&query, &blocked), (PathStatus::GoalBlocked, None));
    let here = [Vec2::new(9.0, 0.0), Vec2::ZERO];
    assert_eq!(status(&query, &here), (PathStatus::Found, Some(1)));
    let repeated = [
        Vec2::new(4.0, 0.0),
        Vec2::new(9.0, 0.0),
        Vec2::new(9.0, 0.0),
    ];
    assert_eq!(status(&query, &repeated), (PathStatus::Found, Some(1)));
    let in_box = MeshQuery::new(Vec2::new(4.0, 1.0), Vec2::ZERO);
    assert_eq!(status(&in_box, &here), (PathStatus::StartBlocked, None));
    let out = MeshQuery::new(Vec2::new(25.0, 0.0), Vec2::ZERO);
    assert_eq!(status(&out, &here), (PathStatus::OutOfBounds, None));
    // Behind the box (around it: about 12.1) or in the open but further (13); a larger
    // disc does not fit behind the box.
    let two = [Vec2::new(7.5, 0.0), Vec2::new(-13.0, 0.0)];
    assert_eq!(status(&query, &two), (PathStatus::Found, Some(0)));
    let wide = query.with_radius(1.9);
    assert_eq!(status(&wide, &two), (PathStatus::Found, Some(1)));

    // Limits: a length bound below every goal, an expansion bound with a partial path.
    let far = [Vec2::new(10.0, 0.0), Vec2::new(-16.0, 0.0)];
    let short = query.with_limits(Limits::default().with_max_cost(5.0));
    assert_eq!(status(&short, &far), (PathStatus::LimitReached, None));
    let tight = query.with_limits(
        Limits::default()
            .with_max_expanded(1)
            .with_partial_path(true),
    );
    let answer = ctx.find_nearest(&world, &tight, &far).unwrap();
    assert_eq!(answer.answer.status(), PathStatus::LimitReached);
    assert_eq!(answer.goal, None);
    assert!(answer.answer.is_partial());
    let answer = ctx.find_nearest(&world, &query, &far).unwrap();
    assert_eq!(answer.goal, Some(0));
    let one = ctx
        .find_path(&world, &MeshQuery::new(Vec2::ZERO, far[0]).with_radius(0.5))
        .unwrap()
        .cost();
    let answer = ctx.find_nearest(&world, &query, &far).unwrap();
    assert!((answer.answer.cost() - one).abs() <= 1e-9 * one);

    // Refusals name the input, and leave no path.
    let nan = [Vec2::new(1.0, 1.0), Vec2::new(f32::NAN, 2.0)];
    let err = ctx.find_nearest(&world, &query, &nan).unwrap_err();
    assert!(matches!(err, MeshError::InvalidPoint { .. }), "{err}");
    assert!(err.to_string().contains("goal"), "{err}");
    let mut points = vec![Vec2::ONE];
    ctx.polyline(0.1, &mut points);
    assert!(points.is_empty(), "no path after an error");
    let inf_start = MeshQuery::new(Vec2::new(f32::INFINITY, 0.0), Vec2::ZERO);
    let err = ctx.find_nearest(&world, &inf_start, &far).unwrap_err();
    assert!(err.to_string().contains("start"), "{err}");
    for radius in [f32::NAN, -1.0, f32::INFINITY] {
        assert!(matches!(
            ctx.find_nearest(&world, &query.with_radius(radius), &far),
            Err(MeshError::InvalidRadius { .. })
        ));
    }
    let bad_limits = query.with_limits(Limits {
        max_cost: -1.0,
        ..Limits::default()
    });
    assert!(matches!(
        ctx.find_nearest(&world, &bad_limits, &far),
        Err(MeshError::Limits(_))
    ));
    let many = vec![Vec2::new(-15.0, 0.0); MAX_NEAREST_GOALS + 1];
    let err = ctx.find_nearest(&world, &query, &many).unwrap_err();
    assert_eq!(
        err,
        MeshError::TooManyGoals {
            count: 1025,
            max: 1024
        }
    );
    assert!(err.to_string().contains("1025"), "{err}");
    assert_eq!(
        ctx.find_nearest(&world, &query, &many[1..]).unwrap().goal,
        Some(0)
    );

    // A nearest-goal query replaces a sliced query in progress.
    ctx.begin_sliced(&world, &MeshQuery::new(Vec2::ZERO, far[1]))
        .unwrap();
    ctx.find_nearest(&world, &query, &far).unwrap();
    assert_eq!(ctx.sliced_state(), SliceState::Idle);

    // Warm queries allocate nothing.
    let allocations = allocations_during(|| {
        let answer = ctx.find_nearest(&world, &query, &far).unwrap();
        assert_eq!(answer.goal, Some(0));
        let answer = ctx.find_nearest(&world, &wide, &two).unwrap();
        assert_eq!(answer.goal, Some(1));
    });
    assert_eq!(allocations, 0);
}
