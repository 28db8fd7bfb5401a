//! `NavGrid`: a tile map, created, inspected, edited and freed.

use std::sync::RwLock;

use nav_grid::{Cell, GridMap};

use crate::args::{OutBuffer, OutPtr, finite, flag, input_slice};
use crate::error::{FfiError, FfiResult};
use crate::grid::types::{NavGridCellInfo, NavGridInfo};
use crate::guard::guard;
use crate::handles::{self, HandleKind};
use crate::shared::{self, Shared};
use crate::status::NavStatus;

/// A tile map: per cell a terrain value, a blocked flag and a cost multiplier.
///
/// Queries read it (`const NavGrid*`) and may run on many threads at once; edits
/// (`NavGrid*`) need it to themselves: an edit while a query runs returns `NAV_BUSY`.
pub struct NavGrid {
    map: RwLock<GridMap>,
}

impl Shared for NavGrid {
    type Value = GridMap;
    const KIND: HandleKind = HandleKind::Grid;
    const WHEN_READ: &'static str =
        "edit it when no query runs (or edit a copy from nav_grid_clone)";

    fn new(map: GridMap) -> Self {
        NavGrid {
            map: RwLock::new(map),
        }
    }

    fn lock(&self) -> &RwLock<GridMap> {
        &self.map
    }
}

/// The number of cells of a `width x height` grid, if nav accepts that size.
fn checked_cell_count(width: u32, height: u32) -> FfiResult<usize> {
    let (width, height) = GridMap::check_size(width as u64, height as u64)?;
    Ok(width as usize * height as usize)
}

fn check_cell_count(width: u32, height: u32, given: u32, argument: &str) -> FfiResult<usize> {
    let expected = checked_cell_count(width, height)?;
    if given as usize != expected {
        return Err(FfiError::new(
            NavStatus::NavInvalidSize,
            format!("`{argument}` is {given}, but a {width}x{height} grid has {expected} cells"),
        ));
    }
    Ok(expected)
}

fn cell_in(map: &GridMap, x: u32, y: u32) -> FfiResult<Cell> {
    let cell = Cell::new(x, y);
    if map.contains(cell) {
        Ok(cell)
    } else {
        Err(FfiError::new(
            NavStatus::NavOutOfRange,
            format!(
                "cell ({x}, {y}) is outside the {}x{} grid",
                map.width(),
                map.height()
            ),
        ))
    }
}

/// Creates a `width x height` grid of walkable cells (terrain 0, multiplier 1) and writes its
/// handle to `*out_grid`.
///
/// Each side must be 1..=32768 and the grid at most 2^26 cells (`NAV_INVALID_SIZE`
/// otherwise; nothing is allocated for a refused size).
///
/// # Safety
/// `out_grid` must point to a writable `NavGrid*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_create(
    width: u32,
    height: u32,
    out_grid: *mut *mut NavGrid,
) -> NavStatus {
    guard("nav_grid_create", || {
        let out = OutPtr::new(out_grid, "out_grid")?;
        shared::publish(GridMap::new(width, height)?, out);
        Ok(())
    })
}

/// Creates a grid from one byte per cell, row by row (`walkable[y * width + x]`): 1 for a
/// walkable cell, 0 for a blocked one (any other value is refused). `cell_count` must be
/// `width * height`.
///
/// # Safety
/// `walkable` must point to `cell_count` readable bytes; `out_grid` to a writable `NavGrid*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_create_from_walkable(
    width: u32,
    height: u32,
    walkable: *const u8,
    cell_count: u32,
    out_grid: *mut *mut NavGrid,
) -> NavStatus {
    guard("nav_grid_create_from_walkable", || {
        let out = OutPtr::new(out_grid, "out_grid")?;
        let len = check_cell_count(width, height, cell_count, "cell_count")?;
        // SAFETY: the caller's contract.
        let bytes = unsafe { input_slice(walkable, len, "walkable") }?;
        if let Some(i) = bytes.iter().position(|&byte| byte > 1) {
            return Err(FfiError::invalid(format!(
                "`walkable[{i}]` must be 0 or 1, got {}",
                bytes[i]
            )));
        }
        let flags: Vec<bool> = bytes.iter().map(|&byte| byte == 1).collect();
        shared::publish(GridMap::from_walkable(width, height, &flags)?, out);
        Ok(())
    })
}

/// Creates a grid from one terrain value per cell, row by row (`terrain[y * width + x]`); a
/// cell is walkable when its terrain is at most `max_walkable_terrain` (0..=65535).
/// `cell_count` must be `width * height`.
///
/// # Safety
/// `terrain` must point to `cell_count` readable `uint16_t`; `out_grid` to a writable
/// `NavGrid*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_create_from_terrain(
    width: u32,
    height: u32,
    terrain: *const u16,
    cell_count: u32,
    max_walkable_terrain: u32,
    out_grid: *mut *mut NavGrid,
) -> NavStatus {
    guard("nav_grid_create_from_terrain", || {
        let out = OutPtr::new(out_grid, "out_grid")?;
        let len = check_cell_count(width, height, cell_count, "cell_count")?;
        let max = terrain_value(max_walkable_terrain, "max_walkable_terrain")?;
        // SAFETY: the caller's contract.
        let values = unsafe { input_slice(terrain, len, "terrain") }?;
        shared::publish(
            GridMap::from_terrain(width, height, values.to_vec(), max)?,
            out,
        );
        Ok(())
    })
}

fn terrain_value(value: u32, argument: &str) -> FfiResult<u16> {
    u16::try_from(value).map_err(|_| {
        FfiError::invalid(format!(
            "`{argument}` must be a terrain value in 0..=65535, got {value}"
        ))
    })
}

/// Creates an independent copy of `grid` (to edit while queries run on the original, for
/// example) and writes its handle to `*out_grid`.
///
/// # Safety
/// `out_grid` must point to a writable `NavGrid*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_clone(
    grid: *const NavGrid,
    out_grid: *mut *mut NavGrid,
) -> NavStatus {
    guard("nav_grid_clone", || {
        let out = OutPtr::new(out_grid, "out_grid")?;
        let copy = shared::read(grid, "grid")?.clone();
        shared::publish(copy, out);
        Ok(())
    })
}

/// Frees a grid. NULL is a no-op; a grid that a query on another thread is reading is not
/// freed (`NAV_BUSY`); a pointer that is not a live grid gives `NAV_INVALID_HANDLE`.
///
/// # Safety
/// None: any pointer value is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_free(grid: *mut NavGrid) -> NavStatus {
    guard("nav_grid_free", || handles::free(grid, "grid"))
}

/// Writes the grid's size and counts to `*out_info`.
///
/// # Safety
/// `out_info` must point to a writable `NavGridInfo`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_info(
    grid: *const NavGrid,
    out_info: *mut NavGridInfo,
) -> NavStatus {
    guard("nav_grid_info", || {
        let out = OutPtr::new(out_info, "out_info")?;
        let map = shared::read(grid, "grid")?;
        // SAFETY: the caller's contract.
        unsafe {
            out.write(NavGridInfo {
                min_cost_multiplier: map.min_cost_multiplier(),
                width: map.width(),
                height: map.height(),
                walkable_count: map.walkable_count() as u32,
                max_walkable_terrain: map.max_walkable_terrain() as u32,
            })
        };
        Ok(())
    })
}

/// Writes what the grid holds for cell `(x, y)` to `*out_cell`.
///
/// # Safety
/// `out_cell` must point to a writable `NavGridCellInfo`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_cell(
    grid: *const NavGrid,
    x: u32,
    y: u32,
    out_cell: *mut NavGridCellInfo,
) -> NavStatus {
    guard("nav_grid_cell", || {
        let out = OutPtr::new(out_cell, "out_cell")?;
        let map = shared::read(grid, "grid")?;
        let cell = cell_in(&map, x, y)?;
        let info = NavGridCellInfo {
            cost_multiplier: map.cost_multiplier(cell).unwrap_or(1.0),
            terrain: map.terrain(cell).unwrap_or(0) as u32,
            blocked: map.is_blocked(cell).unwrap_or(false) as u32,
            walkable: map.is_walkable(cell) as u32,
            index: map.index_of(cell).unwrap_or(0) as u32,
        };
        // SAFETY: the caller's contract.
        unsafe { out.write(info) };
        Ok(())
    })
}

/// Writes the clearance of cell `(x, y)` to `*out_clearance`: the side of the largest square
/// of walkable cells whose top-left cell it is (0 when the cell is not walkable), at most 255.
/// An agent of K x K cells (`NavGridQueryOptions.agent_size`) fits with its top-left cell
/// there exactly when the clearance is at least K. Kept up to date as cells change: an edit
/// updates only the cells above and left of it whose value changes.
///
/// # Safety
/// `out_clearance` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_clearance(
    grid: *const NavGrid,
    x: u32,
    y: u32,
    out_clearance: *mut u32,
) -> NavStatus {
    guard("nav_grid_clearance", || {
        let out = OutPtr::new(out_clearance, "out_clearance")?;
        let map = shared::read(grid, "grid")?;
        let cell = cell_in(&map, x, y)?;
        // SAFETY: the caller's contract.
        unsafe { out.write(map.clearance(cell).unwrap_or(0)) };
        Ok(())
    })
}

/// Copies the walkability of every cell, row by row, into `out_walkable` (1 walkable,
/// 0 not): `width * height` bytes, the count written to `*out_count` (or needed, with
/// `NAV_BUFFER_TOO_SMALL`).
///
/// # Safety
/// `out_walkable` must be NULL (with `capacity` 0) or point to `capacity` writable bytes;
/// `out_count` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_copy_walkable(
    grid: *const NavGrid,
    out_walkable: *mut u8,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    guard("nav_grid_copy_walkable", || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut out = unsafe { OutBuffer::new(out_walkable, capacity, "out_walkable") }?;
        let map = shared::read(grid, "grid")?;
        let needed = map.cell_count();
        // SAFETY: the caller's contract.
        unsafe { count.write(needed as u32) };
        let walkable = (0..needed).map(|index| {
            let cell = map.cell_at(index).unwrap_or_default();
            map.is_walkable(cell) as u8
        });
        out.write_all(needed, walkable, "the grid's cells")
    })
}

/// Sets (1) or clears (0) the blocked flag of cell `(x, y)`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_set_blocked(
    grid: *mut NavGrid,
    x: u32,
    y: u32,
    blocked: u32,
) -> NavStatus {
    guard("nav_grid_set_blocked", || {
        let blocked = flag(blocked, "blocked")?;
        let mut map = shared::write(grid, "grid")?;
        let cell = cell_in(&map, x, y)?;
        map.set_blocked(cell, blocked)?;
        Ok(())
    })
}

/// Sets the terrain value (0..=65535) of cell `(x, y)`.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_set_terrain(
    grid: *mut NavGrid,
    x: u32,
    y: u32,
    terrain: u32,
) -> NavStatus {
    guard("nav_grid_set_terrain", || {
        let terrain = terrain_value(terrain, "terrain")?;
        let mut map = shared::write(grid, "grid")?;
        let cell = cell_in(&map, x, y)?;
        map.set_terrain(cell, terrain)?;
        Ok(())
    })
}

/// Sets the cost multiplier of cell `(x, y)`: entering it costs the step's cost times
/// `multiplier`, which must be finite and greater than 0 (and representable as a positive
/// `float`, the storage type).
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_set_cost_multiplier(
    grid: *mut NavGrid,
    x: u32,
    y: u32,
    multiplier: f64,
) -> NavStatus {
    guard("nav_grid_set_cost_multiplier", || {
        finite(multiplier, "multiplier")?;
        let mut map = shared::write(grid, "grid")?;
        let cell = cell_in(&map, x, y)?;
        map.set_cost_multiplier(cell, multiplier)?;
        Ok(())
    })
}

/// Sets the walkability threshold: cells whose terrain is above `max_walkable_terrain`
/// (0..=65535) become blocked. Takes time proportional to the number of cells.
///
/// # Safety
/// None beyond the handle, which is checked.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_set_max_walkable_terrain(
    grid: *mut NavGrid,
    max_walkable_terrain: u32,
) -> NavStatus {
    guard("nav_grid_set_max_walkable_terrain", || {
        let max = terrain_value(max_walkable_terrain, "max_walkable_terrain")?;
        shared::write(grid, "grid")?.set_max_walkable_terrain(max);
        Ok(())
    })
}
