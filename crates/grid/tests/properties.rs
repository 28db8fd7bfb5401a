//! Property tests on random maps: A* agrees with Dijkstra, paths are legal and cost what they
//! say, unreachable goals are reported, budgets are respected. Legality and reachability are
//! decided by checkers written here from the documented rules, not by the crate's move code.

mod common;

use common::move_sets;
use nav_grid::{
    Cell, DiagonalRule, GridContext, GridMap, GridQuery, GridRules, GridView, Heuristic, MoveCosts,
    Moves, PathStatus, SearchMode,
};
use nav_search::{Limits, SearchContext};
use proptest::prelude::*;

/// A random map with optional cost multipliers and a query on it.
#[derive(Debug, Clone)]
struct Case {
    width: u32,
    height: u32,
    blocked: Vec<bool>,
    multipliers: Option<Vec<f64>>,
    start: Cell,
    goal: Cell,
    rules: GridRules,
    budget: f64,
}

impl Case {
    fn map(&self) -> GridMap {
        let walkable: Vec<bool> = self.blocked.iter().map(|&b| !b).collect();
        let mut map = GridMap::from_walkable(self.width, self.height, &walkable).unwrap();
        if let Some(m) = &self.multipliers {
            for (i, &value) in m.iter().enumerate() {
                let cell = map.cell_at(i).unwrap();
                map.set_cost_multiplier(cell, value).unwrap();
            }
        }
        map
    }
}

fn case_strategy() -> impl Strategy<Value = Case> {
    (1u32..=12, 1u32..=12)
        .prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            (
                Just((w, h)),
                0.0f64..0.45,
                proptest::collection::vec(0.0f64..1.0, n),
                proptest::option::of(proptest::collection::vec(0.5f64..3.0, n)),
                (0..w, 0..h, 0..w, 0..h),
                0usize..5,
                0usize..3,
                0usize..3,
                0usize..5,
                0.0f64..20.0,
                any::<bool>(),
            )
        })
        .prop_map(
            |((w, h), density, noise, multipliers, (sx, sy, gx, gy), m, d, c, hh, budget, jump)| {
                let costs = [
                    MoveCosts::default(),
                    MoveCosts::new(10.0, 14.0).unwrap(),
                    MoveCosts::new(1.0, 1.0).unwrap(),
                ][c];
                let diagonal = [
                    DiagonalRule::Never,
                    DiagonalRule::NoCornerCutting,
                    DiagonalRule::Free,
                ][d];
                let mut rules = GridRules::default()
                    .with_moves(move_sets()[m].clone())
                    .with_diagonal(diagonal)
                    .with_costs(costs)
                    .with_heuristic(Heuristic::ALL[hh]);
                if jump && m == 1 && diagonal != DiagonalRule::Never {
                    // Weighted cases search cell by cell, and the context must say so.
                    rules = rules.with_search(SearchMode::JumpPointsOrCellByCell);
                }
                // Keep only admissible heuristics: the first that passes the check (Zero always
                // does).
                if rules.check().is_err() {
                    let h = Heuristic::ALL
                        .into_iter()
                        .find(|&h| rules.clone().with_heuristic(h).check().is_ok())
                        .unwrap();
                    rules = rules.with_heuristic(h);
                }
                Case {
                    width: w,
                    height: h,
                    blocked: noise.iter().map(|&v| v < density).collect(),
                    multipliers,
                    start: Cell::new(sx, sy),
                    goal: Cell::new(gx, gy),
                    rules,
                    budget,
                }
            },
        )
}

/// The offsets and their base costs under the rules, from the documented definitions.
fn offsets(rules: &GridRules) -> Vec<(i64, i64, f64)> {
    let costs = rules.costs;
    let octile = |dx: i64, dy: i64| {
        let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
        costs.diagonal() * b as f64 + costs.straight() * (a - b) as f64
    };
    let list: Vec<(i64, i64, f64)> = match &rules.moves {
        Moves::Four => [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .map(|&(x, y)| (x, y, octile(x, y)))
            .collect(),
        Moves::Eight => [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ]
        .iter()
        .map(|&(x, y)| (x, y, octile(x, y)))
        .collect(),
        Moves::Custom(c) => c
            .moves()
            .iter()
            .map(|m| {
                let (x, y) = (m.dx as i64, m.dy as i64);
                (x, y, m.cost.unwrap_or_else(|| octile(x, y)))
            })
            .collect(),
    };
    list.into_iter()
        .filter(|&(x, y, _)| !(x != 0 && y != 0 && rules.diagonal == DiagonalRule::Never))
        .collect()
}

/// Whether the segment between the centres of cells `(0, 0)` and `(dx, dy)` meets the square
/// of cell `(i, j)` grown by `margin` (Liang–Barsky clipping in floating point).
fn segment_meets_cell(dx: f64, dy: f64, i: f64, j: f64, margin: f64) -> bool {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, 0.0 - (i - 0.5 - margin)),
        (dx, (i + 0.5 + margin) - 0.0),
        (-dy, 0.0 - (j - 0.5 - margin)),
        (dy, (j + 0.5 + margin) - 0.0),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    t0 <= t1
}

/// The base cost of stepping from `a` to `b` if that step is legal, decided from scratch.
fn legal_step(map: &GridMap, rules: &GridRules, a: Cell, b: Cell) -> Option<f64> {
    let (dx, dy) = (b.x as i64 - a.x as i64, b.y as i64 - a.y as i64);
    let &(_, _, cost) = offsets(rules).iter().find(|o| (o.0, o.1) == (dx, dy))?;
    if !map.is_walkable(b) {
        return None;
    }
    // Corner touches count under no-corner-cutting (grow the squares), not under free
    // (shrink them).
    let margin = match rules.diagonal {
        DiagonalRule::NoCornerCutting => 1e-9,
        _ => -1e-9,
    };
    for j in dy.min(0)..=dy.max(0) {
        for i in dx.min(0)..=dx.max(0) {
            if (i, j) == (0, 0) || (i, j) == (dx, dy) {
                continue;
            }
            if segment_meets_cell(dx as f64, dy as f64, i as f64, j as f64, margin) {
                let cell = Cell::new((a.x as i64 + i) as u32, (a.y as i64 + j) as u32);
                if !map.is_walkable(cell) {
                    return None;
                }
            }
        }
    }
    Some(cost)
}

/// Whether `goal` can be reached from `start`, by breadth-first search over legal steps.
fn reachable(map: &GridMap, rules: &GridRules, start: Cell, goal: Cell) -> bool {
    if !map.is_walkable(start) || !map.is_walkable(goal) {
        return false;
    }
    let (w, h) = (map.width() as i64, map.height() as i64);
    let mut seen = vec![false; (w * h) as usize];
    let mut queue = std::collections::VecDeque::from([start]);
    seen[(start.y as i64 * w + start.x as i64) as usize] = true;
    let moves = offsets(rules);
    while let Some(c) = queue.pop_front() {
        if c == goal {
            return true;
        }
        for &(dx, dy, _) in &moves {
            let (x, y) = (c.x as i64 + dx, c.y as i64 + dy);
            if x < 0 || y < 0 || x >= w || y >= h {
                continue;
            }
            let next = Cell::new(x as u32, y as u32);
            if !seen[(y * w + x) as usize] && legal_step(map, rules, c, next).is_some() {
                seen[(y * w + x) as usize] = true;
                queue.push_back(next);
            }
        }
    }
    false
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn astar_matches_dijkstra_and_paths_are_legal(case in case_strategy()) {
        let map = case.map();
        let mut finder = GridContext::new();
        let compiled = case.rules.compile().unwrap();
        let query = GridQuery::new(case.start, case.goal);
        let outcome = finder.find_path(&map, &compiled, &query).unwrap().outcome();
        if finder.search_used().is_some() {
            let jumping = case.rules.search != SearchMode::CellByCell && map.has_uniform_cost();
            let expected = if jumping { SearchMode::JumpPoints } else { SearchMode::CellByCell };
            prop_assert_eq!(finder.search_used(), Some(expected));
        }

        if !map.is_walkable(case.start) {
            prop_assert_eq!(outcome.status, PathStatus::StartBlocked);
            prop_assert!(finder.path().is_empty());
            return Ok(());
        }
        if !map.is_walkable(case.goal) {
            prop_assert_eq!(outcome.status, PathStatus::GoalBlocked);
            prop_assert!(finder.path().is_empty());
            return Ok(());
        }

        // Dijkstra through the engine, on the same view, as the reference cost.
        let mut view = GridView::new(&map, &compiled, case.goal).unwrap();
        let mut ctx = SearchContext::new();
        let mut nodes = Vec::new();
        let start_id = view.node_of(case.start).unwrap();
        let reference = ctx.dijkstra(&mut view, start_id, &Limits::default(), &mut nodes);

        let expect_found = reachable(&map, &case.rules, case.start, case.goal);
        prop_assert_eq!(reference.is_found(), expect_found);
        if !expect_found {
            prop_assert_eq!(outcome.status, PathStatus::NoPath);
            prop_assert!(finder.path().is_empty());
            return Ok(());
        }
        prop_assert_eq!(outcome.status, PathStatus::Found);
        prop_assert!(close(outcome.cost, reference.cost), "A* {} vs Dijkstra {}", outcome.cost, reference.cost);

        // Every step legal; the costs add up to what the pathfinder reports.
        let path = finder.path();
        prop_assert_eq!(path.first(), Some(&case.start));
        prop_assert_eq!(path.last(), Some(&case.goal));
        prop_assert_eq!(path.len(), finder.path_costs().len());
        let mut total = 0.0;
        for (k, step) in path.windows(2).enumerate() {
            let base = legal_step(&map, &case.rules, step[0], step[1]);
            prop_assert!(base.is_some(), "illegal step {} -> {}", step[0], step[1]);
            total += base.unwrap() * map.cost_multiplier(step[1]).unwrap();
            prop_assert!(close(total, finder.path_costs()[k + 1]));
        }
        prop_assert!(close(total, outcome.cost));

        // Budgets: the prefix fits, the next cell would not.
        let within = finder.path_within_budget(case.budget).unwrap();
        prop_assert!(!within.is_empty());
        let n = within.len();
        prop_assert!(finder.path_costs()[n - 1] <= case.budget * (1.0 + 1e-12));
        if n < path.len() {
            prop_assert!(finder.path_costs()[n] > case.budget);
        }
        let mut owned = finder.to_path();
        owned.cut_to_budget(case.budget).unwrap();
        prop_assert_eq!(owned.cells(), within);
        prop_assert!(owned.cost() <= case.budget * (1.0 + 1e-12));
    }

    #[test]
    fn limits_and_partial_paths_stay_consistent(case in case_strategy(), cap in 0usize..20) {
        let map = case.map();
        let mut finder = GridContext::new();
        let limits = Limits::default().with_max_expanded(cap).with_partial_path(true);
        let compiled = case.rules.compile().unwrap();
        let query = GridQuery::new(case.start, case.goal).with_limits(limits);
        let outcome = finder.find_path(&map, &compiled, &query).unwrap().outcome();
        prop_assert!(outcome.expanded <= cap);
        if outcome.status == PathStatus::StartBlocked {
            prop_assert!(finder.path().is_empty());
            return Ok(());
        }
        // Whatever was written starts at the start and is made of legal steps.
        let path = finder.path();
        if !path.is_empty() {
            prop_assert_eq!(path[0], case.start);
            for step in path.windows(2) {
                prop_assert!(legal_step(&map, &case.rules, step[0], step[1]).is_some());
            }
        }
        prop_assert_eq!(outcome.partial, outcome.status != PathStatus::Found && !path.is_empty());
        prop_assert!(finder.expanded_cells().count() <= cap);
        prop_assert!(finder.expanded_cells().all(|c| map.is_walkable(c)));
    }
}

#[test]
fn a_start_id_off_the_map_finds_nothing_and_does_not_panic() {
    let map = GridMap::new(4, 3).unwrap();
    let compiled = GridRules::default().compile().unwrap();
    let mut view = GridView::new(&map, &compiled, Cell::new(3, 2)).unwrap();
    let mut ctx = SearchContext::new();
    let mut nodes = Vec::new();
    for bad in [12, 13, 1000] {
        let outcome = ctx.astar(&mut view, bad, &Limits::default(), &mut nodes);
        assert!(!outcome.is_found());
    }
}

#[test]
fn checker_agrees_with_the_documented_examples() {
    // The independent checker itself, on the cases the docs spell out.
    let map = GridMap::from_ascii(".@\n..").unwrap();
    let strict = GridRules::default();
    let free = GridRules::default().with_diagonal(DiagonalRule::Free);
    assert!(legal_step(&map, &strict, Cell::new(0, 1), Cell::new(1, 0)).is_none());
    let map = GridMap::from_ascii(".@\n@.").unwrap();
    assert!(legal_step(&map, &free, Cell::new(0, 0), Cell::new(1, 1)).is_some());
    assert!(legal_step(&map, &strict, Cell::new(0, 0), Cell::new(1, 1)).is_none());
    assert!(!reachable(&map, &strict, Cell::new(0, 0), Cell::new(1, 1)));
    assert!(reachable(&map, &free, Cell::new(0, 0), Cell::new(1, 1)));
}
