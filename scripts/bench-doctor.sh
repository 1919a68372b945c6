#!/usr/bin/env bash
# Benchmarks `ckschema doctor` in release mode on a generated app of SWIFT_FILES Swift files (default 2,000;
# target: checked in under 5 s): an Xcode project of eight targets with entitlements, Info.plists, .xcconfig
# files and signing scripts (scripts/bench_doctor_app.py). Prints the app's size, the findings, the wall-clock
# seconds of the whole run (best and median of REPEATS), the CPU time per run and the peak memory.
# docs/doctor.md records the figures.
#
# Doctor reads the Swift code through `ckschema-check-code`, which it finds beside itself in .build/release,
# so both are built; `--skip-check-code` builds only ckschema (minutes less: no swift-syntax) and says so in
# the figures.
#
# usage: scripts/bench-doctor.sh [--skip-check-code] [SWIFT_FILES] [REPEATS]
set -euo pipefail

cd "$(dirname "$0")/.."
products=(ckschema ckschema-check-code)
if [[ "${1:-}" == "--skip-check-code" ]]; then
    products=(ckschema)
    shift
fi
files="${1:-2000}"
repeats="${2:-5}"
work=".build/bench-doctor"

for product in "${products[@]}"; do
    echo "== building $product (release)"
    swift build -c release --product "$product" >/dev/null
done
bin=$(swift build -c release --show-bin-path)

echo "== generating the app"
rm -rf "$work"
python3 scripts/bench_doctor_app.py "$work/app" "$files"

echo "== running ckschema doctor (best of $repeats)"
python3 - "$bin" "$work/app" "$repeats" <<'PY'
import json, os, resource, statistics, subprocess, sys, time
bin, app, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
tool = os.path.join(bin, "ckschema")
checker = os.path.join(bin, "ckschema-check-code")
files = swift = skipped = 0
for folder, _, names in os.walk(app):
    count = sum(name.endswith(".swift") for name in names)
    if {".build", "Pods", "DerivedData"} & set(os.path.relpath(folder, app).split(os.sep)):
        skipped += count
        continue
    files += len(names)
    swift += count
pbxproj = os.path.getsize(os.path.join(app, "Journal.xcodeproj", "project.pbxproj"))
times = []
for _ in range(repeats):
    start = time.perf_counter()
    # In the app's folder, as a developer runs it, so that the app's ckschema.yaml applies.
    run = subprocess.run([tool, "doctor", "--format", "json"], cwd=app, capture_output=True, text=True)
    times.append(time.perf_counter() - start)
    if run.returncode not in (0, 1):
        sys.exit(f"doctor exited {run.returncode}: {run.stderr or run.stdout[:2000]}")
summary = json.loads(run.stdout)["summary"]
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (usage.ru_utime + usage.ru_stime) / repeats
beside = "beside it" if os.access(checker, os.X_OK) else "not built (--skip-check-code)"
print(f"app: {files} files ({swift} Swift, project.pbxproj {pbxproj / 1_000_000:.1f} MB), and {skipped} Swift files "
      f"in folders doctor skips; ckschema-check-code {beside}")
print(f"findings: {summary['errors']} errors, {summary['warnings']} warnings, {summary['notes']} notes")
print(f"doctor: {min(times):.2f} s best, {statistics.median(times):.2f} s median of {repeats} "
      f"(target < 5 s), {cpu:.2f} s of CPU time per run, peak memory {usage.ru_maxrss / 1024:.0f} MB")
PY
