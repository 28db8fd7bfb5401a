//! # nav-reliability: fuzz target bodies and reliability checks
//!
//! An internal, unpublished crate. It holds the bodies of the coverage-guided fuzz targets
//! (`fuzz/` runs them under cargo-fuzz and libFuzzer on nightly Rust; `scripts/fuzz.sh TARGET
//! SECONDS` runs a campaign) so that the ordinary stable test suite can replay every committed
//! corpus file through the very same checks (`tests/corpus_replay.rs`): CI catches a
//! regression without nightly.
//!
//! * [`bytes::Bytes`]: the decoder from the fuzzer's bytes to values (never fails).
//! * [`targets`]: one function per target, listed in [`targets::TARGETS`].
//!
//! ```
//! // Any bytes are a valid input; a contract violation panics.
//! for (name, body) in nav_reliability::targets::TARGETS {
//!     body(b"");
//!     body(name.as_bytes());
//! }
//! ```
#![warn(missing_docs)]

pub mod answer;
pub mod bytes;
pub mod scenes;
pub mod targets;
