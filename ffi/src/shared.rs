//! The handles that many queries read at once while a change needs them to itself (`NavGrid`,
//! `NavWorld`, `NavCircleWorld`, `NavMeshWorld`): their value sits behind an `RwLock` that
//! entry points take without blocking, so contention is `NAV_BUSY` rather than a wait (a C
//! caller's frame must not stall on another thread), and a lock poisoned by a panic during a
//! change refuses the handle from then on (`NAV_PANIC`).

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use crate::args::OutPtr;
use crate::error::{FfiError, FfiResult};
use crate::handles::{self, Handle, HandleKind};
use crate::status::NavStatus;
use crate::wait;

/// A handle whose value is read by queries and changed by edits (a [`Handle`] through the
/// impl below).
pub(crate) trait Shared: Send + Sync + Sized + 'static {
    /// What the handle holds.
    type Value: 'static;

    /// Its kind in the registry.
    const KIND: HandleKind;

    /// What a change refused because a query reads the value should do instead (the end of
    /// its `NAV_BUSY` message).
    const WHEN_READ: &'static str;

    /// The handle of a new value.
    fn new(value: Self::Value) -> Self;

    /// The lock around the value.
    fn lock(&self) -> &RwLock<Self::Value>;
}

impl<H: Shared> Handle for H {
    const KIND: HandleKind = <H as Shared>::KIND;

    fn is_idle(&self) -> bool {
        is_idle(self.lock())
    }
}

/// Whether no call holds `lock` (for [`Handle::is_idle`]).
pub(crate) fn is_idle<T>(lock: &RwLock<T>) -> bool {
    !matches!(lock.try_write(), Err(TryLockError::WouldBlock))
}

fn poisoned(argument: &str) -> FfiError {
    FfiError::new(
        NavStatus::NavPanic,
        format!(
            "`{argument}` was being changed when an internal error happened and may be inconsistent: free it and build it again"
        ),
    )
}

/// Looks `ptr` up and takes its value for reading (a query, a getter).
/// Waits (see [`crate::wait`]) while an edit holds the value or waits for it, if this
/// thread set a wait timeout.
pub(crate) fn read<'a, H: Shared>(
    ptr: *const H,
    argument: &str,
) -> FfiResult<RwLockReadGuard<'a, H::Value>> {
    wait::retry(ptr as usize, wait::Access::Read, || read_now(ptr, argument))
}

fn read_now<'a, H: Shared>(
    ptr: *const H,
    argument: &str,
) -> FfiResult<RwLockReadGuard<'a, H::Value>> {
    handles::acquire(ptr, argument, |handle: &'a H| {
        if wait::writer_pending(ptr as usize) {
            return Err(FfiError::new(
                NavStatus::NavBusy,
                format!("`{argument}` is about to be changed by a call on another thread"),
            ));
        }
        match handle.lock().try_read() {
            Ok(value) => Ok(value),
            Err(TryLockError::WouldBlock) => Err(FfiError::new(
                NavStatus::NavBusy,
                format!("`{argument}` is being changed by a call on another thread"),
            )),
            Err(TryLockError::Poisoned(_)) => Err(poisoned(argument)),
        }
    })
}

/// Looks `ptr` up and takes its value for writing (a change).
/// Waits (see [`crate::wait`]) while queries hold the value, if this thread set a wait
/// timeout; new queries do not start meanwhile.
pub(crate) fn write<'a, H: Shared>(
    ptr: *mut H,
    argument: &str,
) -> FfiResult<RwLockWriteGuard<'a, H::Value>> {
    wait::retry(ptr as usize, wait::Access::Write, || {
        write_now(ptr, argument)
    })
}

fn write_now<'a, H: Shared>(
    ptr: *mut H,
    argument: &str,
) -> FfiResult<RwLockWriteGuard<'a, H::Value>> {
    handles::acquire(ptr.cast_const(), argument, |handle: &'a H| {
        match handle.lock().try_write() {
            Ok(value) => Ok(value),
            Err(TryLockError::WouldBlock) => Err(FfiError::new(
                NavStatus::NavBusy,
                format!(
                    "`{argument}` is being read by a query on another thread; {}",
                    H::WHEN_READ
                ),
            )),
            Err(TryLockError::Poisoned(_)) => Err(poisoned(argument)),
        }
    })
}

/// Registers a handle of `value` and writes it to `out`.
pub(crate) fn publish<H: Shared>(value: H::Value, out: OutPtr<*mut H>) {
    let handle = handles::register(H::new(value));
    // SAFETY: `out` was checked by the entry point, which documents that it must be writable.
    unsafe { out.write(handle) };
}

/// The body of the `clone` entry point of a world: publishes an independent copy of `world`
/// to `out_world`.
pub(crate) fn clone<H: Shared>(world: *const H, out_world: *mut *mut H) -> FfiResult<()>
where
    H::Value: Clone,
{
    let out = OutPtr::new(out_world, "out_world")?;
    let copy = read(world, "world")?.clone();
    publish(copy, out);
    Ok(())
}

/// The body of the `count` entry point of a world: writes the `len` of `world`'s value to
/// `*out_count`.
pub(crate) fn count<H: Shared>(
    world: *const H,
    out_count: *mut u64,
    len: fn(&H::Value) -> usize,
) -> FfiResult<()> {
    let out = OutPtr::new(out_count, "out_count")?;
    let count = len(&*read(world, "world")?) as u64;
    // SAFETY: `out` was checked; the entry point documents that it must be writable.
    unsafe { out.write(count) };
    Ok(())
}
