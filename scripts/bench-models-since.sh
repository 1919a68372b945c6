#!/usr/bin/env bash
# `ckschema check-models --since` on a generated app of MODELS SwiftData classes (eight strings, an integer, a
# date and a blob each) and a Core Data model of as many entities, committed twice: the second commit adds a
# property to a tenth of the classes and renames one with `originalName:`. Times reading two versions
# (`--since HEAD~1`) beside reading the models now only, ROUNDS times each, and prints wall and CPU
# (user + sys, the steadier figure on a shared host) per round. Goal (issue 37): under 5 s for 200 models.
#
# usage: scripts/bench-models-since.sh [MODELS] [ROUNDS] [BUILD]   (BUILD: debug or release, default debug;
# the products ckschema and ckschema-check-code must be built in it)
set -euo pipefail

cd "$(dirname "$0")/.."
models="${1:-200}"
rounds="${2:-3}"
bin="$PWD/.build/${3:-debug}"
for product in ckschema ckschema-check-code; do
    [[ -x "$bin/$product" ]] || { echo "build $product first: swift build --product $product" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$work" "$models" <<'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
os.makedirs(f"{root}/App/Models")
for i in range(count):
    fields = "\n".join(f'    var field{j}: String = ""' for j in range(8))
    with open(f"{root}/App/Models/Model{i}.swift", "w") as file:
        file.write(f"import SwiftData\nimport Foundation\n\n@Model final class Model{i} {{\n{fields}\n"
                   "    var count: Int = 0\n    var created: Date = Date.now\n    var photo: Data?\n}\n")
entities = "".join(
    f'    <entity name="Entity{i}" representedClassName="Entity{i}" syncable="YES">\n'
    + "".join(f'        <attribute name="field{j}" optional="YES" attributeType="String"/>\n' for j in range(8))
    + '        <attribute name="count" optional="YES" attributeType="Integer 64" defaultValueString="0"/>\n    </entity>\n'
    for i in range(count))
os.makedirs(f"{root}/App/Store.xcdatamodeld/Store.xcdatamodel")
with open(f"{root}/App/Store.xcdatamodeld/Store.xcdatamodel/contents", "w") as file:
    file.write(f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<model usedWithCloudKit="YES">\n{entities}</model>\n')
PY
cd "$work"
git init -q && git add -A && git -c user.name=bench -c user.email=bench@example.com commit -qm v1
sed -i 's/    var count: Int = 0/    var count: Int = 0\n    var extra: String?/' App/Models/Model1*.swift
sed -i 's/    var field0: String = ""/    @Attribute(originalName: "field0") var title: String = ""/' App/Models/Model7.swift
git -c user.name=bench -c user.email=bench@example.com commit -qam v2
printf 'DEFINE SCHEMA\n' > empty.ckdb
export CKSCHEMA_CHECK_CODE="$bin/ckschema-check-code"

run() { # label, then ckschema's arguments: prints wall and CPU seconds
    local label=$1; shift
    # Exit 1 (the rename is a finding) is expected.
    /usr/bin/time -o timing -f "%e %U %S" "$bin/ckschema" "$@" > /dev/null 2>&1 || true
    read -r wall user sys < <(tail -1 timing)
    printf "%-28s wall %6.2f s  cpu %5.2f s\n" "$label" "$wall" "$(awk "BEGIN { print $user + $sys }")"
}
echo "$models SwiftData models + $models Core Data entities, $(nproc) cores, load $(cut -d ' ' -f 1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
    run "round $round: two versions" check-models App --since HEAD~1 --schema empty.ckdb
    run "round $round: models now" check-models App --schema empty.ckdb
done
