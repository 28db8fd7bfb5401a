//! The `NavMeshWorld` doors of the C ABI, called through the exported functions: results equal
//! nav-mesh's Rust API on random scenes (paths, polylines, fits, nearest_fit, raycast,
//! connected, after edits too), every refusal names its argument and changes nothing, stale
//! and mistyped handles are refused, and the `NAV_BUFFER_TOO_SMALL` protocol holds.
//!
//! Over 600 lines: one test file per handle kind, every entry point and refusal side by side.

mod common;

use std::ptr;

use common::{fails_with, new_query, ok};
use nav_ffi::*;
use nav_geom::{Aabb, Circle, PathPiece, Turn, Vec2};
use nav_mesh::{Limits, MeshContext, MeshQuery, MeshWorld, Obstacle, PathStatus};
use nav_testkit::TestRng;

fn v(x: f32, y: f32) -> NavVec2 {
    NavVec2 { x, y }
}

fn nv(p: Vec2) -> NavVec2 {
    v(p.x, p.y)
}

const SIZE: f32 = 40.0;

fn bounds() -> NavAabb {
    NavAabb {
        min: v(0.0, 0.0),
        max: v(SIZE, SIZE),
    }
}

fn new_world() -> *mut NavMeshWorld {
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers.
    ok(unsafe { nav_mesh_world_create(&bounds(), &mut world) });
    world
}

/// A random obstacle: a box, a convex polygon, a non-convex one (an L or a star), a thin
/// rotated wall, or a circle.
fn random_obstacle(rng: &mut TestRng) -> Obstacle {
    let c = Vec2::new(
        rng.range_f32(2.0, SIZE - 2.0),
        rng.range_f32(2.0, SIZE - 2.0),
    );
    match rng.below(5) {
        0 => {
            let h = Vec2::new(rng.range_f32(0.5, 4.0), rng.range_f32(0.5, 4.0));
            Obstacle::Box(Aabb::new(c - h, c + h))
        }
        1 => {
            let n = 3 + rng.below(5) as usize;
            let r = rng.range_f32(1.0, 4.0);
            let a0 = rng.range_f32(0.0, std::f32::consts::TAU);
            let pts = (0..n)
                .map(|k| {
                    let a = a0 + k as f32 * std::f32::consts::TAU / n as f32;
                    c + Vec2::new(a.cos(), a.sin()) * r
                })
                .collect();
            Obstacle::Polygon(pts)
        }
        2 => {
            // A star: alternating radii, non-convex.
            let n = 5 + rng.below(3) as usize;
            let (r1, r2) = (rng.range_f32(2.0, 4.0), rng.range_f32(0.6, 1.5));
            let pts = (0..2 * n)
                .map(|k| {
                    let a = k as f32 * std::f32::consts::PI / n as f32;
                    let r = if k % 2 == 0 { r1 } else { r2 };
                    c + Vec2::new(a.cos(), a.sin()) * r
                })
                .collect();
            Obstacle::Polygon(pts)
        }
        3 => {
            // A thin rotated wall.
            let a = rng.range_f32(0.0, std::f32::consts::PI);
            let d = Vec2::new(a.cos(), a.sin()) * rng.range_f32(2.0, 8.0);
            let n = Vec2::new(-d.y, d.x).normalize() * 0.2;
            Obstacle::Polygon(vec![c - d - n, c + d - n, c + d + n, c - d + n])
        }
        _ => Obstacle::Circle(Circle::new(c, rng.range_f32(0.5, 3.0))),
    }
}

/// Inserts `obstacle` through the C ABI.
fn insert(world: *mut NavMeshWorld, obstacle: &Obstacle, id: &mut u64) -> NavStatus {
    // SAFETY: valid pointers and lengths.
    unsafe {
        match obstacle {
            Obstacle::Polygon(pts) => {
                let pts: Vec<NavVec2> = pts.iter().map(|&p| nv(p)).collect();
                nav_mesh_world_insert_polygon(world, pts.as_ptr(), pts.len() as u32, id)
            }
            Obstacle::Box(b) => nav_mesh_world_insert_box(world, (*b).into(), id),
            Obstacle::Circle(c) => nav_mesh_world_insert_circle(world, nv(c.center), c.radius, id),
        }
    }
}

/// Replaces obstacle `id` through the C ABI.
fn set(world: *mut NavMeshWorld, id: u64, obstacle: &Obstacle) -> NavStatus {
    // SAFETY: valid pointers and lengths.
    unsafe {
        match obstacle {
            Obstacle::Polygon(pts) => {
                let pts: Vec<NavVec2> = pts.iter().map(|&p| nv(p)).collect();
                nav_mesh_world_set_polygon(world, id, pts.as_ptr(), pts.len() as u32)
            }
            Obstacle::Box(b) => nav_mesh_world_set_box(world, id, (*b).into()),
            Obstacle::Circle(c) => nav_mesh_world_set_circle(world, id, nv(c.center), c.radius),
        }
    }
}

/// The C form of a Rust piece, written out field by field (the oracle of the copy).
fn expected_piece(piece: &PathPiece) -> NavPathPiece {
    let mut out = NavPathPiece {
        start: nv(piece.start_point()),
        end: nv(piece.end_point()),
        length: piece.length(),
        ..Default::default()
    };
    if let PathPiece::Arc(a) = piece {
        out.kind = NavPieceKind::Arc as u32;
        out.turn = match a.turn {
            Turn::Ccw => NavTurn::Ccw as u32,
            Turn::Cw => NavTurn::Cw as u32,
        };
        out.center = nv(a.center);
        out.radius = a.radius;
        out.start_angle = a.start;
        out.sweep = a.sweep;
    }
    out
}

fn expected_status(status: PathStatus) -> u32 {
    (match status {
        PathStatus::Found => NavPathStatus::Found,
        PathStatus::NoPath => NavPathStatus::NoPath,
        PathStatus::LimitReached => NavPathStatus::LimitReached,
        PathStatus::StartBlocked => NavPathStatus::StartBlocked,
        PathStatus::GoalBlocked => NavPathStatus::GoalBlocked,
        PathStatus::OutOfBounds => NavPathStatus::OutOfBounds,
        other => panic!("unexpected status {other:?}"),
    }) as u32
}

/// One C path query with a buffer of `capacity` pieces.
fn c_find(
    world: *const NavMeshWorld,
    query: *mut NavQuery,
    radius: f32,
    options: &NavMeshQueryOptions,
    start: Vec2,
    goal: Vec2,
    capacity: u32,
) -> (NavStatus, NavMeshPathResult, Vec<NavPathPiece>) {
    let mut pieces = vec![NavPathPiece::default(); capacity as usize];
    let mut result = NavMeshPathResult::default();
    // SAFETY: valid pointers, buffer of `capacity`.
    let status = unsafe {
        nav_mesh_world_find_path(
            world,
            query,
            radius,
            options,
            nv(start),
            nv(goal),
            pieces.as_mut_ptr(),
            capacity,
            &mut result,
        )
    };
    pieces.truncate(result.piece_count.min(capacity) as usize);
    (status, result, pieces)
}

fn c_polyline(query: *mut NavQuery, max_deviation: f32) -> (NavStatus, Vec<NavVec2>) {
    let mut count = 0u32;
    // SAFETY: NULL buffer with capacity 0, valid out-count.
    let first = unsafe {
        nav_query_mesh_path_polyline(query, max_deviation, ptr::null_mut(), 0, &mut count)
    };
    if first != NavStatus::NavBufferTooSmall {
        return (first, Vec::new());
    }
    let mut points = vec![NavVec2::default(); count as usize];
    // SAFETY: buffer of `count`.
    let status = unsafe {
        nav_query_mesh_path_polyline(query, max_deviation, points.as_mut_ptr(), count, &mut count)
    };
    (status, points)
}

/// Compares every query of the C world with the Rust world, on random points and radii.
fn compare_queries(
    rust: &MeshWorld,
    world: *mut NavMeshWorld,
    query: *mut NavQuery,
    rng: &mut TestRng,
    tally: &mut [usize; 6],
) {
    let mut ctx = MeshContext::new();
    let mut polyline = Vec::new();
    for _ in 0..12 {
        let start = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
        let goal = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
        let radius = [0.0, 0.5, 1.3, 2.5][rng.below(4) as usize];
        let partial = rng.below(3) == 0;
        let max_expanded = if rng.below(4) == 0 {
            1 + rng.below(20)
        } else {
            0
        };
        let options = NavMeshQueryOptions {
            max_expanded,
            partial_path: partial as u32,
            ..Default::default()
        };
        let limits = Limits {
            max_expanded: if max_expanded == 0 {
                usize::MAX
            } else {
                max_expanded as usize
            },
            partial_path: partial,
            ..Default::default()
        };
        let answer = ctx
            .find_path(
                rust,
                &MeshQuery::new(start, goal)
                    .with_radius(radius)
                    .with_limits(limits),
            )
            .unwrap();
        let want: Vec<NavPathPiece> = answer.path().iter().map(expected_piece).collect();
        let outcome = answer.outcome();
        let (status, result, pieces) = c_find(world, query, radius, &options, start, goal, 1024);
        ok(status);
        let what = format!("{start} -> {goal}, r = {radius}, {options:?}");
        assert_eq!(
            result.path_status,
            expected_status(outcome.status),
            "{what}"
        );
        tally[result.path_status as usize] += 1;
        assert_eq!(result.length, outcome.cost, "{what}");
        assert_eq!(result.expanded, outcome.expanded as u64, "{what}");
        assert_eq!(result.partial, outcome.partial as u32, "{what}");
        assert_eq!(result.reserved, 0);
        assert_eq!(result.piece_count as usize, want.len(), "{what}");
        assert_eq!(pieces, want, "{what}");

        let deviation = [0.01, 0.1, 0.5][rng.below(3) as usize];
        ctx.polyline(deviation, &mut polyline);
        let (status, points) = c_polyline(query, deviation);
        ok(status);
        let want: Vec<NavVec2> = polyline.iter().map(|&p| nv(p)).collect();
        assert_eq!(points, want, "polyline of {what}");

        // Spatial queries at the same points.
        let mut flag = 7u32;
        // SAFETY: valid out-pointers.
        ok(unsafe { nav_mesh_world_fits(world, nv(start), radius, &mut flag) });
        assert_eq!(
            flag,
            rust.fits(start, radius).unwrap() as u32,
            "fits at {start}"
        );

        let mut found = 7u32;
        let mut point = v(-1.0, -1.0);
        // SAFETY: valid out-pointers.
        ok(unsafe { nav_mesh_world_nearest_fit(world, nv(goal), radius, &mut point, &mut found) });
        match rust.nearest_fit(goal, radius).unwrap() {
            Some(q) => assert_eq!((found, point), (1, nv(q)), "nearest to {goal}"),
            None => assert_eq!((found, point), (0, v(-1.0, -1.0)), "nearest to {goal}"),
        }

        let dir = goal - start;
        if dir != Vec2::ZERO {
            let max = [f32::INFINITY, 5.0, 0.0][rng.below(3) as usize];
            let (mut hit, mut distance) = (7u32, -1.0f32);
            // SAFETY: valid out-pointers.
            ok(unsafe {
                nav_mesh_world_raycast(
                    world,
                    nv(start),
                    nv(dir),
                    max,
                    radius,
                    &mut distance,
                    &mut hit,
                )
            });
            match rust.raycast(start, dir, max, radius).unwrap() {
                Some(d) => assert_eq!((hit, distance), (1, d), "ray {start} along {dir}"),
                None => assert_eq!((hit, distance), (0, max), "ray {start} along {dir}"),
            }
        }

        let mut connected = 7u32;
        // SAFETY: valid out-pointer.
        ok(unsafe { nav_mesh_world_connected(world, nv(start), nv(goal), radius, &mut connected) });
        assert_eq!(
            connected,
            rust.connected(start, goal, radius).unwrap() as u32,
            "{what}"
        );
    }
}

#[test]
fn random_scenes_and_edits_equal_the_rust_api() {
    let query = new_query();
    let mut tally = [0usize; 6];
    for seed in 1..=10u64 {
        let mut rng = TestRng::new(seed);
        let mut rust = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(SIZE))).unwrap();
        let world = new_world();
        let mut ids = Vec::new();
        for _ in 0..3 + rng.below(8) {
            let obstacle = random_obstacle(&mut rng);
            let mut id = 0;
            match rust.insert(obstacle.clone()) {
                Ok(key) => {
                    ok(insert(world, &obstacle, &mut id));
                    assert_eq!(id, key.to_raw(), "ids follow the Rust world's");
                    ids.push(id);
                }
                Err(_) => assert_ne!(insert(world, &obstacle, &mut id), NavStatus::NavOk),
            }
        }
        let mut count = 0u64;
        // SAFETY: valid out-pointer.
        ok(unsafe { nav_mesh_world_count(world, &mut count) });
        assert_eq!(count, rust.len() as u64);
        compare_queries(&rust, world, query, &mut rng, &mut tally);

        // Edits: move one, remove one, add one; then compare again, and on a clone.
        if let Some(&id) = ids.first() {
            let moved = random_obstacle(&mut rng);
            let key = nav_mesh::ObstacleId::from_raw(id);
            match rust.set(key, moved.clone()) {
                Ok(_) => ok(set(world, id, &moved)),
                Err(_) => assert_ne!(set(world, id, &moved), NavStatus::NavOk),
            }
        }
        if let Some(&id) = ids.last() {
            rust.remove(nav_mesh::ObstacleId::from_raw(id)).unwrap();
            // SAFETY: a live handle.
            ok(unsafe { nav_mesh_world_remove(world, id) });
        }
        let extra = random_obstacle(&mut rng);
        let mut id = 0;
        if rust.insert(extra.clone()).is_ok() {
            ok(insert(world, &extra, &mut id));
        }
        compare_queries(&rust, world, query, &mut rng, &mut tally);
        let mut copy = ptr::null_mut();
        // SAFETY: valid pointers.
        ok(unsafe { nav_mesh_world_clone(world, &mut copy) });
        compare_queries(&rust, copy, query, &mut rng, &mut tally);
        // SAFETY: live handles, freed once.
        unsafe {
            ok(nav_mesh_world_free(copy));
            ok(nav_mesh_world_free(world));
        }
    }
    // SAFETY: a live handle.
    ok(unsafe { nav_query_free(query) });
    // The scenes must exercise more than one outcome (found, blocked, limits...).
    let found = tally[NavPathStatus::Found as usize];
    assert!(
        found >= 50 && found < tally.iter().sum::<usize>() - 20,
        "{tally:?}"
    );
    assert!(tally[NavPathStatus::StartBlocked as usize] > 0, "{tally:?}");
    assert!(tally[NavPathStatus::LimitReached as usize] > 0, "{tally:?}");
}

#[test]
fn polygon_bounds_equal_the_rust_api() {
    // An L-shaped walkable area.
    let l = [
        Vec2::new(0.0, 0.0),
        Vec2::new(30.0, 0.0),
        Vec2::new(30.0, 10.0),
        Vec2::new(10.0, 10.0),
        Vec2::new(10.0, 30.0),
        Vec2::new(0.0, 30.0),
    ];
    let rust = MeshWorld::with_polygon_bounds(&l).unwrap();
    let points: Vec<NavVec2> = l.iter().map(|&p| nv(p)).collect();
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers.
    ok(unsafe { nav_mesh_world_create_polygon(points.as_ptr(), 6, &mut world) });
    let query = new_query();
    let (status, result, pieces) = c_find(
        world,
        query,
        1.0,
        &NavMeshQueryOptions::default(),
        Vec2::new(25.0, 5.0),
        Vec2::new(5.0, 25.0),
        16,
    );
    ok(status);
    assert_eq!(result.path_status, NavPathStatus::Found as u32);
    assert!(pieces.iter().any(|p| p.kind == NavPieceKind::Arc as u32));
    let mut ctx = MeshContext::new();
    let answer = ctx
        .find_path(
            &rust,
            &MeshQuery::new(Vec2::new(25.0, 5.0), Vec2::new(5.0, 25.0)).with_radius(1.0),
        )
        .unwrap();
    assert_eq!(result.length, answer.cost());
    let want: Vec<NavPathPiece> = answer.path().iter().map(expected_piece).collect();
    assert_eq!(pieces, want);
    // Pieces join end to end, from start to goal.
    assert_eq!(pieces[0].start, v(25.0, 5.0));
    assert_eq!(pieces.last().unwrap().end, v(5.0, 25.0));
    for pair in pieces.windows(2) {
        let (a, b) = (pair[0].end, pair[1].start);
        assert!(
            (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3,
            "{pair:?}"
        );
    }
    // Outside the L: out of bounds.
    let (status, result, _) = c_find(
        world,
        query,
        0.0,
        &NavMeshQueryOptions::default(),
        Vec2::new(20.0, 20.0),
        Vec2::new(5.0, 5.0),
        16,
    );
    ok(status);
    assert_eq!(result.path_status, NavPathStatus::OutOfBounds as u32);
    // SAFETY: live handles.
    unsafe {
        ok(nav_mesh_world_free(world));
        ok(nav_query_free(query));
    }
}

#[test]
fn buffer_too_small_protocol() {
    let world = new_world();
    let mut id = 0;
    let wall = Obstacle::Box(Aabb::new(Vec2::new(19.0, 0.0), Vec2::new(21.0, 30.0)));
    ok(insert(world, &wall, &mut id));
    let query = new_query();
    let (start, goal) = (Vec2::new(5.0, 5.0), Vec2::new(35.0, 5.0));
    let options = NavMeshQueryOptions::default();
    // Capacity 0 with NULL: the number needed, nothing written.
    let mut result = NavMeshPathResult::default();
    // SAFETY: NULL buffer with capacity 0.
    let status = unsafe {
        nav_mesh_world_find_path(
            world,
            query,
            1.0,
            &options,
            nv(start),
            nv(goal),
            ptr::null_mut(),
            0,
            &mut result,
        )
    };
    fails_with(
        status,
        NavStatus::NavBufferTooSmall,
        &["out_pieces", "0 elements"],
    );
    let needed = result.piece_count;
    assert!(needed >= 3, "two tangents, an arc or two: {needed}");
    assert_eq!(result.path_status, NavPathStatus::Found as u32);
    // One short: nothing written (the sentinels stay), the count needed again.
    let sentinel = NavPathPiece {
        kind: 99,
        ..Default::default()
    };
    let mut pieces = vec![sentinel; needed as usize];
    // SAFETY: buffer of `needed - 1`.
    let status = unsafe {
        nav_mesh_world_find_path(
            world,
            query,
            1.0,
            &options,
            nv(start),
            nv(goal),
            pieces.as_mut_ptr(),
            needed - 1,
            &mut result,
        )
    };
    fails_with(
        status,
        NavStatus::NavBufferTooSmall,
        &[&format!("{needed} are needed")],
    );
    assert!(pieces.iter().all(|p| *p == sentinel));
    // The query kept the path: copy it out without searching again.
    let mut count = 0;
    // SAFETY: NULL with 0, then a buffer of `needed - 1`, then of `needed`.
    unsafe {
        fails_with(
            nav_query_mesh_path(query, ptr::null_mut(), 0, &mut count),
            NavStatus::NavBufferTooSmall,
            &["out_pieces"],
        );
        assert_eq!(count, needed);
        count = 0;
        fails_with(
            nav_query_mesh_path(query, pieces.as_mut_ptr(), needed - 1, &mut count),
            NavStatus::NavBufferTooSmall,
            &[],
        );
        assert_eq!(count, needed);
        assert!(pieces.iter().all(|p| *p == sentinel));
        ok(nav_query_mesh_path(
            query,
            pieces.as_mut_ptr(),
            needed,
            &mut count,
        ));
    }
    assert_eq!(count, needed);
    let (_, _, direct) = c_find(world, query, 1.0, &options, start, goal, needed);
    assert_eq!(pieces, direct);
    // The polyline: too small, then right.
    let mut points = vec![v(-7.0, -7.0); 2];
    // SAFETY: buffer of 2.
    let status =
        unsafe { nav_query_mesh_path_polyline(query, 0.05, points.as_mut_ptr(), 2, &mut count) };
    fails_with(
        status,
        NavStatus::NavBufferTooSmall,
        &["out_points", "the polyline"],
    );
    assert!(count > 2);
    assert_eq!(points, vec![v(-7.0, -7.0); 2]);
    let (status, points) = c_polyline(query, 0.05);
    ok(status);
    assert_eq!(points.len() as u32, count);
    assert_eq!(points[0], nv(start));
    assert_eq!(*points.last().unwrap(), nv(goal));

    // A refused query leaves no path behind, not the previous one.
    let (status, _, _) = c_find(world, query, -1.0, &options, start, goal, 8);
    fails_with(
        status,
        NavStatus::NavInvalidArgument,
        &["agent_radius", "-1"],
    );
    // SAFETY: NULL with 0.
    ok(unsafe { nav_query_mesh_path(query, ptr::null_mut(), 0, &mut count) });
    assert_eq!(count, 0);
    let (status, points) = c_polyline(query, 0.05);
    ok(status);
    assert!(points.is_empty());
    // SAFETY: live handles.
    unsafe {
        ok(nav_mesh_world_free(world));
        ok(nav_query_free(query));
    }
}

#[test]
fn every_bad_input_is_refused_and_changes_nothing() {
    let world = new_world();
    let query = new_query();
    let tri = [v(5.0, 5.0), v(10.0, 5.0), v(7.0, 9.0)];
    let mut id = 0u64;
    // SAFETY: valid pointers.
    ok(unsafe { nav_mesh_world_insert_polygon(world, tri.as_ptr(), 3, &mut id) });
    assert_ne!(id, 0);
    let count = || {
        let mut n = 0u64;
        // SAFETY: valid out-pointer.
        ok(unsafe { nav_mesh_world_count(world, &mut n) });
        n
    };
    let nan = f32::NAN;
    let inf = f32::INFINITY;
    let bowtie = [v(1.0, 1.0), v(4.0, 4.0), v(4.0, 1.0), v(1.0, 4.0)];
    let flat = [v(1.0, 1.0), v(2.0, 2.0), v(3.0, 3.0)];
    let outside = [v(100.0, 100.0), v(110.0, 100.0), v(105.0, 110.0)];
    let with_nan = [v(1.0, 1.0), v(nan, 2.0), v(3.0, 1.0)];
    let huge = [v(1.0, 1.0), v(1e30, 2.0), v(3.0, 1.0)];
    let mut out = 0u64;
    // SAFETY: every pointer is valid for the length passed, or NULL.
    unsafe {
        // Creation.
        let mut w = ptr::null_mut();
        fails_with(
            nav_mesh_world_create(ptr::null(), &mut w),
            NavStatus::NavNullPointer,
            &["bounds"],
        );
        fails_with(
            nav_mesh_world_create(&bounds(), ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_world"],
        );
        for bad in [
            NavAabb {
                min: v(nan, 0.0),
                max: v(1.0, 1.0),
            },
            NavAabb {
                min: v(0.0, 0.0),
                max: v(inf, 1.0),
            },
            NavAabb {
                min: v(0.0, 0.0),
                max: v(0.0, 1.0),
            },
            NavAabb {
                min: v(2.0, 0.0),
                max: v(1.0, 1.0),
            },
        ] {
            fails_with(
                nav_mesh_world_create(&bad, &mut w),
                NavStatus::NavInvalidArgument,
                &["bounds"],
            );
        }
        fails_with(
            nav_mesh_world_create(
                &NavAabb {
                    min: v(0.0, 0.0),
                    max: v(1e30, 1.0),
                },
                &mut w,
            ),
            NavStatus::NavInvalidArgument,
            &["bounds", "absurd"],
        );
        fails_with(
            nav_mesh_world_create_polygon(tri.as_ptr(), 2, &mut w),
            NavStatus::NavInvalidSize,
            &["points", "2 points", "at least 3"],
        );
        fails_with(
            nav_mesh_world_create_polygon(ptr::null(), 3, &mut w),
            NavStatus::NavNullPointer,
            &["points"],
        );
        fails_with(
            nav_mesh_world_create_polygon(bowtie.as_ptr(), 4, &mut w),
            NavStatus::NavInvalidArgument,
            &["bounds", "intersects itself"],
        );
        assert!(w.is_null(), "no world was written");

        // Obstacles: every refusal leaves the world as it was.
        for (points, len, status, words) in [
            (
                tri.as_ptr(),
                0u32,
                NavStatus::NavInvalidSize,
                &["0 points"][..],
            ),
            (tri.as_ptr(), 2, NavStatus::NavInvalidSize, &["2 points"]),
            (ptr::null(), 3, NavStatus::NavNullPointer, &["points"]),
            (
                tri.as_ptr(),
                u32::MAX,
                NavStatus::NavInvalidSize,
                &["at most 65536"],
            ),
            (
                tri.as_ptr(),
                65537,
                NavStatus::NavInvalidSize,
                &["65537 points"],
            ),
            (
                bowtie.as_ptr(),
                4,
                NavStatus::NavInvalidArgument,
                &["the new obstacle", "intersects itself"],
            ),
            (
                flat.as_ptr(),
                3,
                NavStatus::NavInvalidArgument,
                &["the new obstacle", "refused"],
            ),
            (
                outside.as_ptr(),
                3,
                NavStatus::NavInvalidArgument,
                &["outside the world bounds"],
            ),
            (
                with_nan.as_ptr(),
                3,
                NavStatus::NavInvalidArgument,
                &["points[1]", "finite"],
            ),
            (huge.as_ptr(), 3, NavStatus::NavInvalidArgument, &["absurd"]),
        ] {
            fails_with(
                nav_mesh_world_insert_polygon(world, points, len, &mut out),
                status,
                words,
            );
            fails_with(
                nav_mesh_world_set_polygon(world, id, points, len),
                status,
                if words[0] == "the new obstacle" {
                    &[]
                } else {
                    words
                },
            );
            assert_eq!(count(), 1);
        }
        // The id is named in a refused set.
        fails_with(
            nav_mesh_world_set_polygon(world, id, bowtie.as_ptr(), 4),
            NavStatus::NavInvalidArgument,
            &[&format!("obstacle {id}"), "intersects itself"],
        );
        fails_with(
            nav_mesh_world_insert_polygon(world, tri.as_ptr(), 3, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_obstacle"],
        );
        for (aabb, words) in [
            (
                NavAabb {
                    min: v(nan, 0.0),
                    max: v(1.0, 1.0),
                },
                &["aabb.min", "finite"][..],
            ),
            (
                NavAabb {
                    min: v(2.0, 2.0),
                    max: v(1.0, 3.0),
                },
                &["aabb", "inverted"],
            ),
            (
                NavAabb {
                    min: v(2.0, 2.0),
                    max: v(2.0, 3.0),
                },
                &["aabb", "no area"],
            ),
            (
                NavAabb {
                    min: v(200.0, 200.0),
                    max: v(300.0, 300.0),
                },
                &["outside"],
            ),
        ] {
            fails_with(
                nav_mesh_world_insert_box(world, aabb, &mut out),
                NavStatus::NavInvalidArgument,
                words,
            );
            fails_with(
                nav_mesh_world_set_box(world, id, aabb),
                NavStatus::NavInvalidArgument,
                &[],
            );
        }
        for (center, radius, words) in [
            (v(nan, 1.0), 1.0, &["center"][..]),
            (v(1.0, inf), 1.0, &["center"]),
            (v(5.0, 5.0), -1.0, &["radius", "-1"]),
            (v(5.0, 5.0), 0.0, &["radius", "greater than 0"]),
            (v(5.0, 5.0), nan, &["radius", "NaN"]),
            (v(5.0, 5.0), inf, &["radius"]),
            (v(500.0, 500.0), 1.0, &["outside"]),
        ] {
            fails_with(
                nav_mesh_world_insert_circle(world, center, radius, &mut out),
                NavStatus::NavInvalidArgument,
                words,
            );
            fails_with(
                nav_mesh_world_set_circle(world, id, center, radius),
                NavStatus::NavInvalidArgument,
                &[],
            );
        }
        assert_eq!(count(), 1);

        // Ids: 0, made up, removed.
        for bad in [0u64, 12345, id ^ (1 << 40)] {
            fails_with(
                nav_mesh_world_remove(world, bad),
                NavStatus::NavUnknownObject,
                &[&bad.to_string()],
            );
            fails_with(
                nav_mesh_world_set_circle(world, bad, v(5.0, 5.0), 1.0),
                NavStatus::NavUnknownObject,
                &[&bad.to_string()],
            );
            fails_with(
                nav_mesh_world_set_polygon(world, bad, tri.as_ptr(), 3),
                NavStatus::NavUnknownObject,
                &[],
            );
            fails_with(
                nav_mesh_world_set_box(world, bad, bounds()),
                NavStatus::NavUnknownObject,
                &[],
            );
        }
        ok(nav_mesh_world_remove(world, id));
        fails_with(
            nav_mesh_world_remove(world, id),
            NavStatus::NavUnknownObject,
            &[&format!("obstacle {id}"), "removed already"],
        );
        let mut again = 0;
        ok(nav_mesh_world_insert_polygon(
            world,
            tri.as_ptr(),
            3,
            &mut again,
        ));
        assert_ne!(again, id, "a removed id never names a later obstacle");
        fails_with(
            nav_mesh_world_set_circle(world, id, v(5.0, 5.0), 1.0),
            NavStatus::NavUnknownObject,
            &[&id.to_string()],
        );
        ok(nav_mesh_world_clear(world));
        assert_eq!(count(), 0);
        fails_with(
            nav_mesh_world_remove(world, again),
            NavStatus::NavUnknownObject,
            &[],
        );

        // Queries.
        let mut result = NavMeshPathResult::default();
        let good = NavMeshQueryOptions::default();
        let find = |radius: f32,
                    options: *const NavMeshQueryOptions,
                    start: NavVec2,
                    goal: NavVec2,
                    result: *mut NavMeshPathResult| {
            nav_mesh_world_find_path(
                world,
                query,
                radius,
                options,
                start,
                goal,
                ptr::null_mut(),
                0,
                result,
            )
        };
        let (a, b) = (v(5.0, 5.0), v(30.0, 30.0));
        fails_with(
            find(nan, &good, a, b, &mut result),
            NavStatus::NavInvalidArgument,
            &["agent_radius"],
        );
        fails_with(
            find(inf, &good, a, b, &mut result),
            NavStatus::NavInvalidArgument,
            &["agent_radius"],
        );
        fails_with(
            find(-0.5, &good, a, b, &mut result),
            NavStatus::NavInvalidArgument,
            &["agent_radius"],
        );
        fails_with(
            find(0.0, &good, v(nan, 0.0), b, &mut result),
            NavStatus::NavInvalidArgument,
            &["start"],
        );
        fails_with(
            find(0.0, &good, a, v(0.0, -inf), &mut result),
            NavStatus::NavInvalidArgument,
            &["goal"],
        );
        fails_with(
            find(0.0, &good, a, b, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_result"],
        );
        for (options, words) in [
            (
                NavMeshQueryOptions {
                    reserved: 1,
                    ..good
                },
                &["options.reserved"][..],
            ),
            (
                NavMeshQueryOptions {
                    partial_path: 2,
                    ..good
                },
                &["options.partial_path"],
            ),
            (
                NavMeshQueryOptions {
                    max_length: f64::NAN,
                    ..good
                },
                &["options.max_length"],
            ),
            (
                NavMeshQueryOptions {
                    max_length: -1.0,
                    ..good
                },
                &["options.max_length"],
            ),
        ] {
            fails_with(
                find(0.0, &options, a, b, &mut result),
                NavStatus::NavInvalidArgument,
                words,
            );
        }
        // NULL options are the defaults.
        fails_with(
            find(0.0, ptr::null(), a, b, &mut result),
            NavStatus::NavBufferTooSmall,
            &[],
        );
        assert_eq!(result.path_status, NavPathStatus::Found as u32);
        let mut pieces = [NavPathPiece::default(); 4];
        fails_with(
            nav_mesh_world_find_path(
                world,
                query,
                0.0,
                &good,
                a,
                b,
                ptr::null_mut(),
                4,
                &mut result,
            ),
            NavStatus::NavNullPointer,
            &["out_pieces"],
        );
        fails_with(
            nav_mesh_world_find_path(
                world,
                ptr::null_mut(),
                0.0,
                &good,
                a,
                b,
                pieces.as_mut_ptr(),
                4,
                &mut result,
            ),
            NavStatus::NavNullPointer,
            &["query"],
        );
        let mut n = 0u32;
        fails_with(
            nav_query_mesh_path(query, ptr::null_mut(), 0, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_count"],
        );
        fails_with(
            nav_query_mesh_path(ptr::null_mut(), ptr::null_mut(), 0, &mut n),
            NavStatus::NavNullPointer,
            &["query"],
        );
        for dev in [0.0, -1.0, nan, inf] {
            fails_with(
                nav_query_mesh_path_polyline(query, dev, ptr::null_mut(), 0, &mut n),
                NavStatus::NavInvalidArgument,
                &["max_deviation"],
            );
        }

        // Spatial queries.
        let mut flag = 0u32;
        let mut p = v(0.0, 0.0);
        let mut d = 0.0f32;
        fails_with(
            nav_mesh_world_fits(world, v(nan, 1.0), 0.0, &mut flag),
            NavStatus::NavInvalidArgument,
            &["point"],
        );
        fails_with(
            nav_mesh_world_fits(world, a, -1.0, &mut flag),
            NavStatus::NavInvalidArgument,
            &["radius"],
        );
        fails_with(
            nav_mesh_world_fits(world, a, 0.0, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_fits"],
        );
        fails_with(
            nav_mesh_world_nearest_fit(world, v(inf, 1.0), 0.0, &mut p, &mut flag),
            NavStatus::NavInvalidArgument,
            &["point"],
        );
        fails_with(
            nav_mesh_world_nearest_fit(world, a, nan, &mut p, &mut flag),
            NavStatus::NavInvalidArgument,
            &["radius"],
        );
        fails_with(
            nav_mesh_world_nearest_fit(world, a, 0.0, ptr::null_mut(), &mut flag),
            NavStatus::NavNullPointer,
            &["out_point"],
        );
        fails_with(
            nav_mesh_world_nearest_fit(world, a, 0.0, &mut p, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_found"],
        );
        fails_with(
            nav_mesh_world_raycast(world, v(nan, 0.0), b, 1.0, 0.0, &mut d, &mut flag),
            NavStatus::NavInvalidArgument,
            &["from"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, v(0.0, 0.0), 1.0, 0.0, &mut d, &mut flag),
            NavStatus::NavInvalidArgument,
            &["direction", "zero"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, v(inf, 0.0), 1.0, 0.0, &mut d, &mut flag),
            NavStatus::NavInvalidArgument,
            &["direction"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, b, -1.0, 0.0, &mut d, &mut flag),
            NavStatus::NavInvalidArgument,
            &["max_distance"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, b, nan, 0.0, &mut d, &mut flag),
            NavStatus::NavInvalidArgument,
            &["max_distance"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, b, 1.0, -2.0, &mut d, &mut flag),
            NavStatus::NavInvalidArgument,
            &["radius"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, b, 1.0, 0.0, ptr::null_mut(), &mut flag),
            NavStatus::NavNullPointer,
            &["out_distance"],
        );
        fails_with(
            nav_mesh_world_raycast(world, a, b, 1.0, 0.0, &mut d, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_hit"],
        );
        fails_with(
            nav_mesh_world_connected(world, v(nan, 0.0), b, 0.0, &mut flag),
            NavStatus::NavInvalidArgument,
            &["`a`"],
        );
        fails_with(
            nav_mesh_world_connected(world, a, v(0.0, nan), 0.0, &mut flag),
            NavStatus::NavInvalidArgument,
            &["`b`"],
        );
        fails_with(
            nav_mesh_world_connected(world, a, b, inf, &mut flag),
            NavStatus::NavInvalidArgument,
            &["radius"],
        );
        fails_with(
            nav_mesh_world_connected(world, a, b, 0.0, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_connected"],
        );
        fails_with(
            nav_mesh_world_count(world, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_count"],
        );

        ok(nav_mesh_world_free(world));
        ok(nav_query_free(query));
    }
}

#[test]
fn stale_and_mistyped_handles_are_refused() {
    let world = new_world();
    let query = new_query();
    let mut circles = ptr::null_mut();
    // SAFETY: valid pointers.
    ok(unsafe { nav_circle_world_create(&bounds(), &mut circles) });
    let tri = [v(5.0, 5.0), v(10.0, 5.0), v(7.0, 9.0)];
    let mut id = 0;
    let mut n = 0u64;
    let mut flag = 0u32;
    let mut result = NavMeshPathResult::default();
    let a = v(1.0, 1.0);
    // SAFETY: every call is checked against the live handles; no freed memory is touched.
    unsafe {
        ok(nav_mesh_world_free(ptr::null_mut()));
        // A circle world, a query where a mesh world belongs; a mesh world where a query belongs.
        let wrong = circles.cast::<NavMeshWorld>();
        fails_with(
            nav_mesh_world_count(wrong, &mut n),
            NavStatus::NavInvalidHandle,
            &["NavCircleWorld", "not a NavMeshWorld"],
        );
        fails_with(
            nav_mesh_world_insert_polygon(wrong, tri.as_ptr(), 3, &mut id),
            NavStatus::NavInvalidHandle,
            &[],
        );
        fails_with(
            nav_mesh_world_free(query.cast()),
            NavStatus::NavInvalidHandle,
            &["NavQuery"],
        );
        fails_with(
            nav_mesh_world_find_path(
                world,
                world.cast(),
                0.0,
                ptr::null(),
                a,
                a,
                ptr::null_mut(),
                0,
                &mut result,
            ),
            NavStatus::NavInvalidHandle,
            &["NavMeshWorld handle, not a NavQuery"],
        );
        fails_with(
            nav_circle_world_free(world.cast()),
            NavStatus::NavInvalidHandle,
            &["NavMeshWorld"],
        );
        // A pointer nav never made.
        let mut local = 0u64;
        let foreign = (&raw mut local).cast::<NavMeshWorld>();
        fails_with(
            nav_mesh_world_fits(foreign, a, 0.0, &mut flag),
            NavStatus::NavInvalidHandle,
            &["not a live NavMeshWorld"],
        );
        // After free: refused, and a second free is reported, not performed.
        ok(nav_mesh_world_free(world));
        let stale = world;
        fails_with(
            nav_mesh_world_count(stale, &mut n),
            NavStatus::NavInvalidHandle,
            &["freed already"],
        );
        fails_with(
            nav_mesh_world_insert_box(stale, bounds(), &mut id),
            NavStatus::NavInvalidHandle,
            &[],
        );
        fails_with(
            nav_mesh_world_remove(stale, 1),
            NavStatus::NavInvalidHandle,
            &[],
        );
        fails_with(
            nav_mesh_world_clear(stale),
            NavStatus::NavInvalidHandle,
            &[],
        );
        fails_with(
            nav_mesh_world_connected(stale, a, a, 0.0, &mut flag),
            NavStatus::NavInvalidHandle,
            &[],
        );
        fails_with(
            nav_mesh_world_find_path(
                stale,
                query,
                0.0,
                ptr::null(),
                a,
                a,
                ptr::null_mut(),
                0,
                &mut result,
            ),
            NavStatus::NavInvalidHandle,
            &["world"],
        );
        let mut copy = ptr::null_mut();
        fails_with(
            nav_mesh_world_clone(stale, &mut copy),
            NavStatus::NavInvalidHandle,
            &[],
        );
        assert!(copy.is_null());
        fails_with(
            nav_mesh_world_free(stale),
            NavStatus::NavInvalidHandle,
            &["freed already"],
        );
        ok(nav_circle_world_free(circles));
        ok(nav_query_free(query));
        fails_with(
            nav_query_mesh_path(query, ptr::null_mut(), 0, &mut 0),
            NavStatus::NavInvalidHandle,
            &[],
        );
    }
}

#[test]
fn a_world_being_read_refuses_changes() {
    // The read lock a query takes is what an edit on another thread runs into: NAV_BUSY.
    let world = new_world();
    let query = new_query();
    let world_addr = world as usize;
    let query_addr = query as usize;
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            // Hold the world by running many queries while the main thread tries edits.
            let world = world_addr as *const NavMeshWorld;
            let query = query_addr as *mut NavQuery;
            barrier.wait();
            let mut result = NavMeshPathResult::default();
            for _ in 0..2000 {
                // SAFETY: a live world and query.
                let s = unsafe {
                    nav_mesh_world_find_path(
                        world,
                        query,
                        0.5,
                        ptr::null(),
                        v(1.0, 1.0),
                        v(39.0, 39.0),
                        ptr::null_mut(),
                        0,
                        &mut result,
                    )
                };
                assert!(
                    matches!(
                        s,
                        NavStatus::NavOk | NavStatus::NavBufferTooSmall | NavStatus::NavBusy
                    ),
                    "{s:?}"
                );
            }
        });
        barrier.wait();
        let mut id = 0;
        for _ in 0..200 {
            // SAFETY: a live world.
            let s = unsafe {
                nav_mesh_world_insert_circle(
                    world_addr as *mut NavMeshWorld,
                    v(20.0, 20.0),
                    1.0,
                    &mut id,
                )
            };
            assert!(matches!(s, NavStatus::NavOk | NavStatus::NavBusy), "{s:?}");
            if s == NavStatus::NavOk {
                // The remove may be refused too while a query reads; it goes through later.
                loop {
                    // SAFETY: a live world.
                    let s = unsafe { nav_mesh_world_remove(world_addr as *mut NavMeshWorld, id) };
                    if s != NavStatus::NavBusy {
                        ok(s);
                        break;
                    }
                }
            }
        }
    });
    // SAFETY: live handles.
    unsafe {
        ok(nav_mesh_world_free(world));
        ok(nav_query_free(query));
    }
}

/// `nav_query_mesh_cache_bytes` as a plain value.
fn cache_bytes(query: *mut NavQuery) -> u64 {
    let mut held = u64::MAX;
    // SAFETY: a valid out-pointer.
    ok(unsafe { nav_query_mesh_cache_bytes(query, &mut held) });
    held
}

/// The cache limit through the C ABI: a context limited to one byte answers every query as a
/// fresh context does (the same pieces) and holds what that fresh context holds; without a
/// limit the lists add up; the limit survives the reset after a panic; NULL and dead handles
/// are refused with a message naming the function.
#[test]
fn the_mesh_cache_limit_bounds_the_lists_and_changes_no_path() {
    let world = new_world();
    let mut rng = TestRng::new(5);
    let mut id = 0;
    for _ in 0..25 {
        let _ = insert(world, &random_obstacle(&mut rng), &mut id);
    }
    let (unlimited, limited) = (new_query(), new_query());
    // SAFETY: live queries.
    ok(unsafe { nav_query_set_mesh_cache_limit(limited, 1) });
    let options = NavMeshQueryOptions::default();
    let mut found = 0;
    for _ in 0..40 {
        let s = Vec2::new(
            rng.range_f32(0.5, SIZE - 0.5),
            rng.range_f32(0.5, SIZE - 0.5),
        );
        let g = Vec2::new(
            rng.range_f32(0.5, SIZE - 0.5),
            rng.range_f32(0.5, SIZE - 0.5),
        );
        let a = c_find(world, unlimited, 0.5, &options, s, g, 256);
        let b = c_find(world, limited, 0.5, &options, s, g, 256);
        let fresh = new_query();
        let c = c_find(world, fresh, 0.5, &options, s, g, 256);
        assert_eq!((a.0, a.2.clone()), (c.0, c.2.clone()), "{s} -> {g}");
        assert_eq!((b.0, b.2), (c.0, c.2), "{s} -> {g}");
        assert_eq!((a.1.length, a.1.path_status), (b.1.length, b.1.path_status));
        assert_eq!(cache_bytes(limited), cache_bytes(fresh), "{s} -> {g}");
        found += (a.1.path_status == NavPathStatus::Found as u32) as usize;
        common::free_query(fresh);
    }
    assert!(found >= 10, "{found} found");
    assert!(cache_bytes(unlimited) > cache_bytes(limited));
    // The limit stays through the reset a panic makes: the next query starts from nothing.
    // SAFETY: a live query.
    assert_eq!(unsafe { nav_debug_panic(limited) }, NavStatus::NavPanic);
    let s = Vec2::new(1.0, 1.0);
    let g = Vec2::new(SIZE - 1.0, SIZE - 1.0);
    c_find(world, limited, 0.5, &options, s, g, 256);
    let before = cache_bytes(limited);
    c_find(world, limited, 0.5, &options, g, s, 256);
    let fresh = new_query();
    c_find(world, fresh, 0.5, &options, g, s, 256);
    assert_eq!(cache_bytes(limited), cache_bytes(fresh), "{before}");
    common::free_query(fresh);
    // 0 lifts the limit: the lists are kept again.
    // SAFETY: a live query.
    ok(unsafe { nav_query_set_mesh_cache_limit(limited, 0) });
    c_find(world, limited, 0.5, &options, s, g, 256);
    let kept = cache_bytes(limited);
    c_find(world, limited, 0.5, &options, s, g, 256);
    assert_eq!(cache_bytes(limited), kept);
    // Bad arguments.
    // SAFETY: NULL and a freed handle are checked by the library.
    unsafe {
        fails_with(
            nav_query_set_mesh_cache_limit(ptr::null_mut(), 1),
            NavStatus::NavNullPointer,
            &["nav_query_set_mesh_cache_limit", "query"],
        );
        fails_with(
            nav_query_mesh_cache_bytes(limited, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["nav_query_mesh_cache_bytes", "out_bytes"],
        );
        let dead = new_query();
        common::free_query(dead);
        fails_with(
            nav_query_set_mesh_cache_limit(dead, 1),
            NavStatus::NavInvalidHandle,
            &["nav_query_set_mesh_cache_limit", "query"],
        );
        let mut held = 0;
        fails_with(
            nav_query_mesh_cache_bytes(dead, &mut held),
            NavStatus::NavInvalidHandle,
            &["nav_query_mesh_cache_bytes", "query"],
        );
    }
    common::free_query(unlimited);
    common::free_query(limited);
    // SAFETY: a live world.
    ok(unsafe { nav_mesh_world_free(world) });
}
