//! Grid A*: nav against the `pathfinding` crate's `astar` (same rules: 8 moves, no corner
//! cutting, costs 1 and √2) and against `grid_pathfinding`'s JPS (which lets diagonal moves
//! squeeze between blocks, so it is compared with nav's "free" rule, cell by cell and by jump
//! points), on the same Moving AI rows in the same run. nav runs in every grid mode: cell by
//! cell, online jump points and preprocessed jump points (JPS+, its table built before timing).
//!
//! Run: `cargo bench -p nav-benches --bench grid -- --warm-up-time 1 --measurement-time 3`.
//! Every benchmark runs one batch of rows per iteration; the summary printed at the end divides
//! criterion's median by the number of rows to give the median time per query, and the ratios.
//! Before timing, every implementation's lengths are checked against the published optimal
//! lengths (and JPS's against nav's "free" lengths); mismatches are reported.
//!
//! `NAV_GRID_BENCH_MAPS=all` (or a comma-separated list of map names) takes the 12 Moving AI
//! maps of the data directory instead of the six below; `NAV_GRID_BENCH_EVERY=1` every row of
//! their scenarios; `NAV_GRID_BENCH_ONCE` and `NAV_GRID_BENCH_ROUNDS` replace criterion (see
//! [`run_once`] and [`run_interleaved`]). The whole-scenario table:
//! `NAV_GRID_BENCH_BATCH=all NAV_GRID_BENCH_MAPS=all NAV_GRID_BENCH_EVERY=1
//! NAV_GRID_BENCH_ONCE=pathfinding_u64,nav,nav_jump_points,nav_jps_plus
//! target/release/deps/grid-<hash>`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::Criterion;
use grid_pathfinding::PathingGrid;
use grid_util::grid::ValueGrid;
use grid_util::point::Point;
use nav::grid::generate::caves;
use nav::grid::movingai::{read_map, read_scenario};
use nav::grid::{
    Cell, CompiledRules, DiagonalRule, GridContext, GridMap, GridQuery, GridRules, SearchMode,
};
use nav_benches::{median_ns, moving_ai_successors, thread_cpu_ns};
use nav_testkit::TestRng;
use pathfinding::num_traits::Zero;
use pathfinding::prelude::astar;

/// The maps benchmarked (family/name, as in the data directory).
const MAPS: [&str; 6] = [
    "dao/den520d",
    "dao/brc202d",
    "sc1/AcrosstheCape",
    "random/random512-10-0",
    "room/8room_000",
    "street/Berlin_0_256",
];
/// The 12 Moving AI maps of the data directory (`NAV_GRID_BENCH_MAPS=all`).
const ALL_MAPS: [&str; 12] = [
    "bg512/AR0011SR",
    "dao/arena",
    "dao/brc202d",
    "dao/den312d",
    "dao/den520d",
    "dao/lak303d",
    "maze/maze512-32-0",
    "random/random512-10-0",
    "room/8room_000",
    "sc1/AcrosstheCape",
    "street/Berlin_0_256",
    "street/Boston_0_256",
];
/// Evenly spaced scenario rows per map (scenario files grow harder row by row).
const ROWS_PER_MAP: usize = 12;
/// Integer costs for `pathfinding` with `u64` costs: 1 and √2 in millionths.
const INT_STRAIGHT: u64 = 1_000_000;
const INT_DIAGONAL: u64 = 1_414_214;

/// One map and the queries run on it.
struct Case {
    name: String,
    map: GridMap,
    /// Walkability as a plain `Vec<bool>`: what a `pathfinding` user would hand to closures.
    open: Vec<bool>,
    jps: PathingGrid,
    /// Start, goal and the published optimal length (when the rows come from a scenario).
    rows: Vec<(Cell, Cell, Option<f64>)>,
}

fn data_dir() -> PathBuf {
    match std::env::var_os("NAV_MOVINGAI_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/movingai"),
    }
}

fn make_case(name: String, map: GridMap, rows: Vec<(Cell, Cell, Option<f64>)>) -> Case {
    let (w, h) = (map.width(), map.height());
    let open: Vec<bool> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
        .map(|c| map.is_walkable(c))
        .collect();
    let mut jps = PathingGrid::new(w as usize, h as usize, false);
    for (i, &o) in open.iter().enumerate() {
        if !o {
            jps.set((i % w as usize) as i32, (i / w as usize) as i32, true);
        }
    }
    jps.generate_components();
    // Preprocessing is not timed: JPS+ tables and component labels are built here.
    for mode in [
        SearchMode::CellByCell,
        SearchMode::JumpPoints,
        SearchMode::JumpPointsPlus,
    ] {
        map.prepare(&compiled(GridRules::moving_ai().with_search(mode)), 1)
            .expect("agent size 1");
    }
    Case {
        name,
        map,
        open,
        jps,
        rows,
    }
}

/// The rows of each map: 12 spread over its scenario, or with `NAV_GRID_BENCH_EVERY=k` every
/// k-th row (1: all of them; for `NAV_GRID_BENCH_ONCE`, whose totals then compare the mean
/// time per query over whole scenarios).
fn load_cases() -> Vec<Case> {
    let every = std::env::var("NAV_GRID_BENCH_EVERY").ok().map(|k| {
        k.parse::<usize>()
            .expect("NAV_GRID_BENCH_EVERY: a number")
            .max(1)
    });
    let maps: Vec<&str> = match std::env::var("NAV_GRID_BENCH_MAPS").as_deref() {
        Ok("all") => ALL_MAPS.to_vec(),
        Ok(list) => ALL_MAPS
            .iter()
            .copied()
            .filter(|m| list.split(',').any(|w| m.ends_with(w.trim())))
            .collect(),
        Err(_) => MAPS.to_vec(),
    };
    let dir = data_dir();
    if dir.is_dir() {
        return maps
            .iter()
            .map(|m| {
                let map = read_map(dir.join(format!("{m}.map"))).expect("readable map");
                let scen = read_scenario(dir.join(format!("{m}.map.scen"))).expect("readable scen");
                let n = scen.rows.len();
                let rows = match every {
                    Some(k) => scen.rows.iter().step_by(k).collect::<Vec<_>>(),
                    None => (0..ROWS_PER_MAP)
                        .map(|i| &scen.rows[i * n / ROWS_PER_MAP])
                        .collect(),
                };
                let rows = rows
                    .into_iter()
                    .map(|r| (r.start, r.goal, Some(r.optimal_length)))
                    .collect();
                let name = m.rsplit('/').next().unwrap_or(m).to_string();
                make_case(name, map, rows)
            })
            .collect();
    }
    eprintln!(
        "Moving AI data not found at {} (set NAV_MOVINGAI_DIR): benchmarking a generated \
         256x256 cave map instead",
        dir.display()
    );
    let map = caves(256, 256, 0.45, 1).expect("valid generator parameters");
    let open: Vec<Cell> = (0..256u32)
        .flat_map(|y| (0..256u32).map(move |x| Cell::new(x, y)))
        .filter(|&c| map.is_walkable(c))
        .collect();
    let mut rng = TestRng::new(7);
    let mut pick = || open[rng.index(open.len())];
    let rows = (0..ROWS_PER_MAP * 4)
        .map(|_| (pick(), pick(), None))
        .collect();
    vec![make_case("caves256".into(), map, rows)]
}

fn octile(w: u32, a: u32, b: u32) -> (u64, u64) {
    let (dx, dy) = (
        (a % w).abs_diff(b % w) as u64,
        (a / w).abs_diff(b / w) as u64,
    );
    (dx.max(dy) - dx.min(dy), dx.min(dy))
}

/// `pathfinding` with integer costs; returns the length in cells.
fn pathfinding_int(case: &Case, start: Cell, goal: Cell) -> Option<f64> {
    let (w, h) = (case.map.width(), case.map.height());
    let goal_id = goal.y * w + goal.x;
    astar(
        &(start.y * w + start.x),
        |&n| moving_ai_successors(&case.open, w, h, n, INT_STRAIGHT, INT_DIAGONAL),
        |&n| {
            let (straight, diagonal) = octile(w, n, goal_id);
            straight * INT_STRAIGHT + diagonal * INT_DIAGONAL
        },
        |&n| n == goal_id,
    )
    .map(|(_, cost)| cost as f64 / INT_STRAIGHT as f64)
}

/// An `f64` with a total order, as `ordered_float::OrderedFloat` gives `pathfinding` users.
#[derive(Debug, Clone, Copy)]
struct OrdF64(f64);

impl PartialEq for OrdF64 {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for OrdF64 {}

impl PartialOrd for OrdF64 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrdF64 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl std::ops::Add for OrdF64 {
    type Output = OrdF64;
    fn add(self, other: Self) -> Self {
        OrdF64(self.0 + other.0)
    }
}

impl Zero for OrdF64 {
    fn zero() -> Self {
        OrdF64(0.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

/// `pathfinding` with `f64` costs.
fn pathfinding_f64(case: &Case, start: Cell, goal: Cell) -> Option<f64> {
    let (w, h) = (case.map.width(), case.map.height());
    let goal_id = goal.y * w + goal.x;
    let diagonal = OrdF64(std::f64::consts::SQRT_2);
    astar(
        &(start.y * w + start.x),
        |&n| moving_ai_successors(&case.open, w, h, n, OrdF64(1.0), diagonal),
        |&n| {
            let (straight, diag) = octile(w, n, goal_id);
            OrdF64(straight as f64 + diag as f64 * std::f64::consts::SQRT_2)
        },
        |&n| n == goal_id,
    )
    .map(|(_, cost)| cost.0)
}

/// `grid_pathfinding`'s JPS; the length of its waypoint path in cells (octile distances
/// between consecutive waypoints).
fn grid_pathfinding_jps(case: &Case, start: Cell, goal: Cell) -> Option<f64> {
    let point = |c: Cell| Point::new(c.x as i32, c.y as i32);
    let waypoints = case
        .jps
        .get_waypoints_single_goal(point(start), point(goal), false)?;
    Some(
        waypoints
            .windows(2)
            .map(|p| {
                let (dx, dy) = ((p[1].x - p[0].x).abs(), (p[1].y - p[0].y).abs());
                (dx.max(dy) - dx.min(dy)) as f64 + dx.min(dy) as f64 * std::f64::consts::SQRT_2
            })
            .sum(),
    )
}

/// The rules, compiled once before any timing.
fn compiled(rules: GridRules) -> CompiledRules {
    rules.compile().expect("valid rules")
}

fn nav_length(
    finder: &mut GridContext,
    case: &Case,
    rules: &CompiledRules,
    s: Cell,
    g: Cell,
) -> Option<f64> {
    let answer = finder
        .find_path(&case.map, rules, &GridQuery::new(s, g))
        .expect("valid query");
    answer.is_found().then_some(answer.cost())
}

/// Whether two lengths agree within `tolerance` (both `None`: both found no path).
fn same_length(a: Option<f64>, b: Option<f64>, tolerance: f64) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= tolerance,
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// Checks every implementation's lengths before timing them; prints what disagrees.
fn check_lengths(cases: &[Case]) {
    let rules = compiled(GridRules::moving_ai());
    let free_rules = GridRules::moving_ai().with_diagonal(DiagonalRule::Free);
    let free = compiled(free_rules.clone());
    let jump = compiled(GridRules::moving_ai().with_search(SearchMode::JumpPoints));
    let free_jump = compiled(free_rules.with_search(SearchMode::JumpPoints));
    let jump_plus = compiled(GridRules::moving_ai().with_search(SearchMode::JumpPointsPlus));
    let mut finder = GridContext::new();
    let (mut rows, mut wrong, mut jps_longer, mut jps_other) = (0, 0, 0, 0);
    let mut jps_worst: f64 = 0.0;
    for case in cases {
        for &(s, g, optimal) in &case.rows {
            rows += 1;
            let nav = nav_length(&mut finder, case, &rules, s, g);
            let reference = optimal.or(nav);
            for (who, length) in [
                ("nav", nav),
                (
                    "nav (jump points)",
                    nav_length(&mut finder, case, &jump, s, g),
                ),
                (
                    "nav (JPS+)",
                    nav_length(&mut finder, case, &jump_plus, s, g),
                ),
                ("pathfinding (u64)", pathfinding_int(case, s, g)),
                ("pathfinding (f64)", pathfinding_f64(case, s, g)),
            ] {
                if !same_length(length, reference, 5e-3) {
                    wrong += 1;
                    eprintln!(
                        "{}: {who} length {length:?}, expected {reference:?}",
                        case.name
                    );
                }
            }
            let nav_free = nav_length(&mut finder, case, &free, s, g);
            let nav_free_jump = nav_length(&mut finder, case, &free_jump, s, g);
            if !same_length(nav_free_jump, nav_free, 1e-9) {
                wrong += 1;
                eprintln!(
                    "{}: nav free jump points length {nav_free_jump:?}, free cells {nav_free:?}",
                    case.name
                );
            }
            match (grid_pathfinding_jps(case, s, g), nav_free) {
                (Some(a), Some(b)) if a > b + 5e-3 => {
                    jps_longer += 1;
                    jps_worst = jps_worst.max(a - b);
                }
                (Some(a), Some(b)) if a < b - 5e-3 => jps_other += 1,
                (Some(_), Some(_)) | (None, None) => {}
                _ => jps_other += 1,
            }
        }
    }
    eprintln!(
        "length check: {rows} rows; nav (cells, jump points) and pathfinding (u64, f64): {wrong} mismatches with the optimal \
         lengths (or, for nav's free jump points, with nav's free cells); grid_pathfinding (JPS) vs nav \"free\": {jps_longer} rows longer (worst by \
         {jps_worst:.3}), {jps_other} other disagreements"
    );
}

fn bench_case(c: &mut Criterion, case: &Case) {
    let rules = compiled(GridRules::moving_ai());
    let jump = compiled(GridRules::moving_ai().with_search(SearchMode::JumpPoints));
    let free_rules = GridRules::moving_ai().with_diagonal(DiagonalRule::Free);
    let free = compiled(free_rules.clone());
    let free_jump = compiled(free_rules.with_search(SearchMode::JumpPoints));
    let jump_plus = compiled(GridRules::moving_ai().with_search(SearchMode::JumpPointsPlus));
    let mut finder = GridContext::with_capacity(case.map.cell_count());
    let mut group = c.benchmark_group(format!("grid/{}", case.name));
    group.sample_size(10);
    let total = |f: &mut dyn FnMut(Cell, Cell) -> Option<f64>| -> f64 {
        case.rows
            .iter()
            .map(|&(s, g, _)| f(black_box(s), black_box(g)).unwrap_or(0.0))
            .sum()
    };
    group.bench_function("nav", |b| {
        b.iter(|| total(&mut |s, g| nav_length(&mut finder, case, &rules, s, g)))
    });
    group.bench_function("nav_jump_points", |b| {
        b.iter(|| total(&mut |s, g| nav_length(&mut finder, case, &jump, s, g)))
    });
    group.bench_function("pathfinding_u64", |b| {
        b.iter(|| total(&mut |s, g| pathfinding_int(case, s, g)))
    });
    group.bench_function("pathfinding_f64", |b| {
        b.iter(|| total(&mut |s, g| pathfinding_f64(case, s, g)))
    });
    group.bench_function("nav_free", |b| {
        b.iter(|| total(&mut |s, g| nav_length(&mut finder, case, &free, s, g)))
    });
    group.bench_function("grid_pathfinding_jps", |b| {
        b.iter(|| total(&mut |s, g| grid_pathfinding_jps(case, s, g)))
    });
    group.bench_function("nav_free_jump_points", |b| {
        b.iter(|| total(&mut |s, g| nav_length(&mut finder, case, &free_jump, s, g)))
    });
    group.bench_function("nav_jps_plus", |b| {
        b.iter(|| total(&mut |s, g| nav_length(&mut finder, case, &jump_plus, s, g)))
    });
    group.finish();
}

fn print_summary(cases: &[Case]) {
    let mut medians = Vec::new();
    let mut shown = Vec::new();
    for case in cases {
        let group = format!("grid/{}", case.name);
        let per_query: Option<Vec<f64>> = IMPLEMENTATIONS
            .iter()
            .map(|f| median_ns(&group, f).map(|ns| ns / case.rows.len() as f64 / 1e3))
            .collect();
        match per_query {
            Some(v) => {
                medians.push(v);
                shown.push(case);
            }
            None => println!("{}: no estimates (filtered out?)", case.name),
        }
    }
    println!("\ncriterion medians, time per query (a batch's median / rows in the batch) in us:");
    let shown: Vec<&Case> = shown;
    print_table_refs(&shown, &medians);
}

fn print_table(cases: &[Case], medians: &[Vec<f64>]) {
    let refs: Vec<&Case> = cases.iter().collect();
    print_table_refs(&refs, medians);
}

/// Prints per-query times (columns in [`IMPLEMENTATIONS`] order) and the ratios.
fn print_table_refs(cases: &[&Case], medians: &[Vec<f64>]) {
    println!(
        "{:<16} {:>4} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "map",
        "rows",
        "nav",
        "nav_jp",
        "nav_jp+",
        "u64/jp+",
        "pf_u64",
        "pf_f64",
        "u64/nav",
        "f64/nav",
        "u64/jp",
        "nav_free",
        "free_jp",
        "gp_jps",
        "gp/free",
        "gp/f_jp"
    );
    let mut ratios: Vec<[f64; 6]> = Vec::new();
    for (case, m) in cases.iter().zip(medians) {
        let (nav, jp, pu, pf, free, gp, free_jp) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6]);
        let plus = m[7];
        ratios.push([
            pu / nav,
            pf / nav,
            pu / jp,
            gp / free,
            gp / free_jp,
            pu / plus,
        ]);
        println!(
            "{:<16} {:>4} {:>8.1} {:>8.1} {:>8.1} {:>7.2}x {:>8.1} {:>8.1} {:>7.2}x {:>7.2}x {:>7.2}x {:>8.1} {:>8.1} {:>8.1} {:>7.2}x {:>7.2}x",
            case.name,
            case.rows.len(),
            nav,
            jp,
            plus,
            pu / plus,
            pu,
            pf,
            pu / nav,
            pf / nav,
            pu / jp,
            free,
            free_jp,
            gp,
            gp / free,
            gp / free_jp
        );
    }
    if !ratios.is_empty() {
        let geo =
            |i: usize| (ratios.iter().map(|r| r[i].ln()).sum::<f64>() / ratios.len() as f64).exp();
        println!(
            "geometric means: pathfinding u64 / nav {:.2}x, pathfinding f64 / nav {:.2}x, \
             pathfinding u64 / nav jump points {:.2}x, grid_pathfinding JPS / nav free {:.2}x, \
             grid_pathfinding JPS / nav free jump points {:.2}x, pathfinding u64 / nav JPS+ {:.2}x",
            geo(0),
            geo(1),
            geo(2),
            geo(3),
            geo(4),
            geo(5)
        );
    }
}

/// The implementations, as named in the benchmark ids.
const IMPLEMENTATIONS: [&str; 8] = [
    "nav",
    "nav_jump_points",
    "pathfinding_u64",
    "pathfinding_f64",
    "nav_free",
    "grid_pathfinding_jps",
    "nav_free_jump_points",
    "nav_jps_plus",
];

/// The rules implementation `which` runs under (nav's modes; the others ignore them).
fn rules_for(which: &str) -> CompiledRules {
    compiled(match which {
        "nav_free" => GridRules::moving_ai().with_diagonal(DiagonalRule::Free),
        "nav_jump_points" => GridRules::moving_ai().with_search(SearchMode::JumpPoints),
        "nav_free_jump_points" => GridRules::moving_ai()
            .with_diagonal(DiagonalRule::Free)
            .with_search(SearchMode::JumpPoints),
        "nav_jps_plus" => GridRules::moving_ai().with_search(SearchMode::JumpPointsPlus),
        _ => GridRules::moving_ai(),
    })
}

/// Runs implementation `which` on one row; returns its length (0 for no path).
fn run_row(
    finder: &mut GridContext,
    case: &Case,
    rules: &CompiledRules,
    which: &str,
    (s, g): (Cell, Cell),
) -> f64 {
    let (s, g) = (black_box(s), black_box(g));
    match which {
        "nav" | "nav_free" | "nav_jump_points" | "nav_free_jump_points" | "nav_jps_plus" => {
            nav_length(finder, case, rules, s, g)
        }
        "pathfinding_u64" => pathfinding_int(case, s, g),
        "pathfinding_f64" => pathfinding_f64(case, s, g),
        "grid_pathfinding_jps" => grid_pathfinding_jps(case, s, g),
        _ => panic!("unknown implementation {which}"),
    }
    .unwrap_or(0.0)
}

/// Runs implementation `which` over every row of `case`; returns the summed lengths.
fn run_rows(finder: &mut GridContext, case: &Case, which: &str) -> f64 {
    let rules = rules_for(which);
    case.rows
        .iter()
        .map(|&(s, g, _)| run_row(finder, case, &rules, which, (s, g)))
        .sum()
}

/// `NAV_GRID_BENCH_ONCE=<implementation>`: run that implementation once over every row and
/// exit, without criterion (for profilers and instruction counters).
///
/// `NAV_GRID_BENCH_ONCE=a,b,...` (several implementations) runs each of them once on every
/// row, **16 rows at a time**: on each batch of 16 rows of a map every implementation, one
/// after another, starting with a different one on each batch, so that a busy machine (whose
/// load changes from minute to minute) and a warm cache favour none of them; each batch is
/// timed on this thread's CPU time (which leaves out the time other processes hold the core).
/// Each implementation thus starts a batch with caches the others filled: a harsher test than
/// running alone. `NAV_GRID_BENCH_BATCH=n` sets the rows per batch, `all` runs a whole
/// scenario per batch (each implementation alone over a map's rows, caches warm, as the
/// issue's table was measured). It prints the mean time per query over all rows, per map and
/// in total, with each implementation's speed-up over the first one: the issue's "per-query
/// means" over whole scenarios (`NAV_GRID_BENCH_EVERY=1 NAV_GRID_BENCH_MAPS=all`).
fn run_once(cases: &[Case], which: &str) {
    let mut finder = GridContext::new();
    let names: Vec<&str> = which.split(',').map(str::trim).collect();
    if let [one] = names[..] {
        let started = std::time::Instant::now();
        let total: f64 = cases.iter().map(|c| run_rows(&mut finder, c, one)).sum();
        println!(
            "{one}: total length {total:.3} in {:.1} ms",
            started.elapsed().as_secs_f64() * 1e3
        );
        return;
    }
    // Rows per timed batch: short enough that the load cannot change much within one, long
    // enough that reading the clock (a system call) is lost in the batch's time.
    // `NAV_GRID_BENCH_BATCH=all`: a map's rows in one batch, each implementation alone over
    // the whole scenario (warm caches, as in the table).
    let batch = match std::env::var("NAV_GRID_BENCH_BATCH").as_deref() {
        Ok("all") => usize::MAX,
        Ok(n) => n
            .parse::<usize>()
            .expect("NAV_GRID_BENCH_BATCH: a number or all")
            .max(1),
        Err(_) => 16,
    };
    let rules: Vec<CompiledRules> = names.iter().map(|n| rules_for(n)).collect();
    // ns[case][implementation]: this thread's CPU nanoseconds summed over the case's rows
    let mut ns = vec![vec![0u64; names.len()]; cases.len()];
    let mut lengths = vec![0.0f64; names.len()];
    let mut turn = 0;
    for (c, case) in cases.iter().enumerate() {
        for chunk in case.rows.chunks(batch) {
            turn += 1;
            for k in 0..names.len() {
                let i = (turn + k) % names.len();
                let started = thread_cpu_ns().expect("this thread's CPU time");
                for &(s, g, _) in chunk {
                    lengths[i] += run_row(&mut finder, case, &rules[i], names[i], (s, g));
                }
                ns[c][i] += thread_cpu_ns().expect("this thread's CPU time") - started;
            }
        }
        let means: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                format!(
                    "{n} {:.2} us",
                    ns[c][i] as f64 / 1e3 / case.rows.len() as f64
                )
            })
            .collect();
        println!(
            "{} ({} rows): {}",
            case.name,
            case.rows.len(),
            means.join(", ")
        );
    }
    let rows: usize = cases.iter().map(|c| c.rows.len()).sum();
    let optimal: f64 = cases
        .iter()
        .flat_map(|c| c.rows.iter().filter_map(|r| r.2))
        .sum();
    println!("\npublished optimal lengths, total {optimal:.3}");
    println!(
        "all {} maps, {rows} rows, mean CPU time per query:",
        cases.len()
    );
    let total = |i: usize| ns.iter().map(|per| per[i]).sum::<u64>() as f64;
    for (i, name) in names.iter().enumerate() {
        println!(
            "{name:<22} {:>10.2} us   {:>7.2}x {}   (total length {:.3})",
            total(i) / 1e3 / rows as f64,
            total(0) / total(i),
            names[0],
            lengths[i]
        );
    }
}

/// `NAV_GRID_BENCH_ROUNDS=<n>`: instead of criterion, time every implementation on every map
/// in `n` interleaved rounds (implementation after implementation, so that a busy machine
/// slows them all alike) and print the median round per query, with the ratios.
fn run_interleaved(cases: &[Case], rounds: usize) {
    let mut finder = GridContext::new();
    // times[case][implementation] = per-query microseconds of each round
    let mut times = vec![vec![Vec::new(); IMPLEMENTATIONS.len()]; cases.len()];
    for _ in 0..rounds {
        for (c, case) in cases.iter().enumerate() {
            for (i, which) in IMPLEMENTATIONS.iter().enumerate() {
                let started = std::time::Instant::now();
                black_box(run_rows(&mut finder, case, which));
                let us = started.elapsed().as_secs_f64() * 1e6 / case.rows.len() as f64;
                times[c][i].push(us);
            }
        }
    }
    let medians: Vec<Vec<f64>> = times
        .into_iter()
        .map(|per_impl| {
            per_impl
                .into_iter()
                .map(|mut v| {
                    v.sort_by(f64::total_cmp);
                    v[v.len() / 2]
                })
                .collect()
        })
        .collect();
    println!("\nmedian of {rounds} interleaved rounds, time per query in us:");
    print_table(cases, &medians);
}

fn main() {
    let cases = load_cases();
    if let Ok(which) = std::env::var("NAV_GRID_BENCH_ONCE") {
        run_once(&cases, &which);
        return;
    }
    if let Ok(rounds) = std::env::var("NAV_GRID_BENCH_ROUNDS") {
        check_lengths(&cases);
        run_interleaved(
            &cases,
            rounds.parse().expect("NAV_GRID_BENCH_ROUNDS: a number"),
        );
        return;
    }
    check_lengths(&cases);
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .configure_from_args();
    for case in &cases {
        bench_case(&mut c, case);
    }
    c.final_summary();
    print_summary(&cases);
}
