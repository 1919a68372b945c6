import CKSchemaCore
import CKSchemaRules

/// Whether an app's code ever learns that the user is not signed in to iCloud. Which code runs before the
/// answer cannot be told without the app's control flow (view lifecycles, tasks), so the question is asked of
/// the whole app: one that never asks at all shows every signed-out user whatever a failed read gives.
enum AccountStatusCheck {
    /// What code that learns the account status says: `CKContainer.accountStatus()` and its completion-handler
    /// form, the `.CKAccountChanged` notification, handling `CKError.notAuthenticated`, fetching the user's
    /// record ID (which fails when signed out), the ubiquity identity token and its change notification. Any
    /// one of them, even in a comment, counts: an app that might check is not reported.
    static let markers = ["accountStatus", "CKAccountChanged", "notAuthenticated", "fetchUserRecordID", "userRecordID(",
                          "ubiquityIdentityToken", "NSUbiquityIdentityDidChange"]

    /// Whether `text` (one Swift file) holds one of the markers.
    static func mentioned(in text: String) -> Bool {
        markers.contains { text.contains($0) }
    }
}

extension [CodeUsage] {
    /// Adds a `queryWithoutAccountCheck` use for each public-database query (`CKQuery(recordType:…)` in a
    /// function of `scopes`) among the uses from `first` on, once per type and place; for an app whose code
    /// never checks the account status (`AccountStatusCheck`), so the caller asks only then.
    mutating func markQueriesWithoutAccountCheck(_ scopes: [PublicDatabaseScope], from first: Int) {
        let queries = Set(scopes.flatMap(\.queries))
        guard !queries.isEmpty else { return }
        var seen = Set<CodeUsage>()
        let added = self[first...].compactMap { usage -> CodeUsage? in
            guard usage.kind == .query, usage.database == .public, queries.contains(usage.location) else { return nil }
            let read = CodeUsage(.queryWithoutAccountCheck, recordType: usage.recordType, at: usage.location,
                                 database: .public)
            return seen.insert(read).inserted ? read : nil
        }
        append(contentsOf: added)
    }
}
