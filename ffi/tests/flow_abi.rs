//! The flow-field and nearest-goal ABI, called as C would call it, against the Rust results:
//! every cell, paths from many starts, repairs after edits, refusals of hostile input.

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;
use nav_grid::{Cell, FlowField, FlowQuery, GridRules};

const WALL: [&str; 5] = [
    "........", //
    ".@@@@@@.", //
    ".@....@.", //
    ".@.@@.@.", //
    "...@....", //
];

fn rust_map() -> nav_grid::GridMap {
    nav_grid::GridMap::from_ascii(&WALL.join("\n")).unwrap()
}

fn new_field() -> *mut NavFlowField {
    let mut field = ptr::null_mut();
    // SAFETY: a valid out-pointer.
    ok(unsafe { nav_flow_field_create(&mut field) });
    field
}

fn build(
    field: *mut NavFlowField,
    grid: *const NavGrid,
    goals: &[NavCell],
    options: Option<NavFlowOptions>,
) -> (NavStatus, NavFlowReport) {
    let mut report = NavFlowReport::default();
    let options_ptr = options.as_ref().map_or(ptr::null(), |o| o as *const _);
    // SAFETY: valid buffers.
    let status = unsafe {
        nav_flow_field_build(
            field,
            grid,
            ptr::null(),
            goals.as_ptr(),
            goals.len() as u32,
            options_ptr,
            &mut report,
        )
    };
    (status, report)
}

fn all_cells(field: *const NavFlowField) -> Vec<NavFlowCell> {
    let mut count = 0;
    // SAFETY: asks for the size.
    let status = unsafe { nav_flow_field_copy_cells(field, ptr::null_mut(), 0, &mut count) };
    if count > 0 {
        assert_eq!(status, NavStatus::NavBufferTooSmall);
    }
    let mut cells = vec![NavFlowCell::default(); count as usize];
    // SAFETY: a buffer of `count` cells.
    ok(unsafe { nav_flow_field_copy_cells(field, cells.as_mut_ptr(), count, &mut count) });
    cells
}

/// Every cell of the ABI's field is the Rust field's.
fn assert_matches_rust(field: *const NavFlowField, rust: &FlowField, width: u32) {
    for (i, c) in all_cells(field).iter().enumerate() {
        let cell = Cell::new(i as u32 % width, i as u32 / width);
        assert_eq!(c.reachable == 1, rust.cost(cell).is_some(), "{cell}");
        assert_eq!(c.cost, rust.cost(cell).unwrap_or(0.0), "{cell}");
        assert_eq!(
            (c.dx, c.dy),
            rust.next_move(cell).unwrap_or((0, 0)),
            "{cell}"
        );
        assert_eq!(c.sees_goal == 1, rust.sees_goal(cell), "{cell}");
        let mut one = NavFlowCell::default();
        // SAFETY: a valid out-pointer.
        ok(unsafe { nav_flow_field_cell(field, cell.into_nav(), &mut one) });
        assert_eq!(&one, c);
    }
}

trait IntoNav {
    fn into_nav(self) -> NavCell;
}

impl IntoNav for Cell {
    fn into_nav(self) -> NavCell {
        NavCell {
            x: self.x,
            y: self.y,
        }
    }
}

#[test]
fn the_field_is_the_rust_field_and_paths_follow_it() {
    let grid = grid_from_ascii(&WALL);
    let field = new_field();
    let goals = [cell(2, 2), cell(7, 4)];
    let (status, report) = build(field, grid, &goals, None);
    ok(status);
    let map = rust_map();
    let rules = GridRules::default().compile().unwrap();
    let mut rust = FlowField::new();
    let rust_goals = [Cell::new(2, 2), Cell::new(7, 4)];
    let expected = rust
        .build(&map, &rules, &FlowQuery::to_goals(&rust_goals))
        .unwrap();
    assert_eq!(report.reachable, expected.reachable as u64);
    assert_eq!(report.goals_used, 2);
    assert_matches_rust(field, &rust, 8);

    // Paths from every start: the Rust path and the per-pair query's cost.
    let query = new_query();
    let mut path = Vec::new();
    for y in 0..5 {
        for x in 0..8 {
            let start = Cell::new(x, y);
            let mut cells = [cell(0, 0); 64];
            let mut result = NavGridPathResult::default();
            // SAFETY: a buffer of 64 cells.
            ok(unsafe {
                nav_flow_field_path(field, cell(x, y), cells.as_mut_ptr(), 64, &mut result)
            });
            let outcome = rust.path_from(start, &mut path).unwrap();
            assert_eq!(result.cell_count as usize, path.len());
            if outcome.is_found() {
                assert_eq!(result.path_status, NavPathStatus::Found as u32);
                assert_eq!(result.cost, rust.cost(start).unwrap());
                let goal = *path.last().unwrap();
                let found = find(
                    grid,
                    query,
                    ptr::null(),
                    None,
                    cell(x, y),
                    goal.into_nav(),
                    64,
                );
                assert!((found.result.cost - result.cost).abs() < 1e-9);
                for (a, b) in cells.iter().zip(&path) {
                    assert_eq!((a.x, a.y), (b.x, b.y));
                }
            } else {
                assert_eq!(result.path_status, NavPathStatus::NoPath as u32);
            }
        }
    }
    // Too small a buffer: the length needed, nothing written.
    let mut result = NavGridPathResult::default();
    let mut one = [cell(9, 9)];
    // SAFETY: a buffer of one cell.
    let status =
        unsafe { nav_flow_field_path(field, cell(0, 0), one.as_mut_ptr(), 1, &mut result) };
    fails_with(status, NavStatus::NavBufferTooSmall, &["path"]);
    assert!(result.cell_count > 1);
    assert_eq!((one[0].x, one[0].y), (9, 9));

    // Edits: block a cell of many paths, repair, compare with a fresh Rust build.
    // SAFETY: live grid.
    ok(unsafe { nav_grid_set_blocked(grid, 0, 2, 1) });
    let mut edited_map = map.clone();
    edited_map.set_blocked(Cell::new(0, 2), true).unwrap();
    let mut report = NavFlowReport::default();
    // SAFETY: one edited cell.
    ok(unsafe { nav_flow_field_update(field, grid, &cell(0, 2), 1, &mut report) });
    assert_eq!(report.rebuilt, 0);
    rust.build(&edited_map, &rules, &FlowQuery::to_goals(&rust_goals))
        .unwrap();
    assert_matches_rust(field, &rust, 8);

    // A larger agent and no line of sight.
    let options = NavFlowOptions {
        agent_size: 2,
        skip_line_of_sight: 1,
    };
    let (status, report) = build(field, grid, &[cell(0, 0)], Some(options));
    ok(status);
    assert_eq!(report.goals_used, 0, "no 2x2 square at (0, 0)");
    assert!(all_cells(field).iter().all(|c| c.reachable == 0));
    free_query(query);
    // SAFETY: live handles.
    ok(unsafe { nav_flow_field_free(field) });
    free_grid(grid);
}

#[test]
fn hostile_input_is_refused_with_a_message() {
    let grid = grid_from_ascii(&WALL);
    let field = new_field();
    let (status, _) = build(field, grid, &[cell(8, 0)], None);
    fails_with(status, NavStatus::NavOutOfRange, &["(8, 0)", "8x5 grid"]);
    assert!(
        all_cells(field).is_empty(),
        "a failed build leaves the field empty"
    );
    let (status, _) = build(
        field,
        grid,
        &[cell(0, 0)],
        Some(NavFlowOptions {
            agent_size: 256,
            skip_line_of_sight: 0,
        }),
    );
    fails_with(
        status,
        NavStatus::NavInvalidArgument,
        &["agent_size", "256"],
    );
    let (status, _) = build(
        field,
        grid,
        &[cell(0, 0)],
        Some(NavFlowOptions {
            agent_size: 1,
            skip_line_of_sight: 7,
        }),
    );
    fails_with(
        status,
        NavStatus::NavInvalidArgument,
        &["skip_line_of_sight"],
    );
    // SAFETY: NULL goals with a count, a huge count: refused before reading.
    let status = unsafe {
        nav_flow_field_build(
            field,
            grid,
            ptr::null(),
            ptr::null(),
            3,
            ptr::null(),
            ptr::null_mut(),
        )
    };
    fails_with(status, NavStatus::NavNullPointer, &["goals"]);
    // SAFETY: as above.
    let status = unsafe {
        nav_flow_field_build(
            field,
            grid,
            ptr::null(),
            ptr::null(),
            u32::MAX,
            ptr::null(),
            ptr::null_mut(),
        )
    };
    fails_with(status, NavStatus::NavInvalidSize, &["goals"]);
    // Wrong handles.
    let (status, _) = build(ptr::null_mut(), grid, &[cell(0, 0)], None);
    fails_with(status, NavStatus::NavNullPointer, &["field"]);
    let (status, _) = build(
        field,
        grid.cast::<NavGrid>().wrapping_add(1),
        &[cell(0, 0)],
        None,
    );
    fails_with(status, NavStatus::NavInvalidHandle, &["grid"]);
    let (status, _) = build(grid.cast::<NavFlowField>(), grid, &[cell(0, 0)], None);
    fails_with(
        status,
        NavStatus::NavInvalidHandle,
        &["NavGrid handle, not a NavFlowField"],
    );
    // Lookups outside the field, null out-pointers.
    ok(build(field, grid, &[cell(0, 0)], None).0);
    let mut one = NavFlowCell::default();
    // SAFETY: valid pointers, a cell off the grid.
    let status = unsafe { nav_flow_field_cell(field, cell(8, 0), &mut one) };
    fails_with(status, NavStatus::NavOutOfRange, &["(8, 0)"]);
    // SAFETY: a null out-pointer.
    let status = unsafe { nav_flow_field_cell(field, cell(0, 0), ptr::null_mut()) };
    fails_with(status, NavStatus::NavNullPointer, &["out_cell"]);
    let mut result = NavGridPathResult::default();
    // SAFETY: a start off the grid.
    let status =
        unsafe { nav_flow_field_path(field, cell(0, 99), ptr::null_mut(), 0, &mut result) };
    fails_with(status, NavStatus::NavOutOfRange, &["(0, 99)"]);
    // SAFETY: an edited cell off the grid.
    let status = unsafe { nav_flow_field_update(field, grid, &cell(99, 0), 1, ptr::null_mut()) };
    fails_with(status, NavStatus::NavOutOfRange, &["(99, 0)"]);
    // SAFETY: live handles; a double free is reported.
    ok(unsafe { nav_flow_field_free(field) });
    // SAFETY: as above.
    let status = unsafe { nav_flow_field_free(field) };
    fails_with(status, NavStatus::NavInvalidHandle, &["field"]);
    free_grid(grid);
}

#[test]
fn nearest_goal_is_the_cheapest_of_one_query_per_goal() {
    let grid = grid_from_ascii(&WALL);
    let query = new_query();
    let goals = [cell(4, 2), cell(7, 4), cell(0, 4)];
    let start = cell(0, 0);
    let mut cells = [cell(0, 0); 64];
    let mut result = NavGridPathResult::default();
    let mut index = 0;
    // SAFETY: valid buffers.
    ok(unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            start,
            goals.as_ptr(),
            3,
            cells.as_mut_ptr(),
            64,
            &mut result,
            &mut index,
        )
    });
    let costs: Vec<f64> = goals
        .iter()
        .map(|&g| {
            find(grid, query, ptr::null(), None, start, g, 64)
                .result
                .cost
        })
        .collect();
    let best = costs.iter().cloned().fold(f64::INFINITY, f64::min);
    assert_eq!(result.path_status, NavPathStatus::Found as u32);
    assert!((result.cost - best).abs() < 1e-9);
    assert_eq!(index, 2, "(0, 4) is 4 steps away");
    let last = cells[result.cell_count as usize - 1];
    assert_eq!((last.x, last.y), (0, 4));
    // No goal where the agent fits, none at all, a start in a wall.
    // SAFETY: valid buffers.
    ok(unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            start,
            &cell(1, 1),
            1,
            cells.as_mut_ptr(),
            64,
            &mut result,
            &mut index,
        )
    });
    assert_eq!(
        (result.path_status, index),
        (NavPathStatus::GoalBlocked as u32, u32::MAX)
    );
    // SAFETY: as above.
    ok(unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            start,
            ptr::null(),
            0,
            cells.as_mut_ptr(),
            64,
            &mut result,
            &mut index,
        )
    });
    assert_eq!(result.path_status, NavPathStatus::GoalBlocked as u32);
    // SAFETY: as above.
    ok(unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            cell(1, 1),
            goals.as_ptr(),
            3,
            cells.as_mut_ptr(),
            64,
            &mut result,
            &mut index,
        )
    });
    assert_eq!(result.path_status, NavPathStatus::StartBlocked as u32);
    // Hostile input.
    // SAFETY: a goal off the grid.
    let status = unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            start,
            &cell(0, 9),
            1,
            cells.as_mut_ptr(),
            64,
            &mut result,
            &mut index,
        )
    };
    fails_with(status, NavStatus::NavOutOfRange, &["(0, 9)", "grid"]);
    // SAFETY: null out-pointers.
    let status = unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            start,
            goals.as_ptr(),
            3,
            cells.as_mut_ptr(),
            64,
            ptr::null_mut(),
            &mut index,
        )
    };
    fails_with(status, NavStatus::NavNullPointer, &["out_result"]);
    // SAFETY: a buffer too small.
    let status = unsafe {
        nav_grid_find_nearest(
            grid,
            ptr::null(),
            ptr::null(),
            start,
            goals.as_ptr(),
            3,
            cells.as_mut_ptr(),
            2,
            &mut result,
            &mut index,
        )
    };
    fails_with(status, NavStatus::NavBufferTooSmall, &["path"]);
    assert_eq!(result.cell_count, 5);
    free_query(query);
    free_grid(grid);
}
