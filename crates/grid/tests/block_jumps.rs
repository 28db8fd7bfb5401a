//! Jump point search scans straight lines 64 cells at a time over bit grids cached on the map
//! per agent size, or reads preprocessed jump distances (JPS+), kept up to date by edits: on
//! generated maps whose widths and heights straddle multiples of 64, for
//! agents of 1 to 3 cells, under both jump point rules, before and after random edits, it must
//! answer every query with the status and cost of cell-by-cell search, along a path of cells
//! the agent fits in.

use nav_grid::generate::{caves, maze, random_fill, rooms};
use nav_grid::{
    Cell, CompiledRules, DiagonalRule, GridContext, GridMap, GridQuery, GridRules, SearchMode,
};
use nav_testkit::TestRng;

/// `(width, height)` pairs: widths 1, 63, 64, 65 and 130, and heights past 64 so that column
/// scans cross word boundaries too.
const SIZES: [(u32, u32); 6] = [(1, 150), (63, 66), (64, 20), (65, 64), (130, 24), (20, 129)];

fn maps() -> Vec<(String, GridMap)> {
    let mut maps = Vec::new();
    for (i, &(w, h)) in SIZES.iter().enumerate() {
        let seed = i as u64;
        for fill in [0.05, 0.2, 0.35] {
            let map = random_fill(w, h, fill, seed).expect("random fill of any size");
            maps.push((format!("random {fill} {w}x{h}"), map));
        }
        // The structured generators may refuse the thinnest sizes; random fill covers those.
        if let Ok(map) = caves(w, h, 0.45, seed) {
            maps.push((format!("caves {w}x{h}"), map));
        }
        if let Ok(map) = rooms(w, h, seed) {
            maps.push((format!("rooms {w}x{h}"), map));
        }
        if let Ok(map) = maze(w, h, seed) {
            maps.push((format!("maze {w}x{h}"), map));
        }
    }
    maps
}

fn rules() -> Vec<(&'static str, CompiledRules, CompiledRules)> {
    [
        ("no corner cutting", GridRules::moving_ai()),
        (
            "free",
            GridRules::moving_ai().with_diagonal(DiagonalRule::Free),
        ),
    ]
    .into_iter()
    .flat_map(|(name, rules)| {
        [SearchMode::JumpPoints, SearchMode::JumpPointsPlus].map(|mode| {
            let jumping = rules.clone().with_search(mode);
            (name, rules.compile().unwrap(), jumping.compile().unwrap())
        })
    })
    .collect()
}

/// Cells where an agent of `size` fits.
fn fitting(map: &GridMap, size: u32) -> Vec<Cell> {
    (0..map.cell_count())
        .filter_map(|i| map.cell_at(i))
        .filter(|&c| map.clearance(c).unwrap_or(0) >= size)
        .collect()
}

/// Compares `queries` random queries by cells and by jumps; returns how many found a path.
#[allow(clippy::too_many_arguments)]
fn compare(
    ctx: &mut GridContext,
    map: &GridMap,
    by_cells: &CompiledRules,
    by_jumps: &CompiledRules,
    size: u32,
    rng: &mut TestRng,
    queries: usize,
    what: &str,
) -> usize {
    let open = fitting(map, size);
    let all: Vec<Cell> = (0..map.cell_count())
        .filter_map(|i| map.cell_at(i))
        .collect();
    if open.is_empty() {
        return 0;
    }
    let mut found = 0;
    for q in 0..queries {
        let start = open[rng.below(open.len() as u64) as usize];
        // Mostly goals the agent fits at, sometimes any cell (a blocked goal).
        let goal = if q % 5 == 4 {
            all[rng.below(all.len() as u64) as usize]
        } else {
            open[rng.below(open.len() as u64) as usize]
        };
        let query = GridQuery::new(start, goal).with_agent_size(size);
        let cells = ctx.find_path(map, by_cells, &query).unwrap().outcome();
        let jumps = ctx.find_path(map, by_jumps, &query).unwrap().outcome();
        let what = format!(
            "{what}, {}, size {size}: {start} -> {goal}",
            by_jumps.rules().search
        );
        assert_eq!(cells.status, jumps.status, "{what}");
        if !cells.is_found() {
            continue;
        }
        found += 1;
        assert_eq!(ctx.search_used(), Some(by_jumps.rules().search), "{what}");
        assert!(
            (cells.cost - jumps.cost).abs() <= 1e-9 * cells.cost.max(1.0),
            "{what}: {} by cells, {} by jumps",
            cells.cost,
            jumps.cost
        );
        let path = ctx.path();
        assert_eq!(path.first(), Some(&start), "{what}");
        assert_eq!(path.last(), Some(&goal), "{what}");
        for &cell in path {
            assert!(map.clearance(cell).unwrap_or(0) >= size, "{what}: {cell}");
        }
    }
    found
}

#[test]
fn block_jumps_match_cells_for_every_agent_size_and_after_edits() {
    let mut rng = TestRng::new(64);
    let mut ctx = GridContext::new();
    let (mut queries, mut found) = (0, 0);
    for (name, mut map) in maps() {
        for (rule, by_cells, by_jumps) in rules() {
            for size in 1..=3 {
                let what = format!("{name}, {rule}");
                found += compare(
                    &mut ctx, &map, &by_cells, &by_jumps, size, &mut rng, 12, &what,
                );
                queries += 12;
            }
        }
        // Random edits: the cached bit grids must follow (size 1 in place, larger rebuilt).
        for round in 0..3 {
            for _ in 0..(map.cell_count() / 40).max(2) {
                let i = rng.below(map.cell_count() as u64) as usize;
                let cell = map.cell_at(i).unwrap();
                let blocked = map.is_blocked(cell).unwrap();
                map.set_blocked(cell, !blocked).unwrap();
            }
            for (rule, by_cells, by_jumps) in rules() {
                for size in 1..=3 {
                    let what = format!("{name} after {} edit rounds, {rule}", round + 1);
                    found += compare(
                        &mut ctx, &map, &by_cells, &by_jumps, size, &mut rng, 6, &what,
                    );
                    queries += 6;
                }
            }
        }
    }
    eprintln!("{queries} queries compared, {found} found");
    assert!(
        found * 3 > queries,
        "enough queries find a path ({found} of {queries})"
    );
}

/// A jump along a line longer than a word stops exactly at the goal, at a forced neighbour
/// past the first word, and at the wall at the far end.
#[test]
fn long_straight_jumps_stop_where_cells_would() {
    for width in [63u32, 64, 65, 127, 128, 129, 200] {
        let mut map = GridMap::new(width, 3).unwrap();
        let mut ctx = GridContext::new();
        let jumping = GridRules::moving_ai()
            .with_search(SearchMode::JumpPoints)
            .compile()
            .unwrap();
        let cells = GridRules::moving_ai().compile().unwrap();
        // A wall piece in the top row ending at x = width - 3: a forced neighbour after it.
        for x in 1..width.saturating_sub(3) {
            map.set_blocked(Cell::new(x, 0), true).unwrap();
        }
        for (start, goal) in [
            (Cell::new(0, 1), Cell::new(width - 1, 1)),
            (Cell::new(width - 1, 1), Cell::new(0, 1)),
            (Cell::new(0, 1), Cell::new(width - 1, 0)),
            (Cell::new(width - 1, 2), Cell::new(0, 0)),
        ] {
            let query = GridQuery::new(start, goal);
            let a = ctx.find_path(&map, &cells, &query).unwrap().outcome();
            let b = ctx.find_path(&map, &jumping, &query).unwrap().outcome();
            assert_eq!(a.status, b.status, "width {width}: {start} -> {goal}");
            assert!(
                (a.cost - b.cost).abs() < 1e-9,
                "width {width}: {start} -> {goal}"
            );
        }
    }
}
