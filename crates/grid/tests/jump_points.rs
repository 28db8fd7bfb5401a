//! Jump point search under both diagonal rules that have it (no corner cutting, and free
//! diagonals that squeeze between blocks): on generated maps and on the Moving AI maps, the
//! length must equal the cell-by-cell search's under the same rule, and the path must be legal
//! step by step under that rule (checked from scratch, not by the crate's move logic).

mod common;

use common::{Diagonal, legal_unit_step, scenario_files, unit_step_cost};
use nav_grid::generate::{caves, maze, random_fill, rooms};
use nav_grid::movingai::{default_map_path, read_map, read_scenario};
use nav_grid::{
    Cell, DiagonalRule, GridContext, GridError, GridMap, GridQuery, GridRules, MoveCosts,
    PathStatus, SearchMode,
};
use nav_testkit::{TestRng, movingai_dir};

/// The rules searched, with the rule name the independent step checker knows them by.
fn rules_under_test() -> [(GridRules, Diagonal); 2] {
    [
        (GridRules::moving_ai(), Diagonal::NoCornerCutting),
        (
            GridRules::moving_ai().with_diagonal(DiagonalRule::Free),
            Diagonal::Free,
        ),
    ]
}

/// Searches `start` to `goal` cell by cell and by jump points under `rules`; panics with
/// `what` when they disagree or the jump point path is not a legal path of that length.
/// Returns whether a path was found and the expanded counts (cells, jump points).
fn compare(
    finder: &mut GridContext,
    map: &GridMap,
    rules: &GridRules,
    rule: Diagonal,
    start: Cell,
    goal: Cell,
    what: &str,
) -> (bool, usize, usize) {
    let query = GridQuery::new(start, goal);
    let cells = finder
        .find_path(map, &rules.compile().unwrap(), &query)
        .unwrap()
        .outcome();
    assert_eq!(finder.search_used(), Some(SearchMode::CellByCell));
    let jumping = rules
        .clone()
        .with_search(SearchMode::JumpPoints)
        .compile()
        .unwrap();
    let jumps = finder.find_path(map, &jumping, &query).unwrap().outcome();
    assert_eq!(finder.search_used(), Some(SearchMode::JumpPoints), "{what}");
    assert_eq!(cells.status, jumps.status, "{what}: {start} -> {goal}");
    if !cells.is_found() {
        return (false, cells.expanded, jumps.expanded);
    }
    assert!(
        (cells.cost - jumps.cost).abs() <= 1e-9 * cells.cost.max(1.0),
        "{what}: {start} -> {goal}: {} by cells, {} by jump points",
        cells.cost,
        jumps.cost
    );
    let path = finder.path();
    assert_eq!(path.first(), Some(&start), "{what}");
    assert_eq!(path.last(), Some(&goal), "{what}");
    let mut sum = 0.0;
    for step in path.windows(2) {
        assert!(
            legal_unit_step(map, step[0], step[1], true, rule),
            "{what}: {start} -> {goal}: illegal step {} -> {} under {rule:?}",
            step[0],
            step[1]
        );
        sum += unit_step_cost(step[0], step[1]);
    }
    assert!(
        (sum - jumps.cost).abs() < 1e-9,
        "{what}: steps sum to {sum}"
    );
    (true, cells.expanded, jumps.expanded)
}

#[test]
fn jump_points_match_cells_on_generated_maps() {
    let mut maps: Vec<(String, GridMap)> = Vec::new();
    for seed in 0..6 {
        for fill in [0.1, 0.25, 0.4] {
            maps.push((
                format!("random {fill} seed {seed}"),
                random_fill(40, 30, fill, seed).unwrap(),
            ));
        }
        maps.push((
            format!("caves seed {seed}"),
            caves(48, 36, 0.45, seed).unwrap(),
        ));
        maps.push((format!("rooms seed {seed}"), rooms(50, 40, seed).unwrap()));
        maps.push((format!("maze seed {seed}"), maze(41, 31, seed).unwrap()));
    }
    let mut finder = GridContext::new();
    let mut rng = TestRng::new(99);
    for (rules, rule) in rules_under_test() {
        let (mut found, mut queries, mut cells_expanded, mut jumps_expanded) = (0, 0, 0, 0);
        for (name, map) in &maps {
            let open: Vec<Cell> = (0..map.cell_count())
                .filter_map(|i| map.cell_at(i))
                .filter(|&c| map.is_walkable(c))
                .collect();
            for _ in 0..25 {
                let start = open[rng.below(open.len() as u64) as usize];
                let goal = open[rng.below(open.len() as u64) as usize];
                let (ok, by_cells, by_jumps) =
                    compare(&mut finder, map, &rules, rule, start, goal, name);
                queries += 1;
                found += ok as usize;
                cells_expanded += by_cells;
                jumps_expanded += by_jumps;
            }
        }
        eprintln!(
            "{rule:?}: {queries} queries, {found} found; expanded {cells_expanded} cells, \
             {jumps_expanded} jump points"
        );
        assert!(found * 10 > queries * 6, "most queries find a path");
        assert!(
            jumps_expanded * 2 < cells_expanded,
            "jumping expands fewer nodes"
        );
    }
}

/// Squeezing: the free rule's jump points must use diagonal gaps between two blocks, which the
/// corner-cutting rule forbids.
#[test]
fn free_jump_points_squeeze_between_diagonal_blocks() {
    // A wall across the map whose only openings are diagonal gaps between blocks.
    let rows = [
        "........", //
        "........", //
        "##.##.##", //
        "#.##.##.", //
        "........", //
    ];
    let walkable: Vec<bool> = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '.'))
        .collect();
    let map = GridMap::from_walkable(8, rows.len() as u32, &walkable).unwrap();
    let mut finder = GridContext::new();
    let (free, rule) = rules_under_test()[1].clone();
    let (found, _, _) = compare(
        &mut finder,
        &map,
        &free,
        rule,
        Cell::new(0, 0),
        Cell::new(0, 4),
        "diagonal gaps",
    );
    assert!(found);
    let strict = GridRules::moving_ai()
        .with_search(SearchMode::JumpPoints)
        .compile()
        .unwrap();
    let blocked = finder
        .find_path(
            &map,
            &strict,
            &GridQuery::new(Cell::new(0, 0), Cell::new(0, 4)),
        )
        .unwrap();
    assert_eq!(blocked.status(), PathStatus::NoPath);
}

/// On every Moving AI map, evenly spaced rows under the free rule: jump points and cells agree
/// (the published lengths are for the corner-cutting rule, which `movingai_benchmarks` checks).
#[test]
fn free_jump_points_match_cells_on_the_moving_ai_maps() {
    let Some(dir) = movingai_dir() else { return };
    let (free, rule) = rules_under_test()[1].clone();
    let mut finder = GridContext::new();
    let mut checked = 0;
    for scen_path in scenario_files(&dir) {
        let scen = read_scenario(&scen_path).unwrap();
        let map = read_map(default_map_path(&scen_path).unwrap()).unwrap();
        let n = scen.rows.len();
        for i in (0..20).map(|k| k * n / 20) {
            let row = &scen.rows[i];
            let what = format!("{} row {i}", scen_path.display());
            let (found, _, _) = compare(&mut finder, &map, &free, rule, row.start, row.goal, &what);
            // Free diagonals only add moves: every row stays solvable, never longer.
            assert!(found, "{what}");
            assert!(finder.path().len() > 1 || row.start == row.goal);
            checked += 1;
        }
    }
    assert_eq!(checked, 12 * 20);
}

/// Jump points agree with cells under every cost pair they accept (`straight <= diagonal <=
/// 2 * straight`), and refuse the others and weighted maps unless cell by cell is allowed.
#[test]
fn jump_points_accept_exactly_the_costs_they_are_exact_for() {
    let mut finder = GridContext::new();
    let mut rng = TestRng::new(5);
    let maps = [
        random_fill(40, 30, 0.25, 1).unwrap(),
        caves(48, 36, 0.45, 2).unwrap(),
    ];
    for (straight, diagonal) in [(1.0, 1.0), (10.0, 14.0), (1.0, 1.9), (1.0, 2.0)] {
        let costs = MoveCosts::new(straight, diagonal).unwrap();
        for (free, rule) in [
            (
                DiagonalRule::NoCornerCutting,
                common::Diagonal::NoCornerCutting,
            ),
            (DiagonalRule::Free, common::Diagonal::Free),
        ] {
            let rules = GridRules::moving_ai()
                .with_diagonal(free)
                .with_costs(costs)
                .allow_inadmissible(false);
            for map in &maps {
                let open: Vec<Cell> = (0..map.cell_count())
                    .filter_map(|i| map.cell_at(i))
                    .filter(|&c| map.is_walkable(c))
                    .collect();
                for _ in 0..20 {
                    let start = open[rng.index(open.len())];
                    let goal = open[rng.index(open.len())];
                    let query = GridQuery::new(start, goal);
                    let by_cells = finder
                        .find_path(map, &rules.compile().unwrap(), &query)
                        .unwrap()
                        .outcome();
                    let jumping = rules.clone().with_search(SearchMode::JumpPoints);
                    let by_jumps = finder
                        .find_path(map, &jumping.compile().unwrap(), &query)
                        .unwrap()
                        .outcome();
                    assert_eq!(by_cells.status, by_jumps.status);
                    assert!(
                        (by_cells.cost - by_jumps.cost).abs() <= 1e-9 * by_cells.cost.max(1.0),
                        "costs {straight}/{diagonal} under {rule:?}: {start} -> {goal}: {} by \
                         cells, {} by jump points",
                        by_cells.cost,
                        by_jumps.cost
                    );
                }
            }
        }
    }
    // Outside the range: refused, or cell by cell when asked.
    for (straight, diagonal) in [(1.0, 0.9), (1.0, 2.1)] {
        let rules = GridRules::moving_ai()
            .with_costs(MoveCosts::new(straight, diagonal).unwrap())
            .with_heuristic(nav_grid::Heuristic::Zero);
        let strict = rules.clone().with_search(SearchMode::JumpPoints).compile();
        assert!(
            matches!(strict, Err(GridError::JumpPointsUnavailable { .. })),
            "{straight}/{diagonal}: {strict:?}"
        );
        let either = rules
            .with_search(SearchMode::JumpPointsOrCellByCell)
            .compile()
            .unwrap();
        assert_eq!(either.search_mode(), SearchMode::CellByCell);
    }
    // A weighted map: refused by `JumpPoints`, searched cell by cell by the fallback.
    let mut map = GridMap::new(6, 4).unwrap();
    map.set_cost_multiplier(Cell::new(2, 2), 3.0).unwrap();
    let query = GridQuery::new(Cell::new(0, 0), Cell::new(5, 3));
    let strict = GridRules::moving_ai().with_search(SearchMode::JumpPoints);
    let error = finder
        .find_path(&map, &strict.compile().unwrap(), &query)
        .unwrap_err();
    assert!(matches!(error, GridError::JumpPointsUnavailable { .. }));
    assert!(error.to_string().contains("cost multipliers"), "{error}");
    assert!(finder.path().is_empty() && finder.search_used().is_none());
    let either = GridRules::moving_ai().with_search(SearchMode::JumpPointsOrCellByCell);
    let answer = finder
        .find_path(&map, &either.compile().unwrap(), &query)
        .unwrap();
    assert!(answer.is_found());
    assert_eq!(finder.search_used(), Some(SearchMode::CellByCell));
    // The same rules on a map of uniform cost jump.
    map.set_cost_multiplier(Cell::new(2, 2), 1.0).unwrap();
    finder
        .find_path(&map, &either.compile().unwrap(), &query)
        .unwrap();
    assert_eq!(finder.search_used(), Some(SearchMode::JumpPoints));
}
