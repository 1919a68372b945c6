# Sourced by the evaluation scripts (scripts/eval-*.sh): brings one public app to a commit in a work folder.
#
# checkout_app REPO COMMIT WORK: clones REPO (owner/name) into WORK/owner+name unless it is there, and checks out
# COMMIT; prints the folder. EVAL_APPS_FROM names a folder of local copies to clone from instead of GitHub, one
# git repository per app named owner+name (a bare repository, or one with the git directory in owner+name/repo).
# A local copy may lack large binary files (their checkout fails): then every file that can be read is written out
# at the commit; the Swift code and the models are what matter.
checkout_app() {
    local repo="$1" commit="$2" work="$3"
    local folder="$work/${repo//\//+}"
    if [[ ! -d "$folder/.git" ]]; then
        local source="https://github.com/$repo.git"
        local local_copy="${EVAL_APPS_FROM:-}/${repo//\//+}"
        if [[ -n "${EVAL_APPS_FROM:-}" && -d "$local_copy/repo" ]]; then source="$local_copy/repo"
        elif [[ -n "${EVAL_APPS_FROM:-}" && -d "$local_copy" ]]; then source="$local_copy"; fi
        git clone --quiet --no-checkout "$source" "$folder"
    fi
    if ! git -C "$folder" checkout --quiet --force "$commit" 2>/dev/null; then
        git -C "$folder" update-ref --no-deref HEAD "$commit"
        git -C "$folder" read-tree HEAD
        git -C "$folder" checkout-index --all --force 2>/dev/null || true
    fi
    printf '%s\n' "$folder"
}
