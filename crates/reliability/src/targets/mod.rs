//! The fuzz targets' bodies: each takes the fuzzer's bytes, decodes them into calls, and
//! panics when an answer breaks the contract (a panic is what libFuzzer reports as a crash).
//! Each is listed in [`TARGETS`] under the name of its binary in `fuzz/fuzz_targets/` and of
//! its corpus folder in `fuzz/corpus/`.

mod abi;
mod agent;
mod files;
pub mod grid;
mod worlds;

pub use abi::abi_calls;
pub use agent::agent_query;
pub use files::{movingai_map, movingai_scenario, scene_json};
pub use grid::grid_query;
pub use worlds::{circle_query, mesh_query};

/// The body of a target: panics when an answer breaks the contract.
pub type Body = fn(&[u8]);

/// Every target: `(name, body)`.
pub const TARGETS: [(&str, Body); 8] = [
    ("movingai_map", movingai_map),
    ("movingai_scenario", movingai_scenario),
    ("scene_json", scene_json),
    ("grid_query", grid_query),
    ("circle_query", circle_query),
    ("mesh_query", mesh_query),
    ("agent_query", agent_query),
    ("abi_calls", abi_calls),
];
