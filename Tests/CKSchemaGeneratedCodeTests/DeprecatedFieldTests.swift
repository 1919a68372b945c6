#if canImport(CloudKit)
import CloudKit
import CoreLocation
import Foundation
import Testing

/// A field marked `deprecated:` is still read (older app versions keep writing it), is never written, and no
/// longer required. Its property is `@available(*, deprecated)`; the tests read the value through `Mirror` so
/// that they compile without deprecation warnings (QuerySnippets/deprecated-field-warns.swift checks the warning).
@Suite struct DeprecatedFieldTests {
    static func minimalRecord() -> CKRecord {
        everythingRecord(assets: [URL(fileURLWithPath: "/tmp/a")])
    }

    static func stored(_ label: String, of model: Everything) -> Any? {
        Mirror(reflecting: model).children.first { $0.label == label }?.value
    }

    @Test func aDeprecatedFieldIsReadAndNotRequired() throws {
        let record = Self.minimalRecord()
        // `retired` is required in the schema, but deprecated: a record without it reads.
        let without = try Everything(record: record)
        #expect(Self.stored("_retired", of: without) != nil)
        #expect(Self.stored("_retired", of: without) as? String == nil)
        #expect(Self.stored("_retiredCount", of: without) as? Int64 == 1)
        record["retired"] = "old"
        record["retiredCount"] = Int64(7)
        record.encryptedValues["secretRetired"] = "hidden"
        let with = try Everything(record: record)
        #expect(Self.stored("_retired", of: with) as? String == "old")
        #expect(Self.stored("_retiredCount", of: with) as? Int64 == 7)
        #expect(Self.stored("_secretRetired", of: with) as? String == "hidden")
    }

    @Test func aDeprecatedFieldIsNeverWritten() throws {
        let model = try Everything(record: Self.minimalRecord())
        var all = model
        all.cloudKitChanges.markChanged(Everything.FieldKey.allCases)
        let record = all.makeRecord()
        #expect(!record.changedKeys().contains("retired"))
        #expect(!record.changedKeys().contains("retiredCount"))
        #expect(!record.changedKeys().contains("secretRetired"))
        #expect(record.changedKeys().contains("string"))
    }

    @Test func systemManagedFieldsAreNeverWritten() throws {
        let record = CKRecord(recordType: "Unknown")
        record["cloudkit.note"] = "kept by CloudKit"
        var model = try Unknown(record: record)
        #expect(model.cloudkitNote == "kept by CloudKit")
        model.cloudKitChanges.markChanged(Unknown.FieldKey.allCases)
        #expect(model.makeRecord().changedKeys().isEmpty)
        #expect(Unknown(cloudkitNote: "x").makeRecord().changedKeys().isEmpty)
    }
}
#endif
