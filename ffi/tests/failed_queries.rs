//! A query refused before it searches (an endpoint outside the grid, bad options, rules or
//! agent, a handle of the wrong kind, a NULL output) leaves its `NavQuery` with no path and no
//! expanded cells, never the previous query's: nav.h promises that "the path is empty after a
//! query that found none or failed", and a caller that copies the latest path after an error
//! must not get a stale one.
//!
//! Over 600 lines: one case per way a query can be refused, for every handle kind.

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;

/// What `query` keeps of its latest grid query: the path's length, the cells within an
/// infinite budget, the expanded cells.
fn kept_grid(query: *mut NavQuery) -> [u32; 3] {
    let mut kept = [u32::MAX; 3];
    let mut cells = vec![NavCell::default(); 4096];
    // SAFETY: buffers of 4096 cells, valid out-pointers.
    unsafe {
        ok(nav_query_grid_path(
            query,
            cells.as_mut_ptr(),
            ptr::null_mut(),
            4096,
            &mut kept[0],
        ));
        ok(nav_query_grid_path_within_budget(
            query,
            f64::INFINITY,
            &mut kept[1],
        ));
        ok(nav_query_grid_expanded_cells(
            query,
            cells.as_mut_ptr(),
            4096,
            &mut kept[2],
        ));
    }
    kept
}

/// The number of points of the latest `NavWorld` path `query` keeps.
fn kept_world(query: *mut NavQuery) -> u32 {
    let mut points = vec![NavVec2::default(); 4096];
    let mut count = u32::MAX;
    // SAFETY: a buffer of 4096 points, a valid out-pointer.
    ok(unsafe { nav_query_world_path(query, points.as_mut_ptr(), 4096, &mut count) });
    count
}

/// The pieces and polyline points of the latest `NavCircleWorld` path `query` keeps.
fn kept_circle(query: *mut NavQuery) -> [u32; 2] {
    let mut pieces = vec![NavPathPiece::default(); 256];
    let mut points = vec![NavVec2::default(); 4096];
    let mut kept = [u32::MAX; 2];
    // SAFETY: buffers of the given sizes, valid out-pointers.
    unsafe {
        ok(nav_query_circle_path(
            query,
            pieces.as_mut_ptr(),
            256,
            &mut kept[0],
        ));
        ok(nav_query_circle_path_polyline(
            query,
            0.01,
            points.as_mut_ptr(),
            4096,
            &mut kept[1],
        ));
    }
    kept
}

/// A refused call: what it is, the status and the words its message must hold, the call.
type Refusal = (
    &'static str,
    NavStatus,
    &'static [&'static str],
    Box<dyn Fn() -> NavStatus>,
);

#[test]
fn refused_grid_queries_leave_no_path_and_no_expanded_cells() {
    let grid = grid_from_ascii(&["..........", "...@@@....", ".........."]);
    let query = new_query();
    let search = || {
        let found = find(grid, query, ptr::null(), None, cell(0, 1), cell(9, 1), 64);
        ok(found.status);
        assert_eq!(found.result.path_status, NavPathStatus::Found as u32);
        let kept = kept_grid(query);
        assert_eq!(kept[..2], [found.result.cell_count; 2]);
        assert!(kept[2] > 0, "expanded cells: {kept:?}");
    };
    let with = |options: NavGridQueryOptions| {
        move || {
            find(
                grid,
                query,
                ptr::null(),
                Some(&options),
                cell(0, 1),
                cell(9, 1),
                64,
            )
            .status
        }
    };
    let refusals: Vec<Refusal> = vec![
        (
            "start outside",
            NavStatus::NavOutOfRange,
            &["nav_grid_find_path", "start (10, 0)", "10x3 grid"],
            Box::new(move || {
                find(grid, query, ptr::null(), None, cell(10, 0), cell(0, 0), 64).status
            }),
        ),
        (
            "goal outside",
            NavStatus::NavOutOfRange,
            &["goal (0, 3)"],
            Box::new(move || {
                find(grid, query, ptr::null(), None, cell(0, 0), cell(0, 3), 64).status
            }),
        ),
        (
            "NaN max_cost",
            NavStatus::NavInvalidArgument,
            &["options.max_cost"],
            Box::new(with(NavGridQueryOptions {
                max_cost: f64::NAN,
                ..Default::default()
            })),
        ),
        (
            "partial_path 2",
            NavStatus::NavInvalidArgument,
            &["options.partial_path"],
            Box::new(with(NavGridQueryOptions {
                partial_path: 2,
                ..Default::default()
            })),
        ),
        (
            "agent_size 256",
            NavStatus::NavInvalidArgument,
            &["options.agent_size"],
            Box::new(with(NavGridQueryOptions {
                agent_size: 256,
                ..Default::default()
            })),
        ),
        (
            "rules of the wrong kind",
            NavStatus::NavInvalidHandle,
            &["rules"],
            Box::new(move || {
                find(grid, query, grid.cast(), None, cell(0, 1), cell(9, 1), 64).status
            }),
        ),
        (
            "grid of the wrong kind",
            NavStatus::NavInvalidHandle,
            &["grid"],
            Box::new(move || {
                find(
                    query.cast(),
                    query,
                    ptr::null(),
                    None,
                    cell(0, 1),
                    cell(9, 1),
                    64,
                )
                .status
            }),
        ),
        (
            "NULL out_result",
            NavStatus::NavNullPointer,
            &["out_result"],
            Box::new(move || {
                let mut cells = [NavCell::default(); 64];
                // SAFETY: a buffer of 64 cells; the NULL result is what is tested.
                unsafe {
                    nav_grid_find_path(
                        grid,
                        query,
                        ptr::null(),
                        ptr::null(),
                        cell(0, 1),
                        cell(9, 1),
                        cells.as_mut_ptr(),
                        ptr::null_mut(),
                        64,
                        ptr::null_mut(),
                    )
                }
            }),
        ),
    ];
    for (what, status, words, call) in &refusals {
        search();
        fails_with(call(), *status, words);
        assert_eq!(kept_grid(query), [0, 0, 0], "after a refused query: {what}");
    }
    // A blocked goal is an outcome (NAV_OK), and leaves no path either.
    search();
    let blocked = find(grid, query, ptr::null(), None, cell(0, 1), cell(4, 1), 64);
    ok(blocked.status);
    assert_eq!(
        blocked.result.path_status,
        NavPathStatus::GoalBlocked as u32
    );
    assert_eq!(kept_grid(query), [0, 0, 0], "after a blocked goal");
    free_query(query);
    free_grid(grid);
}

/// Runs a batch on the calling thread with `query`; returns its status and results.
fn batch(
    grid: *const NavGrid,
    query: *mut NavQuery,
    options: &NavGridQueryOptions,
    pairs: &[(NavCell, NavCell)],
) -> (NavStatus, Vec<NavGridBatchResult>) {
    let pairs: Vec<NavGridPair> = pairs
        .iter()
        .map(|&(start, goal)| NavGridPair { start, goal })
        .collect();
    let mut results = vec![NavGridBatchResult::default(); pairs.len()];
    // SAFETY: `pairs.len()` pairs and results, no cells.
    let status = unsafe {
        nav_grid_find_path_batch(
            grid,
            query,
            ptr::null(),
            options,
            pairs.as_ptr(),
            pairs.len() as u32,
            results.as_mut_ptr(),
            ptr::null_mut(),
            0,
            1,
        )
    };
    (status, results)
}

#[test]
fn a_batch_on_the_calling_thread_keeps_its_last_pairs_path_or_none() {
    let grid = grid_from_ascii(&["..........", "...@@@....", ".........."]);
    let query = new_query();
    let search = || {
        ok(find(grid, query, ptr::null(), None, cell(0, 1), cell(9, 1), 64).status);
        assert!(kept_grid(query)[0] > 0);
    };
    let defaults = NavGridQueryOptions::default();
    let good = (cell(0, 0), cell(9, 2));
    let outside = (cell(0, 0), cell(10, 0));

    search();
    let bad = NavGridQueryOptions {
        max_cost: -1.0,
        ..Default::default()
    };
    let (status, _) = batch(grid, query, &bad, &[good]);
    fails_with(status, NavStatus::NavInvalidArgument, &["options.max_cost"]);
    assert_eq!(
        kept_grid(query),
        [0, 0, 0],
        "after a batch refused as a whole"
    );

    search();
    ok(batch(grid, query, &defaults, &[]).0);
    assert_eq!(kept_grid(query), [0, 0, 0], "after a batch of no pairs");

    search();
    let (status, results) = batch(grid, query, &defaults, &[good, outside]);
    fails_with(
        status,
        NavStatus::NavOutOfRange,
        &["pair 1 of 2", "goal (10, 0)"],
    );
    assert_eq!(results[0].status, NavStatus::NavOk as u32);
    assert_eq!(
        kept_grid(query),
        [0, 0, 0],
        "after a batch whose last pair was refused"
    );

    let (status, results) = batch(grid, query, &defaults, &[outside, good]);
    fails_with(status, NavStatus::NavOutOfRange, &["pair 0 of 2"]);
    let kept = kept_grid(query);
    assert_eq!(
        kept[..2],
        [results[1].cell_count; 2],
        "the last pair's path"
    );
    assert!(results[1].cell_count > 0 && kept[2] > 0);
    free_query(query);
    free_grid(grid);
}

#[test]
fn refused_world_queries_leave_no_path() {
    let mut world = ptr::null_mut();
    let mut gone = 0;
    let query = new_query();
    // SAFETY: valid pointers throughout; handles are checked.
    unsafe {
        ok(nav_world_create(
            &aabb(0.0, 0.0, 50.0, 50.0),
            0.0,
            &mut world,
        ));
        let mut rock = 0;
        ok(nav_world_insert_circle(
            world,
            v(25.0, 25.0),
            8.0,
            0,
            &mut rock,
        ));
        ok(nav_world_insert_box(
            world,
            aabb(1.0, 1.0, 2.0, 2.0),
            1,
            &mut gone,
        ));
        ok(nav_world_remove(world, gone));
    }
    let agent = NavAgentDesc {
        radius: 1.0,
        step: 0.5,
        ..Default::default()
    };
    let run = move |agent: &NavAgentDesc, options: &NavWorldQueryOptions, start, goal| {
        let mut points = vec![NavVec2::default(); 512];
        let mut result = NavWorldPathResult::default();
        // SAFETY: a buffer of 512 points, valid pointers.
        let status = unsafe {
            nav_world_find_path(
                world,
                query,
                agent,
                options,
                start,
                goal,
                points.as_mut_ptr(),
                512,
                &mut result,
            )
        };
        (status, result)
    };
    let search = || {
        let (status, result) = run(&agent, &Default::default(), v(5.0, 25.0), v(45.0, 25.0));
        ok(status);
        assert_eq!(result.path_status, NavPathStatus::Found as u32);
        assert_eq!(kept_world(query), result.point_count);
        assert!(result.point_count >= 3, "around the rock");
    };
    let with_agent = move |changed: NavAgentDesc| {
        move || run(&changed, &Default::default(), v(5.0, 25.0), v(45.0, 25.0)).0
    };
    let with_options = move |options: NavWorldQueryOptions| {
        move || run(&agent, &options, v(5.0, 25.0), v(45.0, 25.0)).0
    };
    let refusals: Vec<Refusal> = vec![
        (
            "NaN start",
            NavStatus::NavInvalidArgument,
            &["nav_world_find_path", "start"],
            Box::new(move || {
                run(
                    &agent,
                    &Default::default(),
                    v(f32::NAN, 25.0),
                    v(45.0, 25.0),
                )
                .0
            }),
        ),
        (
            "infinite goal",
            NavStatus::NavInvalidArgument,
            &["goal"],
            Box::new(move || {
                run(
                    &agent,
                    &Default::default(),
                    v(5.0, 25.0),
                    v(45.0, f32::INFINITY),
                )
                .0
            }),
        ),
        (
            "radius -1",
            NavStatus::NavInvalidArgument,
            &["radius"],
            Box::new(with_agent(NavAgentDesc {
                radius: -1.0,
                ..agent
            })),
        ),
        (
            "unknown heuristic",
            NavStatus::NavInvalidArgument,
            &["agent.heuristic"],
            Box::new(with_agent(NavAgentDesc {
                heuristic: 9,
                ..agent
            })),
        ),
        (
            "reserved 1",
            NavStatus::NavInvalidArgument,
            &["agent.reserved"],
            Box::new(with_agent(NavAgentDesc {
                reserved: 1,
                ..agent
            })),
        ),
        (
            "a removed own obstacle",
            NavStatus::NavUnknownObject,
            &["agent.own_obstacle"],
            Box::new(with_agent(NavAgentDesc {
                own_obstacle: gone,
                ..agent
            })),
        ),
        (
            "a lattice too large",
            NavStatus::NavInvalidSize,
            &["lattice"],
            Box::new(with_agent(NavAgentDesc {
                step: 1e-4,
                ..agent
            })),
        ),
        (
            "NaN max_length",
            NavStatus::NavInvalidArgument,
            &["options.max_length"],
            Box::new(with_options(NavWorldQueryOptions {
                max_length: f64::NAN,
                ..Default::default()
            })),
        ),
        (
            "raw_path 3",
            NavStatus::NavInvalidArgument,
            &["options.raw_path"],
            Box::new(with_options(NavWorldQueryOptions {
                raw_path: 3,
                ..Default::default()
            })),
        ),
        (
            "NULL agent",
            NavStatus::NavNullPointer,
            &["agent"],
            Box::new(move || {
                let mut result = NavWorldPathResult::default();
                // SAFETY: the NULL agent is what is tested; no buffer.
                unsafe {
                    nav_world_find_path(
                        world,
                        query,
                        ptr::null(),
                        ptr::null(),
                        v(5.0, 25.0),
                        v(45.0, 25.0),
                        ptr::null_mut(),
                        0,
                        &mut result,
                    )
                }
            }),
        ),
        (
            "world of the wrong kind",
            NavStatus::NavInvalidHandle,
            &["world"],
            Box::new(move || {
                let mut result = NavWorldPathResult::default();
                // SAFETY: the handles are checked; no buffer.
                unsafe {
                    nav_world_find_path(
                        query.cast(),
                        query,
                        &agent,
                        ptr::null(),
                        v(5.0, 25.0),
                        v(45.0, 25.0),
                        ptr::null_mut(),
                        0,
                        &mut result,
                    )
                }
            }),
        ),
    ];
    for (what, status, words, call) in &refusals {
        search();
        fails_with(call(), *status, words);
        assert_eq!(kept_world(query), 0, "after a refused query: {what}");
    }
    // SAFETY: live handles.
    unsafe {
        ok(nav_world_free(world));
    }
    free_query(query);
}

#[test]
fn refused_circle_world_queries_leave_no_path_and_no_polyline() {
    let mut world = ptr::null_mut();
    let query = new_query();
    // SAFETY: valid pointers; handles are checked.
    unsafe {
        ok(nav_circle_world_create(
            &aabb(0.0, 0.0, 100.0, 100.0),
            &mut world,
        ));
        let mut rock = 0;
        ok(nav_circle_world_insert(
            world,
            v(50.0, 50.0),
            10.0,
            &mut rock,
        ));
    }
    let run = move |radius: f32, options: &NavCircleQueryOptions, start: NavVec2| {
        let mut pieces = vec![NavPathPiece::default(); 64];
        let mut result = NavCirclePathResult::default();
        // SAFETY: a buffer of 64 pieces, valid pointers.
        let status = unsafe {
            nav_circle_world_find_path(
                world,
                query,
                radius,
                options,
                start,
                v(80.0, 50.0),
                pieces.as_mut_ptr(),
                64,
                &mut result,
            )
        };
        (status, result)
    };
    let search = || {
        let (status, result) = run(1.0, &Default::default(), v(20.0, 50.0));
        ok(status);
        assert_eq!(result.path_status, NavPathStatus::Found as u32);
        let kept = kept_circle(query);
        assert_eq!(kept[0], 3, "line, arc, line");
        assert!(kept[1] > 4, "the arc as chords: {kept:?}");
    };
    let refusals: Vec<Refusal> = vec![
        (
            "NaN start",
            NavStatus::NavInvalidArgument,
            &["nav_circle_world_find_path", "start"],
            Box::new(move || run(1.0, &Default::default(), v(f32::NAN, 50.0)).0),
        ),
        (
            "negative radius",
            NavStatus::NavInvalidArgument,
            &["agent_radius"],
            Box::new(move || run(-1.0, &Default::default(), v(20.0, 50.0)).0),
        ),
        (
            "reserved 1",
            NavStatus::NavInvalidArgument,
            &["options.reserved"],
            Box::new(move || {
                let options = NavCircleQueryOptions {
                    reserved: 1,
                    ..Default::default()
                };
                run(1.0, &options, v(20.0, 50.0)).0
            }),
        ),
        (
            "negative max_length",
            NavStatus::NavInvalidArgument,
            &["options.max_length"],
            Box::new(move || {
                let options = NavCircleQueryOptions {
                    max_length: -1.0,
                    ..Default::default()
                };
                run(1.0, &options, v(20.0, 50.0)).0
            }),
        ),
        (
            "world of the wrong kind",
            NavStatus::NavInvalidHandle,
            &["world"],
            Box::new(move || {
                let mut result = NavCirclePathResult::default();
                // SAFETY: the handles are checked; no buffer.
                unsafe {
                    nav_circle_world_find_path(
                        query.cast(),
                        query,
                        1.0,
                        ptr::null(),
                        v(20.0, 50.0),
                        v(80.0, 50.0),
                        ptr::null_mut(),
                        0,
                        &mut result,
                    )
                }
            }),
        ),
    ];
    for (what, status, words, call) in &refusals {
        search();
        fails_with(call(), *status, words);
        assert_eq!(kept_circle(query), [0, 0], "after a refused query: {what}");
    }
    // The polyline of no path still checks its deviation.
    let mut count = 0;
    // SAFETY: no buffer, a valid out-pointer.
    let status =
        unsafe { nav_query_circle_path_polyline(query, 0.0, ptr::null_mut(), 0, &mut count) };
    fails_with(status, NavStatus::NavInvalidArgument, &["deviation"]);
    // SAFETY: live handles.
    unsafe {
        ok(nav_circle_world_free(world));
    }
    free_query(query);
}

#[test]
fn each_kind_of_query_forgets_only_its_own_path() {
    let grid = grid_from_ascii(&["....", "...."]);
    let mut circles = ptr::null_mut();
    let query = new_query();
    // SAFETY: valid pointers; handles are checked.
    unsafe {
        ok(nav_circle_world_create(
            &aabb(0.0, 0.0, 10.0, 10.0),
            &mut circles,
        ));
    }
    ok(find(grid, query, ptr::null(), None, cell(0, 0), cell(3, 1), 16).status);
    let grid_kept = kept_grid(query);
    assert!(grid_kept[0] > 0);
    let mut result = NavCirclePathResult::default();
    // SAFETY: no buffer; the NaN start is what is refused.
    let status = unsafe {
        nav_circle_world_find_path(
            circles,
            query,
            0.5,
            ptr::null(),
            v(f32::NAN, 1.0),
            v(9.0, 9.0),
            ptr::null_mut(),
            0,
            &mut result,
        )
    };
    fails_with(status, NavStatus::NavInvalidArgument, &["start"]);
    assert_eq!(
        kept_grid(query),
        grid_kept,
        "a circle-world query keeps the grid path"
    );
    // SAFETY: live handles.
    unsafe {
        ok(nav_circle_world_free(circles));
    }
    free_query(query);
    free_grid(grid);
}
