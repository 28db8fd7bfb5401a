//! `NavQuery`: a query context, the scratch memory and the results of one thread's queries.

use std::sync::{Mutex, MutexGuard, TryLockError};

use nav_grid::GridPathfinder;

use crate::args::OutPtr;
use crate::error::{FfiError, FfiResult};
use crate::guard::guard;
use crate::handles::{self, Handle, HandleKind};
use crate::status::NavStatus;

/// A query context: the search memory of one thread's queries, reused from query to query so
/// that a warm query allocates nothing, and the results of the latest query (its path, the
/// cells it expanded).
///
/// Create one per thread that runs queries and keep it. A context used by two threads at once
/// is detected: the second call returns `NAV_BUSY`.
pub struct NavQuery {
    state: Mutex<QueryState>,
}

/// What a query context holds, one part per kind of navigator.
#[derive(Default)]
pub(crate) struct QueryState {
    /// Grid searches: arena, open list, the last path and its costs.
    pub grid: GridPathfinder,
    /// `NavWorld` searches: arena and walkability caches.
    pub agent: nav_agent::QueryContext,
    /// The last `NavWorld` path.
    pub agent_path: nav_agent::AgentPath,
    /// Whether the last `NavWorld` query asked for the raw lattice path.
    pub agent_path_raw: bool,
    /// `NavCircleWorld` searches.
    pub tangent: nav_tangent::QueryContext,
    /// The last `NavCircleWorld` path.
    pub tangent_path: nav_tangent::TangentPath,
    /// Scratch for polylines of the last `NavCircleWorld` path.
    pub polyline: Vec<nav_geom::Vec2>,
}

impl Handle for NavQuery {
    const KIND: HandleKind = HandleKind::Query;

    fn is_idle(&self) -> bool {
        !matches!(self.state.try_lock(), Err(TryLockError::WouldBlock))
    }
}

impl NavQuery {
    /// Takes the context for one call.
    ///
    /// A context whose last call panicked is reset (its memory and last results dropped):
    /// what the panic interrupted cannot be trusted, a fresh context can.
    pub(crate) fn lock(&self) -> FfiResult<MutexGuard<'_, QueryState>> {
        match self.state.try_lock() {
            Ok(state) => Ok(state),
            Err(TryLockError::WouldBlock) => Err(FfiError::new(
                NavStatus::NavBusy,
                "`query` is in use by a call on another thread: give each thread its own NavQuery",
            )),
            Err(TryLockError::Poisoned(poisoned)) => {
                let mut state = poisoned.into_inner();
                *state = QueryState::default();
                self.state.clear_poison();
                Ok(state)
            }
        }
    }
}

/// Looks the query handle `ptr` up and takes it for one call.
pub(crate) fn lock_query<'a>(
    ptr: *mut NavQuery,
    argument: &str,
) -> FfiResult<MutexGuard<'a, QueryState>> {
    handles::acquire(ptr.cast_const(), argument, |query: &'a NavQuery| {
        query.lock()
    })
}

/// Creates a query context and writes its handle to `*out_query`. Free it with
/// `nav_query_free`.
///
/// Creating allocates only a little: the search memory grows during the first queries, to
/// the size of the largest map searched, and is then reused.
///
/// # Safety
/// `out_query` must point to a writable `NavQuery*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_create(out_query: *mut *mut NavQuery) -> NavStatus {
    guard("nav_query_create", || {
        let out = OutPtr::new(out_query, "out_query")?;
        let query = handles::register(NavQuery {
            state: Mutex::new(QueryState::default()),
        });
        // SAFETY: the caller's contract.
        unsafe { out.write(query) };
        Ok(())
    })
}

/// Frees a query context. NULL is a no-op; a context in use by another thread is not freed
/// (`NAV_BUSY`); a pointer that is not a live context gives `NAV_INVALID_HANDLE`.
///
/// # Safety
/// None beyond passing a value: any pointer is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_free(query: *mut NavQuery) -> NavStatus {
    guard("nav_query_free", || handles::free(query, "query"))
}
