#!/usr/bin/env bash
# The browser test of `nav serve` (tests/browser/serve.test.mjs): starts the server, drives the
# page in a real headless Chromium with playwright-core and compares what it shows with
# `nav path --json`. Installs what is missing: Debian's chromium (and node/npm) with apt-get,
# playwright-core (pinned in tests/browser/package-lock.json) into target/browser-deps.
# --screenshot writes the page's picture to docs/serve.png (otherwise to a temporary file).
# Called by scripts/test.sh; works from a fresh clone (CI=true included).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
DEPS="$ROOT/target/browser-deps"

apt_install() {
    if ! command -v apt-get >/dev/null; then
        echo "error: $* missing and no apt-get to install it" >&2
        exit 1
    fi
    echo "installing $* (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

[[ -x "$CHROMIUM" ]] || apt_install chromium
if [[ ! -x "$CHROMIUM" ]]; then
    echo "error: no Chromium at $CHROMIUM (set CHROMIUM to the browser's path)" >&2
    exit 1
fi
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm

if ! cmp -s tests/browser/package-lock.json "$DEPS/package-lock.json" ||
    [[ ! -f "$DEPS/node_modules/playwright-core/package.json" ]]; then
    echo "installing playwright-core into $DEPS (npm ci)"
    mkdir -p "$DEPS"
    cp tests/browser/package.json tests/browser/package-lock.json "$DEPS/"
    (cd "$DEPS" && npm ci --no-audit --no-fund --loglevel=error)
fi

# The test profile, as the other scripts: `cargo test` has built its dependencies already.
cargo build --quiet -p nav-cli --profile test
export NAV_BIN="$ROOT/target/debug/nav" NAV_BROWSER_DEPS="$DEPS" CHROMIUM
if [[ "${1:-}" == "--screenshot" ]]; then
    export NAV_SCREENSHOT="$ROOT/docs/serve.png"
fi
node --test tests/browser/serve.test.mjs
