//! Memory bounds for hostile input, one test per documented bound (docs/reliability.md,
//! "Memory and limits"): oversized worlds are refused before anything is allocated, and an
//! expansion cap bounds the work and memory of a query on a world of any size.

use std::time::{Duration, Instant};

use glam::Vec2;
use nav_geom::{Aabb, Circle};
use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules};
use nav_search::{Limits, PathStatus, SearchContext};

/// Refusals must be immediate: nothing proportional to the refused size is allocated.
fn quick<T>(f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "a refusal took {:?}",
        t.elapsed()
    );
    out
}

#[test]
fn grid_sizes_are_bounded() {
    assert_eq!(GridMap::MAX_CELLS, 1 << 26);
    assert_eq!(GridMap::MAX_SIDE, 1 << 15);
    // The largest accepted shapes: 2^26 cells, and a side of 2^15.
    assert!(GridMap::check_size(8192, 8192).is_ok());
    assert!(GridMap::check_size(1 << 15, 1 << 11).is_ok());
    for (w, h) in [
        (8192, 8193),
        ((1 << 15) + 1, 1),
        (1 << 15, 1 << 15),
        (u32::MAX, u32::MAX),
        (0, 5),
    ] {
        let error = quick(|| GridMap::new(w, h)).unwrap_err().to_string();
        assert!(error.contains(&w.to_string()), "{error}");
    }
    let error = quick(|| GridMap::from_walkable(1 << 14, 1 << 14, &[])).unwrap_err();
    assert!(error.to_string().contains("16384"), "{error}");
}

#[test]
fn the_search_arena_is_bounded() {
    // 2^27 slots of 16 bytes: no graph, however it numbers its nodes, grows the arena further
    // (nav-search's own tests give the engine an edge to node MAX_NODES and a start beyond it).
    assert_eq!(SearchContext::MAX_NODES, 1 << 27);
    // A grid's arena is its cell count, far below: 2^26 cells at most.
    assert!(GridMap::MAX_CELLS as usize <= SearchContext::MAX_NODES);
}

#[test]
fn a_grid_query_costs_at_most_its_map() {
    // The arena of a grid context is the map's cell count, whatever the limits; an expansion
    // cap stops the search early with a partial path no longer than the cells expanded.
    let map = nav_grid::generate::random_fill(256, 256, 0.2, 3).unwrap();
    let rules = GridRules::default().compile().unwrap();
    let mut ctx = GridContext::new();
    let limits = Limits {
        max_expanded: 500,
        partial_path: true,
        ..Limits::default()
    };
    let (s, g) = (Cell::new(0, 0), Cell::new(255, 255));
    let mut map = map;
    map.set_blocked(s, false).unwrap();
    map.set_blocked(g, false).unwrap();
    let answer = ctx
        .find_path(&map, &rules, &GridQuery::new(s, g).with_limits(limits))
        .unwrap();
    if answer.status() == PathStatus::LimitReached {
        assert!(answer.expanded() <= 500);
        assert!(answer.path().len() <= 501);
    }
    assert!(ctx.search_context().capacity() <= map.cell_count().max(SearchContext::MAX_NODES));
}

#[test]
fn agent_lattices_are_bounded() {
    // A lattice of 10^10 nodes (over MAX_LATTICE_NODES = 2^31): refused, not searched for ever.
    let world = nav_agent::World::new(Aabb::new(Vec2::ZERO, Vec2::splat(1.0e5))).unwrap();
    let mut ctx = nav_agent::AgentContext::new();
    let query = nav_agent::AgentQuery::new(Vec2::splat(1.0), Vec2::splat(9.0e4)).with_step(1.0);
    let error = quick(|| ctx.find_path(&world, &query).map(|a| a.status())).unwrap_err();
    assert!(error.to_string().contains("lattice"), "{error}");
    // A lattice just under the bound, searched with an expansion cap: the work and the memory
    // follow the cap (the lattice is discovered lazily), not the world.
    let mut world = nav_agent::World::new(Aabb::new(Vec2::ZERO, Vec2::splat(40_000.0))).unwrap();
    world
        .insert_static(Aabb::new(Vec2::new(100.0, 0.0), Vec2::new(101.0, 39_999.0)))
        .unwrap();
    let limits = Limits {
        max_expanded: 20_000,
        ..Limits::default()
    };
    let query = nav_agent::AgentQuery::new(Vec2::splat(1.0), Vec2::new(39_999.0, 1.0))
        .with_step(1.0)
        .with_limits(limits);
    let t = Instant::now();
    let answer = ctx.find_path(&world, &query).unwrap();
    assert_eq!(answer.status(), PathStatus::LimitReached);
    assert!(answer.expanded() <= 20_000);
    assert!(t.elapsed() < Duration::from_secs(10));
}

#[test]
fn polygon_worlds_are_bounded() {
    use nav_mesh::{MeshWorld, Obstacle};
    let max = MeshWorld::MAX_COORDINATE;
    assert!(quick(|| MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(max * 2.0)))).is_err());
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0))).unwrap();
    let too_many: Vec<Vec2> = (0..=MeshWorld::MAX_VERTICES)
        .map(|i| Vec2::from_angle(i as f32 * 1e-4) * 40.0 + Vec2::splat(50.0))
        .collect();
    assert!(quick(|| world.insert(Obstacle::Polygon(too_many))).is_err());
    assert!(
        world
            .insert(Obstacle::Circle(Circle::new(Vec2::splat(max * 4.0), 1.0)))
            .is_err()
    );
    assert!(world.is_empty(), "a refused obstacle was kept");
    // An expansion cap bounds a query's work.
    for i in 0..200 {
        let c = Vec2::new(5.0 + (i % 20) as f32 * 4.5, 5.0 + (i / 20) as f32 * 9.0);
        world
            .insert(Obstacle::Box(Aabb::new(c, c + Vec2::new(2.0, 6.0))))
            .unwrap();
    }
    let limits = Limits {
        max_expanded: 10,
        ..Limits::default()
    };
    let mut ctx = nav_mesh::MeshContext::new();
    let query = nav_mesh::MeshQuery::new(Vec2::splat(1.0), Vec2::splat(99.0)).with_limits(limits);
    let answer = ctx.find_path(&world, &query).unwrap();
    assert!(answer.expanded() <= 10, "{} expanded", answer.expanded());
}

#[test]
fn circle_world_queries_are_capped() {
    let mut world =
        nav_tangent::CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0))).unwrap();
    for i in 0..400 {
        world
            .insert(Circle::new(
                Vec2::new(2.5 + (i % 20) as f32 * 5.0, 2.5 + (i / 20) as f32 * 5.0),
                1.5,
            ))
            .unwrap();
    }
    let limits = Limits {
        max_expanded: 10,
        ..Limits::default()
    };
    let mut ctx = nav_tangent::CircleContext::new();
    let query =
        nav_tangent::CircleQuery::new(Vec2::splat(0.2), Vec2::splat(99.8)).with_limits(limits);
    let answer = ctx.find_path(&world, &query).unwrap();
    assert_eq!(answer.status(), PathStatus::LimitReached);
    assert!(answer.expanded() <= 10, "{} expanded", answer.expanded());
}

#[test]
fn the_c_abi_refuses_absurd_sizes_before_allocating() {
    use nav_ffi::*;
    let mut grid: *mut NavGrid = std::ptr::null_mut();
    // SAFETY: `grid` is a writable out-pointer.
    let status = quick(|| unsafe { nav_grid_create(1 << 15, 1 << 15, &mut grid) });
    assert_eq!(status, NavStatus::NavInvalidSize);
    assert!(grid.is_null());
    let cells = [1u8; 4];
    // A count that does not match width x height is refused before the buffer is read.
    // SAFETY: `cells` holds 4 readable bytes; the count claims exactly those.
    let status =
        unsafe { nav_grid_create_from_walkable(1 << 13, 1 << 13, cells.as_ptr(), 4, &mut grid) };
    assert_ne!(status, NavStatus::NavOk);
    assert!(grid.is_null());
}
