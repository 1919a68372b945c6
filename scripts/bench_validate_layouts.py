"""Writes the records of an NDJSON file in the other layouts `ckschema validate` reads, for the benchmark.

usage: python3 bench_validate_layouts.py RECORDS.ndjson OUTDIR
Writes OUTDIR/array.json (a bare array), OUTDIR/records.json (a Web Services response, {"records": [...]})
and OUTDIR/modify.json (a records/modify request body, {"operations": [{"operationType": "create",
"record": ...}]}), one record per line as NDJSON has them, so that every layout holds the same bytes of record;
and the same three bodies on one line each, as CloudKit Web Services sends a response (compact, no line
breaks at all): OUTDIR/array-line.json, OUTDIR/records-line.json, OUTDIR/modify-line.json.
"""

import sys


def write(lines, path, head, tail, wrap=lambda line: line, separator=",\n", first="\n", last="\n"):
    with open(path, "w", encoding="utf-8") as out:
        out.write(head)
        for index, line in enumerate(lines):
            out.write((first if index == 0 else separator) + wrap(line))
        out.write(last + tail)


def main(arguments):
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    source, folder = arguments
    with open(source, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle if line.strip()]
    operation = lambda line: '{"operationType": "create", "record": ' + line + "}"
    write(lines, f"{folder}/array.json", "[", "]\n")
    write(lines, f"{folder}/records.json", '{"records": [', "]}\n")
    write(lines, f"{folder}/modify.json", '{"operations": [', "]}\n", operation)
    # One line: the records (compact already) joined by bare commas, as a compact JSON encoder writes them.
    compact = {"separator": ",", "first": "", "last": ""}
    write(lines, f"{folder}/array-line.json", "[", "]", **compact)
    write(lines, f"{folder}/records-line.json", '{"records":[', "]}", **compact)
    write(lines, f"{folder}/modify-line.json", '{"operations":[', "]}",
          lambda line: '{"operationType":"create","record":' + line + "}", **compact)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
