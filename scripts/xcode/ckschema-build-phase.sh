#!/bin/sh
# ckschema in an Xcode "Run Script" build phase, for targets that do not use ckschema's plugins (docs/xcode.md).
#
# Lints the schema files named by the phase's input files and input file lists (`*.ckschema.yaml`,
# `*.ckschema.yml`, one `*.ckdb`, and a `ckschema.yaml` configuration), printing findings as
# `/abs/path/File.ckschema.yaml:12:5: error: …`, which Xcode shows on that line; errors fail the build. When the
# phase declares a `.swift` output file, it also generates the CloudKit models into that file (add it to the
# target's sources, or let Xcode compile the output of the phase). The first other output file is the stamp: it
# records a fingerprint of the inputs, the options and ckschema's version, and the findings of the last run, so
# a build where nothing changed replays the findings without linting again. Everything it reads is a declared
# input and everything it writes a declared output, so it runs with ENABLE_USER_SCRIPT_SANDBOXING=YES.
#
# Phase settings (Build Phases > + > New Run Script Phase, placed before "Compile Sources"):
#   Script:            "${SRCROOT}/scripts/ckschema-build-phase.sh"        (this file, copied into the project)
#   Input Files:       $(SRCROOT)/scripts/ckschema-build-phase.sh         (so that the sandbox lets /bin/sh read it)
#   Input File Lists:  $(SRCROOT)/ckschema-inputs.xcfilelist               (one path a line, $(SRCROOT)/…)
#   Output Files:      $(DERIVED_FILE_DIR)/ckschema-build-phase.stamp
#                      $(DERIVED_FILE_DIR)/CloudKitModels.swift           (optional: generate the models)
#
# Environment (build settings): CKSCHEMA, the ckschema executable (default: ckschema on PATH, then
# /opt/homebrew/bin, /usr/local/bin, ~/.mint/bin); CKSCHEMA_LINT_ARGS, extra lint arguments (`--strict`);
# CKSCHEMA_GENERATE_ARGS, extra generate arguments (`--access public`). Without ckschema the phase warns and
# succeeds, so that a checkout without it still builds.
set -u

say() { printf '%s\n' "$*"; }

# Where a path from a file list points: build settings Xcode did not expand are expanded, relative paths are
# taken from SRCROOT.
resolve() {
    path=$1
    for name in SRCROOT PROJECT_DIR DERIVED_FILE_DIR; do
        eval "value=\${$name:-}"
        path=$(printf '%s' "$path" | sed -e "s|\$($name)|$value|g" -e "s|\${$name}|$value|g")
    done
    case $path in
        /*) printf '%s' "$path" ;;
        *) printf '%s/%s' "${SRCROOT:-.}" "$path" ;;
    esac
}

configuration=""
# Sorts one input into the schema files (kept as positional parameters) or the configuration.
add_input() {
    file=$(resolve "$1")
    case $file in
        */ckschema.yaml | */ckschema.yml)
            if [ -n "$configuration" ] && [ "$configuration" != "$file" ]; then
                say "error: ckschema build phase: two configurations among the inputs ($configuration, $file); keep one"
                exit 1
            fi
            configuration=$file ;;
        *.ckschema.yaml | *.ckschema.yml | *.ckdb) return 0 ;;
        # The script itself (and any other script), declared so that the sandbox lets the shell read it.
        *.sh) ;;
        *) say "warning: ckschema build phase: ignoring input '$file' (not a schema file or ckschema.yaml)"; return 1 ;;
    esac
    return 1
}

# The inputs, in order: SCRIPT_INPUT_FILE_n, then each SCRIPT_INPUT_FILE_LIST_n (comments and blank lines skipped).
set --
index=0
while [ "$index" -lt "${SCRIPT_INPUT_FILE_COUNT:-0}" ]; do
    eval "entry=\${SCRIPT_INPUT_FILE_$index}"
    if add_input "$entry"; then set -- "$@" "$(resolve "$entry")"; fi
    index=$((index + 1))
done
index=0
while [ "$index" -lt "${SCRIPT_INPUT_FILE_LIST_COUNT:-0}" ]; do
    eval "list=\${SCRIPT_INPUT_FILE_LIST_$index}"
    if [ ! -r "$list" ]; then
        say "error: ckschema build phase: cannot read the input file list '$list'"
        exit 1
    fi
    while IFS= read -r line || [ -n "$line" ]; do
        line=$(printf '%s' "$line" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
        case $line in '' | '#'*) continue ;; esac
        if add_input "$line"; then set -- "$@" "$(resolve "$line")"; fi
    done < "$list"
    index=$((index + 1))
done

# The outputs: the stamp (the first output that is not Swift) and the generated models (a `.swift` output).
stamp=""
models=""
index=0
while [ "$index" -lt "${SCRIPT_OUTPUT_FILE_COUNT:-0}" ]; do
    eval "entry=\${SCRIPT_OUTPUT_FILE_$index}"
    entry=$(resolve "$entry")
    case $entry in
        *.swift) [ -z "$models" ] && models=$entry ;;
        *) [ -z "$stamp" ] && stamp=$entry ;;
    esac
    index=$((index + 1))
done

if [ $# -eq 0 ] && [ -z "$configuration" ]; then
    say "warning: ckschema build phase: no schema files among the phase's inputs; list them in an input file list"
    exit 0
fi
for file in "$@" ${configuration:+"$configuration"}; do
    if [ ! -f "$file" ]; then
        say "$file:1:1: error: ckschema build phase: this input does not exist; update the input file list"
        exit 1
    fi
done

ckschema=${CKSCHEMA:-}
if [ -z "$ckschema" ]; then
    ckschema=$(command -v ckschema 2>/dev/null || true)
    for candidate in /opt/homebrew/bin/ckschema /usr/local/bin/ckschema "$HOME/.mint/bin/ckschema"; do
        [ -z "$ckschema" ] && [ -x "$candidate" ] && ckschema=$candidate
    done
fi
if [ -z "$ckschema" ] || [ ! -x "$ckschema" ]; then
    say "warning: ckschema not found; install it (docs/install.md) or set the CKSCHEMA build setting to its path"
    exit 0
fi

# The fingerprint: ckschema's version, the options, every input's path and content, the declared outputs.
fingerprint=$({
    "$ckschema" --version
    printf '%s\n' "${CKSCHEMA_LINT_ARGS:-}" "${CKSCHEMA_GENERATE_ARGS:-}" "$models" "$configuration" "$@"
    for file in "$@" ${configuration:+"$configuration"}; do cksum < "$file"; done
} | cksum)
fingerprint="ckschema-build-phase $fingerprint"

if [ -n "$stamp" ] && [ -f "$stamp" ] && [ "$(sed -n 1p "$stamp")" = "$fingerprint" ] \
    && { [ -z "$models" ] || [ -f "$models" ]; }; then
    say "ckschema: schema unchanged since the last run; its findings:"
    sed 1d "$stamp"
    exit 0
fi
[ -n "$stamp" ] && rm -f "$stamp"

# Lint (findings located in the schema files), then generate when asked; the findings are kept for the stamp.
# shellcheck disable=SC2086 # the extra arguments are meant to split into words
findings=$("$ckschema" lint "$@" ${configuration:+--config "$configuration"} ${CKSCHEMA_LINT_ARGS:-} 2>&1)
status=$?
[ -n "$findings" ] && say "$findings"
if [ "$status" -eq 0 ] && [ -n "$models" ]; then
    # `--schema FILE` for each schema file, built in the positional parameters so that paths keep their spaces.
    count=$#
    for file in "$@"; do set -- "$@" --schema "$file"; done
    shift "$count"
    # shellcheck disable=SC2086
    "$ckschema" generate swift "$@" ${configuration:+--config "$configuration"} --output "$(dirname "$models")" \
        --option "file=$(basename "$models")" ${CKSCHEMA_GENERATE_ARGS:-} 2>&1
    status=$?
fi
if [ "$status" -ne 0 ]; then
    exit "$status"
fi
if [ -n "$stamp" ]; then
    mkdir -p "$(dirname "$stamp")"
    # Written in place: the sandbox lets the phase write its declared outputs only, not a temporary file beside.
    { say "$fingerprint"; [ -n "$findings" ] && say "$findings"; } > "$stamp"
fi
exit 0
