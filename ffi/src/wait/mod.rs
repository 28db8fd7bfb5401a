//! Waiting for a handle another thread holds, and the live-handle count.
//!
//! Without a wait (the default), a call that finds its grid or world held by another thread
//! returns `NAV_BUSY` at once: a game's frame never stalls inside nav. But then an edit (which
//! needs the world to itself) can starve: with readers querying back to back, some query
//! always holds the world. `nav_set_wait_timeout` lets a thread wait instead, up to a bound:
//!
//! * an edit that waits announces itself (a *pending writer*), and from then on new queries on
//!   that world do not start (they return `NAV_BUSY`, or wait too if their thread has a
//!   timeout), so the edit lands as soon as the queries already running finish: a
//!   writer-preferring wait;
//! * a query that waits retries until the edit is done or its own timeout runs out.
//!
//! The wait polls: a few yields, then sleeps of 50 µs, never longer than the timeout. No lock
//! is held while waiting, so a waiting call blocks no other handle and no `free`.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::args::OutPtr;
use crate::error::FfiResult;
use crate::guard::guard;
use crate::handles;
use crate::status::NavStatus;

thread_local! {
    /// How long calls on this thread wait for a handle held by another thread.
    static TIMEOUT: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

/// Pending writers per handle address; [`ANY_PENDING`] counts them all, so that a query on a
/// world nobody waits to edit reads one atomic and nothing else.
static PENDING: Mutex<FxHashMap<usize, u32>> = Mutex::new(FxHashMap::with_hasher(FxBuildHasher));
static ANY_PENDING: AtomicUsize = AtomicUsize::new(0);

/// The longest accepted timeout, in milliseconds (one minute).
pub const NAV_MAX_WAIT_TIMEOUT_MS: u32 = 60_000;

fn pending_map() -> std::sync::MutexGuard<'static, FxHashMap<usize, u32>> {
    // Only single map operations happen under the lock: a poisoned map is still consistent.
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether an edit of the handle at `address` is waiting for the queries on it to finish.
pub(crate) fn writer_pending(address: usize) -> bool {
    ANY_PENDING.load(Ordering::Acquire) != 0 && pending_map().contains_key(&address)
}

/// A pending writer, announced for as long as it lives.
struct Pending(usize);

impl Pending {
    fn announce(address: usize) -> Self {
        *pending_map().entry(address).or_insert(0) += 1;
        ANY_PENDING.fetch_add(1, Ordering::AcqRel);
        Pending(address)
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        let mut map = pending_map();
        if let Some(n) = map.get_mut(&self.0) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.0);
            }
        }
        ANY_PENDING.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Whether a call reads the handle or changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    Write,
}

/// Runs `attempt` (a non-blocking try to take the handle at `address`) until it returns
/// something other than `NAV_BUSY` or this thread's timeout runs out. A writer announces itself
/// while it waits (see the module docs).
pub(crate) fn retry<G>(
    address: usize,
    access: Access,
    mut attempt: impl FnMut() -> FfiResult<G>,
) -> FfiResult<G> {
    let timeout = TIMEOUT.with(Cell::get);
    let first = attempt();
    if timeout.is_zero() || !matches!(&first, Err(e) if e.status == NavStatus::NavBusy) {
        return first;
    }
    let _pending = (access == Access::Write).then(|| Pending::announce(address));
    let deadline = Instant::now() + timeout;
    let mut tries = 0u32;
    loop {
        if tries < 16 {
            std::thread::yield_now();
        } else {
            std::thread::sleep(Duration::from_micros(50));
        }
        tries += 1;
        let result = attempt();
        match &result {
            Err(e) if e.status == NavStatus::NavBusy && Instant::now() < deadline => continue,
            _ => return result,
        }
    }
}

/// Sets how long calls made **on this thread** wait for a grid or world that a call on another
/// thread holds, in milliseconds (0 to `NAV_MAX_WAIT_TIMEOUT_MS`; 0, the default, is no wait:
/// `NAV_BUSY` at once).
///
/// With a timeout, an edit (`nav_grid_set_*`, `nav_world_insert_*` / `move_*` / `remove` /
/// `clear`, `nav_circle_world_*` and `nav_mesh_world_*` edits) that finds queries running on
/// its grid or world waits for them, and queries that start meanwhile on that grid or world
/// return `NAV_BUSY` (or wait, if their own thread has a timeout): the edit lands as soon as
/// the running queries end, even under a continuous load of queries. The edit returns
/// `NAV_BUSY` only when the timeout runs out. Queries with a timeout likewise wait for an edit
/// in progress instead of returning `NAV_BUSY`. Waiting never holds a lock, and freeing a
/// handle never waits.
///
/// Errors: `NAV_INVALID_ARGUMENT` for a timeout above `NAV_MAX_WAIT_TIMEOUT_MS`.
///
/// # Safety
/// None: no pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_set_wait_timeout(milliseconds: u32) -> NavStatus {
    guard("nav_set_wait_timeout", || {
        if milliseconds > NAV_MAX_WAIT_TIMEOUT_MS {
            return Err(crate::error::FfiError::new(
                NavStatus::NavInvalidArgument,
                format!(
                    "`milliseconds` {milliseconds} is above the largest timeout, {NAV_MAX_WAIT_TIMEOUT_MS}"
                ),
            ));
        }
        TIMEOUT.with(|t| t.set(Duration::from_millis(milliseconds as u64)));
        Ok(())
    })
}

/// Writes this thread's wait timeout (see `nav_set_wait_timeout`) to `*out_milliseconds`.
///
/// # Safety
/// `out_milliseconds` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_wait_timeout(out_milliseconds: *mut u32) -> NavStatus {
    guard("nav_wait_timeout", || {
        let out = OutPtr::new(out_milliseconds, "out_milliseconds")?;
        let ms = TIMEOUT.with(Cell::get).as_millis() as u32;
        // SAFETY: checked by `OutPtr::new`; the caller's contract.
        unsafe { out.write(ms) };
        Ok(())
    })
}

/// Writes the number of live handles of every kind (grids, rules, queries, worlds) in the
/// process to `*out_count`: what was created and not yet freed. A program that frees
/// everything it made sees the count it started with, so a test can check for leaked handles
/// without a leak checker. Other threads creating or freeing handles change it at any time.
///
/// # Safety
/// `out_count` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_live_handles(out_count: *mut u64) -> NavStatus {
    guard("nav_live_handles", || -> FfiResult<()> {
        let out = OutPtr::new(out_count, "out_count")?;
        let count = handles::live_handle_count() as u64;
        // SAFETY: checked by `OutPtr::new`; the caller's contract.
        unsafe { out.write(count) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::thread;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::grid::{
        NavGrid, NavGridInfo, nav_grid_create, nav_grid_free, nav_grid_info, nav_grid_set_blocked,
    };

    fn grid() -> *mut NavGrid {
        let mut g = std::ptr::null_mut();
        // SAFETY: `g` is a writable out-pointer.
        assert_eq!(unsafe { nav_grid_create(4, 4, &mut g) }, NavStatus::NavOk);
        g
    }

    #[test]
    fn an_edit_with_a_timeout_waits_for_the_query_and_keeps_new_ones_out() {
        let g = grid();
        let address = g as usize;
        let (held, release) = (mpsc::channel::<()>(), mpsc::channel::<()>());
        // A "query" holding the grid until told to stop.
        let reader = thread::spawn(move || {
            let guard = crate::shared::read(address as *const NavGrid, "grid").unwrap();
            held.0.send(()).unwrap();
            release.1.recv().unwrap();
            drop(guard);
        });
        held.1.recv().unwrap();
        // Without a timeout: NAV_BUSY at once.
        // SAFETY (all calls below): handles are checked; out-pointers are locals.
        assert_eq!(
            unsafe { nav_grid_set_blocked(g, 1, 1, 1) },
            NavStatus::NavBusy
        );
        let writer = thread::spawn(move || {
            // SAFETY: no pointers.
            assert_eq!(unsafe { nav_set_wait_timeout(5_000) }, NavStatus::NavOk);
            let t = Instant::now();
            // SAFETY: the handle is checked.
            let status = unsafe { nav_grid_set_blocked(address as *mut NavGrid, 1, 1, 1) };
            (status, t.elapsed())
        });
        // While the edit waits, a new query does not start...
        let deadline = Instant::now() + Duration::from_secs(5);
        while !writer_pending(address) {
            assert!(Instant::now() < deadline, "the edit never announced itself");
            thread::yield_now();
        }
        let mut info = NavGridInfo::default();
        assert_eq!(unsafe { nav_grid_info(g, &mut info) }, NavStatus::NavBusy);
        assert!(crate::last_error_message().contains("about to be changed"));
        // ...and once the running one ends, the edit lands.
        thread::sleep(Duration::from_millis(50));
        release.0.send(()).unwrap();
        reader.join().unwrap();
        let (status, waited) = writer.join().unwrap();
        assert_eq!(status, NavStatus::NavOk);
        assert!(
            waited >= Duration::from_millis(50),
            "waited only {waited:?}"
        );
        assert!(!writer_pending(address));
        assert_eq!(unsafe { nav_grid_info(g, &mut info) }, NavStatus::NavOk);
        assert_eq!(unsafe { nav_grid_free(g) }, NavStatus::NavOk);
    }

    #[test]
    fn a_timeout_that_runs_out_is_busy() {
        let g = grid();
        let reading = crate::shared::read(g, "grid").unwrap();
        let address = g as usize;
        let status = thread::spawn(move || {
            // SAFETY: no pointers, then a checked handle.
            unsafe {
                assert_eq!(nav_set_wait_timeout(20), NavStatus::NavOk);
                nav_grid_set_blocked(address as *mut NavGrid, 0, 0, 1)
            }
        })
        .join()
        .unwrap();
        assert_eq!(status, NavStatus::NavBusy);
        assert!(
            !writer_pending(address),
            "a writer that gave up is still announced"
        );
        drop(reading);
        // SAFETY: checked handle.
        assert_eq!(unsafe { nav_grid_free(g) }, NavStatus::NavOk);
    }

    #[test]
    fn the_timeout_is_per_thread_and_bounded() {
        let mut ms = 7;
        // SAFETY: `ms` is a writable local.
        unsafe {
            assert_eq!(
                nav_set_wait_timeout(NAV_MAX_WAIT_TIMEOUT_MS + 1),
                NavStatus::NavInvalidArgument
            );
            assert_eq!(nav_set_wait_timeout(30), NavStatus::NavOk);
            assert_eq!(nav_wait_timeout(&mut ms), NavStatus::NavOk);
        }
        assert_eq!(ms, 30);
        let other = thread::spawn(|| {
            let mut ms = 7;
            // SAFETY: `ms` is a writable local.
            assert_eq!(unsafe { nav_wait_timeout(&mut ms) }, NavStatus::NavOk);
            ms
        });
        assert_eq!(other.join().unwrap(), 0);
        // SAFETY: no pointers.
        assert_eq!(unsafe { nav_set_wait_timeout(0) }, NavStatus::NavOk);
    }
}
