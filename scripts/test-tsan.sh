#!/usr/bin/env bash
# The C++ thread stress (bindings/cpp/tests/stress_threads.cpp) under ThreadSanitizer: libnav
# built with -Zsanitizer=thread and -Zbuild-std (nightly, rust-src), the C++ program
# instrumented by g++ -fsanitize=thread and linked with Rust's own TSan runtime (g++'s libtsan
# lacks entry points that Rust's LLVM emits). Fails on any ThreadSanitizer report.
#
#   scripts/test-tsan.sh [SECONDS_PER_PHASE]
#
# Not part of scripts/test.sh: it needs nightly and rebuilds std (a few minutes). Build
# products go under target/tsan. Says so and exits 2 where nightly or rust-src is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_PER_PHASE=${1:-0.3}
TRIPLE=x86_64-unknown-linux-gnu

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "test-tsan.sh: no nightly toolchain: NOT run" >&2
    exit 2
fi
if ! rustup +nightly component list --installed 2>/dev/null | grep -q '^rust-src'; then
    echo "test-tsan.sh: nightly has no rust-src (rustup component add rust-src --toolchain nightly): NOT run" >&2
    exit 2
fi
SYSROOT=$(rustc +nightly --print sysroot)
RUNTIME="$SYSROOT/lib/rustlib/$TRIPLE/lib/librustc-nightly_rt.tsan.a"
[[ -f "$RUNTIME" ]] || { echo "test-tsan.sh: no TSan runtime at $RUNTIME: NOT run" >&2; exit 2; }

echo "== libnav with -Zsanitizer=thread"
RUSTFLAGS="-Zsanitizer=thread" cargo +nightly build --quiet -Zbuild-std --target "$TRIPLE" \
    --target-dir target/tsan -p nav-native
LIBDIR="$ROOT/target/tsan/$TRIPLE/debug"
OUT="$ROOT/target/tsan/native"
mkdir -p "$OUT"

echo "== stress_threads under ThreadSanitizer"
g++ -std=c++17 -fsanitize=thread -pthread -g -O1 -I ffi/include -c bindings/cpp/tests/stress_threads.cpp \
    -o "$OUT/stress_threads.o"
g++ -pthread -g "$OUT/stress_threads.o" -o "$OUT/stress_threads" -Wl,--whole-archive "$RUNTIME" \
    -Wl,--no-whole-archive -L "$LIBDIR" -lnav -Wl,-rpath,"$LIBDIR" -ldl -lm -lrt
# Queries are slow under TSan: give edits 5 s to land.
TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$OUT/stress_threads" "$SECONDS_PER_PHASE" - 5000
echo "ThreadSanitizer: no report."
