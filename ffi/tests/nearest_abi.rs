//! `nav_world_find_nearest`, `nav_circle_world_find_nearest` and
//! `nav_mesh_world_find_nearest` against the Rust answers and one `*_find_path` per goal,
//! hostile inputs; `nav_query_slice_state` reads a sliced query's state without stepping it.

mod common;

use std::ptr;

use common::{aabb, fails_with, free_query, grid_from_ascii, new_query, ok, v};
use nav_ffi::*;

fn agent(radius: f32) -> NavAgentDesc {
    NavAgentDesc {
        radius,
        step: 0.5,
        ..Default::default()
    }
}

fn agent_world() -> (*mut NavWorld, nav_agent::World) {
    let bounds = aabb(0.0, 0.0, 30.0, 10.0);
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers.
    ok(unsafe { nav_world_create(&bounds, 0.0, &mut world) });
    let mut rust = nav_agent::World::new(nav_geom::Aabb::new(
        nav_geom::Vec2::ZERO,
        nav_geom::Vec2::new(30.0, 10.0),
    ))
    .unwrap();
    let boxes = [(14.0, 0.0, 16.0, 9.0), (20.0, 3.0, 21.0, 10.0)];
    for (x0, y0, x1, y1) in boxes {
        let mut id = 0;
        // SAFETY: valid pointers.
        ok(unsafe { nav_world_insert_box(world, aabb(x0, y0, x1, y1), 0, &mut id) });
        rust.insert_static(nav_geom::Aabb::new(
            nav_geom::Vec2::new(x0, y0),
            nav_geom::Vec2::new(x1, y1),
        ))
        .unwrap();
    }
    (world, rust)
}

/// One `nav_world_find_nearest` call: status, result, goal index, points.
fn world_nearest(
    world: *const NavWorld,
    query: *mut NavQuery,
    start: NavVec2,
    goals: &[NavVec2],
    capacity: u32,
) -> (NavStatus, NavWorldPathResult, u32, Vec<NavVec2>) {
    let mut points = vec![v(-1.0, -1.0); capacity as usize];
    let mut result = NavWorldPathResult::default();
    let mut index = 7;
    // SAFETY: valid buffers of the lengths given.
    let status = unsafe {
        nav_world_find_nearest(
            world,
            query,
            &agent(0.5),
            ptr::null(),
            start,
            if goals.is_empty() {
                ptr::null()
            } else {
                goals.as_ptr()
            },
            goals.len() as u32,
            if capacity == 0 {
                ptr::null_mut()
            } else {
                points.as_mut_ptr()
            },
            capacity,
            &mut result,
            &mut index,
        )
    };
    points.truncate(result.point_count.min(capacity) as usize);
    (status, result, index, points)
}

#[test]
fn world_nearest_matches_rust_and_one_query_per_goal() {
    let (world, rust) = agent_world();
    let query = new_query();
    let start = v(10.0, 2.0);
    let goals = [
        v(28.0, 2.0),
        v(2.0, 8.0),
        v(-5.0, 0.0),
        v(15.0, 5.0),
        v(25.0, 8.0),
    ];
    let (status, result, index, points) = world_nearest(world, query, start, &goals, 256);
    ok(status);
    assert_eq!(result.path_status, NavPathStatus::Found as u32);
    // Rust's answer.
    let rust_goals: Vec<nav_geom::Vec2> = goals
        .iter()
        .map(|g| nav_geom::Vec2::new(g.x, g.y))
        .collect();
    let mut ctx = nav_agent::AgentContext::new();
    let q = nav_agent::AgentQuery::new(nav_geom::Vec2::new(10.0, 2.0), nav_geom::Vec2::ZERO)
        .with_radius(0.5)
        .with_step(0.5)
        .with_limits(
            nav_search::Limits::default().with_max_expanded(nav_agent::DEFAULT_MAX_EXPANDED),
        );
    let expected = ctx.find_nearest(&rust, &q, &rust_goals).unwrap();
    assert_eq!(Some(index as usize), expected.goal);
    assert_eq!(result.length, expected.answer.cost());
    let expected_points: Vec<NavVec2> =
        expected.answer.path().iter().map(|p| v(p.x, p.y)).collect();
    assert_eq!(points, expected_points);
    assert_eq!(points.last(), Some(&goals[index as usize]));
    // One nav_world_find_path per goal: the chosen one is found, none found is shorter in
    // lattice length (the smoothed lengths here are those of the raw paths' ends).
    for (k, goal) in goals.iter().enumerate() {
        let mut one = NavWorldPathResult::default();
        // SAFETY: no buffer (capacity 0): the size only.
        let status = unsafe {
            nav_world_find_path(
                world,
                query,
                &agent(0.5),
                ptr::null(),
                start,
                *goal,
                ptr::null_mut(),
                0,
                &mut one,
            )
        };
        assert!(matches!(
            status,
            NavStatus::NavOk | NavStatus::NavBufferTooSmall
        ));
        if k == index as usize {
            assert_eq!(one.path_status, NavPathStatus::Found as u32);
            assert_eq!(one.length, result.length);
        }
    }
    // A buffer too small: the size, and nav_query_world_path copies the path.
    let (status, result, again, _) = world_nearest(world, query, start, &goals, 1);
    fails_with(
        status,
        NavStatus::NavBufferTooSmall,
        &["nav_world_find_nearest"],
    );
    assert_eq!(
        (again, result.point_count as usize),
        (index, expected_points.len())
    );
    let mut copied = vec![v(0.0, 0.0); 64];
    let mut count = 0;
    // SAFETY: valid buffers.
    ok(unsafe { nav_query_world_path(query, copied.as_mut_ptr(), 64, &mut count) });
    copied.truncate(count as usize);
    assert_eq!(copied, expected_points);

    // Outcomes: no goals, all outside, all blocked, none reachable.
    let status_of = |goals: &[NavVec2]| {
        let (status, result, index, points) = world_nearest(world, query, start, goals, 16);
        ok(status);
        (result.path_status, index, points.len())
    };
    let goal_blocked = NavPathStatus::GoalBlocked as u32;
    assert_eq!(status_of(&[]), (goal_blocked, u32::MAX, 0));
    assert_eq!(
        status_of(&[v(-5.0, 0.0)]),
        (NavPathStatus::OutOfBounds as u32, u32::MAX, 0)
    );
    assert_eq!(
        status_of(&[v(15.0, 5.0), v(-5.0, 0.0)]),
        (goal_blocked, u32::MAX, 0)
    );
    // SAFETY: the handles made here.
    unsafe {
        nav_world_free(world);
    }
    free_query(query);
}

#[test]
fn circle_nearest_matches_rust_and_one_query_per_goal() {
    let bounds = aabb(-20.0, -20.0, 20.0, 20.0);
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers.
    ok(unsafe { nav_circle_world_create(&bounds, &mut world) });
    let mut rust = nav_tangent::CircleWorld::new(nav_geom::Aabb::new(
        nav_geom::Vec2::splat(-20.0),
        nav_geom::Vec2::splat(20.0),
    ))
    .unwrap();
    for (x, y, r) in [(4.0, 0.0, 3.0), (-6.0, 5.0, 2.0), (0.0, -9.0, 4.0)] {
        let mut id = 0;
        // SAFETY: valid pointers.
        ok(unsafe { nav_circle_world_insert(world, v(x, y), r, &mut id) });
        rust.insert(nav_geom::Circle::new(nav_geom::Vec2::new(x, y), r))
            .unwrap();
    }
    let query = new_query();
    let goals = [
        v(8.0, 0.0),
        v(0.0, 8.5),
        v(4.0, 0.0),
        v(-13.0, 5.0),
        v(30.0, 0.0),
    ];
    let run = |goals: &[NavVec2], capacity: u32| {
        let mut pieces = vec![NavPathPiece::default(); capacity as usize];
        let mut result = NavCirclePathResult::default();
        let mut index = 7;
        // SAFETY: valid buffers of the lengths given.
        let status = unsafe {
            nav_circle_world_find_nearest(
                world,
                query,
                0.5,
                ptr::null(),
                v(0.0, 0.0),
                if goals.is_empty() {
                    ptr::null()
                } else {
                    goals.as_ptr()
                },
                goals.len() as u32,
                if capacity == 0 {
                    ptr::null_mut()
                } else {
                    pieces.as_mut_ptr()
                },
                capacity,
                &mut result,
                &mut index,
            )
        };
        pieces.truncate(result.piece_count.min(capacity) as usize);
        (status, result, index, pieces)
    };
    let (status, result, index, pieces) = run(&goals, 64);
    ok(status);
    let rust_goals: Vec<nav_geom::Vec2> = goals
        .iter()
        .map(|g| nav_geom::Vec2::new(g.x, g.y))
        .collect();
    let mut ctx = nav_tangent::CircleContext::new();
    let q =
        nav_tangent::CircleQuery::new(nav_geom::Vec2::ZERO, nav_geom::Vec2::ZERO).with_radius(0.5);
    let expected = ctx.find_nearest(&rust, &q, &rust_goals).unwrap();
    assert_eq!(Some(index as usize), expected.goal);
    assert_eq!(result.length, expected.answer.cost());
    assert_eq!(pieces.len(), expected.answer.path().len());
    assert_eq!(pieces.last().map(|p| p.end), Some(goals[index as usize]));
    // The shortest of one nav_circle_world_find_path per goal.
    let mut best = f64::INFINITY;
    for goal in &goals {
        let mut one = NavCirclePathResult::default();
        // SAFETY: no buffer (capacity 0): the size only.
        let status = unsafe {
            nav_circle_world_find_path(
                world,
                query,
                0.5,
                ptr::null(),
                v(0.0, 0.0),
                *goal,
                ptr::null_mut(),
                0,
                &mut one,
            )
        };
        assert!(matches!(
            status,
            NavStatus::NavOk | NavStatus::NavBufferTooSmall
        ));
        if one.path_status == NavPathStatus::Found as u32 {
            best = best.min(one.length);
        }
    }
    assert!(
        (result.length - best).abs() <= 1e-9 * best,
        "{} vs {best}",
        result.length
    );
    // Too small a buffer: nav_query_circle_path copies the pieces afterwards.
    let (status, _, again, _) = run(&goals, 0);
    fails_with(
        status,
        NavStatus::NavBufferTooSmall,
        &["nav_circle_world_find_nearest"],
    );
    assert_eq!(again, index);
    let mut count = 0;
    // SAFETY: size only.
    let status = unsafe { nav_query_circle_path(query, ptr::null_mut(), 0, &mut count) };
    assert_eq!(
        (status, count as usize),
        (NavStatus::NavBufferTooSmall, pieces.len())
    );

    // Hostile input.
    let nan = [v(1.0, 1.0), v(f32::NAN, 0.0)];
    fails_with(run(&nan, 8).0, NavStatus::NavInvalidArgument, &["goals[1]"]);
    let mut result = NavCirclePathResult::default();
    let mut index = 0;
    // SAFETY: hostile on purpose: NULL goals with a count, NULL outputs, a bad radius.
    unsafe {
        let status = nav_circle_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            ptr::null(),
            3,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["goals"]);
        let status = nav_circle_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            ptr::null_mut(),
        );
        fails_with(status, NavStatus::NavNullPointer, &["out_goal_index"]);
        let status = nav_circle_world_find_nearest(
            world,
            query,
            -1.0,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidArgument, &["agent_radius"]);
        let status = nav_circle_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            NAV_MAX_NEAREST_GOALS + 1,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidSize, &["goals"]);
        let status = nav_circle_world_find_nearest(
            ptr::null(),
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["world"]);
    }
    // A refused call leaves no path behind.
    // SAFETY: size only.
    let status = unsafe { nav_query_circle_path(query, ptr::null_mut(), 0, &mut count) };
    assert_eq!((status, count), (NavStatus::NavOk, 0));
    let (status, result, index, _) = run(&[], 8);
    ok(status);
    assert_eq!(
        (result.path_status, index),
        (NavPathStatus::GoalBlocked as u32, u32::MAX)
    );
    // SAFETY: the handles made here.
    unsafe {
        nav_circle_world_free(world);
    }
    free_query(query);
}

#[test]
fn world_nearest_refuses_hostile_input() {
    let (world, _) = agent_world();
    let query = new_query();
    let goals = [v(28.0, 2.0), v(f32::INFINITY, 1.0)];
    let (status, ..) = world_nearest(world, query, v(10.0, 2.0), &goals, 8);
    fails_with(status, NavStatus::NavInvalidArgument, &["goals[1]"]);
    let (status, ..) = world_nearest(world, query, v(f32::NAN, 2.0), &goals[..1], 8);
    fails_with(status, NavStatus::NavInvalidArgument, &["start"]);
    // At most NAV_MAX_NEAREST_GOALS goals.
    let many = vec![v(28.0, 2.0); NAV_MAX_NEAREST_GOALS as usize + 1];
    let (status, ..) = world_nearest(world, query, v(10.0, 2.0), &many, 8);
    fails_with(status, NavStatus::NavInvalidSize, &["goals", "1024"]);
    let (status, ..) = world_nearest(world, query, v(10.0, 2.0), &many[1..], 64);
    ok(status);
    let mut result = NavWorldPathResult::default();
    let mut index = 0;
    // SAFETY: hostile on purpose.
    unsafe {
        let status = nav_world_find_nearest(
            world,
            query,
            ptr::null(),
            ptr::null(),
            v(1.0, 1.0),
            goals.as_ptr(),
            1,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["agent"]);
        let status = nav_world_find_nearest(
            world,
            query,
            &agent(0.5),
            ptr::null(),
            v(1.0, 1.0),
            ptr::null(),
            1,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["goals"]);
        let status = nav_world_find_nearest(
            world,
            query,
            &agent(0.5),
            ptr::null(),
            v(1.0, 1.0),
            goals.as_ptr(),
            1,
            ptr::null_mut(),
            0,
            &mut result,
            ptr::null_mut(),
        );
        fails_with(status, NavStatus::NavNullPointer, &["out_goal_index"]);
        let status = nav_world_find_nearest(
            world,
            query,
            &agent(-0.5),
            ptr::null(),
            v(1.0, 1.0),
            goals.as_ptr(),
            1,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidArgument, &["radius"]);
        let status = nav_world_find_nearest(
            world,
            query,
            &agent(0.5),
            ptr::null(),
            v(1.0, 1.0),
            goals.as_ptr(),
            u32::MAX,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidSize, &["goals"]);
        let status = nav_world_find_nearest(
            world,
            ptr::null_mut(),
            &agent(0.5),
            ptr::null(),
            v(1.0, 1.0),
            goals.as_ptr(),
            1,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["query"]);
        nav_world_free(world);
    }
    free_query(query);
}

fn slice_state(query: *mut NavQuery, navigator: u32) -> (NavStatus, NavSliceState) {
    let mut state = NavSliceState {
        stage: 99,
        ..Default::default()
    };
    // SAFETY: valid out-pointer.
    let status = unsafe { nav_query_slice_state(query, navigator, &mut state) };
    (status, state)
}

#[test]
fn slice_state_reads_without_stepping() {
    let grid = grid_from_ascii(&[
        "..........",
        ".@@@@@@@@.",
        ".@......@.",
        ".@.@@@@.@.",
        "...@......",
    ]);
    let query = new_query();
    let idle = NavSliceState::default();
    for navigator in 0..4 {
        let (status, state) = slice_state(query, navigator);
        ok(status);
        assert_eq!(state, idle);
    }
    let mut state = NavSliceState::default();
    // SAFETY: valid pointers.
    ok(unsafe {
        nav_grid_slice_begin(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            common::cell(0, 0),
            common::cell(5, 2),
            &mut state,
        )
    });
    assert_eq!(state.stage, NavSliceStage::Running as u32);
    assert_eq!(slice_state(query, NavSliceNavigator::Grid as u32).1, state);
    let mut steps = 0;
    while state.stage == NavSliceStage::Running as u32 {
        // SAFETY: valid pointers.
        ok(unsafe { nav_grid_slice_step(grid, query, ptr::null(), 3, &mut state) });
        let (status, read) = slice_state(query, NavSliceNavigator::Grid as u32);
        ok(status);
        assert_eq!(read, state, "reading is what the step wrote");
        // Reading again changes nothing.
        assert_eq!(slice_state(query, NavSliceNavigator::Grid as u32).1, state);
        steps += 1;
    }
    assert!(steps > 1);
    assert_eq!(state.path_status, NavPathStatus::Found as u32);
    // The other navigators' sliced queries are untouched.
    assert_eq!(slice_state(query, NavSliceNavigator::World as u32).1, idle);
    ok(nav_query_slice_cancel(query));
    assert_eq!(slice_state(query, 0).1, idle);
    // Hostile input.
    fails_with(
        slice_state(query, 4).0,
        NavStatus::NavInvalidArgument,
        &["navigator"],
    );
    fails_with(
        slice_state(ptr::null_mut(), 0).0,
        NavStatus::NavNullPointer,
        &["query"],
    );
    // SAFETY: a NULL out-pointer on purpose.
    let status = unsafe { nav_query_slice_state(query, 0, ptr::null_mut()) };
    fails_with(status, NavStatus::NavNullPointer, &["out_state"]);
    common::free_grid(grid);
    free_query(query);
}

#[test]
fn mesh_nearest_matches_rust_and_one_query_per_goal() {
    let bounds = aabb(-20.0, -20.0, 20.0, 20.0);
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers.
    ok(unsafe { nav_mesh_world_create(&bounds, &mut world) });
    let mut rust = nav_mesh::MeshWorld::new(nav_geom::Aabb::new(
        nav_geom::Vec2::splat(-20.0),
        nav_geom::Vec2::splat(20.0),
    ))
    .unwrap();
    let mut id = 0;
    // SAFETY: valid pointers.
    ok(unsafe { nav_mesh_world_insert_box(world, aabb(2.0, -3.0, 6.0, 3.0), &mut id) });
    ok(unsafe { nav_mesh_world_insert_circle(world, v(-6.0, 5.0), 2.0, &mut id) });
    let rect = nav_geom::Aabb::new(
        nav_geom::Vec2::new(2.0, -3.0),
        nav_geom::Vec2::new(6.0, 3.0),
    );
    rust.insert(nav_mesh::Obstacle::Box(rect)).unwrap();
    let disc = nav_geom::Circle::new(nav_geom::Vec2::new(-6.0, 5.0), 2.0);
    rust.insert(nav_mesh::Obstacle::Circle(disc)).unwrap();
    let query = new_query();
    let goals = [
        v(8.0, 0.0),
        v(-9.0, 9.0),
        v(4.0, 0.0),
        v(-13.0, 5.0),
        v(30.0, 0.0),
    ];
    let run = |goals: &[NavVec2], capacity: u32| {
        let mut pieces = vec![NavPathPiece::default(); capacity as usize];
        let mut result = NavMeshPathResult::default();
        let mut index = 7;
        // SAFETY: valid buffers of the lengths given.
        let status = unsafe {
            nav_mesh_world_find_nearest(
                world,
                query,
                0.5,
                ptr::null(),
                v(0.0, 0.0),
                if goals.is_empty() {
                    ptr::null()
                } else {
                    goals.as_ptr()
                },
                goals.len() as u32,
                if capacity == 0 {
                    ptr::null_mut()
                } else {
                    pieces.as_mut_ptr()
                },
                capacity,
                &mut result,
                &mut index,
            )
        };
        pieces.truncate(result.piece_count.min(capacity) as usize);
        (status, result, index, pieces)
    };
    let (status, result, index, pieces) = run(&goals, 64);
    ok(status);
    assert_eq!(result.path_status, NavPathStatus::Found as u32);
    let rust_goals: Vec<nav_geom::Vec2> = goals
        .iter()
        .map(|g| nav_geom::Vec2::new(g.x, g.y))
        .collect();
    let mut ctx = nav_mesh::MeshContext::new();
    let q = nav_mesh::MeshQuery::new(nav_geom::Vec2::ZERO, nav_geom::Vec2::ZERO).with_radius(0.5);
    let expected = ctx.find_nearest(&rust, &q, &rust_goals).unwrap();
    assert_eq!(Some(index as usize), expected.goal);
    assert_eq!(result.length, expected.answer.cost());
    assert_eq!(result.expanded, expected.answer.expanded() as u64);
    assert_eq!(pieces.len(), expected.answer.path().len());
    assert_eq!(pieces.last().map(|p| p.end), Some(goals[index as usize]));
    // The shortest of one nav_mesh_world_find_path per goal.
    let mut best = f64::INFINITY;
    for goal in &goals {
        let mut one = NavMeshPathResult::default();
        // SAFETY: no buffer (capacity 0): the size only.
        let status = unsafe {
            nav_mesh_world_find_path(
                world,
                query,
                0.5,
                ptr::null(),
                v(0.0, 0.0),
                *goal,
                ptr::null_mut(),
                0,
                &mut one,
            )
        };
        assert!(matches!(
            status,
            NavStatus::NavOk | NavStatus::NavBufferTooSmall
        ));
        if one.path_status == NavPathStatus::Found as u32 {
            best = best.min(one.length);
        }
    }
    assert!(
        (result.length - best).abs() <= 1e-9 * best,
        "{} vs {best}",
        result.length
    );
    // Too small a buffer: nav_query_mesh_path copies the pieces afterwards, and the polyline
    // reads the same path.
    let (status, _, again, _) = run(&goals, 0);
    fails_with(
        status,
        NavStatus::NavBufferTooSmall,
        &["nav_mesh_world_find_nearest"],
    );
    assert_eq!(again, index);
    let mut count = 0;
    // SAFETY: size only.
    let status = unsafe { nav_query_mesh_path(query, ptr::null_mut(), 0, &mut count) };
    assert_eq!(
        (status, count as usize),
        (NavStatus::NavBufferTooSmall, pieces.len())
    );
    let mut points = vec![v(0.0, 0.0); 256];
    // SAFETY: a buffer of 256 points.
    ok(unsafe { nav_query_mesh_path_polyline(query, 0.05, points.as_mut_ptr(), 256, &mut count) });
    assert_eq!(points[count as usize - 1], goals[index as usize]);

    // Limits through the options: a length bound below every goal.
    let options = NavMeshQueryOptions {
        max_length: 3.0,
        ..Default::default()
    };
    let mut limited = NavMeshPathResult::default();
    let mut limited_index = 0;
    // SAFETY: valid pointers, no buffer.
    let status = unsafe {
        nav_mesh_world_find_nearest(
            world,
            query,
            0.5,
            &options,
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut limited,
            &mut limited_index,
        )
    };
    ok(status);
    assert_eq!(
        (limited.path_status, limited_index),
        (NavPathStatus::LimitReached as u32, u32::MAX)
    );

    // Hostile input.
    let nan = [v(1.0, 1.0), v(f32::NAN, 0.0)];
    fails_with(run(&nan, 8).0, NavStatus::NavInvalidArgument, &["goals[1]"]);
    let mut result = NavMeshPathResult::default();
    let mut index = 0;
    // SAFETY: hostile on purpose: NULL goals with a count, NULL outputs, a bad radius.
    unsafe {
        let status = nav_mesh_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            ptr::null(),
            3,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["goals"]);
        let status = nav_mesh_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            ptr::null_mut(),
        );
        fails_with(status, NavStatus::NavNullPointer, &["out_goal_index"]);
        let status = nav_mesh_world_find_nearest(
            world,
            query,
            f32::NAN,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidArgument, &["agent_radius"]);
        let status = nav_mesh_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(f32::INFINITY, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidArgument, &["start"]);
        let status = nav_mesh_world_find_nearest(
            world,
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            NAV_MAX_NEAREST_GOALS + 1,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavInvalidSize, &["goals"]);
        let status = nav_mesh_world_find_nearest(
            ptr::null(),
            query,
            0.5,
            ptr::null(),
            v(0.0, 0.0),
            goals.as_ptr(),
            2,
            ptr::null_mut(),
            0,
            &mut result,
            &mut index,
        );
        fails_with(status, NavStatus::NavNullPointer, &["world"]);
    }
    // A refused call leaves no path behind.
    // SAFETY: size only.
    let status = unsafe { nav_query_mesh_path(query, ptr::null_mut(), 0, &mut count) };
    assert_eq!((status, count), (NavStatus::NavOk, 0));
    let (status, result, index, _) = run(&[], 8);
    ok(status);
    assert_eq!(
        (result.path_status, index),
        (NavPathStatus::GoalBlocked as u32, u32::MAX)
    );
    let (status, result, index, _) = run(&goals[2..3], 8);
    ok(status);
    assert_eq!(
        (result.path_status, index),
        (NavPathStatus::GoalBlocked as u32, u32::MAX)
    );
    let (status, result, _, _) = run(&goals[4..], 8);
    ok(status);
    assert_eq!(result.path_status, NavPathStatus::OutOfBounds as u32);
    // SAFETY: the handles made here.
    unsafe {
        nav_mesh_world_free(world);
    }
    free_query(query);
}
