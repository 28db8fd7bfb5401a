//! A warm `NavMeshWorld` path query through the C ABI allocates nothing (search, copy-out,
//! polyline), proven with a counting global allocator. (The spatial queries, `fits` /
//! `nearest_fit` / `raycast` / `connected`, take no query context and allocate their scratch
//! memory per call, as nav-mesh's `MeshWorld` methods do.)

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn v(x: f32, y: f32) -> NavVec2 {
    NavVec2 { x, y }
}

#[test]
fn warm_mesh_queries_through_the_abi_allocate_nothing() {
    let mut world = ptr::null_mut();
    let bounds = NavAabb {
        min: v(0.0, 0.0),
        max: v(60.0, 40.0),
    };
    // SAFETY: valid pointers throughout; the handles are live until freed at the end.
    unsafe {
        ok(nav_mesh_world_create(&bounds, &mut world));
        let mut id = 0;
        let wall = NavAabb {
            min: v(28.0, 0.0),
            max: v(32.0, 30.0),
        };
        ok(nav_mesh_world_insert_box(world, wall, &mut id));
        let star: Vec<NavVec2> = (0..10)
            .map(|k| {
                let a = k as f32 * std::f32::consts::PI / 5.0;
                let r = if k % 2 == 0 { 4.0 } else { 1.5 };
                v(45.0 + r * a.cos(), 20.0 + r * a.sin())
            })
            .collect();
        ok(nav_mesh_world_insert_polygon(
            world,
            star.as_ptr(),
            10,
            &mut id,
        ));
        ok(nav_mesh_world_insert_circle(
            world,
            v(15.0, 25.0),
            3.0,
            &mut id,
        ));
        let query = new_query();
        let mut pieces = vec![NavPathPiece::default(); 512];
        let mut points = vec![NavVec2::default(); 4096];
        let options = NavMeshQueryOptions {
            partial_path: 1,
            ..Default::default()
        };
        let mut run_all = || {
            for (i, radius) in [0.0f32, 0.5, 1.5, 2.5].into_iter().enumerate() {
                let mut result = NavMeshPathResult::default();
                let (start, goal) = (v(3.0, 3.0 + i as f32), v(57.0, 20.0 - i as f32));
                ok(nav_mesh_world_find_path(
                    world,
                    query,
                    radius,
                    &options,
                    start,
                    goal,
                    pieces.as_mut_ptr(),
                    512,
                    &mut result,
                ));
                assert_eq!(result.path_status, NavPathStatus::Found as u32);
                let mut count = 0;
                ok(nav_query_mesh_path(
                    query,
                    pieces.as_mut_ptr(),
                    512,
                    &mut count,
                ));
                ok(nav_query_mesh_path_polyline(
                    query,
                    0.05,
                    points.as_mut_ptr(),
                    4096,
                    &mut count,
                ));
            }
        };
        run_all();
        run_all();
        let n = allocations_during(&mut run_all);
        assert_eq!(
            n, 0,
            "warm mesh queries through the ABI allocated {n} times"
        );
        ok(nav_query_free(query));
        ok(nav_mesh_world_free(world));
    }
}
