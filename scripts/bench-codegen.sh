#!/usr/bin/env bash
# Benchmarks the Swift generator: generation time for a TYPES × FIELDS schema (default 200 × 200), and the
# `swiftc -typecheck` time of the generated models against the CloudKit / Core Location stand-ins, compared
# with hand-written seed-style boundary code for the same schema (goal: generated code type-checks no slower).
# The hand-written baseline is measured twice: the models alone, and the models with the hand-written
# three-way conflict resolver that `merge:` policies replace (the generated code includes its resolver).
# Type-checking uses one whole-module frontend (-wmo), as release builds do, so that the figure is the
# type-checker's work rather than the driver re-parsing every file once per file.
#
# --migrations: one field migration per record type (`replaces`, dualWrite), in the generated models and, by
# hand, in the baseline.
#
# usage: [CKSCHEMA_BENCH=path] scripts/bench-codegen.sh [--migrations] [TYPES] [FIELDS] [REPEATS]
set -euo pipefail

cd "$(dirname "$0")/.."
variant=()
if [ "${1:-}" = "--migrations" ]; then
    variant=(--migrations)
    shift
fi
types="${1:-200}"
fields="${2:-200}"
repeats="${3:-3}"
work=".build/bench-codegen"
modules="$work/modules"
flags=(-suppress-warnings -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
       -enable-upcoming-feature MemberImportVisibility)

bench="${CKSCHEMA_BENCH:-}"   # an already built ckschema-bench, to skip the build
if [ -z "$bench" ]; then
    echo "== building ckschema-bench (release)"
    swift build -c release --product ckschema-bench >/dev/null
    bench=".build/release/ckschema-bench"
fi

echo "== building the CloudKit / Core Location stand-in modules"
mkdir -p "$modules"
swiftc -parse-as-library -emit-module -module-name CoreLocation "${flags[@]}" \
    -emit-module-path "$modules/CoreLocation.swiftmodule" Tests/Stand-ins/CoreLocation/*.swift
swiftc -parse-as-library -emit-module -module-name CloudKit "${flags[@]}" -I "$modules" \
    -emit-module-path "$modules/CloudKit.swiftmodule" Tests/Stand-ins/CloudKit/*.swift

echo "== generating ($types record types × $fields fields, best of $repeats)"
"$bench" codegen --types "$types" --fields "$fields" --repeat "$repeats" --write "$work" ${variant[@]+"${variant[@]}"}

lines() { cat "$1"/*.swift | wc -l | tr -d ' '; }

# Type-checks the Swift files of folder $1 once; prints "wall user+sys" seconds. CPU time is given beside wall
# time because the build machine is shared: other jobs stretch the wall time far more than the CPU time.
typecheck_once() {
    local times
    times=$( { /usr/bin/time -f "%e %U %S" swiftc -wmo -typecheck "${flags[@]}" -I "$modules" "$1"/*.swift >/dev/null; } 2>&1 | tail -1)
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' <<<"$times"
}

# The three folders are interleaved (A B C A B C …), so that the machine's load changes hit them alike.
folders=(generated handwritten handwritten-resolver)
declare -A best_wall best_cpu
echo "== type-checking, interleaved, $repeats rounds (wall s, user+sys s)"
for round in $(seq "$repeats"); do
    for folder in "${folders[@]}"; do
        read -r wall cpu <<<"$(typecheck_once "$work/$folder")"
        printf "round %d  %-21s wall %7.2f  cpu %7.2f\n" "$round" "$folder" "$wall" "$cpu"
        if [ -z "${best_wall[$folder]:-}" ] || awk -v a="$wall" -v b="${best_wall[$folder]}" 'BEGIN { exit !(a < b) }'; then
            best_wall[$folder]="$wall"
        fi
        if [ -z "${best_cpu[$folder]:-}" ] || awk -v a="$cpu" -v b="${best_cpu[$folder]}" 'BEGIN { exit !(a < b) }'; then
            best_cpu[$folder]="$cpu"
        fi
    done
done

echo "== result (best of $repeats)"
for folder in "${folders[@]}"; do
    printf "%-21s wall %7.2f s  cpu %7.2f s  (%s lines)\n" "$folder" "${best_wall[$folder]}" "${best_cpu[$folder]}" \
        "$(lines "$work/$folder")"
done
for baseline in handwritten handwritten-resolver; do
    awk -v gw="${best_wall[generated]}" -v gc="${best_cpu[generated]}" -v hw="${best_wall[$baseline]}" \
        -v hc="${best_cpu[$baseline]}" -v name="$baseline" 'BEGIN {
        printf "generated / %-21s cpu %.2fx, wall %.2fx (goal <= 1.00x)\n", name, gc / hc, gw / hw
    }'
done
