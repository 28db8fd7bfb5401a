//! After warm-up, a grid query allocates nothing: proven with a counting global allocator.

use nav_grid::generate::caves;
use nav_grid::{
    Cell, CompiledRules, DiagonalRule, GridContext, GridQuery, GridRules, Heuristic, Limits, Moves,
    SearchMode,
};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn warm_grid_queries_allocate_nothing() {
    let mut map = caves(96, 64, 0.45, 3).unwrap();
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
        GridRules::moving_ai().with_diagonal(DiagonalRule::Free),
        GridRules::moving_ai().with_search(SearchMode::JumpPoints),
        GridRules::moving_ai().with_search(SearchMode::JumpPointsPlus),
        GridRules::moving_ai()
            .with_diagonal(DiagonalRule::Free)
            .with_search(SearchMode::JumpPointsPlus),
        GridRules::default()
            .with_moves(Moves::Four)
            .with_heuristic(Heuristic::Manhattan),
    ]
    .iter()
    .map(|rules| rules.compile().unwrap())
    .collect();
    let limits = Limits::default().with_partial_path(true);
    let mut finder = GridContext::new();
    let query = |s, g| GridQuery::new(s, g);

    for rules in &rule_sets {
        // Warm-up: the arena, heap, successor buffer and path buffers grow to their size.
        for &(s, g) in &pairs {
            assert!(
                finder
                    .find_path(&map, rules, &query(s, g))
                    .unwrap()
                    .is_found()
            );
        }
        for &(s, g) in &pairs {
            let n = allocations_during(|| {
                let outcome = finder.find_path(&map, rules, &query(s, g)).unwrap();
                assert!(outcome.is_found());
                assert!(finder.path_within_budget(5.0).unwrap().len() <= finder.path().len());
            });
            assert_eq!(n, 0, "query {s} -> {g} under {rules:?} allocated {n} times");
        }
    }

    // Alternating between the rule sets, query by query, allocates nothing either: the
    // caller keeps them compiled.
    for (i, &(s, g)) in pairs.iter().enumerate() {
        let rules = &rule_sets[i % rule_sets.len()];
        let n = allocations_during(|| {
            assert!(
                finder
                    .find_path(&map, rules, &query(s, g))
                    .unwrap()
                    .is_found()
            );
        });
        assert_eq!(n, 0, "alternating rules: query {i} allocated {n} times");
    }

    // Agents larger than one cell: the same, with pairs of cells where they fit, and
    // alternating sizes query by query.
    // Rules, agent size, pairs of cells where that agent fits.
    type Sized = (CompiledRules, u32, Vec<(Cell, Cell)>);
    let sized: Vec<Sized> = [
        (GridRules::moving_ai(), 2),
        (
            GridRules::moving_ai().with_search(SearchMode::JumpPoints),
            3,
        ),
        (
            GridRules::moving_ai().with_search(SearchMode::JumpPointsPlus),
            2,
        ),
        (GridRules::moving_ai().with_diagonal(DiagonalRule::Free), 2),
        (
            GridRules::default()
                .with_moves(Moves::Four)
                .with_heuristic(Heuristic::Manhattan),
            3,
        ),
    ]
    .into_iter()
    .map(|(rules, size)| {
        let rules = rules.compile().unwrap();
        let fits: Vec<Cell> = open
            .iter()
            .copied()
            .filter(|&c| map.clearance(c).unwrap() >= size)
            .collect();
        let mut pairs = Vec::new();
        for i in 0..fits.len() {
            let (s, g) = (fits[i * 37 % fits.len()], fits[(i * 101 + 7) % fits.len()]);
            let sized_query = GridQuery::new(s, g).with_agent_size(size);
            if finder
                .find_path(&map, &rules, &sized_query)
                .unwrap()
                .is_found()
                && s != g
            {
                pairs.push((s, g));
            }
            if pairs.len() == 6 {
                break;
            }
        }
        assert_eq!(
            pairs.len(),
            6,
            "too few connected pairs for {rules:?}, size {size}"
        );
        (rules, size, pairs)
    })
    .collect();
    for (rules, size, pairs) in &sized {
        for &(s, g) in pairs {
            let sized_query = query(s, g).with_agent_size(*size);
            assert!(
                finder
                    .find_path(&map, rules, &sized_query)
                    .unwrap()
                    .is_found()
            );
        }
    }
    for (rules, size, pairs) in &sized {
        for &(s, g) in pairs {
            let sized_query = query(s, g).with_agent_size(*size);
            let n = allocations_during(|| {
                assert!(
                    finder
                        .find_path(&map, rules, &sized_query)
                        .unwrap()
                        .is_found()
                );
            });
            assert_eq!(
                n, 0,
                "query {s} -> {g} (size {size}) under {rules:?} allocated {n} times"
            );
        }
    }
    // A size chosen per query with shared compiled rules: the size is part of the query.
    // The pairs of size 2 fit sizes 1 and 2.
    let base = GridRules::moving_ai().compile().unwrap();
    let pairs = &sized[0].2;
    let mut per_query_sizes = || {
        for (i, &(s, g)) in pairs.iter().enumerate() {
            let per_query = GridQuery::new(s, g)
                .with_agent_size(1 + (i % 2) as u32)
                .with_limits(limits);
            assert!(
                finder
                    .find_path(&map, &base, &per_query)
                    .unwrap()
                    .is_found()
            );
        }
    };
    per_query_sizes(); // warm-up: size 1 on these pairs
    let n = allocations_during(per_query_sizes);
    assert_eq!(n, 0, "sizes chosen per query allocated {n} times");

    // Editing the map between queries costs nothing either (a multiplier change allocates the
    // multiplier array once, so use walkability edits here).
    let rules = &rule_sets[0];
    let (s, g) = pairs[0];
    let wall = open[open.len() / 2];
    assert!(wall != s && wall != g);
    let mut edit_and_query = || {
        map.set_blocked(wall, true).unwrap();
        finder
            .find_path(&map, rules, &query(s, g).with_limits(limits))
            .unwrap();
        map.set_blocked(wall, false).unwrap();
        finder
            .find_path(&map, rules, &query(s, g).with_limits(limits))
            .unwrap();
    };
    edit_and_query(); // warm-up: the edited map may need a larger open list
    let n = allocations_during(edit_and_query);
    assert_eq!(n, 0, "edit + query allocated {n} times");
}
