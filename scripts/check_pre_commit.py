"""Runs ckschema's pre-commit hooks (.pre-commit-hooks.yaml) against a temporary git repository holding a small
ckschema project: once with `pre-commit try-repo`, then as a team uses them (a .pre-commit-config.yaml pinning
the revision, `pre-commit install`, `git commit`), and checks that they pass, fail and skip when they should.
Called by scripts/check-pre-commit.sh, which says where pre-commit and a ckschema binary are.

Usage: check_pre_commit.py HOOK_REPOSITORY CKSCHEMA_BINARY
"""

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap

from fixture_project import NOTE_YAML

CONFIG = textwrap.dedent("""\
    schema: schemas
    environments:
      directory: environments
    generate:
      swift:
        output: Sources/Models/Generated
    """)


class Scenarios:
    def __init__(self, hooks, ckschema, root):
        self.hooks = hooks
        self.ckschema = ckschema
        self.project = os.path.join(root, "app")
        self.passed = 0
        self.failed = 0

    def git(self, *arguments):
        subprocess.run(["git", *arguments], cwd=self.project, check=True, capture_output=True)

    def write(self, relative, text):
        path = os.path.join(self.project, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)

    def setup(self):
        """A committed project whose generated models are current."""
        os.makedirs(self.project)
        self.git("init", "-q")
        self.git("config", "user.email", "ci@example.com")
        self.git("config", "user.name", "ci")
        self.write("ckschema.yaml", CONFIG)
        self.write("schemas/Note.yaml", NOTE_YAML)
        subprocess.run([self.ckschema, "generate", "swift"], cwd=self.project, check=True, capture_output=True)
        self.git("add", "-A")
        self.git("commit", "-qm", "CloudKit schema")

    def pre_commit(self, *arguments, environment=None):
        """`pre-commit ARGUMENTS…` in the project, with `environment` added; returns (status, output)."""
        process = subprocess.run(["pre-commit", *arguments], cwd=self.project, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, timeout=1800,
                                 env={**os.environ, **(environment or {})})
        return process.returncode, process.stdout

    def commit(self, message):
        """`git commit` through the installed pre-commit hook; returns (status, output)."""
        process = subprocess.run(["git", "commit", "-qm", message], cwd=self.project, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, timeout=1800)
        return process.returncode, process.stdout

    def check(self, name, outcome, expected_status, expected_texts):
        status, output = outcome
        problems = []
        if status != expected_status:
            problems.append(f"exit status {status}, expected {expected_status}")
        problems += [f"{text!r} not in the output" for text in expected_texts if text not in output]
        if problems:
            self.failed += 1
            print(f"FAIL  {name}: {'; '.join(problems)}\n--- output ---\n{output}")
        else:
            self.passed += 1
            print(f"ok    {name}")

    def run(self):
        self.setup()
        # try-repo clones the hooks into a throwaway store, so it builds ckschema each time: called once. The
        # check-models hook is for projects with SwiftData or Core Data models, which this one has not (it would
        # stop with "no models to check"), and it builds ckschema-check-code (swift-syntax): skipped here.
        self.check("try-repo: both hooks pass on a clean project with current models",
                   self.pre_commit("try-repo", self.hooks, "--all-files", environment={"SKIP": "ckschema-check-models"}),
                   0, ["ckschema lint", "ckschema generate --check", "Passed", "ckschema check-models", "Skipped"])
        if self.failed:
            return False

        # The way a team uses them: a .pre-commit-config.yaml pinning a revision, and `pre-commit install`.
        revision = subprocess.run(["git", "rev-parse", "HEAD"], cwd=self.hooks, check=True, capture_output=True,
                                  text=True).stdout.strip()
        self.write(".pre-commit-config.yaml", textwrap.dedent(f"""\
            repos:
              - repo: {self.hooks}
                rev: {revision}
                hooks:
                  - id: ckschema-lint
                  - id: ckschema-generate-check
            """))
        self.git("add", ".pre-commit-config.yaml")
        self.check("pre-commit install", self.pre_commit("install"), 0, ["pre-commit installed"])
        self.check("a commit with the configuration passes the hooks", self.commit("Use pre-commit"), 0, [])

        self.write("notes.txt", "not a schema\n")
        self.git("add", "notes.txt")
        self.check("hooks skip commits without schema files", self.commit("Notes"), 0, [])
        self.check("... and say so", self.pre_commit("run", "--files", "notes.txt"), 0,
                   ["(no files to check)Skipped"])

        self.write("schemas/Note.yaml", NOTE_YAML.replace("    database: private\n",
                                                           "    database: public\n    grants: { Editor: [read] }\n"))
        self.git("add", "schemas/Note.yaml")
        self.check("a schema error stops the commit", self.commit("Grant to Editor"), 1,
                   ["Failed", "grant_role_declared", "schemas/Note.yaml"])

        self.write("schemas/Note.yaml", NOTE_YAML.replace("      body:  string\n",
                                                           "      body:  string\n      pinned: bool\n"))
        self.git("add", "schemas/Note.yaml")
        self.check("a schema change without regenerated models stops the commit", self.commit("Add pinned"), 1,
                   ["ckschema lint", "Passed", "ckschema generate --check", "Failed", "Note.swift"])
        return self.failed == 0


def main():
    hooks, ckschema = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    root = tempfile.mkdtemp(prefix="ckschema-pre-commit-")
    try:
        scenarios = Scenarios(hooks, ckschema, root)
        ok = scenarios.run()
        print(f"{scenarios.passed} passed, {scenarios.failed} failed")
        return 0 if ok else 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
