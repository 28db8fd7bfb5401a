//! Time-sliced queries: stepping with any budget gives exactly the one-shot answer on random
//! worlds, and a world changed between steps is detected.

mod common;

use common::{Rng, Scene};
use nav_agent::{Aabb, AgentContext, AgentQuery, QueryError, SliceState, Vec2, World};
use nav_search::{Limits, PathOutcome};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const BUDGETS: [usize; 6] = [1, 2, 7, 64, 256, usize::MAX];

fn sliced(
    ctx: &mut AgentContext,
    world: &World,
    query: &AgentQuery,
    budget: usize,
) -> (PathOutcome, Vec<Vec2>, Vec<Vec2>) {
    let mut state = ctx.begin_sliced(world, query).unwrap();
    let mut steps = 0;
    while let SliceState::Running { expanded } = state {
        state = ctx.step_sliced(world, budget).unwrap();
        if let SliceState::Running { expanded: now } = state {
            assert!(now - expanded <= budget);
            assert!(ctx.sliced_path().is_none());
        }
        steps += 1;
        assert!(steps < 1_000_000);
    }
    assert_eq!(ctx.sliced_state(), state);
    assert_eq!(ctx.sliced_query(), Some(query));
    let answer = ctx.sliced_path().expect("finished");
    assert_eq!(Some(answer.outcome()), state.outcome());
    (
        answer.outcome(),
        answer.path().to_vec(),
        ctx.raw_path().to_vec(),
    )
}

#[test]
fn random_worlds_sliced_equal_one_shot() {
    let mut rng = Rng::new(0x51ce);
    let mut ctx = AgentContext::new();
    let mut found = 0;
    for world_no in 0..12 {
        let scene = Scene::random(&mut rng, 40.0, 30.0, 25, 1.0, 6.0);
        let world = scene.world();
        for k in 0..10 {
            let radius = [0.0, 0.3, 0.8, 1.5][k % 4];
            let start = rng.point((0.0, 0.0), (40.0, 30.0));
            let goal = rng.point((0.0, 0.0), (40.0, 30.0));
            let limits = match k % 3 {
                0 => Limits::default(),
                1 => Limits::default()
                    .with_max_expanded(200)
                    .with_partial_path(true),
                _ => Limits::default().with_max_cost(rng.range(5.0, 40.0)),
            };
            let query = AgentQuery::new(start, goal)
                .with_radius(radius)
                .with_step(0.5)
                .with_limits(limits);
            let expected = ctx.find_path(&world, &query).unwrap().outcome();
            let (points, raw) = (ctx.last_path().points().to_vec(), ctx.raw_path().to_vec());
            found += expected.status.is_found() as usize;
            let budget = BUDGETS[(world_no + k) % BUDGETS.len()];
            // The warm context, and a cold one (the walkability cache changes nothing).
            let mut cold = AgentContext::new();
            for context in [&mut ctx, &mut cold] {
                let (outcome, sliced_points, sliced_raw) = sliced(context, &world, &query, budget);
                let what = format!("world {world_no} query {k} budget {budget}");
                assert_eq!(outcome.status, expected.status, "{what}");
                assert_eq!(outcome.cost.to_bits(), expected.cost.to_bits(), "{what}");
                assert_eq!(outcome.expanded, expected.expanded, "{what}");
                assert_eq!(outcome.partial, expected.partial, "{what}");
                assert_eq!(sliced_points, points, "{what}");
                assert_eq!(sliced_raw, raw, "{what}");
            }
        }
    }
    assert!(
        found >= 40,
        "only {found} paths found: the worlds are too closed"
    );
}

#[test]
fn a_world_changed_between_steps_is_detected() {
    let bounds = Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0));
    let mut world = World::new(bounds).unwrap();
    world
        .insert_static(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(16.0, 8.0)))
        .unwrap();
    let mover = world
        .insert_dynamic(Aabb::new(Vec2::new(25.0, 8.0), Vec2::new(26.0, 9.0)))
        .unwrap();
    let query = AgentQuery::new(Vec2::new(2.0, 2.0), Vec2::new(28.0, 2.0))
        .with_radius(0.4)
        .with_step(0.5);
    let mut ctx = AgentContext::new();
    assert_eq!(ctx.step_sliced(&world, 5), Ok(SliceState::Idle));

    // A move.
    ctx.begin_sliced(&world, &query).unwrap();
    assert!(ctx.step_sliced(&world, 3).unwrap().is_running());
    world
        .move_obstacle(mover, Aabb::new(Vec2::new(24.0, 8.0), Vec2::new(25.0, 9.0)))
        .unwrap();
    assert_eq!(ctx.step_sliced(&world, 3), Err(QueryError::WorldChanged));
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    assert!(
        QueryError::WorldChanged
            .to_string()
            .contains("begin the query again")
    );

    // A removal, then another world.
    ctx.begin_sliced(&world, &query).unwrap();
    world.remove(mover).unwrap();
    assert_eq!(ctx.step_sliced(&world, 3), Err(QueryError::WorldChanged));
    ctx.begin_sliced(&world, &query).unwrap();
    let other = World::new(bounds).unwrap();
    assert_eq!(ctx.step_sliced(&other, 3), Err(QueryError::WorldChanged));

    // Cancel, and an answer without search.
    ctx.begin_sliced(&world, &query).unwrap();
    ctx.cancel_sliced();
    assert_eq!(ctx.step_sliced(&world, 3), Ok(SliceState::Idle));
    let blocked = AgentQuery::new(Vec2::new(15.0, 2.0), Vec2::new(28.0, 2.0)).with_radius(0.4);
    let state = ctx.begin_sliced(&world, &blocked).unwrap();
    assert_eq!(
        state.outcome().map(|o| o.status),
        Some(nav_search::PathStatus::StartBlocked)
    );
    // Bad input is an error at begin.
    let nan = AgentQuery::new(Vec2::new(f32::NAN, 2.0), Vec2::new(28.0, 2.0));
    assert!(ctx.begin_sliced(&world, &nan).is_err());
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
}

#[test]
fn a_warm_sliced_query_allocates_nothing() {
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0))).unwrap();
    world
        .insert_static(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(16.0, 8.0)))
        .unwrap();
    let query = AgentQuery::new(Vec2::new(2.0, 2.0), Vec2::new(28.0, 2.0))
        .with_radius(0.4)
        .with_step(0.5);
    let mut ctx = AgentContext::new();
    let run = |ctx: &mut AgentContext| {
        let mut state = ctx.begin_sliced(&world, &query).unwrap();
        let mut steps = 0;
        while state.is_running() {
            steps += 1;
            state = ctx.step_sliced(&world, 16).unwrap();
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
