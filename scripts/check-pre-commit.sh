#!/usr/bin/env bash
# Runs ckschema's pre-commit hooks with `pre-commit try-repo` and `git commit` in a temporary repository (see
# check_pre_commit.py). The hook builds ckschema twice (a debug build of one product): try-repo clones the hooks
# into a throwaway store, the pinned configuration into PRE_COMMIT_HOME (.build/pre-commit-home). A checkout with
# uncommitted changes is tried as a snapshot commit of its working tree, which the configuration can pin.
# Usage: scripts/check-pre-commit.sh [path/to/ckschema]   (the binary that generates the fixture's models)
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-.build/debug/ckschema}"
tools=$(scripts/install-ci-tools.sh)
export PATH="$tools:$PATH"
export PRE_COMMIT_HOME="$PWD/.build/pre-commit-home"

pre-commit validate-manifest .pre-commit-hooks.yaml
documented=$(mktemp -d)
python scripts/extract_yaml_blocks.py repos "$documented" README.md docs/*.md > "$documented.list"
xargs pre-commit validate-config < "$documented.list"
echo "pre-commit: manifest and $(wc -l < "$documented.list") documented configurations are valid"
rm -rf "$documented" "$documented.list"

hooks=$PWD
if [[ -n "$(git status --porcelain)" ]]; then
    hooks=$(mktemp -d)
    trap 'rm -rf "$hooks"' EXIT
    git ls-files -z --cached --others --exclude-standard | xargs -0 cp -P --parents -t "$hooks"
    (cd "$hooks" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@example.com commit -qm snapshot)
    echo "note: uncommitted changes; trying a snapshot of the working tree at $hooks"
fi
python scripts/check_pre_commit.py "$hooks" "$binary"
