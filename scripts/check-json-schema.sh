#!/usr/bin/env bash
# Validates docs/ckschema.schema.json with a real JSON Schema validator: every YAML schema in schemas/ and
# every YAML example of every lint rule must pass, and a set of invalid documents must fail.
# Installs jsonschema and ruamel.yaml (a YAML 1.2 reader, as yaml-language-server uses) from PyPI into a venv
# under .build/ the first time. Usage: scripts/check-json-schema.sh [path/to/ckschema]
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-.build/debug/ckschema}"
venv=.build/json-schema-venv
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import jsonschema, ruamel.yaml" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "jsonschema==4.*" "ruamel.yaml==0.18.*"
fi
"$binary" rules --format json > "$venv/rules.json"
"$venv/bin/python" scripts/check_json_schema.py docs/ckschema.schema.json schemas "$venv/rules.json"
