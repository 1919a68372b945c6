package import CKSchemaCore

/// The schema the benchmark lints: record types × fields at CloudKit's limits, built deterministically, with
/// every field type, the index options each type takes, YAML metadata (docs, enums, bools, references,
/// defaults, required) and public types with grants, so that every rule has real work to do.
package enum BenchmarkSchema {
    /// `typeCount` record types of `fieldCount` fields each.
    package static func make(recordTypes typeCount: Int, fields fieldCount: Int) -> Schema {
        let names = (0..<typeCount).map { "Type\($0)" }
        let recordTypes = names.enumerated().map { index, name in
            let isPublic = index.isMultiple(of: 2)
            return RecordType(
                name: name,
                fields: (0..<fieldCount).map { field(number: $0, in: index, typeNames: names, isPublic: isPublic) },
                systemFieldIndexes: [.recordID: .queryable, .createTime: [.queryable, .sortable], .modTime: .sortable],
                grants: isPublic ? [Grant(.read, to: Role.world), Grant(.create, to: Role.icloud),
                                    Grant(.write, to: Role.creator), Grant([.read, .write], to: "Moderator")] : [],
                metadata: RecordTypeMetadata(database: isPublic ? .public : .private,
                                             documentation: "Record type number \(index).", swiftName: nil))
        }
        return Schema(roles: [Role(name: "Moderator")], recordTypes: recordTypes)
    }

    private static func field(number: Int, in type: Int, typeNames: [String], isPublic: Bool) -> Field {
        let name = "field\(number)"
        var metadata = FieldMetadata(isRequired: number.isMultiple(of: 7),
                                     documentation: number.isMultiple(of: 5) ? "Field \(number) of type \(type)." : nil)
        switch number % 12 {
        case 0:
            return Field(name: name, type: .string, indexes: [.queryable, .searchable, .sortable], metadata: metadata)
        case 1:
            metadata.defaultValue = .integer(Int64(number))
            return Field(name: name, type: .int64, indexes: [.queryable, .sortable], metadata: metadata)
        case 2:
            return Field(name: name, type: .double, indexes: [.queryable, .sortable], metadata: metadata)
        case 3:
            return Field(name: name, type: .timestamp, indexes: [.sortable], metadata: metadata)
        case 4:
            metadata.logicalType = .bool
            metadata.defaultValue = .bool(false)
            return Field(name: name, type: .int64, indexes: [.queryable], metadata: metadata)
        case 5:
            metadata.logicalType = .enumeration(["draft", "published", "archived"])
            metadata.defaultValue = .string("draft")
            return Field(name: name, type: .string, indexes: [.queryable], metadata: metadata)
        case 6:
            metadata.referenceTarget = typeNames[(type + number) % typeNames.count]
            metadata.referenceAction = .deleteSelf
            return Field(name: name, type: .reference, indexes: [.queryable], metadata: metadata)
        case 7:
            return Field(name: name, type: .list(.string), indexes: [.queryable, .searchable], metadata: metadata)
        case 8:
            return Field(name: name, type: .asset, metadata: metadata)
        case 9:
            return Field(name: name, type: .location, indexes: [.queryable, .sortable], metadata: metadata)
        case 10:
            return Field(name: name, type: isPublic ? .bytes : FieldType.bytes.encrypted, metadata: metadata)
        default:
            return Field(name: name, type: isPublic ? .list(.int64) : FieldType.string.encrypted, metadata: metadata)
        }
    }
}
