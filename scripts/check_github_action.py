"""Runs the GitHub Action (action.yml) locally, step by step, on small ckschema projects, and checks its outputs,
annotations, job summary, exit status and cache use. Called by scripts/check-github-action.sh.

The first scenario builds ckschema in release mode exactly as the action does on a cache miss; every later
scenario is a fresh runner that restores the build from the (simulated) Actions cache, as a second run would.
Prints the time of each step of the first and second run, then 'N passed, N failed'.
"""

import json
import os
import shutil
import stat
import sys
import tempfile
import textwrap
import traceback

from fixture_project import NOTE_YAML
from local_action_runner import LocalActionRunner

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP_FIXTURES = os.path.join(REPOSITORY, "Tests", "CKSchemaAppTests", "Fixtures")

CONFIG = "schema: schemas\nenvironments:\n  directory: environments\n"
PRODUCTION = textwrap.dedent("""\
    DEFINE SCHEMA

        RECORD TYPE Note (
            "___createTime" TIMESTAMP,
            "___createdBy"  REFERENCE,
            "___etag"       STRING,
            "___modTime"    TIMESTAMP,
            "___modifiedBy" REFERENCE,
            "___recordID"   REFERENCE QUERYABLE,
            body            STRING,
            title           STRING QUERYABLE SORTABLE
        );
    """)


class Scenarios:
    def __init__(self, root):
        self.root = root
        self.cache = os.path.join(root, "actions-cache")
        os.makedirs(self.cache)
        self.runner = LocalActionRunner(REPOSITORY, self.cache)
        self.passed = 0
        self.failed = 0
        self.counter = 0

    # MARK: - Fixtures

    def workspace(self, note_yaml=NOTE_YAML, folder="app"):
        """A fresh workspace holding a ckschema project in `folder` (the Note schema, production snapshot)."""
        self.counter += 1
        workspace = os.path.join(self.root, f"workspace-{self.counter}")
        project = os.path.join(workspace, folder)
        os.makedirs(os.path.join(project, "schemas"))
        os.makedirs(os.path.join(project, "environments"))
        write(os.path.join(project, "ckschema.yaml"), CONFIG)
        write(os.path.join(project, "schemas", "Note.yaml"), note_yaml)
        write(os.path.join(project, "environments", "production.ckdb"), PRODUCTION)
        return workspace

    def run(self, workspace, seed_cache=None, **inputs):
        """Runs the action as a fresh runner would (a new tool cache), sharing the Actions cache."""
        tool_cache = tempfile.mkdtemp(prefix="tool-cache-", dir=self.root)
        return self.runner.run(workspace, inputs, tool_cache, seed_cache=seed_cache)

    def check(self, name, body):
        try:
            body()
            self.passed += 1
            print(f"ok    {name}")
        except AssertionError as error:
            self.failed += 1
            print(f"FAIL  {name}: {error}")
        except Exception:  # noqa: BLE001 - a broken scenario is a failure, reported with its trace
            self.failed += 1
            print(f"FAIL  {name}:\n{traceback.format_exc()}")

    # MARK: - Scenarios

    def first_and_second_run(self):
        workspace = self.workspace()
        first = self.run(workspace, **{"working-directory": "app"})
        second = self.run(workspace, **{"working-directory": "app"})
        self.print_timings(first, second)
        self.installed = first.outputs["bin-path"]

        expect_equal(first.status, 0, "first run's status", first)
        expect_equal(first.outputs["cache-hit"], "false", "first run's cache-hit", first)
        expect_equal(first.step("build").outputs.get("built"), "true", "first run compiles", first)
        expect_equal(len(os.listdir(self.cache)), 1, "cache entries saved by the first run", first)
        expect_equal(second.outputs["cache-hit"], "true", "second run's cache-hit", second)
        expect_equal(second.step("build").outputs.get("built"), "false", "second run compiles nothing", second)
        for run in (first, second):
            for name, value in {"exit-code": "0", "lint-exit-code": "0", "diff-exit-code": "0",
                                "breaking-changes": "0", "check-code-exit-code": ""}.items():
                expect_equal(run.outputs[name], value, f"output {name}", run)
            expect_equal(run.path_additions, [run.outputs["bin-path"]], "folder added to PATH", run)
            expect_in("| `lint` | ✅ no errors |", run.summary, "summary row for lint", run)
            expect_in("| `diff` | ✅ deployable |", run.summary, "summary row for diff", run)
            expect_in("### ckschema diff: `production` → `schemas`", run.summary, "Markdown diff in summary", run)
        for product in ("ckschema",):
            mode = os.stat(os.path.join(second.outputs["bin-path"], product)).st_mode
            assert mode & stat.S_IXUSR, f"{product} is not executable in the restored folder"

    def breaking_change_fails_the_job(self):
        workspace = self.workspace(NOTE_YAML.replace("      body:  string\n", ""))
        run = self.run(workspace, **{"working-directory": "app"})
        expect_equal(run.status, 1, "status", run)
        for name, value in {"exit-code": "1", "lint-exit-code": "0", "diff-exit-code": "1",
                            "breaking-changes": "1"}.items():
            expect_equal(run.outputs[name], value, f"output {name}", run)
        expect_in("::error file=app/schemas/Note.yaml,line=2,col=3,title=field_no_delete::", run.stdout,
                  "breaking annotation at the schema, relative to the repository", run)
        expect_in("| `diff` | ❌ 1 breaking change |", run.summary, "summary row", run)
        expect_in("**Not deployable**", run.summary, "Markdown diff says so", run)

    def strict_makes_warnings_fail(self):
        public = NOTE_YAML.replace("    database: private\n", "")
        workspace = self.workspace(public)
        lenient = self.run(workspace, commands="lint", **{"working-directory": "app"})
        expect_equal(lenient.outputs["lint-exit-code"], "0", "lint without strict", lenient)
        expect_in("::warning file=app/schemas/Note.yaml,line=2,col=3,title=public_type_has_grants::",
                  lenient.stdout, "warning annotation", lenient)
        expect_equal(lenient.outputs["diff-exit-code"], "", "diff did not run", lenient)
        strict = self.run(workspace, commands="lint", strict="true", **{"working-directory": "app"})
        expect_equal(strict.status, 1, "status with strict", strict)
        expect_equal(strict.outputs["lint-exit-code"], "1", "lint with strict", strict)

    def could_not_run_is_exit_2(self):
        workspace = self.workspace()
        run = self.run(workspace, commands="lint,diff", config="missing.yaml", **{"working-directory": "app"})
        expect_equal(run.status, 2, "status", run)
        for name, value in {"exit-code": "2", "lint-exit-code": "2", "diff-exit-code": "2",
                            "breaking-changes": ""}.items():
            expect_equal(run.outputs[name], value, f"output {name}", run)
        expect_in("::error title=ckschema lint::", run.stdout, "error annotation for lint", run)
        expect_in("⛔ could not run (exit 2)", run.summary, "summary row", run)

    def bad_inputs_are_exit_2(self):
        workspace = self.workspace()
        unknown = self.run(workspace, commands="lint lnt", **{"working-directory": "app"})
        expect_equal(unknown.status, 2, "status for an unknown command", unknown)
        expect_in("unknown command 'lnt'", unknown.stdout, "message", unknown)
        expect_equal(unknown.outputs["lint-exit-code"], "", "nothing ran", unknown)
        strict = self.run(workspace, strict="maybe", **{"working-directory": "app"})
        expect_equal(strict.status, 2, "status for strict: maybe", strict)
        expect_in("input 'strict' must be true or false", strict.stdout, "message", strict)

    def install_only(self):
        workspace = self.workspace()
        run = self.run(workspace, commands="")
        expect_equal(run.status, 0, "status", run)
        expect_equal(run.outputs["exit-code"], "0", "exit-code", run)
        expect_equal(run.outputs["lint-exit-code"], "", "lint did not run", run)
        expect_equal(run.summary, "", "no summary", run)
        expect_equal(run.path_additions, [run.outputs["bin-path"]], "ckschema on PATH", run)

    def paths_at_the_root_and_absolute(self):
        workspace = self.workspace(NOTE_YAML.replace("      body:  string\n", ""), folder=".")
        at_root = self.run(workspace, commands="diff")
        expect_in("::error file=schemas/Note.yaml,line=2,col=3,title=field_no_delete::", at_root.stdout,
                  "annotation path at the workspace root", at_root)
        absolute = self.run(workspace, commands="diff", schema=os.path.join(workspace, "schemas"))
        expect_in("::error file=schemas/Note.yaml,line=2,col=3,title=field_no_delete::", absolute.stdout,
                  "absolute path made relative to the workspace", absolute)

    def checker_seed(self):
        """A cache entry holding ckschema and ckschema-check-code, for the commands that need both.

        Building ckschema-check-code in release mode compiles swift-syntax (minutes), so the cache is seeded with
        the release ckschema and the checker CI has already built in debug mode (.build/debug); a run is then
        exactly a cache hit."""
        seed = os.path.join(self.root, "seed-check-code")
        if not os.path.isdir(seed):
            checker = os.path.join(REPOSITORY, ".build", "debug", "ckschema-check-code")
            if not os.access(checker, os.X_OK):
                raise AssertionError(f"{checker} is not built; run 'swift build --product ckschema-check-code' first")
            os.makedirs(seed)
            shutil.copy2(os.path.join(self.installed, "ckschema"), seed)
            shutil.copy2(checker, seed)
        return seed

    def check_code(self):
        """check-code (opt-in) runs the external subcommand ckschema-check-code, which the action installs too."""
        # The project is the repository's example app, which uses fields that production does not have yet.
        seed = self.checker_seed()
        workspace = os.path.join(self.root, "workspace-check-code")
        for folder in ("Examples/CloudJournal", "schemas", "environments"):
            shutil.copytree(os.path.join(REPOSITORY, folder), os.path.join(workspace, folder), symlinks=True)
        inputs = {"working-directory": "Examples/CloudJournal"}
        production = self.run(workspace, seed_cache=seed, commands="lint check-code", **inputs)
        expect_equal(production.outputs["cache-hit"], "true", "restored with the checker", production)
        expect_equal(production.outputs["check-code-exit-code"], "1", "check-code against production", production)
        expect_equal(production.status, 1, "status", production)
        expect_in("::error file=Examples/CloudJournal/Sources/CloudJournal/", production.stdout,
                  "annotation at the app's source, relative to the repository", production)
        expect_in("title=code_field_missing::", production.stdout, "the missing-field rule", production)
        expect_in("| `check-code` | ❌ findings |", production.summary, "summary row", production)

        clean = self.workspace()
        write(os.path.join(clean, "app", "Sources", "Notes", "Notes.swift"), textwrap.dedent("""\
            import CloudKit

            func makeNote(titled title: String) -> CKRecord {
                let record = CKRecord(recordType: "Note")
                record["title"] = title
                return record
            }
            """))
        passing = self.run(clean, seed_cache=seed, commands="check-code", strict="true",
                           **{"working-directory": "app"})
        expect_equal(passing.status, 0, "status of code that uses only what production has", passing)
        expect_equal(passing.outputs["check-code-exit-code"], "0", "check-code's status", passing)

    def doctor(self):
        """doctor (opt-in): annotations at the app's files, the table in the summary, SARIF for code scanning."""
        seed = self.checker_seed()
        workspace = self.workspace()
        app = os.path.join(workspace, "app")
        shutil.copytree(os.path.join(APP_FIXTURES, "Misconfigured"), app, dirs_exist_ok=True)
        shutil.copytree(os.path.join(APP_FIXTURES, "Clean"), os.path.join(app, "clean"))
        broken = self.run(workspace, seed_cache=seed, commands="doctor", **{"working-directory": "app",
                                                                           "doctor-sarif": "out/doctor.sarif"})
        expect_equal(broken.outputs["cache-hit"], "true", "restored with the checker", broken)
        expect_equal(broken.status, 1, "status", broken)
        expect_equal(broken.outputs["doctor-exit-code"], "1", "doctor's status", broken)
        expect_in("::error file=app/Widget/Widget.entitlements,line=5,col=2,title=app_cloudkit_without_containers::",
                  broken.stdout, "annotation at the entitlements, relative to the repository", broken)
        expect_in("| `doctor` | ❌ findings |", broken.summary, "summary row", broken)
        expect_in("### ckschema doctor", broken.summary, "doctor's report in the summary", broken)
        expect_in("TARGET ", broken.summary, "the table of targets in the summary", broken)
        with open(os.path.join(app, "out", "doctor.sarif"), encoding="utf-8") as file:
            sarif = json.load(file)
        uris = {location["physicalLocation"]["artifactLocation"]["uri"]
                for result in sarif["runs"][0]["results"] for location in result["locations"]}
        expect_equal(sorted(uri for uri in uris if not uri.startswith("app/")), [],
                     "SARIF paths relative to the repository", broken)
        expect_in("app/Widget/Widget.entitlements", uris, "SARIF result at the widget's entitlements", broken)

        # The clean app's own configuration: the folder's names another container.
        clean = self.run(workspace, seed_cache=seed, commands="doctor", strict="true", config="clean/ckschema.yaml",
                         **{"working-directory": "app", "doctor-path": "clean"})
        expect_equal(clean.status, 0, "status of a correctly configured app, strict", clean)
        expect_equal(clean.outputs["doctor-exit-code"], "0", "doctor's status", clean)
        expect_in("| `doctor` | ✅ no problems |", clean.summary, "summary row", clean)
        expect_in("iCloud.com.example.Journal", clean.summary, "the table names the container", clean)

        # An absolute doctor-path: SARIF's file:// URIs inside the workspace become relative to the repository.
        absolute = self.run(workspace, seed_cache=seed, commands="doctor", config="ckschema.yaml",
                            **{"working-directory": "app", "doctor-path": os.path.join(app, "Widget", ".."),
                               "doctor-sarif": "absolute.sarif"})
        with open(os.path.join(app, "absolute.sarif"), encoding="utf-8") as file:
            uris = {location["physicalLocation"]["artifactLocation"]["uri"]
                    for result in json.load(file)["runs"][0]["results"] for location in result["locations"]}
        expect_in("app/Widget/Widget.entitlements", uris, "absolute path made relative to the repository", absolute)

    # MARK: - Report

    def print_timings(self, first, second):
        def line(run, label):
            steps = ", ".join(f"{step.id.lstrip('_')} {step.seconds:.2f} s" for step in run.steps if step.ran)
            total = sum(step.seconds for step in run.steps if step.ran)
            print(f"timing: {label}: {total:.1f} s ({steps})")
        line(first, "first run (cache miss)")
        line(second, "second run (cache hit)")
        size = sum(os.path.getsize(os.path.join(first.outputs["bin-path"], name))
                   for name in os.listdir(first.outputs["bin-path"]))
        print(f"timing: cached folder {size / 1_000_000:.1f} MB")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def describe(run):
    return f"\n--- output ---\n{run.stdout}\n--- summary ---\n{run.summary}\n--- outputs ---\n{run.outputs}"


def expect_equal(actual, expected, what, run):
    assert actual == expected, f"{what}: expected {expected!r}, got {actual!r}{describe(run)}"


def expect_in(part, text, what, run):
    assert part in text, f"{what}: {part!r} not found{describe(run)}"


def main():
    root = tempfile.mkdtemp(prefix="ckschema-action-")
    try:
        scenarios = Scenarios(root)
        scenarios.check("first run builds and caches, second run restores", scenarios.first_and_second_run)
        if scenarios.failed:
            print("the first run failed; the other scenarios need its build")
        else:
            scenarios.check("a breaking change fails the job with an annotation", scenarios.breaking_change_fails_the_job)
            scenarios.check("strict makes lint warnings fail", scenarios.strict_makes_warnings_fail)
            scenarios.check("a command that could not run is exit 2", scenarios.could_not_run_is_exit_2)
            scenarios.check("bad inputs are exit 2", scenarios.bad_inputs_are_exit_2)
            scenarios.check("no commands only installs", scenarios.install_only)
            scenarios.check("annotation paths at the root and absolute", scenarios.paths_at_the_root_and_absolute)
            scenarios.check("check-code", scenarios.check_code)
            scenarios.check("doctor", scenarios.doctor)
        print(f"{scenarios.passed} passed, {scenarios.failed} failed")
        return 1 if scenarios.failed else 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
