//! `NavWorld`: a continuous world of box and disc obstacles, created, changed and freed.

use std::sync::RwLock;

use nav_agent::{Mobility, ObstacleHandle, Shape, World, WorldError};
use nav_geom::Aabb;

use crate::args::{OutPtr, flag, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavAabb, NavVec2};
use crate::guard::guard;
use crate::handles::{self, HandleKind};
use crate::messages;
use crate::shared::{self, Shared};
use crate::status::NavStatus;
use crate::world::types::NavWorldInfo;

/// A continuous world: rectangular bounds and obstacles (boxes and discs, static or
/// dynamic) through which agents of any radius find paths.
///
/// Queries read it (`const NavWorld*`) and may run on many threads at once, each with its own
/// `NavQuery`; changes (`NavWorld*`) need it to themselves (`NAV_BUSY` otherwise).
pub struct NavWorld {
    world: RwLock<World>,
}

impl Shared for NavWorld {
    type Value = World;
    const KIND: HandleKind = HandleKind::World;
    const WHEN_READ: &'static str =
        "change it when no query runs (or change a copy from nav_world_clone)";

    fn new(world: World) -> Self {
        NavWorld {
            world: RwLock::new(world),
        }
    }

    fn lock(&self) -> &RwLock<World> {
        &self.world
    }
}

impl From<WorldError> for FfiError {
    fn from(error: WorldError) -> Self {
        let status = match &error {
            WorldError::UnknownObstacle { .. } => NavStatus::NavUnknownObject,
            WorldError::Spatial(_) => NavStatus::NavInvalidSize,
            _ => NavStatus::NavInvalidArgument,
        };
        FfiError::new(status, messages::world_error(&error))
    }
}

/// `error`, a refused change of the obstacle the caller calls `id`, worded with that id.
fn obstacle_failure(error: WorldError, id: u64) -> FfiError {
    FfiError {
        message: messages::obstacle_error(&error, id),
        ..FfiError::from(error)
    }
}

fn mobility(dynamic: u32) -> FfiResult<Mobility> {
    Ok(if flag(dynamic, "dynamic")? {
        Mobility::Dynamic
    } else {
        Mobility::Static
    })
}

pub(crate) fn obstacle(id: u64, argument: &str) -> FfiResult<ObstacleHandle> {
    if id == 0 {
        return Err(FfiError::new(
            NavStatus::NavUnknownObject,
            format!("`{argument}` is 0, which names no obstacle"),
        ));
    }
    Ok(ObstacleHandle::from_raw(id))
}

/// The obstacle of `world` that `id` names, for arguments where 0 means none. An id that names
/// no obstacle of `world` (removed, made up, or of another world) is refused as it is
/// everywhere else, rather than ignored.
pub(crate) fn optional_obstacle(
    world: &World,
    id: u64,
    argument: &str,
) -> FfiResult<Option<ObstacleHandle>> {
    if id == 0 {
        return Ok(None);
    }
    let handle = ObstacleHandle::from_raw(id);
    if world.get(handle).is_none() {
        return Err(FfiError::new(
            NavStatus::NavUnknownObject,
            format!(
                "`{argument}` {id} is not an obstacle of this world: removed already, or from another world"
            ),
        ));
    }
    Ok(Some(handle))
}

/// Creates an empty world over `*bounds` (finite corners, `min < max` on both axes) and
/// writes its handle to `*out_world`. `cell_size` is the cell of its spatial hash grid (about
/// the size of a typical obstacle); 0 picks 1/128 of the longer side.
///
/// # Safety
/// `bounds` must point to a readable `NavAabb`; `out_world` to a writable `NavWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_create(
    bounds: *const NavAabb,
    cell_size: f32,
    out_world: *mut *mut NavWorld,
) -> NavStatus {
    guard("nav_world_create", || {
        let out = OutPtr::new(out_world, "out_world")?;
        // SAFETY: the caller's contract.
        let bounds =
            unsafe { read_optional(bounds, "bounds") }?.ok_or_else(|| FfiError::null("bounds"))?;
        let bounds: Aabb = geometry::aabb(bounds, "bounds")?;
        let world = if cell_size == 0.0 {
            World::new(bounds)?
        } else {
            World::with_cell_size(bounds, geometry::radius(cell_size, "cell_size", true)?)?
        };
        shared::publish(world, out);
        Ok(())
    })
}

/// Creates an independent copy of `world` and writes its handle to `*out_world`.
///
/// # Safety
/// `out_world` must point to a writable `NavWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_clone(
    world: *const NavWorld,
    out_world: *mut *mut NavWorld,
) -> NavStatus {
    guard("nav_world_clone", || shared::clone(world, out_world))
}

/// Frees a world. NULL is a no-op; a world in use by another thread is not freed
/// (`NAV_BUSY`); a pointer that is not a live world gives `NAV_INVALID_HANDLE`.
///
/// # Safety
/// None: any pointer value is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_free(world: *mut NavWorld) -> NavStatus {
    guard("nav_world_free", || handles::free(world, "world"))
}

/// Writes the world's bounds and counts to `*out_info`.
///
/// # Safety
/// `out_info` must point to a writable `NavWorldInfo`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_info(
    world: *const NavWorld,
    out_info: *mut NavWorldInfo,
) -> NavStatus {
    guard("nav_world_info", || {
        let out = OutPtr::new(out_info, "out_info")?;
        let world = shared::read(world, "world")?;
        let info = NavWorldInfo {
            bounds: world.bounds().into(),
            obstacle_count: world.len() as u64,
            version: world.version(),
        };
        // SAFETY: the caller's contract.
        unsafe { out.write(info) };
        Ok(())
    })
}

/// Adds a box obstacle (`dynamic`: 1 if it will move, 0 if static) and writes its id (never 0)
/// to `*out_obstacle`.
///
/// # Safety
/// `out_obstacle` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_insert_box(
    world: *mut NavWorld,
    aabb: NavAabb,
    dynamic: u32,
    out_obstacle: *mut u64,
) -> NavStatus {
    guard("nav_world_insert_box", || {
        let out = OutPtr::new(out_obstacle, "out_obstacle")?;
        let shape = Shape::Aabb(geometry::aabb(aabb, "aabb")?);
        let mobility = mobility(dynamic)?;
        let handle = shared::write(world, "world")?.insert(shape, mobility)?;
        // SAFETY: the caller's contract.
        unsafe { out.write(handle.to_raw()) };
        Ok(())
    })
}

/// Adds a disc obstacle (radius finite and >= 0) and writes its id (never 0) to
/// `*out_obstacle`.
///
/// # Safety
/// `out_obstacle` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_insert_circle(
    world: *mut NavWorld,
    center: NavVec2,
    radius: f32,
    dynamic: u32,
    out_obstacle: *mut u64,
) -> NavStatus {
    guard("nav_world_insert_circle", || {
        let out = OutPtr::new(out_obstacle, "out_obstacle")?;
        let shape = Shape::Circle(geometry::circle(center, radius)?);
        let mobility = mobility(dynamic)?;
        let handle = shared::write(world, "world")?.insert(shape, mobility)?;
        // SAFETY: the caller's contract.
        unsafe { out.write(handle.to_raw()) };
        Ok(())
    })
}

/// Gives the dynamic obstacle `obstacle` a new shape: a box. Static obstacles do not move
/// (`NAV_INVALID_ARGUMENT`); unknown ids give `NAV_UNKNOWN_OBJECT`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_move_box(
    world: *mut NavWorld,
    obstacle: u64,
    aabb: NavAabb,
) -> NavStatus {
    guard("nav_world_move_box", || {
        let handle = self::obstacle(obstacle, "obstacle")?;
        let shape = Shape::Aabb(geometry::aabb(aabb, "aabb")?);
        shared::write(world, "world")?
            .move_obstacle(handle, shape)
            .map_err(|e| obstacle_failure(e, obstacle))?;
        Ok(())
    })
}

/// Gives the dynamic obstacle `obstacle` a new shape: a disc.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_move_circle(
    world: *mut NavWorld,
    obstacle: u64,
    center: NavVec2,
    radius: f32,
) -> NavStatus {
    guard("nav_world_move_circle", || {
        let handle = self::obstacle(obstacle, "obstacle")?;
        let shape = Shape::Circle(geometry::circle(center, radius)?);
        shared::write(world, "world")?
            .move_obstacle(handle, shape)
            .map_err(|e| obstacle_failure(e, obstacle))?;
        Ok(())
    })
}

/// Removes an obstacle (static or dynamic); unknown ids give `NAV_UNKNOWN_OBJECT`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_remove(world: *mut NavWorld, obstacle: u64) -> NavStatus {
    guard("nav_world_remove", || {
        let handle = self::obstacle(obstacle, "obstacle")?;
        shared::write(world, "world")?
            .remove(handle)
            .map_err(|e| obstacle_failure(e, obstacle))?;
        Ok(())
    })
}

/// Removes every obstacle.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_clear(world: *mut NavWorld) -> NavStatus {
    guard("nav_world_clear", || {
        shared::write(world, "world")?.clear();
        Ok(())
    })
}

/// Writes to `*out_clear` 1 when a disc of `radius` at `center` lies inside the bounds and
/// touches no obstacle (ignoring `ignore_obstacle`, 0 for none), else 0. An
/// `ignore_obstacle` that names no obstacle of `world` gives `NAV_UNKNOWN_OBJECT`.
///
/// # Safety
/// `out_clear` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_disc_is_clear(
    world: *const NavWorld,
    center: NavVec2,
    radius: f32,
    ignore_obstacle: u64,
    out_clear: *mut u32,
) -> NavStatus {
    guard("nav_world_disc_is_clear", || {
        let out = OutPtr::new(out_clear, "out_clear")?;
        let center = geometry::point(center, "center")?;
        let radius = geometry::radius(radius, "radius", false)?;
        let world = shared::read(world, "world")?;
        let ignore = optional_obstacle(&world, ignore_obstacle, "ignore_obstacle")?;
        let clear = world.disc_is_clear(center, radius, ignore);
        // SAFETY: the caller's contract.
        unsafe { out.write(clear as u32) };
        Ok(())
    })
}

/// Writes to `*out_clear` 1 when a disc of `radius` can move in a straight line from `a` to
/// `b`: the swept disc stays inside the bounds and touches no obstacle (but
/// `ignore_obstacle`, 0 for none, else an obstacle of `world`: `NAV_UNKNOWN_OBJECT`
/// otherwise); else 0. Every segment of a returned path passes this test.
///
/// # Safety
/// `out_clear` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_world_segment_is_clear(
    world: *const NavWorld,
    a: NavVec2,
    b: NavVec2,
    radius: f32,
    ignore_obstacle: u64,
    out_clear: *mut u32,
) -> NavStatus {
    guard("nav_world_segment_is_clear", || {
        let out = OutPtr::new(out_clear, "out_clear")?;
        let a = geometry::point(a, "a")?;
        let b = geometry::point(b, "b")?;
        let radius = geometry::radius(radius, "radius", false)?;
        let world = shared::read(world, "world")?;
        let ignore = optional_obstacle(&world, ignore_obstacle, "ignore_obstacle")?;
        let clear = world.segment_is_clear(a, b, radius, ignore);
        // SAFETY: the caller's contract.
        unsafe { out.write(clear as u32) };
        Ok(())
    })
}
