#!/usr/bin/env bash
# Checks the artifact bundle end to end: makes it (scripts/make-artifactbundle.sh) into
# IntegrationTest/PrebuiltBinary, checks its info.json and that its ckschema runs without a Swift toolchain,
# then builds and tests that package, whose build plugin must run the prebuilt ckschema and compile none of
# ckschema's sources.
# Usage: scripts/check-artifactbundle.sh
set -euo pipefail
cd "$(dirname "$0")/.."

package=IntegrationTest/PrebuiltBinary
scripts/make-artifactbundle.sh --output "$package"

python3 - "$package/ckschema.artifactbundle" "$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)" <<'PY'
import json, os, sys
bundle, triple = sys.argv[1], sys.argv[2]
info = json.load(open(os.path.join(bundle, "info.json")))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["ckschema"]
assert artifact["type"] == "executable", artifact
variant, = artifact["variants"]
assert triple in variant["supportedTriples"], (triple, variant)
path = os.path.join(bundle, variant["path"])
assert os.access(path, os.X_OK), path
print(f"info.json: ckschema {artifact['version']} at {variant['path']} for {variant['supportedTriples']}")
PY

binary=$(find "$package/ckschema.artifactbundle" -path '*/bin/ckschema')
if [[ "$(uname -s)" == Linux ]] && ldd "$binary" | grep -q swift; then
    echo "the bundled ckschema links Swift libraries dynamically:" >&2
    ldd "$binary" >&2
    exit 1
fi
[[ "$(env -i "$binary" --version)" == "$("$binary" --version)" ]]
env -i "$binary" lint schemas >/dev/null

rm -rf "$package/.build"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$package" && swift build --build-tests 2>&1 | tee "$log")
grep -q "Generating CloudKit models for JournalModels" "$log" || { echo "the build plugin did not run" >&2; exit 1; }
if grep -E "Compiling (CKSchema|ckschema|CLibYAML|ArgumentParser)" "$log"; then
    echo "ckschema sources were compiled; the prebuilt binary was not used" >&2
    exit 1
fi
(cd "$package" && swift test)
