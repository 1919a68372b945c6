"""Writes the check-code benchmark tree: FILES Swift files of about LINES lines each, in the shapes real
CloudKit apps use (key constants in nested enums, a model with init(record:) and a record writer, queries with
predicates, sorts and desired keys), plus the schema they are written against (schemas/Bench.yaml), so that
the check has every kind of use to resolve and nothing to report.

usage: python3 scripts/bench_check_code_tree.py OUTPUT [FILES] [LINES]
"""
import os
import sys

TYPES = 20
FIELDS = 12


def schema() -> str:
    lines = ["recordTypes:"]
    for t in range(TYPES):
        lines.append(f"  Item{t}:")
        lines.append("    fields:")
        for f in range(FIELDS):
            kind = "timestamp" if f % 4 == 1 else "int64" if f % 4 == 2 else "string"
            lines.append(f"      field{f}: {{ type: {kind}, indexes: [queryable, sortable] }}")
        lines.append("    systemFields: { recordID: [queryable], createTime: [sortable] }")
    return "\n".join(lines) + "\n"


def swift_file(index: int, target_lines: int) -> str:
    t = index % TYPES
    name = f"Model{index}"
    keys = f"Keys{index}"
    out = [f"// Benchmark file {index}: a model of Item{t}, its keys, its boundary code and its queries.",
           "import CloudKit", "",
           f"enum {keys} {{",
           f"    static let recordType = \"Item{t}\""]
    out += [f"    static let field{f} = \"field{f}\"" for f in range(FIELDS)]
    out += ["}", "", f"struct {name} {{", "    var record: CKRecord"]
    out += [f"    var value{f}: {'Date' if f % 4 == 1 else 'Int64' if f % 4 == 2 else 'String'}" for f in range(FIELDS)]
    out += ["", "    init?(record: CKRecord) {",
            f"        guard record.recordType == {keys}.recordType else {{ return nil }}",
            "        self.record = record"]
    for f in range(FIELDS):
        swift_type = "Date" if f % 4 == 1 else "Int64" if f % 4 == 2 else "String"
        default = "Date()" if f % 4 == 1 else "0" if f % 4 == 2 else '""'
        out.append(f"        value{f} = record[{keys}.field{f}] as? {swift_type} ?? {default}")
    out += ["    }", "", "    func toRecord() -> CKRecord {", "        let r = record"]
    out += [f"        r[{keys}.field{f}] = value{f} as CKRecordValue" for f in range(FIELDS)]
    out += ["        return r", "    }", "}", "", f"extension {name} {{"]
    query = 0
    while len(out) < target_lines - 12:
        f = query % FIELDS
        g = (query + 3) % FIELDS
        out += [f"    static func query{query}(value: String, since date: Date) -> CKQuery {{",
                f"        let predicate = NSPredicate(format: \"%K == %@ AND field{g} >= %@\", {keys}.field{f}, value, date as NSDate)",
                f"        let query = CKQuery(recordType: {keys}.recordType, predicate: predicate)",
                f"        query.sortDescriptors = [NSSortDescriptor(key: {keys}.field{g}, ascending: false),",
                "                                 NSSortDescriptor(key: \"creationDate\", ascending: true)]",
                "        return query",
                "    }", "",
                f"    static func fetch{query}(in database: CKDatabase) async throws -> [CKRecord] {{",
                f"        let query = CKQuery(recordType: \"Item{t}\", predicate: NSPredicate(value: true))",
                f"        let keys: [CKRecord.FieldKey] = [{keys}.field{f}, \"field{g}\"]",
                "        let (results, _) = try await database.records(matching: query, desiredKeys: keys)",
                "        return results.compactMap { try? $0.1.get() }",
                "    }", ""]
        query += 1
    out.append("}")
    while len(out) < target_lines:
        out.append("// padding to the file size of the benchmark")
    return "\n".join(out) + "\n"


def main() -> None:
    output = sys.argv[1]
    files = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    lines = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    os.makedirs(os.path.join(output, "schemas"), exist_ok=True)
    with open(os.path.join(output, "schemas", "Bench.yaml"), "w") as handle:
        handle.write(schema())
    total = 0
    for index in range(files):
        folder = os.path.join(output, "Sources", f"Module{index // 100}")
        os.makedirs(folder, exist_ok=True)
        text = swift_file(index, lines)
        total += text.count("\n")
        with open(os.path.join(folder, f"Model{index}.swift"), "w") as handle:
            handle.write(text)
    print(f"wrote {files} Swift files, {total} lines")


if __name__ == "__main__":
    main()
