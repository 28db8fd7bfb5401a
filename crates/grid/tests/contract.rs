//! The contract every nav navigator keeps, on grids: huge costs never overflow into a wrong
//! status or an infinite cost, a NaN `max_cost` is refused, errors print cells as `(x, y)`,
//! and batches over threads answer what single queries answer.

use nav_grid::generate::caves;
use nav_grid::{
    Cell, CustomMoves, GridContext, GridError, GridMap, GridQuery, GridRules, Limits, LimitsError,
    MoveCosts, Moves, PathStatus, find_paths, for_each_with_context,
};

#[test]
fn costs_whose_sums_could_overflow_are_refused() {
    // The case: f64::MAX costs gave NoPath with a multiplier of 2, and a cost of
    // infinity without it. Now they are refused where they are set.
    assert!(matches!(
        MoveCosts::new(f64::MAX, f64::MAX),
        Err(GridError::CostTooLarge {
            what: "straight cost",
            ..
        })
    ));
    assert!(matches!(
        CustomMoves::with_costs(&[(1, 0, 1e308), (-1, 0, 1.0)]),
        Err(GridError::CostTooLarge {
            what: "custom move cost",
            ..
        })
    ));
    let message = MoveCosts::new(1.0, 1e300).unwrap_err().to_string();
    assert!(message.contains("at most 1e100"), "{message}");

    // The largest accepted costs with the largest multiplier still give finite costs and the
    // right statuses on an open map.
    let mut map = GridMap::new(3, 1).unwrap();
    map.set_cost_multiplier(Cell::new(1, 0), f32::MAX as f64)
        .unwrap();
    let query = GridQuery::new(Cell::new(0, 0), Cell::new(2, 0));
    let mut ctx = GridContext::new();
    let max = MoveCosts::MAX_COST;
    let rule_sets = [
        GridRules::default().with_costs(MoveCosts::new(max, max).unwrap()),
        GridRules::default().with_moves(Moves::Custom(
            CustomMoves::with_costs(&[(1, 0, max), (-1, 0, max), (2, 0, max)]).unwrap(),
        )),
    ];
    for rules in &rule_sets {
        let rules = rules.compile().unwrap();
        let answer = ctx.find_path(&map, &rules, &query).unwrap();
        assert_eq!(answer.status(), PathStatus::Found, "{rules:?}");
        assert!(answer.cost().is_finite() && answer.cost() > 0.0);
        assert!(ctx.path_costs().iter().all(|c| c.is_finite()));
    }
    // The custom set jumps over the expensive cell: (2, 0) costs `max`, the detour more.
    assert_eq!(ctx.path(), [Cell::new(0, 0), Cell::new(2, 0)]);
    assert_eq!(ctx.path_costs(), [0.0, max]);

    // Without the multiplier, f64-sized costs on a long open row stay finite too.
    let map = GridMap::new(1000, 1).unwrap();
    let rules = GridRules::default()
        .with_costs(MoveCosts::new(max, max).unwrap())
        .compile()
        .unwrap();
    let answer = ctx
        .find_path(
            &map,
            &rules,
            &GridQuery::new(Cell::new(0, 0), Cell::new(999, 0)),
        )
        .unwrap();
    assert!(answer.is_found());
    assert!((answer.cost() - 999.0 * max).abs() <= 1e-9 * answer.cost());
}

#[test]
fn limits_no_search_can_honour_are_refused() {
    let map = GridMap::new(4, 4).unwrap();
    let rules = GridRules::default().compile().unwrap();
    let mut ctx = GridContext::new();
    let query = GridQuery::new(Cell::new(0, 0), Cell::new(3, 3));
    for (max_cost, expected) in [
        (f64::NAN, LimitsError::NanMaxCost),
        (-1.0, LimitsError::NegativeMaxCost),
    ] {
        let limited = query.with_limits(Limits::default().with_max_cost(max_cost));
        let error = ctx.find_path(&map, &rules, &limited).unwrap_err();
        assert_eq!(error, GridError::InvalidLimits(expected));
        assert!(error.to_string().contains("max_cost"), "{error}");
        assert!(ctx.path().is_empty());
    }
    // Infinity is "no bound", zero a real bound.
    let unbounded = query.with_limits(Limits::default().with_max_cost(f64::INFINITY));
    assert!(ctx.find_path(&map, &rules, &unbounded).unwrap().is_found());
    let zero = query.with_limits(Limits::default().with_max_cost(0.0));
    assert_eq!(
        ctx.find_path(&map, &rules, &zero).unwrap().status(),
        PathStatus::LimitReached
    );
}

#[test]
fn errors_print_cells_and_values_plainly() {
    let map = GridMap::new(4, 3).unwrap();
    let rules = GridRules::default().compile().unwrap();
    let mut ctx = GridContext::new();
    let error = ctx
        .find_path(
            &map,
            &rules,
            &GridQuery::new(Cell::new(1, 1), Cell::new(7, 2)),
        )
        .unwrap_err();
    assert_eq!(error.to_string(), "goal (7, 2) is outside the 4x3 map");
    let messages = [
        error.to_string(),
        map.clearance(Cell::new(9, 9))
            .map_or_else(|| "none".to_string(), |c| c.to_string()),
        MoveCosts::new(f64::NAN, 1.0).unwrap_err().to_string(),
        GridRules::default()
            .with_heuristic(nav_grid::Heuristic::Manhattan)
            .check()
            .unwrap_err()
            .to_string(),
        GridMap::new(0, 3).unwrap_err().to_string(),
    ];
    for message in &messages {
        for trace in ["Cell {", "Some(", "Endpoint", "{ ", "Heuristic::"] {
            assert!(!message.contains(trace), "{message:?} contains {trace:?}");
        }
    }
    assert!(messages[3].contains("move (1, 1)"), "{}", messages[3]);
}

#[test]
fn batches_answer_what_single_queries_answer() {
    let map = caves(64, 48, 0.45, 11).unwrap();
    let open: Vec<Cell> = (0..map.cell_count())
        .filter_map(|i| map.cell_at(i))
        .filter(|&c| map.is_walkable(c))
        .collect();
    let mut queries: Vec<GridQuery> = (0..200)
        .map(|i| GridQuery::new(open[i * 7 % open.len()], open[(i * 131 + 3) % open.len()]))
        .collect();
    queries[17] = GridQuery::new(Cell::new(0, 0), Cell::new(64, 0)); // outside: an error
    queries[18] = queries[18].with_agent_size(2);
    let rules = GridRules::default().compile().unwrap();
    let answers = find_paths(&map, &rules, &queries);
    assert_eq!(answers.len(), queries.len());
    let mut ctx = GridContext::new();
    for (query, answer) in queries.iter().zip(&answers) {
        match ctx.find_path(&map, &rules, query) {
            Ok(single) => {
                let batch = answer.as_ref().unwrap();
                assert_eq!(batch.outcome, single.outcome());
                assert_eq!(batch.path.cells(), single.path());
                assert_eq!(batch.path.costs(), ctx.path_costs());
            }
            Err(error) => assert_eq!(answer.as_ref().unwrap_err(), &error),
        }
    }
    assert!(answers[17].is_err());

    // Any chunking gives the same answers.
    for chunks in [Some(1), Some(3), Some(1000), None] {
        let mut costs = vec![f64::NAN; queries.len()];
        for_each_with_context(&mut costs, chunks, |ctx, i, cost| {
            *cost = ctx
                .find_path(&map, &rules, &queries[i])
                .map_or(-1.0, |a| a.cost());
        });
        for (cost, answer) in costs.iter().zip(&answers) {
            assert_eq!(*cost, answer.as_ref().map_or(-1.0, |a| a.outcome.cost));
        }
    }
    // An empty batch is fine.
    assert!(find_paths(&map, &rules, &[]).is_empty());
}
