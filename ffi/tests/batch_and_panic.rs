//! The batch entry point (same results on one thread and on the pool, per-pair errors) and
//! the panic boundary.

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;

/// A 64 x 48 maze-like map with walls that force detours.
fn test_map() -> Vec<String> {
    (0..48)
        .map(|y| {
            (0..64)
                .map(|x| {
                    let wall = (x % 8 == 4 && y % 12 != (x / 8 % 3) * 4 + 1)
                        || (y % 6 == 3 && x % 10 == 7);
                    if wall { '@' } else { '.' }
                })
                .collect()
        })
        .collect()
}

fn pairs(count: usize) -> Vec<NavGridPair> {
    (0..count)
        .map(|i| NavGridPair {
            start: cell((i * 7 % 64) as u32, (i * 5 % 48) as u32),
            goal: cell((i * 13 % 64) as u32, (i * 11 % 48) as u32),
        })
        .collect()
}

fn batch(
    grid: *const NavGrid,
    query: *mut NavQuery,
    pairs: &[NavGridPair],
    cells_per_pair: u32,
    threads: u32,
) -> (NavStatus, Vec<NavGridBatchResult>, Vec<NavCell>) {
    let mut results = vec![NavGridBatchResult::default(); pairs.len()];
    let mut cells = vec![cell(u32::MAX, u32::MAX); pairs.len() * cells_per_pair as usize];
    // SAFETY: buffers of the documented sizes.
    let status = unsafe {
        nav_grid_find_path_batch(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            pairs.as_ptr(),
            pairs.len() as u32,
            results.as_mut_ptr(),
            if cells_per_pair == 0 {
                ptr::null_mut()
            } else {
                cells.as_mut_ptr()
            },
            cells_per_pair,
            threads,
        )
    };
    (status, results, cells)
}

#[test]
fn batch_results_equal_single_queries_on_every_threading() {
    let rows = test_map();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let grid = grid_from_ascii(&rows);
    let query = new_query();
    let pairs = pairs(200);
    let stride = 400;
    let (status, one_thread, one_cells) = batch(grid, query, &pairs, stride, 1);
    ok(status);
    for threads in [0, 2, 3, 64, 1000] {
        let (status, pooled, pooled_cells) = batch(grid, ptr::null_mut(), &pairs, stride, threads);
        ok(status);
        assert_eq!(pooled, one_thread, "threads = {threads}");
        assert_eq!(pooled_cells, one_cells, "threads = {threads}");
    }
    let (status, costs_only, _) = batch(grid, ptr::null_mut(), &pairs, 0, 0);
    ok(status);
    assert_eq!(costs_only, one_thread);

    let mut statuses = std::collections::HashSet::new();
    for (i, (pair, result)) in pairs.iter().zip(&one_thread).enumerate() {
        let single = find(
            grid,
            query,
            ptr::null(),
            None,
            pair.start,
            pair.goal,
            stride,
        );
        ok(single.status);
        assert_eq!(result.status, 0);
        assert_eq!(result.path_status, single.result.path_status, "pair {i}");
        assert_eq!(result.cost, single.result.cost, "pair {i}");
        assert_eq!(result.expanded, single.result.expanded, "pair {i}");
        let slot = &one_cells[i * stride as usize..][..result.cell_count as usize];
        assert_eq!(slot, single.cells, "pair {i}");
        statuses.insert(result.path_status);
    }
    assert!(statuses.contains(&(NavPathStatus::Found as u32)));
    assert!(
        statuses.len() >= 2,
        "the pairs should meet walls as well as open cells: {statuses:?}"
    );
    free_query(query);
    free_grid(grid);
}

#[test]
fn batch_reports_each_failing_pair_and_the_first_in_the_status() {
    let grid = grid_from_ascii(&["........", "........", "........"]);
    let query = new_query();
    let pairs = [
        NavGridPair {
            start: cell(0, 0),
            goal: cell(7, 2),
        },
        NavGridPair {
            start: cell(0, 0),
            goal: cell(1, 0),
        },
        NavGridPair {
            start: cell(9, 0),
            goal: cell(1, 0),
        },
        NavGridPair {
            start: cell(0, 0),
            goal: cell(1, 7),
        },
    ];
    for threads in [1, 0] {
        let (status, results, cells) = batch(grid, query, &pairs, 3, threads);
        // Pair 0 needs 8 cells but the slots hold 3.
        fails_with(status, NavStatus::NavBufferTooSmall, &["pair 0 of 4", "8"]);
        assert_eq!(results[0].status, NavStatus::NavBufferTooSmall as u32);
        assert_eq!(results[0].cell_count, 8);
        assert_eq!(results[0].path_status, NavPathStatus::Found as u32);
        assert!(
            cells[..3].iter().all(|&c| c == cell(u32::MAX, u32::MAX)),
            "not written"
        );
        assert_eq!(results[1].status, 0);
        assert_eq!(&cells[3..5], &[cell(0, 0), cell(1, 0)]);
        assert_eq!(results[2].status, NavStatus::NavOutOfRange as u32);
        assert_eq!(results[3].status, NavStatus::NavOutOfRange as u32);
    }
    // Whole-call errors write nothing.
    let mut results = vec![NavGridBatchResult::default(); 4];
    // SAFETY: checked arguments; buffers of the right sizes or NULL.
    unsafe {
        fails_with(
            nav_grid_find_path_batch(
                grid,
                ptr::null_mut(),
                ptr::null(),
                ptr::null(),
                pairs.as_ptr(),
                4,
                results.as_mut_ptr(),
                ptr::null_mut(),
                0,
                1,
            ),
            NavStatus::NavNullPointer,
            &["query"],
        );
        fails_with(
            nav_grid_find_path_batch(
                grid,
                query,
                ptr::null(),
                ptr::null(),
                pairs.as_ptr(),
                4,
                ptr::null_mut(),
                ptr::null_mut(),
                0,
                1,
            ),
            NavStatus::NavNullPointer,
            &["out_results"],
        );
        fails_with(
            nav_grid_find_path_batch(
                grid,
                query,
                ptr::null(),
                ptr::null(),
                pairs.as_ptr(),
                4,
                results.as_mut_ptr(),
                ptr::null_mut(),
                5,
                1,
            ),
            NavStatus::NavNullPointer,
            &["out_cells"],
        );
        let bad = NavGridQueryOptions {
            max_cost: f64::NAN,
            ..Default::default()
        };
        fails_with(
            nav_grid_find_path_batch(
                grid,
                query,
                ptr::null(),
                &bad,
                pairs.as_ptr(),
                4,
                results.as_mut_ptr(),
                ptr::null_mut(),
                0,
                0,
            ),
            NavStatus::NavInvalidArgument,
            &["max_cost"],
        );
        assert!(results.iter().all(|r| *r == NavGridBatchResult::default()));
        // No pairs: nothing to do.
        ok(nav_grid_find_path_batch(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            ptr::null(),
            0,
            ptr::null_mut(),
            ptr::null_mut(),
            0,
            0,
        ));
    }
    free_query(query);
    free_grid(grid);
}

#[test]
fn many_threads_query_one_grid_each_with_its_own_context() {
    let rows = test_map();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let grid = grid_from_ascii(&rows);
    let query = new_query();
    let pairs = pairs(40);
    let expected: Vec<f64> = pairs
        .iter()
        .map(|p| {
            find(grid, query, ptr::null(), None, p.start, p.goal, 0)
                .result
                .cost
        })
        .collect();
    let address = grid as usize;
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let grid = address as *const NavGrid;
                let mine = new_query();
                for (pair, &cost) in pairs.iter().zip(&expected) {
                    let found = find(grid, mine, ptr::null(), None, pair.start, pair.goal, 400);
                    ok(found.status);
                    assert_eq!(found.result.cost, cost);
                }
                free_query(mine);
            });
        }
    });
    free_query(query);
    free_grid(grid);
}

#[test]
fn a_deliberate_panic_becomes_nav_panic_and_the_query_stays_usable() {
    let grid = grid_from_ascii(&["....", "....", "...."]);
    let query = new_query();
    let before = find(grid, query, ptr::null(), None, cell(0, 0), cell(3, 2), 16);
    ok(before.status);
    // SAFETY: a live query.
    let status = unsafe { nav_debug_panic(query) };
    fails_with(
        status,
        NavStatus::NavPanic,
        &[
            "nav_debug_panic",
            "internal error",
            "deliberate panic",
            "debug.rs",
        ],
    );
    // The context was reset: its last path is gone, and it searches as before.
    let mut count = 99;
    // SAFETY: valid out-pointer.
    ok(unsafe { nav_query_grid_path(query, ptr::null_mut(), ptr::null_mut(), 0, &mut count) });
    assert_eq!(count, 0);
    let after = find(grid, query, ptr::null(), None, cell(0, 0), cell(3, 2), 16);
    assert_eq!(after, before);
    // Without a query, and again: panics never stick.
    for _ in 0..3 {
        // SAFETY: NULL is accepted.
        assert_eq!(
            unsafe { nav_debug_panic(ptr::null_mut()) },
            NavStatus::NavPanic
        );
    }
    assert_eq!(
        find(grid, query, ptr::null(), None, cell(0, 0), cell(3, 2), 16),
        before
    );
    free_query(query);
    free_grid(grid);
}
