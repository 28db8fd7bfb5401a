#!/usr/bin/env bash
# Cross-builds nav.dll for Windows x64 (target x86_64-pc-windows-gnu, MinGW-w64 linker), checks
# that it exports exactly the functions of ffi/include/nav.h, then compiles the C tests and the
# C++ tests (those scripts/test-native.sh runs, but the thread stress) against it with
# MinGW-w64 and runs them under Wine.
#
# Not part of scripts/test.sh (Wine and MinGW are large installs); run it by hand:
#   ./scripts/test-windows.sh
# Installs what it needs when missing (rustup target, MinGW-w64 gcc/g++, Wine) with rustup and
# apt-get. The Wine prefix and every build product go under target/windows.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET=x86_64-pc-windows-gnu

# shellcheck source=scripts/lib/install.sh
source "$ROOT/scripts/lib/install.sh"

if ! rustup target list --installed | grep -qx "$TARGET"; then
    step "rustup target add $TARGET"
    rustup target add "$TARGET"
fi
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || apt_install --no-install-recommends gcc-mingw-w64-x86-64
command -v x86_64-w64-mingw32-g++-posix >/dev/null 2>&1 || apt_install --no-install-recommends g++-mingw-w64-x86-64
command -v wine >/dev/null 2>&1 || apt_install --no-install-recommends wine wine64

OUT="$ROOT/target/windows"
mkdir -p "$OUT"
LIBDIR="$ROOT/target/$TARGET/release"

step "cargo build --release -p nav-native --target $TARGET"
CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
    cargo build --quiet --release -p nav-native --target "$TARGET"

step "nav.dll exports exactly the functions of nav.h"
x86_64-w64-mingw32-objdump -p "$LIBDIR/nav.dll" | grep -oE '\] nav_[A-Za-z0-9_]+' | sed 's/^] //' | sort >"$OUT/exports.txt"
grep -oE '^[A-Za-z].*[ *](nav_[A-Za-z0-9_]+)\(' ffi/include/nav.h | grep -oE 'nav_[A-Za-z0-9_]+\($' | tr -d '(' | sort >"$OUT/header.txt"
if ! diff -u "$OUT/header.txt" "$OUT/exports.txt"; then
    echo "error: nav.dll exports differ from nav.h (- header, + dll)" >&2
    exit 1
fi
echo "$(wc -l <"$OUT/exports.txt") functions"

step "C and C++ tests (MinGW-w64, -Werror)"
cp "$LIBDIR/nav.dll" "$OUT/"
x86_64-w64-mingw32-gcc -shared -O2 scripts/wine/bcryptprimitives.c -o "$OUT/bcryptprimitives.dll" -ladvapi32
INCLUDES=(-I "$ROOT/ffi/include" -I "$ROOT/bindings/cpp/include")
C_TESTS=(test_nav test_flow test_live_handles)
CPP_TESTS=(test_nav test_slice test_flow test_nearest)
for t in "${C_TESTS[@]}"; do
    x86_64-w64-mingw32-gcc -std=c99 -Wall -Wextra -Werror -pedantic "${INCLUDES[@]}" \
        "bindings/c/$t.c" "$LIBDIR/libnav.dll.a" -o "$OUT/${t}_c.exe"
done
for t in "${CPP_TESTS[@]}"; do
    x86_64-w64-mingw32-g++-posix -std=c++17 -Wall -Wextra -Werror "${INCLUDES[@]}" \
        "bindings/cpp/tests/$t.cpp" "$LIBDIR/libnav.dll.a" -static -o "$OUT/${t}_cpp.exe"
done

export WINEPREFIX="$OUT/wineprefix" WINEDEBUG=-all
for t in "${C_TESTS[@]}"; do
    step "wine ${t}_c.exe"
    (cd "$OUT" && wine "./${t}_c.exe")
done
for t in "${CPP_TESTS[@]}"; do
    step "wine ${t}_cpp.exe"
    (cd "$OUT" && wine "./${t}_cpp.exe")
done

echo
echo "Windows tests passed (nav.dll built for $TARGET, run under $(wine --version))."
