//! Time-sliced queries: stepping a query with any budget gives exactly the one-shot answer
//! (every Moving AI row, random maps), and a map edited between steps is detected.

mod common;

use std::time::Instant;

use common::scenario_files;
use nav_grid::movingai::{default_map_path, read_map, read_scenario};
use nav_grid::{
    Cell, GridContext, GridError, GridMap, GridQuery, GridRules, Limits, PathOutcome, PathStatus,
    SearchMode, SliceState,
};
use nav_testkit::{TestRng, movingai_dir};

/// Budgets tried; each Moving AI row takes one of them in turn (all of them on sampled rows).
const BUDGETS: [usize; 7] = [1, 2, 5, 64, 256, 1000, usize::MAX];

/// Runs `query` sliced by `budget`; the outcome, the cells, the costs and the number of steps.
fn sliced(
    ctx: &mut GridContext,
    map: &GridMap,
    rules: &nav_grid::CompiledRules,
    query: &GridQuery,
    budget: usize,
) -> (PathOutcome, Vec<Cell>, Vec<f64>, usize) {
    let mut state = ctx.begin_sliced(map, rules, query).unwrap();
    let mut steps = 0;
    while state.is_running() {
        steps += 1;
        let SliceState::Running { expanded } = state else {
            unreachable!()
        };
        state = ctx.step_sliced(map, rules, budget).unwrap();
        if let SliceState::Running { expanded: now } = state {
            assert!(
                now - expanded <= budget,
                "a step expands at most its budget"
            );
            assert!(ctx.path().is_empty());
            assert!(ctx.sliced_path().is_none());
        }
    }
    assert_eq!(ctx.sliced_state(), state);
    let answer = ctx.sliced_path().expect("finished");
    assert_eq!(Some(answer.outcome()), state.outcome());
    (
        answer.outcome(),
        answer.path().to_vec(),
        ctx.path_costs().to_vec(),
        steps,
    )
}

/// One-shot and sliced answers to `query`, compared bit for bit.
fn check_same(
    ctx: &mut GridContext,
    map: &GridMap,
    rules: &nav_grid::CompiledRules,
    query: &GridQuery,
    budget: usize,
    compare_trees: bool,
    what: &dyn Fn() -> String,
) -> PathOutcome {
    let expected = ctx.find_path(map, rules, query).unwrap().outcome();
    let (cells, costs) = (ctx.path().to_vec(), ctx.path_costs().to_vec());
    let expanded: Vec<Cell> = if compare_trees {
        ctx.expanded_cells().collect()
    } else {
        Vec::new()
    };
    let (outcome, sliced_cells, sliced_costs, steps) = sliced(ctx, map, rules, query, budget);
    assert_eq!(outcome.status, expected.status, "{}", what());
    assert_eq!(
        outcome.cost.to_bits(),
        expected.cost.to_bits(),
        "{}",
        what()
    );
    assert_eq!(outcome.expanded, expected.expanded, "{}", what());
    assert_eq!(outcome.partial, expected.partial, "{}", what());
    assert_eq!(sliced_cells, cells, "{}", what());
    assert_eq!(
        sliced_costs.iter().map(|c| c.to_bits()).collect::<Vec<_>>(),
        costs.iter().map(|c| c.to_bits()).collect::<Vec<_>>(),
        "{}",
        what()
    );
    if budget >= 1 && expected.expanded > 0 {
        assert!(steps >= expected.expanded.div_ceil(budget), "{}", what());
    }
    if compare_trees {
        // The search trees too (a scan of the whole map: on some rows only).
        assert!(ctx.expanded_cells().eq(expanded), "{}", what());
    }
    expected
}

#[test]
fn every_moving_ai_row_sliced_equals_one_shot() {
    let Some(dir) = movingai_dir() else { return };
    let files = scenario_files(&dir);
    assert_eq!(files.len(), 12, "expected 12 scenario files: {files:?}");
    let jump = GridRules::moving_ai()
        .with_search(SearchMode::JumpPoints)
        .compile()
        .unwrap();
    let cells = GridRules::moving_ai()
        .with_search(SearchMode::CellByCell)
        .compile()
        .unwrap();
    let started = Instant::now();
    // Two threads (CI has two cores), each with its own context, a share of the maps each.
    let check_file = |scen_path: &std::path::PathBuf, ctx: &mut GridContext| -> usize {
        let scen = read_scenario(scen_path).unwrap();
        let map = read_map(default_map_path(scen_path).unwrap()).unwrap();
        for (i, row) in scen.rows.iter().enumerate() {
            let query = GridQuery::new(row.start, row.goal);
            let what = || format!("{scen_path:?} row {i}");
            // Every row by jump points, the budgets in turn; every 1000th also cell by cell.
            let budget = BUDGETS[i % BUDGETS.len()];
            let sampled = i % 1000 == 0;
            let outcome = check_same(ctx, &map, &jump, &query, budget, sampled, &what);
            assert_eq!(outcome.status, PathStatus::Found, "{}", what());
            if sampled {
                check_same(ctx, &map, &cells, &query, 256, true, &what);
            }
        }
        scen.rows.len()
    };
    let rows: usize = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|half| {
                let (files, check_file) = (&files, &check_file);
                scope.spawn(move || {
                    let mut ctx = GridContext::new();
                    files
                        .iter()
                        .skip(half)
                        .step_by(2)
                        .map(|f| check_file(f, &mut ctx))
                        .sum::<usize>()
                })
            })
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert!(rows > 20_000, "{rows} rows");
    eprintln!("{rows} Moving AI rows sliced in {:?}", started.elapsed());
}

/// A random map: `density` of the cells blocked, some weighted.
fn random_map(rng: &mut TestRng, width: u32, height: u32, weighted: bool) -> GridMap {
    let mut map = GridMap::new(width, height).unwrap();
    for y in 0..height {
        for x in 0..width {
            if rng.chance(0.3) {
                map.set_blocked(Cell::new(x, y), true).unwrap();
            } else if weighted && rng.chance(0.3) {
                map.set_cost_multiplier(Cell::new(x, y), 1.0 + rng.below(4) as f64)
                    .unwrap();
            }
        }
    }
    map
}

#[test]
fn random_maps_sizes_limits_and_rules_sliced_equal_one_shot() {
    let mut rng = TestRng::new(13);
    let rule_sets: Vec<_> = [
        GridRules::default(),
        GridRules::default().with_search(SearchMode::CellByCell),
        GridRules::moving_ai(),
    ]
    .iter()
    .map(|r| r.compile().unwrap())
    .collect();
    let mut ctx = GridContext::new();
    for round in 0..120 {
        let (w, h) = (2 + rng.below(40) as u32, 2 + rng.below(40) as u32);
        let map = random_map(&mut rng, w, h, round % 3 == 0);
        let rules = &rule_sets[round % rule_sets.len()];
        for k in 0..8 {
            let start = Cell::new(rng.below(w as u64) as u32, rng.below(h as u64) as u32);
            let goal = Cell::new(rng.below(w as u64) as u32, rng.below(h as u64) as u32);
            let limits = match k % 4 {
                0 => Limits::default(),
                1 => Limits::default().with_max_expanded(rng.below(30) as usize),
                2 => Limits::default()
                    .with_max_cost(rng.range(0.0, 30.0))
                    .with_partial_path(true),
                _ => Limits::default().with_partial_path(true),
            };
            let query = GridQuery::new(start, goal)
                .with_agent_size(1 + (k % 3) as u32)
                .with_limits(limits);
            if map.has_uniform_cost() || rules.rules().search != SearchMode::JumpPoints {
                let budget = BUDGETS[(round + k) % BUDGETS.len()];
                let what = || format!("round {round} query {k}: {query:?}");
                check_same(&mut ctx, &map, rules, &query, budget, true, &what);
            }
        }
    }
}

fn ring_map() -> GridMap {
    GridMap::from_ascii(
        "..........\n\
         .@@@@@@@@.\n\
         .@......@.\n\
         .@@@@@@@@.\n\
         ..........",
    )
    .unwrap()
}

#[test]
fn an_edit_between_steps_is_detected_and_cancels_the_query() {
    let mut map = ring_map();
    let rules = GridRules::default().compile().unwrap();
    let query = GridQuery::new(Cell::new(0, 2), Cell::new(9, 2));
    let mut ctx = GridContext::new();
    assert_eq!(ctx.step_sliced(&map, &rules, 10), Ok(SliceState::Idle));
    assert!(ctx.begin_sliced(&map, &rules, &query).unwrap().is_running());
    assert!(ctx.step_sliced(&map, &rules, 1).unwrap().is_running());

    // Even an edit that writes the same value counts: the stamp changes on every setter.
    map.set_blocked(Cell::new(5, 0), false).unwrap();
    assert_eq!(
        ctx.step_sliced(&map, &rules, 1),
        Err(GridError::WorldChanged { what: "map" })
    );
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    assert_eq!(ctx.step_sliced(&map, &rules, 1), Ok(SliceState::Idle));
    let message = GridError::WorldChanged { what: "map" }.to_string();
    assert!(message.contains("begin the query again"), "{message}");

    // Another map, even an equal clone of one that was edited since, is refused.
    ctx.begin_sliced(&map, &rules, &query).unwrap();
    let mut other = map.clone();
    assert_eq!(other.revision(), map.revision());
    other.set_blocked(Cell::new(0, 0), true).unwrap();
    other.set_blocked(Cell::new(0, 0), false).unwrap();
    assert_eq!(other, map, "equal cells");
    assert!(matches!(
        ctx.step_sliced(&other, &rules, 1),
        Err(GridError::WorldChanged { what: "map" })
    ));
    ctx.begin_sliced(&map, &rules, &query).unwrap();
    assert!(matches!(
        ctx.step_sliced(&ring_map(), &rules, 1),
        Err(GridError::WorldChanged { what: "map" })
    ));

    // Other rules are refused too.
    ctx.begin_sliced(&map, &rules, &query).unwrap();
    let four = GridRules::default()
        .with_moves(nav_grid::Moves::Four)
        .compile()
        .unwrap();
    assert_eq!(
        ctx.step_sliced(&map, &four, 1),
        Err(GridError::WorldChanged { what: "rules" })
    );

    // Begun again on the edited map, it finishes with the one-shot answer.
    map.set_blocked(Cell::new(9, 1), true).unwrap();
    let expected = ctx.find_path(&map, &rules, &query).unwrap().outcome();
    ctx.begin_sliced(&map, &rules, &query).unwrap();
    let mut state = SliceState::Idle;
    for _ in 0..1000 {
        state = ctx.step_sliced(&map, &rules, 1).unwrap();
        if !state.is_running() {
            break;
        }
    }
    assert_eq!(state, SliceState::Finished(expected));
}

#[test]
fn answers_without_search_cancel_and_errors() {
    let map = ring_map();
    let rules = GridRules::default().compile().unwrap();
    let mut ctx = GridContext::new();
    // A blocked goal is answered at begin.
    let blocked = GridQuery::new(Cell::new(0, 0), Cell::new(1, 1));
    let state = ctx.begin_sliced(&map, &rules, &blocked).unwrap();
    assert_eq!(
        state,
        SliceState::Finished(PathOutcome::unsearched(PathStatus::GoalBlocked))
    );
    assert_eq!(ctx.step_sliced(&map, &rules, 5).unwrap(), state);
    assert_eq!(ctx.sliced_path().unwrap().status(), PathStatus::GoalBlocked);
    // Another component (inside the ring): no path, 0 expanded, at begin.
    let inside = GridQuery::new(Cell::new(0, 0), Cell::new(4, 2));
    let state = ctx.begin_sliced(&map, &rules, &inside).unwrap();
    assert_eq!(state.outcome().unwrap().status, PathStatus::NoPath);
    // Bad input is refused at begin, and leaves no query.
    let off_map = GridQuery::new(Cell::new(0, 0), Cell::new(99, 0));
    assert!(matches!(
        ctx.begin_sliced(&map, &rules, &off_map),
        Err(GridError::EndpointOutOfRange { .. })
    ));
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    // Cancel.
    let query = GridQuery::new(Cell::new(0, 2), Cell::new(9, 2));
    ctx.begin_sliced(&map, &rules, &query).unwrap();
    ctx.step_sliced(&map, &rules, 2).unwrap();
    ctx.cancel_sliced();
    assert_eq!(ctx.sliced_state(), SliceState::Idle);
    assert_eq!(ctx.step_sliced(&map, &rules, 1000), Ok(SliceState::Idle));
    assert!(ctx.sliced_path().is_none());
    // A huge budget finishes in one step.
    ctx.begin_sliced(&map, &rules, &query).unwrap();
    assert!(
        !ctx.step_sliced(&map, &rules, usize::MAX)
            .unwrap()
            .is_running()
    );
}
