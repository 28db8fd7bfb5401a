//! Points and boxes of the continuous worlds.

use nav_geom::{Aabb, Circle, Vec2};

use crate::error::{FfiError, FfiResult};

/// A 2-D point or vector (`float`, as game engines use). Unity's ground plane is (x, z).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavVec2 {
    /// x coordinate.
    pub x: f32,
    /// y coordinate.
    pub y: f32,
}

/// An axis-aligned box.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavAabb {
    /// The corner with the smallest coordinates.
    pub min: NavVec2,
    /// The corner with the largest coordinates.
    pub max: NavVec2,
}

impl From<Vec2> for NavVec2 {
    fn from(v: Vec2) -> Self {
        NavVec2 { x: v.x, y: v.y }
    }
}

impl From<Aabb> for NavAabb {
    fn from(b: Aabb) -> Self {
        NavAabb {
            min: b.min.into(),
            max: b.max.into(),
        }
    }
}

/// `point`, if both coordinates are finite.
pub(crate) fn point(point: NavVec2, argument: &str) -> FfiResult<Vec2> {
    if point.x.is_finite() && point.y.is_finite() {
        Ok(Vec2::new(point.x, point.y))
    } else {
        Err(FfiError::invalid(format!(
            "`{argument}` ({}, {}) must have finite coordinates",
            point.x, point.y
        )))
    }
}

/// `aabb`, if its corners are finite and `min <= max`.
pub(crate) fn aabb(aabb: NavAabb, argument: &str) -> FfiResult<Aabb> {
    let min = point(aabb.min, &format!("{argument}.min"))?;
    let max = point(aabb.max, &format!("{argument}.max"))?;
    if min.x > max.x || min.y > max.y {
        return Err(FfiError::invalid(format!(
            "`{argument}` is inverted: min ({}, {}) must not exceed max ({}, {})",
            min.x, min.y, max.x, max.y
        )));
    }
    Ok(Aabb::new(min, max))
}

/// `aabb`, if its corners are finite and `min < max` on both axes.
pub(crate) fn area(aabb: NavAabb, argument: &str) -> FfiResult<Aabb> {
    let area = self::aabb(aabb, argument)?;
    if area.min.x >= area.max.x || area.min.y >= area.max.y {
        return Err(FfiError::invalid(format!(
            "`{argument}` has no area: min must be below max on both axes"
        )));
    }
    Ok(area)
}

/// The world bounds `*bounds` (named `bounds` in errors), read and checked by [`area`].
///
/// # Safety
/// `bounds` must be NULL or point to a readable `NavAabb`.
pub(crate) unsafe fn bounds(bounds: *const NavAabb) -> FfiResult<Aabb> {
    // SAFETY: the caller's contract.
    let bounds = unsafe { crate::args::read_optional(bounds, "bounds") }?
        .ok_or_else(|| FfiError::null("bounds"))?;
    area(bounds, "bounds")
}

/// `radius`, if it is finite and at least 0 (or greater than 0 when `positive`).
pub(crate) fn radius(radius: f32, argument: &str, positive: bool) -> FfiResult<f32> {
    let ok = radius.is_finite()
        && if positive {
            radius > 0.0
        } else {
            radius >= 0.0
        };
    if ok {
        Ok(radius)
    } else {
        let expected = if positive {
            "finite and greater than 0"
        } else {
            "finite and at least 0"
        };
        Err(FfiError::invalid(format!(
            "`{argument}` must be {expected}, got {radius}"
        )))
    }
}

/// The circle of `center` and `radius` (the arguments of that name), if the centre is finite
/// and the radius finite and at least 0.
pub(crate) fn circle(center: NavVec2, radius: f32) -> FfiResult<Circle> {
    let center = point(center, "center")?;
    let radius = self::radius(radius, "radius", false)?;
    Ok(Circle::new(center, radius))
}
