package import SwiftSyntax

/// Whether code issues a CloudKit operation on several items at once — the only kind that fails with
/// `.partialFailure` (a batch some of whose items failed). An app with none (single-record `record(for:)`,
/// `save`, queries, or `CKSyncEngine`, which reports each record's failure itself) never receives that code, so
/// `app_partial_failure_unread` is silent there (AngelLive maps it to a message in a switch over every code).
package enum BatchOperations {
    /// Operation classes that act on several records, zones, subscriptions or shares in one request.
    static let operations: Set<String> = [
        "CKModifyRecordsOperation", "CKFetchRecordsOperation", "CKModifyRecordZonesOperation", "CKFetchRecordZonesOperation",
        "CKModifySubscriptionsOperation", "CKFetchSubscriptionsOperation", "CKFetchRecordZoneChangesOperation",
        "CKFetchShareMetadataOperation", "CKAcceptSharesOperation", "CKFetchShareParticipantsOperation",
    ]
    /// `CKDatabase` methods that do, whatever their labels.
    static let methods: Set<String> = [
        "modifyRecords", "modifyRecordZones", "modifySubscriptions", "recordZoneChanges", "fetchAllRecordZones",
        "fetchAllSubscriptions", "allRecordZones", "allSubscriptions",
    ]
    /// Methods that do with this first label: `records(for:)`, `fetch(withRecordIDs:)`, …
    static let labelled: Set<String> = [
        "records(for", "recordZones(for", "subscriptions(for", "fetch(withRecordIDs", "fetch(withRecordZoneIDs",
        "fetch(withSubscriptionIDs",
    ]

    /// Whether `call` issues one. Decided where the app-facts walk already visits every call: no pass of its own.
    package static func isBatch(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledName else { return false }
        if operations.contains(name) { return true }
        guard call.calledExpression.is(MemberAccessExprSyntax.self) else { return false }
        if methods.contains(name) { return true }
        guard let label = call.arguments.first?.label?.text else { return false }
        return labelled.contains(name + "(" + label)
    }
}

extension BatchOperations {
    /// Whether some call in `tree` issues one, for code that has the tree but not the app-facts walk (tests).
    package static func appear(in tree: some SyntaxProtocol) -> Bool {
        let finder = BatchCallFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }
}

private final class BatchCallFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !found, BatchOperations.isBatch(node) { found = true }
        return found ? .skipChildren : .visitChildren
    }
}
