#!/usr/bin/env bash
# The GitHub Action's main step: runs the chosen ckschema commands in the working directory with GitHub
# annotations, writes the results and the Markdown diff to the job summary, sets the outputs, and exits with
# the worst exit status (0 clean, 1 findings, 2 could not run), which fails the job on 1 and 2.
#
# Every command runs even when an earlier one failed, so one run shows every annotation.
#
# Reads (set by action.yml from the inputs): CKSCHEMA_BIN (the folder holding ckschema), CKSCHEMA_COMMANDS,
# CKSCHEMA_CONFIG, CKSCHEMA_SCHEMA, CKSCHEMA_DIFF_FROM, CKSCHEMA_STRICT, CKSCHEMA_MODELS_SINCE,
# CKSCHEMA_DOCTOR_PATH, CKSCHEMA_DOCTOR_SARIF; and GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY from the
# runner.
# Writes to GITHUB_OUTPUT: exit-code, lint-exit-code, diff-exit-code, check-code-exit-code,
# check-models-exit-code, doctor-exit-code, breaking-changes. Writes doctor's SARIF to CKSCHEMA_DOCTOR_SARIF.
set -uo pipefail
# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ckschema="${CKSCHEMA_BIN:?the folder holding ckschema (CKSCHEMA_BIN) is not set}/ckschema"
output_file=${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}
summary_file=${GITHUB_STEP_SUMMARY:-/dev/null}
config=${CKSCHEMA_CONFIG:-}
schema=${CKSCHEMA_SCHEMA:-}
diff_from=${CKSCHEMA_DIFF_FROM:-}
models_since=${CKSCHEMA_MODELS_SINCE:-}
doctor_path=${CKSCHEMA_DOCTOR_PATH:-}
doctor_sarif=${CKSCHEMA_DOCTOR_SARIF:-}

# Reports a problem with the action's own inputs and stops with exit 2 (could not run).
usage_error() {
    echo "::error title=ckschema action::$1"
    echo "exit-code=2" >> "$output_file"
    exit 2
}

case "${CKSCHEMA_STRICT:-false}" in
    true | True | TRUE | yes | 1) strict=(--strict) ;;
    false | False | FALSE | no | 0 | "") strict=() ;;
    *) usage_error "input 'strict' must be true or false, not '${CKSCHEMA_STRICT}'" ;;
esac

commands=()
while IFS= read -r word; do
    [[ " $KNOWN_COMMANDS " == *" $word "* ]] || usage_error "unknown command '$word' in input 'commands' (known: $KNOWN_COMMANDS)"
    commands+=("$word")
done < <(command_words "${CKSCHEMA_COMMANDS-lint diff}")

[[ -x "$ckschema" ]] || usage_error "ckschema is not installed at $ckschema"

project_options=()
[[ -n "$config" ]] && project_options=(--config "$config")

# The working directory relative to the workspace ("app/", or "" at its root): ckschema prints paths relative
# to where it runs, while GitHub places annotations by paths relative to the repository.
workspace=$(cd "${GITHUB_WORKSPACE:-.}" && pwd -P)
here=$(pwd -P)
case "$here/" in
    "$workspace/") prefix="" ;;
    "$workspace"/*) prefix="${here#"$workspace"/}/" ;;
    *) prefix="" ;;
esac

# Passes ckschema's output through, rewriting the `file=` property of each annotation so GitHub finds the
# file: relative paths get the working directory in front, absolute paths inside the workspace lose it.
# Property values are escaped (%, :, ,), so the prefix and workspace are escaped the same way to compare.
place_annotations() {
    awk -v prefix="$prefix" -v workspace="$workspace/" '
        function escaped(text) { gsub(/%/, "%25", text); gsub(/:/, "%3A", text); gsub(/,/, "%2C", text); return text }
        BEGIN { prefix = escaped(prefix); workspace = escaped(workspace) }
        /^::(error|warning|notice) file=/ {
            start = index($0, "file=") + 5
            head = substr($0, 1, start - 1)
            rest = substr($0, start)
            if (substr(rest, 1, length(workspace)) == workspace) {
                rest = substr(rest, length(workspace) + 1)
            } else if (substr(rest, 1, 1) != "/") {
                rest = prefix rest
            }
            print head rest
            next
        }
        { print }
    '
}

# Prints the number at .summary.breaking of a `ckschema diff --format json` document on standard input.
breaking_count() {
    if command -v jq >/dev/null 2>&1; then
        jq -r '.summary.breaking'
    elif command -v python3 >/dev/null 2>&1; then
        python3 -c 'import json, sys; print(json.load(sys.stdin)["summary"]["breaking"])'
    else
        echo "::warning title=ckschema action::neither jq nor python3 is installed, so output 'breaking-changes' is empty" >&2
        return 1
    fi
}

# Writes the SARIF document on standard input to the file $1 with every relative `uri` (relative to where
# ckschema ran) made relative to the repository, which is how code scanning resolves them, and `file://` URIs
# inside the workspace made relative too. Written beside the file (its folder made if need be) and renamed, so a
# reader never sees half.
write_repository_sarif() {
    local target=$1 staging
    mkdir -p "$(dirname "$target")" && staging=$(mktemp "$target.XXXXXX") || return 2
    if ! command -v python3 >/dev/null 2>&1; then
        echo "::warning title=ckschema doctor::python3 is not installed, so the SARIF paths stay relative to the working directory" >&2
        cat > "$staging"
    elif ! python3 -c '
import json, os, sys, urllib.parse
prefix, workspace = urllib.parse.quote(sys.argv[1], safe="/-._~"), sys.argv[2]
def relative(uri):
    if uri.startswith("file://"):
        # Resolved as the workspace is (pwd -P): "..", and links such as /var -> /private/var on macOS.
        path = os.path.realpath(urllib.parse.unquote(uri[len("file://"):]))
        return urllib.parse.quote(path[len(workspace):], safe="/-._~") if path.startswith(workspace) else uri
    return uri if ":" in uri.split("/")[0] else prefix + uri
def place(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "uri" and isinstance(value, str):
                node[key] = relative(value)
            else:
                place(value)
    elif isinstance(node, list):
        for item in node:
            place(item)
document = json.load(sys.stdin)
place(document)
json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
' "$prefix" "$workspace/" > "$staging"; then
        rm -f "$staging"
        return 2
    fi
    mv "$staging" "$target"
}

# Runs `ckschema ARGS… --format github`, placing its annotations; returns ckschema's exit status.
run_annotated() {
    echo "::group::ckschema $*"
    "$ckschema" "$@" --format github | place_annotations
    local status=${PIPESTATUS[0]}
    echo "::endgroup::"
    if [[ $status -ge 2 ]]; then
        echo "::error title=ckschema $1::'ckschema $*' could not run (exit $status); its message is in the log above"
    fi
    return "$status"
}

worst=0
summary_rows=()
diff_markdown=$(mktemp)
doctor_text=$(mktemp)
trap 'rm -f "$diff_markdown" "$doctor_text"' EXIT

# Records one command's exit status as an output and a summary row, and keeps the worst status.
record() {
    local command=$1 status=$2 result=$3
    echo "$command-exit-code=$status" >> "$output_file"
    summary_rows+=("| \`$command\` | $result |")
    if [[ $status -gt $worst ]]; then worst=$status; fi
}

# The summary text for an exit status.
outcome() {
    case $1 in
        0) echo "✅ ${2:-passed}" ;;
        1) echo "❌ ${3:-findings}" ;;
        *) echo "⛔ could not run (exit $1)" ;;
    esac
}

for command in ${commands[@]+"${commands[@]}"}; do
    case $command in
        lint)
            run_annotated lint ${project_options[@]+"${project_options[@]}"} ${strict[@]+"${strict[@]}"} ${schema:+"$schema"}
            status=$?
            record lint "$status" "$(outcome "$status" "no errors" "errors found")"
            ;;
        diff)
            diff_arguments=(diff ${project_options[@]+"${project_options[@]}"})
            [[ -n "$diff_from" ]] && diff_arguments+=(--from "$diff_from")
            [[ -n "$schema" ]] && diff_arguments+=(--to "$schema")
            run_annotated "${diff_arguments[@]}"
            status=$?
            breaking=""
            if [[ $status -le 1 ]]; then
                "$ckschema" "${diff_arguments[@]}" --format markdown > "$diff_markdown" 2>/dev/null
                # The JSON document is read whatever the exit status (1 is expected: breaking changes).
                report=$("$ckschema" "${diff_arguments[@]}" --format json 2>/dev/null) || true
                breaking=$(printf '%s' "$report" | breaking_count) || breaking=""
                [[ "$breaking" =~ ^[0-9]+$ ]] || breaking=""
            fi
            echo "breaking-changes=$breaking" >> "$output_file"
            noun="breaking change"; [[ "$breaking" == 1 ]] || noun="breaking changes"
            record diff "$status" "$(outcome "$status" "deployable" "${breaking:-some} $noun")"
            ;;
        check-code)
            run_annotated check-code ${project_options[@]+"${project_options[@]}"} ${strict[@]+"${strict[@]}"}
            status=$?
            record check-code "$status" "$(outcome "$status" "code matches the schema" "findings")"
            ;;
        check-models)
            # Against models.shipped in ckschema.yaml unless the input names a revision.
            run_annotated check-models ${project_options[@]+"${project_options[@]}"} ${strict[@]+"${strict[@]}"} \
                ${models_since:+--since "$models_since"}
            status=$?
            record check-models "$status" "$(outcome "$status" "models are safe to ship" "findings")"
            ;;
        doctor)
            doctor_arguments=(doctor ${doctor_path:+"$doctor_path"} ${project_options[@]+"${project_options[@]}"} \
                ${strict[@]+"${strict[@]}"})
            run_annotated "${doctor_arguments[@]}"
            status=$?
            if [[ $status -le 1 ]]; then
                # The table of targets and the findings as a person reads them, for the job summary.
                "$ckschema" "${doctor_arguments[@]}" --format text > "$doctor_text" 2>/dev/null
                if [[ -n "$doctor_sarif" ]]; then
                    "$ckschema" "${doctor_arguments[@]}" --format sarif 2>/dev/null | write_repository_sarif "$doctor_sarif"
                    if [[ ${PIPESTATUS[1]} -ne 0 ]]; then
                        echo "::error title=ckschema doctor::could not write the SARIF report to '$doctor_sarif'"
                        status=2
                    fi
                fi
            fi
            record doctor "$status" "$(outcome "$status" "no problems" "findings")"
            ;;
    esac
done

echo "exit-code=$worst" >> "$output_file"
if [[ ${#commands[@]} -gt 0 ]]; then
    {
        echo "## ckschema"
        echo
        echo "| command | result |"
        echo "|---|---|"
        printf '%s\n' "${summary_rows[@]}"
        echo
        if [[ -s "$diff_markdown" ]]; then
            cat "$diff_markdown"
            echo
        fi
        if [[ -s "$doctor_text" ]]; then
            echo "### ckschema doctor"
            echo
            echo "~~~~text"
            head -n 300 "$doctor_text"
            [[ $(wc -l < "$doctor_text") -le 300 ]] || echo "… (cut at 300 lines; the whole report is in the log)"
            echo "~~~~"
            echo
        fi
    } >> "$summary_file"
fi
exit "$worst"
