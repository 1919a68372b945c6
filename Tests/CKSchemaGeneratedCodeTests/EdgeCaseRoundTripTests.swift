#if canImport(CloudKit)
import CloudKit
import Foundation
import Testing

/// Round trips through the edge-case models: every value kind, lists, encryption, keywords and odd names.
@Suite struct EdgeCaseRoundTripTests {
    static let date = Date(timeIntervalSince1970: 1_234_567_890)
    static let location = EdgeCaseSchema.Location(latitude: -33.9, longitude: 151.2, timestamp: date)

    static func everything() -> Everything {
        Everything(
            string: "s", int64: 42, double: 1.5, wholeDouble: 2, flag: false, flagFromInteger: true,
            timestamp: date, bytes: Data([1, 2, 3]), asset: URL(fileURLWithPath: "/tmp/a"), location: location,
            anyReference: EdgeCaseSchema.RecordID(recordName: "any"), ownerReference: Everything.ID(recordName: "o"),
            validatedReference: Item.ID(recordName: "i"), shareReference: EdgeCaseSchema.RecordID(recordName: "s"),
            numberInt: 7, numberDouble: 7.5, number: 8.25, status: .Done, quote: "q", strings: ["x"],
            int64s: [1, -2], doubles: [0.5], flags: [true, false], timestamps: [date], byteLists: [Data([9])],
            assets: [URL(fileURLWithPath: "/tmp/b"), URL(fileURLWithPath: "/tmp/c")], locations: [location],
            references: [Item.ID(recordName: "r")], anyReferences: [EdgeCaseSchema.RecordID(recordName: "x")],
            statuses: [.a, .unrecognized("z")], secretString: "secret", secretInt64: 5, secretDouble: 5.5,
            secretFlag: true, secretTimestamp: date, secretBytes: Data([4]), secretLocation: location,
            secretStatus: .off, secretStrings: ["p", "q"], secretLocations: [location, location]
        )
    }

    @Test func everyValueKindRoundTrips() throws {
        let model = Self.everything()
        #expect(try Everything(record: model.makeRecord()) == model)
    }

    @Test func defaultsFillAbsentFields() throws {
        let record = CKRecord(recordType: "Everything")
        record["string"] = "s"
        record["timestamp"] = Self.date
        record["location"] = Self.location.clLocation
        record["assets"] = [CKAsset(fileURL: URL(fileURLWithPath: "/tmp/a"))]
        record.encryptedValues["secretBytes"] = Data([1])
        let model = try Everything(record: record)
        #expect(model.int64 == Int64.min)
        #expect(model.double == 0.25)
        #expect(model.wholeDouble == 3)
        #expect(model.flag == true)
        #expect(model.flagFromInteger == false)
        #expect(model.status == .inProgress)
        #expect(model.quote == "say \"hi\"\\\n\u{202E}")
        #expect(model.strings == ["a", "b"])
        #expect(model.bytes == nil)
    }

    @Test func encryptedValuesUseEncryptedValues() {
        let record = Self.everything().makeRecord()
        for key in ["secretString", "secretInt64", "secretDouble", "secretFlag", "secretTimestamp", "secretBytes",
                    "secretLocation", "secretStatus", "secretStrings", "secretLocations"] {
            #expect(record.object(forKey: key) == nil, "\(key) is stored in the plain")
            #expect(record.encryptedValues.object(forKey: key) != nil, "\(key) is not encrypted")
        }
    }

    @Test func referencesCarryTheirAction() throws {
        let record = Self.everything().makeRecord()
        #expect((record.object(forKey: "ownerReference") as? CKRecord.Reference)?.action == .deleteSelf)
        // VALIDATE has no native counterpart and is written as .none.
        #expect((record.object(forKey: "validatedReference") as? CKRecord.Reference)?.action == CKRecord.ReferenceAction.none)
        let references = try #require(stored("references", in: record) as? [CKRecord.Reference])
        #expect(references.map(\.recordID.recordName) == ["r"])
    }

    @Test func doublesAcceptIntegersAndBoolsAcceptAnyInteger() throws {
        let record = Self.everything().makeRecord()
        record["double"] = Int64(4)
        record["flag"] = Int64(2)
        record["numberDouble"] = Int64(9)
        let model = try Everything(record: record)
        #expect(model.double == 4)
        #expect(model.flag == true)
        #expect(model.numberDouble == 9)
    }

    @Test func oddNamesMapToTheirCloudKitFields() throws {
        #expect(KeywordRecord.recordType == "Keywords")
        #expect(KeywordRecord.FieldKey.allCases.map(\.rawValue)
            == ["default", "class", "self", "Type", "init", "first-name", "2fa", "reader", "writer", "record", "kind"])
        let model = KeywordRecord(default: "d", class: "c", self_: 1, Type_: "t", init: "i", firstName: "f",
                                  _2fa: true, reader: "r", writer: "w", record: "rec", kind: .case)
        let record = model.makeRecord()
        #expect(stored("first-name", in: record) as? String == "f")
        #expect(stored("self", in: record) as? Int64 == 1)
        #expect(stored("kind", in: record) as? String == "case")
        #expect(try KeywordRecord(record: record) == model)
    }

    @Test func coreDataPrefixesAreDroppedFromSwiftNamesOnly() throws {
        #expect(Item.recordType == "CD_Item")
        #expect(Item.FieldKey.allCases.map(\.rawValue)
            == ["CD_title", "CD_title_ckAsset", "CD_entityName", "CD_isDone", "CD_renamed", "CD_creationDate"])
        let item = Item(title: "t", title_ckAsset: nil, entityName: "Item", isDone: true, displayName: "n")
        #expect(try Item(record: item.makeRecord()) == item)
    }

    @Test func enumValuesThatAreNotIdentifiersMapToCases() {
        #expect(Everything.Status(rawValue: "in-progress") == .inProgress)
        #expect(Everything.Status(rawValue: "2x") == ._2x)
        #expect(Everything.Status.self_.rawValue == "self")
        #expect(Everything.Status.knownCases.map(\.rawValue)
            == ["in-progress", "done", "Done", "2x", "default", "class", "self"])
    }

    @Test func aTypeWithoutFieldsRoundTrips() throws {
        let empty = Empty(recordID: Empty.ID(recordName: "e"))
        #expect(try Empty(record: empty.makeRecord()) == empty)
    }
}
#endif
