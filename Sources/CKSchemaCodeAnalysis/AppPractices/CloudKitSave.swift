import SwiftSyntax

/// What a CloudKit save saves, as written: `database.save(x)` → `x`; `modifyRecords(saving: [a, b])`,
/// `modifySubscriptions(saving:)`, `modifyRecordZones(saving:)` and their operations (`CKModifyRecordsOperation(
/// recordsToSave:)`, …) → `a`, `b`. A list passed by name is one item.
enum CloudKitSave {
    static func items(of call: PracticeCall) -> [ExprSyntax]? {
        let saved: ExprSyntax?
        if call.receiver == nil, let label = operationLabels[call.name] {
            saved = call.argument(label)?.expression
        } else if call.isCloudKitCall, call.name == "save", call.node.arguments.count == 1, call.firstLabel == nil {
            saved = call.node.arguments.first?.expression
        } else if call.isCloudKitCall, modifyingMethods.contains(call.name) {
            saved = call.argument("saving")?.expression
        } else {
            saved = nil
        }
        guard let saved else { return nil }
        return saved.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [saved]
    }

    /// Whether `call` saves zones (`save` saves any of records, zones and subscriptions).
    static func savesZones(_ call: PracticeCall) -> Bool {
        ["save", "modifyRecordZones", "CKModifyRecordZonesOperation"].contains(call.name)
    }

    private static let operationLabels = [
        "CKModifyRecordsOperation": "recordsToSave", "CKModifySubscriptionsOperation": "subscriptionsToSave",
        "CKModifyRecordZonesOperation": "recordZonesToSave",
    ]
    private static let modifyingMethods: Set<String> = ["modifyRecords", "modifySubscriptions", "modifyRecordZones"]
}
