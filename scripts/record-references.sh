#!/usr/bin/env bash
# Re-records the generators' golden files (Tests/CKSchemaCodegenTests/ReferenceSources).
#
# CKSchemaGeneratedCodeTests compiles the Swift references, so a generator change that breaks them would stop
# the test bundle from building and the references could never be re-recorded. This script sets that target's
# sources aside for the recording run and restores them afterwards, whatever happens.
# Review every rewritten file (git diff) before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."

target=Tests/CKSchemaGeneratedCodeTests
aside=$(mktemp -d)
restore() {
    rm -rf "$target"
    mv "$aside/sources" "$target"
    rmdir "$aside"
}
mv "$target" "$aside/sources"
trap restore EXIT
mkdir -p "$target"
echo '// Placeholder while references are re-recorded.' > "$target/Placeholder.swift"

swift build --build-tests
RECORD_SNAPSHOTS=1 swift test --skip-build --filter ReferenceTests || true
echo "Recorded. Review the changes with: git diff -- Tests/CKSchemaCodegenTests/ReferenceSources"
