#!/usr/bin/env bash
# The entry of ckschema's pre-commit hooks (.pre-commit-hooks.yaml): runs `ckschema ARGS…` in the repository
# being committed to, with the ckschema of the hook's own checkout (the `rev` in .pre-commit-config.yaml).
#
# pre-commit clones that revision once into its cache; the first run builds the `ckschema` product there in
# release mode (only that product, so no benchmark, fuzzer or swift-syntax is compiled) and later runs reuse
# the binary, which cannot go stale because the clone never changes.
set -euo pipefail

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
binary="$checkout/.build/release/ckschema"

if [[ ! -x "$binary" ]]; then
    if ! command -v swift >/dev/null 2>&1; then
        echo "ckschema: the hook builds ckschema from source and needs a Swift 6 toolchain on PATH" >&2
        exit 2
    fi
    echo "ckschema: building ckschema once for pre-commit (swift build -c release --product ckschema)…" >&2
    log=$(mktemp)
    if ! swift build -c release --package-path "$checkout" --product ckschema > "$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "ckschema: the build failed; see above" >&2
        exit 2
    fi
    rm -f "$log"
fi
exec "$binary" "$@"
