//! `NavMeshWorld` spatial queries: does a disc fit, where is the nearest place it fits, how
//! far can it move in a straight line, can it travel between two points.

use crate::args::OutPtr;
use crate::error::{FfiError, FfiResult};
use crate::geometry::{self, NavVec2};
use crate::guard::guard;
use crate::mesh_world::edit::NavMeshWorld;
use crate::shared;
use crate::status::NavStatus;

/// A ray direction: finite and not zero.
fn direction(dir: NavVec2) -> FfiResult<nav_geom::Vec2> {
    let d = geometry::point(dir, "direction")?;
    if d == nav_geom::Vec2::ZERO {
        return Err(FfiError::invalid("`direction` (0, 0) must not be zero"));
    }
    Ok(d)
}

/// Writes to `*out_fits` 1 when a disc of `radius` (finite, >= 0) centred at `point` fits in
/// `world` (inside the bounds, overlapping no obstacle; touching is allowed), 0 otherwise.
///
/// # Safety
/// `out_fits` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_fits(
    world: *const NavMeshWorld,
    point: NavVec2,
    radius: f32,
    out_fits: *mut u32,
) -> NavStatus {
    guard("nav_mesh_world_fits", || {
        let out = OutPtr::new(out_fits, "out_fits")?;
        let p = geometry::point(point, "point")?;
        let r = geometry::radius(radius, "radius", false)?;
        let fits = shared::read(world, "world")?.fits(p, r)?;
        // SAFETY: the caller's contract.
        unsafe { out.write(fits as u32) };
        Ok(())
    })
}

/// Finds the point nearest to `point` where a disc of `radius` (finite, >= 0) fits (`point`
/// itself when it fits there): writes 1 to `*out_found` and the point to `*out_point`, or 0
/// to `*out_found` (and leaves `*out_point` as it was) when the disc fits nowhere.
///
/// # Safety
/// `out_point` must point to a writable `NavVec2`; `out_found` to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_nearest_fit(
    world: *const NavMeshWorld,
    point: NavVec2,
    radius: f32,
    out_point: *mut NavVec2,
    out_found: *mut u32,
) -> NavStatus {
    guard("nav_mesh_world_nearest_fit", || {
        let out_p = OutPtr::new(out_point, "out_point")?;
        let out_f = OutPtr::new(out_found, "out_found")?;
        let p = geometry::point(point, "point")?;
        let r = geometry::radius(radius, "radius", false)?;
        let nearest = shared::read(world, "world")?.nearest_fit(p, r)?;
        // SAFETY: the caller's contract.
        unsafe {
            if let Some(q) = nearest {
                out_p.write(q.into());
            }
            out_f.write(nearest.is_some() as u32);
        }
        Ok(())
    })
}

/// Casts a disc of `radius` (finite, >= 0) from `from` along `direction` (finite, not zero;
/// its length does not matter) for at most `max_distance` (>= 0; +infinity allowed): writes
/// 1 to `*out_hit` and the distance travelled before the first contact (an obstacle, the
/// bounds, a zero-width gap) to `*out_distance`, or 0 to `*out_hit` and `max_distance` to
/// `*out_distance` when the whole move is clear. A disc that does not fit at `from` hits at
/// distance 0.
///
/// # Safety
/// `out_distance` must point to a writable `float`; `out_hit` to a writable `uint32_t`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature
pub unsafe extern "C" fn nav_mesh_world_raycast(
    world: *const NavMeshWorld,
    from: NavVec2,
    direction: NavVec2,
    max_distance: f32,
    radius: f32,
    out_distance: *mut f32,
    out_hit: *mut u32,
) -> NavStatus {
    guard("nav_mesh_world_raycast", || {
        let out_d = OutPtr::new(out_distance, "out_distance")?;
        let out_h = OutPtr::new(out_hit, "out_hit")?;
        let p = geometry::point(from, "from")?;
        let d = self::direction(direction)?;
        if max_distance.is_nan() || max_distance < 0.0 {
            return Err(FfiError::invalid(format!(
                "`max_distance` must be at least 0 (or +infinity), got {max_distance}"
            )));
        }
        let r = geometry::radius(radius, "radius", false)?;
        let hit = shared::read(world, "world")?.raycast(p, d, max_distance, r)?;
        // SAFETY: the caller's contract.
        unsafe {
            out_d.write(hit.unwrap_or(max_distance));
            out_h.write(hit.is_some() as u32);
        }
        Ok(())
    })
}

/// Writes to `*out_connected` 1 when a disc of `radius` (finite, >= 0) can travel from `a`
/// to `b` in `world` (both must fit), 0 otherwise.
///
/// # Safety
/// `out_connected` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_mesh_world_connected(
    world: *const NavMeshWorld,
    a: NavVec2,
    b: NavVec2,
    radius: f32,
    out_connected: *mut u32,
) -> NavStatus {
    guard("nav_mesh_world_connected", || {
        let out = OutPtr::new(out_connected, "out_connected")?;
        let a = geometry::point(a, "a")?;
        let b = geometry::point(b, "b")?;
        let r = geometry::radius(radius, "radius", false)?;
        let connected = shared::read(world, "world")?.connected(a, b, r)?;
        // SAFETY: the caller's contract.
        unsafe { out.write(connected as u32) };
        Ok(())
    })
}
