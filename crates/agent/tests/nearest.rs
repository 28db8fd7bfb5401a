//! Nearest of several goals in one search, against one `find_path` per goal on random worlds
//! (goals blocked, outside the bounds or boxed in among them), and the refusals.

mod common;

use common::{Rng, Scene, check_path};
use nav_agent::{Aabb, AgentContext, AgentQuery, QueryError, Vec2, World};
use nav_search::{Limits, PathStatus};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The heuristic's tie-break (a factor 1 + 2^-20) would let a search return a lattice path up
/// to about a millionth longer than the cheapest; on these worlds the lengths agree to the bit,
/// and the test holds them to 1e-9.
const TOLERANCE: f64 = 1e-9;

#[test]
fn nearest_equals_the_cheapest_of_one_search_per_goal() {
    let mut rng = Rng::new(0x4ea7_2026);
    let mut one = AgentContext::new();
    let mut many = AgentContext::new();
    let (mut found, mut none, mut ignored_goals) = (0, 0, 0);
    let mut worst = 0.0f64;
    for world_no in 0..16 {
        let scene = Scene::random(&mut rng, 40.0, 30.0, 30, 1.0, 6.0);
        let world = scene.world();
        let shapes = scene.shapes();
        for k in 0..8 {
            let radius = [0.0f32, 0.3, 0.8, 1.5][k % 4];
            let step = [0.5f32, 0.75, 1.0][(world_no + k) % 3];
            let start = rng.point((0.0, 0.0), (40.0, 30.0));
            let count = 1 + k % 6;
            // Some goals outside the bounds, some repeated.
            let goals: Vec<Vec2> = (0..count)
                .map(|i| match (k + i) % 7 {
                    5 => rng.point((-10.0, -10.0), (-1.0, 40.0)),
                    _ => rng.point((0.0, 0.0), (40.0, 30.0)),
                })
                .collect();
            let query = AgentQuery::new(start, start)
                .with_radius(radius)
                .with_step(step);
            let what = format!("world {world_no}, query {k}, r {radius}, {start} -> {goals:?}");
            // One search per goal.
            let mut separate = Vec::new();
            for &goal in &goals {
                let status = one
                    .find_path(&world, &query_to(&query, goal))
                    .unwrap()
                    .status();
                separate.push((status, one.last_path().raw_length()));
            }
            let nearest = many.find_nearest(&world, &query, &goals).unwrap();
            let status = nearest.answer.status();
            let best = separate
                .iter()
                .filter(|s| s.0 == PathStatus::Found)
                .map(|s| s.1)
                .fold(f64::INFINITY, f64::min);
            ignored_goals += separate
                .iter()
                .filter(|s| matches!(s.0, PathStatus::GoalBlocked | PathStatus::OutOfBounds))
                .count();
            // How the start alone stands (a goal outside the bounds hides it from `find_path`).
            let alone = one.find_path(&world, &query).unwrap().status();
            if alone != PathStatus::Found {
                assert_eq!(status, alone, "{what}");
                continue;
            }
            if best.is_finite() {
                found += 1;
                assert_eq!(status, PathStatus::Found, "{what}");
                let g = nearest.goal.expect("a goal");
                assert_eq!(separate[g].0, PathStatus::Found, "{what}: goal {g}");
                let raw = many.last_path().raw_length();
                worst = worst.max((raw - best).abs() / best.max(1.0));
                assert!(
                    (raw - best).abs() <= TOLERANCE * best.max(1.0),
                    "{what}: nearest raw {raw} vs cheapest {best}"
                );
                // The first of repeated goals.
                assert_eq!(goals.iter().position(|&p| p == goals[g]), Some(g));
                let points = many.last_path().points();
                assert_eq!(points.first(), Some(&start), "{what}");
                assert_eq!(points.last(), Some(&goals[g]), "{what}");
                let (min, max) = (scene.min, scene.max);
                check_path(min, max, &shapes, None, radius, points, &what);
                let raw_points = many.last_path().raw_points();
                check_path(min, max, &shapes, None, radius, raw_points, &what);
                assert!(many.last_path().length() <= raw + 1e-9, "{what}");
            } else {
                none += 1;
                assert_eq!(nearest.goal, None, "{what}");
                assert!(nearest.answer.path().is_empty(), "{what}");
                let expected = if separate.iter().any(|s| s.0 == PathStatus::NoPath) {
                    PathStatus::NoPath
                } else if separate.iter().all(|s| s.0 == PathStatus::OutOfBounds) {
                    PathStatus::OutOfBounds
                } else {
                    PathStatus::GoalBlocked
                };
                assert_eq!(status, expected, "{what}: {separate:?}");
            }
        }
    }
    eprintln!("{found} found, {none} without a path; worst relative difference {worst:e}");
    assert!(
        found >= 50 && none >= 3 && ignored_goals >= 20,
        "{found} {none} {ignored_goals}"
    );
}

fn query_to(query: &AgentQuery, goal: Vec2) -> AgentQuery {
    AgentQuery::new(query.start(), goal)
        .with_radius(query.radius())
        .with_step(query.step())
        .with_heuristic(query.heuristic())
        .with_own_obstacle(query.own_obstacle())
        .with_limits(*query.limits())
}

fn walled() -> World {
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0))).unwrap();
    world
        .insert_static(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(16.0, 9.0)))
        .unwrap();
    // A box around (25, 5): a goal in there cannot be reached.
    for b in [
        Aabb::new(Vec2::new(23.0, 3.0), Vec2::new(27.0, 3.5)),
        Aabb::new(Vec2::new(23.0, 6.5), Vec2::new(27.0, 7.0)),
        Aabb::new(Vec2::new(23.0, 3.0), Vec2::new(23.5, 7.0)),
        Aabb::new(Vec2::new(26.5, 3.0), Vec2::new(27.0, 7.0)),
    ] {
        world.insert_static(b).unwrap();
    }
    world
}

#[test]
fn statuses_refusals_and_limits() {
    let world = walled();
    let mut ctx = AgentContext::new();
    let query = AgentQuery::new(Vec2::new(5.0, 5.0), Vec2::ZERO).with_radius(0.5);
    let status = |ctx: &mut AgentContext, q: &AgentQuery, goals: &[Vec2]| {
        let answer = ctx.find_nearest(&world, q, goals).unwrap();
        (answer.answer.status(), answer.goal)
    };
    assert_eq!(
        status(&mut ctx, &query, &[]),
        (PathStatus::GoalBlocked, None)
    );
    let outside = [Vec2::new(-3.0, 1.0), Vec2::new(31.0, 5.0)];
    assert_eq!(
        status(&mut ctx, &query, &outside),
        (PathStatus::OutOfBounds, None)
    );
    let blocked = [Vec2::new(15.0, 5.0), Vec2::new(-3.0, 1.0)];
    assert_eq!(
        status(&mut ctx, &query, &blocked),
        (PathStatus::GoalBlocked, None)
    );
    let boxed = [Vec2::new(25.0, 5.0), Vec2::new(15.0, 5.0)];
    assert_eq!(status(&mut ctx, &query, &boxed), (PathStatus::NoPath, None));
    let mixed = [
        Vec2::new(25.0, 5.0),
        Vec2::new(20.0, 2.0),
        Vec2::new(1.0, 1.0),
    ];
    assert_eq!(
        status(&mut ctx, &query, &mixed),
        (PathStatus::Found, Some(2))
    );
    let in_wall = AgentQuery::new(Vec2::new(15.0, 5.0), Vec2::ZERO).with_radius(0.5);
    assert_eq!(
        status(&mut ctx, &in_wall, &mixed),
        (PathStatus::StartBlocked, None)
    );
    let out = AgentQuery::new(Vec2::new(-5.0, 5.0), Vec2::ZERO);
    assert_eq!(
        status(&mut ctx, &out, &mixed),
        (PathStatus::OutOfBounds, None)
    );

    // Limits: a partial path towards the goals, or none.
    let far = [Vec2::new(20.0, 2.0)];
    let tight = query.with_limits(
        Limits::default()
            .with_max_expanded(20)
            .with_partial_path(true),
    );
    let answer = ctx.find_nearest(&world, &tight, &far).unwrap();
    assert_eq!(answer.answer.status(), PathStatus::LimitReached);
    assert!(answer.answer.is_partial() && answer.answer.path().len() >= 2);
    assert_eq!(answer.goal, None);
    let short = query.with_limits(Limits::default().with_max_cost(5.0));
    assert_eq!(status(&mut ctx, &short, &far).0, PathStatus::LimitReached);

    // Refusals name the input.
    let nan = [Vec2::new(1.0, 1.0), Vec2::new(f32::NAN, 2.0)];
    let err = ctx.find_nearest(&world, &query, &nan).unwrap_err();
    assert!(matches!(err, QueryError::NonFinitePoint { .. }), "{err}");
    assert!(err.to_string().contains("goal"), "{err}");
    let bad = query.with_radius(-1.0);
    assert!(matches!(
        ctx.find_nearest(&world, &bad, &mixed),
        Err(QueryError::InvalidRadius { .. })
    ));
    let many = vec![Vec2::new(1.0, 1.0); nav_agent::MAX_NEAREST_GOALS + 1];
    assert!(matches!(
        ctx.find_nearest(&world, &query, &many),
        Err(QueryError::TooManyGoals {
            count: 1025,
            max: 1024
        })
    ));
    let answer = ctx.find_nearest(&world, &query, &many[1..]).unwrap();
    assert_eq!(answer.goal, Some(0));
    let nan_start = AgentQuery::new(Vec2::new(f32::NAN, 0.0), Vec2::ZERO);
    let err = ctx.find_nearest(&world, &nan_start, &nan).unwrap_err();
    assert!(err.to_string().contains("start"), "{err}");
}

#[test]
fn ties_are_deterministic_and_warm_queries_allocate_nothing() {
    let world = walled();
    let query = AgentQuery::new(Vec2::new(5.0, 5.0), Vec2::ZERO).with_radius(0.5);
    // Two goals at the same distance, mirrored.
    let goals = [
        Vec2::new(5.0, 8.0),
        Vec2::new(5.0, 2.0),
        Vec2::new(5.0, 8.0),
    ];
    let mut first = None;
    for _ in 0..3 {
        let mut ctx = AgentContext::new();
        let answer = ctx.find_nearest(&world, &query, &goals).unwrap();
        let got = (answer.goal, answer.answer.path().to_vec());
        assert!(matches!(got.0, Some(0 | 1)));
        match &first {
            None => first = Some(got),
            Some(f) => assert_eq!(f, &got),
        }
    }
    let mut ctx = AgentContext::new();
    let many = [
        Vec2::new(28.0, 2.0),
        Vec2::new(2.0, 8.0),
        Vec2::new(25.0, 5.0),
    ];
    ctx.find_nearest(&world, &query, &many).unwrap();
    let allocations = allocations_during(|| {
        let answer = ctx.find_nearest(&world, &query, &many).unwrap();
        assert_eq!(answer.goal, Some(1));
    });
    assert_eq!(allocations, 0);
}
