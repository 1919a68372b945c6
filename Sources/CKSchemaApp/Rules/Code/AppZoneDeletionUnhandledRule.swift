package import CKSchemaCore

/// Custom zones with no `.zoneNotFound` / `.userDeletedZone` handling.
package struct AppZoneDeletionUnhandledRule: AppRule {
    package static let description = RuleDescription(
        id: "app_zone_deletion_unhandled", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app using custom record zones should handle `.zoneNotFound` and `.userDeletedZone`.",
        rationale: """
            A custom zone can be missing: not yet created on this device's first run, or deleted when the user \
            removes the app's data in Settings → iCloud (`.userDeletedZone`). Saves into it then fail with \
            `.zoneNotFound`, every time, until the app creates the zone again (and, after a user deletion, asks \
            before uploading everything back). Reported once per file at its first `CKRecordZone(zoneName:)` or \
            `CKRecordZone.ID(zoneName:)` when no file of the app names either code; the default zone needs none. \
            A zone a function makes and saves before any other use (`let zone = CKRecordZone(zoneName: name)`, \
            then `save(zone)`, `modifyRecordZones(saving:)` or `CKModifyRecordZonesOperation(recordZonesToSave:)`) \
            is recreated on each call and is not reported; one created once (behind a flag) is. \
            A code named only as a `case` of a switch whose body returns a message or an error value of the app's \
            own (`return SyncError(…)`, `return NSLocalizedString(…)`) is described, not handled, and does not count.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                let zone = ↓CKRecordZone(zoneName: "Journal")
                """),
            AppPracticeExampleText.app("""
                let zone = ↓CKRecordZone(zoneName: "Journal")
                """, """
                func message(for error: CKError) -> String {
                    switch error.code {
                    case .zoneNotFound, .userDeletedZone: return "Your journal is no longer in iCloud."
                    default: return error.localizedDescription
                    }
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func add(_ record: CKRecord, toGroup name: String, in database: CKDatabase) async throws {
                    let zone = CKRecordZone(zoneName: name)
                    _ = try await database.save(zone)
                    _ = try await database.save(CKRecord(recordType: "Contact", recordID: CKRecord.ID(zoneID: zone.zoneID)))
                }
                """),
            AppPracticeExampleText.app("""
                let zone = CKRecordZone(zoneName: "Journal")
                func needsZone(_ error: CKError) -> Bool { error.code == .zoneNotFound || error.code == .userDeletedZone }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
