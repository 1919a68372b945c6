#!/usr/bin/env bash
# Makes `node` available for the cktool-js backend's tests (they are skipped without it): when node is missing
# and this runs as root with apt-get, installs the system's nodejs package. Anywhere else it changes nothing and
# says so. Prints node's version when there is one; warns when it is older than 18 (CKTool JS needs 18+).
# Usage: scripts/install-node.sh   (called near the top of .ci/run)
set -euo pipefail

if ! command -v node >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null
    else
        echo "note: node is not installed and cannot be installed here (not root, or no apt-get); the cktool-js tests are skipped"
        exit 0
    fi
fi
version=$(node --version)
echo "node $version"
major=${version#v}
major=${major%%.*}
if [ "$major" -lt 18 ]; then
    echo "warning: node $version is older than 18, which CKTool JS needs; the cktool-js tests that run node are skipped" >&2
fi
