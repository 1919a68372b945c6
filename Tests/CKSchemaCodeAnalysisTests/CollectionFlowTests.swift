import CKSchemaCore
import Foundation
import Testing

/// Records taken out of collections and handed on — shapes of the evaluation apps (issue 25): a query's
/// `matchResults.compactMap { try? $0.1.get() }`, `for pair in results { pair.1 }`, `records[0]`,
/// `records.first`, a helper that runs the query it is given and hands the records to the closure its caller
/// passes, and `db.record(for: id)`, whose record has a type only when the ID says it. Each shape is checked
/// as a finding (the schema lacks what the code uses) and as a non-finding (the schema has it).
@Suite struct CollectionFlowTests {
    /// The findings against `CodeCheckHarness.noteAndTagSchema` (what production has).
    private func findings(_ swift: [String]) -> [String] { CodeCheckHarness.noteAndTagFindings(swift) }

    // MARK: - Collections of a query's records

    @Test func compactMapOfMatchResultsAndPairsNotDestructured() {
        let swift = """
            enum Fields { static let title = "title" }
            func load(database: CKDatabase) async throws {
                let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
                let response = try await database.records(matching: query)
                for record in response.matchResults.compactMap({ try? $0.1.get() }) {
                    _ = record.value(forKey: Fields.title) as? String
                    _ = record.value(forKey: "subtitle") as? String
                }
                let tags = try await database.records(matching: CKQuery(recordType: "Tag", predicate: NSPredicate(value: true)))
                let records = tags.matchResults.compactMap { try? $0.1.get() }
                for record in records { _ = record["color"] as? String }
                for pair in tags.matchResults {
                    if let record = try? pair.1.get() { _ = record["name"] as? String; _ = record["hue"] as? String }
                }
            }
            """
        #expect(findings([swift]) == ["code_field_missing Note.subtitle", "code_field_missing Tag.color",
                                      "code_field_missing Tag.hue"])
        let quiet = swift.replacingOccurrences(of: "\"subtitle\"", with: "\"body\"")
            .replacingOccurrences(of: "\"color\"", with: "\"name\"").replacingOccurrences(of: "\"hue\"", with: "\"name\"")
        #expect(findings([quiet]).isEmpty)
        #expect(CodeCheckHarness.usages([quiet]).filter { $0.hasPrefix("read") }.count == 5)
    }

    @Test func elementsOfAnArrayOfRecords() {
        let swift = """
            func show(database: CKDatabase) async throws {
                let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
                let (results, _) = try await database.records(matching: query)
                let notes = results.compactMap { _, result in try? result.get() }
                _ = notes[0]["title"] as? String
                _ = notes.first?["summary"] as? String
                let last = notes.filter { $0["body"] != nil }.last
                _ = last?["author"] as? String
            }
            """
        #expect(findings([swift]) == ["code_field_missing Note.author", "code_field_missing Note.summary"])
        let quiet = swift.replacingOccurrences(of: "\"summary\"", with: "\"title\"")
            .replacingOccurrences(of: "\"author\"", with: "\"body\"")
        #expect(findings([quiet]).isEmpty)
    }

    // MARK: - A helper handing a query's records to its caller's closure

    private let manager = """
        final class DBManager {
            static let shared = DBManager()
            private let container = CKContainer(identifier: "iCloud.example")
            func getRecords(query: CKQuery, completion: @escaping ([CKRecord]) -> Void) {
                let operation = CKQueryOperation(query: query)
                var found: [CKRecord] = []
                operation.recordMatchedBlock = { _, result in
                    switch result {
                    case .success(let record): found.append(record)
                    case .failure: break
                    }
                }
                operation.queryResultBlock = { _ in completion(found) }
                container.publicCloudDatabase.add(operation)
            }
            func count(of query: CKQuery, completion: @escaping (Int) -> Void) { completion(0) }
        }
        """

    @Test func recordsAHelperHandsToTheCallersClosure() {
        let swift = """
            final class ProfileScreen {
                let db = DBManager.shared
                func load(id: String) {
                    let query = CKQuery(recordType: "Tag", predicate: NSPredicate(value: true))
                    db.getRecords(query: query) { records in
                        let tag = records[0]
                        _ = tag["name"] as? String
                        tag["shade"] = "blue"
                    }
                    db.getRecords(query: CKQuery(recordType: "Note", predicate: NSPredicate(value: true)), completion: { notes in
                        for note in notes { _ = note["subtitle"] as? String }
                    })
                }
            }
            """
        #expect(findings([manager, swift]) == ["code_field_missing Note.subtitle", "code_field_missing Tag.shade"])
        let quiet = swift.replacingOccurrences(of: "\"shade\"", with: "\"name\"")
            .replacingOccurrences(of: "\"subtitle\"", with: "\"title\"")
        #expect(findings([manager, quiet]).isEmpty)
        #expect(CodeCheckHarness.usages([manager, quiet]).contains("write:String Tag.name"))
    }

    @Test func aListAClosureAssignsKeepsTheRecordsNotTheEnclosingTypesGuess() {
        let swift = """
            final class RequestsScreen {
                let db = DBManager.shared
                func blank() -> CKRecord { CKRecord(recordType: "Note") }
                func load() {
                    var requests: [CKRecord] = []
                    db.getRecords(query: CKQuery(recordType: "Tag", predicate: NSPredicate(value: true))) { records in
                        requests = records
                    }
                    DispatchQueue.main.async {
                        for i in 0..<requests.count { _ = requests[i]["shade"] as? String }
                    }
                }
            }
            """
        // Without the assignment the list would be the screen's guess (`Note`, the type it makes).
        #expect(findings([manager, swift]) == ["code_field_missing Tag.shade"])
        #expect(findings([manager, swift.replacingOccurrences(of: "\"shade\"", with: "\"name\"")]).isEmpty)
    }

    @Test func aClosureAHelperHandsNoRecordsToIsNoRecord() {
        let swift = """
            final class Screen {
                func load(rows: [[String: String]]) {
                    DBManager.shared.count(of: CKQuery(recordType: "Tag", predicate: NSPredicate(value: true))) { total in
                        _ = total
                    }
                    send(rows) { sent in _ = sent[0]["subtitle"] }
                }
                func send(_ rows: [[String: String]], done: ([[String: String]]) -> Void) { done(rows) }
            }
            """
        #expect(findings([manager, swift]).isEmpty)
        #expect(!CodeCheckHarness.usages([manager, swift]).contains { $0.contains("subtitle") })
    }

    // MARK: - Records fetched by ID

    @Test func aRecordFetchedByIDAloneIsANoteNotTheEnclosingTypesGuess() {
        let swift = """
            final class NoteStore {
                func make() -> CKRecord { CKRecord(recordType: "Note") }
                func load(database: CKDatabase, name: String) async throws {
                    let record = try await database.record(for: CKRecord.ID(recordName: name))
                    _ = record["subtitle"] as? String
                    let made = CKRecord(recordType: "Tag")
                    let again = try await database.record(for: made.recordID)
                    _ = again["shade"] as? String
                    let id = CKRecord.ID(recordName: "settings")
                    let existing = (try? await database.record(for: id)) ?? CKRecord(recordType: "Tag", recordID: id)
                    existing["color"] = "red"
                }
            }
            """
        #expect(findings([swift]) == ["code_field_missing Tag.color", "code_field_missing Tag.shade",
                                      "code_key_unresolved "])
        let quiet = swift.replacingOccurrences(of: "\"shade\"", with: "\"name\"")
            .replacingOccurrences(of: "\"color\"", with: "\"name\"")
        #expect(findings([quiet]) == ["code_key_unresolved "])
        #expect(CodeCheckHarness.usages([quiet]).contains("read:String ?.subtitle"))
    }
}
