//! Tests that need the graph itself.

use nav_geom::{Aabb, Circle, Vec2};
use nav_search::Limits;

use crate::query::Mode;
use nav_search::PathStatus;

use crate::{CircleContext, CircleQuery, CircleWorld, TangentPath};

/// A forest of circles on a jittered lattice, deterministic.
fn forest(n: usize, spacing: f32) -> CircleWorld {
    let side = (n as f32).sqrt().ceil() as usize;
    let mut world =
        CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(side as f32 * spacing))).unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 40) as f32 / (1u64 << 24) as f32
    };
    for i in 0..n {
        let (x, y) = ((i % side) as f32, (i / side) as f32);
        let center = Vec2::new(x + 0.2 + 0.6 * next(), y + 0.2 + 0.6 * next()) * spacing;
        world
            .insert(Circle::new(center, spacing * (0.1 + 0.2 * next())))
            .unwrap();
    }
    world
}

/// Pitfall: a heuristic left at zero turns A* into Dijkstra's algorithm. The same query with
/// and without the heuristic (both without bounds) finds the same length, and the heuristic
/// saves most expansions; the bounded search that queries use saves more.
#[test]
fn heuristic_is_used_and_saves_expansions() {
    let world = forest(400, 10.0);
    let (start, goal) = (Vec2::new(1.0, 1.0), Vec2::new(199.0, 150.0));
    let mut ctx = CircleContext::new();
    let limits = Limits::default();
    let mut lengths = Vec::new();
    let mut expanded = Vec::new();
    for mode in [Mode::Dijkstra, Mode::AStar, Mode::BoundedAStar] {
        let mut path = TangentPath::new();
        let status = ctx
            .run(&world, start, goal, 0.5, &limits, &mut path, mode)
            .unwrap();
        assert_eq!(status, PathStatus::Found);
        lengths.push(path.length());
        expanded.push(path.expanded());
    }
    assert!((lengths[0] - lengths[1]).abs() < 1e-9 * lengths[0]);
    assert!((lengths[0] - lengths[2]).abs() < 1e-9 * lengths[0]);
    assert!(
        expanded[1] * 3 < expanded[0],
        "A* expanded {}, Dijkstra {}",
        expanded[1],
        expanded[0]
    );
    assert!(expanded[2] <= expanded[1], "{expanded:?}");
}

/// The heuristic of a node is the straight-line distance from its point to the goal.
#[test]
fn heuristic_is_the_distance_to_the_goal() {
    use crate::query::graph::TangentGraph;
    use crate::query::state::{FIRST_ENTRY, GOAL, Params, START};
    use nav_search::Graph;

    let world = forest(100, 10.0);
    let (start, goal) = (Vec2::new(1.0, 1.0), Vec2::new(99.0, 77.0));
    let mut ctx = CircleContext::new();
    let query = CircleQuery::new(start, goal).with_radius(0.5);
    assert!(ctx.find_path(&world, &query).unwrap().is_found());
    let params = Params::new(
        start.as_dvec2(),
        goal.as_dvec2(),
        0.5,
        world.extent(),
        world.mean_radius(),
    );
    let graph = TangentGraph {
        world: &world,
        params: &params,
        state: &mut ctx.state,
    };
    assert_eq!(
        graph.heuristic(START),
        start.as_dvec2().distance(goal.as_dvec2())
    );
    assert_eq!(graph.heuristic(GOAL), 0.0);
    let entries = graph.state.entries.clone();
    assert!(entries.len() > 10);
    for (i, e) in entries.iter().enumerate() {
        let h = graph.heuristic(FIRST_ENTRY + i as u32);
        assert_eq!(h, e.arrive.distance(goal.as_dvec2()));
        assert!(h > 0.0 || e.arrive == goal.as_dvec2());
    }
}
