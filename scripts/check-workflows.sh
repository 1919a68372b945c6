#!/usr/bin/env bash
# Checks the GitHub Action and the documented workflows with GitHub's JSON Schemas and actionlint:
#   action.yml                          against the action metadata schema (check-jsonschema's vendored copy)
#   every workflow in README.md, docs/  against the workflow schema, then actionlint (with ShellCheck on `run:`
#                                       blocks), with `uses: ckschema/ckschema@…` pointed at this checkout's
#                                       action.yml (`uses: ./`) so their inputs and outputs are checked against it
# Installs the tools with scripts/install-ci-tools.sh. Usage: scripts/check-workflows.sh
set -euo pipefail
cd "$(dirname "$0")/.."

tools=$(scripts/install-ci-tools.sh)
export PATH="$tools:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check-jsonschema --builtin-schema vendor.github-actions action.yml

mkdir -p "$work/documented" "$work/repository/.github/workflows"
python scripts/extract_yaml_blocks.py jobs "$work/documented" README.md docs/*.md > "$work/list"
echo "workflows: $(wc -l < "$work/list") documented"
check-jsonschema --builtin-schema vendor.github-workflows "$work"/documented/*.yml

cp action.yml "$work/repository/"
for workflow in "$work"/documented/*.yml; do
    sed -E 's#uses: ckschema/ckschema@[^ ]+#uses: ./#' "$workflow" > "$work/repository/.github/workflows/$(basename "$workflow")"
done
(cd "$work/repository" && git init -q && actionlint -no-color)
echo "actionlint: no problems"
