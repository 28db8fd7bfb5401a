#!/usr/bin/env bash
# Checks the prose docs (README.md, CHANGELOG.md, docs/*.md): the README stays a front page
# (at most 12 KB), no internal "seed NNN" labels (docs name techniques and their sources, see
# docs/origins.md), and every relative link points to a file that exists. Their Rust blocks are
# doctests of the facade crate (cargo test -p nav --doc); their C# example is compiled by
# scripts/test-csharp.sh. Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

fail=0
size=$(wc -c <README.md)
if ((size > 12288)); then
    echo "error: README.md is $size bytes; keep it a front page (at most 12 KB) and move details to docs/" >&2
    fail=1
fi

if grep -n -i -E 'seeds? 00[0-9]' README.md CHANGELOG.md docs/*.md; then
    echo "error: internal seed labels above; name the technique and its source (docs/origins.md)" >&2
    fail=1
fi

for doc in README.md CHANGELOG.md docs/*.md; do
    dir=$(dirname "$doc")
    # Links outside fenced code blocks: ](target) with no scheme; the #anchor part is dropped.
    while IFS= read -r target; do
        path=${target%%#*}
        [[ -z "$path" ]] && continue
        if [[ ! -e "$dir/$path" ]]; then
            echo "error: $doc links to $target, which does not exist" >&2
            fail=1
        fi
    done < <(awk '/^```/ { code = !code; next } !code' "$doc" | grep -oE '\]\([^)[:space:]]+\)' |
        sed -E 's/^\]\((.*)\)$/\1/' | grep -vE '^[a-z]+:' || true)
done

if ((fail)); then
    exit 1
fi
echo "docs: README $size bytes, no seed labels, every relative link resolves"
