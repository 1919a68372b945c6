#!/usr/bin/env bash
# Runs `ckschema-check-code` on the evaluation set of public apps (scripts/eval-check-code-apps.tsv: repository,
# commit, schema path) and prints, per app, the uses it lists (`--list-uses`), how many have a known record
# type and key, and its findings. The apps are cloned into WORK (default .build/eval-apps) at the commit listed;
# their code is never copied into this repository. The hand-checked figures are in docs/check-code.md
# ("Accuracy and speed"); this script reproduces the listings they were checked from.
#
# usage: scripts/eval-check-code-apps.sh [TOOL] [WORK]
#   TOOL  a ckschema-check-code binary (default: builds and uses .build/release/ckschema-check-code)
# EVAL_APPS_FROM: a folder of local copies to clone from instead of GitHub, one git repository per app named
#   owner+name (a bare repository, or one with the git directory in owner+name/repo).
set -euo pipefail

cd "$(dirname "$0")/.."
# shellcheck source=scripts/eval-apps-checkout.sh
source scripts/eval-apps-checkout.sh
list="$PWD/scripts/eval-check-code-apps.tsv"
tool="${1:-}"
work="${2:-.build/eval-apps}"
if [[ -z "$tool" ]]; then
    swift build -c release --product ckschema-check-code >/dev/null
    tool="$PWD/.build/release/ckschema-check-code"
fi
mkdir -p "$work"

grep -v '^#' "$list" | while IFS=$'\t' read -r repo commit schema; do
    folder=$(checkout_app "$repo" "$commit" "$work")
    uses="$work/${repo//\//+}.uses"
    (cd "$folder" && "$tool" . --schema "$schema" --list-uses) > "$uses" 2>/dev/null || true
    # Exit status 1 means findings: only a run that printed no JSON could not run.
    findings=$(cd "$folder" && { "$tool" . --schema "$schema" --format json 2>/dev/null || true; } \
        | python3 -c 'import json, sys, collections
d = json.load(sys.stdin)
print(dict(collections.Counter(x["id"] for x in d.get("diagnostics", []))))' || echo "could not run")
    total=$(wc -l < "$uses")
    known=$(grep -vc '?' "$uses" || true)
    printf '%s @ %s: %s uses listed, %s with type and key known; %s\n' "$repo" "${commit:0:10}" "$total" "$known" "$findings"
done
