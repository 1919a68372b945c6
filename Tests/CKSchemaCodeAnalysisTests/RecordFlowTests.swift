import CKSchemaCore
import Foundation
import Testing

/// Records that reach the code through fetch results: async `records(matching:)` loops over `(id, result)`
/// pairs and `result.get()`, completion handlers of `fetch(withRecordID:)` / `fetch(withQuery:)`, a
/// `CKQueryOperation`'s blocks, and narrowing by `guard case`/`switch` on the record type. Each shape is
/// checked as a finding (the schema lacks what the code reads) and as a non-finding (the schema has it); a
/// record whose type only the run time knows is a note, never a guess.
@Suite struct RecordFlowTests {
    /// The findings against `CodeCheckHarness.noteAndTagSchema` (what production has).
    private func findings(_ swift: [String]) -> [String] { CodeCheckHarness.noteAndTagFindings(swift) }

    private let types = """
        struct Note { static let recordType = "Note" }
        struct Tag { static let recordType = "Tag" }
        """

    // MARK: - records(matching:) and records(for:)

    @Test func matchResultsOfAQueryHoldItsRecordType() {
        let swift = """
            func load(database: CKDatabase) async throws {
                let query = CKQuery(recordType: Note.recordType, predicate: NSPredicate(value: true))
                let (results, _) = try await database.records(matching: query)
                for (_, result) in results {
                    let record = try result.get()
                    _ = record["title"] as? String
                    _ = record["subtitle"] as? String
                }
                let response = try await database.records(matching: CKQuery(recordType: "Tag", predicate: NSPredicate(value: true)))
                for (id, result) in response.matchResults {
                    if case .success(let record) = result { _ = record["name"] as? String; _ = record["color"] as? String }
                }
                let matched = try await database.records(matching: query).matchResults
                for (_, result) in matched {
                    switch result {
                    case .success(let record): _ = record["author"] as? String
                    case .failure: break
                    }
                }
                let titles = matched.compactMap { _, result in try? result.get()["title"] as? String }
            }
            """
        let found = findings([types, swift])
        #expect(found == ["code_field_missing Note.author", "code_field_missing Note.subtitle",
                          "code_field_missing Tag.color"])
        #expect(CodeCheckHarness.usages([types, swift]).filter { $0.hasPrefix("read") }.count == 6)
    }

    @Test func matchResultsWhoseFieldsProductionHasStayQuiet() {
        let swift = """
            func load(database: CKDatabase) async throws -> [String] {
                let query = CKQuery(recordType: Note.recordType, predicate: NSPredicate(value: true))
                let (results, cursor) = try await database.records(matching: query, resultsLimit: 10)
                var titles: [String] = []
                for (_, result) in results {
                    let record = try result.get()
                    titles.append(record["title"] as? String ?? "")
                    if let body = record["body"] as? String { titles.append(body) }
                }
                return titles
            }
            """
        #expect(findings([types, swift]).isEmpty)
    }

    @Test func recordsFetchedByIDAloneAreNotesUnlessTheIDSaysTheirType() {
        let swift = """
            func refresh(database: CKDatabase, ids: [CKRecord.ID]) async throws {
                let results = try await database.records(for: ids)
                for (_, result) in results {
                    let record = try result.get()
                    _ = record["subtitle"] as? String
                }
                let note = CKRecord(recordType: "Note")
                for (_, result) in try await database.records(for: [note.recordID]) { _ = try result.get()["title"] }
            }
            """
        #expect(findings([types, swift]) == ["code_key_unresolved "])
        #expect(CodeCheckHarness.usages([types, swift]).contains { $0.hasSuffix(" Note.title") })
    }

    @Test func forTryAwaitOverAStreamOfRecords() {
        let swift = """
            struct NoteStore {
                func make() -> CKRecord { CKRecord(recordType: "Note") }
                func drain(_ stream: AsyncThrowingStream<CKRecord, Error>) async throws {
                    for try await record in stream {
                        _ = record["title"] as? String
                        _ = record["summary"] as? String
                    }
                }
            }
            """
        #expect(findings([swift]) == ["code_field_missing Note.summary"])
        #expect(findings([swift.replacingOccurrences(of: "\"summary\"", with: "\"body\"")]).isEmpty)
    }

    // MARK: - Completion handlers

    @Test func completionHandlersOfFetches() {
        let swift = """
            func load(database: CKDatabase, id: CKRecord.ID, note: CKRecord) {
                let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
                database.fetch(withQuery: query, inZoneWith: nil) { result in
                    switch result {
                    case .success(let response):
                        for (_, item) in response.matchResults {
                            if let record = try? item.get() { _ = record["subtitle"] as? String; _ = record["title"] }
                        }
                    case .failure: break
                    }
                }
                database.fetch(withQuery: query, inZoneWith: nil, desiredKeys: nil, resultsLimit: 5) { result in
                    guard case .success(let (matchResults, _)) = result else { return }
                    for (_, item) in matchResults { _ = (try? item.get())?["color"] as? String }
                }
                database.fetch(withQuery: query, inZoneWith: nil) { result in
                    let (pairs, _) = try! result.get()
                    for (_, item) in pairs { _ = (try? item.get())?["tint"] as? String }
                }
                database.fetch(withRecordID: id) { record, error in
                    _ = record?["caption"] as? String
                }
                let tag = CKRecord(recordType: "Tag")
                database.fetch(withRecordID: tag.recordID) { record, _ in
                    guard let record else { return }
                    _ = record["label"] as? String
                    _ = record["name"] as? String
                }
            }
            """
        #expect(findings([swift]) == [
            "code_field_missing Note.color", "code_field_missing Note.subtitle", "code_field_missing Note.tint",
            "code_field_missing Tag.label",
            "code_key_unresolved ",
        ])
    }

    @Test func completionHandlersReadingWhatProductionHasStayQuiet() {
        let swift = """
            func load(database: CKDatabase) {
                let query = CKQuery(recordType: "Tag", predicate: NSPredicate(value: true))
                database.fetch(withQuery: query, inZoneWith: nil) { result in
                    if case .success(let response) = result {
                        for (_, item) in response.matchResults { _ = (try? item.get())?["name"] as? String }
                    }
                }
                let note = CKRecord(recordType: "Note")
                database.fetch(withRecordID: note.recordID) { record, _ in _ = record?["body"] as? String }
            }
            """
        #expect(findings([swift]).isEmpty)
    }

    // MARK: - Query operations

    @Test func operationBlocksOfAStoredOperation() {
        let swift = """
            final class Sync {
                func run(database: CKDatabase) {
                    let q = CKQuery(recordType: Tag.recordType, predicate: NSPredicate(value: true))
                    let op = CKQueryOperation(query: q)
                    op.recordMatchedBlock = { [weak self] _, result in
                        guard let record = try? result.get() else { return }
                        _ = record["name"] as? String
                        _ = record["hue"] as? String
                    }
                    database.add(op)
                }
            }
            """
        #expect(findings([types, swift]) == ["code_field_missing Tag.hue"])
        #expect(findings([types, swift.replacingOccurrences(of: "\"hue\"", with: "\"name\"")]).isEmpty)
    }

    // MARK: - Narrowing

    @Test func guardCaseAndSwitchOnTheRecordType() {
        let swift = """
            func apply(_ record: CKRecord) {
                guard case Note.recordType = record.recordType else { return }
                _ = record["title"] as? String
                _ = record["summary"] as? String
            }
            func other(_ record: CKRecord) {
                if case Tag.recordType = record.recordType { _ = record["shade"] as? String }
                switch record.recordType {
                case Tag.recordType: _ = record["name"] as? String
                default: break
                }
            }
            """
        #expect(findings([types, swift]) == ["code_field_missing Note.summary", "code_field_missing Tag.shade"])
        let quiet = swift.replacingOccurrences(of: "\"summary\"", with: "\"body\"")
            .replacingOccurrences(of: "\"shade\"", with: "\"name\"")
        #expect(findings([types, quiet]).isEmpty)
    }
}
