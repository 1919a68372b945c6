import CKSchemaCore

/// Writes the hand-written conflict resolver a team deletes when it adds `merge:` lines to its YAML, for the same
/// `CodegenWorkload` schema and policies, in the style of the seed guides: `resolveConflict(ancestor:server:client:)`
/// per record type, working on the three `CKRecord`s (`record["title"] as? String`), one three-way block per field
/// (a side equal to the ancestor takes the other side's value; the policy decides when both changed), writing the
/// merged values onto the server's record, and one `resolveConflicts(in:)` that dispatches a failed save's
/// conflicts on the record type. It extends the models `SeedStyleFixture` writes.
enum SeedStyleResolverFixture {
    /// The Swift source of the resolver of record type number `typeIndex`, with `fields` fields.
    static func source(typeIndex: Int, fields: Int) -> String {
        let name = CodegenWorkload.typeName(typeIndex)
        let clock = (0..<fields).first { CodegenWorkload.kind(ofField: $0) == .timestamp }.map(CodegenWorkload.fieldName)
        var lines = [
            "// Hand-written conflict resolver in the style of the seed guides (benchmark baseline).",
            "",
            "import CloudKit",
            "import CoreLocation",
            "import Foundation",
            "",
            "extension \(name) {",
            "    /// Merges a conflicting save field by field onto the server's record, which the caller saves.",
            "    static func resolveConflict(ancestor: CKRecord?, server: CKRecord, client: CKRecord) -> CKRecord {",
        ]
        if let clock {
            lines.append("        let clientIsLater = (client[Keys.\(clock)] as? Date ?? .distantPast) > "
                + "(server[Keys.\(clock)] as? Date ?? .distantPast)")
        } else {
            lines.append("        let clientIsLater = false")
        }
        for index in 0..<fields {
            lines += fieldBlock(index)
        }
        lines += ["        return server", "    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// The file that dispatches the conflicts of a failed save to the resolvers of `types` record types.
    static func dispatchSource(types: Int) -> String {
        var lines = [
            "// Hand-written conflict dispatch in the style of the seed guides (benchmark baseline).",
            "",
            "import CloudKit",
            "import CoreLocation",
            "import Foundation",
            "",
            "/// Whether two locations are at the same coordinates (`CLLocation` compares by identity).",
            "func sameLocation(_ first: CLLocation?, _ second: CLLocation?) -> Bool {",
            "    first?.coordinate.latitude == second?.coordinate.latitude",
            "        && first?.coordinate.longitude == second?.coordinate.longitude",
            "}",
            "",
            "/// The server's records with the merged values of each conflict of a failed save: save these.",
            "func resolveConflicts(in error: any Error) -> [CKRecord] {",
            "    guard let error = error as? CKError else { return [] }",
            "    var conflicts: [CKError] = []",
            "    if error.code == .serverRecordChanged {",
            "        conflicts.append(error)",
            "    } else if error.code == .partialFailure {",
            "        for itemError in (error.partialErrorsByItemID ?? [:]).values {",
            "            if let conflict = itemError as? CKError, conflict.code == .serverRecordChanged {",
            "                conflicts.append(conflict)",
            "            }",
            "        }",
            "    }",
            "    var resolved: [CKRecord] = []",
            "    for conflict in conflicts {",
            "        guard let server = conflict.serverRecord, let client = conflict.clientRecord else { continue }",
            "        let ancestor = conflict.ancestorRecord",
            "        switch server.recordType {",
        ]
        for index in 0..<types {
            let name = CodegenWorkload.typeName(index)
            lines.append("        case \(name).recordType: "
                + "resolved.append(\(name).resolveConflict(ancestor: ancestor, server: server, client: client))")
        }
        lines += ["        default: continue", "        }", "    }", "    return resolved", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// One field's three-way block: read the three sides, skip when the sides agree or only the server changed,
    /// take the client's value when only the client changed, else apply the field's policy.
    private static func fieldBlock(_ index: Int) -> [String] {
        let field = CodegenWorkload.fieldName(index)
        let kind = CodegenWorkload.kind(ofField: index)
        let suffix = field.prefix(1).uppercased() + field.dropFirst()
        let (ancestor, server, client) = ("ancestor" + suffix, "server" + suffix, "client" + suffix)
        let key = "Keys.\(field)"
        var lines = [
            "",
            "        let \(ancestor) = \(read(kind, from: "ancestor?", key))",
            "        let \(server) = \(read(kind, from: "server", key))",
            "        let \(client) = \(read(kind, from: "client", key))",
        ]
        let copyClient = kind == .encryptedString
            ? "server.encryptedValues[\(key)] = \(client)" : "server[\(key)] = client[\(key)]"
        if kind == .location {
            lines.append("        if !sameLocation(\(server), \(client)), !sameLocation(\(client), \(ancestor)) {")
        } else {
            lines.append("        if \(server) != \(client), \(client) != \(ancestor) {")
        }
        let serverUnchanged = kind == .location ? "sameLocation(\(server), \(ancestor))" : "\(server) == \(ancestor)"
        switch CodegenWorkload.mergePolicy(of: kind) ?? .latest {
        case .client:
            lines.append("            \(copyClient)")
        case .sum:
            lines += [
                "            if \(serverUnchanged) {",
                "                \(copyClient)",
                "            } else {",
                "                let total: Int64 = (\(server) ?? 0) + (\(client) ?? 0) - (\(ancestor) ?? 0)",
                "                server[\(key)] = total",
                "            }",
            ]
        case .max, .min:
            let function = CodegenWorkload.mergePolicy(of: kind) == .max ? "max" : "min"
            lines += [
                "            if \(serverUnchanged) {",
                "                \(copyClient)",
                "            } else if let \(server), let \(client) {",
                "                server[\(key)] = \(function)(\(server), \(client))",
                "            } else if \(server) == nil {",  // a missing value never wins
                "                \(copyClient)",
                "            }",
            ]
        case .union:
            let recordNames = kind == .referenceList
            lines += [
                "            if \(serverUnchanged) {",
                "                \(copyClient)",
                "            } else {",
                "                let removed = Set(\(ancestor) ?? []).subtracting(\(client) ?? [])",
                "                var merged = (\(server) ?? []).filter { !removed.contains($0) }",
                "                for element in \(client) ?? [] where !merged.contains(element) && !(\(ancestor) ?? []).contains(element) {",
                "                    merged.append(element)",
                "                }",
                recordNames
                    ? "                server[\(key)] = merged.map { CKRecord.Reference(recordID: CKRecord.ID(recordName: $0), action: .none) }"
                    : "                server[\(key)] = merged",
                "            }",
            ]
        case .latest, .server:
            lines += ["            if \(serverUnchanged) || clientIsLater {", "                \(copyClient)", "            }"]
        }
        lines.append("        }")
        return lines
    }

    /// The expression that reads field `key` of `record` as a comparable value, as `SeedStyleFixture` reads it.
    private static func read(_ kind: CodegenWorkload.Kind, from record: String, _ key: String) -> String {
        switch kind {
        case .string, .requiredString, .enumeration: "\(record)[\(key)] as? String"
        case .int64, .bool: "\(record)[\(key)] as? Int64"
        case .double, .number: "\(record)[\(key)] as? Double"
        case .timestamp: "\(record)[\(key)] as? Date"
        case .bytes: "\(record)[\(key)] as? Data"
        case .stringList: "\(record)[\(key)] as? [String]"
        case .int64List: "\(record)[\(key)] as? [Int64]"
        case .reference: "(\(record)[\(key)] as? CKRecord.Reference)?.recordID.recordName"
        case .referenceList: "(\(record)[\(key)] as? [CKRecord.Reference])?.map { $0.recordID.recordName }"
        case .location: "\(record)[\(key)] as? CLLocation"
        case .asset: "(\(record)[\(key)] as? CKAsset)?.fileURL"
        case .encryptedString: "\(record).encryptedValues[\(key)] as? String"
        }
    }
}
