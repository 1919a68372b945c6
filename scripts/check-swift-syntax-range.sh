#!/usr/bin/env bash
# Proves the swift-syntax range Package.swift accepts (docs/install.md, "Adding ckschema to an app's package"):
#  1. an app package that pins swift-syntax at either end of the range (and nothing else in common with
#     ckschema) and uses ckschema's build plugin resolves: adding ckschema must not fight its graph;
#  2. an app that pins a version outside the range is refused by the resolver (the check can fail);
#  3. ckschema-check-code builds and checks the example app with the lowest version of the range (CI's main
#     build resolves to the highest one the machine has, which proves the upper end).
# Usage: scripts/check-swift-syntax-range.sh [--resolve-only]
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

# The range's ends, read from Package.swift so that this check follows it.
range_line=$(grep -E 'swift-syntax\.git", "[0-9.]+"\.\.<"[0-9.]+"' Package.swift) \
    || { echo "error: Package.swift does not give swift-syntax as a \"LOW\"..<\"HIGH\" range" >&2; exit 1; }
lowest=$(sed -E 's/.*swift-syntax\.git", "([0-9.]+)"\.\.<"([0-9.]+)".*/\1/' <<<"$range_line")
upper_bound=$(sed -E 's/.*swift-syntax\.git", "([0-9.]+)"\.\.<"([0-9.]+)".*/\2/' <<<"$range_line")
# The highest release below the bound that the machine's package mirror (or GitHub) has.
highest=$(git ls-remote --tags https://github.com/swiftlang/swift-syntax.git \
    | sed -nE 's|.*refs/tags/([0-9]+\.[0-9]+\.[0-9]+)$|\1|p' | sort -V \
    | awk -v bound="$upper_bound" 'BEGIN { split(bound, b, ".") }
        { split($0, v, "."); if (v[1] < b[1] || (v[1] == b[1] && (v[2] < b[2] || (v[2] == b[2] && v[3] < b[3])))) last = $0 }
        END { print last }')
# A version outside the range: the newest one below its lowest end, if the mirror has one.
outside=$(git ls-remote --tags https://github.com/swiftlang/swift-syntax.git \
    | sed -nE 's|.*refs/tags/([0-9]+\.[0-9]+\.[0-9]+)$|\1|p' | sort -V \
    | awk -v low="$lowest" '{ if ($0 == low) exit; last = $0 } END { print last }')
echo "swift-syntax range: $lowest..<$upper_bound (ends tried: $lowest, $highest${outside:+; outside: $outside})"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# ckschema as the app sees it: a package folder named like the repository (its identity), by path.
ln -s "$repo" "$work/ckschema"

# Writes an app package pinning swift-syntax at $1 that builds a target with ckschema's build plugin.
write_app() {
    local app="$work/app-$1"
    mkdir -p "$app/Sources/Models"
    echo 'public enum Marker {}' >"$app/Sources/Models/Marker.swift"
    cat >"$app/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [
        .package(path: "../ckschema"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "$1"),
    ],
    targets: [
        .target(
            name: "Models",
            dependencies: [.product(name: "SwiftSyntax", package: "swift-syntax")],
            plugins: [.plugin(name: "CKSchemaBuildPlugin", package: "ckschema")]
        ),
    ]
)
EOF
    echo "$app"
}

for version in "$lowest" "$highest"; do
    app=$(write_app "$version")
    if ! (cd "$app" && swift package resolve >"$work/resolve.log" 2>&1); then
        cat "$work/resolve.log" >&2
        echo "error: an app pinning swift-syntax $version cannot add ckschema" >&2
        exit 1
    fi
    resolved=$(cd "$app" && swift package show-dependencies --format json \
        | python3 -c 'import json,sys
def walk(n):
    for d in n.get("dependencies", []):
        if d["identity"] == "swift-syntax": print(d["version"]); return True
        if walk(d): return True
walk(json.load(sys.stdin))')
    [[ "$resolved" == "$version" ]] || { echo "error: resolved swift-syntax $resolved, not $version" >&2; exit 1; }
    echo "an app pinning swift-syntax $version adds ckschema: resolved"
done

if [[ -n "$outside" ]]; then
    app=$(write_app "$outside")
    if (cd "$app" && swift package resolve >"$work/resolve.log" 2>&1); then
        echo "error: an app pinning swift-syntax $outside (outside the range) resolved: the check proves nothing" >&2
        exit 1
    fi
    echo "an app pinning swift-syntax $outside is refused, as it must be"
fi

[[ "${1:-}" == "--resolve-only" ]] && exit 0

# The lowest end compiles: ckschema-check-code built against swift-syntax $lowest, then checking the example
# app. In a copy of the working tree, so that the repository's own Package.resolved and .build keep the newest.
copy="$work/lowest"
mkdir "$copy"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp -P --parents -t "$copy" 2>/dev/null || true
cd "$copy"
swift package resolve >/dev/null
swift package resolve swift-syntax --version "$lowest" >/dev/null
swift build --product ckschema-check-code
"$copy/.build/debug/ckschema-check-code" --version >/dev/null
(cd Examples/CloudJournal && "$copy/.build/debug/ckschema-check-code" --config ckschema.yaml --against development --strict)
# Against production the example has findings: the lowest build must report exactly what the main build does.
if [[ -x "$repo/.build/debug/ckschema-check-code" ]]; then
    for build in "$copy" "$repo"; do
        (cd Examples/CloudJournal && "$build/.build/debug/ckschema-check-code" --config ckschema.yaml --format json \
            >"$work/findings-$(basename "$build").json") || true
    done
    cmp -s "$work/findings-lowest.json" "$work/findings-$(basename "$repo").json" \
        || { echo "error: with swift-syntax $lowest, check-code reports other findings on the example" >&2; exit 1; }
    grep -q '"id" : "code_' "$work/findings-lowest.json" \
        || { echo "error: the example has no findings against production: the comparison proves nothing" >&2; exit 1; }
fi
echo "ckschema-check-code builds and runs with swift-syntax $lowest"
