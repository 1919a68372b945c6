import SwiftSyntax

/// A record made in the function that saves it, under a fresh random name: `CKRecord(recordType:)`,
/// `CKRecord(recordType:zoneID:)`, or `CKRecord(recordType:recordID:)` with `CKRecord.ID()`,
/// `CKRecord.ID(zoneID:)` or a name from `UUID()` — directly or through locals
/// (`let id = CKRecord.ID(zoneID: zone.zoneID)`), and through a value built with that name
/// (`let s = Submission(recordName: UUID().uuidString)` … `CKRecord.ID(recordName: s.recordName)`). No other
/// device can have saved it first, so its save cannot fail with `.serverRecordChanged`. A record fetched,
/// passed in or named by the app (`CKShare(recordZoneID:)` included: a zone's share has a fixed name) is not one.
enum FreshRecord {
    static func isFresh(_ record: ExprSyntax, in scope: LocalScope) -> Bool {
        guard let call = scope.resolved(record).as(FunctionCallExprSyntax.self),
              call.calledExpression.trimmedText == "CKRecord" else { return false }
        switch labels(call) {
        case ["recordType"], ["recordType", "zoneID"]: return true
        case ["recordType", "recordID"]: return argument("recordID", of: call).map { isFreshID($0, in: scope) } ?? false
        default: return false
        }
    }

    private static func isFreshID(_ id: ExprSyntax, in scope: LocalScope) -> Bool {
        guard let call = scope.resolved(id).as(FunctionCallExprSyntax.self),
              ["CKRecord.ID", "CKRecord.ID.init"].contains(call.calledExpression.trimmedText) else { return false }
        switch labels(call) {
        case [], ["zoneID"]: return true
        case ["recordName"], ["recordName", "zoneID"]:
            return argument("recordName", of: call).map { isFreshName($0, in: scope) } ?? false
        default: return false
        }
    }

    private static func isFreshName(_ name: ExprSyntax, in scope: LocalScope, depth: Int = 0) -> Bool {
        let name = scope.resolved(name)
        if ["UUID().uuidString", "NSUUID().uuidString", "UUID().uuidString.lowercased()"].contains(name.trimmedText) {
            return true
        }
        if let literal = name.as(StringLiteralExprSyntax.self) {
            return literal.segments.contains { $0.as(ExpressionSegmentSyntax.self)?.expressions.trimmedText.hasPrefix("UUID()") == true }
        }
        // `s.recordName` where `s` was built with `recordName: <fresh>`: a memberwise value keeps what it was given.
        guard depth < 4, let member = name.as(MemberAccessExprSyntax.self), let base = member.base,
              let built = scope.resolved(base).as(FunctionCallExprSyntax.self),
              let given = argument(member.declName.baseName.text, of: built) else { return false }
        return isFreshName(given, in: scope, depth: depth + 1)
    }

    private static func labels(_ call: FunctionCallExprSyntax) -> [String?] {
        call.arguments.map { $0.label?.text }
    }

    private static func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }
}
