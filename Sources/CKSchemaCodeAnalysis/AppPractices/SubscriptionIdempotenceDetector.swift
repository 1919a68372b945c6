import CKSchemaApp

/// `app_subscription_not_idempotent`: a `CKQuerySubscription`, `CKRecordZoneSubscription` or
/// `CKDatabaseSubscription` built without `subscriptionID:` gets a new random ID, so saving it at every launch
/// piles up subscriptions (and duplicate pushes). Silent for engine-managed sync (the engine subscribes).
enum SubscriptionIdempotenceDetector: PracticeDetector {
    static let types = ["CKQuerySubscription", "CKRecordZoneSubscription", "CKDatabaseSubscription"]

    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        guard !scan.isEngineManaged else { return [] }
        return scan.calls.filter { call in
            call.receiver == nil && types.contains(call.name) && !call.labels.contains("subscriptionID")
        }.map { call in
            .practice(AppSubscriptionNotIdempotentRule.ruleID, at: scan.location(of: call.node),
                      "this \(call.name) has no 'subscriptionID': each save creates another subscription with a "
                        + "random ID (one more per launch, each sending its own push); give it a fixed ID")
        }
    }
}
