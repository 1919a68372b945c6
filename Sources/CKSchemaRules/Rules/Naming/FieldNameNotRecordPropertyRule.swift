package import CKSchemaCore

/// Field names are not the names of CKRecord's own properties.
///
/// Lint: a field called `recordID`, `recordType`, `creationDate`, `creatorUserRecordID`, `modificationDate`,
/// `lastModifiedUserRecordID`, `recordChangeTag`, `parent`, `share` or `encryptedValues` is a warning.
package struct FieldNameNotRecordPropertyRule: LintRule {
    /// The properties CKRecord declares (CKRecord documentation).
    static let recordProperties: Set<String> = [
        "recordID", "recordType", "creationDate", "creatorUserRecordID", "modificationDate",
        "lastModifiedUserRecordID", "recordChangeTag", "parent", "share", "encryptedValues",
    ]
    /// The lengths of those names, as bits.
    private static let propertyLengths: UInt64 = recordProperties.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }
    /// The names' caseless hashes (`NameHash`), which `FieldNameFacts` holds for every field: a name that passes
    /// the length and letter tests is compared with these few integers before a `Set<String>` hashes it.
    private static let propertyHashes = recordProperties.map { NameHash.of($0, ignoringCase: true) }
    /// Whether `byte` is the first letter of one of those names (a switch: cheaper than a set lookup).
    private static func startsLikeAProperty(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "c"), UInt8(ascii: "e"), UInt8(ascii: "l"), UInt8(ascii: "m"), UInt8(ascii: "p"),
             UInt8(ascii: "r"), UInt8(ascii: "s"): true
        default: false
        }
    }

    package static let description = RuleDescription(
        id: "field_name_not_record_property",
        kind: .lint,
        name: "Field Name Not Record Property",
        category: .naming,
        defaultSeverity: .warning,
        summary: "Field names are not CKRecord property names (recordID, creationDate, parent, share, …).",
        rationale: """
            Apple, on CKRecord.setObject(_:forKey:): "Avoid using a key that matches the name of any property \
            of CKRecord" (docs/cloudkit-facts.md §2.2, §3, §9 rule 19). Such a key is confusing at best and, through \
            key-value coding, can shadow the record's own metadata. `parent` and `share` are real fields of \
            every record (CKRecord.parent, CKRecord.share) that CloudKit maintains itself.
            """,
        cloudKitRules: [19],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Folder (↓parent REFERENCE, ↓creationDate TIMESTAMP, name STRING);
                """),
            .yaml("""
                recordTypes:
                  Folder:
                    fields: { ↓recordType: string, name: string }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Folder (parentFolder REFERENCE, createdOn TIMESTAMP, name STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let fieldNames = context.fieldNames(of: schema)
        for (typeIndex, type) in schema.recordTypes.enumerated() {
            let fields = type.fields
            let facts = fieldNames.types[typeIndex]
            for index in fields.indices {
                // Only names as long as a property name and starting like one are looked up: no hashing for
                // the rest. Their length and first byte are known (`FieldNameFacts`); names are read in place.
                let length = Int(facts[index].count)
                guard length > 0, length < 64, Self.propertyLengths & (1 << UInt64(length)) != 0,
                      Self.startsLikeAProperty(facts[index].first),
                      Self.propertyHashes.contains(facts[index].caselessHash) else { continue }
                let name = fields[index].name
                guard Self.recordProperties.contains(name) else { continue }
                findings.append(context.diagnostic(
                    "\(Describe.field(name, of: type.name)) has the name of CKRecord's '\(name)' "
                        + "property; Apple asks to avoid such keys", at: .field(type.name, name)))
            }
        }
        return findings
    }
}
