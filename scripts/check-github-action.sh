#!/usr/bin/env bash
# Runs the GitHub Action (action.yml) locally on small projects, with the runner's GITHUB_* files pointing to
# temporary files, and checks outputs, annotations, the job summary, exit statuses and the cache: the first
# scenario builds ckschema in release mode as the action does on a cache miss (into .build/release), the
# others restore it as a second run would. Also runs shellcheck on the action's scripts.
# Usage: scripts/check-github-action.sh
set -euo pipefail
cd "$(dirname "$0")/.."

tools=$(scripts/install-ci-tools.sh)
"$tools/shellcheck" --shell=bash --external-sources --source-path=SCRIPTDIR scripts/github-action/*.sh
"$tools/python" scripts/check_github_action.py
