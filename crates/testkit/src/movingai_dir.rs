//! Where the tests find the Moving AI benchmark data.

use std::path::PathBuf;

/// The Moving AI data directory: env `NAV_MOVINGAI_DIR`, else `<workspace>/../shared/data/movingai`.
///
/// `None` (after printing a "skipping: ..." line to stderr) when the directory is missing, so
/// that the test can return; under `CI=true` a missing directory panics instead, so that CI
/// never passes without the data.
pub fn movingai_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("NAV_MOVINGAI_DIR") {
        Some(dir) => PathBuf::from(dir),
        // This crate sits at `<workspace>/crates/testkit`.
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/movingai"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    let message = format!(
        "Moving AI data not found at {} (set NAV_MOVINGAI_DIR)",
        dir.display()
    );
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{message}; CI=true requires it");
    }
    eprintln!("skipping: {message}");
    None
}
