"""The peer of `ckschema-bench validate`: Python's jsonschema-rs (a Rust validator) with orjson.

Validates every line of an NDJSON file against a JSON Schema, the way a team would check records in CI
without ckschema, and prints the same figures as ckschema-bench: records/s, MB/s, peak RSS.

usage: python3 bench_validate_peer.py SCHEMA.json RECORDS.ndjson [--repeat K]
"""

import importlib.metadata
import resource
import sys
import time

import jsonschema_rs
import orjson


def validate(validator, path):
    """Returns (records, invalid records, bytes) after validating each line of `path`."""
    records = invalid = size = 0
    with open(path, "rb") as handle:
        for line in handle:
            size += len(line)
            if not line.strip():
                continue
            records += 1
            try:
                document = orjson.loads(line)
            except orjson.JSONDecodeError:
                invalid += 1
                continue
            if not validator.is_valid(document):
                invalid += 1
    return records, invalid, size


def main(arguments):
    if len(arguments) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    schema_path, records_path = arguments[0], arguments[1]
    repeats = int(arguments[arguments.index("--repeat") + 1]) if "--repeat" in arguments else 1
    with open(schema_path, "rb") as handle:
        validator = jsonschema_rs.validator_for(orjson.loads(handle.read()))
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        records, invalid, size = validate(validator, records_path)
        best = min(best, time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(f"peer validate: {records} records, {size / 1e6:.1f} MB, {invalid} invalid (jsonschema-rs {importlib.metadata.version('jsonschema-rs')})")
    print(f"peer records/s: {records / best:.0f}")
    print(f"peer MB/s: {size / best / 1e6:.1f}")
    print(f"peer seconds: {best:.3f}")
    print(f"peer peak RSS: {peak / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
