//! Flow fields against an independent reverse Dijkstra: every cell's cost, every next move's
//! legality, following the field from every cell to a goal at the optimal cost, the
//! line-of-sight flag against a floating-point segment test, repairs after edits against a
//! fresh oracle, and many starts against one query per start. Moves, fits and costs are
//! decided here from the documented rules, not by the crate's move code.

mod common;

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use common::move_sets;
use nav_grid::generate::{caves, maze, random_fill, rooms};
use nav_grid::{
    Cell, DiagonalRule, FlowField, FlowQuery, GridContext, GridMap, GridQuery, GridRules,
    MoveCosts, Moves, PathStatus,
};
use nav_testkit::TestRng;

/// The offsets and base costs under the rules, from the documented definitions.
fn offsets(rules: &GridRules) -> Vec<(i64, i64, f64)> {
    let costs = rules.costs;
    let octile = |dx: i64, dy: i64| {
        let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
        costs.diagonal() * b as f64 + costs.straight() * (a - b) as f64
    };
    let eight = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let list: Vec<(i64, i64, f64)> = match &rules.moves {
        Moves::Four => eight[..4]
            .iter()
            .map(|&(x, y)| (x, y, octile(x, y)))
            .collect(),
        Moves::Eight => eight.iter().map(|&(x, y)| (x, y, octile(x, y))).collect(),
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

/// Whether the segment from `(ax, ay)` to `(bx, by)` (cell centres) meets the square of cell
/// `(i, j)` grown by `margin` (Liang–Barsky clipping in floating point).
fn segment_meets_cell(a: (f64, f64), b: (f64, f64), i: f64, j: f64, margin: f64) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - (i - 0.5 - margin)),
        (dx, (i + 0.5 + margin) - a.0),
        (-dy, a.1 - (j - 0.5 - margin)),
        (dy, (j + 0.5 + margin) - a.1),
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

/// The oracle's picture of a map for one agent size and rule set.
struct Oracle {
    w: i64,
    h: i64,
    fits: Vec<bool>,
    mult: Vec<f64>,
    moves: Vec<(i64, i64, f64)>,
    margin: f64,
}

impl Oracle {
    fn new(map: &GridMap, rules: &GridRules, size: u32) -> Self {
        let (w, h) = (map.width() as i64, map.height() as i64);
        let k = size as i64;
        let mut fits = vec![false; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                fits[(y * w + x) as usize] = (0..k).all(|j| {
                    (0..k).all(|i| map.is_walkable(Cell::new((x + i) as u32, (y + j) as u32)))
                });
            }
        }
        let mult = (0..w * h)
            .map(|i| {
                map.cost_multiplier(map.cell_at(i as usize).unwrap())
                    .unwrap()
            })
            .collect();
        Self {
            w,
            h,
            fits,
            mult,
            moves: offsets(rules),
            margin: match rules.diagonal {
                DiagonalRule::NoCornerCutting | DiagonalRule::Never => 1e-9,
                DiagonalRule::Free => -1e-9,
            },
        }
    }

    fn fits(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.w && y < self.h && self.fits[(y * self.w + x) as usize]
    }

    /// Whether every cell the segment between the centres of `a` and `b` meets fits.
    fn clear(&self, a: (i64, i64), b: (i64, i64)) -> bool {
        for j in a.1.min(b.1)..=a.1.max(b.1) {
            for i in a.0.min(b.0)..=a.0.max(b.0) {
                let fa = (a.0 as f64, a.1 as f64);
                let fb = (b.0 as f64, b.1 as f64);
                if segment_meets_cell(fa, fb, i as f64, j as f64, self.margin) && !self.fits(i, j) {
                    return false;
                }
            }
        }
        true
    }

    /// The cost of stepping from `a` to `b`, if that is a legal move.
    fn step(&self, a: Cell, b: Cell) -> Option<f64> {
        let (ax, ay, bx, by) = (a.x as i64, a.y as i64, b.x as i64, b.y as i64);
        let &(_, _, cost) = self
            .moves
            .iter()
            .find(|m| (m.0, m.1) == (bx - ax, by - ay))?;
        if !self.fits(ax, ay) || !self.fits(bx, by) || !self.clear((ax, ay), (bx, by)) {
            return None;
        }
        Some(cost * self.mult[(by * self.w + bx) as usize])
    }

    /// Cost to the nearest of `goals` of every cell (reverse Dijkstra with a binary heap).
    fn costs_to(&self, goals: &[Cell]) -> Vec<f64> {
        #[derive(PartialEq)]
        struct Entry(f64, i64);
        impl Eq for Entry {}
        impl PartialOrd for Entry {
            fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
                Some(self.cmp(o))
            }
        }
        impl Ord for Entry {
            fn cmp(&self, o: &Self) -> Ordering {
                o.0.total_cmp(&self.0).then(o.1.cmp(&self.1))
            }
        }
        let mut dist = vec![f64::INFINITY; (self.w * self.h) as usize];
        let mut heap = BinaryHeap::new();
        for g in goals {
            let i = g.y as i64 * self.w + g.x as i64;
            if self.fits[i as usize] {
                dist[i as usize] = 0.0;
                heap.push(Entry(0.0, i));
            }
        }
        while let Some(Entry(d, i)) = heap.pop() {
            if d > dist[i as usize] {
                continue;
            }
            let b = Cell::new((i % self.w) as u32, (i / self.w) as u32);
            for &(dx, dy, _) in &self.moves {
                let (px, py) = (b.x as i64 - dx, b.y as i64 - dy);
                if px < 0 || py < 0 || px >= self.w || py >= self.h {
                    continue;
                }
                if let Some(c) = self.step(Cell::new(px as u32, py as u32), b) {
                    let j = (py * self.w + px) as usize;
                    if d + c < dist[j] {
                        dist[j] = d + c;
                        heap.push(Entry(d + c, j as i64));
                    }
                }
            }
        }
        dist
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Checks `field` against the oracle: every cost, every next move (legal, and its cost plus
/// the next cell's is the cell's: by induction, following the field from anywhere walks an
/// optimal path), following the field from every `follow`-th cell to a goal, and (when
/// `sight`) the line-of-sight flags.
#[allow(clippy::too_many_arguments)]
fn check_field(
    map: &GridMap,
    rules: &GridRules,
    size: u32,
    goals: &[Cell],
    field: &FlowField,
    sight: bool,
    follow: usize,
    what: &str,
) {
    let oracle = Oracle::new(map, rules, size);
    let dist = oracle.costs_to(goals);
    let mut path = Vec::new();
    let mut reachable = 0;
    for (i, &expected) in dist.iter().enumerate() {
        let cell = map.cell_at(i).unwrap();
        let Some(c) = field.cost(cell) else {
            assert!(
                expected.is_infinite(),
                "{what}: {cell} unreachable, oracle {expected}"
            );
            assert_eq!(field.next_move(cell), None, "{what}: {cell}");
            continue;
        };
        reachable += 1;
        assert!(
            close(c, expected),
            "{what}: {cell} costs {c}, oracle {expected}"
        );
        match field.next_cell(cell) {
            None => assert!(
                goals.contains(&cell) && c == 0.0,
                "{what}: {cell} has no move"
            ),
            Some(next) => {
                let step = oracle.step(cell, next);
                assert!(step.is_some(), "{what}: illegal move {cell} -> {next}");
                let rest = field.cost(next).unwrap();
                assert!(close(step.unwrap() + rest, c), "{what}: {cell} -> {next}");
            }
        }
        if i % follow == 0 {
            let outcome = field.path_from(cell, &mut path).unwrap();
            assert_eq!(outcome.status, PathStatus::Found, "{what}: {cell}");
            let mut sum = 0.0;
            for pair in path.windows(2) {
                sum += oracle.step(pair[0], pair[1]).expect("a legal move");
            }
            let end = *path.last().unwrap();
            assert!(
                goals.contains(&end),
                "{what}: {cell} flows to {end}, not a goal"
            );
            assert_eq!(field.goal_of(cell), Some(end), "{what}: {cell}");
            assert!(
                close(sum, expected),
                "{what}: {cell} walks {sum}, oracle {expected}"
            );
            assert!(close(outcome.cost, expected), "{what}: {cell}");
        }
        if sight {
            let end = field.goal_of(cell).unwrap();
            let sees = oracle.clear((cell.x as i64, cell.y as i64), (end.x as i64, end.y as i64));
            assert_eq!(
                field.sees_goal(cell),
                sees,
                "{what}: line of sight {cell} -> {end}"
            );
        }
    }
    assert_eq!(field.reachable_count(), reachable, "{what}");
}

fn rule_sets() -> Vec<GridRules> {
    let mut sets = Vec::new();
    for (m, moves) in move_sets().into_iter().enumerate() {
        for diagonal in [
            DiagonalRule::Never,
            DiagonalRule::NoCornerCutting,
            DiagonalRule::Free,
        ] {
            let costs = if m == 1 && diagonal == DiagonalRule::Free {
                MoveCosts::new(10.0, 14.0).unwrap()
            } else {
                MoveCosts::default()
            };
            let rules = GridRules::default()
                .with_moves(moves.clone())
                .with_diagonal(diagonal)
                .with_costs(costs)
                .with_heuristic(nav_grid::Heuristic::Zero);
            if rules.check().is_ok() {
                sets.push(rules);
            }
        }
    }
    sets
}

/// Small generated maps, some weighted, every rule set, agents of 1 to 3 cells, one and
/// several goals.
#[test]
fn fields_match_an_independent_dijkstra_on_generated_maps() {
    let mut rng = TestRng::new(0xf10e);
    let mut field = FlowField::new();
    let mut checked = 0;
    for round in 0..6u64 {
        let (w, h) = (10 + rng.below(14) as u32, 8 + rng.below(12) as u32);
        let mut map = match round % 4 {
            0 => random_fill(w, h, 0.25, round).unwrap(),
            1 => caves(w, h, 0.42, round).unwrap(),
            2 => rooms(w.max(12), h.max(12), round).unwrap(),
            _ => maze(w, h, round).unwrap(),
        };
        if round % 2 == 1 {
            for i in 0..map.cell_count() {
                if rng.chance(0.3) {
                    let c = map.cell_at(i).unwrap();
                    map.set_cost_multiplier(c, rng.range(0.5, 4.0)).unwrap();
                }
            }
        }
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.is_walkable(c))
            .collect();
        for rules in rule_sets() {
            let compiled = rules.compile().unwrap();
            for size in 1..=3 {
                let k = 1 + rng.below(3) as usize;
                let goals: Vec<Cell> = (0..k).map(|_| open[rng.index(open.len())]).collect();
                let query = FlowQuery::to_goals(&goals).with_agent_size(size);
                field.build(&map, &compiled, &query).unwrap();
                let what = format!("round {round}, {rules:?}, size {size}, goals {goals:?}");
                check_field(&map, &rules, size, &goals, &field, true, 1, &what);
                checked += 1;
            }
        }
    }
    assert!(checked > 50);
}

/// Repairs after random edits (blocking, opening, new multipliers) equal a fresh oracle.
#[test]
fn updates_after_edits_match_a_fresh_dijkstra() {
    let mut rng = TestRng::new(0xed17);
    let mut field = FlowField::new();
    let mut partial_repairs = 0;
    for round in 0..8u64 {
        let mut map = caves(24, 18, 0.4, round).unwrap();
        let rules = &rule_sets()[rng.index(rule_sets().len())];
        let compiled = rules.compile().unwrap();
        let size = 1 + (round % 3) as u32;
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.is_walkable(c))
            .collect();
        let goals = [open[rng.index(open.len())], open[rng.index(open.len())]];
        field
            .build(
                &map,
                &compiled,
                &FlowQuery::to_goals(&goals).with_agent_size(size),
            )
            .unwrap();
        for edit in 0..6 {
            let mut edited = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let c = Cell::new(rng.below(24) as u32, rng.below(18) as u32);
                match rng.below(3) {
                    0 => map.set_blocked(c, true).unwrap(),
                    1 => map.set_blocked(c, false).unwrap(),
                    _ => map.set_cost_multiplier(c, rng.range(0.5, 3.0)).unwrap(),
                }
                edited.push(c);
            }
            let report = field.update(&map, &edited).unwrap();
            partial_repairs += !report.rebuilt as usize;
            let what = format!("round {round} edit {edit}, {rules:?}, size {size}, {edited:?}");
            check_field(&map, rules, size, &goals, &field, true, 1, &what);
        }
    }
    assert!(
        partial_repairs > 20,
        "only {partial_repairs} edits were repaired in place"
    );
}

/// Many starts, one goal: the field's path from each start costs what a query per start finds.
#[test]
fn paths_from_many_starts_equal_one_query_per_start() {
    let map = caves(64, 48, 0.44, 9).unwrap();
    let open: Vec<Cell> = (0..map.cell_count())
        .filter_map(|i| map.cell_at(i))
        .filter(|&c| map.is_walkable(c))
        .collect();
    let mut rng = TestRng::new(5);
    let mut ctx = GridContext::new();
    let mut field = FlowField::new();
    let mut path = Vec::new();
    for rules in [
        GridRules::default(),
        GridRules::default().with_moves(Moves::Four),
    ] {
        let compiled = rules.compile().unwrap();
        for size in 1..=2 {
            let goal = open[rng.index(open.len())];
            field
                .build(
                    &map,
                    &compiled,
                    &FlowQuery::to_goal(&goal).with_agent_size(size),
                )
                .unwrap();
            for _ in 0..60 {
                let start = open[rng.index(open.len())];
                let query = GridQuery::new(start, goal).with_agent_size(size);
                let one = ctx.find_path(&map, &compiled, &query).unwrap().outcome();
                let many = field.path_from(start, &mut path).unwrap();
                assert_eq!(one.status, many.status, "{start} -> {goal}");
                if one.is_found() {
                    assert!(
                        close(one.cost, many.cost),
                        "{start}: {} vs {}",
                        one.cost,
                        many.cost
                    );
                    assert_eq!((path[0], *path.last().unwrap()), (start, goal));
                }
            }
        }
    }
}

#[test]
fn bad_input_is_refused_and_odd_input_is_answered() {
    let map = GridMap::from_ascii("...\n.@.\n...").unwrap();
    let rules = GridRules::default().compile().unwrap();
    let mut field = FlowField::new();
    let off = Cell::new(3, 0);
    assert!(
        field
            .build(&map, &rules, &FlowQuery::to_goal(&off))
            .is_err()
    );
    assert_eq!(field.cost(Cell::new(0, 0)), None);
    let goal = Cell::new(0, 0);
    for size in [0, 256, u32::MAX] {
        let err = field.build(
            &map,
            &rules,
            &FlowQuery::to_goal(&goal).with_agent_size(size),
        );
        assert!(err.is_err(), "size {size}");
    }
    // No goals, or only blocked ones: nothing is reachable.
    let report = field
        .build(&map, &rules, &FlowQuery::to_goals(&[]))
        .unwrap();
    assert_eq!((report.reachable, report.goals_used), (0, 0));
    let wall = Cell::new(1, 1);
    let report = field
        .build(&map, &rules, &FlowQuery::to_goal(&wall))
        .unwrap();
    assert_eq!(report.reachable, 0);
    let mut path = vec![Cell::new(9, 9)];
    assert_eq!(
        field.path_from(Cell::new(0, 0), &mut path).unwrap().status,
        PathStatus::NoPath
    );
    assert_eq!(
        field.path_from(wall, &mut path).unwrap().status,
        PathStatus::StartBlocked
    );
    assert!(path.is_empty());
    assert!(field.path_from(Cell::new(0, 7), &mut path).is_err());
    assert!(field.update(&map, &[Cell::new(5, 5)]).is_err());
    // A size-2 agent fits nowhere on this map.
    let report = field
        .build(&map, &rules, &FlowQuery::to_goal(&goal).with_agent_size(2))
        .unwrap();
    assert_eq!(report.goals_used, 0);
    // Duplicate goals are one goal.
    let twice = [goal, goal];
    let report = field
        .build(&map, &rules, &FlowQuery::to_goals(&twice))
        .unwrap();
    assert_eq!(report.reachable, 8);
    assert_eq!(field.next_move(goal), None);
    assert_eq!(field.cost(goal), Some(0.0));
}

/// A few Moving AI maps under the benchmark rules, agents of 1 to 3 cells.
#[test]
fn fields_match_dijkstra_on_moving_ai_maps() {
    let Some(dir) = nav_testkit::movingai_dir() else {
        return;
    };
    let rules = GridRules::default();
    let compiled = rules.compile().unwrap();
    let mut field = FlowField::new();
    for (file, size) in [
        ("dao/arena.map", 1),
        ("dao/den312d.map", 2),
        ("room/8room_000.map", 3),
        ("maze/maze512-32-0.map", 1),
    ] {
        let map = nav_grid::movingai::read_map(dir.join(file)).unwrap();
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.clearance(c).unwrap() >= size)
            .collect();
        let goal = open[open.len() / 3];
        field
            .build(
                &map,
                &compiled,
                &FlowQuery::to_goal(&goal).with_agent_size(size),
            )
            .unwrap();
        check_field(
            &map,
            &rules,
            size,
            &[goal],
            &field,
            file.contains("arena"),
            997,
            file,
        );
    }
    // Edits on a Moving AI map, repaired, under several rule sets, agents of 1 to 3 cells.
    let mut rng = TestRng::new(0xa7e4a);
    let mut map = nav_grid::movingai::read_map(dir.join("dao/arena.map")).unwrap();
    for (r, rules) in rule_sets().into_iter().enumerate().step_by(3) {
        let compiled = rules.compile().unwrap();
        let size = 1 + (r % 3) as u32;
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.clearance(c).unwrap() >= size)
            .collect();
        let goal = open[rng.index(open.len())];
        let query = FlowQuery::to_goal(&goal).with_agent_size(size);
        field.build(&map, &compiled, &query).unwrap();
        for edit in 0..3 {
            let c = open[rng.index(open.len())];
            if c == goal {
                continue;
            }
            let blocked = map.is_blocked(c).unwrap();
            map.set_blocked(c, !blocked).unwrap();
            field.update(&map, &[c]).unwrap();
            let what = format!("arena, {rules:?}, size {size}, edit {edit} at {c}");
            check_field(&map, &rules, size, &[goal], &field, true, 97, &what);
        }
    }
}

/// Opening a cell that a long move crosses makes that move legal between two cells whose
/// paths did not change: the repair must re-expand the move's target.
#[test]
fn opening_a_cell_under_a_long_move_is_repaired() {
    let moves =
        nav_grid::CustomMoves::with_costs(&[(1, 0, 1.0), (-1, 0, 1.0), (2, 0, 1.5), (-2, 0, 1.5)])
            .unwrap();
    let rules = GridRules::default()
        .with_moves(Moves::Custom(moves))
        .with_heuristic(nav_grid::Heuristic::Zero);
    let compiled = rules.compile().unwrap();
    let mut map = GridMap::from_ascii(".@...").unwrap();
    let goal = Cell::new(4, 0);
    let mut field = FlowField::new();
    field
        .build(&map, &compiled, &FlowQuery::to_goal(&goal))
        .unwrap();
    assert_eq!(field.cost(Cell::new(0, 0)), None);
    map.set_blocked(Cell::new(1, 0), false).unwrap();
    let report = field.update(&map, &[Cell::new(1, 0)]).unwrap();
    assert!(!report.rebuilt);
    // The jump over (1, 0) twice, not a step into it and a jump on.
    assert_eq!(field.cost(Cell::new(0, 0)), Some(3.0));
    assert_eq!(field.next_move(Cell::new(0, 0)), Some((2, 0)));
    check_field(&map, &rules, 1, &[goal], &field, true, 1, "opened");
}

/// The nearest of K goals in one search equals the cheapest of K queries.
#[test]
fn nearest_goal_equals_the_cheapest_of_one_query_per_goal() {
    let mut rng = TestRng::new(77);
    let mut ctx = GridContext::new();
    let mut nearest = nav_grid::NearestGoalContext::new();
    let mut field = FlowField::new();
    let mut found = 0;
    for round in 0..4u64 {
        let mut map = caves(40, 30, 0.42, round).unwrap();
        if round % 2 == 1 {
            for i in 0..map.cell_count() {
                if rng.chance(0.3) {
                    map.set_cost_multiplier(map.cell_at(i).unwrap(), rng.range(0.5, 3.0))
                        .unwrap();
                }
            }
        }
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.is_walkable(c))
            .collect();
        for rules in rule_sets().into_iter().step_by(2) {
            let compiled = rules.compile().unwrap();
            for size in 1..=2 {
                let k = [1, 3, 20][rng.index(3)];
                let goals: Vec<Cell> = (0..k).map(|_| open[rng.index(open.len())]).collect();
                let start = open[rng.index(open.len())];
                let q = nav_grid::NearestGoalQuery::new(start, &goals).with_agent_size(size);
                let answer = nearest.find_nearest(&map, &compiled, &q).unwrap();
                let best = goals
                    .iter()
                    .filter_map(|&g| {
                        let one = GridQuery::new(start, g).with_agent_size(size);
                        let a = ctx.find_path(&map, &compiled, &one).unwrap();
                        a.is_found().then(|| a.cost())
                    })
                    .fold(f64::INFINITY, f64::min);
                field
                    .build(
                        &map,
                        &compiled,
                        &FlowQuery::to_goals(&goals).with_agent_size(size),
                    )
                    .unwrap();
                let what = format!("{rules:?} size {size} {start} -> {goals:?}");
                if best.is_finite() {
                    found += 1;
                    assert_eq!(answer.answer.status(), PathStatus::Found, "{what}");
                    assert!(
                        close(answer.answer.cost(), best),
                        "{what}: {} vs {best}",
                        answer.answer.cost()
                    );
                    let g = answer.goal.unwrap();
                    assert_eq!(answer.answer.path().last(), Some(&goals[g]), "{what}");
                    assert_eq!(answer.answer.path()[0], start);
                    // The flow field of the same goals agrees.
                    assert!(close(field.cost(start).unwrap(), best), "{what}");
                } else {
                    assert_ne!(answer.answer.status(), PathStatus::Found, "{what}");
                    assert_eq!(answer.goal, None);
                    assert_eq!(field.cost(start), None, "{what}");
                }
            }
        }
    }
    assert!(found > 20, "{found}");
    // Odd input.
    let map = GridMap::from_ascii("..\n.@").unwrap();
    let rules = GridRules::default().compile().unwrap();
    let q = nav_grid::NearestGoalQuery::new(Cell::new(0, 0), &[]);
    assert_eq!(
        nearest
            .find_nearest(&map, &rules, &q)
            .unwrap()
            .answer
            .status(),
        PathStatus::GoalBlocked
    );
    let off = [Cell::new(5, 5)];
    assert!(
        nearest
            .find_nearest(
                &map,
                &rules,
                &nav_grid::NearestGoalQuery::new(Cell::new(0, 0), &off)
            )
            .is_err()
    );
    let wall = [Cell::new(1, 1)];
    let q = nav_grid::NearestGoalQuery::new(Cell::new(1, 1), &wall);
    assert_eq!(
        nearest
            .find_nearest(&map, &rules, &q)
            .unwrap()
            .answer
            .status(),
        PathStatus::StartBlocked
    );
    let q = nav_grid::NearestGoalQuery::new(Cell::new(0, 0), &wall);
    assert_eq!(
        nearest
            .find_nearest(&map, &rules, &q)
            .unwrap()
            .answer
            .status(),
        PathStatus::GoalBlocked
    );
}

/// An update with a map of another size rebuilds, and refuses (emptying the field) when a
/// goal falls off it.
#[test]
fn updates_on_a_map_of_another_size() {
    let rules = GridRules::default().compile().unwrap();
    let big = GridMap::new(8, 8).unwrap();
    let small = GridMap::new(4, 4).unwrap();
    let mut field = FlowField::new();
    let near = Cell::new(1, 1);
    field
        .build(&big, &rules, &FlowQuery::to_goal(&near))
        .unwrap();
    let report = field.update(&small, &[]).unwrap();
    assert!(report.rebuilt);
    assert_eq!(report.reachable, 16);
    let far = Cell::new(6, 6);
    field
        .build(&big, &rules, &FlowQuery::to_goal(&far))
        .unwrap();
    assert!(field.update(&small, &[]).is_err());
    assert_eq!(field.cost(Cell::new(0, 0)), None);
    assert_eq!(field.width(), 0);
    // A failed build empties the field too.
    field
        .build(&big, &rules, &FlowQuery::to_goal(&near))
        .unwrap();
    assert!(
        field
            .build(&big, &rules, &FlowQuery::to_goal(&near).with_agent_size(0))
            .is_err()
    );
    assert_eq!(field.cost(near), None);
}

/// Maps of uniform cost under move costs of every kind the builds tell apart: a diagonal of
/// 1 to 2 straight moves (the integer search: √2, Chebyshev's 1, 4/3), other ratios (the
/// `f64` lanes: 2.5, 0.7), and a uniform multiplier other than 1; one goal and several.
#[test]
fn uniform_maps_under_any_move_costs_match_dijkstra() {
    let mut rng = TestRng::new(0x5eed);
    let mut field = FlowField::new();
    let mut checked = 0;
    for round in 0..4u64 {
        let (w, h) = (12 + rng.below(10) as u32, 9 + rng.below(10) as u32);
        let mut map = match round % 2 {
            0 => random_fill(w, h, 0.2, round).unwrap(),
            _ => caves(w, h, 0.42, round).unwrap(),
        };
        if round >= 2 {
            for i in 0..map.cell_count() {
                let c = map.cell_at(i).unwrap();
                map.set_cost_multiplier(c, 2.5).unwrap();
            }
            assert!(map.has_uniform_cost());
        }
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.is_walkable(c))
            .collect();
        for (straight, diagonal) in [
            (1.0, 2f64.sqrt()),
            (1.0, 1.0),
            (3.0, 4.0),
            (1.0, 2.5),
            (1.0, 0.7),
        ] {
            for diagonal_rule in [DiagonalRule::NoCornerCutting, DiagonalRule::Free] {
                let rules = GridRules::default()
                    .with_diagonal(diagonal_rule)
                    .with_costs(MoveCosts::new(straight, diagonal).unwrap())
                    .with_heuristic(nav_grid::Heuristic::Zero);
                let compiled = rules.compile().unwrap();
                for size in 1..=2 {
                    let k = 1 + (checked % 2);
                    let goals: Vec<Cell> = (0..k).map(|_| open[rng.index(open.len())]).collect();
                    let query = FlowQuery::to_goals(&goals).with_agent_size(size);
                    field.build(&map, &compiled, &query).unwrap();
                    let what = format!(
                        "round {round}, costs ({straight}, {diagonal}), {diagonal_rule:?}, size {size}, goals {goals:?}"
                    );
                    check_field(&map, &rules, size, &goals, &field, true, 1, &what);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 80, "{checked}");
}

/// Larger open maps, where the integer search's buckets hold long wavefronts: every cost
/// against the oracle (a diagonal move pushed one bucket too early shows here, not on the
/// small maps above).
#[test]
fn large_uniform_maps_match_dijkstra() {
    let mut field = FlowField::new();
    for (seed, fill) in [(1u64, 0.1), (2, 0.25)] {
        let map = random_fill(160, 120, fill, seed).unwrap();
        let open: Vec<Cell> = (0..map.cell_count())
            .filter_map(|i| map.cell_at(i))
            .filter(|&c| map.is_walkable(c))
            .collect();
        for costs in [MoveCosts::default(), MoveCosts::new(10.0, 14.0).unwrap()] {
            let rules = GridRules::default()
                .with_costs(costs)
                .with_heuristic(nav_grid::Heuristic::Zero);
            let goals = [open[open.len() / 2]];
            field
                .build(
                    &map,
                    &rules.compile().unwrap(),
                    &FlowQuery::to_goals(&goals),
                )
                .unwrap();
            let what = format!("seed {seed}, fill {fill}, {costs:?}");
            check_field(&map, &rules, 1, &goals, &field, true, 101, &what);
        }
    }
}
