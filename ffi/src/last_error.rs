//! The thread-local message of the latest failed call.

use std::cell::RefCell;
use std::ffi::c_char;

use crate::args::{OutBuffer, write_out};
use crate::error::FfiResult;
use crate::guard::guard_quiet;
use crate::status::NavStatus;

thread_local! {
    /// The message of the latest failed call on this thread (empty before any failure).
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records `message` as this thread's latest failure, as `function: message`.
pub(crate) fn set_last_error(function: &str, message: &str) {
    // `try_with`: during thread teardown the slot may be gone; the status still tells.
    let _ = LAST_ERROR.try_with(|slot| {
        let Ok(mut slot) = slot.try_borrow_mut() else {
            return;
        };
        slot.clear();
        slot.push_str(function);
        slot.push_str(": ");
        // The message goes to C as a NUL-terminated string: no NUL inside.
        slot.extend(message.chars().map(|c| if c == '\0' { '?' } else { c }));
    });
}

/// A copy of this thread's latest error message (for Rust tests and the bindings' checks).
pub fn last_error_message() -> String {
    LAST_ERROR
        .try_with(|slot| slot.borrow().clone())
        .unwrap_or_default()
}

/// Copies the message of the latest failed call on this thread into `buffer`, as UTF-8 text
/// with a terminating NUL (an empty string when no call has failed yet on this thread).
///
/// The message names the function, the argument and the reason, e.g.
/// `nav_grid_set_blocked: cell (12, 3) is outside the 10x10 map`. Successful calls do not
/// clear it (like `errno`): read it right after a call that returned something other than
/// `NAV_OK`. Calling this function never changes the message.
///
/// `*out_size` receives the buffer size the whole message needs, in bytes, terminating NUL
/// included. When `capacity` is smaller, the message is cut at a character boundary to fit
/// (still NUL-terminated, when `capacity > 0`) and `NAV_BUFFER_TOO_SMALL` is returned: the
/// one call that writes into a buffer that is too small, because a cut message is still
/// useful in a log. `buffer` may be NULL when `capacity` is 0 (to ask for the size).
///
/// # Safety
/// `buffer` must be NULL or point to `capacity` writable bytes; `out_size` must point to a
/// writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_last_error(
    buffer: *mut c_char,
    capacity: u32,
    out_size: *mut u32,
) -> NavStatus {
    guard_quiet(|| {
        // SAFETY: the caller's contract.
        let mut out = unsafe { OutBuffer::new(buffer.cast::<u8>(), capacity, "buffer") }?;
        LAST_ERROR.with_borrow(|message| -> FfiResult<NavStatus> {
            let needed = message.len() + 1;
            let size = u32::try_from(needed).unwrap_or(u32::MAX);
            // SAFETY: the caller's contract.
            unsafe { write_out(out_size, "out_size", size) }?;
            let fits = out.capacity() >= needed;
            let mut cut = message.len().min(out.capacity().saturating_sub(1));
            while !message.is_char_boundary(cut) {
                cut -= 1;
            }
            if out.capacity() > 0 {
                for (i, &byte) in message.as_bytes()[..cut].iter().enumerate() {
                    out.write(i, byte);
                }
                out.write(cut, 0);
            }
            Ok(if fits {
                NavStatus::NavOk
            } else {
                NavStatus::NavBufferTooSmall
            })
        })
    })
}
