import CKSchemaCore
import Testing

/// What must never be reported: false positives are worse than misses.
@Suite struct NonFindingTests {
    private let schema = """
        recordTypes:
          Note:
            fields:
              title: { type: string, indexes: [queryable, sortable, searchable] }
              rank:  { type: int64, indexes: [queryable, sortable] }
            systemFields: { recordID: [queryable], createTime: [sortable] }
        """

    @Test func subscriptsOnThingsThatAreNotRecords() {
        let findings = CodeCheckHarness.check(["""
            struct Cache {
                var entries: [String: Int] = [:]
                var record: [String: String] = [:]
                mutating func put() {
                    entries["order"] = 3
                    record["order"] = "x"
                    var local: [String: Any] = [:]
                    local["order"] = 1
                    UserDefaults.standard.set(1, forKey: "order")
                    _ = UserDefaults.standard.object(forKey: "order")
                }
            }
            """], against: schema)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func queriesAndSortsOnIndexedAndSystemFields() {
        let findings = CodeCheckHarness.check(["""
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "title BEGINSWITH %@ AND rank > 2", "a"))
            query.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
            let all = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            let none = CKQuery(recordType: "Note", predicate: NSPredicate(value: false))
            let byName = CKQuery(recordType: "Note", predicate: NSPredicate(format: "recordName == %@", "n"))
            """], against: schema)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func numbersFitEveryNumericFieldAndReadsOfSystemPropertiesAreFine() {
        let findings = CodeCheckHarness.check(["""
            let note = CKRecord(recordType: "Note")
            note["rank"] = 2.5
            note["rank"] = true
            note["rank"] = NSNumber(value: 3)
            note["title"] = nil
            let created = note.creationDate
            let flag = note["rank"] as? Bool
            """], against: schema)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func unknownRecordTypesGiveNotesNotErrors() {
        let findings = CodeCheckHarness.check(["""
            func fill(_ record: CKRecord) { record["whatever"] = "x" }
            """], against: schema)
        #expect(findings.map(\.id.rawValue) == ["code_key_unresolved"])
        #expect(findings.allSatisfy { $0.severity == .note })
    }

    @Test func theHelperSubscriptsOwnBodyIsNotAUse() {
        let findings = CodeCheckHarness.check(["""
            enum NoteKey: String { case title }
            extension CKRecord {
                subscript(key: NoteKey) -> Any? {
                    get { self[key.rawValue] }
                    set { self[key.rawValue] = newValue as? CKRecordValue }
                }
            }
            """], against: schema)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func notesSayWhyAUseWasNotChecked() {
        let findings = CodeCheckHarness.check(["""
            func fetch(_ type: String, _ key: String) {
                let a = CKQuery(recordType: "Note", predicate: NSPredicate(format: "title == == %@", "x"))
                let b = CKRecord(recordType: type)
                let c = CKRecord(recordType: "Note")
                c[key] = 1
            }
            """], against: schema)
        #expect(findings.map(\.message) == [
            "the predicate format cannot be read (expected a key path or value); this use was not checked",
            "the record type 'type' is only known at run time; this use was not checked",
            "the key 'key' is only known at run time; this use was not checked",
        ])
    }
}
