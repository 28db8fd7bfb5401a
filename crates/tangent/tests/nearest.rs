//! Nearest of several goals in one search, against one `find_path` per goal on random circle
//! worlds (goals inside circles, outside the bounds, walled in, repeated), and the refusals.

mod common;

use common::{Rng, check_path, random_circles, world_of};
use nav_geom::{Aabb, Circle, Vec2};
use nav_search::{Limits, PathStatus};
use nav_tangent::{CircleContext, CircleQuery, CircleWorld, TangentError};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn nearest_equals_the_shortest_of_one_search_per_goal() {
    let mut rng = Rng::new(0x4ea7_c1c1);
    let (mut one, mut many) = (CircleContext::new(), CircleContext::new());
    let (mut found, mut none, mut ignored) = (0, 0, 0);
    for world_no in 0..14 {
        let mut circles = random_circles(&mut rng, 30 + world_no * 5, 60.0, (0.5, 4.0), true, 0.0);
        // A ring of touching circles around (30, 30): a goal in there has no path.
        for i in 0..24 {
            let a = i as f32 * std::f32::consts::TAU / 24.0;
            let c = Vec2::new(30.0, 30.0) + 5.0 * Vec2::new(a.cos(), a.sin());
            circles.push(Circle::new(c, 0.7));
        }
        let world = world_of(&circles);
        for k in 0..10 {
            let radius = [0.0, 0.25, 0.7, 1.5][k % 4];
            let start = Vec2::new(rng.range(-2.0, 62.0), rng.range(-2.0, 62.0));
            let count = 1 + k % 5;
            let mut goals: Vec<Vec2> = (0..count)
                .map(|_| Vec2::new(rng.range(-2.0, 62.0), rng.range(-2.0, 62.0)))
                .collect();
            if k % 3 == 0 {
                goals.push(Vec2::new(30.0 + rng.range(-1.0, 1.0), 30.0));
            }
            if k % 4 == 1 {
                goals.push(goals[0]);
            }
            let query = CircleQuery::new(start, start).with_radius(radius);
            let what = format!("world {world_no} query {k} r {radius}: {start} -> {goals:?}");
            let separate: Vec<(PathStatus, f64)> = goals
                .iter()
                .map(|&g| {
                    let q = CircleQuery::new(start, g).with_radius(radius);
                    let answer = one.find_path(&world, &q).unwrap();
                    (answer.status(), answer.cost())
                })
                .collect();
            ignored += separate
                .iter()
                .filter(|s| s.0 == PathStatus::GoalBlocked)
                .count();
            let answer = many.find_nearest(&world, &query, &goals).unwrap();
            let status = answer.answer.status();
            let (goal, cost) = (answer.goal, answer.answer.cost());
            if separate.iter().any(|s| s.0 == PathStatus::StartBlocked) {
                assert_eq!(status, PathStatus::StartBlocked, "{what}");
                continue;
            }
            let best = separate
                .iter()
                .filter(|s| s.0 == PathStatus::Found)
                .map(|s| s.1)
                .fold(f64::INFINITY, f64::min);
            if best.is_finite() {
                found += 1;
                assert_eq!(status, PathStatus::Found, "{what}");
                let g = goal.expect("a goal");
                assert_eq!(separate[g].0, PathStatus::Found, "{what}");
                assert!(
                    (cost - best).abs() <= 1e-9 * best.max(1.0),
                    "{what}: nearest {cost} vs shortest {best}"
                );
                assert_eq!(goals.iter().position(|&p| p == goals[g]), Some(g), "{what}");
                let path = many.last_path();
                assert_eq!((path.start(), path.goal()), (start, goals[g]), "{what}");
                check_path(&circles, radius, path, 1e-4);
            } else {
                none += 1;
                assert_eq!(goal, None, "{what}");
                let expected = if separate.iter().any(|s| s.0 == PathStatus::NoPath) {
                    PathStatus::NoPath
                } else {
                    PathStatus::GoalBlocked
                };
                assert_eq!(status, expected, "{what}: {separate:?}");
            }
        }
    }
    eprintln!("{found} found, {none} without a path, {ignored} goals blocked");
    assert!(
        found >= 60 && none >= 3 && ignored >= 10,
        "{found} {none} {ignored}"
    );
}

#[test]
fn statuses_refusals_limits_and_allocations() {
    let bounds = Aabb::new(Vec2::splat(-20.0), Vec2::splat(20.0));
    let mut world = CircleWorld::new(bounds).unwrap();
    world.insert(Circle::new(Vec2::new(4.0, 0.0), 3.0)).unwrap();
    let mut ctx = CircleContext::new();
    let query = CircleQuery::new(Vec2::ZERO, Vec2::ZERO).with_radius(0.5);
    let mut status = |q: &CircleQuery, goals: &[Vec2]| {
        let answer = ctx.find_nearest(&world, q, goals).unwrap();
        (answer.answer.status(), answer.goal)
    };
    assert_eq!(status(&query, &[]), (PathStatus::GoalBlocked, None));
    let outside = [Vec2::new(30.0, 0.0), Vec2::new(0.0, 19.8)];
    assert_eq!(status(&query, &outside), (PathStatus::OutOfBounds, None));
    let blocked = [Vec2::new(4.0, 0.0), Vec2::new(30.0, 0.0)];
    assert_eq!(status(&query, &blocked), (PathStatus::GoalBlocked, None));
    let here = [Vec2::new(9.0, 0.0), Vec2::ZERO];
    assert_eq!(status(&query, &here), (PathStatus::Found, Some(1)));
    let in_rock = CircleQuery::new(Vec2::new(4.0, 1.0), Vec2::ZERO);
    assert_eq!(status(&in_rock, &here), (PathStatus::StartBlocked, None));
    let out = CircleQuery::new(Vec2::new(25.0, 0.0), Vec2::ZERO);
    assert_eq!(status(&out, &here), (PathStatus::OutOfBounds, None));

    // Limits: a cost bound below every goal, an expansion bound with a partial path.
    let far = [Vec2::new(12.0, 0.5), Vec2::new(-15.0, 0.0)];
    let short = query.with_limits(Limits::default().with_max_cost(5.0));
    assert_eq!(status(&short, &far), (PathStatus::LimitReached, None));
    let tight = query.with_limits(
        Limits::default()
            .with_max_expanded(1)
            .with_partial_path(true),
    );
    let answer = ctx.find_nearest(&world, &tight, &far).unwrap();
    assert_eq!(answer.answer.status(), PathStatus::LimitReached);
    assert!(answer.answer.is_partial());
    let answer = ctx.find_nearest(&world, &query, &far).unwrap();
    assert_eq!(answer.goal, Some(0));

    // Refusals name the input.
    let nan = [Vec2::new(1.0, 1.0), Vec2::new(f32::NAN, 2.0)];
    let err = ctx.find_nearest(&world, &query, &nan).unwrap_err();
    assert!(matches!(err, TangentError::NonFinitePoint { .. }), "{err}");
    assert!(err.to_string().contains("goal"), "{err}");
    assert!(ctx.last_path().pieces().is_empty());
    let bad = query.with_radius(f32::NAN);
    assert!(matches!(
        ctx.find_nearest(&world, &bad, &far),
        Err(TangentError::InvalidAgentRadius { .. })
    ));

    let many = vec![Vec2::new(-15.0, 0.0); nav_tangent::MAX_NEAREST_GOALS + 1];
    assert!(matches!(
        ctx.find_nearest(&world, &query, &many),
        Err(TangentError::TooManyGoals {
            count: 1025,
            max: 1024
        })
    ));
    assert_eq!(
        ctx.find_nearest(&world, &query, &many[1..]).unwrap().goal,
        Some(0)
    );

    // Warm queries allocate nothing.
    let allocations = allocations_during(|| {
        let answer = ctx.find_nearest(&world, &query, &far).unwrap();
        assert_eq!(answer.goal, Some(0));
    });
    assert_eq!(allocations, 0);
}
