#!/usr/bin/env bash
# Checks that ckschema's SARIF output is SARIF 2.1.0: the output of `lint`, `validate`, `diff`, `doctor` and `check-code` on findings of
# every kind is loaded with sarif-pydantic's SARIF 2.1.0 model (installed from PyPI into a venv under .build/
# the first time), and any property that model does not know is reported unless SARIF 2.1.0 defines it.
# Usage: scripts/check-sarif.sh [path/to/ckschema]
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-.build/debug/ckschema}"
venv=.build/sarif-venv
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import sarif_pydantic" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "sarif-pydantic==0.6.*"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/schema.yaml" <<'YAML'
recordTypes:
  Post:
    fields:
      photo: { type: asset, indexes: [queryable] }
      "title text": string
    grants: { Editor: [read] }
YAML
printf 'DEFINE SCHEMA\n    RECORD TYPE Post (title BOOLEAN);\n' > "$work/broken.ckdb"
printf '{"recordName":"p","recordType":"Post","fields":{"photo":{"value":3}}}\nnot json\n' > "$work/records.ndjson"
"$binary" lint --format sarif "$work/schema.yaml" > "$work/lint.sarif" || true
"$binary" lint --format sarif "$work/broken.ckdb" > "$work/broken.sarif" || true
"$binary" lint --format sarif schemas > "$work/clean.sarif"
"$binary" validate --format sarif --schema "$work/schema.yaml" "$work/records.ndjson" > "$work/validate.sarif" 2>/dev/null || true
# doctor: an Xcode project with every entitlement mistake.
"$binary" doctor --format sarif --config Tests/CKSchemaAppTests/Fixtures/Misconfigured/ckschema.yaml > "$work/doctor.sarif" || true
# check-code (when ckschema-check-code is built beside ckschema): the example app against production.
if [[ -x "$(dirname "$binary")/ckschema-check-code" ]]; then
    "$binary" check-code --config Examples/CloudJournal/ckschema.yaml --format sarif > "$work/check-code.sarif" || true
fi
"$venv/bin/python" scripts/check_sarif.py "$work"/*.sarif
