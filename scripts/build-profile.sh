#!/usr/bin/env bash
# Where the debug build of `ckschema` spends its time: builds a fresh clone of HEAD with the compiler's
# per-job statistics (-stats-output-dir) and prints, per module, the CPU time of its compile jobs and of its
# emit-module job (what splitting code into modules costs), then the compiler phases summed over ckschema's
# own modules. CPU times also grow on a busy machine (contention for caches and cores): compare runs made on
# an idle machine.
#
# usage: scripts/build-profile.sh
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$PWD" "$work/clone"
mkdir "$work/stats"
(cd "$work/clone" && swift build --product ckschema -Xswiftc -stats-output-dir -Xswiftc "$work/stats" >"$work/build.log" 2>&1) \
    || { cat "$work/build.log" >&2; echo "error: the debug build failed" >&2; exit 1; }

python3 - "$work/stats" <<'EOF'
import collections, glob, json, os, re, sys
dependencies = {"ArgumentParser", "ArgumentParserToolInfo"}
compile_cpu, emit_cpu, jobs = collections.Counter(), collections.Counter(), collections.Counter()
phases = collections.Counter()
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    match = re.match(r"stats-\d+-swift-frontend-([^-]+)-.*-(o|swiftmodule)-Onone", os.path.basename(path))
    if not match:
        continue
    module, kind = match.groups()
    stats = json.load(open(path))
    cpu = sum(v for k, v in stats.items() if k.startswith("time.swift-frontend.") and k.endswith((".user", ".sys")))
    (emit_cpu if kind == "swiftmodule" else compile_cpu)[module] += cpu
    jobs[module] += 1
    if module not in dependencies:
        for key, value in stats.items():
            if key.startswith("time.swift.") and key.endswith(".user"):
                phases[key[len("time.swift."):-len(".user")]] += value
own = sorted((m for m in jobs if m not in dependencies), key=lambda m: -(compile_cpu[m] + emit_cpu[m]))
print(f"{'module':28} {'compile s':>9} {'emit-module s':>13} {'jobs':>4}")
for module in own + sorted(m for m in jobs if m in dependencies):
    print(f"{module:28} {compile_cpu[module]:9.2f} {emit_cpu[module]:13.2f} {jobs[module]:4d}")
total_compile = sum(compile_cpu[m] for m in own)
total_emit = sum(emit_cpu[m] for m in own)
print(f"{'ckschema own modules':28} {total_compile:9.2f} {total_emit:13.2f}")
print("\ncompiler phases over ckschema's own modules (CPU s; nested phases overlap; LLVM code generation is the rest):")
for name in ["Type checking and Semantic analysis", "SILGen", "SIL optimization", "IRGen", "parse-and-resolve-imports",
             "Serialization, swiftmodule"]:
    print(f"  {name:40} {phases[name]:6.2f}")
EOF
