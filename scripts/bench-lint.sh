#!/usr/bin/env bash
# Lint against its floor: whole `ckschema lint` runs over a schema at CloudKit's limits (200 record types ×
# 200 fields, YAML as `convert` writes it and the same schema as `.ckdb`) beside a C program that only runs
# libyaml's event parser over the YAML (scripts/bench/yaml-floor.c).
#
# usage: scripts/bench-lint.sh [--check] [RUNS]
# Prints, for each of the three, the instructions executed (valgrind's callgrind on a stripped copy: the count
# repeats to within a fraction of a percent, where wall time on a shared machine swings 2×) and the median
# wall time of RUNS runs (default 9), then the ratios to the floor. Needs cc, libyaml-dev and valgrind
# (installed with apt-get when missing). docs/lint-benchmark.md has the figures.
#
# --check: exit 1 when an instruction ratio is over its goal (YAML <= 2x the floor, .ckdb <= 1x). `.ci/run`
# uses it: instruction counts repeat, so the gate cannot flake, and a regression cannot land unnoticed
# (one did: docs/lint-benchmark.md, "A regression and its guard").
set -euo pipefail

cd "$(dirname "$0")/.."
check=false
if [ "${1:-}" = "--check" ]; then
    check=true
    shift
fi
runs="${1:-9}"
work=".build/bench-lint"
mkdir -p "$work"

missing=()
command -v cc >/dev/null || missing+=(gcc)
command -v valgrind >/dev/null || missing+=(valgrind)
[ -f /usr/include/yaml.h ] || missing+=(libyaml-dev)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${missing[*]}"
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== building ckschema and ckschema-bench (release) and the libyaml floor"
swift build -c release --product ckschema >/dev/null
swift build -c release --product ckschema-bench >/dev/null
cc -O2 -o "$work/yaml-floor" scripts/bench/yaml-floor.c -lyaml
# valgrind cannot read the Swift binary's DWARF 5 debug info; function names survive strip --strip-debug.
strip --strip-debug -o "$work/ckschema" .build/release/ckschema

.build/release/ckschema-bench lint --write "$work" >/dev/null
for file in bench.yaml bench.ckdb; do
    # The benchmark schema is clean: a finding here would mean the files are not what is measured.
    (cd "$work" && ./ckschema lint "$file" >/dev/null) || {
        echo "error: ckschema lint $file did not pass" >&2
        exit 1
    }
done

# instructions COMMAND…: the instructions callgrind counts for one run.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | awk '/Collected :/ {print $4}'
}

# milliseconds COMMAND…: the median wall time of $runs runs.
milliseconds() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(((end - start) / 1000)))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)] / 1000}'
}

cd "$work"
# The table's YAML is the .ckdb schema as `convert` writes it; bench.yaml adds the YAML-only metadata (docs,
# enums, defaults, references) that only YAML can state, measured in the last two rows.
./ckschema convert bench.ckdb -o converted.yaml
floor_i=$(instructions ./yaml-floor converted.yaml)
yaml_i=$(instructions ./ckschema lint converted.yaml)
ckdb_i=$(instructions ./ckschema lint bench.ckdb)
floor_m_i=$(instructions ./yaml-floor bench.yaml)
yaml_m_i=$(instructions ./ckschema lint bench.yaml)
floor_t=$(milliseconds ./yaml-floor converted.yaml)
yaml_t=$(milliseconds ./ckschema lint converted.yaml)
ckdb_t=$(milliseconds ./ckschema lint bench.ckdb)
floor_m_t=$(milliseconds ./yaml-floor bench.yaml)
yaml_m_t=$(milliseconds ./ckschema lint bench.yaml)

size() { du -h "$1" | cut -f1; }
echo "== lint, 200 record types × 200 fields (YAML $(size converted.yaml), .ckdb $(size bench.ckdb), YAML with metadata $(size bench.yaml)); wall: median of $runs"
awk -v fi="$floor_i" -v yi="$yaml_i" -v ci="$ckdb_i" -v ft="$floor_t" -v yt="$yaml_t" -v ct="$ckdb_t" \
    -v fmi="$floor_m_i" -v ymi="$yaml_m_i" -v fmt="$floor_m_t" -v ymt="$yaml_m_t" 'BEGIN {
    row = "%-44s %8.3f %8.2fx %9.1f %7.2fx  %s\n"
    printf "%-44s %8s %9s %9s %8s  %s\n", "work", "G instr", "ratio", "wall ms", "ratio", "goal"
    printf row, "libyaml event parse, YAML (floor)", fi / 1e9, 1, ft, 1, ""
    printf row, "ckschema lint, YAML", yi / 1e9, yi / fi, yt, yt / ft, "<= 2x"
    printf row, "ckschema lint, .ckdb", ci / 1e9, ci / fi, ct, ct / ft, "<= 1x"
    printf row, "libyaml event parse, YAML with metadata", fmi / 1e9, 1, fmt, 1, ""
    printf row, "ckschema lint, YAML with metadata", ymi / 1e9, ymi / fmi, ymt, ymt / fmt, ""
}'

if $check; then
    awk -v fi="$floor_i" -v yi="$yaml_i" -v ci="$ckdb_i" 'BEGIN {
        failed = 0
        if (yi / fi > 2) { printf "error: lint of the YAML costs %.2fx the floor (goal <= 2x)\n", yi / fi; failed = 1 }
        if (ci / fi > 1) { printf "error: lint of the .ckdb costs %.2fx the floor (goal <= 1x)\n", ci / fi; failed = 1 }
        if (failed) print "docs/lint-benchmark.md says how to profile a lint run"
        exit failed
    }' >&2
    echo "== both within their goals"
fi
