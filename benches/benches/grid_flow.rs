//! Flow fields: nav's `FlowField` against `pathfinding`'s `dijkstra_all` (the costs from one
//! cell to every cell, with parents) on the same Moving AI maps under the same rules (8 moves,
//! no corner cutting, costs 1 and √2; `pathfinding` with `u64` costs in millionths, as its
//! users write it for a grid). The Moving AI rules are symmetric, so the search from the goal
//! over the moves is the field's search over the reversed moves. Also timed: the field
//! without its line-of-sight pass, and the repair after one edit (a cell on the way of many
//! cells blocked, then opened again).
//!
//! Run: `cargo bench -p nav-benches --bench grid_flow -- --warm-up-time 1 --measurement-time 3`;
//! `NAV_FLOW_BENCH_CPU=1 cargo bench -p nav-benches --bench grid_flow` prints CPU time per
//! field instead (this process's user + system time: on a shared machine wall time also
//! counts the other processes' turns).
//! Before timing, every cell's cost is checked against `dijkstra_all`'s. The summary printed
//! at the end gives criterion's medians in ms and the ratios.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::Criterion;
use nav::grid::generate::caves;
use nav::grid::movingai::read_map;
use nav::grid::{Cell, FlowField, FlowQuery, GridMap, GridRules};
use nav_benches::{fixed, median_ns, moving_ai_successors, ratio};
use pathfinding::prelude::dijkstra_all;

/// The maps benchmarked (family/name, as in the data directory).
const MAPS: [&str; 4] = [
    "random/random512-10-0",
    "maze/maze512-32-0",
    "dao/den520d",
    "bg512/AR0011SR",
];
/// Integer costs for `pathfinding`: 1 and √2 in millionths.
const INT_STRAIGHT: u64 = 1_000_000;
const INT_DIAGONAL: u64 = 1_414_214;

struct Case {
    name: String,
    map: GridMap,
    open: Vec<bool>,
    goal: Cell,
}

fn data_dir() -> PathBuf {
    match std::env::var_os("NAV_MOVINGAI_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/movingai"),
    }
}

fn make_case(name: String, map: GridMap) -> Case {
    let open: Vec<bool> = (0..map.cell_count())
        .map(|i| map.is_walkable(map.cell_at(i).expect("a cell")))
        .collect();
    // The walkable cell nearest the centre: the rally point.
    let (cx, cy) = (map.width() / 2, map.height() / 2);
    let goal = (0..map.cell_count())
        .filter(|&i| open[i])
        .map(|i| map.cell_at(i).expect("a cell"))
        .min_by_key(|c| c.x.abs_diff(cx).max(c.y.abs_diff(cy)))
        .expect("a walkable cell");
    Case {
        name,
        map,
        open,
        goal,
    }
}

fn load_cases() -> Vec<Case> {
    let dir = data_dir();
    if dir.is_dir() {
        return MAPS
            .iter()
            .map(|m| {
                let map = read_map(dir.join(format!("{m}.map"))).expect("readable map");
                make_case(m.rsplit('/').next().unwrap_or(m).to_string(), map)
            })
            .collect();
    }
    eprintln!(
        "Moving AI data not found at {} (set NAV_MOVINGAI_DIR): a generated 512x512 cave \
         map instead",
        dir.display()
    );
    vec![make_case(
        "caves512".into(),
        caves(512, 512, 0.45, 1).expect("valid parameters"),
    )]
}

fn pathfinding_all(case: &Case) -> usize {
    let (w, h) = (case.map.width(), case.map.height());
    let start = case.goal.y * w + case.goal.x;
    dijkstra_all(&start, |&n| {
        moving_ai_successors(&case.open, w, h, n, INT_STRAIGHT, INT_DIAGONAL)
    })
    .len()
}

/// Every cell's cost agrees with `dijkstra_all`'s (within the integer costs' rounding).
fn check(case: &Case, field: &FlowField) {
    let (w, h) = (case.map.width(), case.map.height());
    let start = case.goal.y * w + case.goal.x;
    let all = dijkstra_all(&start, |&n| {
        moving_ai_successors(&case.open, w, h, n, INT_STRAIGHT, INT_DIAGONAL)
    });
    let mut wrong = 0;
    for i in 0..case.map.cell_count() {
        let cell = case.map.cell_at(i).expect("a cell");
        let theirs = if i as u32 == start {
            Some(0.0)
        } else {
            all.get(&(i as u32)).map(|&(_, c)| c as f64 / 1e6)
        };
        let ours = field.cost(cell);
        let same = match (ours, theirs) {
            (Some(a), Some(b)) => (a - b).abs() <= 1e-6 * a.max(1.0),
            (None, None) => true,
            _ => false,
        };
        wrong += !same as usize;
    }
    println!(
        "{}: {} cells reach the goal {}; {wrong} costs differ from dijkstra_all's",
        case.name,
        field.reachable_count(),
        case.goal
    );
}

/// A walkable cell on the way of many cells to the goal: the first step of the cell whose
/// path is longest.
fn busy_cell(case: &Case, field: &FlowField) -> Cell {
    let mut far = case.goal;
    for i in 0..case.map.cell_count() {
        let cell = case.map.cell_at(i).expect("a cell");
        if field.cost(cell).unwrap_or(0.0) > field.cost(far).unwrap_or(0.0) {
            far = cell;
        }
    }
    let mut path = Vec::new();
    field.path_from(far, &mut path).expect("on the map");
    path[path.len() / 2]
}

fn bench(c: &mut Criterion, case: &Case) {
    let rules = GridRules::moving_ai().compile().expect("valid rules");
    let mut field = FlowField::new();
    let query = FlowQuery::to_goal(&case.goal);
    field.build(&case.map, &rules, &query).expect("valid query");
    check(case, &field);
    let mut group = c.benchmark_group(format!("flow/{}", case.name));
    group.sample_size(10);
    group.bench_function("nav", |b| {
        b.iter(|| {
            field
                .build(black_box(&case.map), &rules, &query)
                .map(|r| r.reachable)
        })
    });
    let no_sight = query.with_line_of_sight(false);
    group.bench_function("nav_no_sight", |b| {
        b.iter(|| {
            field
                .build(black_box(&case.map), &rules, &no_sight)
                .map(|r| r.reachable)
        })
    });
    group.bench_function("pathfinding_dijkstra_all", |b| {
        b.iter(|| pathfinding_all(black_box(case)))
    });
    // Block a busy cell and open it again: two repairs per iteration.
    field.build(&case.map, &rules, &query).expect("valid query");
    let cell = busy_cell(case, &field);
    let mut map = case.map.clone();
    let mut recomputed = 0;
    group.bench_function("nav_update", |b| {
        b.iter(|| {
            map.set_blocked(cell, true).expect("on the map");
            recomputed = field.update(&map, &[cell]).expect("on the map").recomputed;
            map.set_blocked(cell, false).expect("on the map");
            field.update(&map, &[cell]).expect("on the map").reachable
        })
    });
    println!(
        "{}: blocking {cell} repairs {recomputed} cells of {}",
        case.name,
        field.reachable_count()
    );
    group.finish();
}

/// This process's CPU time (user + system) in ms, from `/proc/self/stat` (Linux; `None`
/// elsewhere): on a shared machine, wall time counts the other processes' turns too.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) end with ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // The kernel's USER_HZ is 100 on Linux.
    Some(ticks * 10.0)
}

/// CPU ms per call of `f`, over enough calls for the 10 ms clock ticks.
fn cpu_per_call(mut f: impl FnMut()) -> Option<f64> {
    let start = cpu_ms()?;
    let mut calls = 0u32;
    while cpu_ms()? - start < 1500.0 {
        f();
        calls += 1;
    }
    Some((cpu_ms()? - start) / calls as f64)
}

/// CPU time per field, nav with and without line of sight and `dijkstra_all`.
fn print_cpu_times(cases: &[Case]) {
    let rules = GridRules::moving_ai().compile().expect("valid rules");
    println!("\nCPU time per call in ms (this process's user + system time, /proc/self/stat):");
    println!(
        "{:<16} {:>8} {:>10} {:>8} {:>8} {:>10}",
        "map", "nav", "no_sight", "pf_all", "pf/nav", "pf/nosight"
    );
    for case in cases {
        let mut field = FlowField::new();
        let query = FlowQuery::to_goal(&case.goal);
        let no_sight = query.with_line_of_sight(false);
        let nav = cpu_per_call(|| {
            black_box(
                field
                    .build(&case.map, &rules, &query)
                    .map(|r| r.reachable)
                    .ok(),
            );
        });
        let bare = cpu_per_call(|| {
            black_box(
                field
                    .build(&case.map, &rules, &no_sight)
                    .map(|r| r.reachable)
                    .ok(),
            );
        });
        let pf = cpu_per_call(|| {
            black_box(pathfinding_all(case));
        });
        // One repair: half of a block-and-reopen pair on a busy cell.
        field.build(&case.map, &rules, &query).expect("valid query");
        let cell = busy_cell(case, &field);
        let mut map = case.map.clone();
        let pair = cpu_per_call(|| {
            map.set_blocked(cell, true).expect("on the map");
            black_box(field.update(&map, &[cell]).ok());
            map.set_blocked(cell, false).expect("on the map");
            black_box(field.update(&map, &[cell]).ok());
        });
        println!(
            "{:<16} {:>8} {:>10} {:>8} {:>8} {:>10} {:>8}",
            case.name,
            fixed(nav, 2),
            fixed(bare, 2),
            fixed(pf, 2),
            ratio(pf, nav, 1),
            ratio(pf, bare, 1),
            fixed(pair.map(|t| t / 2.0), 3),
        );
    }
}

fn main() {
    let cases = load_cases();
    if std::env::var_os("NAV_FLOW_BENCH_CPU").is_some() {
        // Only the CPU-time table (a few seconds per map).
        print_cpu_times(&cases);
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    for case in &cases {
        bench(&mut c, case);
    }
    c.final_summary();
    println!("\ncriterion medians in ms (nav_update: block and reopen one cell, two repairs):");
    println!(
        "{:<16} {:>8} {:>10} {:>8} {:>8} {:>10}",
        "map", "nav", "no_sight", "pf_all", "pf/nav", "update"
    );
    for case in &cases {
        let group = format!("flow/{}", case.name);
        let ms = |f: &str| median_ns(&group, f).map(|ns| ns / 1e6);
        println!(
            "{:<16} {:>8} {:>10} {:>8} {:>8} {:>10}",
            case.name,
            fixed(ms("nav"), 2),
            fixed(ms("nav_no_sight"), 2),
            fixed(ms("pathfinding_dijkstra_all"), 2),
            ratio(ms("pathfinding_dijkstra_all"), ms("nav"), 1),
            fixed(ms("nav_update"), 3),
        );
    }
}
