#!/usr/bin/env bash
# Builds a SwiftPM artifact bundle with a prebuilt `ckschema` for the machine it runs on, so that a package can
# run the SwiftPM plugins with it (a `binaryTarget`) instead of compiling ckschema (docs/install.md):
#
#   OUTPUT/ckschema.artifactbundle/info.json
#   OUTPUT/ckschema.artifactbundle/ckschema-VERSION-TRIPLE/bin/ckschema
#   OUTPUT/ckschema.artifactbundle.zip      (for binaryTarget(url:checksum:); its checksum is printed)
#
# Linux: a release build with the Swift runtime and Foundation linked in (--static-swift-stdlib), stripped, so it
# runs without a Swift toolchain on any glibc Linux of the same architecture; the variant's triple is the
# compiler's (x86_64-unknown-linux-gnu here). macOS: a universal binary (arm64 and x86_64) for
# arm64-apple-macosx and x86_64-apple-macosx; run the same command on a Mac.
# The build uses its own scratch folder (.build/artifactbundle-build), leaving .build/release alone.
#
# Usage: scripts/make-artifactbundle.sh [--output DIR]   (default .build/artifactbundle)
set -euo pipefail
cd "$(dirname "$0")/.."

output=.build/artifactbundle
while [[ $# -gt 0 ]]; do
    case $1 in
        --output) output=${2:?--output needs a folder}; shift 2 ;;
        -h | --help) sed -n '2,17p' "$0" | cut -c3-; exit 0 ;;
        *) echo "make-artifactbundle.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

scratch=.build/artifactbundle-build
case "$(uname -s)" in
    Linux)
        build_flags=(-c release --product ckschema --scratch-path "$scratch" --static-swift-stdlib)
        triples=("$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)")
        ;;
    Darwin)
        build_flags=(-c release --product ckschema --scratch-path "$scratch" --arch arm64 --arch x86_64)
        triples=(arm64-apple-macosx x86_64-apple-macosx)
        ;;
    *)
        echo "make-artifactbundle.sh: $(uname -s) is not supported (Linux and macOS are)" >&2
        exit 2
        ;;
esac
[[ -n "${triples[0]}" ]] || { echo "make-artifactbundle.sh: could not read the target triple from swiftc" >&2; exit 2; }

echo "building ckschema: swift build ${build_flags[*]}" >&2
swift build "${build_flags[@]}" >&2
binary="$(swift build "${build_flags[@]}" --show-bin-path)/ckschema"
version=$("$binary" --version)

variant="ckschema-$version-$(IFS=+; echo "${triples[*]}")"
bundle="$output/ckschema.artifactbundle"
staging=$(mktemp -d "${TMPDIR:-/tmp}/ckschema-artifactbundle.XXXXXX")
trap 'rm -rf "$staging"' EXIT

mkdir -p "$staging/ckschema.artifactbundle/$variant/bin"
cp "$binary" "$staging/ckschema.artifactbundle/$variant/bin/ckschema"
[[ "$(uname -s)" == Linux ]] && strip "$staging/ckschema.artifactbundle/$variant/bin/ckschema"
triples_json=$(printf '"%s", ' "${triples[@]}")
cat > "$staging/ckschema.artifactbundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "ckschema": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/bin/ckschema",
          "supportedTriples": [${triples_json%, }]
        }
      ]
    }
  }
}
JSON
(cd "$staging" && zip -qry ckschema.artifactbundle.zip ckschema.artifactbundle)

# Replace the previous bundle only now that the new one is complete.
mkdir -p "$output"
rm -rf "$bundle" "$bundle.zip"
mv "$staging/ckschema.artifactbundle" "$bundle"
mv "$staging/ckschema.artifactbundle.zip" "$bundle.zip"

echo "bundle:   $bundle (ckschema $version for ${triples[*]})"
echo "zip:      $bundle.zip"
echo "checksum: $(swift package compute-checksum "$bundle.zip")"
