# shellcheck shell=bash
# Helpers shared by the GitHub Action's scripts (sourced, not run).

# The commands the action knows (used by run.sh).
# shellcheck disable=SC2034
readonly KNOWN_COMMANDS="lint diff check-code check-models doctor"

# Splits a commands input ("lint diff", "lint,diff", one per line) into words, one per line.
command_words() {
    printf '%s\n' "$1" | tr ',\t' '  ' | tr ' ' '\n' | sed '/^$/d'
}

# The products the commands need: ckschema always; ckschema-check-code for check-code, check-models and doctor
# (an external subcommand, the SwiftData reader and the reader of the app's Swift code, built as its own product
# so that ckschema itself never compiles swift-syntax).
products_for() {
    local products="ckschema"
    local words
    words=$'\n'$(command_words "$1")$'\n'
    if [[ $words == *$'\n'check-code$'\n'* || $words == *$'\n'check-models$'\n'* || $words == *$'\n'doctor$'\n'* ]]; then
        products="$products ckschema-check-code"
    fi
    echo "$products"
}

# The SHA-256 command here: sha256sum (Linux) or shasum -a 256 (macOS); prints `HASH  FILE` lines.
if command -v sha256sum >/dev/null 2>&1; then
    sha256_command=(sha256sum)
else
    sha256_command=(shasum -a 256)
fi

# SHA-256 of standard input, as hex.
sha256() {
    "${sha256_command[@]}" | cut -d ' ' -f 1
}
