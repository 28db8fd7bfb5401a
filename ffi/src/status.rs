//! The status every exported function returns.

/// What a call did. Every exported function returns one; `NAV_OK` is 0 and every other value
/// is a failure whose explanation `nav_last_error` gives in words.
///
/// The numbers are part of the ABI: a value is never renumbered and never reused for another
/// meaning; new statuses get new numbers.
///
/// cbindgen:rename-all=ScreamingSnakeCase
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
// The variants carry the `Nav` prefix so that cbindgen names them `NAV_OK`, `NAV_NULL_POINTER`...
#[allow(clippy::enum_variant_names)]
pub enum NavStatus {
    /// The call did what it was asked. A query that ran but found no path also returns this:
    /// the outcome of the search is in its result struct.
    NavOk = 0,
    /// A pointer argument that must not be NULL was NULL (the message names the argument).
    NavNullPointer = 1,
    /// A handle argument is not a live handle of the expected kind: already freed, of another
    /// kind (a `NavQuery*` where a `NavGrid*` belongs), or never created by nav.
    NavInvalidHandle = 2,
    /// A number outside its domain: NaN or infinite where a finite value is needed, a negative
    /// radius or cost, an unknown enum value, a flag that is neither 0 nor 1, a misaligned
    /// pointer, a path that is not UTF-8.
    NavInvalidArgument = 3,
    /// A cell outside the grid.
    NavOutOfRange = 4,
    /// A size that is zero or too large (the limit is in the message), or a buffer length that
    /// does not match the size it describes.
    NavInvalidSize = 5,
    /// A caller buffer is too small: nothing was written to it, and the out-count holds the
    /// number of elements needed. Call again with a buffer at least that large.
    NavBufferTooSmall = 6,
    /// Movement rules that cannot be searched: a heuristic that overestimates under the chosen
    /// moves and costs, or an invalid custom move set.
    NavInvalidRules = 7,
    /// Text that is not in the expected format (the message gives the line and the reason).
    NavParseError = 8,
    /// A file could not be read (the message has the operating system's reason).
    NavIoError = 9,
    /// The handle is in use by a call on another thread (a `NavQuery` shared between threads,
    /// a grid changed or freed while a query on it runs). Nothing was done; retry when that
    /// call has returned, or give each thread its own `NavQuery`.
    NavBusy = 10,
    /// An internal error (a Rust panic) was caught at the boundary. The call failed, the
    /// library stays usable, and the query context involved was reset.
    NavPanic = 11,
    /// A valid request that this version of nav does not implement yet (the message says
    /// what is missing).
    NavUnsupported = 12,
    /// An object id (an obstacle of a `NavWorld`, a circle of a `NavCircleWorld`) that names
    /// nothing in that world: removed already, or issued by another world.
    NavUnknownObject = 13,
    /// A time-sliced query was stepped with a world (or grid rules) edited since it began, or
    /// with another world: the sliced query was cancelled; begin it again.
    NavWorldChanged = 14,
}

impl NavStatus {
    /// The C name, such as `"NAV_BUFFER_TOO_SMALL"`.
    pub fn name(self) -> &'static str {
        match self {
            NavStatus::NavOk => "NAV_OK",
            NavStatus::NavNullPointer => "NAV_NULL_POINTER",
            NavStatus::NavInvalidHandle => "NAV_INVALID_HANDLE",
            NavStatus::NavInvalidArgument => "NAV_INVALID_ARGUMENT",
            NavStatus::NavOutOfRange => "NAV_OUT_OF_RANGE",
            NavStatus::NavInvalidSize => "NAV_INVALID_SIZE",
            NavStatus::NavBufferTooSmall => "NAV_BUFFER_TOO_SMALL",
            NavStatus::NavInvalidRules => "NAV_INVALID_RULES",
            NavStatus::NavParseError => "NAV_PARSE_ERROR",
            NavStatus::NavIoError => "NAV_IO_ERROR",
            NavStatus::NavBusy => "NAV_BUSY",
            NavStatus::NavPanic => "NAV_PANIC",
            NavStatus::NavUnsupported => "NAV_UNSUPPORTED",
            NavStatus::NavUnknownObject => "NAV_UNKNOWN_OBJECT",
            NavStatus::NavWorldChanged => "NAV_WORLD_CHANGED",
        }
    }
}

impl std::fmt::Display for NavStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
