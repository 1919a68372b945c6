package import CKSchemaCore

/// `try?` or an empty `catch` around a CloudKit call.
package struct AppCloudKitErrorsSwallowedRule: AppRule {
    package static let description = RuleDescription(
        id: "app_cloudkit_errors_swallowed", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "CloudKit errors should be handled, not discarded with `try?` or an empty `catch`.",
        rationale: """
            A CloudKit error's code says what to do next: wait `retryAfterSeconds` and retry, reset a change \
            token, merge a conflicting record, recreate a zone, ask the user to sign in. `try?` turns all of \
            them into `nil`, and an empty `catch` into nothing, so a failed save looks like success and a failed \
            fetch like an empty database. Reported: `try?` on a call to a database, container or sync engine \
            (recognised by the receiver's name — `privateDB`, `database`, `container`, `syncEngine` — and the \
            method's, since check-code has no types), and an empty `catch` after a `do` that makes one — unless \
            that `catch` names the error it expects (`catch let e as CKError where e.code == .unknownItem {}`, \
            `catch CKError.unknownItem {}`): ignoring one known code is handling it. Not reported either: a \
            status or identity query (`accountStatus()`, `userRecordID()`, `requestApplicationPermission`, \
            `discoverUserIdentity`), whose failure loses no data; and an existence probe, a `try?` fetch \
            (`record(for: id)`, `subscription(for: id)`) followed in the same function by a save of a record or \
            subscription built with that same `id` whose errors are not discarded — a probe that failed for \
            another reason leads to that save, which fails and reports why. Any other probe is reported: it \
            cannot tell "absent" from "offline"; silence it with \
            `// ckschema:disable-next-line app_cloudkit_errors_swallowed` where that is meant.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func store(_ record: CKRecord, in database: CKDatabase) async {
                    _ = ↓try? await database.save(record)
                }
                """),
            AppPracticeExampleText.app("""
                func store(_ record: CKRecord, in database: CKDatabase) async {
                    do {
                        _ = try await database.save(record)
                    } ↓catch {}
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func store(_ record: CKRecord, in database: CKDatabase) async throws {
                    _ = try await database.save(record)
                    try? context.save()
                }
                """),
            AppPracticeExampleText.app("""
                func remove(_ id: CKRecord.ID, from database: CKDatabase) async throws {
                    do {
                        _ = try await database.deleteRecord(withID: id)
                    } catch let error as CKError where error.code == .unknownItem {
                        // already deleted
                    }
                }
                """),
            AppPracticeExampleText.app("""
                func subscribe(to database: CKDatabase) async throws {
                    let id = "all-changes"
                    let existing = try? await database.subscription(for: id)
                    guard existing == nil else { return }
                    _ = try await database.save(CKDatabaseSubscription(subscriptionID: id))
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
