//! Behaviour of the A* engine: optimality against Dijkstra, limits, partial paths, reuse.

mod common;

use common::{WeightedGrid, path_cost};
use nav_search::{Limits, NodeState, SearchContext, SearchStatus};
use proptest::prelude::*;

fn open_grid(width: u32, height: u32, goal: u32) -> WeightedGrid {
    WeightedGrid::new(width, height, vec![1; (width * height) as usize], goal)
}

#[test]
fn finds_straight_path_on_open_grid() {
    let mut grid = open_grid(10, 10, 9);
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let outcome = ctx.astar(&mut grid, 0, &Limits::default(), &mut path);
    assert_eq!(outcome.status, SearchStatus::Found);
    assert_eq!(outcome.cost, 9.0);
    assert_eq!(path, (0..10).collect::<Vec<_>>());
    assert_eq!(outcome.end, Some(9));
    assert!(!outcome.partial);
    // Tie-breaking towards larger g keeps the search on the straight line.
    assert_eq!(outcome.expanded, 9);
}

#[test]
fn start_equal_to_goal_is_found_with_zero_cost() {
    let mut grid = open_grid(4, 4, 5);
    let mut path = Vec::new();
    let outcome = SearchContext::new().astar(&mut grid, 5, &Limits::default(), &mut path);
    assert_eq!(outcome.status, SearchStatus::Found);
    assert_eq!(outcome.cost, 0.0);
    assert_eq!(path, [5]);
    assert_eq!(outcome.expanded, 0);
}

/// A 5x5 grid whose goal (bottom-right) is walled off by a column of zeros at x = 3.
fn walled_grid() -> WeightedGrid {
    let mut weights = vec![1u8; 25];
    for y in 0..5 {
        weights[y * 5 + 3] = 0;
    }
    WeightedGrid::new(5, 5, weights, 24)
}

#[test]
fn unreachable_goal_is_no_path_with_every_reachable_node_expanded() {
    let mut grid = walled_grid();
    let mut ctx = SearchContext::new();
    let mut path = vec![42];
    let outcome = ctx.astar(&mut grid, 0, &Limits::default(), &mut path);
    assert_eq!(outcome.status, SearchStatus::NoPath);
    assert!(path.is_empty(), "no path is written without partial_path");
    assert_eq!(outcome.end, None);
    assert_eq!(outcome.expanded, 15, "the 3 x 5 cells left of the wall");
    assert_eq!(ctx.closed_nodes().count(), 15);
    assert_eq!(ctx.state(24), NodeState::Unseen);
}

#[test]
fn partial_path_ends_at_expanded_node_closest_to_goal() {
    let mut grid = walled_grid();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let limits = Limits::default().with_partial_path(true);
    let outcome = ctx.astar(&mut grid, 0, &limits, &mut path);
    assert_eq!(outcome.status, SearchStatus::NoPath);
    assert!(outcome.partial);
    // (2, 4) is the reachable cell nearest to (4, 4): h = 2.
    assert_eq!(outcome.end, Some(22));
    assert_eq!(path.last(), Some(&22));
    assert_eq!(outcome.cost, 6.0);
    assert_eq!(path_cost(&mut grid, 0, &path), 6.0);
}

#[test]
fn expansion_limit_stops_the_search() {
    let mut grid = walled_grid();
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let limits = Limits::default().with_max_expanded(4);
    let outcome = ctx.astar(&mut grid, 0, &limits, &mut path);
    assert_eq!(outcome.status, SearchStatus::LimitReached);
    assert_eq!(outcome.expanded, 4);
    assert!(path.is_empty());

    let outcome = ctx.astar(&mut grid, 0, &limits.with_partial_path(true), &mut path);
    assert_eq!(outcome.status, SearchStatus::LimitReached);
    assert!(outcome.partial);
    assert_eq!(path.first(), Some(&0));
    assert_eq!(path.len() as f64 - 1.0, outcome.cost);
}

#[test]
fn cost_limit_prunes_and_reports_limit_reached() {
    let mut grid = open_grid(20, 1, 19);
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let outcome = ctx.astar(
        &mut grid,
        0,
        &Limits::default().with_max_cost(10.0),
        &mut path,
    );
    assert_eq!(outcome.status, SearchStatus::LimitReached);
    assert!(path.is_empty());
    // Every node is pruned on sight since f = 19 everywhere on a straight corridor.
    assert_eq!(outcome.expanded, 1);

    let outcome = ctx.astar(
        &mut grid,
        0,
        &Limits::default().with_max_cost(19.0),
        &mut path,
    );
    assert_eq!(outcome.status, SearchStatus::Found);
    assert_eq!(outcome.cost, 19.0);
}

#[test]
fn cost_limit_does_not_hide_a_true_no_path() {
    let mut grid = walled_grid();
    let outcome = SearchContext::new().astar(
        &mut grid,
        0,
        &Limits::default().with_max_cost(1000.0),
        &mut Vec::new(),
    );
    assert_eq!(outcome.status, SearchStatus::NoPath);
}

#[test]
fn reused_context_gives_same_answers_as_fresh_one() {
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let mut fresh_path = Vec::new();
    for goal in [99u32, 0, 45, 9, 90, 55] {
        for start in [0u32, 99, 37] {
            let mut grid = open_grid(10, 10, goal);
            let reused = ctx.astar(&mut grid, start, &Limits::default(), &mut path);
            let fresh =
                SearchContext::new().astar(&mut grid, start, &Limits::default(), &mut fresh_path);
            assert_eq!(reused, fresh);
            assert_eq!(path, fresh_path);
        }
    }
}

#[test]
fn state_and_g_describe_the_last_query() {
    let mut grid = open_grid(5, 1, 4);
    let mut ctx = SearchContext::new();
    ctx.astar(&mut grid, 0, &Limits::default(), &mut Vec::new());
    assert_eq!(ctx.state(0), NodeState::Closed);
    assert_eq!(ctx.g(3), Some(3.0));
    assert_eq!(
        ctx.state(4),
        NodeState::Open,
        "the goal is reached, not expanded"
    );
    assert_eq!(ctx.g(1000), None);
    // A second query on another graph makes the first one's nodes unseen.
    let mut grid = open_grid(5, 1, 0);
    ctx.astar(&mut grid, 0, &Limits::default(), &mut Vec::new());
    assert_eq!(ctx.state(3), NodeState::Unseen);
}

#[test]
fn invalid_edge_costs_are_ignored() {
    use nav_search::{Graph, NodeId, Successors};
    struct Bad;
    impl Graph for Bad {
        fn successors(&mut self, node: NodeId, out: &mut Successors) {
            if node == 0 {
                out.push(1, f64::NAN);
                out.push(1, -1.0);
                out.push(1, f64::INFINITY);
                out.push(2, 1.0);
            }
            if node == 2 {
                out.push(1, 1.0);
            }
        }
        fn heuristic(&self, _: NodeId) -> f64 {
            0.0
        }
        fn is_goal(&self, node: NodeId) -> bool {
            node == 1
        }
    }
    let mut path = Vec::new();
    let outcome = SearchContext::new().astar(&mut Bad, 0, &Limits::default(), &mut path);
    assert_eq!(outcome.cost, 2.0);
    assert_eq!(path, [0, 2, 1]);
}

#[test]
fn ids_beyond_the_arena_are_refused_without_allocating() {
    use nav_search::{Graph, NodeId, Successors};
    /// 0 -> 1 -> 2 (the goal), plus edges to ids the arena cannot address.
    struct Huge;
    impl Graph for Huge {
        fn successors(&mut self, node: NodeId, out: &mut Successors) {
            out.push(NodeId::MAX - 1, 1.0);
            out.push(SearchContext::MAX_NODES as NodeId, 1.0);
            if node < 2 {
                out.push(node + 1, 1.0);
            }
        }
        fn heuristic(&self, _: NodeId) -> f64 {
            0.0
        }
        fn is_goal(&self, node: NodeId) -> bool {
            node == 2
        }
    }
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    let outcome = ctx.astar(&mut Huge, 0, &Limits::default(), &mut path);
    assert_eq!(outcome.status, SearchStatus::Found);
    assert_eq!(path, [0, 1, 2]);
    assert!(ctx.capacity() <= 64, "the arena grew to {}", ctx.capacity());

    let outcome = ctx.astar(&mut Huge, 3_000_000_000, &Limits::default(), &mut path);
    assert_eq!(outcome.status, SearchStatus::LimitReached);
    assert_eq!(outcome.expanded, 0);
    assert!(path.is_empty());
    assert!(ctx.capacity() <= 64);
}

/// Random weighted grids: weights 0 (wall) to 9.
fn grid_strategy() -> impl Strategy<Value = (u32, u32, Vec<u8>, u32, u32)> {
    (2u32..14, 2u32..14).prop_flat_map(|(w, h)| {
        let n = (w * h) as usize;
        (
            Just(w),
            Just(h),
            prop::collection::vec(prop_oneof![1 => Just(0u8), 3 => 1u8..10], n),
            0..w * h,
            0..w * h,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// With a consistent heuristic, A* costs what Dijkstra costs, and its path is a real chain of
    /// edges of that cost.
    #[test]
    fn astar_matches_dijkstra((w, h, mut weights, start, goal) in grid_strategy()) {
        weights[start as usize] = 1;
        let mut grid = WeightedGrid::new(w, h, weights, goal);
        let mut ctx = SearchContext::new();
        let (mut a_path, mut d_path) = (Vec::new(), Vec::new());
        let a = ctx.astar(&mut grid, start, &Limits::default(), &mut a_path);
        let d = SearchContext::new().dijkstra(&mut grid, start, &Limits::default(), &mut d_path);
        prop_assert_eq!(a.status, d.status);
        if a.is_found() {
            prop_assert!((a.cost - d.cost).abs() < 1e-9);
            prop_assert!((path_cost(&mut grid, start, &a_path) - a.cost).abs() < 1e-9);
            prop_assert_eq!(a_path.last(), Some(&goal));
            prop_assert!(a.expanded <= d.expanded);
        } else {
            prop_assert_eq!(a.status, SearchStatus::NoPath);
            prop_assert!(a_path.is_empty());
        }
    }

    /// An admissible but inconsistent heuristic (a random fraction of the true distance) must
    /// still give optimal costs: the engine reopens closed nodes.
    #[test]
    fn inconsistent_admissible_heuristic_is_still_optimal(
        (w, h, mut weights, start, goal) in grid_strategy(),
        fractions in prop::collection::vec(0.0f64..=1.0, 14 * 14),
    ) {
        weights[start as usize] = 1;
        weights[goal as usize] = 1;
        // True distance to the goal from every cell: Dijkstra from the goal (the grid is
        // symmetric up to the weight of the cell entered, so search each cell separately).
        let mut ctx = SearchContext::new();
        let mut table = vec![0.0; (w * h) as usize];
        for cell in 0..w * h {
            let mut g = WeightedGrid::new(w, h, weights.clone(), goal);
            let out = ctx.dijkstra(&mut g, cell, &Limits::default(), &mut Vec::new());
            table[cell as usize] = if out.is_found() { out.cost * fractions[cell as usize] } else { 0.0 };
        }
        let mut grid = WeightedGrid::new(w, h, weights, goal);
        let d = ctx.dijkstra(&mut grid, start, &Limits::default(), &mut Vec::new());
        grid.h_table = Some(table);
        let mut path = Vec::new();
        let a = ctx.astar(&mut grid, start, &Limits::default(), &mut path);
        prop_assert_eq!(a.status, d.status);
        if a.is_found() {
            prop_assert!((a.cost - d.cost).abs() < 1e-9, "A* {} vs Dijkstra {}", a.cost, d.cost);
            prop_assert!((path_cost(&mut grid, start, &path) - a.cost).abs() < 1e-9);
        }
    }

    /// The same query twice gives the same path (determinism), from a fresh or reused context.
    #[test]
    fn deterministic((w, h, mut weights, start, goal) in grid_strategy()) {
        weights[start as usize] = 1;
        let mut grid = WeightedGrid::new(w, h, weights, goal);
        let mut ctx = SearchContext::new();
        let (mut p1, mut p2) = (Vec::new(), Vec::new());
        let a = ctx.astar(&mut grid, start, &Limits::default(), &mut p1);
        let b = ctx.astar(&mut grid, start, &Limits::default(), &mut p2);
        prop_assert_eq!(a, b);
        prop_assert_eq!(p1, p2);
    }
}
