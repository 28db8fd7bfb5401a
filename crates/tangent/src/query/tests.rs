//! Tests that need the graph itself.

use nav_geom::{Aabb, Circle, Vec2};
use nav_search::Limits;

use crate::{CircleWorld, PathStatus, QueryContext, TangentPath};

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
/// and without the heuristic finds the same length, and the heuristic saves most expansions.
#[test]
fn heuristic_is_used_and_saves_expansions() {
    let world = forest(400, 10.0);
    let (start, goal) = (Vec2::new(1.0, 1.0), Vec2::new(199.0, 150.0));
    let mut ctx = QueryContext::new();
    let mut with = TangentPath::new();
    let mut without = TangentPath::new();
    let limits = Limits::default();
    let a = ctx
        .run(&world, start, goal, 0.5, &limits, &mut with, true)
        .unwrap();
    let b = ctx
        .run(&world, start, goal, 0.5, &limits, &mut without, false)
        .unwrap();
    assert_eq!((a, b), (PathStatus::Found, PathStatus::Found));
    assert!((with.length() - without.length()).abs() < 1e-9 * with.length());
    assert!(
        with.expanded() * 3 < without.expanded(),
        "A* expanded {}, Dijkstra {}",
        with.expanded(),
        without.expanded()
    );
}
