//! The registry of live handles: every handle a C caller passes is looked up before it is
//! touched, so a freed, foreign or mistyped pointer is refused instead of dereferenced.
//!
//! A handle is a `Box` turned into a raw pointer. Its address is registered with its kind on
//! creation and removed on free. An entry point looks the address up under the registry's read
//! lock and, still under it, takes the handle's own lock without blocking (`try_read` /
//! `try_lock`); then it lets the registry go. `free` takes the registry's write lock and frees
//! only when the handle's own lock is free. So a handle cannot be freed while a call uses it
//! (that call's lock makes `free` return `NAV_BUSY`), and a call after `free` finds nothing in
//! the registry (`NAV_INVALID_HANDLE`). The registry lock is held for a lookup only, never for
//! the work of a call.
//!
//! What stays undetectable: after `free`, the allocator may give the same address to a new
//! handle of the same kind; a stale pointer then reaches that new object. That is memory-safe,
//! but it is the caller's bug all the same.

use std::sync::{PoisonError, RwLock};

use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::error::{FfiError, FfiResult};
use crate::status::NavStatus;

/// The kinds of handles nav hands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HandleKind {
    Grid,
    GridRules,
    Query,
    World,
    CircleWorld,
    MeshWorld,
    FlowField,
}

impl HandleKind {
    fn c_name(self) -> &'static str {
        match self {
            HandleKind::Grid => "NavGrid",
            HandleKind::GridRules => "NavGridRules",
            HandleKind::Query => "NavQuery",
            HandleKind::World => "NavWorld",
            HandleKind::CircleWorld => "NavCircleWorld",
            HandleKind::MeshWorld => "NavMeshWorld",
            HandleKind::FlowField => "NavFlowField",
        }
    }
}

/// A type handed to C as an opaque handle.
pub(crate) trait Handle: Send + Sync + 'static {
    /// Its kind in the registry.
    const KIND: HandleKind;

    /// Whether no call is using it (its own lock is free), checked by `free`.
    fn is_idle(&self) -> bool;
}

/// Live handles by key (see [`key`]).
static REGISTRY: RwLock<FxHashMap<usize, HandleKind>> =
    RwLock::new(FxHashMap::with_hasher(FxBuildHasher));

/// The registry's key for a handle address: its bitwise complement, which does not look like a
/// pointer. Leak checkers such as valgrind scan memory for pointers to find what is still
/// reachable; with plain addresses every handle a program forgets to free would look reachable
/// through the registry, and its leak would go unreported.
fn key(address: usize) -> usize {
    !address
}

// The registry is only ever changed by single map operations that cannot panic half-way, so a
// poisoned lock still holds a consistent map.
fn registry_read() -> std::sync::RwLockReadGuard<'static, FxHashMap<usize, HandleKind>> {
    REGISTRY.read().unwrap_or_else(PoisonError::into_inner)
}

fn registry_write() -> std::sync::RwLockWriteGuard<'static, FxHashMap<usize, HandleKind>> {
    REGISTRY.write().unwrap_or_else(PoisonError::into_inner)
}

/// Moves `value` to the heap, registers it and returns its handle.
pub(crate) fn register<T: Handle>(value: T) -> *mut T {
    let ptr = Box::into_raw(Box::new(value));
    registry_write().insert(key(ptr as usize), T::KIND);
    ptr
}

fn check_registered(
    registry: &FxHashMap<usize, HandleKind>,
    address: usize,
    kind: HandleKind,
    argument: &str,
) -> FfiResult<()> {
    if address == 0 {
        return Err(FfiError::null(argument));
    }
    match registry.get(&key(address)) {
        Some(&found) if found == kind => Ok(()),
        Some(&found) => Err(FfiError::new(
            NavStatus::NavInvalidHandle,
            format!(
                "`{argument}` is a {} handle, not a {}",
                found.c_name(),
                kind.c_name()
            ),
        )),
        None => Err(FfiError::new(
            NavStatus::NavInvalidHandle,
            format!(
                "`{argument}` is not a live {} handle: it was freed already, or never created by nav",
                kind.c_name()
            ),
        )),
    }
}

/// Looks `ptr` up and, while the registry still vouches for it, calls `lock` on the handle to
/// take its own lock (without blocking); returns what `lock` returns (a guard).
///
/// The lifetime `'a` is the caller's: the handle cannot be freed while the guard `lock`
/// returns is alive, since `free` refuses a handle whose lock is taken.
pub(crate) fn acquire<'a, T: Handle, G>(
    ptr: *const T,
    argument: &str,
    lock: impl FnOnce(&'a T) -> FfiResult<G>,
) -> FfiResult<G> {
    let registry = registry_read();
    check_registered(&registry, ptr as usize, T::KIND, argument)?;
    // SAFETY: the registry holds exactly the addresses of live boxes of kind `T`, and none can
    // be freed while we hold its read lock.
    let handle: &'a T = unsafe { &*ptr };
    let guard = lock(handle)?;
    drop(registry);
    Ok(guard)
}

/// Frees the handle `ptr`: a no-op for NULL, `NAV_BUSY` while a call uses it,
/// `NAV_INVALID_HANDLE` for anything that is not a live handle of this kind.
pub(crate) fn free<T: Handle>(ptr: *mut T, argument: &str) -> FfiResult<()> {
    if ptr.is_null() {
        return Ok(());
    }
    let mut registry = registry_write();
    check_registered(&registry, ptr as usize, T::KIND, argument)?;
    // SAFETY: registered, hence a live box of kind `T`.
    let handle = unsafe { &*ptr };
    if !handle.is_idle() {
        return Err(FfiError::new(
            NavStatus::NavBusy,
            format!(
                "`{argument}` is in use by a call on another thread; free it after that call returns"
            ),
        ));
    }
    registry.remove(&key(ptr as usize));
    drop(registry);
    // SAFETY: it came from `Box::into_raw` in `register`, and the registry entry that let
    // calls reach it is gone.
    drop(unsafe { Box::from_raw(ptr) });
    Ok(())
}

/// Number of live handles of every kind (for tests: leaks show up here).
pub fn live_handle_count() -> usize {
    registry_read().len()
}
