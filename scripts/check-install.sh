#!/usr/bin/env bash
# Tries the documented install `swift package experimental-install --product ckschema` (docs/install.md) into a
# throwaway home, never the user's: SwiftPM installs into ~/.swiftpm/bin of the account's home directory (for
# root it ignores $HOME), so the install runs in a private mount namespace in which a temporary folder is
# mounted over that home. The installed ckschema must run on its own, print the version, lint the example
# project and print its completion scripts. The build is the release build in .build/release.
# Needs Linux and root (unshare); elsewhere it says so and stops with exit 0.
# Usage: scripts/check-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."

home=$(getent passwd "$(id -u)" | cut -d: -f6)
if [[ "$(uname -s)" != Linux ]] || ! unshare --mount true 2>/dev/null; then
    echo "note: skipped: installing into a throwaway home needs Linux and the right to unshare a mount namespace"
    exit 0
fi
throwaway=$(mktemp -d)
trap 'rm -rf "$throwaway"' EXIT

# shellcheck disable=SC2016 # the inner script expands its own arguments
unshare --mount --propagation private bash -c \
    'mount --bind "$1" "$2" && cd "$3" && swift package experimental-install --product ckschema' \
    _ "$throwaway" "$home" "$PWD"

installed="$throwaway/.swiftpm/bin/ckschema"
[[ -x "$installed" ]] || { echo "experimental-install did not install $installed" >&2; exit 1; }
[[ ! -e "$home/.swiftpm/bin/ckschema" ]] || echo "note: $home/.swiftpm/bin/ckschema exists (not from this check)"
echo "installed: $("$installed" --version)"
"$installed" lint
for shell in bash zsh fish; do
    script=$("$installed" --generate-completion-script "$shell")
    [[ "$script" == *"ckschema"* ]] || { echo "no $shell completions" >&2; exit 1; }
done
echo "experimental-install: ok"
