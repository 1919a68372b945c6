#!/usr/bin/env bash
# The GitHub Action's CKTool JS step (input install-cktool-js): installs Apple's CKTool JS packages, which the
# cktool-js backend loads, into node_modules of CKSCHEMA_NODE_PACKAGES (the folder ckschema.yaml's
# cloudkit.nodePackages names; default: the working directory). CKTOOL_JS_VERSION pins both packages (default
# latest). Needs Node.js 18 or later on PATH (the action's setup-node step). Exit 2 when it cannot install.
set -euo pipefail

folder="${CKSCHEMA_NODE_PACKAGES:-.}"
version="${CKTOOL_JS_VERSION:-latest}"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "::error title=ckschema::CKTool JS needs Node.js 18 or later with npm on PATH"
    exit 2
fi
node_version=$(node --version)
major=${node_version#v}
major=${major%%.*}
if [ "$major" -lt 18 ]; then
    echo "::error title=ckschema::CKTool JS needs Node.js 18 or later; node is $node_version"
    exit 2
fi

mkdir -p "$folder"
cd "$folder"
echo "installing CKTool JS $version into $(pwd)/node_modules (node $node_version)"
npm install --no-save --no-audit --no-fund \
    "@apple/cktool.database@$version" "@apple/cktool.target.nodejs@$version"
