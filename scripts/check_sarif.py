"""Loads each SARIF file with sarif-pydantic's SARIF 2.1.0 model and lists properties the model does not know.

Properties that SARIF 2.1.0 defines but sarif-pydantic does not model are allowed by name below. Exit status 1
on any failure, so CI stops."""
import json
import sys

import pydantic
from sarif_pydantic import Sarif

# Defined by SARIF 2.1.0 (§3.14.x run.columnKind, §3.49.x reportingDescriptor.help) but absent from the model.
KNOWN_TO_SARIF = {"$schema", "columnKind", "help", "properties", "tags", "enabled"}


def unknown_keys(model, data, path, found):
    if isinstance(model, pydantic.BaseModel) and isinstance(data, dict):
        fields = type(model).model_fields
        names = set(fields) | {field.alias for field in fields.values() if field.alias}
        for key in data:
            if key not in names and key not in KNOWN_TO_SARIF:
                found.append(f"{path}/{key}")
        for name, field in fields.items():
            key = field.alias or name
            if key in data:
                unknown_keys(getattr(model, name), data[key], f"{path}/{key}", found)
    elif isinstance(model, list) and isinstance(data, list):
        for index, (item, raw) in enumerate(zip(model, data)):
            unknown_keys(item, raw, f"{path}[{index}]", found)


failures = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    try:
        log = Sarif.model_validate(document)
    except pydantic.ValidationError as error:
        print(f"{path}: not SARIF 2.1.0:\n{error}")
        failures += 1
        continue
    found = []
    unknown_keys(log, document, "", found)
    if log.version != "2.1.0" or found:
        print(f"{path}: version {log.version}, unknown properties {sorted(set(found))}")
        failures += 1
        continue
    run = log.runs[0]
    print(f"{path.rsplit('/', 1)[-1]}: SARIF 2.1.0, {len(run.results or [])} results, {len(run.tool.driver.rules or [])} rules")
sys.exit(1 if failures else 0)
