//! The grid ABI, called as C would call it: results, statuses, messages, buffers.
//!
//! Over 600 lines: every grid entry point's results and refusals, one test each, side by side.

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;

const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// A map with a wall that the path must go around (known optimal costs below).
const WALL: [&str; 5] = [
    "........", //
    ".@@@@@@.", //
    ".@....@.", //
    ".@.@@.@.", //
    "...@....", //
];

#[test]
fn status_numbers_are_fixed() {
    let expected = [
        (NavStatus::NavOk, 0, "NAV_OK"),
        (NavStatus::NavNullPointer, 1, "NAV_NULL_POINTER"),
        (NavStatus::NavInvalidHandle, 2, "NAV_INVALID_HANDLE"),
        (NavStatus::NavInvalidArgument, 3, "NAV_INVALID_ARGUMENT"),
        (NavStatus::NavOutOfRange, 4, "NAV_OUT_OF_RANGE"),
        (NavStatus::NavInvalidSize, 5, "NAV_INVALID_SIZE"),
        (NavStatus::NavBufferTooSmall, 6, "NAV_BUFFER_TOO_SMALL"),
        (NavStatus::NavInvalidRules, 7, "NAV_INVALID_RULES"),
        (NavStatus::NavParseError, 8, "NAV_PARSE_ERROR"),
        (NavStatus::NavIoError, 9, "NAV_IO_ERROR"),
        (NavStatus::NavBusy, 10, "NAV_BUSY"),
        (NavStatus::NavPanic, 11, "NAV_PANIC"),
        (NavStatus::NavUnsupported, 12, "NAV_UNSUPPORTED"),
        (NavStatus::NavUnknownObject, 13, "NAV_UNKNOWN_OBJECT"),
        (NavStatus::NavWorldChanged, 14, "NAV_WORLD_CHANGED"),
    ];
    let header = include_str!("../include/nav.h");
    for (status, number, name) in expected {
        assert_eq!(status as u32, number, "{name} was renumbered");
        assert_eq!(status.name(), name);
        assert!(
            header.contains(&format!("{name} = {number},")),
            "{name} in nav.h"
        );
    }
    for (name, number) in [
        ("NAV_PATH_STATUS_FOUND", NavPathStatus::Found as u32),
        ("NAV_PATH_STATUS_NO_PATH", NavPathStatus::NoPath as u32),
        (
            "NAV_PATH_STATUS_LIMIT_REACHED",
            NavPathStatus::LimitReached as u32,
        ),
        (
            "NAV_PATH_STATUS_START_BLOCKED",
            NavPathStatus::StartBlocked as u32,
        ),
        (
            "NAV_PATH_STATUS_GOAL_BLOCKED",
            NavPathStatus::GoalBlocked as u32,
        ),
    ] {
        assert!(
            header.contains(&format!("{name} = {number},")),
            "{name} in nav.h"
        );
    }
}

#[test]
fn structs_have_no_padding() {
    // Sizes equal to the sum of the fields: C, C++ and C# agree on these layouts.
    assert_eq!(size_of::<NavCell>(), 8);
    assert_eq!(size_of::<NavGridPair>(), 16);
    assert_eq!(size_of::<NavGridPathResult>(), 24);
    assert_eq!(size_of::<NavGridBatchResult>(), 32);
    assert_eq!(size_of::<NavGridQueryOptions>(), 24);
    assert_eq!(size_of::<NavGridRulesDesc>(), 40);
    assert_eq!(size_of::<NavGridMove>(), 16);
    assert_eq!(size_of::<NavGridInfo>(), 24);
    assert_eq!(size_of::<NavGridCellInfo>(), 24);
    assert_eq!(size_of::<NavVersion>(), 12);
    assert_eq!(size_of::<NavVec2>(), 8);
    assert_eq!(size_of::<NavAabb>(), 16);
    assert_eq!(size_of::<NavAgentDesc>(), 24);
    assert_eq!(size_of::<NavWorldQueryOptions>(), 24);
    assert_eq!(size_of::<NavWorldPathResult>(), 24);
    assert_eq!(size_of::<NavWorldInfo>(), 32);
    assert_eq!(size_of::<NavPathPiece>(), 48);
    assert_eq!(size_of::<NavCircleQueryOptions>(), 24);
    assert_eq!(size_of::<NavCirclePathResult>(), 32);
}

#[test]
fn finds_the_known_optimal_path_around_a_wall() {
    let grid = grid_from_ascii(&WALL);
    let query = new_query();
    let found = find(grid, query, ptr::null(), None, cell(0, 0), cell(4, 2), 64);
    ok(found.status);
    assert_eq!(found.result.path_status, NavPathStatus::Found as u32);
    // Down the left column (4), along the bottom (2), up (2), right (2): no corner of the
    // wall may be cut, so no diagonal step helps.
    let expected = 10.0;
    assert!(
        (found.result.cost - expected).abs() < 1e-9,
        "cost {} expected {expected}",
        found.result.cost
    );
    assert_eq!(found.cells.first(), Some(&cell(0, 0)));
    assert_eq!(found.cells.last(), Some(&cell(4, 2)));
    assert_eq!(found.costs[0], 0.0);
    assert_eq!(*found.costs.last().unwrap(), found.result.cost);
    assert!(found.costs.windows(2).all(|w| w[0] < w[1]));
    assert!(found.result.expanded > 0);
    let open = grid_from_ascii(&["........"; 8]);
    let diagonal = find(open, query, ptr::null(), None, cell(0, 0), cell(4, 2), 64);
    ok(diagonal.status);
    assert!((diagonal.result.cost - (2.0 + 2.0 * SQRT_2)).abs() < 1e-12);
    assert_eq!(diagonal.cells.len(), 5);
    free_grid(open);

    // The same query through nav-grid directly gives the same path.
    let map = nav_grid::GridMap::from_ascii(&WALL.join("\n")).unwrap();
    let mut finder = nav_grid::GridContext::new();
    let outcome = finder
        .find_path(
            &map,
            &nav_grid::GridRules::default().compile().unwrap(),
            &nav_grid::GridQuery::new(nav_grid::Cell::new(0, 0), nav_grid::Cell::new(4, 2)),
        )
        .unwrap()
        .outcome();
    assert_eq!(outcome.cost, found.result.cost);
    assert_eq!(outcome.expanded as u64, found.result.expanded);
    let direct: Vec<NavCell> = finder.path().iter().map(|&c| c.into()).collect();
    assert_eq!(direct, found.cells);
    free_query(query);
    free_grid(grid);
}

#[test]
fn buffer_too_small_reports_the_length_and_the_path_can_be_fetched_again() {
    let grid = grid_from_ascii(&WALL);
    let query = new_query();
    let full = find(grid, query, ptr::null(), None, cell(0, 0), cell(4, 2), 64);
    ok(full.status);
    let n = full.result.cell_count;
    assert!(n > 3);

    // Length only.
    let probe = find(grid, query, ptr::null(), None, cell(0, 0), cell(4, 2), 0);
    fails_with(
        probe.status,
        NavStatus::NavBufferTooSmall,
        &["out_cells", &n.to_string()],
    );
    assert_eq!(probe.result.cell_count, n);
    assert_eq!(probe.result.cost, full.result.cost);

    // One short: nothing written.
    let mut cells = vec![cell(99, 99); n as usize - 1];
    let mut result = NavGridPathResult::default();
    // SAFETY: buffer of n - 1 cells.
    let status = unsafe {
        nav_grid_find_path(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            cell(0, 0),
            cell(4, 2),
            cells.as_mut_ptr(),
            ptr::null_mut(),
            n - 1,
            &mut result,
        )
    };
    assert_eq!(status, NavStatus::NavBufferTooSmall);
    assert!(cells.iter().all(|&c| c == cell(99, 99)), "nothing written");

    // The query kept the path: copy it without searching again.
    let mut count = 0;
    // SAFETY: capacity 0, NULL buffers.
    let status =
        unsafe { nav_query_grid_path(query, ptr::null_mut(), ptr::null_mut(), 0, &mut count) };
    assert_eq!(status, NavStatus::NavBufferTooSmall);
    assert_eq!(count, n);
    let mut cells = vec![NavCell::default(); n as usize];
    let mut costs = vec![0.0; n as usize];
    // SAFETY: buffers of n elements.
    ok(unsafe {
        nav_query_grid_path(query, cells.as_mut_ptr(), costs.as_mut_ptr(), n, &mut count)
    });
    assert_eq!(cells, full.cells);
    assert_eq!(costs, full.costs);
    free_query(query);
    free_grid(grid);
}

#[test]
fn blocked_endpoints_and_unreachable_goals_are_outcomes() {
    let grid = grid_from_ascii(&["..@..", "..@..", "..@.."]);
    let query = new_query();
    let start_blocked = find(grid, query, ptr::null(), None, cell(2, 0), cell(0, 0), 16);
    ok(start_blocked.status);
    assert_eq!(
        start_blocked.result.path_status,
        NavPathStatus::StartBlocked as u32
    );
    assert_eq!(start_blocked.result.cell_count, 0);
    assert_eq!(start_blocked.result.expanded, 0);

    let goal_blocked = find(grid, query, ptr::null(), None, cell(0, 0), cell(2, 1), 16);
    ok(goal_blocked.status);
    assert_eq!(
        goal_blocked.result.path_status,
        NavPathStatus::GoalBlocked as u32
    );

    let no_path = find(grid, query, ptr::null(), None, cell(0, 0), cell(4, 2), 16);
    ok(no_path.status);
    assert_eq!(no_path.result.path_status, NavPathStatus::NoPath as u32);
    assert_eq!(no_path.cells.len(), 0);

    // A partial path to the cell closest to the unreachable goal.
    let options = NavGridQueryOptions {
        partial_path: 1,
        ..Default::default()
    };
    let partial = find(
        grid,
        query,
        ptr::null(),
        Some(&options),
        cell(0, 0),
        cell(4, 2),
        16,
    );
    ok(partial.status);
    assert_eq!(partial.result.path_status, NavPathStatus::NoPath as u32);
    assert_eq!(partial.cells.last(), Some(&cell(1, 2)));

    // Out of range: an error, naming the endpoint.
    let outside = find(grid, query, ptr::null(), None, cell(0, 0), cell(5, 0), 16);
    fails_with(
        outside.status,
        NavStatus::NavOutOfRange,
        &["goal (5, 0)", "5x3"],
    );
    let outside = find(
        grid,
        query,
        ptr::null(),
        None,
        cell(u32::MAX, 0),
        cell(0, 0),
        16,
    );
    fails_with(outside.status, NavStatus::NavOutOfRange, &["start"]);
    free_query(query);
    free_grid(grid);
}

#[test]
fn limits_options_and_their_checks() {
    let grid = grid_from_ascii(&WALL);
    let query = new_query();
    let limited = NavGridQueryOptions {
        max_expanded: 3,
        partial_path: 1,
        ..Default::default()
    };
    let found = find(
        grid,
        query,
        ptr::null(),
        Some(&limited),
        cell(0, 0),
        cell(4, 2),
        64,
    );
    ok(found.status);
    assert_eq!(found.result.path_status, NavPathStatus::LimitReached as u32);
    assert!(found.result.cell_count >= 1, "a partial path");
    let cheap = NavGridQueryOptions {
        max_cost: 3.0,
        ..Default::default()
    };
    let found = find(
        grid,
        query,
        ptr::null(),
        Some(&cheap),
        cell(0, 0),
        cell(4, 2),
        64,
    );
    ok(found.status);
    assert_ne!(found.result.path_status, NavPathStatus::Found as u32);

    for (options, status, words) in [
        (
            NavGridQueryOptions {
                max_cost: f64::NAN,
                ..Default::default()
            },
            NavStatus::NavInvalidArgument,
            &["options.max_cost", "NaN"][..],
        ),
        (
            NavGridQueryOptions {
                max_cost: -1.0,
                ..Default::default()
            },
            NavStatus::NavInvalidArgument,
            &["options.max_cost", "-1"][..],
        ),
        (
            NavGridQueryOptions {
                partial_path: 2,
                ..Default::default()
            },
            NavStatus::NavInvalidArgument,
            &["options.partial_path", "0 or 1"][..],
        ),
        (
            NavGridQueryOptions {
                agent_size: 256,
                ..Default::default()
            },
            NavStatus::NavInvalidArgument,
            &["options.agent_size", "255", "256"][..],
        ),
        (
            NavGridQueryOptions {
                agent_size: u32::MAX,
                ..Default::default()
            },
            NavStatus::NavInvalidArgument,
            &["options.agent_size", "4294967295"][..],
        ),
    ] {
        let found = find(
            grid,
            query,
            ptr::null(),
            Some(&options),
            cell(0, 0),
            cell(4, 2),
            64,
        );
        fails_with(found.status, status, words);
    }
    free_query(query);
    free_grid(grid);
}

/// Two rooms joined by a gap of one cell (column 1) and a gap of two (columns 6 and 7).
const GAPS: [&str; 6] = [
    "..........",
    "..........",
    "@.@@@@..@@",
    "..........",
    "..........",
    "..........",
];

fn clearance_of(grid: *const NavGrid, x: u32, y: u32) -> u32 {
    let mut clearance = u32::MAX;
    // SAFETY: a valid out-pointer.
    ok(unsafe { nav_grid_clearance(grid, x, y, &mut clearance) });
    clearance
}

#[test]
fn agents_larger_than_one_cell_and_clearance() {
    let grid = grid_from_ascii(&GAPS);
    let query = new_query();
    let sized = |size: u32| NavGridQueryOptions {
        agent_size: size,
        ..Default::default()
    };
    let (start, goal) = (cell(0, 0), cell(0, 3));

    // One cell (0 and 1 alike): through the narrow gap.
    for size in [0, 1] {
        let one = find(
            grid,
            query,
            ptr::null(),
            Some(&sized(size)),
            start,
            goal,
            64,
        );
        ok(one.status);
        assert!((one.result.cost - (3.0 + SQRT_2)).abs() < 1e-12);
        assert!(one.cells.contains(&cell(1, 2)));
    }
    // Two cells: 6 along row 0, 3 down the wide gap, 6 back (no diagonal step keeps the
    // agent's corners clear next to the gap).
    let two = find(grid, query, ptr::null(), Some(&sized(2)), start, goal, 64);
    ok(two.status);
    assert_eq!(two.result.path_status, NavPathStatus::Found as u32);
    assert_eq!(two.result.cost, 15.0);
    assert_eq!(two.cells.len(), 16);
    for c in &two.cells {
        assert!(clearance_of(grid, c.x, c.y) >= 2, "{c:?}");
    }
    assert!(two.cells.contains(&cell(6, 1)) && two.cells.contains(&cell(6, 2)));
    // Three cells do not fit at the start; two do not fit at (9, 0) (off the map's edge).
    let three = find(grid, query, ptr::null(), Some(&sized(3)), start, goal, 64);
    ok(three.status);
    assert_eq!(three.result.path_status, NavPathStatus::StartBlocked as u32);
    assert_eq!(three.result.cell_count, 0);
    let edge = find(
        grid,
        query,
        ptr::null(),
        Some(&sized(2)),
        start,
        cell(9, 0),
        64,
    );
    assert_eq!(edge.result.path_status, NavPathStatus::GoalBlocked as u32);

    // With rules: 4 moves, the same detour for two cells.
    let (status, four) = rules(
        &NavGridRulesDesc {
            moves: NavMoves::Four as u32,
            heuristic: NavHeuristic::Manhattan as u32,
            ..Default::default()
        },
        &[],
    );
    ok(status);
    let found = find(grid, query, four, Some(&sized(2)), start, goal, 64);
    ok(found.status);
    assert_eq!(found.result.cost, 15.0);

    // A batch with the same options gives the same paths, on one thread and on the pool.
    let pairs = [
        NavGridPair { start, goal },
        NavGridPair {
            start: cell(8, 4),
            goal: cell(0, 0),
        },
        NavGridPair {
            start: cell(9, 0),
            goal,
        },
    ];
    for threads in [1, 0] {
        let mut results = vec![NavGridBatchResult::default(); pairs.len()];
        let mut cells = vec![cell(u32::MAX, u32::MAX); pairs.len() * 32];
        // SAFETY: buffers of the documented sizes.
        ok(unsafe {
            nav_grid_find_path_batch(
                grid,
                query,
                ptr::null(),
                &sized(2),
                pairs.as_ptr(),
                pairs.len() as u32,
                results.as_mut_ptr(),
                cells.as_mut_ptr(),
                32,
                threads,
            )
        });
        for (i, pair) in pairs.iter().enumerate() {
            let single = find(
                grid,
                query,
                ptr::null(),
                Some(&sized(2)),
                pair.start,
                pair.goal,
                32,
            );
            assert_eq!(
                results[i].path_status, single.result.path_status,
                "pair {i}"
            );
            assert_eq!(results[i].cost, single.result.cost, "pair {i}");
            let n = results[i].cell_count as usize;
            assert_eq!(&cells[i * 32..i * 32 + n], &single.cells[..], "pair {i}");
        }
        assert_eq!(results[2].path_status, NavPathStatus::StartBlocked as u32);
    }

    // Clearance: the largest square below and right of a cell, updated by edits.
    assert_eq!(clearance_of(grid, 0, 0), 2);
    assert_eq!(clearance_of(grid, 9, 0), 1);
    assert_eq!(clearance_of(grid, 0, 2), 0);
    assert_eq!(clearance_of(grid, 0, 3), 3);
    assert_eq!(clearance_of(grid, 6, 1), 2);
    // SAFETY: a live grid.
    ok(unsafe { nav_grid_set_blocked(grid, 7, 2, 1) });
    assert_eq!(clearance_of(grid, 6, 1), 1);
    let closed = find(grid, query, ptr::null(), Some(&sized(2)), start, goal, 64);
    ok(closed.status);
    assert_eq!(closed.result.path_status, NavPathStatus::NoPath as u32);
    // SAFETY: a live grid.
    ok(unsafe { nav_grid_set_blocked(grid, 7, 2, 0) });
    assert_eq!(clearance_of(grid, 6, 1), 2);

    let mut out = 7;
    // SAFETY: every pointer is checked.
    unsafe {
        fails_with(
            nav_grid_clearance(grid, 10, 0, &mut out),
            NavStatus::NavOutOfRange,
            &["(10, 0)", "10x6"],
        );
        fails_with(
            nav_grid_clearance(grid, 0, 0, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_clearance"],
        );
        fails_with(
            nav_grid_clearance(ptr::null(), 0, 0, &mut out),
            NavStatus::NavNullPointer,
            &["grid"],
        );
    }
    assert_eq!(out, 7, "nothing written on failure");

    // SAFETY: live rules.
    unsafe { ok(nav_grid_rules_free(four)) };
    free_query(query);
    free_grid(grid);
}

#[test]
fn rules_moves_costs_heuristics() {
    let grid = grid_from_ascii(&WALL);
    let query = new_query();
    // Four moves, Manhattan: the canvas tutorial's default.
    let (status, four) = rules(
        &NavGridRulesDesc {
            moves: NavMoves::Four as u32,
            heuristic: NavHeuristic::Manhattan as u32,
            ..Default::default()
        },
        &[],
    );
    ok(status);
    let found = find(grid, query, four, None, cell(0, 0), cell(4, 2), 64);
    ok(found.status);
    assert_eq!(found.result.cost, 10.0);
    let open = grid_from_ascii(&["......", "......", "......"]);
    let found = find(open, query, four, None, cell(0, 0), cell(4, 2), 64);
    ok(found.status);
    assert_eq!(found.result.cost, 6.0);

    // 10/14 costs.
    let (status, tens) = rules(
        &NavGridRulesDesc {
            straight_cost: 10.0,
            diagonal_cost: 14.0,
            ..Default::default()
        },
        &[],
    );
    ok(status);
    let found = find(grid, query, tens, None, cell(0, 0), cell(4, 2), 64);
    ok(found.status);
    assert_eq!(found.result.cost, 100.0);
    let found = find(open, query, tens, None, cell(0, 0), cell(4, 2), 64);
    ok(found.status);
    assert_eq!(found.result.cost, 2.0 * 14.0 + 2.0 * 10.0);

    // Custom moves: knight jumps only, default costs (diagonal + straight = 1 + sqrt 2).
    let knight: Vec<NavGridMove> = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .iter()
    .map(|&(dx, dy)| NavGridMove { dx, dy, cost: 0.0 })
    .collect();
    let (status, knights) = rules(
        &NavGridRulesDesc {
            moves: NavMoves::Custom as u32,
            diagonal: NavDiagonalRule::Free as u32,
            ..Default::default()
        },
        &knight,
    );
    ok(status);
    let found = find(open, query, knights, None, cell(0, 0), cell(2, 1), 64);
    ok(found.status);
    assert_eq!(found.cells, [cell(0, 0), cell(2, 1)]);
    assert!((found.result.cost - (1.0 + SQRT_2)).abs() < 1e-12);

    // Jump points: the same optimal cost with fewer expansions.
    let (status, jumps) = rules(
        &NavGridRulesDesc {
            jump_points: 1,
            ..Default::default()
        },
        &[],
    );
    ok(status);
    let rows: Vec<String> = (0..30)
        .map(|y| {
            (0..40)
                .map(|x| if x % 7 == 3 && y % 9 != 4 { '@' } else { '.' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let big = grid_from_ascii(&rows);
    let plain = find(big, query, ptr::null(), None, cell(0, 0), cell(39, 29), 256);
    let jumping = find(big, query, jumps, None, cell(0, 0), cell(39, 29), 256);
    ok(plain.status);
    ok(jumping.status);
    assert!((plain.result.cost - jumping.result.cost).abs() < 1e-9);
    assert!(jumping.result.expanded < plain.result.expanded);
    assert_eq!(jumping.cells.first(), Some(&cell(0, 0)));
    // Free diagonals have jump points too: the same cost as free diagonals cell by cell.
    let free_desc = NavGridRulesDesc {
        diagonal: NavDiagonalRule::Free as u32,
        ..Default::default()
    };
    let (status, free) = rules(&free_desc, &[]);
    ok(status);
    let (status, free_jumps) = rules(
        &NavGridRulesDesc {
            jump_points: 1,
            ..free_desc
        },
        &[],
    );
    ok(status);
    let free_plain = find(big, query, free, None, cell(0, 0), cell(39, 29), 256);
    let free_jumping = find(big, query, free_jumps, None, cell(0, 0), cell(39, 29), 256);
    ok(free_plain.status);
    ok(free_jumping.status);
    assert!((free_plain.result.cost - free_jumping.result.cost).abs() < 1e-9);
    assert!(free_jumping.result.expanded < free_plain.result.expanded);
    // SAFETY: live handles.
    unsafe {
        ok(nav_grid_rules_free(jumps));
        ok(nav_grid_rules_free(free));
        ok(nav_grid_rules_free(free_jumps));
    }
    free_grid(big);

    // Refused rules, each with a reason.
    let bad: Vec<(NavGridRulesDesc, Vec<NavGridMove>, NavStatus, Vec<&str>)> = vec![
        (
            NavGridRulesDesc {
                heuristic: NavHeuristic::Manhattan as u32,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidRules,
            vec!["manhattan", "not admissible"],
        ),
        (
            NavGridRulesDesc {
                moves: 7,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidArgument,
            vec!["desc.moves", "NAV_MOVES_CUSTOM (2)", "got 7"],
        ),
        (
            NavGridRulesDesc {
                heuristic: 5,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidArgument,
            vec!["desc.heuristic"],
        ),
        (
            NavGridRulesDesc {
                straight_cost: f64::INFINITY,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidArgument,
            vec!["desc.straight_cost", "inf"],
        ),
        (
            NavGridRulesDesc {
                diagonal_cost: -2.0,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidArgument,
            vec!["diagonal cost", "-2"],
        ),
        // Costs whose sums could overflow, and jump points under costs they are not exact for.
        (
            NavGridRulesDesc {
                straight_cost: 1e300,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidArgument,
            vec!["straight cost 1e300 is too large", "at most 1e100"],
        ),
        (
            NavGridRulesDesc {
                moves: NavMoves::Custom as u32,
                ..Default::default()
            },
            vec![NavGridMove {
                dx: 1,
                dy: 0,
                cost: 1e308,
            }],
            NavStatus::NavInvalidArgument,
            vec!["custom move cost", "too large"],
        ),
        (
            NavGridRulesDesc {
                jump_points: 1,
                straight_cost: 1.0,
                diagonal_cost: 3.0,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidRules,
            vec!["jump point", "straight <= diagonal <= 2 * straight"],
        ),
        (
            NavGridRulesDesc {
                allow_inadmissible: 3,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidArgument,
            vec!["allow_inadmissible"],
        ),
        (
            NavGridRulesDesc::default(),
            vec![NavGridMove {
                dx: 1,
                dy: 0,
                cost: 0.0,
            }],
            NavStatus::NavInvalidArgument,
            vec!["not NAV_MOVES_CUSTOM"],
        ),
        (
            NavGridRulesDesc {
                moves: NavMoves::Custom as u32,
                ..Default::default()
            },
            vec![],
            NavStatus::NavInvalidRules,
            vec!["no offset"],
        ),
        (
            NavGridRulesDesc {
                moves: NavMoves::Custom as u32,
                ..Default::default()
            },
            vec![NavGridMove {
                dx: 0,
                dy: 0,
                cost: 0.0,
            }],
            NavStatus::NavInvalidRules,
            vec!["(0, 0)"],
        ),
        (
            NavGridRulesDesc {
                moves: NavMoves::Custom as u32,
                ..Default::default()
            },
            vec![NavGridMove {
                dx: 1,
                dy: 0,
                cost: f64::NAN,
            }],
            NavStatus::NavInvalidArgument,
            vec!["moves[0].cost"],
        ),
    ];
    for (desc, moves, status, words) in bad {
        let (got, handle) = rules(&desc, &moves);
        fails_with(got, status, &words);
        assert!(handle.is_null(), "nothing created");
    }
    // SAFETY: live handles.
    unsafe {
        ok(nav_grid_rules_free(four));
        ok(nav_grid_rules_free(tens));
        ok(nav_grid_rules_free(knights));
    }
    free_query(query);
    free_grid(open);
    free_grid(grid);
}

#[test]
fn grid_creation_editing_and_inspection() {
    let mut grid = ptr::null_mut();
    // SAFETY: valid out-pointers and buffers throughout.
    unsafe {
        ok(nav_grid_create(4, 3, &mut grid));
        let mut info = NavGridInfo::default();
        ok(nav_grid_info(grid, &mut info));
        assert_eq!((info.width, info.height, info.walkable_count), (4, 3, 12));
        assert_eq!(info.max_walkable_terrain, 65535);
        assert_eq!(info.min_cost_multiplier, 1.0);

        ok(nav_grid_set_blocked(grid, 1, 1, 1));
        ok(nav_grid_set_terrain(grid, 2, 2, 7));
        ok(nav_grid_set_cost_multiplier(grid, 3, 0, 2.5));
        let mut c = NavGridCellInfo::default();
        ok(nav_grid_cell(grid, 1, 1, &mut c));
        assert_eq!((c.blocked, c.walkable, c.index), (1, 0, 5));
        ok(nav_grid_cell(grid, 3, 0, &mut c));
        assert_eq!(c.cost_multiplier, 2.5);
        ok(nav_grid_set_max_walkable_terrain(grid, 5));
        ok(nav_grid_cell(grid, 2, 2, &mut c));
        assert_eq!((c.terrain, c.blocked, c.walkable), (7, 0, 0));
        ok(nav_grid_info(grid, &mut info));
        assert_eq!(info.walkable_count, 10);
        assert_eq!(info.max_walkable_terrain, 5);

        let mut walkable = [9u8; 12];
        let mut count = 0;
        ok(nav_grid_copy_walkable(
            grid,
            walkable.as_mut_ptr(),
            12,
            &mut count,
        ));
        assert_eq!(count, 12);
        assert_eq!(walkable, [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1]);
        fails_with(
            nav_grid_copy_walkable(grid, walkable.as_mut_ptr(), 11, &mut count),
            NavStatus::NavBufferTooSmall,
            &["12"],
        );

        // Bad edits change nothing.
        fails_with(
            nav_grid_set_blocked(grid, 4, 0, 1),
            NavStatus::NavOutOfRange,
            &["(4, 0)", "4x3"],
        );
        fails_with(
            nav_grid_set_blocked(grid, 0, 0, 2),
            NavStatus::NavInvalidArgument,
            &["blocked"],
        );
        fails_with(
            nav_grid_set_terrain(grid, 0, 0, 70000),
            NavStatus::NavInvalidArgument,
            &["65535"],
        );
        for bad in [f64::NAN, f64::INFINITY, -1.0, 0.0, 1e300] {
            let status = nav_grid_set_cost_multiplier(grid, 0, 0, bad);
            assert_eq!(status, NavStatus::NavInvalidArgument, "{bad}");
        }
        ok(nav_grid_cell(grid, 0, 0, &mut c));
        assert_eq!((c.cost_multiplier, c.blocked), (1.0, 0));

        // A copy is independent.
        let mut copy = ptr::null_mut();
        ok(nav_grid_clone(grid, &mut copy));
        ok(nav_grid_set_blocked(copy, 0, 0, 1));
        ok(nav_grid_cell(grid, 0, 0, &mut c));
        assert_eq!(c.blocked, 0);
        free_grid(copy);
        free_grid(grid);

        // From walkability bytes and terrain.
        let bytes = [1u8, 0, 1, 1, 1, 1];
        ok(nav_grid_create_from_walkable(
            3,
            2,
            bytes.as_ptr(),
            6,
            &mut grid,
        ));
        ok(nav_grid_cell(grid, 1, 0, &mut c));
        assert_eq!(c.walkable, 0);
        free_grid(grid);
        let terrain = [0u16, 1, 2, 3];
        ok(nav_grid_create_from_terrain(
            2,
            2,
            terrain.as_ptr(),
            4,
            1,
            &mut grid,
        ));
        ok(nav_grid_info(grid, &mut info));
        assert_eq!(info.walkable_count, 2);
        free_grid(grid);

        // Refused creations.
        grid = ptr::null_mut();
        fails_with(
            nav_grid_create(0, 5, &mut grid),
            NavStatus::NavInvalidSize,
            &["0x5"],
        );
        fails_with(
            nav_grid_create(1_000_000_000, 1_000_000_000, &mut grid),
            NavStatus::NavInvalidSize,
            &["1000000000x1000000000"],
        );
        fails_with(
            nav_grid_create(32768, 32768, &mut grid),
            NavStatus::NavInvalidSize,
            &["cells"],
        );
        fails_with(
            nav_grid_create(4, 4, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_grid"],
        );
        fails_with(
            nav_grid_create_from_walkable(3, 2, bytes.as_ptr(), 5, &mut grid),
            NavStatus::NavInvalidSize,
            &["cell_count", "6 cells"],
        );
        fails_with(
            nav_grid_create_from_walkable(3, 2, ptr::null(), 6, &mut grid),
            NavStatus::NavNullPointer,
            &["walkable"],
        );
        let two = [1u8, 2, 1, 1, 1, 1];
        fails_with(
            nav_grid_create_from_walkable(3, 2, two.as_ptr(), 6, &mut grid),
            NavStatus::NavInvalidArgument,
            &["walkable[1]", "got 2"],
        );
        fails_with(
            nav_grid_create_from_terrain(2, 2, terrain.as_ptr(), 4, 65536, &mut grid),
            NavStatus::NavInvalidArgument,
            &["max_walkable_terrain"],
        );
        assert!(grid.is_null(), "no grid was created");
    }
}

#[test]
fn movingai_text_and_files() {
    let text = "type octile\nheight 2\nwidth 3\nmap\n.@T\nG.S\n";
    let mut grid = ptr::null_mut();
    // SAFETY: valid buffers and out-pointers throughout.
    unsafe {
        ok(nav_grid_load_movingai(
            text.as_ptr(),
            text.len() as u32,
            &mut grid,
        ));
        let mut length = 0;
        fails_with(
            nav_grid_write_movingai(grid, ptr::null_mut(), 0, &mut length),
            NavStatus::NavBufferTooSmall,
            &["out_text"],
        );
        assert_eq!(length as usize, text.len());
        let mut out = vec![0u8; length as usize];
        ok(nav_grid_write_movingai(
            grid,
            out.as_mut_ptr(),
            length,
            &mut length,
        ));
        assert_eq!(String::from_utf8(out).unwrap(), text);

        let path = std::env::temp_dir().join(format!("nav-ffi-{}.map", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let c_path = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        let mut from_file = ptr::null_mut();
        ok(nav_grid_load_movingai_file(c_path.as_ptr(), &mut from_file));
        let mut c = NavGridCellInfo::default();
        ok(nav_grid_cell(from_file, 2, 0, &mut c));
        assert_eq!((c.terrain, c.walkable), ('T' as u32, 0));
        std::fs::remove_file(&path).unwrap();
        free_grid(from_file);
        free_grid(grid);
        grid = ptr::null_mut();

        let missing = c"/nonexistent/nav/none.map";
        fails_with(
            nav_grid_load_movingai_file(missing.as_ptr(), &mut grid),
            NavStatus::NavIoError,
            &["/nonexistent/nav/none.map"],
        );
        let not_utf8 = [0xffu8, 0xfe, 0];
        fails_with(
            nav_grid_load_movingai_file(not_utf8.as_ptr().cast(), &mut grid),
            NavStatus::NavInvalidArgument,
            &["path", "UTF-8"],
        );
        let bad = "type octile\nheight 2\nwidth 3\nmap\n.@\n...\n";
        fails_with(
            nav_grid_load_movingai(bad.as_ptr(), bad.len() as u32, &mut grid),
            NavStatus::NavParseError,
            &["<memory>:5", "row 1"],
        );
        // A size nav refuses is NAV_INVALID_SIZE (as documented), from memory and from a file.
        let huge = "type octile\nheight 1000000000\nwidth 1000000000\nmap\n";
        fails_with(
            nav_grid_load_movingai(huge.as_ptr(), huge.len() as u32, &mut grid),
            NavStatus::NavInvalidSize,
            &["<memory>:4", "1000000000x1000000000", "refused"],
        );
        let empty = "type octile\nheight 0\nwidth 5\nmap\n";
        fails_with(
            nav_grid_load_movingai(empty.as_ptr(), empty.len() as u32, &mut grid),
            NavStatus::NavInvalidSize,
            &["5x0"],
        );
        let huge_path =
            std::env::temp_dir().join(format!("nav-ffi-{}-huge.map", std::process::id()));
        std::fs::write(&huge_path, huge).unwrap();
        let c_huge = std::ffi::CString::new(huge_path.to_str().unwrap()).unwrap();
        let status = nav_grid_load_movingai_file(c_huge.as_ptr(), &mut grid);
        std::fs::remove_file(&huge_path).unwrap();
        fails_with(
            status,
            NavStatus::NavInvalidSize,
            &[
                "nav_grid_load_movingai_file",
                "huge.map:4",
                "1000000000x1000000000",
            ],
        );
        let latin1 = b"type octile\nheight 1\nwidth 1\nmap\n\xe9\n";
        fails_with(
            nav_grid_load_movingai(latin1.as_ptr(), latin1.len() as u32, &mut grid),
            NavStatus::NavParseError,
            &["<memory>:5", "UTF-8"],
        );
        fails_with(
            nav_grid_load_movingai(ptr::null(), 10, &mut grid),
            NavStatus::NavNullPointer,
            &["text"],
        );
        assert!(grid.is_null());
    }
}

#[test]
fn budgets_and_expanded_cells() {
    let grid = grid_from_ascii(&["..........", ".........."]);
    let query = new_query();
    let (status, four) = rules(
        &NavGridRulesDesc {
            moves: NavMoves::Four as u32,
            ..Default::default()
        },
        &[],
    );
    ok(status);
    let found = find(grid, query, four, None, cell(0, 0), cell(9, 0), 16);
    ok(found.status);
    assert_eq!(found.result.cost, 9.0);
    let mut count = 0;
    // SAFETY: valid out-pointers and buffers.
    unsafe {
        ok(nav_query_grid_path_within_budget(query, 6.0, &mut count));
        assert_eq!(count, 7);
        ok(nav_query_grid_path_within_budget(query, 0.0, &mut count));
        assert_eq!(count, 1);
        ok(nav_query_grid_path_within_budget(
            query,
            f64::INFINITY,
            &mut count,
        ));
        assert_eq!(count, 10);
        fails_with(
            nav_query_grid_path_within_budget(query, f64::NAN, &mut count),
            NavStatus::NavInvalidArgument,
            &["budget", "NaN"],
        );
        fails_with(
            nav_query_grid_path_within_budget(query, -1.0, &mut count),
            NavStatus::NavInvalidArgument,
            &["budget"],
        );

        let mut expanded = 0;
        let status = nav_query_grid_expanded_cells(query, ptr::null_mut(), 0, &mut expanded);
        assert_eq!(status, NavStatus::NavBufferTooSmall);
        assert_eq!(expanded as u64, found.result.expanded);
        let mut cells = vec![NavCell::default(); expanded as usize];
        ok(nav_query_grid_expanded_cells(
            query,
            cells.as_mut_ptr(),
            expanded,
            &mut count,
        ));
        assert!(cells.contains(&cell(0, 0)));
        assert!(cells.iter().all(|c| c.x < 10 && c.y < 2));
        ok(nav_grid_rules_free(four));
    }
    free_query(query);
    free_grid(grid);
}

#[test]
fn handles_are_checked() {
    let grid = grid_from_ascii(&WALL);
    let query = new_query();
    let mut info = NavGridInfo::default();
    // SAFETY: every pointer is checked against the live handles before use.
    unsafe {
        // Wrong kinds.
        fails_with(
            nav_grid_info(query.cast(), &mut info),
            NavStatus::NavInvalidHandle,
            &["NavQuery handle, not a NavGrid"],
        );
        fails_with(
            nav_query_free(grid.cast()),
            NavStatus::NavInvalidHandle,
            &["NavGrid"],
        );
        // NULL.
        fails_with(
            nav_grid_info(ptr::null(), &mut info),
            NavStatus::NavNullPointer,
            &["grid"],
        );
        fails_with(
            nav_grid_info(grid, ptr::null_mut()),
            NavStatus::NavNullPointer,
            &["out_info"],
        );
        // Garbage.
        let fake = 0x1234_5678usize as *const NavGrid;
        fails_with(
            nav_grid_info(fake, &mut info),
            NavStatus::NavInvalidHandle,
            &["not a live"],
        );
        // Freeing NULL is a no-op.
        ok(nav_grid_free(ptr::null_mut()));
        ok(nav_query_free(ptr::null_mut()));
        ok(nav_grid_rules_free(ptr::null_mut()));
        // Use after free and double free are reported.
        free_grid(grid);
        fails_with(
            nav_grid_info(grid, &mut info),
            NavStatus::NavInvalidHandle,
            &["freed"],
        );
        fails_with(nav_grid_free(grid), NavStatus::NavInvalidHandle, &["freed"]);
        let found = find(grid, query, ptr::null(), None, cell(0, 0), cell(1, 0), 8);
        assert_eq!(found.status, NavStatus::NavInvalidHandle);
        free_query(query);
        let mut version = NavVersion::default();
        ok(nav_version(&mut version));
    }
}

#[test]
fn last_error_copies_cuts_and_sizes() {
    // SAFETY: valid buffers throughout.
    unsafe {
        let mut grid = ptr::null_mut();
        assert_eq!(nav_grid_create(0, 0, &mut grid), NavStatus::NavInvalidSize);
        let message = last_error_message();
        assert!(
            message.starts_with("nav_grid_create: map size 0x0 refused"),
            "{message}"
        );
        let mut size = 0;
        assert_eq!(
            nav_last_error(ptr::null_mut(), 0, &mut size),
            NavStatus::NavBufferTooSmall
        );
        assert_eq!(size as usize, message.len() + 1);
        let mut buffer = vec![0x55u8; size as usize];
        ok(nav_last_error(buffer.as_mut_ptr().cast(), size, &mut size));
        assert_eq!(&buffer[..message.len()], message.as_bytes());
        assert_eq!(buffer[message.len()], 0);
        // A cut copy is still NUL-terminated.
        let mut small = [0x55u8; 8];
        assert_eq!(
            nav_last_error(small.as_mut_ptr().cast(), 8, &mut size),
            NavStatus::NavBufferTooSmall
        );
        assert_eq!(&small[..7], &message.as_bytes()[..7]);
        assert_eq!(small[7], 0);
        // Reading the message does not change it, even when reading fails.
        assert_eq!(
            nav_last_error(ptr::null_mut(), 8, &mut size),
            NavStatus::NavNullPointer
        );
        assert_eq!(last_error_message(), message);
        // Success leaves it.
        let mut version = NavVersion::default();
        ok(nav_version(&mut version));
        assert_eq!(last_error_message(), message);
        // Other threads have their own.
        std::thread::spawn(|| assert_eq!(last_error_message(), ""))
            .join()
            .unwrap();
    }
}

#[test]
fn real_moving_ai_map_through_the_abi_matches_the_scenario_lengths() {
    let Some(dir) = movingai_dir() else { return };
    let map_path = dir.join("dao/arena.map");
    let scenario = nav_grid::movingai::read_scenario(dir.join("dao/arena.map.scen")).unwrap();
    let c_path = std::ffi::CString::new(map_path.to_str().unwrap()).unwrap();
    let mut grid = ptr::null_mut();
    // SAFETY: valid path and out-pointer.
    ok(unsafe { nav_grid_load_movingai_file(c_path.as_ptr(), &mut grid) });
    let query = new_query();
    for row in scenario.rows.iter().step_by(8) {
        let found = find(
            grid,
            query,
            ptr::null(),
            None,
            row.start.into(),
            row.goal.into(),
            4096,
        );
        ok(found.status);
        assert!(
            // Lengths are printed with a few decimals.
            (found.result.cost - row.optimal_length).abs() <= 5e-3,
            "{:?} -> {:?}: {} vs optimal {}",
            row.start,
            row.goal,
            found.result.cost,
            row.optimal_length
        );
    }
    free_query(query);
    free_grid(grid);
}
