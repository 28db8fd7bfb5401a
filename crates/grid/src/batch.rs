//! Many grid queries over threads (cargo feature `rayon`, on by default).

use std::cell::RefCell;

use nav_search::PathOutcome;
use rayon::prelude::*;

use crate::context::GridContext;
use crate::error::GridError;
use crate::map::GridMap;
use crate::path::GridPath;
use crate::query::GridQuery;
use crate::rules::CompiledRules;

thread_local! {
    /// The context of a worker thread, kept between batches so that warm batches reuse it.
    static WORKER_CONTEXT: RefCell<GridContext> = RefCell::new(GridContext::new());
}

/// The owned answer to one query of [`find_paths`].
#[derive(Debug, Clone, PartialEq)]
pub struct GridAnswer {
    /// Status, cost, expanded cells, partial flag.
    pub outcome: PathOutcome,
    /// The path's cells and the cost of reaching each (empty when none was found).
    pub path: GridPath,
}

/// Answers every query of `queries` on `map` under `rules`, spread over rayon's global thread
/// pool (one thread per core, or `RAYON_NUM_THREADS`), in the order of `queries`.
///
/// Each worker thread searches with its own [`GridContext`], kept between calls. The answers
/// do not depend on the threading; an invalid query gets its error and the others still run.
///
/// ```
/// use nav_grid::{Cell, GridMap, GridQuery, GridRules, PathStatus, find_paths};
///
/// let map = GridMap::from_ascii("
///     ......
///     .@@@@.
///     ......
/// ")?;
/// let rules = GridRules::default().compile()?;
/// let queries: Vec<GridQuery> = (0..6)
///     .map(|x| GridQuery::new(Cell::new(0, 1), Cell::new(x, 2)))
///     .collect();
/// let answers = find_paths(&map, &rules, &queries);
/// assert_eq!(answers.len(), 6);
/// let last = answers[5].as_ref().unwrap();
/// assert_eq!(last.outcome.status, PathStatus::Found);
/// assert_eq!(last.path.cells().last(), Some(&Cell::new(5, 2)));
/// # Ok::<(), nav_grid::GridError>(())
/// ```
pub fn find_paths(
    map: &GridMap,
    rules: &CompiledRules,
    queries: &[GridQuery],
) -> Vec<Result<GridAnswer, GridError>> {
    let mut answers: Vec<Option<Result<GridAnswer, GridError>>> = vec![None; queries.len()];
    for_each_with_context(&mut answers, None, |ctx, i, answer| {
        let outcome = ctx
            .find_path(map, rules, &queries[i])
            .map(|found| found.outcome());
        *answer = Some(outcome.map(|outcome| GridAnswer {
            outcome,
            path: ctx.to_path(),
        }));
    });
    answers
        .into_iter()
        .map(|answer| answer.expect("every slot is written"))
        .collect()
}

/// The building block of batches: calls `each(ctx, index, item)` for every item of `items`
/// (`index` is its position), spread over rayon's global thread pool in at most `chunks`
/// consecutive chunks (`None`: a few per worker thread, which balances uneven query times).
/// `ctx` is the worker thread's own [`GridContext`], kept between calls, so a warm batch
/// allocates no search memory.
///
/// Use it to write answers straight into your own buffers (the C ABI's batch does):
///
/// ```
/// use nav_grid::{Cell, GridMap, GridQuery, GridRules, for_each_with_context};
///
/// let map = GridMap::new(16, 16)?;
/// let rules = GridRules::default().compile()?;
/// let mut costs = vec![0.0; 16];
/// for_each_with_context(&mut costs, Some(4), |ctx, i, cost| {
///     let query = GridQuery::new(Cell::new(0, 0), Cell::new(i as u32, 15));
///     *cost = ctx.find_path(&map, &rules, &query).map_or(f64::NAN, |a| a.cost());
/// });
/// assert_eq!(costs[0], 15.0);
/// # Ok::<(), nav_grid::GridError>(())
/// ```
///
/// If `each` panics, the panic reaches the caller (after the other chunks have finished) and
/// the worker's context is replaced by a fresh one, since the interrupted query's state
/// cannot be trusted.
pub fn for_each_with_context<T, F>(items: &mut [T], chunks: Option<usize>, each: F)
where
    T: Send,
    F: Fn(&mut GridContext, usize, &mut T) + Sync,
{
    let count = items.len();
    if count == 0 {
        return;
    }
    let chunks = chunks
        .unwrap_or_else(|| rayon::current_num_threads() * 4)
        .clamp(1, count);
    let chunk_len = count.div_ceil(chunks);
    let run = |first: usize, chunk: &mut [T], ctx: &mut GridContext| {
        for (i, item) in chunk.iter_mut().enumerate() {
            each(ctx, first + i, item);
        }
    };
    items
        .par_chunks_mut(chunk_len)
        .enumerate()
        .for_each(|(index, chunk)| {
            let first = index * chunk_len;
            WORKER_CONTEXT.with(|ctx| match ctx.try_borrow_mut() {
                Ok(mut ctx) => {
                    let guard = ResetOnUnwind(&mut ctx);
                    run(first, chunk, guard.0);
                    std::mem::forget(guard);
                }
                // A worker already inside a batch (nested use): fresh memory.
                Err(_) => run(first, chunk, &mut GridContext::new()),
            });
        });
}

/// Replaces the context with a fresh one when dropped, which happens only while a panic
/// unwinds (the normal path forgets the guard).
struct ResetOnUnwind<'a>(&'a mut GridContext);

impl Drop for ResetOnUnwind<'_> {
    fn drop(&mut self) {
        *self.0 = GridContext::new();
    }
}
