//! Many grid queries in one call, on the calling thread or on nav's worker pool (through
//! nav-grid's [`for_each_with_context`], which keeps one `GridContext` per worker thread).

use std::mem::MaybeUninit;
use std::sync::Mutex;

use nav_grid::{CompiledRules, GridContext, GridMap, for_each_with_context};

use crate::args::{OutBuffer, input_slice};
use crate::error::FfiError;
use crate::grid::find_path::{QueryOptions, read_options, run_search};
use crate::grid::map::NavGrid;
use crate::grid::rules::{DEFAULT_RULES, NavGridRules, read_rules};
use crate::grid::types::{
    NavCell, NavGridBatchResult, NavGridPair, NavGridPathResult, NavGridQueryOptions,
};
use crate::guard::{catch_panic, guard};
use crate::query::{NavQuery, lock_query};
use crate::shared;
use crate::status::NavStatus;

/// The first pair that failed: its index and its message.
type FirstFailure = Mutex<Option<(usize, NavStatus, String)>>;

/// What every pair of a batch shares.
struct Batch<'a> {
    map: &'a GridMap,
    rules: &'a CompiledRules,
    options: QueryOptions,
    cells_per_pair: usize,
    first_failure: FirstFailure,
}

impl Batch<'_> {
    /// Runs pair number `index` with `ctx`, writing its result and its path into `slot`.
    fn run_one(
        &self,
        ctx: &mut GridContext,
        index: usize,
        pair: &NavGridPair,
        result: &mut MaybeUninit<NavGridBatchResult>,
        slot: &mut [MaybeUninit<NavCell>],
    ) {
        let outcome = catch_panic(|| self.run_pair(ctx, pair, slot));
        let (status, path) = match outcome {
            Ok(Ok(path)) => (NavStatus::NavOk, path),
            Ok(Err((error, path))) => {
                self.record_failure(index, error.status, error.message);
                (error.status, path)
            }
            Err(panic) => {
                // What the panic interrupted cannot be trusted: start afresh.
                *ctx = GridContext::new();
                self.record_failure(index, NavStatus::NavPanic, panic);
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

    /// One pair: its result, or the error and whatever result there is (the path's length
    /// when it did not fit).
    fn run_pair(
        &self,
        ctx: &mut GridContext,
        pair: &NavGridPair,
        slot: &mut [MaybeUninit<NavCell>],
    ) -> Result<NavGridPathResult, (FfiError, NavGridPathResult)> {
        let query = self.options.query(pair.start, pair.goal);
        let result = run_search(ctx, self.map, self.rules, &query)
            .map_err(|e| (e, NavGridPathResult::default()))?;
        let path = ctx.path();
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

    /// The cell slot of pair `index` in `cells` (empty when paths are not written).
    fn slot<'c>(
        &self,
        cells: &'c mut [MaybeUninit<NavCell>],
        index: usize,
    ) -> &'c mut [MaybeUninit<NavCell>] {
        if self.cells_per_pair == 0 {
            &mut []
        } else {
            &mut cells[index * self.cells_per_pair..(index + 1) * self.cells_per_pair]
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
/// `NAV_BUSY` while an edit on another thread holds the grid or waits for it (nothing is
/// searched; try again, or let this thread wait: `nav_set_wait_timeout`).
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
        let batch = Batch {
            map: &map,
            rules: rules.as_deref().unwrap_or(&DEFAULT_RULES),
            options,
            cells_per_pair: cells_per_pair as usize,
            first_failure: Mutex::new(None),
        };
        let (results, cells) = (results.slots(), cells.slots());
        if let Some(state) = &mut state {
            // The query's latest path is then the last pair's (none without pairs).
            if count > 0 {
                let ctx = state.grid_search();
                for (i, (pair, result)) in pairs.iter().zip(results.iter_mut()).enumerate() {
                    batch.run_one(ctx, i, pair, result, batch.slot(cells, i));
                }
            }
        } else if count > 0 {
            // One item per pair: its result and its cell slot (disjoint, so workers can
            // write them in parallel).
            let mut items: Vec<_> = if batch.cells_per_pair == 0 {
                results.iter_mut().map(|r| (r, &mut [][..])).collect()
            } else {
                results
                    .iter_mut()
                    .zip(cells.chunks_mut(batch.cells_per_pair))
                    .collect()
            };
            // A few chunks per worker (`None`) balance uneven query times.
            let chunks = (threads != 0).then_some(threads as usize);
            for_each_with_context(&mut items, chunks, |ctx, i, (result, slot)| {
                batch.run_one(ctx, i, &pairs[i], result, slot);
            });
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
