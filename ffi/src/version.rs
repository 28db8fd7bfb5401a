//! The version of the ABI: macros in the header, a function at run time.

use crate::args::OutPtr;
use crate::guard::guard;
use crate::status::NavStatus;

/// Major version of nav this header belongs to (a test checks it against Cargo.toml).
pub const NAV_VERSION_MAJOR: u32 = 0;
/// Minor version of nav this header belongs to.
pub const NAV_VERSION_MINOR: u32 = 1;
/// Patch version of nav this header belongs to.
pub const NAV_VERSION_PATCH: u32 = 0;

/// A version number.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NavVersion {
    /// Incompatible changes.
    pub major: u32,
    /// Compatible additions.
    pub minor: u32,
    /// Fixes.
    pub patch: u32,
}

/// Writes the version of the loaded library to `*out_version`. Compare it with the
/// `NAV_VERSION_*` macros of the header you compiled against: while the major version is 0,
/// a different minor version may have a different ABI.
///
/// # Safety
/// `out_version` must point to a writable `NavVersion`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_version(out_version: *mut NavVersion) -> NavStatus {
    guard("nav_version", || {
        let out = OutPtr::new(out_version, "out_version")?;
        // SAFETY: the caller's contract.
        unsafe {
            out.write(NavVersion {
                major: NAV_VERSION_MAJOR,
                minor: NAV_VERSION_MINOR,
                patch: NAV_VERSION_PATCH,
            })
        };
        Ok(())
    })
}
