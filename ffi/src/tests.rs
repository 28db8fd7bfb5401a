//! Tests that need the crate's internals: contention and poisoning, which a C caller can only
//! produce with unlucky timing.

use std::ptr;

use crate::grid::{NavCell, NavGridInfo, NavGridPathResult, nav_grid_find_path};
use crate::grid::{NavGrid, nav_grid_create, nav_grid_free, nav_grid_info, nav_grid_set_blocked};
use crate::last_error::last_error_message;
use crate::query::{NavQuery, nav_query_create, nav_query_free};
use crate::status::NavStatus;

fn grid(width: u32, height: u32) -> *mut NavGrid {
    let mut grid = ptr::null_mut();
    // SAFETY: valid out-pointer.
    assert_eq!(
        unsafe { nav_grid_create(width, height, &mut grid) },
        NavStatus::NavOk
    );
    grid
}

fn query() -> *mut NavQuery {
    let mut query = ptr::null_mut();
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { nav_query_create(&mut query) }, NavStatus::NavOk);
    query
}

fn find(grid: *const NavGrid, query: *mut NavQuery) -> NavStatus {
    let mut result = NavGridPathResult::default();
    // SAFETY: no buffers (capacity 0), valid out-pointer.
    unsafe {
        nav_grid_find_path(
            grid,
            query,
            ptr::null(),
            ptr::null(),
            NavCell { x: 0, y: 0 },
            NavCell { x: 2, y: 2 },
            ptr::null_mut(),
            ptr::null_mut(),
            0,
            &mut result,
        )
    }
}

#[test]
fn a_query_context_in_use_is_busy_not_shared() {
    let g = grid(4, 4);
    let q = query();
    // SAFETY: `q` is live (just created).
    let held = unsafe { &*q }.lock().unwrap();
    assert_eq!(find(g, q), NavStatus::NavBusy);
    assert!(last_error_message().contains("own NavQuery"));
    // SAFETY: any pointer is checked.
    assert_eq!(unsafe { nav_query_free(q) }, NavStatus::NavBusy);
    drop(held);
    assert_eq!(
        find(g, q),
        NavStatus::NavBufferTooSmall,
        "a path of 3 cells needs a buffer"
    );
    // SAFETY: any pointer is checked.
    unsafe {
        assert_eq!(nav_query_free(q), NavStatus::NavOk);
        assert_eq!(nav_grid_free(g), NavStatus::NavOk);
    }
}

#[test]
fn a_grid_being_read_cannot_be_changed_or_freed() {
    let g = grid(4, 4);
    let reading = crate::shared::read(g, "grid").unwrap();
    // SAFETY: any pointer is checked.
    unsafe {
        assert_eq!(nav_grid_set_blocked(g, 1, 1, 1), NavStatus::NavBusy);
        assert!(last_error_message().contains("nav_grid_clone"));
        assert_eq!(nav_grid_free(g), NavStatus::NavBusy);
        // Other readers are welcome.
        let mut info = NavGridInfo::default();
        assert_eq!(nav_grid_info(g, &mut info), NavStatus::NavOk);
        drop(reading);
        assert_eq!(nav_grid_set_blocked(g, 1, 1, 1), NavStatus::NavOk);
        assert_eq!(nav_grid_free(g), NavStatus::NavOk);
    }
}

#[test]
fn a_grid_poisoned_by_a_panic_during_a_change_is_refused_and_can_be_freed() {
    let g = grid(4, 4);
    let address = g as usize;
    std::thread::spawn(move || {
        // Simulates an internal panic in the middle of a change of the grid.
        let _guard = crate::shared::write(address as *mut NavGrid, "grid").unwrap();
        std::panic::panic_any("simulated panic in the middle of a change");
    })
    .join()
    .unwrap_err();
    let q = query();
    // SAFETY: any pointer is checked.
    unsafe {
        assert_eq!(find(g, q), NavStatus::NavPanic);
        assert!(last_error_message().contains("may be inconsistent"));
        assert_eq!(nav_grid_set_blocked(g, 1, 1, 1), NavStatus::NavPanic);
        assert_eq!(nav_grid_free(g), NavStatus::NavOk);
        assert_eq!(nav_query_free(q), NavStatus::NavOk);
    }
}
