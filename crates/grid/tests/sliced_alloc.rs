//! After warm-up, a time-sliced grid query allocates nothing either (begin, every step, the
//! answer): proven with a counting global allocator.

use nav_grid::generate::caves;
use nav_grid::{Cell, CompiledRules, GridContext, GridQuery, GridRules, SearchMode};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn warm_sliced_grid_queries_allocate_nothing() {
    let map = caves(96, 64, 0.45, 3).unwrap();
    let open: Vec<Cell> = (0..64)
        .flat_map(|y| (0..96).map(move |x| Cell::new(x, y)))
        .filter(|&c| map.is_walkable(c))
        .collect();
    let pairs: Vec<(Cell, Cell)> = (0..8)
        .map(|i| {
            (
                open[i * 37 % open.len()],
                open[(i * 101 + 500) % open.len()],
            )
        })
        .collect();
    let rule_sets: Vec<CompiledRules> = [
        GridRules::moving_ai(),
        GridRules::moving_ai().with_search(SearchMode::JumpPoints),
    ]
    .iter()
    .map(|rules| rules.compile().unwrap())
    .collect();
    let mut finder = GridContext::new();
    let run = |finder: &mut GridContext, rules: &CompiledRules, s: Cell, g: Cell| {
        let mut state = finder
            .begin_sliced(&map, rules, &GridQuery::new(s, g))
            .unwrap();
        while state.is_running() {
            state = finder.step_sliced(&map, rules, 7).unwrap();
        }
        assert!(finder.sliced_path().unwrap().is_found());
    };
    for rules in &rule_sets {
        for &(s, g) in &pairs {
            run(&mut finder, rules, s, g); // warm-up
        }
        for &(s, g) in &pairs {
            let n = allocations_during(|| run(&mut finder, rules, s, g));
            assert_eq!(n, 0, "sliced query {s} -> {g} allocated {n} times");
        }
    }
}
