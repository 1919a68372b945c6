#!/usr/bin/env bash
# The newcomer's first command, timed as a newcomer runs it: a fresh clone of the committed HEAD, then the
# README's `swift run ckschema lint` (dependency resolution, the debug build, the lint). Beside it, in a second
# fresh clone, the floor: building only the third-party code that `ckschema` uses (ArgumentParser, and libyaml,
# vendored as the C target CLibYAML), which no change to ckschema's own code can make faster.
#
# usage: scripts/bench-first-command.sh [ROUNDS]
# Prints each round's wall times (and the first command's CPU time, user + sys: the steadier figure on a
# shared host) and the medians. Goal (issue "Speed, third round"): the first command
# <= 45 s on this 2-core machine. Run it on an idle machine: another build beside it doubles the figures.
set -euo pipefail

cd "$(dirname "$0")/.."
rounds="${1:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

seconds() { # runs "$@" in the current folder, prints its wall time in seconds; its CPU time goes to $work/cpu
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%U %S" -o "$work/cpu.raw" "$@" >"$work/last.log" 2>&1 \
        || { cat "$work/last.log" >&2; echo "error: '$*' failed" >&2; exit 1; }
    end=$(date +%s.%N)
    awk '{printf "%.1f", $1 + $2}' "$work/cpu.raw" >"$work/cpu"
    python3 -c "print(f'{$end - $start:.1f}')"
}

median() { python3 -c "import statistics,sys; print(f'{statistics.median(map(float, sys.argv[1:])):.1f}')" "$@"; }

first=()
floor=()
for round in $(seq 1 "$rounds"); do
    rm -rf "$work/clone" "$work/deps"
    git clone -q "$PWD" "$work/clone"
    git clone -q "$PWD" "$work/deps"
    time_first=$(cd "$work/clone" && seconds swift run ckschema lint)
    cpu_first=$(cat "$work/cpu")
    grep -q "^6 files, 6 record types: no problems$" "$work/last.log" \
        || { cat "$work/last.log" >&2; echo "error: the first command did not print its summary line" >&2; exit 1; }
    time_floor=$(cd "$work/deps" && seconds sh -c 'swift build --target CLibYAML && swift build --target ArgumentParser')
    echo "round $round: first command ${time_first} s (CPU ${cpu_first} s); dependencies alone ${time_floor} s"
    first+=("$time_first")
    floor+=("$time_floor")
done
echo "median of $rounds: first command $(median "${first[@]}") s (goal <= 45 s); dependencies alone $(median "${floor[@]}") s"
