#!/usr/bin/env bash
# Fuzzes the YAML or .ckdb parser (and the linter and printers behind it), or the record reader (and every record
# check), with libFuzzer and AddressSanitizer.
# Usage: scripts/fuzz.sh yaml|ckdb|records [SECONDS] [more libFuzzer options]
# Builds .build/fuzz/release/ckschema-fuzz once (about 3 minutes), keeps the growing corpus in
# .build/fuzz-corpus/<language> and writes crashing inputs to .build/fuzz-artifacts/. See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

language="${1:?usage: scripts/fuzz.sh yaml|ckdb|records [SECONDS] [libFuzzer options]}"
seconds="${2:-300}"
shift $(( $# < 2 ? $# : 2 ))

swift build -c release --scratch-path .build/fuzz --product ckschema-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link,address
mkdir -p ".build/fuzz-corpus/$language" .build/fuzz-artifacts
# Record seeds reach the 750-reference limit only above 16 KiB.
max_len=16384
if [ "$language" = records ]; then max_len=65536; fi
# Swift's own crash backtracer would wait for a terminal; libFuzzer and ASan report crashes themselves.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" \
    .build/fuzz/release/ckschema-fuzz "$language" ".build/fuzz-corpus/$language" "Fuzz/$language" \
    -dict="Fuzz/$language.dict" -max_total_time="$seconds" -timeout=10 -max_len="$max_len" \
    -artifact_prefix=.build/fuzz-artifacts/ -print_final_stats=1 "$@"
