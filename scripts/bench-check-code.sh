#!/usr/bin/env bash
# Benchmarks `ckschema-check-code` in release mode on a generated tree of FILES Swift files of LINES lines
# (default 1,000 × 200 = 200,000 lines; goal ≤ 5 s and ≤ 500 MB on two cores): wall-clock seconds and peak
# resident memory of the whole run (parse, resolve, check), best of REPEATS, and the mean CPU time per run.
# docs/check-code.md records the figures.
#
# usage: scripts/bench-check-code.sh [FILES] [LINES] [REPEATS]
set -euo pipefail

cd "$(dirname "$0")/.."
files="${1:-1000}"
lines="${2:-200}"
repeats="${3:-3}"
work=".build/bench-check-code"

echo "== building ckschema-check-code (release)"
swift build -c release --product ckschema-check-code >/dev/null
tool="$PWD/.build/release/ckschema-check-code"

echo "== generating the tree"
rm -rf "$work"
python3 scripts/bench_check_code_tree.py "$work" "$files" "$lines"

echo "== checking it (best of $repeats)"
python3 - "$tool" "$work" "$repeats" <<'PY'
import resource, subprocess, sys, time
tool, work, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
best = None
for _ in range(repeats):
    start = time.perf_counter()
    run = subprocess.run([tool, "Sources", "--schema", "schemas", "--format", "json"], cwd=work,
                         capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"check-code exited {run.returncode}: {run.stderr or run.stdout[:2000]}")
    best = seconds if best is None else min(best, seconds)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
peak = usage.ru_maxrss / 1024
cpu = (usage.ru_utime + usage.ru_stime) / repeats
print(f"check-code: {best:.2f} s (best of {repeats}), {cpu:.2f} s of CPU time per run, peak memory {peak:.0f} MB")
PY
