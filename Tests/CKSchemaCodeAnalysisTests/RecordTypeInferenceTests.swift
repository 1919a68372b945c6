import Testing

/// Which record type a key belongs to: the record's creation, a `recordType` check in scope, the flow of
/// variables within the function, or the conversion code of the Swift type; otherwise unknown, never
/// guessed.
@Suite struct RecordTypeInferenceTests {
    @Test func guardIfAndSwitchOnRecordType() {
        let found = CodeCheckHarness.usages(["""
            func read(_ record: CKRecord) {
                if record.recordType == "Note" {
                    _ = record["title"]
                }
                switch record.recordType {
                case "Tag": _ = record["name"]
                default: break
                }
                _ = record["unknown"]
                guard record.recordType == "Note" else { return }
                _ = record["body"]
            }
            """])
        #expect(found == ["read Note.title", "read Tag.name", "read ?.unknown", "read Note.body"])
    }

    @Test func variableFlowWithinAFunction() {
        let found = CodeCheckHarness.usages(["""
            func save(cached: CKRecord?) {
                let fresh = CKRecord(recordType: "Note")
                let alias = fresh
                alias["title"] = "t"
                let record = cached ?? CKRecord(recordType: "Tag")
                record["name"] = "n"
                var reused = CKRecord(recordType: "Note")
                reused = CKRecord(recordType: "Tag")
                reused["color"] = "red"
            }
            """])
        #expect(found == ["create Note", "write:String Note.title", "create Tag", "write:String Tag.name",
                          "create Note", "create Tag", "write:String Tag.color"])
    }

    @Test func aTypesConversionCodeNamesItsRecordType() {
        let model = """
            struct Note {
                var title: String
                var record: CKRecord
                init?(record: CKRecord) {
                    guard record.recordType == "Note" else { return nil }
                    title = record["title"] as? String ?? ""
                    self.record = record
                }
            }
            """
        let conversion = """
            extension Note {
                func toRecord() -> CKRecord {
                    let r = record
                    r["title"] = title as CKRecordValue
                    return r
                }
                func fill(_ target: CKRecord) { target["body"] = title }
            }
            struct Manager {
                func save(_ note: Note) {
                    let record = note.toRecord()
                    record["rank"] = 1
                }
                func load(_ note: Note, db: CKDatabase) async throws {
                    let record = try await db.record(for: note.id)
                    _ = record["title"] as? String
                }
            }
            """
        #expect(CodeCheckHarness.usages([model, conversion]) == [
            "read:String Note.title", "write:String Note.title", "write:String Note.body", "write:Int64 Note.rank",
            "read:String Note.title",
        ])
    }

    @Test func aTypeConvertingSeveralRecordTypesTellsNothing() {
        let found = CodeCheckHarness.usages(["""
            struct Store {
                func make() -> [CKRecord] { [CKRecord(recordType: "Note"), CKRecord(recordType: "Tag")] }
                func fill(_ record: CKRecord) { record["title"] = "t" }
            }
            """])
        #expect(found == ["create Note", "create Tag", "write:String ?.title"])
    }

    @Test func recordsInLoopsAndClosures() {
        let found = CodeCheckHarness.usages(["""
            func scan(_ records: [CKRecord], results: [String: Any]) {
                for record in records where record.recordType == "Note" { _ = record["title"] }
                results.forEach { key, value in _ = value }
            }
            """])
        #expect(found == ["read ?.title"])
    }
}
