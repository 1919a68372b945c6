/// A call that reads from CloudKit: a fetch operation (`CKQueryOperation`, `CKFetch…Operation`), or a reading
/// method of a database, container or sync engine (`PracticeCall.isCloudKitCall`).
enum CloudKitRead {
    static func isRead(_ call: PracticeCall) -> Bool {
        if call.receiver == nil, call.name == "CKQueryOperation" || (call.name.hasPrefix("CKFetch") && call.name.hasSuffix("Operation")) {
            return true
        }
        return call.isCloudKitCall && readingMethods.contains(call.name)
    }

    private static let readingMethods: Set<String> = [
        "record", "records", "recordZoneChanges", "databaseChanges", "fetch", "allRecordZones", "recordZones",
        "recordZone", "fetchAllRecordZones", "fetchChanges", "subscriptions", "allSubscriptions",
    ]
}
