import CKSchemaCore
import CKSchemaRules
import SwiftSyntax

/// Reads and writes of record fields: subscripts, `encryptedValues`, `setValue(_:forKey:)` and friends.
extension FileCollector {
    /// A value the code uses as a CKRecord, with what decides its record type.
    struct Receiver {
        var recordType: RecordTypeRef
        var condition: ReceiverCondition?
    }

    /// `base` as a record: a local known to hold one, or a property of the type the code is in (decided
    /// later); `record.encryptedValues` is its record. Anything else (a dictionary, a cache) is not.
    func receiver(_ base: ExprSyntax) -> Receiver? {
        guard var expression = unwrapped(base) else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "encryptedValues",
           let inner = unwrapped(member.base) {
            expression = inner
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            switch binding(name) {
            case .record(let ref)?: return Receiver(recordType: ref)
            case .recordIf(let condition, let ref)?: return Receiver(recordType: ref, condition: condition)
            case nil:
                guard let scope = currentType, name != "self" else { return nil }
                return Receiver(recordType: .ofSwiftType(scope), condition: .property(type: scope, name: name))
            default: return nil
            }
        }
        switch elementOfRecords(expression) {  // `records[0]["title"]`, `records.first?["title"]`
        case .record(let ref)?: return Receiver(recordType: ref)
        case .recordIf(let condition, let ref)?: return Receiver(recordType: ref, condition: condition)
        default: break
        }
        if expression.is(FunctionCallExprSyntax.self), case .record(let ref) = classify(expression, declaredType: nil) {
            return Receiver(recordType: ref)  // `try result.get()["title"]`
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self",
           let scope = currentType {
            let name = member.declName.baseName.text
            return Receiver(recordType: .ofSwiftType(scope), condition: .property(type: scope, name: name))
        }
        return nil
    }

    func collectSubscript(_ node: SubscriptCallExprSyntax) {
        guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
              let receiver = receiver(node.calledExpression) else { return }
        emitAccess(ExprSyntax(node), of: node.calledExpression, receiver, key: symbolicKey(argument.expression),
                   at: argument.expression)
    }

    /// Emits what `expression` (`record[key]`, `record.object(forKey: key)`) does with `key`: a write, a read,
    /// or a read per type it is cast to, `as? T` or a `switch` over it (`FileCollector+TolerantReads`).
    func emitAccess(_ expression: ExprSyntax, of record: ExprSyntax, _ receiver: Receiver, key: SymbolicKey,
                    at keyNode: ExprSyntax) {
        let access = self.access(of: expression)
        guard case .read = access.kind else {
            emit(access.kind, receiver.recordType, key: key, value: access.value, receiver: receiver.condition, at: keyNode)
            return
        }
        let casts = access.value.map { [$0] } ?? switchCastTypes(expression)
        guard !casts.isEmpty else {
            emit(.read(nil), receiver.recordType, key: key, receiver: receiver.condition, at: keyNode)
            return
        }
        emitCasts(casts, of: expression, record: record, receiver, key: key, at: keyNode)
    }

    /// `record.setValue(v, forKey: k)`, `setObject(_:forKey:)`, `object(forKey:)`, `value(forKey:)`,
    /// `setValuesForKeys([k: v])`.
    func recordMethodCall(_ node: FunctionCallExprSyntax, method: String, base: ExprSyntax) -> Bool {
        guard ["setValue", "setObject", "object", "value", "setValuesForKeys"].contains(method),
              let receiver = receiver(base) else { return false }
        if method == "setValuesForKeys" {
            guard let dictionary = node.arguments.first?.expression.as(DictionaryExprSyntax.self),
                  case .elements(let elements) = dictionary.content else { return true }
            for element in elements {
                emit(.write(nil), receiver.recordType, key: symbolicKey(element.key),
                     value: valueType([element.value]), receiver: receiver.condition, at: element.key)
            }
            return true
        }
        guard let key = argument("forKey", of: node) else { return false }
        if method == "setValue" || method == "setObject" {
            let value = node.arguments.first.map { valueType([$0.expression]) } ?? nil
            emit(.write(nil), receiver.recordType, key: symbolicKey(key), value: value, receiver: receiver.condition, at: key)
        } else {
            emitAccess(ExprSyntax(node), of: base, receiver, key: symbolicKey(key), at: key)
        }
        return true
    }

    /// Whether `expression` (a subscript or `object(forKey:)`) is assigned to, and the value written or the
    /// type it is cast to when read. Swift's parser leaves operators unfolded: `r[k] = v as T` is the
    /// sequence `r[k]`, `=`, `v`, `as`, `T`.
    func access(of expression: ExprSyntax) -> (kind: CodeUsage.Kind, value: SymbolicValue?) {
        guard let list = expression.parent?.as(ExprListSyntax.self) else { return (.read(nil), nil) }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == expression.id }) else { return (.read(nil), nil) }
        if index + 1 < elements.count, elements[index + 1].is(AssignmentExprSyntax.self) {
            return (.write(nil), valueType(Array(elements[(index + 2)...])))
        }
        if index + 2 < elements.count, elements[index + 1].is(UnresolvedAsExprSyntax.self),
           let type = elements[index + 2].as(TypeExprSyntax.self) {
            return (.read(nil), .swiftType(type.type.trimmedText))
        }
        return (.read(nil), nil)
    }

    /// The type of the value in `elements` (one expression, optionally `as T`), when the code states it.
    /// Types that say nothing about the value they hold.
    static let valueBridges: Set<String> = ["CKRecordValue", "any CKRecordValue", "__CKRecordObjCValue", "Any",
                                            "AnyObject", "NSObject", "any CKRecordValueProtocol",
                                            "CKRecordValueProtocol", "(any CKRecordValue)", "(CKRecordValue)"]

    func valueType(_ elements: [ExprSyntax]) -> SymbolicValue? {
        if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
           let type = elements[2].as(TypeExprSyntax.self)?.type.trimmedText {
            return Self.valueBridges.contains(type) ? valueType([elements[0]]) : .swiftType(type)
        }
        if elements.count == 3, let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
            // `flag ? 1 : 0`: the type both branches share.
            let first = valueType([ternary.thenExpression]), second = valueType([elements[2]])
            return first == second ? first : nil
        }
        guard elements.count == 1 else { return nil }
        return value(of: elements[0], depth: 0)
    }

    private func value(of expression: ExprSyntax, depth: Int) -> SymbolicValue? {
        guard depth < 8, let expression = unwrapped(expression) else { return nil }
        if expression.is(StringLiteralExprSyntax.self) { return .known(.string) }
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self) {
            return .known(.integer)
        }
        if expression.is(FloatLiteralExprSyntax.self) { return .known(.double) }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return valueType(Array(sequence.elements))
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            let elements = array.elements.map { value(of: $0.expression, depth: depth + 1) }
            guard let first = elements.first, let known = first, elements.allSatisfy({ $0 == known }),
                  case .known(let element) = known else { return nil }
            return .known(.list(element))
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedText
            if let known = SwiftTypeNames.valueType(callee) { return .known(known) }
            return nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            switch binding(name) {
            case .typed(let type)?:
                if Self.valueBridges.contains(SwiftTypeNames.strippingOptional(type)),
                   let parameter = parameterReference(name) {
                    return .parameter(function: parameter.function, index: parameter.index)
                }
                return .swiftType(type)
            case .expression(let bound)?: return value(of: bound, depth: depth + 1)
            case nil: return currentType.map { .member(ofType: $0, path: [name]) }
            default: return nil
            }
        }
        guard var path = memberPath(expression), path.first != "." else { return nil }
        if path.first == "Date", path.count == 2 { return path[1] == "now" ? .known(.timestamp) : nil }
        let first = path.removeFirst()
        if first == "self" { return currentType.map { .member(ofType: $0, path: path) } }
        switch binding(first) {
        case .typed(let type)?: return .member(ofType: SwiftTypeNames.strippingOptional(type), path: path)
        case nil: return currentType.map { .member(ofType: $0, path: [first] + path) }
        default: return nil
        }
    }

    /// Records a use.
    func emit(_ kind: CodeUsage.Kind, _ recordType: RecordTypeRef?, key: SymbolicKey? = nil,
              value: SymbolicValue? = nil, receiver: ReceiverCondition? = nil, mapsSystemKeys: Bool = false,
              at node: some SyntaxProtocol) {
        emit(kind, recordType, key: key, value: value, receiver: receiver, mapsSystemKeys: mapsSystemKeys,
             at: location(of: node))
    }

    func emit(_ kind: CodeUsage.Kind, _ recordType: RecordTypeRef?, key: SymbolicKey? = nil,
              value: SymbolicValue? = nil, receiver: ReceiverCondition? = nil, mapsSystemKeys: Bool = false,
              at location: CKSchemaCore.SourceLocation) {
        usages.append(PendingUsage(kind: kind, recordType: recordType, key: key, mapsSystemKeys: mapsSystemKeys,
                                   value: value, receiver: receiver, location: location))
    }
}
