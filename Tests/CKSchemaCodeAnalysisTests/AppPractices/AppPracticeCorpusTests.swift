import CKSchemaApp
import CKSchemaCore
import CKSchemaTestSupport
import Foundation
import Testing

/// CloudJournal (the shared corpus's guide app) through the code-practice detectors and rules, each finding
/// hand-checked against the code (docs/doctor.md, "Code practices", gives the verdicts): it mixes raw
/// operations (`CloudKitManager`) with a CKSyncEngine store, and is also read as if it synced only by hand.
@Suite(.sharedCorpus("swift/cloudjournal")) struct AppPracticeCorpusTests {
    static func cloudJournal(styles: Set<SyncStyle>) throws -> [String] {
        let folder = try SharedCorpus.require("swift/cloudjournal")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let files = try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        return AppPracticeHarness.summary(AppPracticeHarness.diagnostics(files, styles: styles))
    }

    /// Every `(results, _) = records(matching:inZoneWith:)` lists entries, categories, images or shared entries
    /// and drops the cursor: right. `try? … record(for:)` turns a network error into "no category": right. The
    /// two `try? … subscription(for:)` probes are not reported: on `nil` each saves a subscription under the
    /// same ID and logs that save's error, so a probe that failed for another reason loses nothing. `stopSharing`
    /// deletes the share with `atomically: false` and discards the per-item results: a share CloudKit refused to
    /// delete goes unnoticed while the owner believes sharing stopped: right.
    static let expected = [
        "CloudKitManager+ImageDownload.swift:57:38 app_cursor_ignored",
        "CloudKitManager+Query.swift:120:38 app_cursor_ignored",
        "CloudKitManager+Query.swift:141:38 app_cursor_ignored",
        "CloudKitManager+Query.swift:19:38 app_cursor_ignored",
        "CloudKitManager+Query.swift:45:38 app_cursor_ignored",
        "CloudKitManager+Query.swift:72:38 app_cursor_ignored",
        "CloudKitManager+Query.swift:96:38 app_cursor_ignored",
        "CloudKitManager+Relationships.swift:26:34 app_cloudkit_errors_swallowed",
        "CloudKitManager+Sharing.swift:58:42 app_cursor_ignored",
        "CloudKitManager+Sharing.swift:75:19 app_partial_failure_unread",
    ]

    @Test func asItSyncs() throws {
        #expect(try Self.cloudJournal(styles: [.rawOperations, .syncEngine]) == Self.expected)
    }

    /// Read as raw sync only, the engine-work rules run too, and stay silent: the change-token fetches handle
    /// `.changeTokenExpired`, `CKErrorRetryAfterKey` is read, both subscriptions have fixed IDs, and the only
    /// `Task.sleep` is a retry's back-off.
    @Test func asRawSyncOnly() throws {
        #expect(try Self.cloudJournal(styles: [.rawOperations]) == Self.expected)
    }
}
