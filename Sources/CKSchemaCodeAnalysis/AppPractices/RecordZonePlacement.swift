import SwiftSyntax

/// Where the code places a record, as far as the enclosing function shows (`LocalScope`): the default zone when
/// the record is built with no zone at all (`CKRecord(recordType:)`, `CKRecord(recordType:recordID:)` with a
/// `CKRecord.ID(recordName:)` that names none, `CKShare(rootRecord:)` of such a record) or with the default
/// zone's ID. Anything else (a parameter, a property, a record fetched earlier) is not known, and not guessed.
enum RecordZonePlacement {
    /// Whether `expression` (an element of `saving: […]` next to `call`) is a record in the default zone.
    static func isDefaultZone(_ expression: ExprSyntax, near call: FunctionCallExprSyntax) -> Bool {
        isDefaultZone(expression, in: LocalScope(of: call), depth: 0)
    }

    private static func isDefaultZone(_ expression: ExprSyntax, in scope: LocalScope?, depth: Int) -> Bool {
        guard depth < 4, let call = (scope?.resolved(expression) ?? expression).as(FunctionCallExprSyntax.self) else {
            return false
        }
        let argument = { (label: String) in call.arguments.first { $0.label?.text == label }?.expression }
        switch call.calledExpression.trimmedText {
        case "CKRecord":
            if let zone = argument("zoneID") { return names(defaultZone: zone) }
            guard let id = argument("recordID") else { return argument("recordType") != nil }
            return isDefaultZone(id, in: scope, depth: depth + 1)
        case "CKRecord.ID", "CKRecord.ID.init":
            guard let zone = argument("zoneID") else { return argument("recordName") != nil }
            return names(defaultZone: zone)
        case "CKShare":
            return argument("rootRecord").map { isDefaultZone($0, in: scope, depth: depth + 1) } ?? false
        default:
            return false
        }
    }

    /// `CKRecordZone.default().zoneID`, `CKRecordZone.ID.default`, `.default`.
    private static func names(defaultZone zone: ExprSyntax) -> Bool {
        [".default", "CKRecordZone.ID.default", "CKRecordZone.default().zoneID", "CKRecordZoneID.default"]
            .contains(zone.trimmedText)
    }
}
