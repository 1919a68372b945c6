import CKSchemaCodegen
import CKSchemaCore
import Testing

/// Which field migrations get `unmigrated…Query` and `needs…Migration(_:)`: those whose retired field has an index
/// that serves a condition every value meets (a range from the smallest value on a SORTABLE number, timestamp or
/// string; a distance on a QUERYABLE location), and no others.
@Suite struct UnmigratedQueryGenerationTests {
    /// The generated text for `rating` replacing `old` (a retype when the types differ).
    static func text(old: Field, newType: FieldType, encrypted: Bool = false) throws -> String {
        // Encrypting the field under a new name is a rename.
        let isRename = old.type == newType
        let result = MigrationGenerationTests.generate([
            old,
            MigrationGenerationTests.replacing("rating", encrypted ? newType.encrypted : newType, from: old.name,
                                               isRename ? nil : old.type, lossy: true),
        ])
        #expect(result.diagnostics.isEmpty)
        return try #require(result.files.first?.contents)
    }

    @Test(arguments: [
        (FieldType.int64, FieldType.double, #".key("stars"), .int64(Int64.min)"#),
        (.double, .int64, #".key("stars"), .double(-Double.greatestFiniteMagnitude)"#),
        (.timestamp, .double, #".key("stars"), .date(Date.distantPast)"#),
        (.string, .int64, #".key("stars"), .string("")"#),
    ])
    func aSortableRetiredFieldIsFoundByARangeFromItsSmallestValue(old: FieldType, new: FieldType, arguments: String) throws {
        let text = try Self.text(old: Field(name: "stars", type: old, indexes: [.sortable]), newType: new)
        #expect(text.contains("""
            static var unmigratedRatingQuery: CloudKitSchema.Query<Self> {
                    CloudKitSchema.Query(predicate: CloudKitSchema.Predicate(format: "%K >= %@", arguments: [\(arguments)]))
            """))
        #expect(text.contains("""
            static func needsRatingMigration(_ record: CKRecord) -> Bool {
                    record.recordType == recordType && record.object(forKey: "stars") != nil && record.object(forKey: "rating") == nil
            """))
        #expect(text.contains("keep those `needsRatingMigration(_:)`"))
    }

    @Test func aQueryableLocationIsFoundByADistanceNoTwoPointsExceed() throws {
        let text = try Self.text(old: Field(name: "stars", type: .location, indexes: [.queryable]), newType: .location)
        #expect(text.contains(#"format: "distanceToLocation:fromLocation:(%K, %@) < %@""#))
        #expect(text.contains(".double(20_100)"))
    }

    @Test func anEncryptedNewFieldIsLookedForInTheEncryptedValues() throws {
        let text = try Self.text(old: Field(name: "stars", type: .string, indexes: [.sortable]), newType: .string,
                                 encrypted: true)
        #expect(text.contains(#"record.object(forKey: "stars") != nil && record.encryptedValues.object(forKey: "rating") == nil"#))
    }

    /// Equality cannot say "any value", and without an index there is no query at all.
    @Test(arguments: [
        Field(name: "stars", type: .int64),
        Field(name: "stars", type: .int64, indexes: [.queryable]),
        Field(name: "stars", type: .string, indexes: [.queryable, .searchable]),
        Field(name: "stars", type: .reference, indexes: [.queryable]),
        Field(name: "stars", type: .list(.int64), indexes: [.queryable]),
        Field(name: "stars", type: .location, indexes: [.sortable]),
    ])
    func aRetiredFieldNoConditionCoversGetsNothing(old: Field) throws {
        let newType: FieldType = old.type.isList ? old.type : (old.type.primitive == .int64 ? .double : old.type)
        let text = try Self.text(old: old, newType: newType)
        #expect(!text.contains("unmigratedRatingQuery") && !text.contains("needsRatingMigration"))
    }
}
