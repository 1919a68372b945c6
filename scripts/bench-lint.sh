#!/usr/bin/env bash
# Lint against its floor: whole `ckschema lint` runs over three schemas at CloudKit's limits (200 record types ×
# 200 fields: the benchmark schema and the every-feature schema, each as `.ckdb` and as the YAML `convert`
# writes of it, and the random-shape schema drawn from a seed, as `.ckdb` and YAML) beside a C program that
# only runs libyaml's event parser over the YAML (scripts/bench/yaml-floor.c).
#
# usage: scripts/bench-lint.sh [--check] [RUNS]
# Prints, for each run, the instructions executed (valgrind's callgrind on a stripped copy: the count
# repeats to within a fraction of a percent, where wall time on a shared machine swings 2×) and the median
# wall time of RUNS runs (default 9), then the ratios to the floor. Needs cc, libyaml-dev and valgrind
# (installed with apt-get when missing). docs/lint-benchmark.md has the figures.
#
# --check: exit 1 when an instruction ratio is not under its gate, for the three schemas: .ckdb < 0.8x the floor
# and YAML < 1.7x (the goals of issue 29). `.ci/run` uses it: instruction counts
# repeat, so the gate cannot flake, and a regression cannot land unnoticed (one did: docs/lint-benchmark.md,
# "A regression and its guard").
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
cd "$work"
# The table's YAML is the .ckdb schema as `convert` writes it (the YAML a team that adopts an export has);
# bench.yaml adds the YAML-only metadata (docs, enums, defaults, references) that only YAML can state.
./ckschema convert bench.ckdb -o converted.yaml
./ckschema convert every.ckdb -o every.yaml
# every.* and random.* are lint-clean in both languages; bench.ckdb and bench.yaml too (converted.yaml warns for
# the types without grants, so the report path is measured). random.yaml is written by ckschema-bench, not
# converted: its types without grants say `database: private`, which `.ckdb` cannot. A finding here would mean
# the files are not what is measured.
for file in bench.yaml bench.ckdb every.ckdb every.yaml random.ckdb random.yaml; do
    ./ckschema lint "$file" >/dev/null || {
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

# Rows "label|floor label|instructions|milliseconds|goal|gate", one a line; the ratios are to the row's floor.
# The goal is the figure issue 29 asks for; the gate, which --check enforces, is the goal itself (reached with
# some margin: docs/lint-benchmark.md, round 4), so that lint cannot slide back over it.
rows=""
# measure LABEL FLOOR GOAL GATE COMMAND…: one row.
measure() {
    local label="$1" floor="$2" goal="$3" gate="$4"
    shift 4
    rows+="$label|$floor|$(instructions "$@")|$(milliseconds "$@")|$goal|$gate"$'\n'
}
floor="libyaml event parse, YAML (floor)"
measure "$floor" "" "" "" ./yaml-floor converted.yaml
measure "ckschema lint, YAML" "$floor" 1.7 1.7 ./ckschema lint converted.yaml
measure "ckschema lint, .ckdb" "$floor" 0.8 0.8 ./ckschema lint bench.ckdb
floor="libyaml event parse, YAML with metadata"
measure "$floor" "" "" "" ./yaml-floor bench.yaml
measure "ckschema lint, YAML with metadata" "$floor" "" "" ./ckschema lint bench.yaml
floor="every feature: libyaml event parse, YAML"
measure "$floor" "" "" "" ./yaml-floor every.yaml
measure "every feature: ckschema lint, YAML" "$floor" 1.7 1.7 ./ckschema lint every.yaml
measure "every feature: ckschema lint, .ckdb" "$floor" 0.8 0.8 ./ckschema lint every.ckdb
floor="random shape: libyaml event parse, YAML"
measure "$floor" "" "" "" ./yaml-floor random.yaml
measure "random shape: ckschema lint, YAML" "$floor" 1.7 1.7 ./ckschema lint random.yaml
measure "random shape: ckschema lint, .ckdb" "$floor" 0.8 0.8 ./ckschema lint random.ckdb

size() { du -h "$1" | cut -f1; }
echo "== lint, 200 record types × 200 fields (YAML $(size converted.yaml), .ckdb $(size bench.ckdb), YAML with metadata $(size bench.yaml)); every feature (YAML $(size every.yaml), .ckdb $(size every.ckdb)); random shape (YAML $(size random.yaml), .ckdb $(size random.ckdb)); wall: median of $runs"
# --check fails a row whose instruction ratio is not under its gate.
printf '%s' "$rows" | awk -F'|' -v check="$check" '
    { instr[$1] = $3; ms[$1] = $4 }
    NR == 1 { printf "%-44s %8s %9s %9s %8s  %s\n", "work", "G instr", "ratio", "wall ms", "ratio", "goal (gate)" }
    {
        floor = ($2 == "") ? $1 : $2
        ratio = $3 / instr[floor]
        goal = ($5 == "") ? "" : sprintf("< %sx (< %sx)", $5, $6)
        printf "%-44s %8.3f %8.2fx %9.1f %7.2fx  %s\n", $1, $3 / 1e9, ratio, $4, $4 / ms[floor], goal
        if ($6 != "" && ratio >= $6) {
            failures = failures sprintf("error: %s costs %.2fx the floor (gate < %sx)\n", $1, ratio, $6)
        }
    }
    END {
        if (check == "true" && failures != "") {
            printf "%sdocs/lint-benchmark.md says how to profile a lint run\n", failures > "/dev/stderr"
            exit 1
        }
        if (check == "true") print "== every ratio within its gate"
    }'
