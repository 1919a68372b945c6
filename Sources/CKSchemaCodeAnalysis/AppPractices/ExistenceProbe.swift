import SwiftSyntax

/// An existence probe: `try? await database.record(for: id)` (or `subscription(for:)`, `fetch(withRecordID:)`,
/// `fetch(withSubscriptionID:)`) whose `nil` is read as "not there yet", followed in the same function by a
/// save of a record or subscription built under that same ID (`CKRecord(recordType: t, recordID: id)`,
/// `CKRecordZoneSubscription(zoneID: z, subscriptionID: id)`) whose errors are not discarded. A probe that
/// failed for another reason leads to that save, which then fails and reports why (the record exists:
/// `.serverRecordChanged`; offline: the same error again): the `try?` loses nothing.
enum ExistenceProbe {
    static func isProbe(_ fetch: PracticeCall, in scan: PracticeScan) -> Bool {
        guard fetch.node.arguments.count == 1, let argument = fetch.node.arguments.first,
              fetchLabels[fetch.name]?.contains(argument.label?.text ?? "") == true,
              let scope = LocalScope(of: fetch.node) else { return false }
        let id = argument.expression.trimmedText
        return scan.calls.contains { save in
            save.node.position > fetch.node.endPosition && scope.contains(save.node)
                && (CloudKitSave.items(of: save) ?? []).contains { isBuilt($0, under: id, in: scope) }
                && !ErrorsSwallowedDetector.swallows(save)
        }
    }

    /// Whether `item` is (a local bound to) a record or subscription made with `id`.
    private static func isBuilt(_ item: ExprSyntax, under id: String, in scope: LocalScope) -> Bool {
        guard let call = scope.resolved(item).as(FunctionCallExprSyntax.self) else { return false }
        return call.arguments.contains { argument in
            ["recordID", "subscriptionID"].contains(argument.label?.text) && argument.expression.trimmedText == id
        }
    }

    private static let fetchLabels: [String: Set<String>] = [
        "record": ["for"], "subscription": ["for"], "fetch": ["withRecordID", "withSubscriptionID"],
    ]
}
