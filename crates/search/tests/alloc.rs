//! After warm-up, a query allocates nothing: proven with a counting global allocator.

mod common;

use common::WeightedGrid;
use nav_search::{Limits, NodeKeys, SearchContext};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn warm_queries_allocate_nothing() {
    // A 64x64 maze-like grid: every fourth column is a wall with one gap.
    let (w, h) = (64u32, 64u32);
    let mut weights = vec![1u8; (w * h) as usize];
    for x in (3..w).step_by(4) {
        for y in 0..h {
            if y != (x * 7) % h {
                weights[(y * w + x) as usize] = 0;
            }
        }
    }
    // The goal is the bottom-right corner's left neighbour (the corner is in a wall column).
    let mut grid = WeightedGrid::new(w, h, weights, w * h - 2);
    let mut ctx = SearchContext::with_capacity((w * h) as usize);
    let mut path = Vec::new();
    let limits = Limits::default().with_partial_path(true);

    let starts = [0, 1, 64, 200, 4000];
    let run_all = |ctx: &mut SearchContext, grid: &mut WeightedGrid, path: &mut Vec<u32>| {
        for start in starts {
            assert!(ctx.astar(grid, start, &limits, path).is_found());
            assert!(ctx.dijkstra(grid, start, &limits, path).is_found());
        }
    };
    // Warm-up: the heap, the successor buffer and the path grow to the size these queries need.
    run_all(&mut ctx, &mut grid, &mut path);

    for start in starts {
        let n = allocations_during(|| {
            assert!(ctx.astar(&mut grid, start, &limits, &mut path).is_found());
        });
        assert_eq!(n, 0, "A* from {start} allocated {n} times after warm-up");
    }
    let n = allocations_during(|| {
        ctx.dijkstra(&mut grid, 0, &limits, &mut path);
    });
    assert_eq!(n, 0, "Dijkstra allocated {n} times after warm-up");
}

#[test]
fn node_keys_reuse_their_allocations() {
    let mut keys = NodeKeys::new();
    let fill = |keys: &mut NodeKeys<(i32, i32)>| {
        for x in -20..20 {
            for y in -20..20 {
                keys.id((x, y));
            }
        }
    };
    fill(&mut keys);
    keys.clear();
    let n = allocations_during(|| fill(&mut keys));
    assert_eq!(n, 0);
    assert_eq!(keys.len(), 1600);
}
