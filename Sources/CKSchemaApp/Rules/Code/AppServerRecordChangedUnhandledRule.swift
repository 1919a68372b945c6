package import CKSchemaCore

/// Saves under the default save policy with no `.serverRecordChanged` handling.
package struct AppServerRecordChangedUnhandledRule: AppRule {
    package static let description = RuleDescription(
        id: "app_server_record_changed_unhandled", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app that saves records under `.ifServerRecordUnchanged` should handle `.serverRecordChanged`.",
        rationale: """
            Under the default save policy, `.ifServerRecordUnchanged`, a save of a record another device changed \
            since this one fetched it fails with `.serverRecordChanged`; the error carries the server's record to \
            merge into and save again. Without that branch the edit is lost. Reported at each save under the \
            default policy (`database.save(record)`, `modifyRecords(saving:…)` without `savePolicy:`, a \
            `CKModifyRecordsOperation` whose function sets no other policy) when no file of the app names \
            `.serverRecordChanged`; whether the branch merges well is not judged. `.changedKeys` and `.allKeys` \
            overwrite instead, and are not reported. Nor is a save of records all made in the same function under \
            a fresh random name (`CKRecord(recordType:)`, `CKRecord.ID(zoneID:)`, `CKRecord.ID()`, a name from \
            `UUID()`, also through local `let`s): no other device can have saved them first. A record fetched, passed \
            in, or named by the app (a zone's `CKShare(recordZoneID:)` has a fixed name) is reported.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func store(_ record: CKRecord, in database: CKDatabase) async throws {
                    _ = try await ↓database.save(record)
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func store(_ record: CKRecord, in database: CKDatabase) async throws {
                    _ = try await database.modifyRecords(saving: [record], deleting: [], savePolicy: .changedKeys)
                }
                """),
            AppPracticeExampleText.app("""
                func add(title: String, in zone: CKRecordZone, to database: CKDatabase) async throws {
                    let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(zoneID: zone.zoneID))
                    record["title"] = title
                    _ = try await database.save(record)
                }
                """),
            AppPracticeExampleText.app("""
                func store(_ record: CKRecord, in database: CKDatabase) async throws {
                    _ = try await database.save(record)
                }
                """, """
                func isConflict(_ error: CKError) -> Bool { error.code == .serverRecordChanged }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
