//! The native libraries of nav's C ABI: `libnav.so` (Linux, Android), `libnav.dylib` (macOS),
//! `nav.dll` (Windows) and `libnav.a` (static, iOS and engines that link statically).
//!
//! Everything is in `nav-ffi`; this crate only gives its functions the library name `nav`.
//! Build with `cargo build --release -p nav-native`. The `pub use` makes every exported
//! `nav_*` function of nav-ffi part of this crate's public API, so the linker keeps it and
//! the cdylib exports it (`nm -D --defined-only libnav.so | grep ' nav_'`; the C# tests compare
//! that list with nav.h).

pub use nav_ffi::*;
