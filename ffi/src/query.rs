//! `NavQuery`: a query context, the scratch memory and the results of one thread's queries.

use std::sync::{Mutex, MutexGuard, TryLockError};

use nav_geom::Vec2;
use nav_grid::{Cell, GridContext, GridError};
use nav_tangent::{PathPiece, TangentError, TangentPath};

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
///
/// The results of the latest query of each kind (path, expanded cells) are only readable
/// through the methods below, which answer "nothing" once a query of that kind has started
/// and not yet searched: every query entry point calls `forget_*` before it checks its
/// arguments, so a refused query leaves an empty path, as `nav.h` promises, and never its
/// predecessor's. Forgetting is a flag, not a deallocation: the memory stays for the next
/// query, which then allocates nothing.
#[derive(Default)]
pub(crate) struct QueryState {
    /// Grid searches: arena, open list, the last path and its costs.
    grid: GridContext,
    /// Whether `grid` holds the latest grid query's results.
    grid_kept: bool,
    /// `NavWorld` searches: arena, walkability caches and the last path.
    agent: nav_agent::AgentContext,
    /// Whether the last `NavWorld` query asked for the raw lattice path.
    agent_path_raw: bool,
    /// Whether `agent`'s path is the latest `NavWorld` query's path.
    agent_kept: bool,
    /// `NavCircleWorld` searches, the last path and the scratch memory of its polylines.
    tangent: nav_tangent::CircleContext,
    /// Whether `tangent`'s path is the latest `NavCircleWorld` query's path.
    tangent_kept: bool,
    /// Scratch for polylines when there is no path (the check of `max_deviation` alone).
    polyline: Vec<Vec2>,
    /// `NavMeshWorld` searches and their latest path.
    pub mesh: crate::mesh_world::MeshState,
}

impl QueryState {
    /// Forgets the latest grid path and expanded cells (the first step of every grid query).
    pub fn forget_grid_results(&mut self) {
        self.grid_kept = false;
    }

    /// The context for a new grid search, whose results are the latest from now on. The
    /// context clears its path and expanded cells as a search starts, also a search that
    /// its own checks refuse (an endpoint outside the map, bad limits).
    pub fn grid_search(&mut self) -> &mut GridContext {
        self.grid_kept = true;
        &mut self.grid
    }

    /// The search the latest grid query ran (`None` when it did not search).
    pub fn grid_search_used(&self) -> Option<nav_grid::SearchMode> {
        self.grid_kept.then(|| self.grid.search_used()).flatten()
    }

    /// The latest grid path: its cells and the cost of reaching each (empty when there is none).
    pub fn grid_path(&self) -> (&[Cell], &[f64]) {
        if self.grid_kept {
            (self.grid.path(), self.grid.path_costs())
        } else {
            (&[], &[])
        }
    }

    /// How many leading cells of the latest grid path cost at most `budget` (NaN and negative
    /// budgets are refused, with or without a path).
    pub fn grid_path_within_budget(&self, budget: f64) -> Result<usize, GridError> {
        let prefix = self.grid.path_within_budget(budget)?.len();
        Ok(if self.grid_kept { prefix } else { 0 })
    }

    /// The cells the latest grid query expanded, in index order.
    pub fn grid_expanded_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let count = if self.grid_kept { usize::MAX } else { 0 };
        self.grid.expanded_cells().take(count)
    }

    /// Forgets the latest `NavWorld` path (the first step of every `NavWorld` query).
    /// Cancels the time-sliced query of every navigator.
    pub fn cancel_slices(&mut self) {
        self.grid.cancel_sliced();
        self.agent.cancel_sliced();
        self.tangent.cancel_sliced();
        self.mesh.context.cancel_sliced();
    }

    /// The agent context, to read.
    pub fn agent_context(&self) -> &nav_agent::AgentContext {
        &self.agent
    }

    /// Whether the latest agent path kept is the raw one.
    pub fn agent_path_is_raw(&self) -> bool {
        self.agent_path_raw
    }

    pub fn forget_agent_path(&mut self) {
        self.agent_kept = false;
    }

    /// The context of a `NavWorld` search; its path counts as the latest once
    /// [`keep_agent_path`](Self::keep_agent_path) says the search ran.
    pub fn agent_search(&mut self) -> &mut nav_agent::AgentContext {
        &mut self.agent
    }

    /// Marks the path written by the search as the latest, smoothed or `raw` as asked.
    pub fn keep_agent_path(&mut self, raw: bool) {
        self.agent_kept = true;
        self.agent_path_raw = raw;
    }

    /// The latest `NavWorld` path's points (smoothed or raw, as its query asked; empty when
    /// there is none).
    pub fn agent_points(&self) -> &[Vec2] {
        match (self.agent_kept, self.agent_path_raw) {
            (false, _) => &[],
            (true, false) => self.agent.last_path().points(),
            (true, true) => self.agent.raw_path(),
        }
    }

    /// Forgets the latest `NavCircleWorld` path (the first step of every circle-world query).
    pub fn forget_circle_path(&mut self) {
        self.tangent_kept = false;
    }

    /// The context of a `NavCircleWorld` search; its path counts as the latest once
    /// [`keep_circle_path`](Self::keep_circle_path) says the search ran.
    pub fn circle_search(&mut self) -> &mut nav_tangent::CircleContext {
        &mut self.tangent
    }

    /// Marks the path written by the search as the latest.
    pub fn keep_circle_path(&mut self) {
        self.tangent_kept = true;
    }

    /// The latest `NavCircleWorld` path's pieces (empty when there is none).
    pub fn circle_pieces(&self) -> &[PathPiece] {
        if self.tangent_kept {
            self.tangent.last_path().pieces()
        } else {
            &[]
        }
    }

    /// The latest `NavCircleWorld` path as a polyline within `max_deviation` of its arcs
    /// (empty when there is none), written into the context's scratch memory.
    pub fn circle_polyline(&mut self, max_deviation: f32) -> Result<&[Vec2], TangentError> {
        if self.tangent_kept {
            self.tangent.polyline(max_deviation)
        } else {
            // An empty path (no allocation) still checks `max_deviation`.
            TangentPath::new().write_polyline(max_deviation, &mut self.polyline)?;
            Ok(&self.polyline)
        }
    }
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
                // Settings outlive the reset: only what the panic interrupted is dropped.
                let cache_limit = state.mesh.context.cache_limit();
                *state = QueryState::default();
                state.mesh.context.set_cache_limit(cache_limit);
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
