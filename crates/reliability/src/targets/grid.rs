//! Grid queries on arbitrary maps and rules, between arbitrary edits.
//!
//! The input decodes to a map of up to 24 x 24 cells (terrain, blocked flags, cost
//! multipliers), rules (moves, diagonal rule, costs, heuristic, search mode) and a program of
//! up to 48 queries and cell edits. Every answer is checked:
//!
//! * a found path passes [`check_steps`], a step checker written from the documented rules
//!   (each step one of the rule's moves, every cell of the agent's square walkable, no corner
//!   cut where the rule forbids it, the reported cost the sum of the step costs);
//! * with 4 or 8 moves and an admissible heuristic, a found path costs what [`dijkstra`]
//!   finds (a plain Dijkstra over the same rules, sharing no code with nav-grid), and
//!   `NoPath` is answered exactly when Dijkstra finds no path;
//! * blocked endpoints are reported as such, and a partial path is a valid path from the
//!   start.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use nav_grid::{
    Cell, DiagonalRule, GridContext, GridMap, GridQuery, GridRules, Heuristic, Limits, MoveCosts,
    Moves, PathStatus, SearchMode,
};

use crate::bytes::Bytes;

/// Relative tolerance on costs: nav and the reference add the same steps in other orders.
const REL: f64 = 1e-9;

/// The largest side of a fuzzed map.
const MAX_SIDE: usize = 24;

/// The rules a query runs under, as the reference understands them.
#[derive(Debug, Clone)]
pub struct Reference {
    /// `(dx, dy, base cost, checks the two orthogonal neighbours)`.
    pub steps: Vec<(i32, i32, f64, bool)>,
}

impl Reference {
    /// The steps of 4 or 8 moves under `diagonal`, priced by `costs`.
    pub fn new(moves: &Moves, diagonal: DiagonalRule, costs: &MoveCosts) -> Option<Self> {
        let (s, d) = (costs.straight(), costs.diagonal());
        let mut steps = vec![
            (1, 0, s, false),
            (-1, 0, s, false),
            (0, 1, s, false),
            (0, -1, s, false),
        ];
        match (moves, diagonal) {
            (Moves::Four, _) | (Moves::Eight, DiagonalRule::Never) => {}
            (Moves::Eight, rule) => {
                let corners = rule == DiagonalRule::NoCornerCutting;
                for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    steps.push((dx, dy, d, corners));
                }
            }
            _ => return None,
        }
        Some(Self { steps })
    }
}

/// Whether a `size x size` agent fits with its top-left cell at `(x, y)`: every cell of the
/// square on the map, at most the map's largest walkable terrain, and not blocked (read cell
/// by cell, not from nav's clearance).
pub fn fits(map: &GridMap, x: i64, y: i64, size: u32) -> bool {
    let max = map.max_walkable_terrain();
    (0..size as i64).all(|dy| {
        (0..size as i64).all(|dx| {
            let (cx, cy) = (x + dx, y + dy);
            if cx < 0 || cy < 0 || cx >= map.width() as i64 || cy >= map.height() as i64 {
                return false;
            }
            let cell = Cell::new(cx as u32, cy as u32);
            map.is_blocked(cell) == Some(false) && map.terrain(cell).is_some_and(|t| t <= max)
        })
    })
}

fn multiplier(map: &GridMap, x: i64, y: i64) -> f64 {
    map.cost_multiplier(Cell::new(x as u32, y as u32))
        .unwrap_or(f64::NAN)
}

/// The cost of one step from `(x, y)` by `(dx, dy)`, if the rules allow it.
fn step_cost(
    map: &GridMap,
    rules: &Reference,
    size: u32,
    x: i64,
    y: i64,
    dx: i64,
    dy: i64,
) -> Option<f64> {
    let &(_, _, base, corners) = rules
        .steps
        .iter()
        .find(|s| s.0 as i64 == dx && s.1 as i64 == dy)?;
    let (tx, ty) = (x + dx, y + dy);
    if !fits(map, tx, ty, size) {
        return None;
    }
    if corners && !(fits(map, x + dx, y, size) && fits(map, x, y + dy, size)) {
        return None;
    }
    Some(base * multiplier(map, tx, ty))
}

/// Checks a path of cells for an agent of `size` from `start`: each step allowed by the rules
/// (when `rules` is known; else only adjacency within 8 cells and the agent fitting at each
/// cell), and returns the sum of the step costs (NaN when `rules` is unknown).
pub fn check_steps(
    map: &GridMap,
    rules: Option<&Reference>,
    size: u32,
    start: Cell,
    path: &[Cell],
) -> Result<f64, String> {
    let Some(&first) = path.first() else {
        return Err("empty path".into());
    };
    if first != start {
        return Err(format!("path starts at {first:?}, not at {start:?}"));
    }
    let mut total = 0.0;
    for (i, w) in path.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let (x, y) = (a.x as i64, a.y as i64);
        let (dx, dy) = (b.x as i64 - x, b.y as i64 - y);
        match rules {
            Some(rules) => {
                let cost = step_cost(map, rules, size, x, y, dx, dy)
                    .ok_or_else(|| format!("step {i} from {a:?} to {b:?} is not allowed"))?;
                total += cost;
            }
            None => {
                if dx.abs() > 8
                    || dy.abs() > 8
                    || (dx, dy) == (0, 0)
                    || !fits(map, b.x as i64, b.y as i64, size)
                {
                    return Err(format!("step {i} from {a:?} to {b:?} is not allowed"));
                }
                total = f64::NAN;
            }
        }
    }
    if !fits(map, first.x as i64, first.y as i64, size) {
        return Err(format!("the agent does not fit at the start {first:?}"));
    }
    Ok(total)
}

#[derive(PartialEq)]
struct Entry(f64, usize);
impl Eq for Entry {}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The cost of a shortest path by Dijkstra's algorithm (`None`: no path).
pub fn dijkstra(
    map: &GridMap,
    rules: &Reference,
    size: u32,
    start: Cell,
    goal: Cell,
) -> Option<f64> {
    let (w, h) = (map.width() as i64, map.height() as i64);
    if !fits(map, start.x as i64, start.y as i64, size)
        || !fits(map, goal.x as i64, goal.y as i64, size)
    {
        return None;
    }
    let index = |x: i64, y: i64| (y * w + x) as usize;
    let mut dist = vec![f64::INFINITY; (w * h) as usize];
    let mut heap = BinaryHeap::new();
    let s = index(start.x as i64, start.y as i64);
    dist[s] = 0.0;
    heap.push(Entry(0.0, s));
    while let Some(Entry(d, n)) = heap.pop() {
        if d > dist[n] {
            continue;
        }
        let (x, y) = ((n as i64) % w, (n as i64) / w);
        if (x, y) == (goal.x as i64, goal.y as i64) {
            return Some(d);
        }
        for &(dx, dy, _, _) in &rules.steps {
            let (dx, dy) = (dx as i64, dy as i64);
            if let Some(c) = step_cost(map, rules, size, x, y, dx, dy) {
                let t = index(x + dx, y + dy);
                if d + c < dist[t] {
                    dist[t] = d + c;
                    heap.push(Entry(d + c, t));
                }
            }
        }
    }
    None
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= REL * a.abs().max(b.abs()).max(1.0)
}

/// Decodes a map.
fn decode_map(b: &mut Bytes) -> Option<GridMap> {
    let w = 1 + b.below(MAX_SIDE);
    let h = 1 + b.below(MAX_SIDE);
    let weighted = b.u8();
    let max_walkable = b.below(4) as u16;
    let mut terrain = Vec::with_capacity(w * h);
    let mut blocked = Vec::with_capacity(w * h);
    let mut multipliers = Vec::with_capacity(w * h);
    for _ in 0..w * h {
        let v = b.u8();
        blocked.push(v & 7 == 0);
        terrain.push(((v >> 3) & 3) as u16);
        multipliers.push(match weighted {
            0..=159 => None,
            160..=247 => Some(1.0 + ((v >> 5) as f64) * 0.75),
            _ => Some(b.f64_from(&[0.5, 1.0, 2.0, 1e-3, 1e30, 0.0, -1.0, f64::NAN])),
        });
    }
    let mut map = GridMap::from_terrain(w as u32, h as u32, terrain, max_walkable).ok()?;
    for (i, (&blocked, multiplier)) in blocked.iter().zip(&multipliers).enumerate() {
        let cell = Cell::new((i % w) as u32, (i / w) as u32);
        map.set_blocked(cell, blocked).ok()?;
        if let Some(m) = *multiplier {
            // A refused multiplier (NaN, negative, zero, huge) leaves the cell as it was.
            let before = map.cost_multiplier(cell);
            if map.set_cost_multiplier(cell, m).is_err() {
                assert_eq!(
                    map.cost_multiplier(cell),
                    before,
                    "a refused multiplier changed the map"
                );
            }
        }
    }
    Some(map)
}

fn decode_rules(b: &mut Bytes) -> GridRules {
    let moves = match b.below(8) {
        0..=2 => Moves::Eight,
        3..=5 => Moves::Four,
        _ => {
            let n = 1 + b.below(6);
            let offsets: Vec<(i32, i32)> = (0..n)
                .map(|_| (b.below(7) as i32 - 3, b.below(7) as i32 - 3))
                .collect();
            Moves::custom(&offsets).unwrap_or(Moves::Eight)
        }
    };
    let diagonal = [
        DiagonalRule::NoCornerCutting,
        DiagonalRule::Never,
        DiagonalRule::Free,
    ][b.below(3)];
    let costs = match b.below(6) {
        0 | 1 => MoveCosts::default(),
        2 => MoveCosts::new(10.0, 14.0).unwrap_or_default(),
        3 => MoveCosts::new(1.0, 1.0).unwrap_or_default(),
        4 => MoveCosts::new(1.0, 3.0).unwrap_or_default(),
        _ => {
            let table = [
                1.0,
                2.0,
                0.25,
                1e-300,
                1e100,
                1e101,
                0.0,
                -1.0,
                f64::NAN,
                f64::INFINITY,
            ];
            let (s, d) = (b.f64_from(&table), b.f64_from(&table));
            MoveCosts::new(s, d).unwrap_or_default()
        }
    };
    let heuristic = Heuristic::ALL[b.below(Heuristic::ALL.len())];
    let search = [
        SearchMode::CellByCell,
        SearchMode::JumpPoints,
        SearchMode::JumpPointsOrCellByCell,
    ][b.below(3)];
    GridRules::default()
        .with_moves(moves)
        .with_diagonal(diagonal)
        .with_costs(costs)
        .with_heuristic(heuristic)
        .with_search(search)
        .allow_inadmissible(b.below(4) == 0)
}

fn decode_cell(b: &mut Bytes, map: &GridMap) -> Cell {
    // Mostly on the map, sometimes just off it or far away.
    match b.below(16) {
        0 => Cell::new(b.u32(), b.u32()),
        _ => Cell::new(
            b.below(map.width() as usize + 1) as u32,
            b.below(map.height() as usize + 1) as u32,
        ),
    }
}

fn decode_limits(b: &mut Bytes) -> Limits {
    match b.below(4) {
        0 => Limits {
            max_expanded: b.below(64),
            max_cost: b.f64_from(&[f64::INFINITY, 3.0, 10.0, 0.0, -1.0, f64::NAN]),
            partial_path: b.bool(),
        },
        _ => Limits::default(),
    }
}

/// The fuzz target: see the module documentation.
pub fn grid_query(data: &[u8]) {
    let b = &mut Bytes::new(data);
    let Some(mut map) = decode_map(b) else { return };
    let rules = decode_rules(b);
    let compiled = match rules.compile() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let reference = Reference::new(&rules.moves, rules.diagonal, &rules.costs);
    let exact = !rules.allow_inadmissible;
    let mut ctx = GridContext::new();
    for _ in 0..48 {
        if b.is_empty() {
            break;
        }
        match b.below(8) {
            0 => {
                let cell = decode_cell(b, &map);
                let _ = map.set_blocked(cell, b.bool());
            }
            1 => {
                let cell = decode_cell(b, &map);
                let _ = map.set_terrain(cell, b.below(4) as u16);
            }
            2 => {
                let cell = decode_cell(b, &map);
                let m = b.f64_from(&[1.0, 2.0, 0.5, 3.25, 0.0, -2.0, f64::NAN, f64::INFINITY]);
                let _ = map.set_cost_multiplier(cell, m);
            }
            3 if b.below(4) == 0 => map.set_max_walkable_terrain(b.below(4) as u16),
            _ => {
                let start = decode_cell(b, &map);
                let goal = decode_cell(b, &map);
                let size = match b.below(8) {
                    0 => 2,
                    1 => 3,
                    2 => b.u32(),
                    _ => 1,
                };
                let limits = decode_limits(b);
                let query = GridQuery::new(start, goal)
                    .with_agent_size(size)
                    .with_limits(limits);
                check_query(
                    &mut ctx,
                    &map,
                    &compiled,
                    reference.as_ref(),
                    exact,
                    &query,
                    size,
                );
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn check_query(
    ctx: &mut GridContext,
    map: &GridMap,
    compiled: &nav_grid::CompiledRules,
    reference: Option<&Reference>,
    exact: bool,
    query: &GridQuery,
    size: u32,
) {
    let (start, goal) = (query.start, query.goal);
    let limits = query.limits;
    let answer = match ctx.find_path(map, compiled, query) {
        Ok(answer) => answer,
        Err(e) => {
            // Errors are for bad input only: off-map endpoints, a bad agent size or limits,
            // or jump points on a map they do not fit.
            let message = e.to_string();
            let on_map = map.contains(start) && map.contains(goal);
            let good_size = (1..=GridQuery::MAX_AGENT_SIZE).contains(&size);
            let good_limits = limits.check().is_ok();
            let jump_points = compiled.rules().search == SearchMode::JumpPoints;
            assert!(
                !(on_map && good_size && good_limits) || jump_points,
                "valid query refused: {message}"
            );
            return;
        }
    };
    let status = answer.status();
    let cost = answer.cost();
    let path = answer.path().to_vec();
    let partial = answer.is_partial();
    let context = || {
        format!(
            "map {}x{}\n{}\nrules {:?}\nquery {query:?}",
            map.width(),
            map.height(),
            nav_grid::movingai::map_to_string(map),
            compiled.rules()
        )
    };
    let start_fits = fits(map, start.x as i64, start.y as i64, size);
    let goal_fits = fits(map, goal.x as i64, goal.y as i64, size);
    match status {
        PathStatus::StartBlocked => assert!(!start_fits, "start reported blocked\n{}", context()),
        PathStatus::GoalBlocked => assert!(
            start_fits && !goal_fits,
            "goal reported blocked\n{}",
            context()
        ),
        _ => assert!(
            start_fits && goal_fits,
            "{status:?} with a blocked endpoint\n{}",
            context()
        ),
    }
    let expected = match (status, reference) {
        (PathStatus::StartBlocked | PathStatus::GoalBlocked, _) => return,
        (_, Some(reference)) => Some(dijkstra(map, reference, size, start, goal)),
        (_, None) => None,
    };
    match status {
        PathStatus::Found => {
            let total = check_steps(map, reference, size, start, &path)
                .unwrap_or_else(|e| panic!("{e}\n{}\npath {path:?}", context()));
            assert_eq!(
                path.last(),
                Some(&goal),
                "found path ends elsewhere\n{}",
                context()
            );
            if reference.is_some() {
                assert!(
                    close(total, cost),
                    "reported cost {cost}, steps add up to {total}\n{}",
                    context()
                );
            }
            assert!(
                cost <= limits.max_cost * (1.0 + REL) || limits.max_cost.is_nan(),
                "cost above max_cost\n{}",
                context()
            );
            if let Some(expected) = expected {
                let best = expected.unwrap_or_else(|| {
                    panic!("found {cost} where Dijkstra finds none\n{}", context())
                });
                if exact {
                    assert!(
                        close(cost, best),
                        "cost {cost}, Dijkstra {best}\n{}\npath {path:?}",
                        context()
                    );
                } else {
                    assert!(
                        cost >= best * (1.0 - REL),
                        "cost {cost} below Dijkstra's {best}\n{}",
                        context()
                    );
                }
            }
        }
        PathStatus::NoPath => {
            if let Some(expected) = expected {
                // With a cost bound, "no path within it" is a valid answer.
                let bounded = limits.max_cost.is_finite();
                assert!(
                    expected.is_none()
                        || (bounded && expected.is_some_and(|c| c > limits.max_cost * (1.0 - REL))),
                    "no path, Dijkstra finds {expected:?}\n{}",
                    context()
                );
            }
            if !partial {
                assert!(path.is_empty(), "no path but a path\n{}", context());
            }
        }
        PathStatus::LimitReached => {
            assert!(
                limits.max_expanded != usize::MAX || limits.max_cost.is_finite(),
                "limit reached without limits\n{}",
                context()
            );
        }
        other => panic!("unexpected status {other:?}\n{}", context()),
    }
    if partial {
        assert!(
            limits.partial_path,
            "partial path not asked for\n{}",
            context()
        );
        check_steps(map, reference, size, start, &path)
            .unwrap_or_else(|e| panic!("partial path: {e}\n{}\npath {path:?}", context()));
    }
}
