#!/usr/bin/env bash
# Benchmarks the Swift generator: generation time for a TYPES × FIELDS schema (default 200 × 200), and the
# `swiftc -typecheck` time of the generated models against the CloudKit / Core Location stand-ins, compared
# with hand-written seed-style boundary code for the same schema (goal: generated code type-checks no slower).
# Type-checking uses one whole-module frontend (-wmo), as release builds do, so that the figure is the
# type-checker's work rather than the driver re-parsing every file once per file.
#
# usage: scripts/bench-codegen.sh [TYPES] [FIELDS] [REPEATS]
set -euo pipefail

cd "$(dirname "$0")/.."
types="${1:-200}"
fields="${2:-200}"
repeats="${3:-3}"
work=".build/bench-codegen"
modules="$work/modules"
flags=(-suppress-warnings -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
       -enable-upcoming-feature MemberImportVisibility)

echo "== building ckschema-bench (release)"
swift build -c release --product ckschema-bench >/dev/null
bench=".build/release/ckschema-bench"

echo "== building the CloudKit / Core Location stand-in modules"
mkdir -p "$modules"
swiftc -parse-as-library -emit-module -module-name CoreLocation "${flags[@]}" \
    -emit-module-path "$modules/CoreLocation.swiftmodule" Tests/Stand-ins/CoreLocation/*.swift
swiftc -parse-as-library -emit-module -module-name CloudKit "${flags[@]}" -I "$modules" \
    -emit-module-path "$modules/CloudKit.swiftmodule" Tests/Stand-ins/CloudKit/*.swift

echo "== generating ($types record types × $fields fields, best of $repeats)"
"$bench" codegen --types "$types" --fields "$fields" --repeat "$repeats" --write "$work"

# Prints the best wall-clock seconds of `swiftc -typecheck` over the Swift files in $1.
typecheck_seconds() {
    local folder="$1" best="" seconds
    for _ in $(seq "$repeats"); do
        local start end
        start=$(date +%s.%N)
        swiftc -wmo -typecheck "${flags[@]}" -I "$modules" "$folder"/*.swift
        end=$(date +%s.%N)
        seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
        if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$seconds"; fi
    done
    echo "$best"
}

lines() { cat "$1"/*.swift | wc -l | tr -d ' '; }

echo "== type-checking (best of $repeats)"
generated_lines=$(lines "$work/generated")
handwritten_lines=$(lines "$work/handwritten")
generated=$(typecheck_seconds "$work/generated")
echo "generated:   $generated s ($generated_lines lines)"
handwritten=$(typecheck_seconds "$work/handwritten")
echo "handwritten: $handwritten s ($handwritten_lines lines)"

echo "== result"
awk -v g="$generated" -v h="$handwritten" -v gl="$generated_lines" -v hl="$handwritten_lines" 'BEGIN {
    printf "type-check generated/handwritten: %.2fx (goal ≤ 1.00x)\n", g / h
    printf "per 1000 lines: generated %.3f s, handwritten %.3f s\n", g / gl * 1000, h / hl * 1000
}'
