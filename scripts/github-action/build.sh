#!/usr/bin/env bash
# The GitHub Action's build step. When the install folder (restored by actions/cache) lacks a product, builds
# the products in release mode from the action's own checkout and installs them there; otherwise builds
# nothing. Then puts the folder on PATH for the job's later steps.
#
# Reads: GITHUB_ACTION_PATH (the action's checkout), CKSCHEMA_INSTALL_DIR, CKSCHEMA_PRODUCTS (from key.sh),
# GITHUB_OUTPUT, GITHUB_PATH. Writes to GITHUB_OUTPUT: bin-path, built (true when it compiled).
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

source_root=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH (the checkout of the action) is not set}
install_dir=${CKSCHEMA_INSTALL_DIR:?CKSCHEMA_INSTALL_DIR is not set}
read -r -a products <<< "${CKSCHEMA_PRODUCTS:?CKSCHEMA_PRODUCTS is not set}"

missing=()
for product in "${products[@]}"; do
    [[ -x "$install_dir/$product" ]] || missing+=("$product")
done

built=false
if [[ ${#missing[@]} -gt 0 ]]; then
    if ! command -v swift >/dev/null 2>&1; then
        echo "::error title=ckschema action::no Swift toolchain on this runner: ckschema is built from source on the first run (use a runner with Swift 6, or set it up before this step)"
        exit 2
    fi
    echo "::group::Building ${products[*]} (release); later runs restore it from the cache"
    for product in "${products[@]}"; do
        if ! swift build -c release --package-path "$source_root" --product "$product"; then
            echo "::endgroup::"
            echo "::error title=ckschema action::'swift build -c release --product $product' failed; see the log above"
            exit 2
        fi
    done
    bin=$(swift build -c release --package-path "$source_root" --show-bin-path)
    echo "::endgroup::"
    # Install atomically: a half-copied folder must never be cached or found by a later step.
    mkdir -p "$(dirname "$install_dir")"
    staging=$(mktemp -d "$install_dir.staging.XXXXXX")
    for product in "${products[@]}"; do
        cp "$bin/$product" "$staging/$product"
    done
    rm -rf "$install_dir"
    mv "$staging" "$install_dir"
    built=true
fi

echo "ckschema $("$install_dir/ckschema" --version) in $install_dir ($([[ $built == true ]] && echo "built now" || echo "from the cache"))"
echo "bin-path=$install_dir" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
echo "built=$built" >> "$GITHUB_OUTPUT"
echo "$install_dir" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
