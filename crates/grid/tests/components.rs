//! Connected components per agent size: a query between two components answers `NoPath` with 0
//! expanded, and every answer's status equals the one of a plain search of the same view (the
//! engine run directly, which knows nothing of components), before and after edits.

use nav_grid::generate::{caves, random_fill, rooms};
use nav_grid::{
    Cell, CompiledRules, DiagonalRule, GridContext, GridMap, GridQuery, GridRules, GridView,
    Limits, Moves, PathStatus, SearchContext, SearchMode,
};
use nav_search::SearchStatus;
use nav_testkit::TestRng;

fn rule_sets() -> Vec<(&'static str, CompiledRules)> {
    let eight = GridRules::moving_ai();
    let free = GridRules::moving_ai().with_diagonal(DiagonalRule::Free);
    [
        ("four", GridRules::moving_ai().with_moves(Moves::Four)),
        ("eight", eight.clone()),
        ("free", free.clone()),
        ("eight jumps", eight.with_search(SearchMode::JumpPoints)),
        ("free jumps", free.with_search(SearchMode::JumpPoints)),
    ]
    .into_iter()
    .map(|(name, rules)| (name, rules.compile().unwrap()))
    .collect()
}

/// Whether the engine, searching the view itself, finds `goal` from `start`.
fn engine_finds(
    engine: &mut SearchContext,
    map: &GridMap,
    rules: &CompiledRules,
    start: Cell,
    goal: Cell,
    size: u32,
) -> bool {
    let mut view = GridView::for_agent(map, rules, goal, size).unwrap();
    let start = view.node_of(start).unwrap();
    engine.reserve(map.cell_count());
    let mut path = Vec::new();
    let outcome = engine.astar(&mut view, start, &Limits::default(), &mut path);
    outcome.status == SearchStatus::Found
}

fn check_map(map: &GridMap, rng: &mut TestRng, what: &str) -> (usize, usize) {
    check_queries(map, rng, what, 3, 15)
}

/// `per_rule` queries for each rule set and agent size up to `max_size`.
fn check_queries(
    map: &GridMap,
    rng: &mut TestRng,
    what: &str,
    max_size: u32,
    per_rule: usize,
) -> (usize, usize) {
    let mut ctx = GridContext::new();
    let mut engine = SearchContext::new();
    let (mut unreachable, mut queries) = (0, 0);
    for (rule, rules) in rule_sets() {
        for size in 1..=max_size {
            let open: Vec<Cell> = (0..map.cell_count())
                .filter_map(|i| map.cell_at(i))
                .filter(|&c| map.clearance(c).unwrap_or(0) >= size)
                .collect();
            if open.is_empty() {
                continue;
            }
            for _ in 0..per_rule {
                let start = open[rng.below(open.len() as u64) as usize];
                let goal = open[rng.below(open.len() as u64) as usize];
                let query = GridQuery::new(start, goal).with_agent_size(size);
                let answer = ctx.find_path(map, &rules, &query).unwrap().outcome();
                let what = format!("{what}, {rule}, size {size}: {start} -> {goal}");
                let found = engine_finds(&mut engine, map, &rules, start, goal, size);
                assert_eq!(answer.is_found(), found, "{what}");
                if !found {
                    assert_eq!(answer.status, PathStatus::NoPath, "{what}");
                    assert_eq!(answer.expanded, 0, "{what}: answered without searching");
                    assert!(ctx.path().is_empty(), "{what}");
                    unreachable += 1;
                }
                queries += 1;
            }
        }
    }
    (unreachable, queries)
}

#[test]
fn unreachable_goals_are_answered_without_searching_and_exactly() {
    let mut rng = TestRng::new(12);
    let (mut unreachable, mut queries) = (0, 0);
    for seed in 0..3 {
        let mut maps = vec![
            ("random 0.45", random_fill(40, 33, 0.45, seed).unwrap()),
            ("caves", caves(45, 30, 0.5, seed).unwrap()),
            ("rooms", rooms(50, 37, seed).unwrap()),
        ];
        for (name, map) in &mut maps {
            let (u, q) = check_map(map, &mut rng, name);
            unreachable += u;
            queries += q;
            // Edits relabel: block and open random cells, then check again.
            for _ in 0..map.cell_count() / 20 {
                let cell = map
                    .cell_at(rng.below(map.cell_count() as u64) as usize)
                    .unwrap();
                let blocked = map.is_blocked(cell).unwrap();
                map.set_blocked(cell, !blocked).unwrap();
            }
            let (u, q) = check_map(map, &mut rng, &format!("{name} after edits"));
            unreachable += u;
            queries += q;
        }
    }
    eprintln!("{queries} queries, {unreachable} unreachable");
    assert!(
        unreachable * 10 > queries,
        "enough unreachable queries ({unreachable} of {queries})"
    );
}

/// Two rooms split by a wall: no path, 0 expanded; a door opened in the wall joins them at
/// once; closing it splits them again. A partial path still searches.
#[test]
fn edits_join_and_split_components() {
    let mut map = GridMap::new(30, 10).unwrap();
    for y in 0..10 {
        map.set_blocked(Cell::new(15, y), true).unwrap();
    }
    let rules = GridRules::moving_ai()
        .with_search(SearchMode::JumpPoints)
        .compile()
        .unwrap();
    let mut ctx = GridContext::new();
    let query = GridQuery::new(Cell::new(0, 0), Cell::new(29, 9));
    let answer = ctx.find_path(&map, &rules, &query).unwrap().outcome();
    assert_eq!((answer.status, answer.expanded), (PathStatus::NoPath, 0));
    assert_eq!(ctx.search_used(), Some(SearchMode::JumpPoints));

    map.set_blocked(Cell::new(15, 5), false).unwrap();
    let answer = ctx.find_path(&map, &rules, &query).unwrap().outcome();
    assert_eq!(answer.status, PathStatus::Found);
    // An agent of 2 cells does not fit through a door of one.
    let large = GridQuery::new(Cell::new(0, 0), Cell::new(27, 7)).with_agent_size(2);
    let answer = ctx.find_path(&map, &rules, &large).unwrap().outcome();
    assert_eq!((answer.status, answer.expanded), (PathStatus::NoPath, 0));

    map.set_blocked(Cell::new(15, 5), true).unwrap();
    let answer = ctx.find_path(&map, &rules, &query).unwrap().outcome();
    assert_eq!((answer.status, answer.expanded), (PathStatus::NoPath, 0));

    let partial = query.with_limits(Limits {
        partial_path: true,
        ..Limits::default()
    });
    let answer = ctx.find_path(&map, &rules, &partial).unwrap().outcome();
    assert_eq!(answer.status, PathStatus::NoPath);
    assert!(answer.expanded > 0 && answer.partial);
    assert!(!ctx.path().is_empty());
}

/// One edit at a time, with queries in between: the one-cell labels are updated in place when
/// the edit is local (and dropped otherwise); answers stay exact either way.
#[test]
fn single_edits_keep_components_exact() {
    let mut rng = TestRng::new(7);
    let (mut unreachable, mut queries) = (0, 0);
    for seed in 0..2 {
        let mut map = caves(36, 28, 0.45, seed).unwrap();
        let ctx_map_cells = map.cell_count() as u64;
        for edit in 0..120 {
            let cell = map.cell_at(rng.below(ctx_map_cells) as usize).unwrap();
            let blocked = map.is_blocked(cell).unwrap();
            map.set_blocked(cell, !blocked).unwrap();
            let max_size = if edit % 10 == 0 { 2 } else { 1 };
            let (u, q) = check_queries(
                &map,
                &mut rng,
                &format!("caves {seed} edit {edit}"),
                max_size,
                3,
            );
            unreachable += u;
            queries += q;
        }
    }
    eprintln!("{queries} queries, {unreachable} unreachable");
    assert!(
        unreachable * 20 > queries,
        "enough unreachable queries ({unreachable} of {queries})"
    );
}

/// A map of more than 2^20 cells is not labelled by a query that finds its path (its cost
/// follows the cells it searches): the first unreachable query searches its pocket and labels
/// the map, the next one answers at once; `prepare` labels ahead of time.
#[test]
fn large_maps_are_labelled_by_prepare_or_the_first_no_path() {
    let mut map = GridMap::new(1100, 1000).unwrap();
    // A pocket around (1, 1).
    for (x, y) in [(0, 2), (1, 2), (2, 2), (2, 1), (2, 0)] {
        map.set_blocked(Cell::new(x, y), true).unwrap();
    }
    let rules = GridRules::moving_ai().compile().unwrap();
    let mut ctx = GridContext::new();
    let found = GridQuery::new(Cell::new(5, 5), Cell::new(40, 9));
    assert!(ctx.find_path(&map, &rules, &found).unwrap().is_found());
    let unreachable = GridQuery::new(Cell::new(1, 1), Cell::new(900, 900));
    let first = ctx.find_path(&map, &rules, &unreachable).unwrap().outcome();
    assert_eq!(first.status, PathStatus::NoPath);
    assert!(
        first.expanded > 0,
        "not labelled by the query that found its path"
    );
    let second = ctx.find_path(&map, &rules, &unreachable).unwrap().outcome();
    assert_eq!((second.status, second.expanded), (PathStatus::NoPath, 0));

    // An edit that joins the pocket drops the labels; `prepare` makes them again.
    map.set_blocked(Cell::new(1, 2), false).unwrap();
    map.set_blocked(Cell::new(1, 2), true).unwrap();
    let jumping = GridRules::moving_ai()
        .with_search(SearchMode::JumpPointsPlus)
        .compile()
        .unwrap();
    assert!(map.prepare(&jumping, 1).unwrap());
    for rules in [&rules, &jumping] {
        let answer = ctx.find_path(&map, rules, &unreachable).unwrap().outcome();
        assert_eq!((answer.status, answer.expanded), (PathStatus::NoPath, 0));
    }
}
