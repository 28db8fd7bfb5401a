use nav_grid as grid;
fn main() -> Result<(), Box<dyn std::error::Error>> {
    use grid::{
        Cell, DiagonalRule, GridMap, GridPathfinder, GridRules, GridStatus, Heuristic, Moves,
    };
    use grid::{Limits, MoveCosts};

    // '.' walkable, '@' blocked (the Moving AI characters); x is the column, y the row.
    let mut map = GridMap::from_ascii(
        "
    ..........
    .@@@@@@@@.
    .@......@.
    .@.@@@@.@.
    ...@..@...
",
    )?;
    let mut finder = GridPathfinder::new(); // one per thread; reuse it: no allocation per query

    // The Moving AI rules (the default): 8 moves, no corner cutting, costs 1 and √2, octile.
    let outcome = finder.find_path(
        &map,
        Cell::new(0, 0),
        Cell::new(4, 2),
        &GridRules::default(),
    )?;
    assert_eq!(outcome.status, GridStatus::Found);
    assert_eq!(finder.path().first(), Some(&Cell::new(0, 0)));
    assert_eq!(finder.path().last(), Some(&Cell::new(4, 2)));
    println!(
        "cost {:.3}, {} cells, {} expanded",
        outcome.cost,
        finder.path().len(),
        outcome.expanded
    );

    // Seed 003: four moves, Manhattan distance; a unit that moves 6 per turn stops here.
    let rules = GridRules::default()
        .with_moves(Moves::Four)
        .with_heuristic(Heuristic::Manhattan);
    finder.find_path(&map, Cell::new(0, 0), Cell::new(4, 2), &rules)?;
    let this_turn = finder.path_within_budget(6.0)?;
    assert_eq!(this_turn.len(), 7); // the start and six steps

    // An inadmissible heuristic is refused unless you opt in to suboptimal paths.
    let greedy = GridRules::default().with_heuristic(Heuristic::Manhattan);
    assert!(
        finder
            .find_path(&map, Cell::new(0, 0), Cell::new(4, 2), &greedy)
            .is_err()
    );

    // Integer-like costs (seed 000), squeezing between diagonal blocks (seed 003's "FREE").
    let rules = GridRules::default()
        .with_costs(MoveCosts::new(10.0, 14.0)?)
        .with_diagonal(DiagonalRule::Free);
    finder.find_path(&map, Cell::new(0, 0), Cell::new(4, 2), &rules)?;

    // Edit the map between queries (O(1)); weighted terrain keeps the heuristic admissible.
    map.set_blocked(Cell::new(9, 2), true)?;
    map.set_cost_multiplier(Cell::new(0, 2), 3.0)?; // mud
    let outcome = finder.find_path_with_limits(
        &map,
        Cell::new(0, 0),
        Cell::new(4, 2),
        &GridRules::default(),
        &Limits::default()
            .with_max_expanded(10)
            .with_partial_path(true),
    )?;
    assert_eq!(outcome.status, GridStatus::LimitReached); // with a partial path towards the goal
    let drawn: Vec<Cell> = finder.expanded_cells().collect(); // what the search looked at
    assert_eq!(drawn.len(), outcome.expanded);

    // Blocked endpoints are statuses; cells off the map are errors naming the endpoint.
    let outcome = finder.find_path(
        &map,
        Cell::new(0, 0),
        Cell::new(1, 1),
        &GridRules::default(),
    )?;
    assert_eq!(outcome.status.as_str(), "goal_blocked");
    let err = finder
        .find_path(
            &map,
            Cell::new(0, 0),
            Cell::new(99, 0),
            &GridRules::default(),
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "goal (99, 0) is outside the 10x5 map");
    Ok(())
}
