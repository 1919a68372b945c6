"""Runs a composite GitHub Action (action.yml) on this machine the way the Actions runner does, for tests.

Each `run:` step is executed with `bash --noprofile --norc -eo pipefail` (GitHub's `shell: bash`), in its
`working-directory` under the workspace, with its `env:` and the runner's variables (GITHUB_ACTION_PATH,
GITHUB_WORKSPACE, RUNNER_TEMP, RUNNER_TOOL_CACHE, and a fresh GITHUB_OUTPUT, GITHUB_PATH, GITHUB_ENV and
GITHUB_STEP_SUMMARY file per step, as the runner gives). `actions/cache/restore` and `actions/cache/save` are
simulated with a folder that stands for the Actions cache. Expressions are evaluated only in the forms the
action uses (`inputs.X`, `steps.ID.outputs.X`, `github.action_path`, and `if:` comparisons of those with a
string); anything else raises, so a change to action.yml that this runner would misread fails loudly.
"""

import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
COMPARISON = re.compile(r"^(\S+)\s*(==|!=)\s*'([^']*)'$")


@dataclass
class StepRecord:
    """What one step did."""
    id: str
    ran: bool
    status: int = 0
    seconds: float = 0.0
    outputs: dict = field(default_factory=dict)


@dataclass
class ActionRun:
    """The outcome of one run of the action."""
    status: int
    outputs: dict
    steps: list
    stdout: str
    summary: str
    path_additions: list

    def step(self, step_id):
        return next(step for step in self.steps if step.id == step_id)


class LocalActionRunner:
    """Runs the action at `action_path` with a simulated Actions cache in `cache_root`."""

    def __init__(self, action_path, cache_root):
        self.action_path = os.path.abspath(action_path)
        self.cache_root = cache_root
        with open(os.path.join(self.action_path, "action.yml"), encoding="utf-8") as file:
            self.action = yaml.safe_load(file)
        if self.action["runs"]["using"] != "composite":
            raise ValueError("only composite actions are supported")

    def run(self, workspace, inputs, tool_cache, seed_cache=None, timeout=1800):
        """Runs every step; `seed_cache` (a folder) is put in the cache under whatever key the action asks for."""
        declared = self.action.get("inputs", {})
        unknown = set(inputs) - set(declared)
        if unknown:
            raise ValueError(f"inputs not declared in action.yml: {sorted(unknown)}")
        values = {name: str(spec.get("default", "")) for name, spec in declared.items()}
        values.update(inputs)
        context = {"inputs": values, "steps": {}}
        records, stdout, summary, path_additions = [], [], [], []
        failed = False
        runner_temp = tempfile.mkdtemp(prefix="runner-temp-")
        try:
            for index, step in enumerate(self.action["runs"]["steps"]):
                step_id = step.get("id", f"__{index}")
                condition = step.get("if")
                if failed or (condition is not None and not self._condition(condition, context)):
                    records.append(StepRecord(step_id, ran=False))
                    context["steps"][step_id] = {"outputs": {}}
                    continue
                started = time.monotonic()
                if "uses" in step:
                    status, outputs, text = self._uses(step, context, seed_cache)
                    lines_summary, lines_path = "", []
                else:
                    status, outputs, text, lines_summary, lines_path = self._run_step(
                        step, context, workspace, tool_cache, runner_temp, timeout)
                record = StepRecord(step_id, ran=True, status=status, seconds=time.monotonic() - started,
                                    outputs=outputs)
                records.append(record)
                context["steps"][step_id] = {"outputs": outputs}
                stdout.append(text)
                summary.append(lines_summary)
                path_additions += lines_path
                failed = status != 0
        finally:
            shutil.rmtree(runner_temp, ignore_errors=True)
        outputs = {name: self._substitute(spec["value"], context)
                   for name, spec in self.action.get("outputs", {}).items()}
        status = next((record.status for record in records if record.ran and record.status != 0), 0)
        return ActionRun(status, outputs, records, "".join(stdout), "".join(summary), path_additions)

    # MARK: - Steps

    def _run_step(self, step, context, workspace, tool_cache, runner_temp, timeout):
        if step.get("shell") != "bash":
            raise ValueError(f"step {step.get('id')}: only 'shell: bash' is supported")
        files = {name: os.path.join(runner_temp, f"{name}-{time.monotonic_ns()}") for name in
                 ("GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_ENV", "GITHUB_STEP_SUMMARY")}
        for path in files.values():
            open(path, "w").close()
        script = os.path.join(runner_temp, "step.sh")
        with open(script, "w", encoding="utf-8") as file:
            file.write(self._substitute(step["run"], context))
        environment = dict(os.environ)
        environment.update({
            "GITHUB_ACTIONS": "true", "CI": "true",
            "GITHUB_ACTION_PATH": self.action_path, "GITHUB_WORKSPACE": workspace,
            "RUNNER_TEMP": runner_temp, "RUNNER_TOOL_CACHE": tool_cache,
        })
        environment.update(files)
        environment.update({name: self._substitute(str(value), context)
                            for name, value in step.get("env", {}).items()})
        directory = os.path.join(workspace, self._substitute(step.get("working-directory", "."), context))
        process = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=directory,
                                 env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 timeout=timeout)
        with open(files["GITHUB_STEP_SUMMARY"], encoding="utf-8") as file:
            summary = file.read()
        with open(files["GITHUB_PATH"], encoding="utf-8") as file:
            path_additions = [line for line in file.read().splitlines() if line]
        return process.returncode, parse_output_file(files["GITHUB_OUTPUT"]), process.stdout, summary, path_additions

    def _uses(self, step, context, seed_cache):
        action = step["uses"]
        arguments = {name: self._substitute(str(value), context) for name, value in step.get("with", {}).items()}
        stored = os.path.join(self.cache_root, arguments["key"])
        path = arguments["path"]
        if action == "actions/cache/restore@v4":
            if seed_cache is not None and not os.path.exists(stored):
                shutil.copytree(seed_cache, stored)
            if not os.path.isdir(stored):
                return 0, {"cache-hit": "false"}, f"Cache not found for input keys: {arguments['key']}\n"
            shutil.rmtree(path, ignore_errors=True)
            shutil.copytree(stored, path)
            return 0, {"cache-hit": "true", "cache-matched-key": arguments["key"]}, "Cache restored\n"
        if action == "actions/cache/save@v4":
            shutil.rmtree(stored, ignore_errors=True)
            shutil.copytree(path, stored)
            return 0, {}, f"Cache saved with key: {arguments['key']}\n"
        raise ValueError(f"no simulation for 'uses: {action}'")

    # MARK: - Expressions

    def _substitute(self, text, context):
        return EXPRESSION.sub(lambda match: self._value(match.group(1), context), text)

    def _value(self, expression, context):
        parts = expression.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return context["inputs"][parts[1]]
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return context["steps"].get(parts[1], {"outputs": {}})["outputs"].get(parts[3], "")
        if expression == "github.action_path":
            return self.action_path
        raise ValueError(f"unsupported expression: {expression}")

    def _condition(self, condition, context):
        match = COMPARISON.match(EXPRESSION.sub(lambda m: m.group(1), condition).strip())
        if not match:
            raise ValueError(f"unsupported condition: {condition}")
        left = self._value(match.group(1), context)
        return (left == match.group(3)) == (match.group(2) == "==")


def parse_output_file(path):
    """Reads a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks."""
    outputs = {}
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, index + 1)
            outputs[name] = "\n".join(lines[index + 1:end])
            index = end + 1
            continue
        if line:
            name, value = line.split("=", 1)
            outputs[name] = value
        index += 1
    return outputs
