#!/usr/bin/env bash
# Makes the programs some tests run available (each test that needs one is skipped without it):
#   node     the cktool-js backend's tests (CKTool JS needs 18+)
#   PyYAML   python3's YAML 1.1 reader, which the YAML printer's quoting is checked against
#   mcp      the official MCP Python SDK, the client scripts/check-mcp.sh drives ckschema-mcp with (from PyPI
#            with pip, as no system package has it)
# When one is missing and this runs as root with apt-get, installs the system's package (nodejs,
# python3-yaml). Anywhere else it changes nothing and says so. Prints what it found.
# Usage: scripts/install-test-tools.sh   (called near the top of .ci/run)
set -euo pipefail

missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
python3 -c "import yaml" >/dev/null 2>&1 || missing+=(python3-yaml)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "note: ${missing[*]} not installed and cannot be installed here (not root, or no apt-get); the tests that need them are skipped"
    fi
fi

if ! python3 -c "import mcp" >/dev/null 2>&1; then
    if python3 -m pip --version >/dev/null 2>&1; then
        python3 -m pip install -q "mcp>=2.3" >/dev/null 2>&1 || echo "note: pip could not install mcp; scripts/check-mcp.sh fails without it"
    else
        echo "note: mcp not installed and pip is missing; scripts/check-mcp.sh fails without it"
    fi
fi

if command -v node >/dev/null 2>&1; then
    version=$(node --version)
    echo "node $version"
    major=${version#v}
    major=${major%%.*}
    if [ "$major" -lt 18 ]; then
        echo "warning: node $version is older than 18, which CKTool JS needs; the cktool-js tests that run node are skipped" >&2
    fi
fi
if python3 -c "import yaml" >/dev/null 2>&1; then
    echo "PyYAML $(python3 -c 'import yaml; print(yaml.__version__)')"
fi
if python3 -c "import mcp" >/dev/null 2>&1; then
    echo "mcp $(python3 -c 'import importlib.metadata as m; print(m.version("mcp"))')"
fi
