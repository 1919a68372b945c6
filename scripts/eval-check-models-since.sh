#!/usr/bin/env bash
# Runs `ckschema check-models --since` on the evaluation set of model changes in public apps
# (scripts/eval-check-models-since.tsv: repository, commit, shipped revision, model paths) and prints, per
# row, the evolution findings (the `model_*` rules that judge a change since the shipped revision), one a line:
# rule, severity, subject and message. A shipped revision of `-` runs `--all-versions` instead (the versions
# inside an .xcdatamodeld, or SwiftData VersionedSchemas, when the history holds no earlier state). The apps are
# cloned into WORK (default .build/eval-model-apps) at the commit listed; their code is never copied into this
# repository. The hand-checked verdicts are in docs/models.md ("Evaluation on real history"); this script
# reproduces the findings they were checked from.
#
# usage: scripts/eval-check-models-since.sh [CKSCHEMA] [WORK]
#   CKSCHEMA  a ckschema binary with ckschema-check-code beside it (default: builds both in .build/release)
# EVAL_APPS_FROM: a folder of local copies to clone from instead of GitHub (scripts/eval-apps-checkout.sh).
# EVAL_LIST: another list in the same form (a subset to rerun).
set -euo pipefail

cd "$(dirname "$0")/.."
# shellcheck source=scripts/eval-apps-checkout.sh
source scripts/eval-apps-checkout.sh
list="${EVAL_LIST:-$PWD/scripts/eval-check-models-since.tsv}"
tool="${1:-}"
work="${2:-.build/eval-model-apps}"
if [[ -z "$tool" ]]; then
    swift build -c release --product ckschema >/dev/null
    swift build -c release --product ckschema-check-code >/dev/null
    tool="$PWD/.build/release/ckschema"
fi
mkdir -p "$work"
work="$(cd "$work" && pwd)"
tool="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"   # the runs are made from each app's root

# The rules that judge a change since a shipped revision (or between two versions).
evolution='model_entity_renamed model_property_renamed model_many_to_many_renamed model_renamed_without_identifier
model_field_type_changed model_attribute_type_changed model_attribute_default_dropped model_attribute_made_required
model_relationship_made_required model_inverse_removed model_entity_removed model_property_removed
model_cardinality_changed model_encryption_changed model_transformer_changed model_versioned_schema_removed
model_versioned_schema_edited model_versioned_schema_duplicate model_custom_migration'

grep -v '^#' "$list" | while IFS=$'\t' read -r repo commit shipped paths; do
    git -C "$work/${repo//\//+}" clean --quiet -fdx 2>/dev/null || true
    folder=$(checkout_app "$repo" "$commit" "$work")
    # Shipped revisions are written relative to the commit (`COMMIT~1`), or as a commit of their own.
    if [[ "$shipped" == "-" ]]; then compare=(--all-versions)
    else compare=(--since "${shipped//COMMIT/$commit}"); fi
    read -r -a model_paths <<< "$paths"
    # The rollout findings (the app's production snapshot is not here) are left out: only the evolution rules are
    # evaluated.
    printf '### %s @ %s (%s)\n' "$repo" "${commit:0:10}" "${compare[*]}"
    errors="$work/${repo//\//+}.stderr"
    (cd "$folder" && { "$tool" check-models "${model_paths[@]}" "${compare[@]}" --format json 2>"$errors" || true; }) \
        | EVOLUTION="$evolution" ERRORS="$errors" python3 -c 'import json, os, sys
rules = set(os.environ["EVOLUTION"].split())
text = sys.stdin.read()
if not text.strip():
    lines = [l for l in open(os.environ["ERRORS"]) if "error" in l]
    print("could not run: " + (lines[0].strip() if lines else "no output")); sys.exit()
found = [d for d in json.loads(text).get("diagnostics", []) if d["id"] in rules]
for d in found:
    print("\t".join([d["id"], d["severity"], d.get("subject") or "-", d["message"]]))
if not found:
    print("(no evolution findings)")'
done
