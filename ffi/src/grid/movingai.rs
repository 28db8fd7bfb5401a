//! Moving AI `.map` files in and out of grids.

use std::ffi::{CStr, c_char};

use nav_grid::movingai::{map_to_string, parse_map, read_map};

use crate::args::{OutBuffer, OutPtr, input_slice};
use crate::error::{FfiError, FfiResult};
use crate::grid::map::NavGrid;
use crate::guard::guard;
use crate::shared;
use crate::status::NavStatus;

/// Creates a grid from the text of a Moving AI `.map` file held in memory: `length` bytes of
/// UTF-8 at `text` (no terminating NUL needed). `.`, `G` and `S` cells are walkable, `@`,
/// `O`, `T` and `W` blocked; each cell's terrain is its map character.
///
/// Errors: `NAV_PARSE_ERROR` with the line and the reason for text that is not a map (or not
/// UTF-8), `NAV_INVALID_SIZE` for a header size nav refuses.
///
/// # Safety
/// `text` must point to `length` readable bytes; `out_grid` to a writable `NavGrid*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_load_movingai(
    text: *const u8,
    length: u32,
    out_grid: *mut *mut NavGrid,
) -> NavStatus {
    guard("nav_grid_load_movingai", || {
        let out = OutPtr::new(out_grid, "out_grid")?;
        // SAFETY: the caller's contract.
        let bytes = unsafe { input_slice(text, length as usize, "text") }?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            FfiError::new(
                NavStatus::NavParseError,
                format!("<memory>:{line}: not UTF-8 text"),
            )
        })?;
        shared::publish(parse_map(text, "<memory>")?, out);
        Ok(())
    })
}

/// Creates a grid from a Moving AI `.map` file; `path` is a NUL-terminated UTF-8 string.
///
/// Errors: `NAV_IO_ERROR` when the file cannot be read, `NAV_PARSE_ERROR` (file, line and
/// reason) when it is not a map, `NAV_INVALID_SIZE` for a header size nav refuses (nothing is
/// allocated for it), `NAV_INVALID_ARGUMENT` when `path` is not UTF-8.
///
/// # Safety
/// `path` must point to a NUL-terminated string; `out_grid` to a writable `NavGrid*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_load_movingai_file(
    path: *const c_char,
    out_grid: *mut *mut NavGrid,
) -> NavStatus {
    guard("nav_grid_load_movingai_file", || {
        let out = OutPtr::new(out_grid, "out_grid")?;
        // SAFETY: the caller's contract.
        let path = unsafe { utf8_path(path, "path") }?;
        shared::publish(read_map(path)?, out);
        Ok(())
    })
}

/// The NUL-terminated UTF-8 string `ptr`.
///
/// # Safety
/// `ptr` must be NULL or point to a NUL-terminated string.
pub(crate) unsafe fn utf8_path<'a>(ptr: *const c_char, argument: &str) -> FfiResult<&'a str> {
    if ptr.is_null() {
        return Err(FfiError::null(argument));
    }
    // SAFETY: non-null, NUL-terminated (the caller's contract).
    let bytes = unsafe { CStr::from_ptr(ptr) };
    let path = bytes.to_str().map_err(|e| {
        FfiError::invalid(format!(
            "`{argument}` is not UTF-8 (invalid byte at offset {})",
            e.valid_up_to()
        ))
    })?;
    if path.is_empty() {
        return Err(FfiError::invalid(format!("`{argument}` is empty")));
    }
    Ok(path)
}

/// Writes `grid` as the text of a Moving AI `.map` file (LF line endings, no terminating NUL)
/// into `out_text`; `*out_length` receives its length in bytes (or the length needed, with
/// `NAV_BUFFER_TOO_SMALL`). Walkable cells are written as their terrain character when that
/// is a passable map character, else `.`; blocked ones likewise, else `@`.
///
/// # Safety
/// `out_text` must be NULL (with `capacity` 0) or point to `capacity` writable bytes;
/// `out_length` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_write_movingai(
    grid: *const NavGrid,
    out_text: *mut u8,
    capacity: u32,
    out_length: *mut u32,
) -> NavStatus {
    guard("nav_grid_write_movingai", || {
        let length = OutPtr::new(out_length, "out_length")?;
        // SAFETY: the caller's contract.
        let mut out = unsafe { OutBuffer::new(out_text, capacity, "out_text") }?;
        let text = map_to_string(&*shared::read(grid, "grid")?);
        let needed = u32::try_from(text.len()).map_err(|_| {
            FfiError::new(
                NavStatus::NavInvalidSize,
                format!(
                    "the map text is {} bytes, more than a uint32_t counts",
                    text.len()
                ),
            )
        })?;
        // SAFETY: the caller's contract.
        unsafe { length.write(needed) };
        out.write_all(text.len(), text.bytes(), "the map text")
    })
}
