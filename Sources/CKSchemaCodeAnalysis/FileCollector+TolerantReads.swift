import CKSchemaCore
import CKSchemaRules
import SwiftSyntax

/// Reads that try a field as one type and fall back to another — `if let r = record[k] as? CKRecord.Reference`
/// then `return record[k] as? String`, `record[k] as? Date ?? (record[k] as? Double).map(…)`, a `switch` over
/// `record[k]` with `case let x as T` — are defensive code that works with records written before and after
/// the field changed type. Each cast is a use of its own; it carries the types the other casts of the same
/// record and key on the same path ask for (`alsoReadAs`), so that a cast is a mismatch only when none of
/// them can succeed. The path is one function, accessor or closure body; a helper's casts are instantiated
/// per call site together, since they share the key and record terms.
extension FileCollector {
    /// The casts of one record's key in one body.
    struct ReadSite: Hashable {
        var body: SyntaxIdentifier
        /// The record as the code writes it (`record`, `self.record`).
        var record: String
        var key: SymbolicKey
        var recordType: RecordTypeRef
        var condition: ReceiverCondition?
    }

    /// Emits a read of `key` per type in `casts`, the casts of `expression` (`record[key]`,
    /// `record.object(forKey: key)`), and files them under their read site.
    func emitCasts(_ casts: [SymbolicValue], of expression: ExprSyntax, record: ExprSyntax, _ receiver: Receiver,
                   key: SymbolicKey, at keyNode: ExprSyntax) {
        let site = ReadSite(body: enclosingBody(of: expression), record: record.trimmedText, key: key,
                            recordType: receiver.recordType, condition: receiver.condition)
        for cast in casts {
            readSites[site, default: []].append(usages.count)
            emit(.read(nil), receiver.recordType, key: key, value: cast, receiver: receiver.condition, at: keyNode)
        }
    }

    /// Gives each cast the types the other casts of its read site ask for; called once the file is walked.
    func shareReadTypes() {
        for indexes in readSites.values where indexes.count > 1 {
            for index in indexes {
                let own = usages[index].value
                var others: [SymbolicValue] = []
                for other in indexes {
                    if let value = usages[other].value, value != own, !others.contains(value) { others.append(value) }
                }
                usages[index].alsoReadAs = others
            }
        }
        readSites = [:]
    }

    /// The types a `switch` over `expression` matches it against (`case let name as String`, `case is Date`),
    /// in the order of its cases; none when `expression` is not a switch's subject.
    func switchCastTypes(_ expression: ExprSyntax) -> [SymbolicValue] {
        var node = Syntax(expression)
        for _ in 0..<5 {  // through `try`, `await`, parentheses
            guard let parent = node.parent else { return [] }
            if let switchExpr = parent.as(SwitchExprSyntax.self) {
                guard unwrapped(switchExpr.subject)?.id == expression.id else { return [] }
                var types: [SymbolicValue] = []
                for case .switchCase(let switchCase) in switchExpr.cases {
                    guard case .case(let label) = switchCase.label else { continue }
                    for item in label.caseItems {
                        if let type = castType(item.pattern), !types.contains(.swiftType(type)) {
                            types.append(.swiftType(type))
                        }
                    }
                }
                return types
            }
            node = parent
        }
        return []
    }

    /// `let x as T`, `is T`: T.
    private func castType(_ pattern: PatternSyntax) -> String? {
        let inner = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        if let isType = inner.as(IsTypePatternSyntax.self) { return isType.type.trimmedText }
        guard let sequence = inner.as(ExpressionPatternSyntax.self)?.expression.as(SequenceExprSyntax.self) else {
            return nil
        }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self) else { return nil }
        return elements[2].as(TypeExprSyntax.self)?.type.trimmedText
    }

    /// The function, accessor or closure body `node` is in (the file, at the top level): the walk's frames.
    private func enclosingBody(of node: ExprSyntax) -> SyntaxIdentifier {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(AccessorBlockSyntax.self) || parent.is(ClosureExprSyntax.self) {
                return parent.id
            }
            current = parent
        }
        return current.id
    }
}
