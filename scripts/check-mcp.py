#!/usr/bin/env python3
"""Drives ckschema-mcp through the official MCP Python SDK (`pip install mcp`), a client this project did not
write: initialize, list tools, resources and prompts, call every tool on the example project and on broken
inputs, and check each result against `ckschema … --format json` for the same input. Prints the latency of a
tool call after start-up. Exits 1 when a check fails.

Usage: scripts/check-mcp.py CKSCHEMA CKSCHEMA_MCP [--transcript FILE]   (run by scripts/check-mcp.sh)
"""
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import jsonschema  # installed with mcp

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CKSCHEMA, SERVER = (os.path.abspath(p) for p in sys.argv[1:3])
TRANSCRIPT = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--transcript" else None
TOKEN = "ckmt-0123456789abcdef-secret"
TOOLS = ["lint", "explain_rule", "list_rules", "validate_records", "diff", "convert", "generate_preview", "generate",
         "deploy_plan", "check_code", "check_models", "doctor"]
WRITING_TOOLS = ["convert", "generate"]  # not read-only when the server is started with --allow-writes
TRIPS = "Examples/CoreDataTrips/Trips.xcdatamodeld"
failures = []
transcript = []
output_schemas = {}  # tool name → its output schema, from tools/list


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def cli(project, *arguments, expect=(0, 1)):
    """ckschema's standard output for `arguments`, run in `project` as a user would."""
    run = subprocess.run([CKSCHEMA, *arguments], cwd=project, capture_output=True, text=True, timeout=120)
    check(run.returncode in expect, f"ckschema {' '.join(arguments)} exits {run.returncode} (expected {expect})")
    return run.stdout


async def call(session, name, arguments):
    """The tool's result: (is_error, summary text, structured content)."""
    result = await session.call_tool(name, arguments)
    texts = [c.text for c in result.content if getattr(c, "type", "") == "text"]
    if not result.is_error and name in output_schemas:
        try:
            jsonschema.validate(result.structured_content, output_schemas[name])
        except jsonschema.ValidationError as error:
            check(False, f"{name}'s result matches its output schema ({error.message})")
    transcript.append({"request": {"method": "tools/call", "params": {"name": name, "arguments": arguments}},
                       "result": {"isError": result.is_error, "summary": texts[0] if texts else None}})
    return result.is_error, texts[0] if texts else "", result.structured_content


async def refused(session, name, arguments, words):
    """Whether the call is refused with an MCP error whose message holds `words`."""
    try:
        await session.call_tool(name, arguments)
    except MCPError as error:
        transcript.append({"request": {"method": "tools/call", "params": {"name": name, "arguments": arguments}},
                           "error": str(error)})
        return words in str(error)
    return False


def served(project, environment=None, log=sys.stderr, arguments=()):
    return stdio_client(StdioServerParameters(command=SERVER, args=["--project", project, *arguments],
                                              env={**os.environ, **(environment or {})}), errlog=log)


async def example_project(session):
    """Every tool on the repository's example project, against the command line's JSON."""
    tools = await session.list_tools()
    names = [tool.name for tool in tools.tools]
    check(names == TOOLS, f"tools/list lists the {len(TOOLS)} tools ({names})")
    check(all(tool.input_schema.get("type") == "object" for tool in tools.tools), "every tool has an object input schema")
    check(all((tool.annotations and tool.annotations.read_only_hint) for tool in tools.tools), "every tool is read-only")
    output_schemas.update({tool.name: tool.output_schema for tool in tools.tools if tool.output_schema})
    check(len(output_schemas) == len(TOOLS), "every tool has an output schema")

    for arguments, command in [({}, ["lint"]), ({"paths": ["production"]}, ["lint", "production"]),
                               ({"paths": ["schemas/Category.yaml", "environments/development.ckdb"]},
                                ["lint", "schemas/Category.yaml", "environments/development.ckdb"])]:
        error, summary, document = await call(session, "lint", arguments)
        expected = json.loads(cli(REPO, *command, "--format", "json"))
        check(not error and document == expected, f"lint {arguments} is `ckschema {' '.join(command)} --format json`")
    check(summary.endswith("no problems"), f"lint's summary says what it checked ({summary!r})")

    for arguments, command in [({}, []), ({"kind": "breaking"}, ["--kind", "breaking"])]:
        _, _, document = await call(session, "list_rules", arguments)
        check(document == json.loads(cli(REPO, "rules", *command, "--format", "json")),
              f"list_rules {arguments} is `ckschema rules {' '.join(command)} --format json`")
    error, summary, document = await call(session, "explain_rule", {"id": "field_no_delete"})
    check(not error and document == json.loads(cli(REPO, "rules", "field_no_delete", "--format", "json")),
          "explain_rule is `ckschema rules ID --format json`")
    check(summary.strip() == cli(REPO, "rules", "field_no_delete").strip(), "explain_rule's text is `ckschema rules ID`")

    for arguments, command in [({}, []), ({"from": "development", "to": "production"},
                                          ["--from", "development", "--to", "production"]),
                               ({"from": "environments/production.ckdb", "to": "schemas"},
                                ["--from", "environments/production.ckdb", "--to", "schemas"])]:
        error, _, document = await call(session, "diff", arguments)
        check(not error and document == json.loads(cli(REPO, "diff", *command, "--format", "json")),
              f"diff {arguments} is `ckschema diff {' '.join(command)} --format json`")

    for arguments, command in [({"input": "environments/production.ckdb"}, ["environments/production.ckdb"]),
                               ({"input": "schemas", "to": "ckdb"}, ["schemas", "--to", "ckdb"]),
                               ({"input": "development", "to": "yaml"}, ["development", "--to", "yaml"])]:
        error, _, document = await call(session, "convert", arguments)
        check(not error and document["text"] == cli(REPO, "convert", *command, expect=(0,)),
              f"convert {arguments} returns `ckschema convert {' '.join(command)}`")

    with tempfile.TemporaryDirectory() as output:
        cli(REPO, "generate", "swift", "--output", output, expect=(0,))
        error, _, document = await call(session, "generate_preview", {"record_type": "JournalEntry"})
        with open(os.path.join(output, "JournalEntry.swift")) as file:
            check(not error and document["file"] == "JournalEntry.swift" and document["text"] == file.read(),
                  "generate_preview returns the JournalEntry.swift `ckschema generate swift` writes")
        plan_file = os.path.join(output, "plan.json")
        cli(REPO, "deploy", "--to", "development", "--plan", plan_file, expect=(0,))
        error, summary, document = await call(session, "deploy_plan", {"to": "development"})
        with open(plan_file) as file:
            expected = json.load(file)
        check(not error and {**document, "createdAt": None} == {**expected, "createdAt": None},
              "deploy_plan's document is the plan `ckschema deploy --plan` writes (but its time)")
        dry_run = cli(REPO, "deploy", "--to", "development", "--dry-run", expect=(0,))
        check(summary.strip() == dry_run.strip(), "deploy_plan's text is what `ckschema deploy --dry-run` prints")

    # Core Data models are read by ckschema itself; Swift code needs ckschema-check-code (swift-syntax).
    models = "Examples/CoreDataTrips/Trips.xcdatamodeld"
    error, summary, document = await call(session, "check_models", {"paths": [models], "against": "development"})
    expected = json.loads(cli(REPO, "check-models", models, "--against", "development", "--format", "json"))
    check(not error and document == expected, "check_models is `ckschema check-models --format json`")
    error, summary, document = await call(session, "check_code", {"paths": ["Examples/CloudJournal/Sources"]})
    # The server finds ckschema-check-code beside itself, then on PATH: so does this check.
    if os.access(os.path.join(os.path.dirname(SERVER), "ckschema-check-code"), os.X_OK) \
            or shutil.which("ckschema-check-code"):
        expected = json.loads(cli(REPO, "check-code", "Examples/CloudJournal/Sources", "--format", "json"))
        check(document == expected, "check_code is `ckschema check-code --format json`")
        swift_models = "Examples/CloudJournal/Models"
        error, summary, document = await call(session, "check_models", {"paths": [swift_models]})
        expected = json.loads(cli(REPO, "check-models", swift_models, "--format", "json"))
        check(not error and document == expected, "check_models on SwiftData models is `ckschema check-models --format json`")
    else:
        check(error and "not installed" in summary, f"check_code without ckschema-check-code is a tool error ({summary!r})")

    resources = {str(resource.uri): resource for resource in (await session.list_resources()).resources}
    for uri in ["ckschema://schema.ckdb", "ckschema://rules.json", "ckschema://file/schemas/JournalEntry.yaml",
                "ckschema://file/environments/production.ckdb", "ckschema://docs/cloudkit-facts.md"]:
        check(uri in resources, f"resources/list offers {uri}")
    contents = (await session.read_resource("ckschema://schema.ckdb")).contents[0].text
    check(contents == cli(REPO, "convert", "schemas", "--to", "ckdb", expect=(0,)), "schema.ckdb is `ckschema convert schemas`")
    contents = (await session.read_resource("ckschema://file/environments/production.ckdb")).contents[0].text
    with open(os.path.join(REPO, "environments/production.ckdb")) as file:
        check(contents == file.read(), "a snapshot resource is the snapshot file")
    try:
        await session.read_resource("ckschema://file/Package.swift")
        check(False, "a project file that is not a resource cannot be read")
    except MCPError:
        check(True, "a project file that is not a resource cannot be read")

    with open(os.path.join(REPO, "docs/cloudkit-facts.md")) as file:
        facts = (await session.read_resource("ckschema://docs/cloudkit-facts.md")).contents[0].text
        check(facts == file.read(), "the CloudKit facts resource is docs/cloudkit-facts.md (embedded in the server)")

    prompts = [prompt.name for prompt in (await session.list_prompts()).prompts]
    check(prompts == ["review_schema_change", "make_models_cloudkit_compatible"], f"prompts/list ({prompts})")
    review = await session.get_prompt("review_schema_change", {"environment": "production"})
    check("deploy_plan" in review.messages[0].content.text, "the review prompt walks through the tools")

    # Latency: each call once the server runs (the median of five lints, and the slowest).
    timings = []
    for _ in range(5):
        start = time.monotonic()
        await session.call_tool("lint", {})
        timings.append((time.monotonic() - start) * 1000)
    print(f"latency: lint on the example, after start-up: median {statistics.median(timings):.0f} ms, "
          f"slowest {max(timings):.0f} ms (goal: under 200 ms)")
    check(statistics.median(timings) < 200, "a tool call on the example answers in under 200 ms")


async def sources_and_models(session):
    """git: and models: sources in diff, lint and convert, against the command line's JSON; what stays refused."""
    for name, arguments, command in [
            ("diff", {"from": "git:HEAD:schemas"}, ["diff", "--from", "git:HEAD:schemas"]),
            ("diff", {"from": "git:HEAD:environments/production.ckdb", "to": "development"},
             ["diff", "--from", "git:HEAD:environments/production.ckdb", "--to", "development"]),
            ("diff", {"to": f"models:{TRIPS}"}, ["diff", "--to", f"models:{TRIPS}"]),
            ("diff", {"from": f"models:git:HEAD:{TRIPS}", "to": f"models:{TRIPS}"},
             ["diff", "--from", f"models:git:HEAD:{TRIPS}", "--to", f"models:{TRIPS}"]),
            ("lint", {"paths": [f"models:{TRIPS}"]}, ["lint", f"models:{TRIPS}"])]:
        error, summary, document = await call(session, name, arguments)
        expected = json.loads(cli(REPO, *command, "--format", "json"))
        check(not error and document == expected, f"{name} {arguments} is `ckschema {' '.join(command)} --format json`")
    error, _, document = await call(session, "convert", {"input": f"models:{TRIPS}"})
    check(not error and document["language"] == "ckdb" and document["text"] == cli(REPO, "convert", f"models:{TRIPS}", expect=(0,)),
          "convert of models: returns the .ckdb `ckschema convert models:…` prints")
    for name, arguments, words in [
            ("diff", {"from": "git:HEAD:../outside"}, "outside the project"),
            ("diff", {"to": "models:/etc"}, "outside the project"),
            ("diff", {"to": "models:git:HEAD:../../etc"}, "outside the project"),
            ("lint", {"paths": ["-"]}, "standard input"),
            ("diff", {"from": "staging"}, "unknown environment"),
            ("convert", {"input": "schemas", "output": "out.ckdb"}, "--allow-writes"),
            ("generate", {"generator": "swift"}, "--allow-writes")]:
        check(await refused(session, name, arguments, words), f"{name} {arguments} is refused ({words})")
    check(not os.path.exists(os.path.join(REPO, "out.ckdb")), "and the read-only server wrote nothing")
    error, summary, _ = await call(session, "diff", {"from": "git:no-such-revision:schemas"})
    check(error and "unknown git revision" in summary, f"an unknown revision is a tool error ({summary!r})")


async def models_project(session, project):
    """A project whose schema is its Core Data model (models: in ckschema.yaml): lint, diff, convert, deploy_plan."""
    for name, arguments, command in [("lint", {}, ["lint"]), ("diff", {}, ["diff"]),
                                     ("diff", {"from": "production", "to": "development"},
                                      ["diff", "--from", "production", "--to", "development"])]:
        error, summary, document = await call(session, name, arguments)
        expected = json.loads(cli(project, *command, "--format", "json"))
        check(not error and document == expected, f"models project: {name} {arguments} is `ckschema {' '.join(command)} "
              f"--format json` ({summary.splitlines()[-1] if summary else ''})")
        if name == "diff" and not arguments:
            check(document["candidate"]["name"] == "models:Trips.xcdatamodeld", "and the project schema is its models")
    # Swift models and code are read by a program that follows links: a link out inside a folder is refused.
    os.makedirs(os.path.join(project, "Leaky"))
    os.symlink(os.path.dirname(project), os.path.join(project, "Leaky", "out"))
    for name, arguments in [("diff", {"to": "models:Leaky"}), ("lint", {"paths": ["models:Trips.xcdatamodeld,Leaky"]}),
                            ("check_code", {"paths": ["Leaky"]}), ("check_models", {"paths": ["Leaky"]})]:
        check(await refused(session, name, arguments, "outside the project"), f"{name} {arguments} (a link out inside) is refused")
    error, _, document = await call(session, "convert", {"input": "Trips.xcdatamodeld"})
    check(error, "a model file is not a schema file: convert names models: for it")
    error, _, document = await call(session, "convert", {"input": "models:Trips.xcdatamodeld"})
    check(not error and document["text"] == cli(project, "convert", "models:Trips.xcdatamodeld", expect=(0,)),
          "models project: convert models: is `ckschema convert`")


async def writes_project(session, project, outside):
    """A server started with --allow-writes: convert and generate write inside the project as the CLI does, and
    nothing is written outside; lint runs the access tests as `ckschema lint` does."""
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    check(all((not tools[name].annotations.read_only_hint) == (name in WRITING_TOOLS) for name in TOOLS),
          "with --allow-writes, convert and generate are announced as writing, the others read-only")

    error, summary, document = await call(session, "convert", {"input": "schemas", "to": "ckdb",
                                                                "output": "out/schema.ckdb"})
    with open(os.path.join(project, "out/schema.ckdb")) as file:
        check(not error and file.read() == cli(project, "convert", "schemas", "--to", "ckdb", expect=(0,))
              and document["written"] == ["out/schema.ckdb"], f"convert writes the file `ckschema convert` prints ({summary!r})")
    error, summary, _ = await call(session, "convert", {"input": "environments/production.ckdb", "output": "split/"})
    cli(project, "convert", "environments/production.ckdb", "-o", "split-cli/", expect=(0,))
    check(not error and folder_files(os.path.join(project, "split")) == folder_files(os.path.join(project, "split-cli")),
          f"convert into a folder writes the files `ckschema convert -o DIR/` writes ({summary!r})")

    error, summary, document = await call(session, "generate", {"generator": "swift", "check": True})
    check(not error and document["current"] is False and "JournalEntry.swift" in document["stale"],
          "generate check lists the stale files and writes nothing")
    check(not os.path.exists(os.path.join(project, "Generated")), "(nothing was written)")
    error, summary, document = await call(session, "generate", {"generator": "swift"})
    with tempfile.TemporaryDirectory() as expected:
        cli(project, "generate", "swift", "--output", expected, expect=(0,))
        check(not error and folder_files(os.path.join(project, "Generated")) == folder_files(expected),
              f"generate writes the files `ckschema generate swift` writes ({summary!r})")
    cli(project, "generate", "swift", "--check", expect=(0,))
    error, _, document = await call(session, "generate", {"generator": "swift", "check": True})
    check(not error and document["current"] is True, "and then both say the output is current")

    for arguments in [{"output": "../escape.ckdb"}, {"output": os.path.join(outside, "escape.ckdb")},
                      {"output": "link/escape.ckdb"}, {"output": "link/"}]:
        check(await refused(session, "convert", {"input": "schemas", **arguments}, "outside the project"),
              f"convert {arguments} is refused")
    check(os.listdir(outside) == [] and not os.path.exists(os.path.join(os.path.dirname(project), "escape.ckdb")),
          "and nothing was written outside the project")

    error, summary, document = await call(session, "lint", {})
    expected = json.loads(cli(project, "lint", "--format", "json"))
    check(not error and document == expected and any(d["id"] == "access_test_failed" for d in document["diagnostics"]),
          f"lint runs the project's access tests, as `ckschema lint --format json` ({summary!r})")
    with open(os.path.join(project, "ckschema.yaml"), "a") as file:
        file.write("  - bad-access.yaml\n")
    with open(os.path.join(project, "bad-access.yaml"), "w") as file:
        file.write("access:\n  - { as: _world, kan: [read], on: PublishedEntry }\n")
    cli(project, "lint", expect=(2,))
    error, summary, document = await call(session, "lint", {})
    check(error and "access tests could not be read" in summary
          and any(d["location"]["file"] == "bad-access.yaml" for d in (document or {}).get("diagnostics", [])),
          f"an access-test file with an unknown key is a tool error with its located problems, as `ckschema lint` "
          f"exits 2 ({summary!r})")


async def doctor_project(session, project):
    """doctor on app fixtures inside a project, against `ckschema doctor --format json`; paths and links out refused."""
    for arguments, command in [({"path": "App"}, ["doctor", "App"]), ({"path": "Clean"}, ["doctor", "Clean"]),
                               ({"path": "Clean/"}, ["doctor", "Clean/"])]:
        error, summary, document = await call(session, "doctor", arguments)
        expected = json.loads(cli(project, *command, "--format", "json"))
        check(not error and document == expected, f"doctor {arguments} is `ckschema {' '.join(command)} --format json` "
              f"({summary.splitlines()[-1] if summary else ''})")
        check(summary.startswith("TARGET"), "and its text starts with the table")
    error, summary, document = await call(session, "doctor", {"path": "App"})
    ids = {d["id"] for d in document["diagnostics"]}
    check({"app_development_containers", "app_container_id_malformed"} <= ids, f"doctor finds the fixture's errors ({summary.splitlines()[-1]!r})")
    if shutil.which("ckschema-check-code"):
        check("app_code_container_not_entitled" in ids, "and reads its Swift code through ckschema-check-code")
    error, summary, document = await call(session, "doctor", {"path": "schemas"})
    cli(project, "doctor", "schemas", expect=(2,))
    check(error and "no Xcode project" in summary, f"a folder with no app is a tool error, as `ckschema doctor` exits 2 ({summary!r})")
    error, summary, _ = await call(session, "doctor", {"path": "Missing"})
    check(error and "not a folder" in summary, f"a folder that does not exist is a tool error ({summary!r})")
    for arguments, words in [({"path": "../"}, "outside the project"), ({"path": "/etc"}, "outside the project"),
                             ({"path": "Leaky"}, "outside the project"),
                             ({"path": 3}, "must be a string"), ({"paths": ["App"]}, "unknown argument")]:
        check(await refused(session, "doctor", arguments, words), f"doctor {arguments} is refused ({words})")


def doctor_fixture(project):
    """The example project with app fixtures: App (misconfigured, with Swift code naming a container it is not
    entitled to), Clean, and Leaky (a linked file leading out of the project)."""
    copy_example(project)
    fixtures = os.path.join(REPO, "Tests/CKSchemaAppTests/Fixtures")
    shutil.copytree(os.path.join(fixtures, "Misconfigured"), os.path.join(project, "App"))
    shutil.copytree(os.path.join(fixtures, "Clean"), os.path.join(project, "Clean"))
    with open(os.path.join(project, "App/App/Sync.swift"), "w") as file:
        file.write('import CloudKit\n\nlet container = CKContainer(identifier: "iCloud.com.example.Elsewhere")\n')
    shutil.copytree(os.path.join(fixtures, "Clean"), os.path.join(project, "Leaky"))
    os.symlink("/etc/hosts", os.path.join(project, "Leaky/Journal/Info.plist"))


def folder_files(folder):
    """Every file under `folder`, relative, with its text."""
    files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            with open(os.path.join(root, name)) as file:
                files[os.path.relpath(os.path.join(root, name), folder)] = file.read()
    return files


def copy_example(folder, extra_configuration=""):
    """The example project's schema, snapshots and configuration (plus `extra_configuration`) in `folder`."""
    for name in ["schemas", "environments", "ckschema.yaml"]:
        source = os.path.join(REPO, name)
        (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(folder, name))
    with open(os.path.join(folder, "ckschema.yaml"), "a") as file:
        file.write(extra_configuration)


async def broken_inputs(session, project):
    """Invalid schemas, unknown rules, paths out of the project, malformed arguments, a huge input, a secret."""
    error, _, document = await call(session, "lint", {})
    expected = json.loads(cli(project, "lint", "--format", "json"))
    check(document == expected and document["summary"]["errors"] > 0,
          "lint of an invalid schema returns its errors, as `ckschema lint --format json`")
    error, summary, _ = await call(session, "convert", {"input": "schemas"})
    check(error and "not a valid schema" in summary, "convert of an invalid schema is a tool error")
    error, summary, _ = await call(session, "explain_rule", {"id": "field_no_delet"})
    check(error and "did you mean 'field_no_delete'" in summary, f"an unknown rule is a tool error naming the closest ({summary!r})")
    error, summary, document = await call(session, "validate_records", {"file": "records.json", "schema": "production"})
    expected = json.loads(cli(project, "validate", "--schema", "production", "records.json", "--format", "json"))
    check(document == expected and expected["summary"]["errors"] > 0, "validate_records (file) is `ckschema validate --format json`")
    with open(os.path.join(project, "records.json")) as file:
        error, summary, inline = await call(session, "validate_records", {"records": file.read(), "schema": "production"})
    check(inline["summary"] == expected["summary"] and summary.startswith("checked 2 records"),
          f"validate_records (inline) finds what it finds in the file ({summary!r})")

    outside = [("lint", {"paths": ["../"]}), ("lint", {"paths": ["/etc/passwd"]}), ("convert", {"input": "out/passwd"}),
               ("lint", {"paths": ["out"]}), ("validate_records", {"file": "schemas/../../records.json"}),
               ("check_code", {"paths": ["/tmp"]})]
    for name, arguments in outside:
        check(await refused(session, name, arguments, "outside the project"), f"{name} {arguments} is refused")
    malformed = [("lint", {"paths": "schemas"}, "array of strings"), ("lint", {"path": ["schemas"]}, "unknown argument"),
                 ("explain_rule", {}, "'id' is required"), ("deploy_plan", {"to": "staging"}, "development or production"),
                 ("no_such_tool", {}, "unknown tool"),
                 ("validate_records", {"records": "[]", "file": "records.json"}, "either inline")]
    for name, arguments, words in malformed:
        check(await refused(session, name, arguments, words), f"{name} {arguments} is refused ({words})")
    start = time.monotonic()
    huge = '{"records": [' + ",".join(['{"recordType": "Category", "fields": {}}'] * 120_000) + "]}"
    check(await refused(session, "validate_records", {"records": huge}, "more than"), f"a {len(huge) >> 20} MiB input is refused")
    print(f"the refusal took {(time.monotonic() - start) * 1000:.0f} ms")
    check(time.monotonic() - start < 10, "and quickly")
    start = time.monotonic()
    check(await refused(session, "validate_records", {"records": huge * 3}, "a message may hold"),
          f"a {len(huge * 3) >> 20} MiB message is refused unread")
    check(time.monotonic() - start < 10, "and quickly")
    error, summary, _ = await call(session, "lint", {})
    check(summary.endswith("warnings, 0 notes") or "error" in summary, f"and the server still answers ({summary!r})")

    resource = (await session.read_resource("ckschema://file/schemas/Category.yaml")).contents[0].text
    check(TOKEN not in resource and "[redacted]" in resource, "the management token never appears in a resource")
    _, summary, document = await call(session, "convert", {"input": "schemas/Category.yaml"})
    check(TOKEN not in json.dumps(document) + summary, "nor in a tool result")
    try:
        await session.call_tool(TOKEN, {})
        check(False, "a tool named like the token is refused")
    except MCPError as error:
        check(TOKEN not in str(error) and "[redacted]" in str(error), "nor in an error message")


def broken_project(folder):
    """A copy of the example whose schema has an error, a symbolic link out, records, and the token in a doc."""
    copy_example(folder)
    with open(os.path.join(folder, "schemas/Broken.yaml"), "w") as file:
        file.write("recordTypes:\n  Broken:\n    fields:\n      title: { type: strin }\n")
    with open(os.path.join(folder, "schemas/Category.yaml"), "a") as file:
        file.write(f"# token {TOKEN}\n")
    os.symlink("/etc", os.path.join(folder, "out"))
    records = [{"recordName": "c1", "recordType": "Category", "fields": {"name": {"value": 3, "type": "INT64"}}},
               {"recordName": "c2", "recordType": "Nope", "fields": {}}]
    with open(os.path.join(folder, "records.json"), "w") as file:
        json.dump({"records": records}, file)


async def main():
    start = time.monotonic()
    async with served(REPO) as (read, write), ClientSession(read, write) as session:
        info = await session.initialize()
        print(f"start-up: initialize answered after {(time.monotonic() - start) * 1000:.0f} ms")
        check(info.server_info.name == "ckschema", "initialize names the server")
        await example_project(session)
        await sources_and_models(session)
    with tempfile.TemporaryDirectory() as folder:
        project = os.path.join(folder, "Trips")
        shutil.copytree(os.path.join(REPO, "Examples/CoreDataTrips"), project)
        async with served(project) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await models_project(session, project)
    with tempfile.TemporaryDirectory() as folder:
        project, outside = os.path.join(folder, "project"), os.path.join(folder, "outside")
        os.makedirs(project)
        os.makedirs(outside)
        copy_example(project, "\ngenerate:\n  swift:\n    output: Generated\n"
                     "access:\n  - { as: _world, can: [read, write], on: [PublishedEntry] }\n")
        os.symlink(outside, os.path.join(project, "link"))
        async with served(project, arguments=["--allow-writes"]) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await writes_project(session, project, outside)
    with tempfile.TemporaryDirectory() as folder:
        doctor_fixture(folder)
        async with served(folder) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await doctor_project(session, folder)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile("w+") as log:
        broken_project(folder)
        async with served(folder, {"CLOUDKIT_MANAGEMENT_TOKEN": TOKEN}, log) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            await broken_inputs(session, folder)
        log.seek(0)
        text = log.read()
        check(TOKEN not in text, f"nor in the server's log ({len(text.splitlines())} lines)")
    if TRANSCRIPT:
        with open(TRANSCRIPT, "w") as file:
            json.dump(transcript, file, indent=2)
    print(f"{len(failures)} failed" if failures else "every check passed")
    sys.exit(1 if failures else 0)


asyncio.run(main())
