//! Time-sliced queries through the C ABI: the answers equal `*_find_path`'s for many budgets,
//! edits between steps give `NAV_WORLD_CHANGED`, and bad arguments are refused.

mod common;

use std::ptr;

use common::{
    aabb, cell, fails_with, find, free_grid, free_query, grid_from_ascii, new_query, ok, v,
};
use nav_ffi::*;

const BUDGETS: [u32; 5] = [1, 2, 7, 256, u32::MAX];

/// Steps until the query ends; the final state and the number of steps.
fn run_to_end(
    begun: NavSliceState,
    mut step: impl FnMut(&mut NavSliceState) -> NavStatus,
) -> (NavSliceState, u32) {
    let mut state = begun;
    let mut steps = 0;
    while state.stage == NavSliceStage::Running as u32 {
        let before = state.expanded;
        ok(step(&mut state));
        assert!(state.expanded >= before);
        steps += 1;
        assert!(steps < 1_000_000);
    }
    assert_eq!(state.stage, NavSliceStage::Finished as u32);
    (state, steps)
}

const ROOMS: [&str; 7] = [
    "..............",
    ".@@@@@@@@@@@@.",
    ".@..........@.",
    ".@.@@@@@@@@.@.",
    ".@.@......@.@.",
    "...@..@@..@...",
    "...@......@...",
];

fn grid_begin(
    grid: *const NavGrid,
    query: *mut NavQuery,
    start: NavCell,
    goal: NavCell,
    options: Option<&NavGridQueryOptions>,
) -> (NavStatus, NavSliceState) {
    let mut state = NavSliceState::default();
    // SAFETY: valid pointers (or NULL options).
    let status = unsafe {
        nav_grid_slice_begin(
            grid,
            query,
            ptr::null(),
            options.map_or(ptr::null(), |o| o as *const _),
            start,
            goal,
            &mut state,
        )
    };
    (status, state)
}

fn grid_step(
    grid: *const NavGrid,
    query: *mut NavQuery,
    budget: u32,
    state: &mut NavSliceState,
) -> NavStatus {
    // SAFETY: valid out-pointer; handles are checked.
    unsafe { nav_grid_slice_step(grid, query, ptr::null(), budget, state) }
}

#[test]
fn grid_slices_equal_find_path() {
    let grid = grid_from_ascii(&ROOMS);
    let query = new_query();
    let pairs = [
        (cell(0, 0), cell(13, 6)),
        (cell(0, 6), cell(5, 4)),
        (cell(0, 0), cell(1, 1)), // goal blocked
        (cell(2, 2), cell(2, 2)), // start = goal
    ];
    let options = [
        NavGridQueryOptions::default(),
        NavGridQueryOptions {
            max_expanded: 5,
            partial_path: 1,
            ..Default::default()
        },
        NavGridQueryOptions {
            agent_size: 2,
            ..Default::default()
        },
    ];
    for (start, goal) in pairs {
        for opts in &options {
            let expected = find(grid, query, ptr::null(), Some(opts), start, goal, 256);
            ok(expected.status);
            for budget in BUDGETS {
                let (status, begun) = grid_begin(grid, query, start, goal, Some(opts));
                ok(status);
                let (state, _) = run_to_end(begun, |s| grid_step(grid, query, budget, s));
                let r = expected.result;
                assert_eq!(
                    (
                        state.path_status,
                        state.cost.to_bits(),
                        state.expanded,
                        state.count
                    ),
                    (r.path_status, r.cost.to_bits(), r.expanded, r.cell_count),
                    "{start:?} -> {goal:?} {opts:?} budget {budget}"
                );
                let mut cells = vec![NavCell::default(); 256];
                let mut costs = vec![0.0; 256];
                let mut count = 0;
                // SAFETY: buffers of 256 elements.
                ok(unsafe {
                    nav_query_grid_path(
                        query,
                        cells.as_mut_ptr(),
                        costs.as_mut_ptr(),
                        256,
                        &mut count,
                    )
                });
                cells.truncate(count as usize);
                costs.truncate(count as usize);
                assert_eq!(cells, expected.cells);
                assert_eq!(costs, expected.costs);
                // A finished query steps to the same state.
                let mut again = NavSliceState::default();
                ok(grid_step(grid, query, 1, &mut again));
                assert_eq!(again, state);
            }
        }
    }
    free_query(query);
    free_grid(grid);
}

#[test]
fn grid_edits_other_grids_bad_budgets_and_cancel() {
    let grid = grid_from_ascii(&ROOMS);
    let query = new_query();
    let (start, goal) = (cell(0, 0), cell(13, 6));
    // An edit between two steps.
    let (status, mut state) = grid_begin(grid, query, start, goal, None);
    ok(status);
    assert_eq!(state.stage, NavSliceStage::Running as u32);
    ok(grid_step(grid, query, 1, &mut state));
    // SAFETY: a live grid.
    ok(unsafe { nav_grid_set_blocked(grid, 13, 0, 0) });
    fails_with(
        grid_step(grid, query, 1, &mut state),
        NavStatus::NavWorldChanged,
        &["nav_grid_slice_step", "edited", "begin it again"],
    );
    ok(grid_step(grid, query, 1, &mut state));
    assert_eq!(state.stage, NavSliceStage::Idle as u32, "cancelled");
    // Another grid, even an unedited clone's original after the clone was taken.
    let (status, _) = grid_begin(grid, query, start, goal, None);
    ok(status);
    let other = grid_from_ascii(&ROOMS);
    fails_with(
        grid_step(other, query, 1, &mut state),
        NavStatus::NavWorldChanged,
        &["another"],
    );
    // Other rules.
    let (status, _) = grid_begin(grid, query, start, goal, None);
    ok(status);
    let (rules_status, rules) = common::rules(
        &NavGridRulesDesc {
            moves: 1,
            ..Default::default()
        },
        &[],
    );
    ok(rules_status);
    // SAFETY: live handles.
    let status = unsafe { nav_grid_slice_step(grid, query, rules, 1, &mut state) };
    fails_with(status, NavStatus::NavWorldChanged, &["rules"]);
    // SAFETY: a live rules handle.
    ok(unsafe { nav_grid_rules_free(rules) });
    // A budget of 0, NULL pointers, bad endpoints.
    let (status, _) = grid_begin(grid, query, start, goal, None);
    ok(status);
    fails_with(
        grid_step(grid, query, 0, &mut state),
        NavStatus::NavInvalidArgument,
        &["max_expansions"],
    );
    // SAFETY: NULL out-pointer, checked.
    let status = unsafe { nav_grid_slice_step(grid, query, ptr::null(), 5, ptr::null_mut()) };
    fails_with(status, NavStatus::NavNullPointer, &["out_state"]);
    // SAFETY: NULL out-pointer, checked.
    let status = unsafe {
        nav_grid_slice_begin(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            start,
            goal,
            ptr::null_mut(),
        )
    };
    fails_with(status, NavStatus::NavNullPointer, &["out_state"]);
    let (status, _) = grid_begin(grid, ptr::null_mut(), start, goal, None);
    fails_with(status, NavStatus::NavNullPointer, &["query"]);
    let (status, _) = grid_begin(grid, query, start, cell(99, 0), None);
    fails_with(status, NavStatus::NavOutOfRange, &["goal"]);
    ok(grid_step(grid, query, 1, &mut state));
    assert_eq!(
        state.stage,
        NavSliceStage::Idle as u32,
        "a refused begin leaves no query"
    );
    // Cancel.
    let (status, _) = grid_begin(grid, query, start, goal, None);
    ok(status);
    ok(nav_query_slice_cancel(query));
    ok(grid_step(grid, query, 1, &mut state));
    assert_eq!(state.stage, NavSliceStage::Idle as u32);
    fails_with(
        nav_query_slice_cancel(ptr::null_mut()),
        NavStatus::NavNullPointer,
        &["query"],
    );
    // A freed grid.
    let (status, _) = grid_begin(grid, query, start, goal, None);
    ok(status);
    free_grid(other);
    fails_with(
        grid_step(other, query, 1, &mut state),
        NavStatus::NavInvalidHandle,
        &["grid"],
    );
    free_query(query);
    free_grid(grid);
}

#[test]
fn world_circle_and_mesh_slices_equal_find_path_and_detect_edits() {
    let query = new_query();
    let bounds = aabb(0.0, 0.0, 30.0, 10.0);
    let (start, goal) = (v(2.0, 2.0), v(28.0, 2.0));

    // NavWorld.
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers throughout this test.
    unsafe {
        ok(nav_world_create(&bounds, 0.0, &mut world));
        let mut id = 0;
        ok(nav_world_insert_box(
            world,
            aabb(14.0, 0.0, 16.0, 8.0),
            0,
            &mut id,
        ));
        let agent = NavAgentDesc {
            radius: 0.4,
            step: 0.5,
            ..Default::default()
        };
        let mut result = NavWorldPathResult::default();
        let mut points = vec![NavVec2::default(); 512];
        ok(nav_world_find_path(
            world,
            query,
            &agent,
            ptr::null(),
            start,
            goal,
            points.as_mut_ptr(),
            512,
            &mut result,
        ));
        points.truncate(result.point_count as usize);
        for budget in BUDGETS {
            let mut begun = NavSliceState::default();
            ok(nav_world_slice_begin(
                world,
                query,
                &agent,
                ptr::null(),
                start,
                goal,
                &mut begun,
            ));
            let (state, _) = run_to_end(begun, |s| nav_world_slice_step(world, query, budget, s));
            assert_eq!(
                (
                    state.path_status,
                    state.cost.to_bits(),
                    state.expanded,
                    state.count
                ),
                (
                    result.path_status,
                    result.length.to_bits(),
                    result.expanded,
                    result.point_count
                )
            );
            let mut copied = vec![NavVec2::default(); 512];
            let mut count = 0;
            ok(nav_query_world_path(
                query,
                copied.as_mut_ptr(),
                512,
                &mut count,
            ));
            copied.truncate(count as usize);
            assert_eq!(copied, points);
        }
        let mut state = NavSliceState::default();
        ok(nav_world_slice_begin(
            world,
            query,
            &agent,
            ptr::null(),
            start,
            goal,
            &mut state,
        ));
        ok(nav_world_insert_circle(
            world,
            v(20.0, 8.0),
            0.5,
            0,
            &mut id,
        ));
        fails_with(
            nav_world_slice_step(world, query, 1, &mut state),
            NavStatus::NavWorldChanged,
            &["nav_world_slice_step"],
        );
        fails_with(
            nav_world_slice_step(world, query, 0, &mut state),
            NavStatus::NavInvalidArgument,
            &["max_expansions"],
        );
        fails_with(
            nav_world_slice_begin(
                world,
                query,
                ptr::null(),
                ptr::null(),
                start,
                goal,
                &mut state,
            ),
            NavStatus::NavNullPointer,
            &["agent"],
        );
        let nan = v(f32::NAN, 0.0);
        fails_with(
            nav_world_slice_begin(world, query, &agent, ptr::null(), nan, goal, &mut state),
            NavStatus::NavInvalidArgument,
            &["start"],
        );
        ok(nav_world_free(world));
    }

    // NavCircleWorld.
    let mut circles = ptr::null_mut();
    // SAFETY: valid pointers throughout.
    unsafe {
        ok(nav_circle_world_create(&bounds, &mut circles));
        let mut id = 0;
        for k in 0..6 {
            ok(nav_circle_world_insert(
                circles,
                v(6.0 + 3.5 * k as f32, 3.0 + (k % 2) as f32 * 3.0),
                1.2,
                &mut id,
            ));
        }
        let mut result = NavCirclePathResult::default();
        let mut pieces = vec![NavPathPiece::default(); 64];
        ok(nav_circle_world_find_path(
            circles,
            query,
            0.3,
            ptr::null(),
            start,
            goal,
            pieces.as_mut_ptr(),
            64,
            &mut result,
        ));
        pieces.truncate(result.piece_count as usize);
        for budget in BUDGETS {
            let mut begun = NavSliceState::default();
            ok(nav_circle_world_slice_begin(
                circles,
                query,
                0.3,
                ptr::null(),
                start,
                goal,
                &mut begun,
            ));
            let (state, _) = run_to_end(begun, |s| {
                nav_circle_world_slice_step(circles, query, budget, s)
            });
            assert_eq!(
                (
                    state.path_status,
                    state.cost.to_bits(),
                    state.expanded,
                    state.count
                ),
                (
                    result.path_status,
                    result.length.to_bits(),
                    result.expanded,
                    result.piece_count
                )
            );
            let mut copied = vec![NavPathPiece::default(); 64];
            let mut count = 0;
            ok(nav_query_circle_path(
                query,
                copied.as_mut_ptr(),
                64,
                &mut count,
            ));
            copied.truncate(count as usize);
            assert_eq!(copied, pieces);
        }
        let mut state = NavSliceState::default();
        ok(nav_circle_world_slice_begin(
            circles,
            query,
            0.3,
            ptr::null(),
            start,
            goal,
            &mut state,
        ));
        ok(nav_circle_world_insert(circles, v(27.0, 8.0), 0.5, &mut id));
        fails_with(
            nav_circle_world_slice_step(circles, query, 1, &mut state),
            NavStatus::NavWorldChanged,
            &["nav_circle_world_slice_step"],
        );
        fails_with(
            nav_circle_world_slice_begin(
                circles,
                query,
                -1.0,
                ptr::null(),
                start,
                goal,
                &mut state,
            ),
            NavStatus::NavInvalidArgument,
            &["agent_radius"],
        );
        ok(nav_circle_world_free(circles));
    }

    // NavMeshWorld.
    let mut mesh = ptr::null_mut();
    // SAFETY: valid pointers throughout.
    unsafe {
        ok(nav_mesh_world_create(&bounds, &mut mesh));
        let mut id = 0;
        ok(nav_mesh_world_insert_box(
            mesh,
            aabb(14.0, 0.0, 16.0, 8.0),
            &mut id,
        ));
        ok(nav_mesh_world_insert_box(
            mesh,
            aabb(6.0, 3.0, 8.0, 10.0),
            &mut id,
        ));
        let mut result = NavMeshPathResult::default();
        let mut pieces = vec![NavPathPiece::default(); 64];
        ok(nav_mesh_world_find_path(
            mesh,
            query,
            0.5,
            ptr::null(),
            start,
            goal,
            pieces.as_mut_ptr(),
            64,
            &mut result,
        ));
        pieces.truncate(result.piece_count as usize);
        assert_eq!(result.path_status, NavPathStatus::Found as u32);
        for budget in BUDGETS {
            let mut begun = NavSliceState::default();
            ok(nav_mesh_world_slice_begin(
                mesh,
                query,
                0.5,
                ptr::null(),
                start,
                goal,
                &mut begun,
            ));
            let (state, _) =
                run_to_end(begun, |s| nav_mesh_world_slice_step(mesh, query, budget, s));
            assert_eq!(
                (state.path_status, state.cost.to_bits(), state.count),
                (
                    result.path_status,
                    result.length.to_bits(),
                    result.piece_count
                )
            );
            let mut copied = vec![NavPathPiece::default(); 64];
            let mut count = 0;
            ok(nav_query_mesh_path(
                query,
                copied.as_mut_ptr(),
                64,
                &mut count,
            ));
            copied.truncate(count as usize);
            assert_eq!(copied, pieces);
        }
        let mut state = NavSliceState::default();
        ok(nav_mesh_world_slice_begin(
            mesh,
            query,
            0.5,
            ptr::null(),
            start,
            goal,
            &mut state,
        ));
        ok(nav_mesh_world_insert_box(
            mesh,
            aabb(20.0, 8.0, 21.0, 9.0),
            &mut id,
        ));
        fails_with(
            nav_mesh_world_slice_step(mesh, query, 1, &mut state),
            NavStatus::NavWorldChanged,
            &["nav_mesh_world_slice_step"],
        );
        fails_with(
            nav_mesh_world_slice_step(ptr::null(), query, 1, &mut state),
            NavStatus::NavNullPointer,
            &["world"],
        );
        ok(nav_mesh_world_free(mesh));
    }
    free_query(query);
}
