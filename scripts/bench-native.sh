#!/usr/bin/env bash
# Benchmark of the C ABI's overhead: the same 1,000 grid queries (evenly spread rows of a
# Moving AI scenario, Moving AI rules) through nav-grid directly in Rust and through the C ABI
# from C++ (nav.hpp), both release builds, best (and median) of several passes after a warm-up.
# Not run by the tests. Usage: scripts/bench-native.sh [map-name-under-movingai] [passes]
#   e.g. scripts/bench-native.sh dao/brc202d 5
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DATA=${NAV_MOVINGAI_DIR:-$ROOT/../shared/data/movingai}
NAME=${1:-dao/brc202d}
PASSES=${2:-5}
MAP="$DATA/$NAME.map"
SCEN="$DATA/$NAME.map.scen"
[[ -f "$MAP" && -f "$SCEN" ]] || { echo "error: $MAP or $SCEN not found (set NAV_MOVINGAI_DIR)" >&2; exit 1; }

cargo build --quiet --release -p nav-native
cargo build --quiet --release -p nav-ffi --example bench_grid
mkdir -p target/native
g++ -std=c++17 -O2 -Wall -Wextra -Werror -I ffi/include -I bindings/cpp/include bindings/cpp/bench/bench_grid.cpp \
    -o target/native/bench_grid -L target/release -lnav -Wl,-rpath,"$ROOT/target/release"

echo "map $NAME, 1000 queries, $PASSES passes"
RUST=$(target/release/examples/bench_grid "$MAP" "$SCEN" "$PASSES")
CPP=$(target/native/bench_grid "$MAP" "$SCEN" "$PASSES")
echo "$RUST"
echo "$CPP"
rust_ms=$(echo "$RUST" | head -1 | sed -E 's/.* passes ([0-9.]+) ms.*/\1/')
cpp_ms=$(echo "$CPP" | head -1 | sed -E 's/.* passes ([0-9.]+) ms.*/\1/')
awk -v r="$rust_ms" -v c="$cpp_ms" 'BEGIN { printf "overhead ratio, best passes (C ABI from C++ / Rust direct): %.3f\n", c / r }'
