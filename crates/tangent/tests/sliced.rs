//! Time-sliced queries: stepping with any budget gives exactly the one-shot answer on random
//! circle worlds (through every widening of the length bound), and edits are detected.

mod common;

use common::{Rng, random_circles, world_of};
use nav_geom::{Aabb, Circle, PathPiece, Vec2};
use nav_search::{Limits, PathOutcome, PathStatus};
use nav_tangent::{CircleContext, CircleQuery, CircleWorld, SliceState, TangentError};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const BUDGETS: [usize; 6] = [1, 2, 7, 64, 256, usize::MAX];

fn sliced(
    ctx: &mut CircleContext,
    world: &CircleWorld,
    query: &CircleQuery,
    budget: usize,
) -> (PathOutcome, Vec<PathPiece>, usize) {
    let mut state = ctx.begin_sliced(world, query).unwrap();
    let mut steps = 0;
    while let SliceState::Running { expanded } = state {
        state = ctx.step_sliced(world, budget).unwrap();
        if let SliceState::Running { expanded: now } = state {
            assert!(
                now >= expanded && now - expanded <= budget,
                "{expanded} -> {now}"
            );
            assert!(ctx.sliced_path().is_none());
        }
        steps += 1;
        assert!(steps < 1_000_000);
    }
    assert_eq!(ctx.sliced_state(), state);
    assert_eq!(ctx.sliced_query(), Some(query));
    let answer = ctx.sliced_path().expect("finished");
    assert_eq!(Some(answer.outcome()), state.outcome());
    (answer.outcome(), answer.path().to_vec(), steps)
}

#[test]
fn random_worlds_sliced_equal_one_shot() {
    let mut rng = Rng::new(0x0051_1ced);
    let mut ctx = CircleContext::new();
    let (mut found, mut multi_step) = (0, 0);
    for world_no in 0..16 {
        let circles = random_circles(&mut rng, 30 + world_no * 5, 60.0, (0.5, 4.0), true, 0.0);
        let world = world_of(&circles);
        for k in 0..8 {
            let radius = [0.0, 0.25, 0.7, 1.5][k % 4];
            let start = Vec2::new(rng.range(-2.0, 62.0), rng.range(-2.0, 62.0));
            let goal = Vec2::new(rng.range(-2.0, 62.0), rng.range(-2.0, 62.0));
            let limits = match k % 3 {
                0 => Limits::default(),
                1 => Limits::default()
                    .with_max_expanded(40)
                    .with_partial_path(true),
                _ => Limits::default().with_max_cost(rng.range(20.0, 90.0) as f64),
            };
            let query = CircleQuery::new(start, goal)
                .with_radius(radius)
                .with_limits(limits);
            let expected = ctx.find_path(&world, &query).unwrap().outcome();
            let pieces = ctx.last_path().pieces().to_vec();
            found += expected.status.is_found() as usize;
            let budget = BUDGETS[(world_no + k) % BUDGETS.len()];
            let (outcome, sliced_pieces, steps) = sliced(&mut ctx, &world, &query, budget);
            multi_step += (steps > 1) as usize;
            let what = format!("world {world_no} query {k} budget {budget}");
            assert_eq!(outcome.status, expected.status, "{what}");
            assert_eq!(outcome.cost.to_bits(), expected.cost.to_bits(), "{what}");
            assert_eq!(outcome.expanded, expected.expanded, "{what}");
            assert_eq!(outcome.partial, expected.partial, "{what}");
            assert_eq!(sliced_pieces, pieces, "{what}");
        }
    }
    assert!(found >= 40, "only {found} paths found");
    assert!(
        multi_step >= 20,
        "only {multi_step} queries took several steps"
    );
}

#[test]
fn edits_between_steps_are_detected() {
    let bounds = Aabb::new(Vec2::splat(-20.0), Vec2::splat(20.0));
    let mut world = CircleWorld::new(bounds).unwrap();
    let key = world.insert(Circle::new(Vec2::ZERO, 3.0)).unwrap();
    for i in 0..6 {
        world
            .insert(Circle::new(Vec2::new(-10.0 + 4.0 * i as f32, 6.0), 1.0))
            .unwrap();
    }
    let query = CircleQuery::new(Vec2::new(-15.0, 0.0), Vec2::new(15.0, 0.0)).with_radius(0.5);
    let mut ctx = CircleContext::new();
    assert_eq!(ctx.step_sliced(&world, 1), Ok(SliceState::Idle));
    let edits: [&dyn Fn(&mut CircleWorld); 4] = [
        &|w| {
            w.insert(Circle::new(Vec2::new(8.0, 8.0), 1.0)).unwrap();
        },
        &|w| {
            w.set(key, Circle::new(Vec2::ZERO, 2.5)).unwrap();
        },
        &|w| {
            w.remove(key);
        },
        &|w| w.clear(),
    ];
    for edit in edits {
        assert!(ctx.begin_sliced(&world, &query).unwrap().is_running());
        let before = world.revision();
        edit(&mut world);
        assert_ne!(world.revision(), before);
        assert_eq!(ctx.step_sliced(&world, 1), Err(TangentError::WorldChanged));
        assert_eq!(ctx.sliced_state(), SliceState::Idle);
        assert_eq!(ctx.step_sliced(&world, 1), Ok(SliceState::Idle));
    }
    // Another world.
    let mut other = CircleWorld::new(bounds).unwrap();
    other.insert(Circle::new(Vec2::ZERO, 3.0)).unwrap();
    ctx.begin_sliced(&other, &query).unwrap();
    assert_eq!(ctx.step_sliced(&world, 1), Err(TangentError::WorldChanged));
    // A clone that nobody edited is the same world.
    let twin = other.clone();
    ctx.begin_sliced(&other, &query).unwrap();
    assert!(ctx.step_sliced(&twin, 1).is_ok());
    // Answers without search, and errors at begin.
    let blocked = CircleQuery::new(Vec2::ZERO, Vec2::new(15.0, 0.0));
    let state = ctx.begin_sliced(&other, &blocked).unwrap();
    assert_eq!(state.outcome().unwrap().status, PathStatus::StartBlocked);
    let nan = CircleQuery::new(Vec2::new(f32::NAN, 0.0), Vec2::ZERO);
    assert!(ctx.begin_sliced(&other, &nan).is_err());
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    ctx.begin_sliced(&other, &query).unwrap();
    ctx.cancel_sliced();
    assert_eq!(ctx.step_sliced(&other, 100), Ok(SliceState::Idle));
}

#[test]
fn a_warm_sliced_query_allocates_nothing() {
    let mut rng = Rng::new(7);
    let world = world_of(&random_circles(&mut rng, 60, 60.0, (0.5, 4.0), true, 0.0));
    let query = CircleQuery::new(Vec2::new(-1.0, -1.0), Vec2::new(61.0, 61.0)).with_radius(0.3);
    let mut ctx = CircleContext::new();
    let run = |ctx: &mut CircleContext| {
        let mut state = ctx.begin_sliced(&world, &query).unwrap();
        let mut steps = 0;
        while state.is_running() {
            steps += 1;
            state = ctx.step_sliced(&world, 3).unwrap();
        }
        assert!(state.outcome().is_some_and(|o| o.status.is_found()));
        steps
    };
    assert!(run(&mut ctx) > 1, "the query searches over several steps");
    run(&mut ctx);
    assert_eq!(
        allocations_during(|| {
            run(&mut ctx);
        }),
        0
    );
}
