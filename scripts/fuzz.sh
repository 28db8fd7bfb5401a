#!/usr/bin/env bash
# Runs one coverage-guided fuzz campaign: scripts/fuzz.sh TARGET SECONDS [extra libFuzzer args]
#
# Needs nightly Rust and cargo-fuzz (`rustup toolchain install nightly`, `cargo install
# cargo-fuzz`); says so and exits 2 where they are missing. The campaign starts from the
# committed corpus fuzz/corpus/TARGET, works in fuzz/corpus-work/TARGET (ignored by git),
# writes crashes to fuzz/artifacts/TARGET, and at the end merges what it found back into a
# minimized corpus in fuzz/corpus/TARGET (every coverage edge kept, see below). libFuzzer's last status line
# (`#runs cov: N ft: N corp: N/size exec/s: N`) is printed at the end.
#
# One process, in-process (no -jobs: libFuzzer would fork and log to fuzz-N.log), and the
# worktree's own target dir: the machine is shared.
# Targets: movingai_map movingai_scenario scene_json grid_query circle_query mesh_query agent_query
# abi_calls
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:-}"
seconds="${2:-60}"
shift 2 || true
targets=$(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^nav-fuzz$')
if [ -z "$target" ] || ! grep -qx "$target" <<<"$targets"; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer args]; targets:" $targets >&2
    exit 2
fi
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "fuzz.sh: no nightly toolchain (rustup toolchain install nightly): campaign NOT run" >&2
    exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: cargo-fuzz is missing (cargo install cargo-fuzz): campaign NOT run" >&2
    exit 2
fi

tdir="$PWD/target/fuzz"
work="fuzz/corpus-work/$target"
mkdir -p "$work" "fuzz/corpus/$target" "fuzz/artifacts/$target"
cp -n "fuzz/corpus/$target"/* "$work"/ 2>/dev/null || true
log="fuzz/artifacts/$target/campaign.log"
echo "fuzz.sh: $target for ${seconds}s (log: $log)"
status=0
cargo +nightly fuzz run --fuzz-dir fuzz --target-dir "$tdir" "$target" "$work" -- \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "$@" >"$log" 2>&1 || status=$?
grep -E '^#[0-9]+' "$log" | tail -1 || true
grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: $target FAILED (status $status); crash inputs in fuzz/artifacts/$target:" >&2
    grep -E 'panicked at|ERROR: libFuzzer|SUMMARY' "$log" | head -5 >&2 || true
    exit "$status"
fi
# Minimize for the repository: the smallest files that keep every coverage edge reached
# (libFuzzer merge without hit counters, so `cov` is kept whole and the corpus stays small;
# the full working corpus, which also keeps counter features (`ft`), stays in corpus-work).
rm -rf "fuzz/corpus/$target.new"
mkdir -p "fuzz/corpus/$target.new"
cargo +nightly fuzz run --fuzz-dir fuzz --target-dir "$tdir" "$target" "fuzz/corpus/$target.new" "$work" -- \
    -merge=1 -use_counters=0 -max_len=4096 >"fuzz/artifacts/$target/merge.log" 2>&1
# Regression inputs (crashes once found, then fixed) stay whatever their coverage.
cp fuzz/corpus/"$target"/regression-* "fuzz/corpus/$target.new"/ 2>/dev/null || true
rm -rf "fuzz/corpus/$target"
mv "fuzz/corpus/$target.new" "fuzz/corpus/$target"
echo "fuzz.sh: corpus fuzz/corpus/$target: $(ls "fuzz/corpus/$target" | wc -l) files, $(du -sb "fuzz/corpus/$target" | cut -f1) bytes"
