/// Writes the benchmark's baseline: the boundary code the seed guides write by hand for each record type, for
/// the same `CodegenWorkload` schema: a model with `init?(record:)` and `toRecord()` that read and write
/// through `CKRecord`'s subscripts (`record["title"] as? String`), a key enum, Bool as Int64, enums as String,
/// references as record names, encrypted fields through `encryptedValues`, archived system fields.
enum SeedStyleFixture {
    /// The Swift source of record type number `typeIndex`, with `fields` fields. With `migrations`, the field
    /// that replaced another reads it when the record lacks the new one and writes it back, as a team would
    /// by hand, and the retired field has no property of its own (as in the generated model).
    static func source(typeIndex: Int, types: Int, fields: Int, migrations: Bool = false) -> String {
        let name = CodegenWorkload.typeName(typeIndex)
        var members: [String] = []
        var properties: [String] = ["    var id: String", "    var systemFields: Data?"]
        var reads: [String] = []
        var writes: [String] = []
        for index in 0..<fields {
            let field = CodegenWorkload.fieldName(index)
            let key = "Keys.\(field)"
            members.append("        static let \(field) = \"\(field)\"")
            if migrations, field == CodegenWorkload.migration.old { continue }
            if migrations, field == CodegenWorkload.migration.new {
                let old = "Keys.\(CodegenWorkload.migration.old)"
                properties.append("    var \(field): Double?")
                reads.append("        \(field) = record[\(key)] as? Double ?? (record[\(old)] as? Int64).map { Double($0) }")
                writes.append("        record[\(key)] = \(field)")
                writes.append("        record[\(old)] = \(field).map { Int64($0.rounded()) }")
                continue
            }
            switch CodegenWorkload.kind(ofField: index) {
            case .string, .number, .int64, .double, .timestamp, .bytes, .stringList, .int64List:
                let type = plainType(CodegenWorkload.kind(ofField: index))
                properties.append("    var \(field): \(type)?")
                reads.append("        \(field) = record[\(key)] as? \(type)")
                writes.append("        record[\(key)] = \(field)")
            case .bool:
                properties.append("    var \(field): Bool?")
                reads.append("        \(field) = (record[\(key)] as? Int64).map { $0 != 0 }")
                writes.append("        record[\(key)] = \(field).map { Int64($0 ? 1 : 0) }")
            case .enumeration:
                let enumName = field.capitalized + "Value"
                properties.append("    var \(field): \(enumName)?")
                members.insert("    enum \(enumName): String, Codable, Hashable { case "
                    + CodegenWorkload.enumValues.joined(separator: ", ") + " }", at: 0)
                reads.append("        \(field) = (record[\(key)] as? String).flatMap(\(enumName).init(rawValue:))")
                writes.append("        record[\(key)] = \(field)?.rawValue")
            case .reference:
                properties.append("    var \(field): String?")
                reads.append("        \(field) = (record[\(key)] as? CKRecord.Reference)?.recordID.recordName")
                writes.append("        record[\(key)] = \(field).map { CKRecord.Reference(recordID: CKRecord.ID(recordName: $0), action: .none) }")
            case .referenceList:
                properties.append("    var \(field): [String]?")
                reads.append("        \(field) = (record[\(key)] as? [CKRecord.Reference])?.map { $0.recordID.recordName }")
                writes.append("        record[\(key)] = \(field)?.map { CKRecord.Reference(recordID: CKRecord.ID(recordName: $0), action: .none) }")
            case .location:
                properties.append("    var \(field)Latitude: Double?")
                properties.append("    var \(field)Longitude: Double?")
                reads.append("        let \(field)Location = record[\(key)] as? CLLocation")
                reads.append("        \(field)Latitude = \(field)Location?.coordinate.latitude")
                reads.append("        \(field)Longitude = \(field)Location?.coordinate.longitude")
                writes.append("        if let latitude = \(field)Latitude, let longitude = \(field)Longitude {")
                writes.append("            record[\(key)] = CLLocation(latitude: latitude, longitude: longitude)")
                writes.append("        } else {")
                writes.append("            record[\(key)] = nil")
                writes.append("        }")
            case .asset:
                properties.append("    var \(field): URL?")
                reads.append("        \(field) = (record[\(key)] as? CKAsset)?.fileURL")
                writes.append("        record[\(key)] = \(field).map { CKAsset(fileURL: $0) }")
            case .encryptedString:
                properties.append("    var \(field): String?")
                reads.append("        \(field) = record.encryptedValues[\(key)] as? String")
                writes.append("        record.encryptedValues[\(key)] = \(field)")
            case .requiredString:
                properties.append("    var \(field): String")
                reads.append("        guard let \(field) = record[\(key)] as? String else { return nil }")
                reads.append("        self.\(field) = \(field)")
                writes.append("        record[\(key)] = \(field)")
            }
        }
        var lines = [
            "// Hand-written boundary code in the style of the seed guides (benchmark baseline).",
            "",
            "import CloudKit",
            "import CoreLocation",
            "import Foundation",
            "",
            "struct \(name): Identifiable, Hashable, Codable {",
            "    static let recordType = \"\(name)\"",
            "",
        ]
        lines += members.filter { $0.hasPrefix("    enum") }
        lines += ["", "    enum Keys {"] + members.filter { $0.hasPrefix("        static") } + ["    }", ""]
        lines += properties
        lines += ["", "    init?(record: CKRecord) {", "        guard record.recordType == Self.recordType else { return nil }",
                  "        id = record.recordID.recordName"]
        lines += reads
        lines += [
            "        if record.recordChangeTag != nil {",
            "            let archiver = NSKeyedArchiver(requiringSecureCoding: true)",
            "            record.encodeSystemFields(with: archiver)",
            "            archiver.finishEncoding()",
            "            systemFields = archiver.encodedData",
            "        }",
            "    }",
            "",
            "    func toRecord() -> CKRecord {",
            "        var restored: CKRecord?",
            "        if let systemFields, let coder = try? NSKeyedUnarchiver(forReadingFrom: systemFields) {",
            "            coder.requiresSecureCoding = true",
            "            restored = CKRecord(coder: coder)",
            "            coder.finishDecoding()",
            "        }",
            "        let record = restored ?? CKRecord(recordType: Self.recordType, recordID: CKRecord.ID(recordName: id))",
        ]
        lines += writes
        lines += ["        return record", "    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    private static func plainType(_ kind: CodegenWorkload.Kind) -> String {
        switch kind {
        case .int64: "Int64"
        case .double, .number: "Double"
        case .timestamp: "Date"
        case .bytes: "Data"
        case .stringList: "[String]"
        case .int64List: "[Int64]"
        default: "String"
        }
    }
}

extension String {
    /// The string with its first letter upper-cased (`f006` → `F006`).
    fileprivate var capitalized: String {
        prefix(1).uppercased() + dropFirst()
    }
}
