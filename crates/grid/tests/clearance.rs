//! Clearance and agents larger than one cell.
//!
//! * Clearance values on small hand-made maps, and against their definition (the largest
//!   square of walkable cells below and right of a cell) after random sequences of edits,
//!   which also checks the local updates against a map built from scratch.
//! * Queries for agents of 1 to 4 cells against a brute-force reference: the same query for
//!   one cell on a map where every blocked cell and the map's border are inflated for the
//!   agent's size, built here without the crate's clearance. Both must agree on status, cost,
//!   path and expanded count, for every move set and diagonal rule, with and without jump
//!   points and weighted terrain, after the edits.

mod common;

use common::move_sets;
use nav_grid::{
    Cell, DiagonalRule, GridContext, GridError, GridMap, GridQuery, GridRules, Heuristic, Limits,
    MoveCosts, PathStatus, SearchMode,
};
use proptest::prelude::*;

/// Clearance by its definition: grow a square at `cell` until it leaves the map or covers a
/// cell that is not walkable.
fn clearance_by_definition(map: &GridMap, cell: Cell) -> u32 {
    let (w, h) = (map.width(), map.height());
    let mut side = 0;
    while side < GridMap::MAX_CLEARANCE {
        let next = side + 1;
        if cell.x + next > w || cell.y + next > h {
            break;
        }
        // Only the new row and column of the grown square need a look.
        let edge_free = (0..next).all(|i| {
            map.is_walkable(Cell::new(cell.x + i, cell.y + side))
                && map.is_walkable(Cell::new(cell.x + side, cell.y + i))
        });
        if !edge_free {
            break;
        }
        side = next;
    }
    side
}

/// The map on which a `size x size` agent is a one-cell unit: a cell is walkable when the
/// square of `size` cells below and right of it lies on the map and every cell of it is
/// walkable on `map` (every blocked cell inflated up and left by `size - 1`, and the right and
/// bottom border inflated likewise). Same cost multipliers.
fn inflated(map: &GridMap, size: u32) -> GridMap {
    let (w, h) = (map.width(), map.height());
    let mut open = vec![false; map.cell_count()];
    for y in 0..h {
        for x in 0..w {
            open[(y * w + x) as usize] = x + size <= w
                && y + size <= h
                && (0..size)
                    .all(|dy| (0..size).all(|dx| map.is_walkable(Cell::new(x + dx, y + dy))));
        }
    }
    let mut out = GridMap::from_walkable(w, h, &open).unwrap();
    if !map.has_uniform_cost() {
        for i in 0..map.cell_count() {
            let cell = map.cell_at(i).unwrap();
            out.set_cost_multiplier(cell, map.cost_multiplier(cell).unwrap())
                .unwrap();
        }
    }
    out
}

/// Clearance of every cell, row by row.
fn clearances(map: &GridMap) -> Vec<u32> {
    (0..map.cell_count())
        .map(|i| map.clearance(map.cell_at(i).unwrap()).unwrap())
        .collect()
}

/// Clearance of every cell from rows of `.` and `@` (helper for the hand-made maps).
fn clearance_rows(map: &GridMap) -> Vec<Vec<u32>> {
    (0..map.height())
        .map(|y| {
            (0..map.width())
                .map(|x| map.clearance(Cell::new(x, y)).unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn clearance_of_hand_made_maps() {
    let map = GridMap::from_ascii(
        "....\n\
         ....\n\
         ....\n\
         ....",
    )
    .unwrap();
    assert_eq!(
        clearance_rows(&map),
        [[4, 3, 2, 1], [3, 3, 2, 1], [2, 2, 2, 1], [1, 1, 1, 1]]
    );

    let map = GridMap::from_ascii(
        ".....\n\
         ...@.\n\
         .....\n\
         @....",
    )
    .unwrap();
    assert_eq!(
        clearance_rows(&map),
        [
            [3, 2, 1, 1, 1],
            [2, 2, 1, 0, 1],
            [1, 2, 2, 2, 1],
            [0, 1, 1, 1, 1]
        ]
    );

    // Two pillars: 0 on them, 1 wherever a 2x2 square would hold one.
    let map = GridMap::from_ascii(
        "..@..\n\
         .....\n\
         ..@..",
    )
    .unwrap();
    assert_eq!(
        clearance_rows(&map),
        [[2, 1, 0, 2, 1], [2, 1, 1, 2, 1], [1, 1, 0, 1, 1]]
    );

    // Single cells and lines.
    assert_eq!(clearance_rows(&GridMap::from_ascii(".").unwrap()), [[1]]);
    assert_eq!(clearance_rows(&GridMap::from_ascii("@").unwrap()), [[0]]);
    assert_eq!(
        clearance_rows(&GridMap::from_ascii("......").unwrap()),
        [[1; 6]]
    );

    // Off the map: none.
    assert_eq!(map.clearance(Cell::new(5, 0)), None);
    assert_eq!(map.clearance(Cell::new(0, 3)), None);
}

#[test]
fn clearance_follows_terrain_threshold_and_edits() {
    // Terrain 0 grass, 1 mud, 2 rock; walkable up to mud.
    let mut map = GridMap::from_terrain(3, 3, vec![0, 0, 0, 0, 1, 0, 0, 0, 2], 1).unwrap();
    assert_eq!(clearance_rows(&map), [[2, 2, 1], [2, 1, 1], [1, 1, 0]]);
    // Only grass walkable: the mud in the middle blocks.
    map.set_max_walkable_terrain(0);
    assert_eq!(clearance_rows(&map), [[1, 1, 1], [1, 0, 1], [1, 1, 0]]);
    map.set_max_walkable_terrain(2);
    assert_eq!(clearance_rows(&map), [[3, 2, 1], [2, 2, 1], [1, 1, 1]]);
    map.set_blocked(Cell::new(1, 1), true).unwrap();
    assert_eq!(clearance_rows(&map), [[1, 1, 1], [1, 0, 1], [1, 1, 1]]);
    map.set_terrain(Cell::new(1, 1), 0).unwrap(); // still blocked by its flag
    assert_eq!(clearance(&map, 0, 0), 1);
    map.set_blocked(Cell::new(1, 1), false).unwrap();
    assert_eq!(clearance(&map, 0, 0), 3);
    // A multiplier changes nothing.
    map.set_cost_multiplier(Cell::new(1, 1), 5.0).unwrap();
    assert_eq!(clearance(&map, 0, 0), 3);
}

fn clearance(map: &GridMap, x: u32, y: u32) -> u32 {
    map.clearance(Cell::new(x, y)).unwrap()
}

#[test]
fn clearance_saturates_and_large_maps_update_exactly() {
    let side = GridMap::MAX_CLEARANCE + 45;
    let mut map = GridMap::new(side, side).unwrap();
    assert_eq!(clearance(&map, 0, 0), GridMap::MAX_CLEARANCE);
    assert_eq!(clearance(&map, side - 10, 0), 10);
    map.set_blocked(Cell::new(200, 100), true).unwrap();
    // Up and left of the block: the square stops before it.
    assert_eq!(clearance(&map, 0, 0), 200);
    assert_eq!(clearance(&map, 150, 90), 50);
    assert_eq!(clearance(&map, 199, 0), 100);
    // Right of or below it: unchanged.
    assert_eq!(clearance(&map, 201, 0), side - 201);
    assert_eq!(
        clearance(&map, 0, 101),
        GridMap::MAX_CLEARANCE.min(side - 101)
    );
    let fresh = {
        let mut m = GridMap::new(side, side).unwrap();
        m.set_blocked(Cell::new(200, 100), true).unwrap();
        m
    };
    assert_eq!(map, fresh);
    map.set_blocked(Cell::new(200, 100), false).unwrap();
    assert_eq!(map, GridMap::new(side, side).unwrap());
}

#[test]
fn agent_sizes_are_checked() {
    let map = GridMap::new(4, 4).unwrap();
    let mut finder = GridContext::new();
    let rules = GridRules::default().compile().unwrap();
    let query = GridQuery::new(Cell::new(0, 0), Cell::new(1, 1));
    for size in [0, GridQuery::MAX_AGENT_SIZE + 1, u32::MAX] {
        let sized = query.with_agent_size(size);
        assert!(matches!(
            sized.check(),
            Err(GridError::InvalidAgentSize { size: s, max: 255 }) if s == size
        ));
        let error = finder.find_path(&map, &rules, &sized).unwrap_err();
        assert!(error.to_string().contains("agent size"), "{error}");
    }
    // The context stays usable, and the largest size is accepted (it fits nowhere here).
    let largest = query.with_agent_size(GridQuery::MAX_AGENT_SIZE);
    let outcome = finder.find_path(&map, &rules, &largest).unwrap();
    assert_eq!(outcome.status(), PathStatus::StartBlocked);
    let four = GridQuery::new(Cell::new(0, 0), Cell::new(0, 0)).with_agent_size(4);
    let outcome = finder.find_path(&map, &rules, &four).unwrap();
    assert_eq!(outcome.status(), PathStatus::Found);
    let four = GridQuery::new(Cell::new(0, 0), Cell::new(1, 0)).with_agent_size(4);
    let outcome = finder.find_path(&map, &rules, &four).unwrap();
    assert_eq!(outcome.status(), PathStatus::GoalBlocked);
}

#[test]
fn a_large_agent_keeps_off_narrow_gaps_and_blocked_corners() {
    // Two rooms joined by a gap of two cells and, shorter, a gap of one.
    let map = GridMap::from_ascii(
        "........\n\
         ........\n\
         @.@@@..@\n\
         ........\n\
         ........",
    )
    .unwrap();
    let mut finder = GridContext::new();
    let rules = GridRules::default().compile().unwrap();
    let query = GridQuery::new(Cell::new(0, 0), Cell::new(0, 3));
    let small = finder.find_path(&map, &rules, &query).unwrap().outcome();
    assert!(finder.path().contains(&Cell::new(1, 2)));
    let big = finder
        .find_path(&map, &rules, &query.with_agent_size(2))
        .unwrap()
        .outcome();
    assert_eq!(big.status, PathStatus::Found);
    assert!(big.cost > small.cost);
    // Every anchor on the path holds the whole agent.
    for &cell in finder.path() {
        assert!(clearance(&map, cell.x, cell.y) >= 2, "{cell}");
    }
    // No corner cutting: the diagonal steps of the agent need both orthogonal anchors free.
    for step in finder.path().windows(2) {
        let (a, b) = (step[0], step[1]);
        if a.x != b.x && a.y != b.y {
            assert!(clearance(&map, b.x, a.y) >= 2 && clearance(&map, a.x, b.y) >= 2);
        }
    }
}

/// Every rule set tried on each map: each move set under each diagonal rule, plus jump points
/// under both diagonal rules that have them, with the tightest admissible heuristic.
fn rule_sets(costs: MoveCosts) -> Vec<GridRules> {
    let mut sets = Vec::new();
    for moves in move_sets() {
        for diagonal in [
            DiagonalRule::Never,
            DiagonalRule::NoCornerCutting,
            DiagonalRule::Free,
        ] {
            let rules = GridRules::default()
                .with_moves(moves.clone())
                .with_diagonal(diagonal)
                .with_costs(costs);
            let heuristic = [Heuristic::Octile, Heuristic::Euclidean, Heuristic::Zero]
                .into_iter()
                .find(|&h| rules.clone().with_heuristic(h).check().is_ok())
                .unwrap();
            sets.push(rules.with_heuristic(heuristic));
        }
    }
    for diagonal in [DiagonalRule::NoCornerCutting, DiagonalRule::Free] {
        sets.push(
            GridRules::default()
                .with_costs(costs)
                .with_diagonal(diagonal)
                // Weighted maps search cell by cell (checked in `check_queries`).
                .with_search(SearchMode::JumpPointsOrCellByCell),
        );
    }
    sets
}

/// One edit of a cell, or of the walkability threshold.
#[derive(Debug, Clone)]
enum Edit {
    Blocked(u32, u32, bool),
    Terrain(u32, u32, u16),
    Threshold(u16),
}

#[derive(Debug, Clone)]
struct Case {
    width: u32,
    height: u32,
    /// Terrain 0..=2 per cell; walkable up to `threshold`.
    terrain: Vec<u16>,
    threshold: u16,
    multipliers: Option<Vec<f64>>,
    edits: Vec<Edit>,
    /// Start and goal anywhere (often where a large agent does not fit).
    queries: Vec<(Cell, Cell)>,
    /// Start and goal picked among the cells where the agent fits (indices into that list,
    /// taken modulo its length), so that large agents have something to search.
    fitting_queries: Vec<(usize, usize)>,
    costs: MoveCosts,
    partial: bool,
}

impl Case {
    fn map(&self) -> GridMap {
        let mut map = GridMap::from_terrain(
            self.width,
            self.height,
            self.terrain.clone(),
            self.threshold,
        )
        .unwrap();
        if let Some(m) = &self.multipliers {
            for (i, &value) in m.iter().enumerate() {
                map.set_cost_multiplier(map.cell_at(i).unwrap(), value)
                    .unwrap();
            }
        }
        map
    }
}

fn case_strategy() -> impl Strategy<Value = Case> {
    (1u32..=14, 1u32..=14)
        .prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            let cell = (0..w, 0..h);
            let edit = prop_oneof![
                4 => (0..w, 0..h, any::<bool>()).prop_map(|(x, y, b)| Edit::Blocked(x, y, b)),
                4 => (0..w, 0..h, 0u16..=2).prop_map(|(x, y, t)| Edit::Terrain(x, y, t)),
                1 => (0u16..=2).prop_map(Edit::Threshold),
            ];
            (
                Just((w, h)),
                // Mostly open maps (rare blocks leave room for large agents), some dense.
                prop_oneof![3 => 0.0f64..0.15, 1 => 0.15f64..0.5],
                proptest::collection::vec(0.0f64..1.0, n),
                proptest::option::weighted(0.3, proptest::collection::vec(0.5f64..3.0, n)),
                proptest::collection::vec(edit, 0..12),
                proptest::collection::vec((cell.clone(), cell), 1..3),
                proptest::collection::vec((any::<usize>(), any::<usize>()), 2..4),
                0usize..3,
                any::<bool>(),
            )
        })
        .prop_map(
            |((w, h), density, noise, multipliers, edits, queries, fitting_queries, c, partial)| {
                Case {
                    width: w,
                    height: h,
                    // Terrain 2 (rock, never walkable here) with the density; mud (1) elsewhere
                    // now and then, walkable or not depending on the threshold.
                    terrain: noise
                        .iter()
                        .map(|&v| {
                            if v < density {
                                2
                            } else if v > 0.9 {
                                1
                            } else {
                                0
                            }
                        })
                        .collect(),
                    threshold: 1,
                    multipliers,
                    edits,
                    queries: queries
                        .into_iter()
                        .map(|((sx, sy), (gx, gy))| (Cell::new(sx, sy), Cell::new(gx, gy)))
                        .collect(),
                    fitting_queries,
                    costs: [
                        MoveCosts::default(),
                        MoveCosts::new(10.0, 14.0).unwrap(),
                        MoveCosts::new(1.0, 1.0).unwrap(),
                    ][c],
                    partial,
                }
            },
        )
}

/// Checks every cell's clearance against its definition and against a map built afresh with
/// the same cells.
fn check_clearance(map: &GridMap) -> Result<(), TestCaseError> {
    for i in 0..map.cell_count() {
        let cell = map.cell_at(i).unwrap();
        prop_assert_eq!(
            map.clearance(cell).unwrap(),
            clearance_by_definition(map, cell),
            "clearance of {}",
            cell
        );
    }
    let terrain: Vec<u16> = (0..map.cell_count())
        .map(|i| map.terrain(map.cell_at(i).unwrap()).unwrap())
        .collect();
    let mut fresh = GridMap::from_terrain(
        map.width(),
        map.height(),
        terrain,
        map.max_walkable_terrain(),
    )
    .unwrap();
    for i in 0..map.cell_count() {
        let cell = map.cell_at(i).unwrap();
        if map.is_blocked(cell).unwrap() {
            fresh.set_blocked(cell, true).unwrap();
        }
    }
    prop_assert_eq!(clearances(map), clearances(&fresh));
    Ok(())
}

/// Runs every query for every size and rule set on `map` and on the inflated reference.
fn check_queries(map: &GridMap, case: &Case) -> Result<(), TestCaseError> {
    let limits = Limits::default().with_partial_path(case.partial);
    let mut finder = GridContext::new();
    let mut reference = GridContext::new();
    for size in 1..=4 {
        let flat = inflated(map, size);
        let fitting: Vec<Cell> = (0..flat.cell_count())
            .map(|i| flat.cell_at(i).unwrap())
            .filter(|&c| flat.is_walkable(c))
            .collect();
        let mut queries = case.queries.clone();
        if !fitting.is_empty() {
            queries.extend(
                case.fitting_queries
                    .iter()
                    .map(|&(a, b)| (fitting[a % fitting.len()], fitting[b % fitting.len()])),
            );
        }
        for rules in rule_sets(case.costs) {
            let compiled = rules.compile().unwrap();
            for &(start, goal) in &queries {
                let query = GridQuery::new(start, goal).with_limits(limits);
                let got = finder
                    .find_path(map, &compiled, &query.with_agent_size(size))
                    .unwrap()
                    .outcome();
                let want = reference
                    .find_path(&flat, &compiled, &query)
                    .unwrap()
                    .outcome();
                let what = format!("size {size}, {start} -> {goal}, {rules:?}");
                prop_assert_eq!(got.status, want.status, "{}", what);
                prop_assert_eq!(got.cost, want.cost, "{}", what);
                prop_assert_eq!(got.expanded, want.expanded, "{}", what);
                prop_assert_eq!(got.partial, want.partial, "{}", what);
                prop_assert_eq!(finder.path(), reference.path(), "{}", what);
                prop_assert_eq!(finder.search_used(), reference.search_used(), "{}", what);
                // Every cell of the path holds the whole agent.
                for &cell in finder.path() {
                    prop_assert!(map.clearance(cell).unwrap() >= size, "{} at {}", what, cell);
                }
                if size > 1 && got.status == PathStatus::StartBlocked {
                    prop_assert!(map.clearance(start).unwrap() < size);
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn large_agents_match_the_inflated_map_after_edits(case in case_strategy()) {
        let mut map = case.map();
        check_clearance(&map)?;
        for edit in &case.edits {
            match *edit {
                Edit::Blocked(x, y, b) => map.set_blocked(Cell::new(x, y), b).unwrap(),
                Edit::Terrain(x, y, t) => map.set_terrain(Cell::new(x, y), t).unwrap(),
                Edit::Threshold(t) => map.set_max_walkable_terrain(t),
            }
            check_clearance(&map)?;
        }
        check_queries(&map, &case)?;
    }
}
