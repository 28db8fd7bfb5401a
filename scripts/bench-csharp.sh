#!/usr/bin/env bash
# Benchmark of P/Invoke's overhead: the same 1,000 grid queries (evenly spread rows of a Moving AI
# scenario, Moving AI rules) through nav-grid directly in Rust, through the C ABI from C++ (both
# via scripts/bench-native.sh) and through P/Invoke from C# under Mono
# (bindings/csharp/Benchmarks~/NavBench.cs), all against release builds; best and median of several
# passes after a warm-up (the fastest pass is compared, as in bench-native.sh), plus the fixed
# cost of one call. The three checksums (sums of path costs and lengths) must agree.
# Not run by the tests. Usage: scripts/bench-csharp.sh [map-name-under-movingai] [passes]
#   e.g. scripts/bench-csharp.sh dao/brc202d 5
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DATA=${NAV_MOVINGAI_DIR:-$ROOT/../shared/data/movingai}
NAME=${1:-dao/brc202d}
PASSES=${2:-5}
MAP="$DATA/$NAME.map"
SCEN="$DATA/$NAME.map.scen"
[[ -f "$MAP" && -f "$SCEN" ]] || { echo "error: $MAP or $SCEN not found (set NAV_MOVINGAI_DIR)" >&2; exit 1; }
command -v mcs >/dev/null 2>&1 && command -v mono >/dev/null 2>&1 || {
    echo "error: Mono is needed (apt-get install mono-mcs mono-runtime; scripts/test-csharp.sh installs it)" >&2
    exit 1
}

# Rust directly and C++ through the C ABI (builds libnav in release).
NATIVE=$(scripts/bench-native.sh "$NAME" "$PASSES")

OUT="$ROOT/target/csharp-bench"
mkdir -p "$OUT"
mcs -nologo -optimize+ -warnaserror -target:library -unsafe -out:"$OUT/Nav.Runtime.dll" bindings/csharp/Runtime/*.cs
mcs -nologo -optimize+ -warnaserror -unsafe -r:"$OUT/Nav.Runtime.dll" -out:"$OUT/NavBench.exe" "bindings/csharp/Benchmarks~/NavBench.cs"
cp target/release/libnav.so "$OUT/libnav.so"
CSHARP=$(mono "$OUT/NavBench.exe" "$MAP" "$SCEN" "$PASSES")

echo "$NATIVE" | grep -v '^overhead'
echo "$CSHARP"
# "best of N passes X ms": the fastest pass, the least disturbed by other processes (as bench-native.sh).
best() { echo "$1" | grep "^$2:" | sed -E 's/.* passes ([0-9.]+) ms.*/\1/'; }
sum() { echo "$1" | grep "^$2:" | sed -E 's/.*checksum ([0-9.]+).*/\1/'; }
rust_ms=$(best "$NATIVE" rust-direct)
cpp_ms=$(best "$NATIVE" c-abi-from-cpp)
cs_ms=$(best "$CSHARP" csharp-pinvoke)
rust_sum=$(sum "$NATIVE" rust-direct)
cpp_sum=$(sum "$NATIVE" c-abi-from-cpp)
cs_sum=$(sum "$CSHARP" csharp-pinvoke)
if [[ -z "$rust_ms" || -z "$cpp_ms" || -z "$cs_ms" ]]; then
    echo "error: could not read the timings (has the output of bench-native.sh changed?)" >&2
    exit 1
fi
if [[ "$rust_sum" != "$cs_sum" || "$cpp_sum" != "$cs_sum" ]]; then
    echo "error: checksums differ: Rust $rust_sum, C++ $cpp_sum, C# $cs_sum" >&2
    exit 1
fi
echo "checksums agree ($cs_sum)"
# Fixed cost of one call: "through the C ABI N ns" (from Rust) and the C# raw and idiomatic calls.
abi_ns=$(echo "$NATIVE" | grep '^fixed cost' | sed -E 's/.*through the C ABI ([0-9.]+) ns.*/\1/')
raw_ns=$(echo "$CSHARP" | grep '^csharp fixed cost' | sed -E 's/.*raw P\/Invoke ([0-9.]+) ns.*/\1/')
array_ns=$(echo "$CSHARP" | grep '^csharp fixed cost' | sed -E 's/.*FindPath\(NavCell\[\]\) ([0-9.]+) ns.*/\1/')
awk -v r="$rust_ms" -v c="$cpp_ms" -v s="$cs_ms" -v abi="$abi_ns" -v raw="$raw_ns" -v arr="$array_ns" 'BEGIN {
    printf "overhead ratio, best passes (C ABI from C++ / Rust direct): %.3f\n", c / r
    printf "overhead ratio, best passes (P/Invoke from C# under Mono / Rust direct): %.3f\n", s / r
    printf "overhead ratio, best passes (P/Invoke from C# under Mono / C ABI from C++): %.3f\n", s / c
    if (abi != "" && raw != "") {
        printf "fixed cost per call: C ABI from Rust %s ns, raw P/Invoke %s ns (+%.0f ns), idiomatic FindPath %s ns (+%.0f ns)\n", abi, raw, raw - abi, arr, arr - abi
    }
}'
