//! Many grid queries in one call, on the calling thread or on nav's worker pool.

use std::cell::RefCell;
use std::mem::MaybeUninit;
use std::sync::Mutex;

use nav_grid::{GridMap, GridPathfinder, GridRules, Limits};
use rayon::prelude::*;

use crate::args::{OutBuffer, input_slice};
use crate::error::FfiError;
use crate::grid::find_path::{read_options, run_search};
use crate::grid::map::NavGrid;
use crate::grid::rules::{DEFAULT_RULES, NavGridRules, read_rules};
use crate::grid::types::{
    NavCell, NavGridBatchResult, NavGridPair, NavGridPathResult, NavGridQueryOptions,
};
use crate::guard::{catch_panic, guard};
use crate::query::{NavQuery, lock_query};
use crate::shared;
use crate::status::NavStatus;

thread_local! {
    /// The search memory of a worker thread, kept between batches so that warm batches
    /// reuse it.
    static WORKER_FINDER: RefCell<GridPathfinder> = RefCell::new(GridPathfinder::new());
}

/// The first pair that failed: its index and its message.
type FirstFailure = Mutex<Option<(usize, NavStatus, String)>>;

/// What every chunk of a batch shares.
struct Batch<'a> {
    map: &'a GridMap,
    rules: &'a GridRules,
    limits: Limits,
    cells_per_pair: usize,
    first_failure: FirstFailure,
}

impl Batch<'_> {
    /// Runs `pairs` (starting at pair number `first`) with `finder`, writing their results
    /// and paths.
    fn run_chunk(
        &self,
        finder: &mut GridPathfinder,
        first: usize,
        pairs: &[NavGridPair],
        results: &mut [MaybeUninit<NavGridBatchResult>],
        cells: &mut [MaybeUninit<NavCell>],
    ) {
        for (i, (pair, result)) in pairs.iter().zip(results.iter_mut()).enumerate() {
            let slot = if self.cells_per_pair == 0 {
                &mut [][..]
            } else {
                &mut cells[i * self.cells_per_pair..(i + 1) * self.cells_per_pair]
            };
            let outcome = catch_panic(|| self.run_pair(finder, pair, slot));
            let (status, path) = match outcome {
                Ok(Ok(path)) => (NavStatus::NavOk, path),
                Ok(Err((error, path))) => {
                    self.record_failure(first + i, error.status, error.message);
                    (error.status, path)
                }
                Err(panic) => {
                    // What the panic interrupted cannot be trusted: start afresh.
                    *finder = GridPathfinder::new();
                    self.record_failure(first + i, NavStatus::NavPanic, panic);
                    (NavStatus::NavPanic, NavGridPathResult::default())
                }
            };
            result.write(NavGridBatchResult {
                cost: path.cost,
                expanded: path.expanded,
                status: status as u32,
                path_status: path.path_status,
                cell_count: path.cell_count,
                reserved: 0,
            });
        }
    }

    /// One pair: its result, or the error and whatever result there is (the path's length
    /// when it did not fit).
    fn run_pair(
        &self,
        finder: &mut GridPathfinder,
        pair: &NavGridPair,
        slot: &mut [MaybeUninit<NavCell>],
    ) -> Result<NavGridPathResult, (FfiError, NavGridPathResult)> {
        let result = run_search(
            finder,
            self.map,
            self.rules,
            &self.limits,
            pair.start,
            pair.goal,
        )
        .map_err(|e| (e, NavGridPathResult::default()))?;
        let path = finder.path();
        if path.len() > slot.len() && self.cells_per_pair > 0 {
            let error = FfiError::buffer_too_small(
                "cells_per_pair",
                self.cells_per_pair as u64,
                path.len() as u64,
                "this pair's path",
            );
            return Err((error, result));
        }
        if self.cells_per_pair > 0 {
            for (out, &cell) in slot.iter_mut().zip(path) {
                out.write(cell.into());
            }
        }
        Ok(result)
    }

    fn record_failure(&self, index: usize, status: NavStatus, message: String) {
        let mut first = self
            .first_failure
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if first.as_ref().is_none_or(|(i, _, _)| index < *i) {
            *first = Some((index, status, message));
        }
    }
}

/// Finds paths for `pair_count` start/goal pairs on one grid under the same rules and
/// options, writing one `NavGridBatchResult` per pair to `out_results[0..pair_count]`.
///
/// Paths: with `cells_per_pair > 0`, the path of pair `i` goes to
/// `out_cells[i * cells_per_pair ..]` (its length in `out_results[i].cell_count`); a longer
/// path is not written and that pair's status is `NAV_BUFFER_TOO_SMALL` with the length
/// needed. With `cells_per_pair == 0` (and `out_cells` NULL) only costs and statuses are
/// written.
///
/// Threads: `threads == 1` runs every pair on the calling thread with `query` (required then),
/// allocating nothing once warm; `query`'s latest grid path (`nav_query_grid_path`) is then
/// the last pair's, and none when the batch is refused as a whole or has no pairs. Any other
/// value spreads the pairs over nav's worker pool (one thread per core, or
/// `RAYON_NUM_THREADS`), in at most `threads` chunks (0: as many as it likes); each worker has
/// its own search memory, kept between calls, and `query` may be NULL (and is not touched).
/// The results do not depend on the threading.
///
/// Returns `NAV_OK` when every pair succeeded; otherwise the status of the first failing pair
/// (lowest index), whose message is in the last error, while every pair still has its own
/// result. Arguments that make the whole call impossible (NULL buffers, a bad handle, invalid
/// options) fail before any pair runs, and nothing is written.
///
/// # Safety
/// `pairs` must point to `pair_count` readable pairs; `out_results` to `pair_count` writable
/// results; `out_cells` to `pair_count * cells_per_pair` writable cells (NULL when that is 0);
/// `options` NULL or readable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: each buffer with its length
pub unsafe extern "C" fn nav_grid_find_path_batch(
    grid: *const NavGrid,
    query: *mut NavQuery,
    rules: *const NavGridRules,
    options: *const NavGridQueryOptions,
    pairs: *const NavGridPair,
    pair_count: u32,
    out_results: *mut NavGridBatchResult,
    out_cells: *mut NavCell,
    cells_per_pair: u32,
    threads: u32,
) -> NavStatus {
    guard("nav_grid_find_path_batch", || {
        // On the calling thread the batch searches with `query`: first of all, forget its
        // latest path, so that a batch refused below leaves no path rather than an older one.
        let mut state = if threads == 1 {
            let mut state = lock_query(query, "query")?;
            state.forget_grid_results();
            Some(state)
        } else {
            None
        };
        let count = pair_count as usize;
        // SAFETY: the caller's contract.
        let pairs = unsafe { input_slice(pairs, count, "pairs") }?;
        // SAFETY: the caller's contract.
        let mut results = unsafe { OutBuffer::with_len(out_results, count, "out_results") }?;
        let cell_len = (count as u64) * (cells_per_pair as u64);
        let cell_len = usize::try_from(cell_len).map_err(|_| {
            FfiError::new(
                NavStatus::NavInvalidSize,
                format!("{pair_count} pairs of {cells_per_pair} cells do not fit in memory"),
            )
        })?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::with_len(out_cells, cell_len, "out_cells") }?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_options(options) }?;
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = options.sized_rules(rules.as_deref().unwrap_or(&DEFAULT_RULES));
        let batch = Batch {
            map: &map,
            rules: &rules,
            limits: options.limits,
            cells_per_pair: cells_per_pair as usize,
            first_failure: Mutex::new(None),
        };
        if let Some(state) = &mut state {
            // The query's latest path is then the last pair's (none without pairs).
            if count > 0 {
                let finder = state.grid_search();
                batch.run_chunk(finder, 0, pairs, results.slots(), cells.slots());
            }
        } else if count > 0 {
            run_on_pool(&batch, pairs, results.slots(), cells.slots(), threads);
        }
        let first_failure = batch
            .first_failure
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match first_failure {
            None => Ok(()),
            Some((index, status, message)) => Err(FfiError::new(
                status,
                format!("pair {index} of {count}: {message}"),
            )),
        }
    })
}

/// Splits the batch into chunks and runs them on rayon's global pool.
fn run_on_pool(
    batch: &Batch<'_>,
    pairs: &[NavGridPair],
    results: &mut [MaybeUninit<NavGridBatchResult>],
    cells: &mut [MaybeUninit<NavCell>],
    threads: u32,
) {
    let count = pairs.len();
    let chunks = match threads {
        // A few chunks per worker balance uneven query times.
        0 => rayon::current_num_threads() * 4,
        n => n as usize,
    }
    .clamp(1, count);
    let chunk_len = count.div_ceil(chunks);
    let run = |index: usize,
               pairs: &[NavGridPair],
               results: &mut [MaybeUninit<NavGridBatchResult>],
               cells: &mut [MaybeUninit<NavCell>]| {
        let first = index * chunk_len;
        WORKER_FINDER.with(|finder| match finder.try_borrow_mut() {
            Ok(mut finder) => batch.run_chunk(&mut finder, first, pairs, results, cells),
            // A worker that is already inside a batch (nested use): fresh memory.
            Err(_) => batch.run_chunk(&mut GridPathfinder::new(), first, pairs, results, cells),
        });
    };
    if batch.cells_per_pair == 0 {
        pairs
            .par_chunks(chunk_len)
            .zip(results.par_chunks_mut(chunk_len))
            .enumerate()
            .for_each(|(index, (pairs, results))| run(index, pairs, results, &mut []));
    } else {
        pairs
            .par_chunks(chunk_len)
            .zip(results.par_chunks_mut(chunk_len))
            .zip(cells.par_chunks_mut(chunk_len * batch.cells_per_pair))
            .enumerate()
            .for_each(|(index, ((pairs, results), cells))| run(index, pairs, results, cells));
    }
}
