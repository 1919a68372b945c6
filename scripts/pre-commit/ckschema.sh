#!/usr/bin/env bash
# The entry of ckschema's pre-commit hooks (.pre-commit-hooks.yaml): runs `ckschema ARGS…` in the repository
# being committed to, with the ckschema of the hook's own checkout (the `rev` in .pre-commit-config.yaml).
#
# pre-commit clones that revision once into its cache; the first run builds the `ckschema` product there (only
# that product, so no benchmark, fuzzer or swift-syntax is compiled) and later runs reuse the binary, which
# cannot go stale because the clone never changes. It is a debug build: it compiles in less than half the time
# of a release build, and a hook's work stays small (linting a real 428-line exported schema takes 0.07 s in
# debug, 0.02 s in release).
set -euo pipefail

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
binary="$checkout/.build/debug/ckschema"
# check-models reads SwiftData models through ckschema-check-code (swift-syntax: minutes to build, once).
products=(ckschema)
needed=("$binary")
if [[ "${1:-}" == check-models ]]; then
    products+=(ckschema-check-code)
    needed+=("$checkout/.build/debug/ckschema-check-code")
fi

missing=false
for file in "${needed[@]}"; do [[ -x "$file" ]] || missing=true; done
if [[ "$missing" == true ]]; then
    if ! command -v swift >/dev/null 2>&1; then
        echo "ckschema: the hook builds ckschema from source and needs a Swift 6 toolchain on PATH" >&2
        exit 2
    fi
    echo "ckschema: building once for pre-commit (swift build --product ${products[*]})…" >&2
    log=$(mktemp)
    # One product a build: given twice, `--product` builds only the last one.
    for product in "${products[@]}"; do
        if ! swift build --package-path "$checkout" --product "$product" > "$log" 2>&1; then
            cat "$log" >&2
            rm -f "$log"
            echo "ckschema: the build failed; see above" >&2
            exit 2
        fi
    done
    rm -f "$log"
fi
exec "$binary" "$@"
