//! CPU time of flow-field builds on a Moving AI map, towards the walkable cell nearest the
//! centre (a profiling aid: `perf record` it):
//! `cargo run --release -p nav-grid --example flow_profile -- MAP.map [sight|nosight] [ROUNDS]`.
use nav_grid::movingai::read_map;
use nav_grid::{FlowField, FlowQuery, GridRules};

/// This thread's CPU time in ns (`/proc/thread-self/schedstat`): on a loaded machine wall
/// time also counts other processes' turns.
fn cpu_ns() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux");
    text.split_whitespace().next().unwrap().parse().unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map = read_map(&args[1]).expect("a map");
    let sight = args.get(2).is_none_or(|s| s != "nosight");
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(50);
    let (cx, cy) = (map.width() / 2, map.height() / 2);
    let goal = (0..map.cell_count())
        .map(|i| map.cell_at(i).unwrap())
        .filter(|&c| map.is_walkable(c))
        .min_by_key(|c| c.x.abs_diff(cx).max(c.y.abs_diff(cy)))
        .unwrap();
    let rules = GridRules::moving_ai().compile().unwrap();
    let mut field = FlowField::new();
    let query = FlowQuery::to_goal(&goal).with_line_of_sight(sight);
    let r = field.build(&map, &rules, &query).unwrap();
    let t = cpu_ns();
    for _ in 0..rounds {
        field.build(&map, &rules, &query).unwrap();
    }
    let ms = (cpu_ns() - t) / 1e6 / rounds as f64;
    println!(
        "{} reachable, {} expanded, {ms:.3} ms CPU per field",
        r.reachable, r.expanded
    );
}
