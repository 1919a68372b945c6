#!/usr/bin/env bash
# ckschema-mcp through a client this project did not write, the official MCP Python SDK (`pip install mcp`,
# scripts/install-test-tools.sh): every tool on the example project and on broken inputs, each result checked
# against `ckschema … --format json` for the same input; prints the latency of a call. Fails when a check does.
# Usage: scripts/check-mcp.sh [--transcript FILE]   (run from .ci/run after the tests)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c "import mcp" >/dev/null 2>&1; then
    echo "error: the MCP Python SDK is not installed (pip install mcp; scripts/install-test-tools.sh)" >&2
    exit 1
fi
swift build --product ckschema 2>&1 | tail -1
# The server needs the package trait that brings the MCP SDK; built in a scratch folder of its own, so that the
# main build (without the trait) is not rebuilt with it, and back, by the steps around this one.
swift build --product ckschema-mcp --traits MCP --scratch-path .build-mcp 2>&1 | tail -1
# check_code and check_models run ckschema and ckschema-check-code, which are not beside this server: on PATH.
PATH="$PWD/.build/debug:$PATH" python3 scripts/check-mcp.py .build/debug/ckschema .build-mcp/debug/ckschema-mcp "$@"
