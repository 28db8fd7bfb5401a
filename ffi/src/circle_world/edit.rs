//! `NavCircleWorld`: circles (trees, rocks, units), created, changed and freed.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use nav_geom::Circle;
use nav_tangent::{CircleKey, CircleWorld, TangentError};

use crate::args::{OutPtr, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavAabb, NavVec2};
use crate::guard::guard;
use crate::handles::{self, Handle, HandleKind};
use crate::messages;
use crate::status::NavStatus;

/// A world of circular obstacles, for exact shortest paths (segments and arcs) of disc agents
/// of any radius.
///
/// Queries read it (`const NavCircleWorld*`) and may run on many threads at once, each with
/// its own `NavQuery`; changes need it to themselves (`NAV_BUSY` otherwise).
pub struct NavCircleWorld {
    world: RwLock<CircleWorld>,
}

impl Handle for NavCircleWorld {
    const KIND: HandleKind = HandleKind::CircleWorld;

    fn is_idle(&self) -> bool {
        !matches!(self.world.try_write(), Err(TryLockError::WouldBlock))
    }
}

impl From<TangentError> for FfiError {
    fn from(error: TangentError) -> Self {
        let status = match &error {
            TangentError::UnknownCircle { .. } => NavStatus::NavUnknownObject,
            TangentError::Spatial(_) => NavStatus::NavInvalidSize,
            _ => NavStatus::NavInvalidArgument,
        };
        FfiError::new(status, messages::tangent_error(&error))
    }
}

/// `error`, a refused change of the circle the caller calls `id`, worded with that id.
fn circle_failure(error: TangentError, id: u64) -> FfiError {
    FfiError {
        message: messages::circle_error(&error, id),
        ..FfiError::from(error)
    }
}

fn poisoned() -> FfiError {
    FfiError::new(
        NavStatus::NavPanic,
        "`world` was being changed when an internal error happened and may be inconsistent: free it and build it again",
    )
}

/// Looks `ptr` up and takes the world for reading.
pub(crate) fn read_circle_world<'a>(
    ptr: *const NavCircleWorld,
    argument: &str,
) -> FfiResult<RwLockReadGuard<'a, CircleWorld>> {
    handles::acquire(ptr, argument, |w: &'a NavCircleWorld| {
        match w.world.try_read() {
            Ok(world) => Ok(world),
            Err(TryLockError::WouldBlock) => Err(FfiError::new(
                NavStatus::NavBusy,
                format!("`{argument}` is being changed by a call on another thread"),
            )),
            Err(TryLockError::Poisoned(_)) => Err(poisoned()),
        }
    })
}

fn write_circle_world<'a>(
    ptr: *mut NavCircleWorld,
    argument: &str,
) -> FfiResult<RwLockWriteGuard<'a, CircleWorld>> {
    handles::acquire(
        ptr.cast_const(),
        argument,
        |w: &'a NavCircleWorld| match w.world.try_write() {
            Ok(world) => Ok(world),
            Err(TryLockError::WouldBlock) => Err(FfiError::new(
                NavStatus::NavBusy,
                format!(
                    "`{argument}` is being read by a query on another thread; change it when no query runs (or change a copy from nav_circle_world_clone)"
                ),
            )),
            Err(TryLockError::Poisoned(_)) => Err(poisoned()),
        },
    )
}

fn publish(world: CircleWorld, out: OutPtr<*mut NavCircleWorld>) {
    let handle = handles::register(NavCircleWorld {
        world: RwLock::new(world),
    });
    // SAFETY: `out` was checked by the entry point, which documents it must be writable.
    unsafe { out.write(handle) };
}

fn key(id: u64) -> FfiResult<CircleKey> {
    if id == 0 {
        return Err(FfiError::new(
            NavStatus::NavUnknownObject,
            "`circle` is 0, which names no circle",
        ));
    }
    Ok(CircleKey::from_raw(id))
}

fn circle(center: NavVec2, radius: f32) -> FfiResult<Circle> {
    let center = geometry::point(center, "center")?;
    let radius = geometry::radius(radius, "radius", false)?;
    Ok(Circle::new(center, radius))
}

/// Creates an empty circle world whose spatial index covers `*bounds` (circles may also lie
/// outside; finite corners, `min < max`) and writes its handle to `*out_world`.
///
/// # Safety
/// `bounds` must point to a readable `NavAabb`; `out_world` to a writable `NavCircleWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_create(
    bounds: *const NavAabb,
    out_world: *mut *mut NavCircleWorld,
) -> NavStatus {
    guard("nav_circle_world_create", || {
        let out = OutPtr::new(out_world, "out_world")?;
        // SAFETY: the caller's contract.
        let bounds =
            unsafe { read_optional(bounds, "bounds") }?.ok_or_else(|| FfiError::null("bounds"))?;
        let bounds = geometry::aabb(bounds, "bounds")?;
        if bounds.min.x >= bounds.max.x || bounds.min.y >= bounds.max.y {
            return Err(FfiError::invalid(
                "`bounds` has no area: min must be below max on both axes",
            ));
        }
        publish(CircleWorld::new(bounds)?, out);
        Ok(())
    })
}

/// Creates an independent copy of `world` and writes its handle to `*out_world`.
///
/// # Safety
/// `out_world` must point to a writable `NavCircleWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_clone(
    world: *const NavCircleWorld,
    out_world: *mut *mut NavCircleWorld,
) -> NavStatus {
    guard("nav_circle_world_clone", || {
        let out = OutPtr::new(out_world, "out_world")?;
        let copy = read_circle_world(world, "world")?.clone();
        publish(copy, out);
        Ok(())
    })
}

/// Frees a circle world. NULL is a no-op; a world in use by another thread is not freed
/// (`NAV_BUSY`); a pointer that is not a live circle world gives `NAV_INVALID_HANDLE`.
///
/// # Safety
/// None: any pointer value is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_free(world: *mut NavCircleWorld) -> NavStatus {
    guard("nav_circle_world_free", || handles::free(world, "world"))
}

/// Writes the number of circles to `*out_count`.
///
/// # Safety
/// `out_count` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_count(
    world: *const NavCircleWorld,
    out_count: *mut u64,
) -> NavStatus {
    guard("nav_circle_world_count", || {
        let out = OutPtr::new(out_count, "out_count")?;
        let count = read_circle_world(world, "world")?.len() as u64;
        // SAFETY: the caller's contract.
        unsafe { out.write(count) };
        Ok(())
    })
}

/// Adds a circle (centre finite, radius finite and >= 0; circles may overlap) and writes its
/// id (never 0) to `*out_circle`.
///
/// # Safety
/// `out_circle` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_insert(
    world: *mut NavCircleWorld,
    center: NavVec2,
    radius: f32,
    out_circle: *mut u64,
) -> NavStatus {
    guard("nav_circle_world_insert", || {
        let out = OutPtr::new(out_circle, "out_circle")?;
        let circle = circle(center, radius)?;
        let key = write_circle_world(world, "world")?.insert(circle)?;
        // SAFETY: the caller's contract.
        unsafe { out.write(key.to_raw()) };
        Ok(())
    })
}

/// Moves or resizes the circle `circle`; unknown ids give `NAV_UNKNOWN_OBJECT`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_set(
    world: *mut NavCircleWorld,
    circle: u64,
    center: NavVec2,
    radius: f32,
) -> NavStatus {
    guard("nav_circle_world_set", || {
        let key = key(circle)?;
        let shape = self::circle(center, radius)?;
        write_circle_world(world, "world")?
            .set(key, shape)
            .map_err(|e| circle_failure(e, circle))?;
        Ok(())
    })
}

/// Removes the circle `circle`; unknown ids give `NAV_UNKNOWN_OBJECT`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_remove(
    world: *mut NavCircleWorld,
    circle: u64,
) -> NavStatus {
    guard("nav_circle_world_remove", || {
        let key = key(circle)?;
        match write_circle_world(world, "world")?.remove(key) {
            Some(_) => Ok(()),
            None => Err(FfiError::new(
                NavStatus::NavUnknownObject,
                format!(
                    "circle {circle} is not in this world: removed already, or from another world"
                ),
            )),
        }
    })
}

/// Removes every circle.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_circle_world_clear(world: *mut NavCircleWorld) -> NavStatus {
    guard("nav_circle_world_clear", || {
        write_circle_world(world, "world")?.clear();
        Ok(())
    })
}
