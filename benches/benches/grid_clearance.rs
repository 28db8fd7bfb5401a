//! Clearance on tile grids: the cost of keeping it up to date when one cell changes, and the
//! cost of queries for agents of 1 to 4 cells.
//!
//! Run: `cargo bench -p nav-benches --bench grid_clearance -- --warm-up-time 1 --measurement-time 3`.
//!
//! * `clearance_update/<map>`: one iteration blocks a walkable cell and frees it again (two
//!   single-cell updates), cycling through 256 cells picked at random; the summary halves the
//!   median. `<map>/full` rebuilds walkability and clearance of the whole map once
//!   (`set_max_walkable_terrain`), for comparison. Every map is 512x512: `open` (nothing
//!   blocked: where an edit lowers up to 255² values), `random10` and `random25` (10% and 25%
//!   of the cells blocked at random), `caves` (the caves generator); `open_centre` edits only
//!   the centre of the open map, the worst case (255² values change).
//!   Before timing, the mean number of clearance values one edit changes is counted.
//! * `clearance_query/<size>`: a batch of 16 queries for an agent of `size` cells on the
//!   512x512 caves map, between cells where a 4-cell agent fits and that it can reach; the
//!   summary divides the median by 16.

use std::hint::black_box;

use criterion::Criterion;
use nav::grid::generate::{caves, random_fill};
use nav::grid::{Cell, GridContext, GridMap, GridQuery, GridRules};
use nav_benches::{fixed, median_ns};
use nav_testkit::TestRng;

const SIDE: u32 = 512;
const EDITS: usize = 256;
const QUERIES: usize = 16;
const SIZES: [u32; 4] = [1, 2, 3, 4];

fn maps() -> Vec<(&'static str, GridMap)> {
    vec![
        ("open", GridMap::new(SIDE, SIDE).expect("valid size")),
        (
            "random10",
            random_fill(SIDE, SIDE, 0.10, 1).expect("valid parameters"),
        ),
        (
            "random25",
            random_fill(SIDE, SIDE, 0.25, 2).expect("valid parameters"),
        ),
        (
            "caves",
            caves(SIDE, SIDE, 0.45, 3).expect("valid parameters"),
        ),
    ]
}

fn cells_of(map: &GridMap) -> impl Iterator<Item = Cell> + '_ {
    (0..map.cell_count()).filter_map(|i| map.cell_at(i))
}

/// `EDITS` walkable cells picked at random.
fn edit_cells(map: &GridMap, seed: u64) -> Vec<Cell> {
    let open: Vec<Cell> = cells_of(map).filter(|&c| map.is_walkable(c)).collect();
    let mut rng = TestRng::new(seed);
    (0..EDITS).map(|_| open[rng.index(open.len())]).collect()
}

/// Mean number of clearance values that one single-cell edit changes (blocking, then freeing,
/// each of `cells`).
fn mean_changed_values(map: &mut GridMap, cells: &[Cell]) -> f64 {
    let snapshot = |map: &GridMap| -> Vec<u32> {
        cells_of(map)
            .map(|c| map.clearance(c).expect("on the map"))
            .collect()
    };
    let mut changed = 0usize;
    let mut before = snapshot(map);
    for &cell in cells {
        for blocked in [true, false] {
            map.set_blocked(cell, blocked).expect("on the map");
            let after = snapshot(map);
            changed += before.iter().zip(&after).filter(|(a, b)| a != b).count();
            before = after;
        }
    }
    changed as f64 / (2 * cells.len()) as f64
}

/// Pairs of cells where an agent of the largest size fits and that it can reach.
fn query_pairs(map: &GridMap) -> Vec<(Cell, Cell)> {
    let largest = *SIZES.last().expect("sizes");
    let rules = GridRules::moving_ai().compile().expect("valid rules");
    let fits: Vec<Cell> = cells_of(map)
        .filter(|&c| map.clearance(c).expect("on the map") >= largest)
        .collect();
    let mut rng = TestRng::new(11);
    let mut finder = GridContext::new();
    let mut pairs = Vec::new();
    for _ in 0..100_000 {
        if pairs.len() == QUERIES {
            break;
        }
        let s = fits[rng.index(fits.len())];
        let g = fits[rng.index(fits.len())];
        let query = GridQuery::new(s, g).with_agent_size(largest);
        let outcome = finder
            .find_path(map, &rules, &query)
            .expect("valid query")
            .outcome();
        if outcome.is_found() && outcome.cost > 100.0 {
            pairs.push((s, g));
        }
    }
    assert_eq!(
        pairs.len(),
        QUERIES,
        "too few connected pairs for a 4-cell agent"
    );
    pairs
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut changed = Vec::new();

    let mut group = criterion.benchmark_group("clearance_update");
    group.sample_size(20);
    let mut scenarios: Vec<(&str, GridMap, Vec<Cell>)> = maps()
        .into_iter()
        .map(|(name, map)| {
            let cells = edit_cells(&map, 5);
            (name, map, cells)
        })
        .collect();
    // The worst case: the centre of the open map, where an edit changes 255² values.
    scenarios.push((
        "open_centre",
        GridMap::new(SIDE, SIDE).expect("valid size"),
        vec![Cell::new(SIDE / 2, SIDE / 2)],
    ));
    for (name, mut map, cells) in scenarios {
        changed.push((name, mean_changed_values(&mut map, &cells)));
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let cell = cells[next % cells.len()];
                next += 1;
                map.set_blocked(black_box(cell), true).expect("on the map");
                map.set_blocked(black_box(cell), false).expect("on the map");
            })
        });
        if cells.len() > 1 {
            let threshold = map.max_walkable_terrain();
            group.bench_function(format!("{name}/full"), |b| {
                b.iter(|| map.set_max_walkable_terrain(black_box(threshold)))
            });
        }
    }
    group.finish();

    let (_, caves_map) = maps().pop().expect("caves");
    let pairs = query_pairs(&caves_map);
    let mut finder = GridContext::with_capacity(caves_map.cell_count());
    let rules = GridRules::moving_ai().compile().expect("valid rules");
    // Deterministic companions of the times: cells expanded and path cost, per query.
    let searched: Vec<(f64, f64)> = SIZES
        .iter()
        .map(|&size| {
            let (mut expanded, mut cost) = (0.0, 0.0);
            for &(s, g) in &pairs {
                let query = GridQuery::new(s, g).with_agent_size(size);
                let outcome = finder
                    .find_path(&caves_map, &rules, &query)
                    .expect("valid query")
                    .outcome();
                expanded += outcome.expanded as f64;
                cost += outcome.cost;
            }
            (expanded / QUERIES as f64, cost / QUERIES as f64)
        })
        .collect();
    let mut group = criterion.benchmark_group("clearance_query");
    group.sample_size(10);
    for size in SIZES {
        group.bench_function(format!("{size}"), |b| {
            b.iter(|| {
                pairs
                    .iter()
                    .map(|&(s, g)| {
                        let query =
                            GridQuery::new(black_box(s), black_box(g)).with_agent_size(size);
                        finder
                            .find_path(&caves_map, &rules, &query)
                            .expect("valid query")
                            .cost()
                    })
                    .sum::<f64>()
            })
        });
    }
    group.finish();
    criterion.final_summary();

    println!("\nsingle-cell updates of 512x512 maps (criterion medians):");
    println!(
        "{:<10} {:>16} {:>14} {:>16}",
        "map", "values changed", "per edit (us)", "full rebuild (us)"
    );
    for (name, mean) in &changed {
        let edit = median_ns("clearance_update", name).map(|ns| ns / 2.0 / 1e3);
        let full = median_ns("clearance_update", &format!("{name}/full")).map(|ns| ns / 1e3);
        println!(
            "{name:<10} {mean:>16.1} {:>14} {:>16}",
            fixed(edit, 2),
            fixed(full, 2)
        );
    }
    println!("\nqueries on the 512x512 caves map, per query (criterion medians):");
    let one = median_ns("clearance_query", "1");
    for (size, (expanded, cost)) in SIZES.iter().zip(&searched) {
        if let Some(ns) = median_ns("clearance_query", &size.to_string()) {
            let ratio = one.map_or(String::new(), |o| format!(" ({:.2}x size 1)", ns / o));
            println!(
                "size {size}: {:.1} us{ratio}; {expanded:.0} cells expanded, path cost {cost:.1}",
                ns / QUERIES as f64 / 1e3
            );
        }
    }
}
