//! A deliberate internal error, to prove that panics never cross the boundary.

use crate::guard::guard;
use crate::query::{NavQuery, lock_query};
use crate::status::NavStatus;

/// Raises an internal error (a Rust panic) on purpose, to check in a given build and process
/// that nav turns panics into `NAV_PANIC` instead of crashing: always returns `NAV_PANIC`,
/// with the panic's message and location in the last error.
///
/// With a `query` (not NULL), the panic happens while the call holds that context, half-way
/// through using it; the next call with it finds the context reset and works as usual. A
/// build with `panic = "abort"` would abort here instead: nav must not be built that way.
///
/// # Safety
/// None: `query` is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_debug_panic(query: *mut NavQuery) -> NavStatus {
    guard("nav_debug_panic", || {
        if !query.is_null() {
            let mut state = lock_query(query, "query")?;
            // Half-way through: the path of the last query is gone, the new one not written.
            state.forget_grid_results();
            panic!("nav_debug_panic: deliberate panic while holding the query context");
        }
        panic!("nav_debug_panic: deliberate panic");
    })
}
