"""Checks docs/ckschema.schema.json against real documents (see check-json-schema.sh)."""
import datetime
import json
import pathlib
import sys

import jsonschema
from ruamel.yaml import YAML

yaml = YAML(typ="safe", pure=True)

# Documents the YAML reader refuses; each must fail the JSON Schema too.
INVALID = {
    "unknown top-level key": "record_types: {}",
    "a list at the top": "- roles",
    "unknown record-type key": "recordTypes: { Note: { feilds: {} } }",
    "unknown field key": "recordTypes: { Note: { fields: { title: { type: string, index: [queryable] } } } }",
    "unknown type name": "recordTypes: { Note: { fields: { title: boolean } } }",
    "nested list": "recordTypes: { Note: { fields: { tags: list<list<string>> } } }",
    "field without type": "recordTypes: { Note: { fields: { title: { indexes: [queryable] } } } }",
    "field with null": "recordTypes: { Note: { fields: { title: ~ } } }",
    "encrypted as text": "recordTypes: { Note: { fields: { body: { type: string, encrypted: yes } } } }",
    "unknown index": "recordTypes: { Note: { fields: { title: { type: string, indexes: [fulltext] } } } }",
    "enum on bool": "recordTypes: { Note: { fields: { done: { type: bool, enum: [a] } } } }",
    "preferredAs on string": "recordTypes: { Note: { fields: { n: { type: string, preferredAs: int64 } } } }",
    "unknown database": "recordTypes: { Note: { database: cloud } }",
    "unknown action": "recordTypes: { Note: { fields: { r: { type: reference, action: cascade } } } }",
    "unknown system field": "recordTypes: { Note: { systemFields: { recordName: [queryable] } } }",
    "unknown permission": "recordTypes: { Note: { grants: { _world: [delete] } } }",
    "empty grant entry": "recordTypes: { Note: { grants: [ {} ] } }",
    "null default": "recordTypes: { Note: { fields: { n: { type: int64, default: ~ } } } }",
    "mapping default": "recordTypes: { Note: { fields: { n: { type: int64, default: { a: 1 } } } } }",
    "null role": "roles: [~]",
    "dualWrite without a migration": "recordTypes: { E: { fields: { a: { type: bool, dualWrite: true } } } }",
    "lossy without a migration": "recordTypes: { E: { fields: { a: { type: bool, lossy: false } } } }",
    "renamedFrom and replaces": "recordTypes: { E: { fields: { a: { type: bool, renamedFrom: b, "
    "replaces: { field: c, type: int64 } } } } }",
    "replaces without type": "recordTypes: { E: { fields: { a: { type: double, replaces: { field: b } } } } }",
    "replaces as a name": "recordTypes: { E: { fields: { a: { type: double, replaces: b } } } }",
    "unknown key in replaces": "recordTypes: { E: { fields: { a: { type: double, "
    "replaces: { field: b, type: int64, lossy: true } } } } }",
    "dualWrite as text": "recordTypes: { E: { fields: { a: { type: bool, renamedFrom: b, dualWrite: yes } } } }",
}


def plain(value):
    """The YAML value as JSON sees it: keys as text, dates as text (YAML 1.2 has no timestamps)."""
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def main():
    schema_path, schemas_dir, rules_path = sys.argv[1:4]
    schema = json.loads(pathlib.Path(schema_path).read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    passed, failed = 0, 0

    def expect(name, text, valid):
        nonlocal passed, failed
        errors = list(validator.iter_errors(plain(yaml.load(text))))
        if (not errors) == valid:
            passed += 1
        else:
            failed += 1
            detail = "; ".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:3])
            print(f"FAIL {name}: expected {'valid' if valid else 'invalid'}{': ' + detail if detail else ''}")

    for path in sorted(pathlib.Path(schemas_dir).rglob("*.y*ml")):
        expect(str(path), path.read_text(encoding="utf-8"), True)
    catalog = json.loads(pathlib.Path(rules_path).read_text(encoding="utf-8"))
    for rule in catalog["rules"]:
        if rule["kind"] != "lint":
            continue  # only lint examples are whole schemas on their own
        examples = rule["triggeringExamples"] + rule["nonTriggeringExamples"]
        for number, example in enumerate(e for e in examples if e["language"] == "yaml"):
            for part, text in enumerate(example["files"]):
                expect(f"{rule['id']} example {number} file {part}", text, True)
    for name, text in INVALID.items():
        expect(f"invalid: {name}", text, False)
    print(f"json-schema: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
