"""Prints the Mermaid diagram of ckschema's targets and their dependencies, from `swift package dump-package`.

docs/architecture.md carries its output between the `targets-diagram` markers; `.ci/run` runs
`scripts/architecture-diagram.py --check` so the diagram cannot drift from Package.swift.

    swift package dump-package | python3 scripts/architecture-diagram.py            # print
    swift package dump-package | python3 scripts/architecture-diagram.py --check    # compare with the doc
"""
import json
import sys

BEGIN, END = "<!-- targets-diagram:begin -->", "<!-- targets-diagram:end -->"


def dependencies(target):
    """The names of the package's own targets and of the outside packages that `target` depends on."""
    names = []
    for dependency in target["dependencies"]:
        if "byName" in dependency:
            names.append(dependency["byName"][0])
        elif "target" in dependency:
            names.append(dependency["target"][0])
        elif "product" in dependency:
            product, package = dependency["product"][0], dependency["product"][1]
            names.append(f"{package}/{product}")
    return names


# Every target depends on it; the document says so once instead of drawing an arrow from each.
EVERYONE_USES = "CKSchemaCore"


def node(name):
    """A Mermaid node: an identifier without `-` or `/`, labelled with the name."""
    identifier = name.replace("/", "_").replace("-", "_")
    return identifier if identifier == name else f'{identifier}["{name}"]'


def diagram(package):
    """Library and executable targets (not tests, stand-ins or SwiftPM plugins) as a top-down graph."""
    shown = [t for t in package["targets"]
             if t["type"] in ("regular", "executable") and not t.get("path", "").startswith("Tests/")]
    lines = ["```mermaid", "graph TD"]
    for target in sorted(shown, key=lambda t: t["name"]):
        drawn = sorted(set(dependencies(target)) - {EVERYONE_USES})
        if not drawn:
            lines.append(f"    {node(target['name'])}")
        for dependency in drawn:
            lines.append(f"    {node(target['name'])} --> {node(dependency)}")
    lines.append("```")
    return "\n".join(lines) + "\n"


def main():
    text = diagram(json.load(sys.stdin))
    if "--check" not in sys.argv:
        sys.stdout.write(text)
        return 0
    with open("docs/architecture.md", encoding="utf-8") as document:
        doc = document.read()
    if BEGIN not in doc or END not in doc:
        print("docs/architecture.md has no targets-diagram markers", file=sys.stderr)
        return 1
    current = doc.split(BEGIN, 1)[1].split(END, 1)[0].strip() + "\n"
    if current != text:
        print("docs/architecture.md's target diagram differs from Package.swift; replace it with the output of\n"
              "  swift package dump-package | python3 scripts/architecture-diagram.py", file=sys.stderr)
        return 1
    print("architecture diagram matches Package.swift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
