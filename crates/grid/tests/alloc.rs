//! After warm-up, a grid query allocates nothing: proven with a counting global allocator.

use nav_grid::generate::caves;
use nav_grid::{Cell, DiagonalRule, GridPathfinder, GridRules, Heuristic, Limits, Moves};
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
    let rule_sets = [
        GridRules::moving_ai(),
        GridRules::moving_ai().with_diagonal(DiagonalRule::Free),
        GridRules::moving_ai().with_jump_points(true),
        GridRules::default()
            .with_moves(Moves::Four)
            .with_heuristic(Heuristic::Manhattan),
    ];
    let limits = Limits::default().with_partial_path(true);
    let mut finder = GridPathfinder::new();

    for rules in &rule_sets {
        // Warm-up: the arena, heap, successor buffer and path buffers grow to their size.
        for &(s, g) in &pairs {
            assert!(finder.find_path(&map, s, g, rules).unwrap().is_found());
        }
        for &(s, g) in &pairs {
            let n = allocations_during(|| {
                let outcome = finder.find_path(&map, s, g, rules).unwrap();
                assert!(outcome.is_found());
                assert!(finder.path_within_budget(5.0).unwrap().len() <= finder.path().len());
            });
            assert_eq!(n, 0, "query {s} -> {g} under {rules:?} allocated {n} times");
        }
    }

    // Alternating between the rule sets, query by query, allocates nothing either: the
    // pathfinder keeps them compiled.
    for (i, &(s, g)) in pairs.iter().enumerate() {
        let rules = &rule_sets[i % rule_sets.len()];
        let n = allocations_during(|| {
            assert!(finder.find_path(&map, s, g, rules).unwrap().is_found());
        });
        assert_eq!(n, 0, "alternating rules: query {i} allocated {n} times");
    }

    // Agents larger than one cell: the same, with pairs of cells where they fit, and
    // alternating sizes query by query.
    let sized: Vec<(GridRules, Vec<(Cell, Cell)>)> = [
        GridRules::moving_ai().with_agent_size(2),
        GridRules::moving_ai()
            .with_agent_size(3)
            .with_jump_points(true),
        GridRules::moving_ai()
            .with_agent_size(2)
            .with_diagonal(DiagonalRule::Free),
        GridRules::default()
            .with_moves(Moves::Four)
            .with_heuristic(Heuristic::Manhattan)
            .with_agent_size(3),
    ]
    .into_iter()
    .map(|rules| {
        let fits: Vec<Cell> = open
            .iter()
            .copied()
            .filter(|&c| map.clearance(c).unwrap() >= rules.agent_size)
            .collect();
        let mut pairs = Vec::new();
        for i in 0..fits.len() {
            let (s, g) = (fits[i * 37 % fits.len()], fits[(i * 101 + 7) % fits.len()]);
            if finder.find_path(&map, s, g, &rules).unwrap().is_found() && s != g {
                pairs.push((s, g));
            }
            if pairs.len() == 6 {
                break;
            }
        }
        assert_eq!(pairs.len(), 6, "too few connected pairs for {rules:?}");
        (rules, pairs)
    })
    .collect();
    for (rules, pairs) in &sized {
        for &(s, g) in pairs {
            assert!(finder.find_path(&map, s, g, rules).unwrap().is_found());
        }
    }
    for (rules, pairs) in &sized {
        for &(s, g) in pairs {
            let n = allocations_during(|| {
                assert!(finder.find_path(&map, s, g, rules).unwrap().is_found());
            });
            assert_eq!(n, 0, "query {s} -> {g} under {rules:?} allocated {n} times");
        }
    }
    // A size chosen per query from shared rules: cloning them allocates nothing, and the
    // pathfinder compiles the moves once for every size. The pairs of size 2 fit sizes 1 and 2.
    let base = GridRules::moving_ai();
    let pairs = &sized[0].1;
    let mut per_query_sizes = || {
        for (i, &(s, g)) in pairs.iter().enumerate() {
            let per_query = base.clone().with_agent_size(1 + (i % 2) as u32);
            assert!(
                finder
                    .find_path_with_limits(&map, s, g, &per_query, &limits)
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
            .find_path_with_limits(&map, s, g, rules, &limits)
            .unwrap();
        map.set_blocked(wall, false).unwrap();
        finder
            .find_path_with_limits(&map, s, g, rules, &limits)
            .unwrap();
    };
    edit_and_query(); // warm-up: the edited map may need a larger open list
    let n = allocations_during(edit_and_query);
    assert_eq!(n, 0, "edit + query allocated {n} times");
}
