package import CKSchemaCore

/// Raw CloudKit calls in an app that never asks for the account status.
package struct AppAccountStatusUncheckedRule: AppRule {
    package static let description = RuleDescription(
        id: "app_account_status_unchecked", kind: .app, category: .app, defaultSeverity: .note,
        summary: "An app that calls CloudKit itself should check the iCloud account status.",
        rationale: """
            Private and shared databases need a signed-in iCloud account; without one, calls fail with \
            `.notAuthenticated` and public-database reads may just come back empty. An app that never asks \
            (`CKContainer.accountStatus()`, the `.CKAccountChanged` notification, `fetchUserRecordID`, \
            `.notAuthenticated`, the ubiquity identity token — any mention counts, as for check-code's \
            `code_public_read_signed_out`) cannot tell the user why nothing syncs. A note once per app, at its \
            first raw call, for apps that issue raw operations: where and when the status should be asked \
            depends on the app's flow and is not judged.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func load(_ database: CKDatabase, id: CKRecord.ID) async throws -> CKRecord {
                    try await ↓database.record(for: id)
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func load(_ database: CKDatabase, id: CKRecord.ID) async throws -> CKRecord {
                    try await database.record(for: id)
                }
                """, """
                func signedIn() async throws -> Bool { try await CKContainer.default().accountStatus() == .available }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices(once: true)
    }
}
