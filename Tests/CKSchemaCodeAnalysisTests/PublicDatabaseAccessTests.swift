import CKSchemaCore
import CKSchemaRules
import Testing

/// check-code's public-database judgements: which functions count as working on the public database, and what
/// the grants say about the saves and changes in them.
@Suite struct PublicDatabaseAccessTests {
    static let schema = """
        roles: [Editor]
        recordTypes:
          Post:
            fields: { title: string }
            grants: { _world: [read], _icloud: [create], _creator: [write] }
          Catalog:
            fields: { name: string }
            grants: { _world: [read] }
          Article:
            fields: { title: string }
            grants: { _world: [read], Editor: [create, write] }
          Wiki:
            fields: { text: string }
            grants: { _world: [read], _icloud: [create, write] }
        """

    private func findings(_ swift: String) -> [String] {
        CodeCheckHarness.check([swift], against: Self.schema)
            .filter { $0.id.rawValue.hasPrefix("code_public_") }
            .map { "\($0.id) \($0.severity) \($0.subject.map(String.init(describing:)) ?? "") \($0.location?.line ?? 0)" }
    }

    @Test func aSaveNoRoleMayCreateIsAnErrorAndOneOnlyARoleMayCreateANote() {
        #expect(findings("""
            func add() async throws {
                let db = CKContainer.default().publicCloudDatabase
                try await db.save(CKRecord(recordType: "Catalog"))
                try await db.save(CKRecord(recordType: "Article"))
                try await db.save(CKRecord(recordType: "Post"))
            }
            """) == [
            "code_public_create_granted error Catalog 3",
            "code_public_create_granted note Article 4",
        ])
    }

    @Test func theDatabaseScopeAndPropertiesCountLikeTheProperty() {
        #expect(findings("""
            final class Store {
                let container = CKContainer(identifier: "iCloud.com.example")
                lazy var database = container.database(with: .public)
                func add() {
                    let record = CKRecord(recordType: "Catalog")
                    database.save(record) { _, _ in }
                }
            }
            """) == ["code_public_create_granted error Catalog 5"])
    }

    @Test func aPropertyAssignedInTheInitializerCountsToo() {
        #expect(findings("""
            final class CloudKitManager {
                let container: CKContainer
                let database: CKDatabase
                init() {
                    container = CKContainer.default()
                    self.database = self.container.publicCloudDatabase
                }
                func add() async throws {
                    try await database.save(CKRecord(recordType: "Catalog"))
                }
            }
            """) == ["code_public_create_granted error Catalog 9"])
    }

    @Test func functionsThatNameAnotherDatabaseOrNoneAreNotJudged() {
        #expect(findings("""
            func mixed(_ isPublic: Bool) async throws {
                let db = isPublic ? CKContainer.default().publicCloudDatabase : CKContainer.default().privateCloudDatabase
                try await db.save(CKRecord(recordType: "Catalog"))
            }
            func unknown(_ db: CKDatabase) async throws {
                try await db.save(CKRecord(recordType: "Catalog"))
            }
            """).isEmpty)
    }

    @Test func changingFetchedRecordsOnlyTheirCreatorMayWriteIsAWarning() {
        #expect(findings("""
            func clear() async throws {
                let database = CKContainer.default().publicCloudDatabase
                let query = CKQuery(recordType: "Post", predicate: NSPredicate(value: true))
                let (results, _) = try await database.records(matching: query)
                for (id, _) in results {
                    try await database.deleteRecord(withID: id)
                }
            }
            func clearWiki() async throws {
                let database = CKContainer.default().publicCloudDatabase
                let query = CKQuery(recordType: "Wiki", predicate: NSPredicate(value: true))
                let (results, _) = try await database.records(matching: query)
                let operation = CKModifyRecordsOperation(recordsToSave: nil, recordIDsToDelete: results.map(\\.0))
                database.add(operation)
            }
            """) == ["code_public_modify_fetched warning Post 6"])
    }

    /// The pattern of a real report ("WRITE operation not permitted", evermeer/EVCloudKitDao#87), in plain
    /// CloudKit: count a reader on the shared record, creating it when the query finds none.
    @Test func anUpsertOfAFetchedRecordIsAChange() {
        #expect(findings("""
            func countReader(url: String) async throws {
                let database = CKContainer.default().publicCloudDatabase
                let query = CKQuery(recordType: "Post", predicate: NSPredicate(format: "title == %@", url))
                let (results, _) = try await database.records(matching: query)
                let post = (try results.first?.1.get()) ?? CKRecord(recordType: "Post")
                post["title"] = url
                try await database.save(post)
            }
            """) == ["code_public_modify_fetched warning Post 7"])
    }

    @Test func aFunctionThatOnlyReadsIsNotAChange() {
        #expect(findings("""
            func load() async throws -> [CKRecord] {
                let query = CKQuery(recordType: "Post", predicate: NSPredicate(value: true))
                let (results, _) = try await CKContainer.default().publicCloudDatabase.records(matching: query)
                return results.compactMap { try? $0.1.get() }
            }
            """).isEmpty)
    }
}
