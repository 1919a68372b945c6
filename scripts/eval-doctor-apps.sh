#!/usr/bin/env bash
# Runs `ckschema doctor` on the evaluation set of public apps (scripts/eval-doctor-apps.tsv: name, repository,
# commit) and prints, per snapshot, every finding as `rule file:line` — the listing docs/doctor-evaluation.md was
# hand-checked from. It never fetches: EVAL_APPS_FROM must name a folder of local copies, one git repository per
# app named owner+name (a bare repository, or one with the git directory in owner+name/repo). The apps are
# checked out into WORK (default .build/eval-doctor-apps); their files are never copied into this repository.
#
# usage: EVAL_APPS_FROM=DIR scripts/eval-doctor-apps.sh [CKSCHEMA] [WORK] > LISTING
#   CKSCHEMA  a ckschema binary, ckschema-check-code beside it (default: .build/debug/ckschema, built if missing)
#        scripts/eval-doctor-apps.sh --score LISTING [EXPECTED]
#   scores the code-practice findings of LISTING against the hand-judged sites of EXPECTED (default
#   scripts/eval-doctor-expected.tsv): per rule TP / FP / FN, precision, recall, and every miss
#   (scripts/score-doctor-eval.py; docs/doctor-evaluation.md, "Recall of the code rules")
set -euo pipefail

if [[ "${1:-}" == "--score" ]]; then
    # Before the cd below, so that relative paths name files where the caller is.
    exec python3 "$(dirname "$0")/score-doctor-eval.py" "${@:2}"
fi
cd "$(dirname "$0")/.."
# shellcheck source=scripts/eval-apps-checkout.sh
source scripts/eval-apps-checkout.sh
list="$PWD/scripts/eval-doctor-apps.tsv"
tool="${1:-$PWD/.build/debug/ckschema}"
work="${2:-.build/eval-doctor-apps}"
if [[ -z "${EVAL_APPS_FROM:-}" ]]; then
    echo "EVAL_APPS_FROM must name the folder of local copies: this script does not fetch" >&2
    exit 2
fi
if [[ ! -x "$tool" ]]; then
    swift build --product ckschema >/dev/null
    swift build --product ckschema-check-code >/dev/null
fi
# Each app is checked from inside its folder: a relative binary path must keep naming the same file.
tool="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"
mkdir -p "$work"

grep -v '^#' "$list" | while IFS=$'\t' read -r name repo commit _; do
    if [[ ! -d "$EVAL_APPS_FROM/${repo//\//+}" ]]; then
        printf '%s: no local copy of %s under %s\n' "$name" "$repo" "$EVAL_APPS_FROM"
        continue
    fi
    folder=$(checkout_app "$repo" "$commit" "$work")
    # Exit status 1 means errors were found: only a run that printed no JSON could not run.
    listing=$(cd "$folder" && { "$tool" doctor . --format json 2>/dev/null || true; } | python3 -c 'import json, sys
for d in json.load(sys.stdin).get("diagnostics", []):
    place = d.get("location") or {}
    print("  %s %s %s:%s" % (d["severity"], d["id"], place.get("file", "-"), place.get("line", "-")))' \
        || echo "  could not run")
    printf '%s (%s @ %s)\n%s\n' "$name" "$repo" "${commit:0:10}" "$listing"
done
