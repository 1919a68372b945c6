#!/usr/bin/env bash
# Guards the debug build's time (the README's first command builds it): builds `ckschema` in debug with the
# compiler's long-type-check warnings on and fails when a function body or an expression takes LIMIT ms or more
# to type-check. One such expression once cost 3.8 s of a 47 s first build; every other function of the package
# type-checks in under 100 ms, so the default limit (1000 ms) holds on a loaded machine and still catches that.
# Prints the slowest ten either way.
#
# usage: scripts/check-typecheck-time.sh [LIMIT_MS]
# Builds in .build/typecheck (its own scratch path: the flags would otherwise invalidate .build/debug).
set -euo pipefail

cd "$(dirname "$0")/.."
limit="${1:-1000}"
report=50  # functions at or above this many ms are listed
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

swift build --product ckschema --scratch-path .build/typecheck \
    -Xswiftc -Xfrontend -Xswiftc "-warn-long-function-bodies=$report" \
    -Xswiftc -Xfrontend -Xswiftc "-warn-long-expression-type-checking=$report" >"$log" 2>&1 \
    || { cat "$log" >&2; echo "error: the debug build failed" >&2; exit 1; }

python3 - "$log" "$limit" "$PWD/" <<'EOF'
import re, sys
log, limit, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
pattern = re.compile(r"^(\S+?:\d+:\d+): warning: (.*) took (\d+)ms to type-check")
found = {}
for line in open(log, encoding="utf-8", errors="replace"):
    match = pattern.match(line.strip())
    if match and match.group(1).startswith(root):  # the package's own code, not its dependencies'
        place = match.group(1)[len(root):]
        found[place] = max(found.get(place, (0, ""))[0], int(match.group(3))), match.group(2)
slowest = sorted(found.items(), key=lambda item: -item[1][0])
print(f"type-check: {len(slowest)} functions or expressions of ckschema's own code take >= 50 ms; the slowest:")
for place, (ms, what) in slowest[:10]:
    print(f"  {ms:5d} ms  {place}  {what}")
over = [item for item in slowest if item[1][0] >= limit]
if over:
    for place, (ms, what) in over:
        print(f"{place}: error: {what} took {ms} ms to type-check (limit {limit} ms); give its "
              "subexpressions explicit types", file=sys.stderr)
    sys.exit(1)
EOF
