//! The derivation's clearances on several threads: each is a function of the world and of
//! its own segment alone, so they are computed apart (by blocks of the jobs, which the
//! threads take in turn) and written back in the jobs' order by the calling thread.
//! Every value is the one the calling thread alone would compute, bit for bit, for any number
//! of threads.
//!
//! Threads are used only when the work is large (a full derivation of a large world, not an
//! edit's few tiles), at most [`MAX_THREADS`] and never more than
//! [`std::thread::available_parallelism`]; a thread that cannot be spawned leaves its range to
//! the calling thread, and wasm32 stays on the calling thread.
//! [`MeshWorld::set_connected_threads`](crate::MeshWorld::set_connected_threads) limits them
//! (1: the calling thread alone).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Jobs (clearances, or faces' roadmap links) a thread must have at least for another thread
/// to be worth it. A job takes about 0.8 µs on average (random512-10-0's 247 k jobs, 190 ms
/// on one thread), and spawning and joining a thread some tens of µs: 2048 jobs (about 1.5
/// ms) a thread keep that to a few percent, and a derivation of few faces (an edit's, a small
/// world's) stays on the calling thread. Tests use a small one, so that their small worlds
/// use threads.
const MIN_JOBS: usize = if cfg!(test) { 8 } else { 2048 };

/// The most threads a derivation uses.
const MAX_THREADS: usize = 8;

/// How many threads (the calling one included) to give `jobs` jobs, at most `limit` (0: no
/// limit of the caller's).
pub(super) fn workers(jobs: usize, limit: usize) -> usize {
    if cfg!(target_arch = "wasm32") || limit == 1 || jobs < 2 * MIN_JOBS {
        return 1;
    }
    let limit = if limit == 0 { MAX_THREADS } else { limit };
    let by_work = (jobs / MIN_JOBS).min(limit).min(MAX_THREADS);
    // The tests ask for threads beyond the machine's, so that one core runs them too.
    if cfg!(test) {
        return by_work.max(1);
    }
    by_work.min(cores()).max(1)
}

/// The machine's available parallelism (asked once: on Linux it reads files).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Jobs a thread takes at a time.
const BLOCK: usize = if cfg!(test) { 4 } else { 256 };

/// `f` of every job, in the jobs' order, computed on `threads` threads (the calling one
/// included). The threads take blocks of [`BLOCK`] jobs in turn until none is left, so that
/// a thread the machine holds up (another program on its core) leaves its share to the
/// others; each block's values are put back in its place. A panic in a thread is raised
/// again here.
pub(super) fn map<J: Sync, T: Send>(
    jobs: &[J],
    threads: usize,
    f: impl Fn(&J) -> T + Sync,
) -> Vec<T> {
    map_with(jobs, threads, || (), |_, j| f(j))
}

/// [`map`] with a scratch state: each thread gets its own `init()` (made once, and reused
/// for every block it takes), which `f` may use and change; `f`'s values must not depend on
/// it.
pub(super) fn map_with<J: Sync, T: Send, S>(
    jobs: &[J],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &J) -> T + Sync,
) -> Vec<T> {
    run(jobs, threads, init, f, || ()).0
}

/// [`map`] while the calling thread runs `meanwhile` first: the other threads start on the
/// jobs at once, and the calling thread takes the blocks left when `meanwhile` returns (all
/// of them on one thread). `meanwhile` must not change what `f` reads.
pub(super) fn map_meanwhile<J: Sync, T: Send, R>(
    jobs: &[J],
    threads: usize,
    f: impl Fn(&J) -> T + Sync,
    meanwhile: impl FnOnce() -> R,
) -> (Vec<T>, R) {
    run(jobs, threads, || (), |_, j| f(j), meanwhile)
}

/// [`map_with`] with [`map_meanwhile`]'s `meanwhile`.
fn run<J: Sync, T: Send, S, R>(
    jobs: &[J],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &J) -> T + Sync,
    meanwhile: impl FnOnce() -> R,
) -> (Vec<T>, R) {
    if threads <= 1 || jobs.len() < 2 {
        let r = meanwhile();
        let mut state = init();
        return (jobs.iter().map(|j| f(&mut state, j)).collect(), r);
    }
    let blocks = jobs.len().div_ceil(BLOCK);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done: Vec<(usize, Vec<T>)> = Vec::new();
        let mut state = init();
        loop {
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= blocks {
                return done;
            }
            let range = &jobs[b * BLOCK..((b + 1) * BLOCK).min(jobs.len())];
            done.push((b, range.iter().map(|j| f(&mut state, j)).collect()));
        }
    };
    let (mut done, r) = std::thread::scope(|s| {
        // A thread that cannot be spawned leaves the blocks to the others.
        let spawned: Vec<_> = (1..threads.min(blocks))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(s, work).ok())
            .collect();
        let r = meanwhile();
        let mut done = work();
        for handle in spawned {
            match handle.join() {
                Ok(v) => done.extend(v),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        (done, r)
    });
    done.sort_unstable_by_key(|d| d.0);
    let mut out = Vec::with_capacity(jobs.len());
    for (_, v) in done {
        out.extend(v);
    }
    (out, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values come back in the jobs' order, the same for any number of threads, and
    /// small work stays on one thread.
    #[test]
    fn map_keeps_the_order_for_any_number_of_threads() {
        let jobs: Vec<u64> = (0..1000).map(|i| i * 7919 % 1013).collect();
        let one = map(&jobs, 1, |&j| (j as f64).sqrt().to_bits() ^ j);
        for threads in 2..=9 {
            let many = map(&jobs, threads, |&j| (j as f64).sqrt().to_bits() ^ j);
            assert_eq!(one, many, "{threads} threads");
        }
        for threads in [1, 2, 5] {
            let mut side = 0;
            let (many, r) = map_meanwhile(
                &jobs,
                threads,
                |&j| (j as f64).sqrt().to_bits() ^ j,
                || {
                    side += 1;
                    side * 10
                },
            );
            assert_eq!((one.clone(), r, side), (many, 10, 1), "{threads} threads");
        }
        assert_eq!(map(&jobs[..1], 4, |&j| j), vec![jobs[0]]);
        assert!(map(&jobs[..0], 4, |&j| j).is_empty());
        assert_eq!(workers(2 * MIN_JOBS - 1, 0), 1);
        assert_eq!(workers(1000, 1), 1);
        assert_eq!(workers(1000, 3), 3);
        assert_eq!(workers(100_000, 0), MAX_THREADS);
    }

    /// Other threads take blocks too (each job sleeps, so that every thread gets some).
    #[test]
    fn map_uses_other_threads() {
        let jobs: Vec<u32> = (0..64).collect();
        let ids = map(&jobs, 4, |_| {
            std::thread::sleep(std::time::Duration::from_millis(2));
            std::thread::current().id()
        });
        let mut distinct = ids.clone();
        distinct.sort_unstable_by_key(|id| format!("{id:?}"));
        distinct.dedup();
        assert!(distinct.len() >= 2, "{distinct:?}");
    }
}
