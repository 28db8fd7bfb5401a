//! Time-sliced queries: stepping with any budget gives exactly the one-shot answer on random
//! polygon worlds (through both directions of the two-way search), and edits are detected.

mod common;

use common::{Rng, mesh_world, rounded, v};
use glam::DVec2;
use nav_geom::{Aabb, PathPiece, Vec2};
use nav_mesh::{
    Limits, MeshContext, MeshError, MeshQuery, MeshWorld, Obstacle, PathOutcome, PathStatus,
    SliceState,
};
use nav_testkit::polygon_oracle::{RandomWorld, random_world};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const BUDGETS: [usize; 6] = [1, 2, 7, 64, 256, usize::MAX];

fn sliced(
    ctx: &mut MeshContext,
    world: &MeshWorld,
    query: &MeshQuery,
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
        assert!(steps < 10_000_000);
    }
    assert_eq!(ctx.sliced_state(), state);
    assert_eq!(ctx.sliced_query(), Some(query));
    let answer = ctx.sliced_path().expect("finished");
    assert_eq!(Some(answer.outcome()), state.outcome());
    (answer.outcome(), answer.path().to_vec(), steps)
}

/// The one-shot and the sliced answers from the same context state (the successor lists a
/// context caches change how soon the two-way search switches direction, so the expansion
/// counts of two queries compare only from equal caches): from `ctx` as it is, and cold.
fn check_same(ctx: &mut MeshContext, world: &MeshWorld, query: &MeshQuery, budget: usize) {
    for context in [ctx, &mut MeshContext::new()] {
        let mut twin = context.clone();
        let expected = twin.find_path(world, query).unwrap();
        let (expected, pieces) = (expected.outcome(), expected.path().to_vec());
        let (outcome, sliced_pieces, _) = sliced(context, world, query, budget);
        let what = format!("{query:?} budget {budget}");
        assert_eq!(outcome.status, expected.status, "{what}");
        assert_eq!(outcome.cost.to_bits(), expected.cost.to_bits(), "{what}");
        assert_eq!(outcome.expanded, expected.expanded, "{what}");
        assert_eq!(outcome.partial, expected.partial, "{what}");
        assert_eq!(sliced_pieces, pieces, "{what}");
        assert!(
            twin.sliced_path().is_none(),
            "find_path leaves no sliced query"
        );
    }
}

#[test]
fn random_worlds_sliced_equal_one_shot() {
    let mut ctx = MeshContext::new();
    let mut found = 0;
    for seed in 0..14u64 {
        let size = 24.0;
        let spec = RandomWorld {
            size,
            obstacles: 5 + seed as usize % 5,
            circles: seed % 3 == 0,
            scale: 3.5,
            overlaps: seed % 2 == 0,
        };
        let world = rounded(&random_world(seed, spec));
        let mesh = mesh_world(&world);
        let mut rng = Rng::new(seed ^ 0x51ce);
        for k in 0..8 {
            let r = [0.0, 0.3, 0.8, 1.6][k % 4];
            let s = rng.point(DVec2::splat(-0.5), DVec2::splat(size + 0.5));
            let g = rng.point(DVec2::splat(-0.5), DVec2::splat(size + 0.5));
            let limits = match k % 3 {
                0 => Limits::default(),
                1 => Limits::default()
                    .with_max_expanded(30)
                    .with_partial_path(true),
                _ => Limits::default().with_max_cost(rng.range(5.0, 40.0)),
            };
            let query = MeshQuery::new(v(s), v(g))
                .with_radius(r as f32)
                .with_limits(limits);
            let budget = BUDGETS[(seed as usize + k) % BUDGETS.len()];
            check_same(&mut ctx, &mesh, &query, budget);
            found += ctx.sliced_state().outcome().unwrap().status.is_found() as usize;
        }
    }
    assert!(found >= 30, "only {found} paths found");
}

/// A goal in a closed pocket: the two-way search answers from the reverse run. With a
/// maze of boxes around the start, the forward run exceeds the first work budget, so the
/// sliced query goes through forward, reverse and forward runs.
#[test]
fn the_two_way_search_sliced_equals_one_shot() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(200.0, 200.0))).unwrap();
    for i in 0..30 {
        for j in 0..30 {
            let (x, y) = (5.0 + 6.0 * i as f32, 5.0 + 6.0 * j as f32);
            world
                .insert(Obstacle::Box(Aabb::new(
                    Vec2::new(x, y),
                    Vec2::new(x + 2.0, y + 2.0),
                )))
                .unwrap();
        }
    }
    // A pocket: four walls around (195, 195).
    for b in [
        Aabb::new(Vec2::new(190.0, 190.0), Vec2::new(200.0, 191.0)),
        Aabb::new(Vec2::new(190.0, 190.0), Vec2::new(191.0, 200.0)),
    ] {
        world.insert(Obstacle::Box(b)).unwrap();
    }
    let mut ctx = MeshContext::new();
    let pocket = MeshQuery::new(Vec2::new(1.0, 1.0), Vec2::new(195.0, 195.0)).with_radius(0.5);
    let expected = ctx.find_path(&world, &pocket).unwrap().outcome();
    assert_eq!(expected.status, PathStatus::NoPath);
    for budget in [1, 37, 1000] {
        check_same(&mut ctx, &world, &pocket, budget);
    }
    let open = MeshQuery::new(Vec2::new(1.0, 1.0), Vec2::new(180.0, 150.0)).with_radius(0.5);
    check_same(&mut ctx, &world, &open, 3);
}

#[test]
fn edits_between_steps_are_detected() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0))).unwrap();
    let wall = world
        .insert(Obstacle::Box(Aabb::new(
            Vec2::new(14.0, 0.0),
            Vec2::new(16.0, 8.0),
        )))
        .unwrap();
    let query = MeshQuery::new(Vec2::new(2.0, 2.0), Vec2::new(28.0, 2.0)).with_radius(0.4);
    let mut ctx = MeshContext::new();
    assert_eq!(ctx.step_sliced(&world, 1), Ok(SliceState::Idle));

    ctx.begin_sliced(&world, &query).unwrap();
    let extra = world
        .insert(Obstacle::Box(Aabb::new(
            Vec2::new(20.0, 8.0),
            Vec2::new(21.0, 9.0),
        )))
        .unwrap();
    assert_eq!(ctx.step_sliced(&world, 1), Err(MeshError::WorldChanged));
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    assert_eq!(ctx.step_sliced(&world, 1), Ok(SliceState::Idle));

    ctx.begin_sliced(&world, &query).unwrap();
    world
        .set(
            wall,
            Obstacle::Box(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(16.0, 7.0))),
        )
        .unwrap();
    assert_eq!(ctx.step_sliced(&world, 1), Err(MeshError::WorldChanged));

    ctx.begin_sliced(&world, &query).unwrap();
    world.remove(extra);
    assert_eq!(ctx.step_sliced(&world, 1), Err(MeshError::WorldChanged));

    // Another world.
    ctx.begin_sliced(&world, &query).unwrap();
    let other = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0))).unwrap();
    assert_eq!(ctx.step_sliced(&other, 1), Err(MeshError::WorldChanged));

    // Answers at begin, errors at begin, cancel.
    let blocked = MeshQuery::new(Vec2::new(15.0, 2.0), Vec2::new(28.0, 2.0));
    let state = ctx.begin_sliced(&world, &blocked).unwrap();
    assert_eq!(state.outcome().unwrap().status, PathStatus::StartBlocked);
    let nan = MeshQuery::new(Vec2::new(f32::NAN, 2.0), Vec2::new(28.0, 2.0));
    assert!(ctx.begin_sliced(&world, &nan).is_err());
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    ctx.begin_sliced(&world, &query).unwrap();
    ctx.cancel_sliced();
    assert_eq!(ctx.step_sliced(&world, 100), Ok(SliceState::Idle));
    assert!(
        MeshError::WorldChanged
            .to_string()
            .contains("begin the query again")
    );
}

#[test]
fn a_warm_sliced_query_allocates_nothing() {
    let spec = RandomWorld {
        size: 24.0,
        obstacles: 8,
        circles: true,
        scale: 3.5,
        overlaps: false,
    };
    let world = mesh_world(&rounded(&random_world(3, spec)));
    let query = MeshQuery::new(Vec2::new(0.2, 0.2), Vec2::new(23.8, 23.8)).with_radius(0.1);
    let mut ctx = MeshContext::new();
    let run = |ctx: &mut MeshContext| {
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
