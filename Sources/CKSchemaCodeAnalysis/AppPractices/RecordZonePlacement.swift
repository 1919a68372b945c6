import SwiftSyntax

/// Where the code places a record, as far as the enclosing function shows: the default zone when the record is
/// built with no zone at all (`CKRecord(recordType:)`, `CKRecord(recordType:recordID:)` with a
/// `CKRecord.ID(recordName:)` that names none, `CKShare(rootRecord:)` of such a record) or with the default
/// zone's ID. Anything else (a parameter, a property, a record fetched earlier) is not known, and not guessed.
enum RecordZonePlacement {
    /// Whether `expression` (an element of `saving: […]` next to `call`) is a record in the default zone.
    static func isDefaultZone(_ expression: ExprSyntax, near call: FunctionCallExprSyntax) -> Bool {
        isDefaultZone(expression, scope: call.enclosingScope, depth: 0)
    }

    private static func isDefaultZone(_ expression: ExprSyntax, scope: Syntax?, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard let scope, let value = initialValue(of: reference.baseName.text, in: scope) else { return false }
            return isDefaultZone(value, scope: scope, depth: depth + 1)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        let callee = call.calledExpression.trimmedText
        let argument = { (label: String) in call.arguments.first { $0.label?.text == label }?.expression }
        switch callee {
        case "CKRecord":
            if let zone = argument("zoneID") { return names(defaultZone: zone) }
            guard let id = argument("recordID") else { return argument("recordType") != nil }
            return isDefaultZone(id, scope: scope, depth: depth + 1)
        case "CKRecord.ID", "CKRecord.ID.init":
            guard let zone = argument("zoneID") else { return argument("recordName") != nil }
            return names(defaultZone: zone)
        case "CKShare":
            return argument("rootRecord").map { isDefaultZone($0, scope: scope, depth: depth + 1) } ?? false
        default:
            return false
        }
    }

    /// `CKRecordZone.default().zoneID`, `CKRecordZone.ID.default`, `.default`.
    private static func names(defaultZone zone: ExprSyntax) -> Bool {
        let text = zone.trimmedText
        return text == ".default" || text == "CKRecordZone.ID.default" || text == "CKRecordZone.default().zoneID"
            || text == "CKRecordZoneID.default"
    }

    /// The value `let NAME = …` gives in `scope`, when it is declared there exactly once.
    private static func initialValue(of name: String, in scope: Syntax) -> ExprSyntax? {
        let bindings = scope.tokens(viewMode: .sourceAccurate).compactMap { token -> PatternBindingSyntax? in
            guard token.tokenKind == .identifier(name), let pattern = token.parent?.as(IdentifierPatternSyntax.self) else {
                return nil
            }
            return pattern.parent?.as(PatternBindingSyntax.self)
        }
        guard bindings.count == 1, let binding = bindings.first,
              binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let) else {
            return nil
        }
        return binding.initializer?.value
    }
}
