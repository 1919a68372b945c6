package import CKSchemaCore

/// The lint benchmark's second schema, of another shape than `BenchmarkSchema`: everything CloudKit's schema
/// language can say, and nothing only YAML can (it is measured as `.ckdb` and as the YAML `convert` writes of
/// it). Each record type cycles through every field type, scalar and `LIST<…>`, with every index option and
/// combination the type takes, `REFERENCE` and `LIST<REFERENCE>` fields, `ENCRYPTED` scalars and lists, all
/// six system fields indexed, and many grants: public types grant to the three built-in roles and to a dozen
/// of the schema's custom roles, private types (the encrypted ones) to `_creator` and to custom roles only.
/// Lint-clean in both languages, so that a finding in a benchmark run means the files are not what is
/// measured.
package enum EveryFeatureSchema {
    /// The custom roles the schema declares.
    package static let roleCount = 24

    /// `typeCount` record types of `fieldCount` fields each (at most 249, CloudKit's limit less the system
    /// fields).
    package static func make(recordTypes typeCount: Int, fields fieldCount: Int) -> Schema {
        let roles = (0..<roleCount).map { Role(name: roleName($0)) }
        let recordTypes = (0..<typeCount).map { index in
            let isPublic = index.isMultiple(of: 2)
            return RecordType(
                name: "\(typeWords[index % typeWords.count])\(index)",
                fields: (0..<fieldCount).map { field(number: $0, isPublic: isPublic) },
                systemFieldIndexes: [.recordID: .queryable, .createdBy: .queryable, .modifiedBy: .queryable,
                                     .createTime: [.queryable, .sortable], .modTime: [.queryable, .sortable],
                                     .etag: .queryable],
                grants: isPublic ? publicGrants(index) : privateGrants(index))
        }
        return Schema(roles: roles, recordTypes: recordTypes)
    }

    private static let typeWords = ["Article", "Invoice", "Journey", "Sample", "Booking", "Ledger", "Survey",
                                    "Playlist"]
    private static let roleWords = ["Editor", "Moderator", "Reviewer", "Auditor", "Publisher", "Curator"]

    private static func roleName(_ number: Int) -> String {
        "\(roleWords[number % roleWords.count])\(number)"
    }

    /// The Console's three grants, then one to each of twelve custom roles with varying permissions: not the
    /// Console's default set, so lint takes the type as public.
    private static func publicGrants(_ type: Int) -> [Grant] {
        [Grant(.write, to: Role.creator), Grant([.create, .read], to: Role.icloud), Grant(.read, to: Role.world)]
            + customGrants(type, count: 12)
    }

    /// No grant to `_world` or `_icloud`, so lint does not take the type as public (it holds encrypted fields).
    private static func privateGrants(_ type: Int) -> [Grant] {
        [Grant([.read, .write], to: Role.creator)] + customGrants(type, count: 8)
    }

    private static func customGrants(_ type: Int, count: Int) -> [Grant] {
        let permissions: [Permissions] = [.read, [.read, .write], [.create, .read], [.create, .read, .write], .write]
        return (0..<count).map { grant in
            Grant(permissions[(type + grant) % permissions.count], to: roleName((type + grant * 5) % roleCount))
        }
    }

    /// One kind of field: a name stem, a type and its indexes.
    private struct Kind {
        let stem: String
        let type: FieldType
        let indexes: FieldIndexes
        /// Encrypted: only private types hold it; a public type gets the unencrypted type instead.
        var isEncrypted: Bool { type.isEncrypted }
    }

    /// Every field type with every index option it takes, lists of each, and every encryptable type encrypted.
    private static let kinds: [Kind] = [
        Kind(stem: "title", type: .string, indexes: [.queryable, .searchable, .sortable]),
        Kind(stem: "code", type: .string, indexes: .queryable),
        Kind(stem: "body", type: .string, indexes: .searchable),
        Kind(stem: "sortKey", type: .string, indexes: .sortable),
        Kind(stem: "note", type: .string, indexes: [.queryable, .searchable]),
        Kind(stem: "label", type: .string, indexes: []),
        Kind(stem: "count", type: .int64, indexes: [.queryable, .sortable]),
        Kind(stem: "rank", type: .int64, indexes: .queryable),
        Kind(stem: "flags", type: .int64, indexes: []),
        Kind(stem: "score", type: .double, indexes: [.queryable, .sortable]),
        Kind(stem: "weight", type: .double, indexes: .sortable),
        Kind(stem: "startsAt", type: .timestamp, indexes: [.queryable, .sortable]),
        Kind(stem: "endsAt", type: .timestamp, indexes: .queryable),
        Kind(stem: "seenAt", type: .timestamp, indexes: []),
        Kind(stem: "payload", type: .bytes, indexes: []),
        Kind(stem: "photo", type: .asset, indexes: []),
        Kind(stem: "place", type: .location, indexes: [.queryable, .sortable]),
        Kind(stem: "origin", type: .location, indexes: []),
        Kind(stem: "owner", type: .reference, indexes: .queryable),
        Kind(stem: "parent", type: .reference, indexes: []),
        Kind(stem: "tags", type: .list(.string), indexes: [.queryable, .searchable]),
        Kind(stem: "aliases", type: .list(.string), indexes: .queryable),
        Kind(stem: "counts", type: .list(.int64), indexes: .queryable),
        Kind(stem: "scores", type: .list(.double), indexes: .queryable),
        Kind(stem: "dates", type: .list(.timestamp), indexes: .queryable),
        Kind(stem: "chunks", type: .list(.bytes), indexes: []),
        Kind(stem: "photos", type: .list(.asset), indexes: []),
        Kind(stem: "route", type: .list(.location), indexes: .queryable),
        Kind(stem: "members", type: .list(.reference), indexes: .queryable),
        Kind(stem: "links", type: .list(.reference), indexes: []),
        Kind(stem: "secret", type: FieldType.string.encrypted, indexes: []),
        Kind(stem: "pin", type: FieldType.int64.encrypted, indexes: []),
        Kind(stem: "balance", type: FieldType.double.encrypted, indexes: []),
        Kind(stem: "bornAt", type: FieldType.timestamp.encrypted, indexes: []),
        Kind(stem: "key", type: FieldType.bytes.encrypted, indexes: []),
        Kind(stem: "home", type: FieldType.location.encrypted, indexes: []),
        Kind(stem: "phrases", type: .list(FieldType.string.encrypted), indexes: []),
        Kind(stem: "readings", type: .list(FieldType.double.encrypted), indexes: []),
        Kind(stem: "visits", type: .list(FieldType.timestamp.encrypted), indexes: []),
    ]

    private static func field(number: Int, isPublic: Bool) -> Field {
        let kind = kinds[number % kinds.count]
        let name = "\(kind.stem)\(number)"
        guard kind.isEncrypted, isPublic else { return Field(name: name, type: kind.type, indexes: kind.indexes) }
        return Field(name: name, type: FieldType(kind.type.primitive, isList: kind.type.isList))
    }
}
