/// Whether code issues a CloudKit operation on several items at once — the only kind that fails with
/// `.partialFailure` (a batch some of whose items failed). An app with none (single-record `record(for:)`,
/// `save`, queries, or `CKSyncEngine`, which reports each record's failure itself) never receives that code, so
/// `app_partial_failure_unread` is silent there (AngelLive maps it to a message in a switch over every code).
package enum BatchOperations {
    /// Operation classes and async/completion-handler calls that act on several records, zones, subscriptions or
    /// shares in one request, as written in source (a textual test: it runs on every file before the detectors).
    static let names = [
        "CKModifyRecordsOperation", "CKFetchRecordsOperation", "CKModifyRecordZonesOperation", "CKFetchRecordZonesOperation",
        "CKModifySubscriptionsOperation", "CKFetchSubscriptionsOperation", "CKFetchRecordZoneChangesOperation",
        "CKFetchShareMetadataOperation", "CKAcceptSharesOperation", "CKFetchShareParticipantsOperation",
        "modifyRecords(", "modifyRecordZones(", "modifySubscriptions(", "records(for:", "recordZones(for:",
        "subscriptions(for:", "fetch(withRecordIDs:", "fetch(withRecordZoneIDs:", "fetch(withSubscriptionIDs:",
        "recordZoneChanges(", "fetchAllRecordZones", "fetchAllSubscriptions", "allRecordZones(", "allSubscriptions(",
    ]

    /// Whether `text` names one of them.
    package static func appear(in text: String) -> Bool {
        names.contains { text.contains($0) }
    }
}
