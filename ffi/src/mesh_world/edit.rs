//! `NavMeshWorld`: polygon worlds (bounds minus polygon, box and circle obstacles), created,
//! changed and freed.

use std::sync::RwLock;

use nav_geom::Vec2;
use nav_mesh::{MeshError, MeshWorld, Obstacle, ObstacleId, ObstacleRef};

use crate::args::{OutPtr, input_slice};
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavAabb, NavVec2};
use crate::guard::guard;
use crate::handles::{self, HandleKind};
use crate::shared::{self, Shared};
use crate::status::NavStatus;

/// A polygon world: a walkable area (a box or a simple polygon) minus obstacles (simple
/// polygons of either orientation, convex or not, boxes and circles, which may overlap and
/// touch), for exact shortest paths (segments and arcs) of disc agents of any radius chosen
/// per query.
///
/// Queries read it (`const NavMeshWorld*`) and may run on many threads at once, each with its
/// own `NavQuery`; changes need it to themselves (`NAV_BUSY` otherwise).
pub struct NavMeshWorld {
    world: RwLock<MeshWorld>,
}

impl Shared for NavMeshWorld {
    type Value = MeshWorld;
    const KIND: HandleKind = HandleKind::MeshWorld;
    const WHEN_READ: &'static str =
        "change it when no query runs (or change a copy from nav_mesh_world_clone)";

    fn new(world: MeshWorld) -> Self {
        NavMeshWorld {
            world: RwLock::new(world),
        }
    }

    fn lock(&self) -> &RwLock<MeshWorld> {
        &self.world
    }
}

impl From<MeshError> for FfiError {
    fn from(error: MeshError) -> Self {
        let status = match &error {
            MeshError::UnknownObstacle { .. } => NavStatus::NavUnknownObject,
            MeshError::GridTooLarge { .. } | MeshError::TooManyGoals { .. } => {
                NavStatus::NavInvalidSize
            }
            _ => NavStatus::NavInvalidArgument,
        };
        FfiError::new(status, error.to_string())
    }
}

/// `error`, a refused change of the obstacle the caller calls `id`, worded with that id (a
/// made-up id is normalised on its way into an `ObstacleId`, and the caller must recognise
/// the number it passed).
fn obstacle_failure(error: MeshError, id: u64) -> FfiError {
    let message = match error {
        MeshError::UnknownObstacle { .. } => {
            format!("obstacle {id} is not in this world: removed already, or from another world")
        }
        MeshError::InvalidShape {
            which: ObstacleRef::Id(_),
            problem,
        } => format!("obstacle {id} refused: {problem}; the world is unchanged"),
        ref other => other.to_string(),
    };
    FfiError {
        message,
        ..FfiError::from(error)
    }
}

/// A refused new obstacle or bounds.
fn shape_failure(error: MeshError) -> FfiError {
    let message = match error {
        MeshError::InvalidShape { which, problem } => {
            format!("{which} refused: {problem}; nothing was changed")
        }
        ref other => other.to_string(),
    };
    FfiError {
        message,
        ..FfiError::from(error)
    }
}

pub(crate) fn obstacle_id(id: u64) -> FfiResult<ObstacleId> {
    if id == 0 {
        return Err(FfiError::new(
            NavStatus::NavUnknownObject,
            "`obstacle` is 0, which names no obstacle",
        ));
    }
    Ok(ObstacleId::from_raw(id))
}

/// The polygon `points[0..count]`: at least 3 and at most `MeshWorld::MAX_VERTICES` points,
/// all finite (the simplicity and the area are checked by the world).
///
/// # Safety
/// `points` must be NULL or point to `count` readable `NavVec2`.
unsafe fn polygon(points: *const NavVec2, count: u32, argument: &str) -> FfiResult<Vec<Vec2>> {
    if count < 3 {
        return Err(FfiError::new(
            NavStatus::NavInvalidSize,
            format!("`{argument}` has {count} points; a polygon needs at least 3"),
        ));
    }
    if count as usize > MeshWorld::MAX_VERTICES {
        return Err(FfiError::new(
            NavStatus::NavInvalidSize,
            format!(
                "`{argument}` has {count} points; a polygon may have at most {}",
                MeshWorld::MAX_VERTICES
            ),
        ));
    }
    // SAFETY: the caller's contract.
    let points = unsafe { input_slice(points, count as usize, argument) }?;
    points
        .iter()
        .enumerate()
        .map(|(i, &p)| geometry::point(p, &format!("{argument}[{i}]")))
        .collect()
}

/// A box obstacle with positive width and height.
fn box_obstacle(aabb: NavAabb) -> FfiResult<Obstacle> {
    Ok(Obstacle::Box(geometry::area(aabb, "aabb")?))
}

/// A circle obstacle with a finite centre and a radius > 0.
fn circle_obstacle(center: NavVec2, radius: f32) -> FfiResult<Obstacle> {
    let center = geometry::point(center, "center")?;
    let radius = geometry::radius(radius, "radius", true)?;
    Ok(Obstacle::Circle(nav_geom::Circle::new(center, radius)))
}

/// Creates an empty polygon world whose walkable area is the box `*bounds` (finite corners,
/// `min < max`) and writes its handle to `*out_world`.
///
/// # Safety
/// `bounds` must point to a readable `NavAabb`; `out_world` to a writable `NavMeshWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_create(
    bounds: *const NavAabb,
    out_world: *mut *mut NavMeshWorld,
) -> NavStatus {
    guard("nav_mesh_world_create", || {
        let out = OutPtr::new(out_world, "out_world")?;
        // SAFETY: the caller's contract.
        let bounds = unsafe { geometry::bounds(bounds) }?;
        shared::publish(MeshWorld::new(bounds).map_err(shape_failure)?, out);
        Ok(())
    })
}

/// Creates an empty polygon world whose walkable area is the simple polygon
/// `points[0..count]` (either orientation, convex or not; 3 to 65536 finite points, no two
/// edges crossing, non-zero area) and writes its handle to `*out_world`.
///
/// # Safety
/// `points` must point to `count` readable `NavVec2`; `out_world` to a writable
/// `NavMeshWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_create_polygon(
    points: *const NavVec2,
    count: u32,
    out_world: *mut *mut NavMeshWorld,
) -> NavStatus {
    guard("nav_mesh_world_create_polygon", || {
        let out = OutPtr::new(out_world, "out_world")?;
        // SAFETY: the caller's contract.
        let points = unsafe { polygon(points, count, "points") }?;
        let world = MeshWorld::with_polygon_bounds(&points).map_err(shape_failure)?;
        shared::publish(world, out);
        Ok(())
    })
}

/// Creates an independent copy of `world` (same obstacle ids) and writes its handle to
/// `*out_world`.
///
/// # Safety
/// `out_world` must point to a writable `NavMeshWorld*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_clone(
    world: *const NavMeshWorld,
    out_world: *mut *mut NavMeshWorld,
) -> NavStatus {
    guard("nav_mesh_world_clone", || shared::clone(world, out_world))
}

/// Frees a polygon world. NULL is a no-op; a world in use by another thread is not freed
/// (`NAV_BUSY`); a pointer that is not a live polygon world gives `NAV_INVALID_HANDLE`.
///
/// # Safety
/// None: any pointer value is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_free(world: *mut NavMeshWorld) -> NavStatus {
    guard("nav_mesh_world_free", || handles::free(world, "world"))
}

/// Writes the number of obstacles to `*out_count`.
///
/// # Safety
/// `out_count` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_count(
    world: *const NavMeshWorld,
    out_count: *mut u64,
) -> NavStatus {
    guard("nav_mesh_world_count", || {
        shared::count(world, out_count, MeshWorld::len)
    })
}

/// Inserts `obstacle` into `world` and writes its id to `out`.
fn insert(world: *mut NavMeshWorld, obstacle: Obstacle, out: OutPtr<u64>) -> FfiResult<()> {
    let id = shared::write(world, "world")?
        .insert(obstacle)
        .map_err(shape_failure)?;
    // SAFETY: `out` was checked by the entry point, which documents that it must be writable.
    unsafe { out.write(id.to_raw()) };
    Ok(())
}

/// Replaces obstacle `id` of `world` by `obstacle`.
fn set(world: *mut NavMeshWorld, id: u64, obstacle: Obstacle) -> FfiResult<()> {
    let key = obstacle_id(id)?;
    shared::write(world, "world")?
        .set(key, obstacle)
        .map_err(|e| obstacle_failure(e, id))?;
    Ok(())
}

/// Adds a polygon obstacle `points[0..count]` (a simple polygon of either orientation, convex
/// or not, 3 to 65536 finite points, non-zero area, not entirely outside the bounds; it may
/// overlap or touch other obstacles and the bounds) and writes its id (never 0) to
/// `*out_obstacle`. A refused polygon changes nothing.
///
/// # Safety
/// `points` must point to `count` readable `NavVec2`; `out_obstacle` to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_insert_polygon(
    world: *mut NavMeshWorld,
    points: *const NavVec2,
    count: u32,
    out_obstacle: *mut u64,
) -> NavStatus {
    guard("nav_mesh_world_insert_polygon", || {
        let out = OutPtr::new(out_obstacle, "out_obstacle")?;
        // SAFETY: the caller's contract.
        let points = unsafe { polygon(points, count, "points") }?;
        insert(world, Obstacle::Polygon(points), out)
    })
}

/// Adds a box obstacle (finite corners, `min < max`, not entirely outside the bounds) and
/// writes its id (never 0) to `*out_obstacle`.
///
/// # Safety
/// `out_obstacle` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_insert_box(
    world: *mut NavMeshWorld,
    aabb: NavAabb,
    out_obstacle: *mut u64,
) -> NavStatus {
    guard("nav_mesh_world_insert_box", || {
        let out = OutPtr::new(out_obstacle, "out_obstacle")?;
        insert(world, box_obstacle(aabb)?, out)
    })
}

/// Adds a circle obstacle (finite centre, finite radius > 0, not entirely outside the bounds;
/// handled exactly: paths bend around it along arcs of radius R + r) and writes its id (never
/// 0) to `*out_obstacle`.
///
/// # Safety
/// `out_obstacle` must point to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_insert_circle(
    world: *mut NavMeshWorld,
    center: NavVec2,
    radius: f32,
    out_obstacle: *mut u64,
) -> NavStatus {
    guard("nav_mesh_world_insert_circle", || {
        let out = OutPtr::new(out_obstacle, "out_obstacle")?;
        insert(world, circle_obstacle(center, radius)?, out)
    })
}

/// Replaces (moves, reshapes) obstacle `obstacle` by the polygon `points[0..count]` (as for
/// `nav_mesh_world_insert_polygon`); the id stays. Unknown ids give `NAV_UNKNOWN_OBJECT`; a
/// refused shape changes nothing.
///
/// # Safety
/// `points` must point to `count` readable `NavVec2`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_set_polygon(
    world: *mut NavMeshWorld,
    obstacle: u64,
    points: *const NavVec2,
    count: u32,
) -> NavStatus {
    guard("nav_mesh_world_set_polygon", || {
        obstacle_id(obstacle)?;
        // SAFETY: the caller's contract.
        let points = unsafe { polygon(points, count, "points") }?;
        set(world, obstacle, Obstacle::Polygon(points))
    })
}

/// Replaces obstacle `obstacle` by the box `aabb` (as for `nav_mesh_world_insert_box`).
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_set_box(
    world: *mut NavMeshWorld,
    obstacle: u64,
    aabb: NavAabb,
) -> NavStatus {
    guard("nav_mesh_world_set_box", || {
        obstacle_id(obstacle)?;
        set(world, obstacle, box_obstacle(aabb)?)
    })
}

/// Replaces obstacle `obstacle` by a circle (as for `nav_mesh_world_insert_circle`).
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_set_circle(
    world: *mut NavMeshWorld,
    obstacle: u64,
    center: NavVec2,
    radius: f32,
) -> NavStatus {
    guard("nav_mesh_world_set_circle", || {
        obstacle_id(obstacle)?;
        set(world, obstacle, circle_obstacle(center, radius)?)
    })
}

/// Removes obstacle `obstacle`; unknown ids give `NAV_UNKNOWN_OBJECT`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_remove(
    world: *mut NavMeshWorld,
    obstacle: u64,
) -> NavStatus {
    guard("nav_mesh_world_remove", || {
        let key = obstacle_id(obstacle)?;
        match shared::write(world, "world")?.remove(key) {
            Some(_) => Ok(()),
            None => Err(obstacle_failure(
                MeshError::UnknownObstacle { id: key },
                obstacle,
            )),
        }
    })
}

/// Removes every obstacle (the bounds stay).
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_clear(world: *mut NavMeshWorld) -> NavStatus {
    guard("nav_mesh_world_clear", || {
        let mut world = shared::write(world, "world")?;
        let ids: Vec<ObstacleId> = world.iter().map(|(id, _)| id).collect();
        for id in ids {
            world.remove(id);
        }
        Ok(())
    })
}
