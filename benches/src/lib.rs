//! Shared helpers of the benchmarks in `benches/benches/`.
