//! A warm query through the C ABI allocates nothing: proven with a counting global allocator.

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn warm_queries_through_the_abi_allocate_nothing() {
    let rows: Vec<String> = (0..40)
        .map(|y| {
            (0..60)
                .map(|x| if x % 9 == 4 && y % 10 != 5 { '@' } else { '.' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let grid = grid_from_ascii(&rows);
    let query = new_query();
    let (status, four) = rules(
        &NavGridRulesDesc {
            moves: NavMoves::Four as u32,
            ..Default::default()
        },
        &[],
    );
    ok(status);
    // Custom moves: giving a query another agent size copies the rules without allocating.
    let knight = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 2), (-2, -1)].map(|(dx, dy)| NavGridMove {
        dx,
        dy,
        cost: 0.0,
    });
    let (status, custom) = rules(
        &NavGridRulesDesc {
            moves: NavMoves::Custom as u32,
            heuristic: NavHeuristic::Euclidean as u32,
            ..Default::default()
        },
        &knight,
    );
    ok(status);
    // One cell, and agents of 2 and 3 cells (clearance).
    let options = [0, 2, 3].map(|agent_size| NavGridQueryOptions {
        partial_path: 1,
        max_expanded: 100_000,
        agent_size,
        ..Default::default()
    });
    let pairs: Vec<NavGridPair> = (0..12)
        .map(|i| NavGridPair {
            start: cell(i * 5 % 60, i * 3 % 40),
            goal: cell((i * 17 + 31) % 60, (i * 7 + 20) % 40),
        })
        .collect();
    let mut cells = vec![NavCell::default(); 4096];
    let mut costs = vec![0.0; 4096];
    let mut result = NavGridPathResult::default();
    let mut results = vec![NavGridBatchResult::default(); pairs.len()];
    let mut batch_cells = vec![NavCell::default(); pairs.len() * 512];
    let mut count = 0;
    let mut run_all = || {
        for (rules, options) in [ptr::null(), four.cast_const(), custom.cast_const()]
            .into_iter()
            .flat_map(|rules| options.iter().map(move |options| (rules, options)))
        {
            for pair in &pairs {
                // SAFETY: buffers of the given capacities, valid out-pointers.
                unsafe {
                    ok(nav_grid_find_path(
                        grid,
                        query,
                        rules,
                        options,
                        pair.start,
                        pair.goal,
                        cells.as_mut_ptr(),
                        costs.as_mut_ptr(),
                        4096,
                        &mut result,
                    ));
                    ok(nav_query_grid_path_within_budget(query, 7.5, &mut count));
                }
            }
            // SAFETY: buffers of the documented sizes.
            ok(unsafe {
                nav_grid_find_path_batch(
                    grid,
                    query,
                    rules,
                    options,
                    pairs.as_ptr(),
                    pairs.len() as u32,
                    results.as_mut_ptr(),
                    batch_cells.as_mut_ptr(),
                    512,
                    1,
                )
            });
        }
    };
    // The counter sees the library's allocations: creating a grid makes some.
    assert!(allocations_during(|| free_grid(grid_from_ascii(&["..", ".."]))) > 0);
    run_all(); // warm-up: the search memory grows to the map's size
    let n = allocations_during(&mut run_all);
    assert_eq!(n, 0, "warm queries through the ABI allocated {n} times");

    // An error allocates its message, and a failing call leaves the next ones allocation-free.
    let outside = cell(99, 99);
    // SAFETY: valid out-pointer, no buffers.
    let mut failed = NavGridPathResult::default();
    let status = unsafe {
        nav_grid_find_path(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            outside,
            outside,
            ptr::null_mut(),
            ptr::null_mut(),
            0,
            &mut failed,
        )
    };
    assert_eq!(status, NavStatus::NavOutOfRange);
    let n = allocations_during(&mut run_all);
    assert_eq!(n, 0, "queries after an error allocated {n} times");
    // SAFETY: live handles.
    unsafe {
        ok(nav_grid_rules_free(four));
        ok(nav_grid_rules_free(custom));
    }
    free_query(query);
    free_grid(grid);
}
