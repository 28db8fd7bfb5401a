//! Small safe helpers over the raw ABI for the tests.
#![allow(dead_code)]

use std::ptr;

use nav_ffi::*;

/// Panics with the last error when `status` is not `NAV_OK`.
#[track_caller]
pub fn ok(status: NavStatus) {
    assert_eq!(
        status,
        NavStatus::NavOk,
        "unexpected status, last error: {}",
        last_error_message()
    );
}

/// Asserts `status` and that the last error mentions every one of `words`.
#[track_caller]
pub fn fails_with(status: NavStatus, expected: NavStatus, words: &[&str]) {
    assert_eq!(status, expected, "last error: {}", last_error_message());
    let message = last_error_message();
    for word in words {
        assert!(
            message.contains(word),
            "the message {message:?} should mention {word:?}"
        );
    }
}

pub fn grid_from_ascii(rows: &[&str]) -> *mut NavGrid {
    let text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n{}\n",
        rows.len(),
        rows[0].len(),
        rows.join("\n")
    );
    let mut grid = ptr::null_mut();
    // SAFETY: valid buffer and out-pointer.
    ok(unsafe { nav_grid_load_movingai(text.as_ptr(), text.len() as u32, &mut grid) });
    grid
}

pub fn new_query() -> *mut NavQuery {
    let mut query = ptr::null_mut();
    // SAFETY: valid out-pointer.
    ok(unsafe { nav_query_create(&mut query) });
    query
}

pub fn cell(x: u32, y: u32) -> NavCell {
    NavCell { x, y }
}

/// A query's full output.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub status: NavStatus,
    pub result: NavGridPathResult,
    pub cells: Vec<NavCell>,
    pub costs: Vec<f64>,
}

/// Runs `nav_grid_find_path` with a buffer of `capacity` cells.
pub fn find(
    grid: *const NavGrid,
    query: *mut NavQuery,
    rules: *const NavGridRules,
    options: Option<&NavGridQueryOptions>,
    start: NavCell,
    goal: NavCell,
    capacity: u32,
) -> Found {
    let mut cells = vec![NavCell::default(); capacity as usize];
    let mut costs = vec![-1.0; capacity as usize];
    let mut result = NavGridPathResult::default();
    // SAFETY: buffers of `capacity` elements, valid out-pointer.
    let status = unsafe {
        nav_grid_find_path(
            grid,
            query,
            rules,
            options.map_or(ptr::null(), |o| o as *const _),
            start,
            goal,
            cells.as_mut_ptr(),
            costs.as_mut_ptr(),
            capacity,
            &mut result,
        )
    };
    let n = if status == NavStatus::NavOk {
        result.cell_count as usize
    } else {
        0
    };
    cells.truncate(n);
    costs.truncate(n);
    Found {
        status,
        result,
        cells,
        costs,
    }
}

pub fn free_grid(grid: *mut NavGrid) {
    // SAFETY: any pointer is checked.
    ok(unsafe { nav_grid_free(grid) });
}

pub fn free_query(query: *mut NavQuery) {
    // SAFETY: any pointer is checked.
    ok(unsafe { nav_query_free(query) });
}

pub fn rules(desc: &NavGridRulesDesc, moves: &[NavGridMove]) -> (NavStatus, *mut NavGridRules) {
    let mut rules = ptr::null_mut();
    // SAFETY: valid pointers and lengths.
    let status =
        unsafe { nav_grid_rules_create(desc, moves.as_ptr(), moves.len() as u32, &mut rules) };
    (status, rules)
}

/// The Moving AI data folder, or `None` (printing why) when it is missing outside CI.
pub fn movingai_dir() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("NAV_MOVINGAI_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/movingai")
        });
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!(
            "CI=true but the Moving AI data is missing at {} (set NAV_MOVINGAI_DIR)",
            dir.display()
        );
    }
    eprintln!(
        "skipping: Moving AI data not found at {} (set NAV_MOVINGAI_DIR)",
        dir.display()
    );
    None
}

/// Every status, in numeric order.
pub const ALL_STATUSES: [NavStatus; 15] = [
    NavStatus::NavOk,
    NavStatus::NavNullPointer,
    NavStatus::NavInvalidHandle,
    NavStatus::NavInvalidArgument,
    NavStatus::NavOutOfRange,
    NavStatus::NavInvalidSize,
    NavStatus::NavBufferTooSmall,
    NavStatus::NavInvalidRules,
    NavStatus::NavParseError,
    NavStatus::NavIoError,
    NavStatus::NavBusy,
    NavStatus::NavPanic,
    NavStatus::NavUnsupported,
    NavStatus::NavUnknownObject,
    NavStatus::NavWorldChanged,
];

/// A point.
pub fn v(x: f32, y: f32) -> NavVec2 {
    NavVec2 { x, y }
}

/// The box from `(x0, y0)` to `(x1, y1)`.
pub fn aabb(x0: f32, y0: f32, x1: f32, y1: f32) -> NavAabb {
    NavAabb {
        min: v(x0, y0),
        max: v(x1, y1),
    }
}
