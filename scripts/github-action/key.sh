#!/usr/bin/env bash
# The GitHub Action's first step: names the build that the commands need, so that actions/cache can restore it.
#
# The key changes whenever the binaries could differ: the ckschema sources the action was checked out with
# (Package.swift, Package.resolved, Sources/), the Swift toolchain (version and path), the OS and architecture, and
# the products needed (ckschema, plus ckschema-check-code for `check-code`, `check-models` and `doctor`).
#
# Reads: GITHUB_ACTION_PATH (the action's checkout), CKSCHEMA_COMMANDS, RUNNER_TOOL_CACHE / RUNNER_TEMP.
# Writes to GITHUB_OUTPUT: key, install-dir (where the binaries live, cached as a whole), products.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

products=$(products_for "${CKSCHEMA_COMMANDS-lint diff}")
source_root=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH (the checkout of the action) is not set}

sources_digest=$(
    cd "$source_root"
    # Paths never hold newlines here (they are the sources of ckschema), so one per line is safe to sort.
    { ls Package.swift Package.resolved 2>/dev/null; find Sources -type f; } | LC_ALL=C sort | tr '\n' '\0' \
        | xargs -0 "${sha256_command[@]}" | sha256
)
# The toolchain's version and place: on Linux the binary loads the Swift runtime from the toolchain it was
# built with, so another toolchain of the same version elsewhere needs its own build.
toolchain="$(swift --version 2>/dev/null | head -n 1 || true) $(command -v swift || true)"
platform="$(uname -s)-$(uname -m)"
digest=$(printf '%s\n' "$sources_digest" "$toolchain" "$platform" "$products" | sha256 | cut -c1-20)

install_root=${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}}
{
    echo "key=ckschema-$platform-$digest"
    echo "install-dir=$install_root/ckschema/$digest"
    echo "products=$products"
} >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
echo "ckschema build key: ckschema-$platform-$digest (products: $products; toolchain: $toolchain)"
