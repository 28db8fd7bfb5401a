//! `NavCircleWorld`: circles (trees, rocks, units), created, changed and freed.

use std::sync::RwLock;

use nav_tangent::{CircleKey, CircleWorld, TangentError};

use crate::args::OutPtr;
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavAabb, NavVec2};
use crate::guard::guard;
use crate::handles::{self, HandleKind};
use crate::messages;
use crate::shared::{self, Shared};
use crate::status::NavStatus;

/// A world of circular obstacles, for exact shortest paths (segments and arcs) of disc agents
/// of any radius.
///
/// Queries read it (`const NavCircleWorld*`) and may run on many threads at once, each with
/// its own `NavQuery`; changes need it to themselves (`NAV_BUSY` otherwise).
pub struct NavCircleWorld {
    world: RwLock<CircleWorld>,
}

impl Shared for NavCircleWorld {
    type Value = CircleWorld;
    const KIND: HandleKind = HandleKind::CircleWorld;
    const WHEN_READ: &'static str =
        "change it when no query runs (or change a copy from nav_circle_world_clone)";

    fn new(world: CircleWorld) -> Self {
        NavCircleWorld {
            world: RwLock::new(world),
        }
    }

    fn lock(&self) -> &RwLock<CircleWorld> {
        &self.world
    }
}

impl From<TangentError> for FfiError {
    fn from(error: TangentError) -> Self {
        let status = match &error {
            TangentError::UnknownCircle { .. } => NavStatus::NavUnknownObject,
            TangentError::Spatial(_) | TangentError::TooManyGoals { .. } => {
                NavStatus::NavInvalidSize
            }
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

fn key(id: u64) -> FfiResult<CircleKey> {
    if id == 0 {
        return Err(FfiError::new(
            NavStatus::NavUnknownObject,
            "`circle` is 0, which names no circle",
        ));
    }
    Ok(CircleKey::from_raw(id))
}

/// Creates an empty circle world inside `*bounds` (finite corners, `min < max`) and writes its
/// handle to `*out_world`. The bounds confine the agents' discs (paths stay inside, a start or
/// goal whose disc leaves them is `NAV_PATH_STATUS_OUT_OF_BOUNDS`); circles may also lie
/// outside.
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
        let bounds = unsafe { geometry::bounds(bounds) }?;
        shared::publish(CircleWorld::new(bounds)?, out);
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
    guard("nav_circle_world_clone", || shared::clone(world, out_world))
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
        shared::count(world, out_count, CircleWorld::len)
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
        let circle = geometry::circle(center, radius)?;
        let key = shared::write(world, "world")?.insert(circle)?;
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
        let shape = geometry::circle(center, radius)?;
        shared::write(world, "world")?
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
        match shared::write(world, "world")?.remove(key) {
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
        shared::write(world, "world")?.clear();
        Ok(())
    })
}
