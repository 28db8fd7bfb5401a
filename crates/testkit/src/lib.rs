//! # nav-testkit: helpers shared by the tests of the nav crates
//!
//! An internal, unpublished crate: the nav crates list it under `[dev-dependencies]` only (by
//! path, so `cargo publish` drops it), and nothing in a library depends on it.
//!
//! * [`CountingAllocator`] and [`allocations_during`]: proof that a warm query allocates
//!   nothing. The allocator counts per thread, because the test harness allocates on other
//!   threads while a test runs.
//! * [`movingai_dir`](fn@movingai_dir): where the Moving AI benchmark data is, with the house rule for when it
//!   is missing (skip with a message, except under `CI=true`, where the test fails).
//! * [`TestRng`]: the one seeded random generator of tests and benchmarks (xoshiro256++ from
//!   `rand_xoshiro`), with the helpers tests need (`unit`, `range`, `below`, `chance`).
//! * [`polygon_oracle`]: an independent oracle for the shortest path of a disc among polygons
//!   (a lower and an upper bound from obstacles grown by inscribed and circumscribed regular
//!   polygons), and a geometric checker of paths made of segments and arcs.
//!
//! A test binary that counts allocations installs the allocator itself (a library cannot do it
//! for the binary):
//!
//! ```
//! use nav_testkit::{CountingAllocator, allocations_during};
//!
//! #[global_allocator]
//! static ALLOCATOR: CountingAllocator = CountingAllocator;
//!
//! fn main() {
//!     let mut buffer: Vec<u32> = Vec::with_capacity(16);
//!     assert_eq!(allocations_during(|| buffer.extend(0..16)), 0);
//!     assert_eq!(allocations_during(|| buffer.push(16)), 1); // grows: one reallocation
//! }
//! ```
#![warn(missing_docs)]

mod counting_allocator;
mod movingai_dir;
pub mod polygon_oracle;
mod test_rng;

pub use counting_allocator::{CountingAllocator, allocations_during};
pub use movingai_dir::movingai_dir;
pub use test_rng::TestRng;
