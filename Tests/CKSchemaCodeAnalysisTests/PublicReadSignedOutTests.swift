import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaRules
import Testing

/// check-code's `code_public_read_signed_out`: public-database queries of types a signed-out user may not read,
/// in an app whose code never asks for the account status.
@Suite struct PublicReadSignedOutTests {
    static let schema = """
        roles: [Member]
        recordTypes:
          Profile:
            fields: { name: string }
            grants: { _icloud: [read, create], _creator: [write] }
          Club:
            fields: { name: string }
            grants: { Member: [read, create, write] }
          News:
            fields: { title: string }
            grants: { _world: [read], _icloud: [create], _creator: [write] }
          Locked:
            fields: { name: string }
            grants: { _creator: [write] }
        """

    private func findings(_ swift: [String]) -> [String] {
        CodeCheckHarness.check(swift, against: Self.schema)
            .filter { $0.id.rawValue == "code_public_read_signed_out" }
            .map { "\($0.severity) \($0.subject.map(String.init(describing:)) ?? "") \($0.location?.file ?? ""):\($0.location?.line ?? 0)" }
    }

    /// Loads each type from the public database.
    static let loads = """
        final class Feed {
            let database = CKContainer.default().publicCloudDatabase
            func profiles() async throws {
                let query = CKQuery(recordType: "Profile", predicate: NSPredicate(value: true))
                _ = try await database.records(matching: query)
            }
            func clubs() async throws {
                _ = try await database.records(matching: CKQuery(recordType: "Club", predicate: NSPredicate(value: true)))
            }
            func news() async throws {
                _ = try await database.records(matching: CKQuery(recordType: "News", predicate: NSPredicate(value: true)))
            }
            func locked() async throws {
                _ = try await database.records(matching: CKQuery(recordType: "Locked", predicate: NSPredicate(value: true)))
            }
        }
        """

    @Test func aQueryOfATypeWorldMayNotReadIsANoteWhenTheAppNeverChecksTheAccount() {
        // Profile (_icloud reads) and Club (a custom role reads); News is _world's to read, and Locked no one's.
        #expect(findings([Self.loads]) == [
            "note Profile File0.swift:4",
            "note Club File0.swift:8",
        ])
    }

    @Test func anAccountCheckAnywhereInTheAppSilencesIt() {
        let checks = [
            "func start() async throws { _ = try await CKContainer.default().accountStatus() }",
            "func start() { CKContainer.default().accountStatus { status, _ in print(status) } }",
            "func observe() { NotificationCenter.default.addObserver(forName: .CKAccountChanged, object: nil, queue: nil) { _ in } }",
            "func failed(_ error: CKError) -> Bool { error.code == .notAuthenticated }",
        ]
        for check in checks {
            #expect(findings([Self.loads, check]).isEmpty, "\(check)")
        }
    }

    @Test func subscriptionsAndFunctionsNotOnThePublicDatabaseAreNotJudged() {
        #expect(findings(["""
            func subscribe() async throws {
                let subscription = CKQuerySubscription(recordType: "Profile", predicate: NSPredicate(value: true),
                                                       options: .firesOnRecordCreation)
                _ = try await CKContainer.default().publicCloudDatabase.save(subscription)
            }
            func mine() async throws {
                let query = CKQuery(recordType: "Profile", predicate: NSPredicate(value: true))
                _ = try await CKContainer.default().privateCloudDatabase.records(matching: query)
            }
            func given(_ database: CKDatabase) async throws {
                _ = try await database.records(matching: CKQuery(recordType: "Profile", predicate: NSPredicate(value: true)))
            }
            """]).isEmpty)
    }

    @Test func theQueriedTypeIsListed() {
        let analysis = CodeAnalyzer.analyze([SourceFile(path: "Feed.swift", text: Self.loads)])
        #expect(analysis.usages.map(\.listing).filter { $0.hasPrefix("queryWithoutAccountCheck") }
                == ["queryWithoutAccountCheck Profile", "queryWithoutAccountCheck Club", "queryWithoutAccountCheck News",
                    "queryWithoutAccountCheck Locked"])
    }
}
