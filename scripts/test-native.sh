#!/usr/bin/env bash
# Builds libnav (the C ABI: code in nav-ffi, library built by package nav-native), then compiles and runs against it:
#   - the C test (gcc -std=c99 -Wall -Wextra -Werror -pedantic),
#   - the C++ example and test (g++ -std=c++17 -Wall -Wextra -Werror),
#   - the C++ test again under valgrind: no error and no definite or indirect leak allowed,
#   - the C and C++ examples of docs/c-abi.md, docs/cpp.md and README.md (compiled; the C one run).
# Exits non-zero on any failure. Called by scripts/test.sh; runs on its own too.
#
# Environment: NAV_NATIVE_PROFILE (cargo profile of the library, default "test": its
# dependencies are already built by `cargo test`, so only the library is linked here),
# NAV_SKIP_VALGRIND=1 to skip the valgrind run where valgrind is not available.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

# shellcheck source=scripts/lib/install.sh
source "$ROOT/scripts/lib/install.sh"

# need COMMAND PACKAGE: installs PACKAGE when COMMAND is missing.
need() {
    command -v "$1" >/dev/null 2>&1 || apt_install "$2"
}
need gcc gcc
need g++ g++
if [[ "${NAV_SKIP_VALGRIND:-0}" != 1 ]]; then
    need valgrind valgrind
fi

PROFILE=${NAV_NATIVE_PROFILE:-test}
case "$PROFILE" in
    dev | test) LIBDIR="$ROOT/target/debug" ;;
    *) LIBDIR="$ROOT/target/$PROFILE" ;;
esac

step "cargo build -p nav-native --profile $PROFILE"
cargo build --quiet -p nav-native --profile "$PROFILE"
if [[ ! -f "$LIBDIR/libnav.so" ]]; then
    echo "error: $LIBDIR/libnav.so was not built" >&2
    exit 1
fi

OUT="$ROOT/target/native"
mkdir -p "$OUT"
INCLUDES=(-I "$ROOT/ffi/include" -I "$ROOT/bindings/cpp/include")
LINK=(-L "$LIBDIR" -lnav -Wl,-rpath,"$LIBDIR")

step "C test (gcc -std=c99 -Wall -Wextra -Werror -pedantic)"
gcc -std=c99 -Wall -Wextra -Werror -pedantic "${INCLUDES[@]}" bindings/c/test_nav.c -o "$OUT/test_nav_c" \
    "${LINK[@]}" -lm
"$OUT/test_nav_c"

step "C test of the flow fields, the nearest-goal searches and nav_query_slice_state"
gcc -std=c99 -Wall -Wextra -Werror -pedantic "${INCLUDES[@]}" bindings/c/test_flow.c -o "$OUT/test_flow_c" \
    "${LINK[@]}" -lm
"$OUT/test_flow_c"

step "C test of nav_live_handles and nav_set_wait_timeout"
gcc -std=c99 -Wall -Wextra -Werror -pedantic "${INCLUDES[@]}" bindings/c/test_live_handles.c -o "$OUT/test_live_handles" "${LINK[@]}"
"$OUT/test_live_handles"

step "C++ example and test (g++ -std=c++17 -Wall -Wextra -Werror)"
CXXFLAGS=(-std=c++17 -Wall -Wextra -Werror -pthread -g)
g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" bindings/cpp/examples/find_path.cpp -o "$OUT/find_path" "${LINK[@]}"
g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" bindings/cpp/tests/test_nav.cpp -o "$OUT/test_nav_cpp" "${LINK[@]}"
"$OUT/find_path" >/dev/null
"$OUT/test_nav_cpp"
g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" bindings/cpp/tests/test_slice.cpp -o "$OUT/test_slice_cpp" "${LINK[@]}"
"$OUT/test_slice_cpp"
g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" bindings/cpp/tests/test_flow.cpp -o "$OUT/test_flow_cpp" "${LINK[@]}"
"$OUT/test_flow_cpp"
g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" bindings/cpp/tests/test_nearest.cpp -o "$OUT/test_nearest_cpp" "${LINK[@]}"
"$OUT/test_nearest_cpp"
# 3 reader threads and 1 writer on a grid, a world and a circle world: in place (with and
# without a wait timeout) and clone-and-swap checked against a sequential replay.
g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" bindings/cpp/tests/stress_threads.cpp -o "$OUT/stress_threads" "${LINK[@]}"
"$OUT/stress_threads" 0.3 - 2000  # a wait far above one query: no flake on a loaded machine

step "the C and C++ examples of the docs compile (and the C one runs)"
# first_block LANG FILE: the first fenced block of that language in a Markdown file.
first_block() {
    awk -v lang="$1" '$0 == "```" lang { n++; inside = (n == 1); next } /^```$/ { inside = 0 } inside' "$2"
}
first_block c docs/c-abi.md >"$OUT/doc_c_abi.c"
gcc -std=c99 -Wall -Wextra -Werror -pedantic "${INCLUDES[@]}" "$OUT/doc_c_abi.c" -o "$OUT/doc_c_abi" "${LINK[@]}"
"$OUT/doc_c_abi" | grep -q '^cost 5.00 over 6 cells$' || {
    echo "error: the C example of docs/c-abi.md no longer prints what its comment says" >&2
    exit 1
}
for doc in docs/cpp.md README.md; do
    first_block cpp "$doc" >"$OUT/doc_example.cpp"
    [[ -s "$OUT/doc_example.cpp" ]] || { echo "error: $doc has no cpp example" >&2; exit 1; }
    g++ "${CXXFLAGS[@]}" "${INCLUDES[@]}" "$OUT/doc_example.cpp" -o "$OUT/doc_example" "${LINK[@]}"
    echo "ok: the C++ example of $doc compiles"
done

if [[ "${NAV_SKIP_VALGRIND:-0}" == 1 ]]; then
    echo "skipping valgrind (NAV_SKIP_VALGRIND=1)"
else
    step "C++ test under valgrind (no errors, no definite or indirect leaks)"
    # "Possibly lost" and "still reachable" blocks are the worker pool's threads, which live as
    # long as the process; what a test leaks shows up as definite or indirect.
    valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect "$OUT/test_nav_cpp"
    valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect "$OUT/test_flow_cpp"
    valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect "$OUT/test_nearest_cpp"

    step "valgrind sees a leaked handle (a canary that must fail the same check)"
    gcc -std=c99 -Wall -Wextra -Werror "${INCLUDES[@]}" bindings/c/leak_canary.c -o "$OUT/leak_canary" "${LINK[@]}"
    if valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        "$OUT/leak_canary" >/dev/null 2>&1; then
        echo "error: valgrind did not report the canary's leaked handles" >&2
        exit 1
    fi
    echo "ok: the leaked handles were reported"
fi

echo
echo "Native tests passed."
