#!/usr/bin/env bash
# Builds libnav (the C ABI: code in nav-ffi, library built by package nav-native) and the nav CLI, compiles the C# bindings
# (bindings/csharp, a Unity package) with Mono's mcs, and runs their test programs under mono
# against the fresh libnav.so:
#   - Nav.Runtime.dll three times: plain C# (as outside Unity), with UNITY_5_3_OR_NEWER against a
#     stand-in UnityEngine (Tests~/UnityStub), and as the iOS build (UNITY_IOS: "__Internal");
#   - Tests~/NavTests: the imports against nav.h and `nm -D libnav.so`, the package's files,
#     grids, queries, errors, handles, threads, allocation-free warm queries, and results equal
#     to the Rust results of `nav path --json` on the same maps and queries;
#   - Tests~/UnityTests: the Vector3 (XZ plane) conversions, and the package's sample
#     MonoBehaviour (Samples~) driven frame by frame; the C# examples of the package README,
#     docs/unity.md and README.md must compile.
# Installs Mono (mono-mcs, mono-runtime) and binutils (nm) with apt-get when they are missing.
# Exits non-zero on any failure. Called by scripts/test.sh; runs on its own too.
#
# Environment: NAV_NATIVE_PROFILE (cargo profile of libnav and the CLI, default "test", as in
# scripts/test-native.sh), NAV_MOVINGAI_DIR (Moving AI data, default ../shared/data/movingai;
# with CI=true the tests fail when it is missing), NAV_CSHARP_FILTER (run only the tests whose
# name contains this text).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

# shellcheck source=scripts/lib/install.sh
source "$ROOT/scripts/lib/install.sh"

if ! command -v mcs >/dev/null 2>&1 || ! command -v mono >/dev/null 2>&1; then
    apt_install mono-mcs mono-runtime
fi
if ! command -v nm >/dev/null 2>&1; then
    apt_install binutils
fi

PROFILE=${NAV_NATIVE_PROFILE:-test}
case "$PROFILE" in
    dev | test) BINDIR="$ROOT/target/debug" ;;
    *) BINDIR="$ROOT/target/$PROFILE" ;;
esac

step "cargo build -p nav-native -p nav-cli --profile $PROFILE"
cargo build --quiet -p nav-native -p nav-cli --profile "$PROFILE"
for f in libnav.so nav; do
    if [[ ! -f "$BINDIR/$f" ]]; then
        echo "error: $BINDIR/$f was not built" >&2
        exit 1
    fi
done

PKG=bindings/csharp
OUT="$ROOT/target/csharp"
rm -rf "$OUT"
mkdir -p "$OUT/unity" "$OUT/ios" "$OUT/work"
MCS=(mcs -nologo -warnaserror -warn:4)

step "mcs: Nav.Runtime.dll (plain C#, Unity, iOS) and the test programs"
# -doc: every public member documented, every cref resolved (warnings are errors).
"${MCS[@]}" -target:library -unsafe -doc:"$OUT/Nav.Runtime.xml" -out:"$OUT/Nav.Runtime.dll" "$PKG"/Runtime/*.cs
"${MCS[@]}" -target:library -out:"$OUT/unity/UnityEngine.dll" "$PKG/Tests~/UnityStub/UnityEngine.cs"
"${MCS[@]}" -target:library -unsafe -define:UNITY_5_3_OR_NEWER -r:"$OUT/unity/UnityEngine.dll" \
    -doc:"$OUT/unity/Nav.Runtime.xml" -out:"$OUT/unity/Nav.Runtime.dll" "$PKG"/Runtime/*.cs
"${MCS[@]}" -target:library -unsafe -define:UNITY_5_3_OR_NEWER -define:UNITY_IOS -r:"$OUT/unity/UnityEngine.dll" \
    -out:"$OUT/ios/Nav.Runtime.iOS.dll" "$PKG"/Runtime/*.cs
"${MCS[@]}" -unsafe -r:"$OUT/Nav.Runtime.dll" -r:System.Core.dll -out:"$OUT/NavTests.exe" "$PKG"/Tests~/NavTests/*.cs
"${MCS[@]}" -r:"$OUT/unity/Nav.Runtime.dll" -r:"$OUT/unity/UnityEngine.dll" -out:"$OUT/unity/NavUnityTests.exe" \
    "$PKG/Tests~/UnityTests/NavUnityTests.cs" "$PKG"/Samples~/*/*.cs

# The first C# example of the package README, of docs/unity.md and of the front README compiles
# (as a method body whose free variables are parameters: a map TextAsset, two Transforms, level
# and crate bounds, a position).
n_example=0
for doc in "$PKG/README.md" docs/unity.md README.md; do
    n_example=$((n_example + 1))
    awk '/^```csharp$/ { n++; inside = (n == 1); next } /^```$/ { inside = 0 } inside' "$doc" >"$OUT/readme.txt"
    if [[ ! -s "$OUT/readme.txt" ]]; then
        echo "error: $doc has no \`\`\`csharp example" >&2
        exit 1
    fi
    {
        grep -E '^using [A-Za-z.]+;$' "$OUT/readme.txt"
        echo "internal static class ReadmeExample$n_example {"
        echo '    private static void Run(TextAsset mapAsset, Transform unit, Transform target, Bounds levelBounds, Bounds crateBounds, Vector3 boulderPos) {'
        echo '        var crateCollider = new { bounds = crateBounds };'
        grep -vE '^using [A-Za-z.]+;$' "$OUT/readme.txt"
        echo '    }'
        echo '}'
    } >"$OUT/unity/ReadmeExample$n_example.cs"
    mcs -nologo -warnaserror -nowarn:219 -target:library -r:"$OUT/unity/Nav.Runtime.dll" -r:"$OUT/unity/UnityEngine.dll" \
        -out:"$OUT/unity/ReadmeExample$n_example.dll" "$OUT/unity/ReadmeExample$n_example.cs"
    echo "ok   the C# example of $doc compiles"
done

# Mono resolves [DllImport("nav")] to libnav.so, looking next to the assembly first.
cp "$BINDIR/libnav.so" "$OUT/libnav.so"
cp "$BINDIR/libnav.so" "$OUT/unity/libnav.so"
nm -D --defined-only "$OUT/libnav.so" | awk '$3 ~ /^nav_/ { print $3 }' | sort >"$OUT/nav-symbols.txt"

MOVINGAI=${NAV_MOVINGAI_DIR:-$ROOT/../shared/data/movingai}
ARGS=(--header "$ROOT/ffi/include/nav.h" --symbols "$OUT/nav-symbols.txt" --nav-cli "$BINDIR/nav"
    --work "$OUT/work" --package "$ROOT/$PKG" --ios-assembly "$OUT/ios/Nav.Runtime.iOS.dll" --movingai "$MOVINGAI")
if [[ -n "${NAV_CSHARP_FILTER:-}" ]]; then
    ARGS+=(--filter "$NAV_CSHARP_FILTER")
fi

step "mono NavTests.exe"
mono --debug "$OUT/NavTests.exe" "${ARGS[@]}"

step "mono NavUnityTests.exe"
mono --debug "$OUT/unity/NavUnityTests.exe"

echo
echo "C# tests passed."
