import CKSchemaCore
import CKSchemaRules
import SwiftSyntax

/// Record creation, queries, predicates, sorts and desired keys.
extension FileCollector {
    func collectCall(_ node: FunctionCallExprSyntax) {
        collectHandOn(node)
        switch node.calledExpression.trimmedText {
        case "CKRecord":
            if let type = argument("recordType", of: node) {
                let key = symbolicKey(type)
                if let scope = currentType { symbols.recordTypeEvidence[scope, default: []].append(key) }
                emit(.createRecord, .named(key), at: type)
            }
        case "CKShare":
            if node.arguments.first?.label.map({ ["rootRecord", "recordZoneID"].contains($0.text) }) == true {
                emit(.createRecord, .named(.literal("cloudkit.share")), at: node.calledExpression)
            }
        case "CKQuery", "CKQuerySubscription":
            guard let type = argument("recordType", of: node) else { break }
            let ref = RecordTypeRef.named(symbolicKey(type))
            emit(.query, ref, at: type)
            if let predicate = argument("predicate", of: node) {
                predicateUsages(predicate, recordType: ref,
                                matchAllCounts: node.calledExpression.trimmedText == "CKQuery")
            }
        default:
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { break }
            let method = member.declName.baseName.text
            if recordMethodCall(node, method: method, base: base) { break }
            if let query = argument("matching", of: node) ?? argument("withQuery", of: node),
               let keys = argument("desiredKeys", of: node) {
                desiredKeyUsages(keys, recordType: queryType(query))
            }
        }
    }

    /// Assignments: `query.sortDescriptors = …`, `operation.desiredKeys = …`, `record = CKRecord(…)`.
    func collectAssignment(_ node: SequenceExprSyntax) {
        let elements = Array(node.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return }
        if let member = elements[0].as(MemberAccessExprSyntax.self), let base = unwrapped(member.base) {
            switch member.declName.baseName.text {
            case "sortDescriptors": sortUsages(elements[2], recordType: queryType(base))
            case "desiredKeys": desiredKeyUsages(elements[2], recordType: queryType(base))
            default: break
            }
        } else {
            // `a = b + c`: the value is the rest of the sequence, built as a node only when `a` is a local
            // (building syntax nodes is costly, and most assignments are to members and subscripts).
            rebind(elements[0], to: elements.count == 3 ? elements[2]
                                    : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements[2...]))))
        }
    }

    // MARK: - Predicates

    /// The uses in a query's predicate: an `NSPredicate(format:…)` literal, `NSPredicate(value: true)`,
    /// compound predicates, or a local holding one of those.
    func predicateUsages(_ predicate: ExprSyntax, recordType: RecordTypeRef, matchAllCounts: Bool) {
        var pending = [predicate]
        var visited = 0
        while let next = pending.popLast(), visited < 64 {
            visited += 1
            guard let expression = unwrapped(next) else { continue }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                if case .expression(let bound)? = binding(reference.baseName.text) { pending.append(bound) }
                continue
            }
            if let array = expression.as(ArrayExprSyntax.self) {
                pending += array.elements.map(\.expression)
                continue
            }
            guard let call = expression.as(FunctionCallExprSyntax.self) else { continue }
            switch call.calledExpression.trimmedText {
            case "NSPredicate":
                if let value = argument("value", of: call) {
                    if matchAllCounts, value.trimmedText == "true" { emit(.matchAll, recordType, at: call) }
                } else if let format = argument("format", of: call) {
                    let arguments = call.arguments.dropFirst().map(\.expression)
                    formatUsages(format, arguments: Array(arguments), recordType: recordType, matchAllCounts: matchAllCounts)
                }
            case "NSCompoundPredicate":
                pending += call.arguments.map(\.expression)
            default:
                break
            }
        }
    }

    /// Parses a format literal and records each key it compares, located in the literal (or at the `%K`
    /// argument). A format built at run time, or one that does not parse, is a note.
    private func formatUsages(_ format: ExprSyntax, arguments: [ExprSyntax], recordType: RecordTypeRef,
                              matchAllCounts: Bool) {
        guard let literal = unwrapped(format)?.as(StringLiteralExprSyntax.self), let text = StringLiteralText(literal) else {
            emit(.filter(.equality), recordType, key: .unknowable("the predicate format is built at run time"), at: format)
            return
        }
        func location(_ offset: Int) -> CKSchemaCore.SourceLocation {
            let index = min(offset, text.offsets.count - 1)
            return index >= 0 ? positions.location(ofOffset: text.offsets[index]) : self.location(of: literal)
        }
        switch ParsedPredicate.parse(text.scalars) {
        case .failure(let error):
            emit(.filter(.equality), recordType,
                 key: .unknowable("the predicate format cannot be read (\(error.message))"), at: location(error.offset))
        case .success(let parsed):
            for term in parsed.terms {
                switch term {
                case .matchAll(let offset):
                    if matchAllCounts { emit(.matchAll, recordType, at: location(offset)) }
                case .search(let offset):
                    emit(.search, recordType, at: location(offset))
                case .filter(let operation, .path(let path, let offset)):
                    emit(.filter(operation), recordType, key: .literal(path), mapsSystemKeys: true, at: location(offset))
                case .filter(let operation, .argument(let index, let offset)):
                    if index < arguments.count {
                        emit(.filter(operation), recordType, key: symbolicKey(arguments[index]), mapsSystemKeys: true,
                             at: arguments[index])
                    } else {
                        emit(.filter(operation), recordType, key: .unknowable("'%K' has no argument"), at: location(offset))
                    }
                }
            }
        }
    }

    // MARK: - Sorts and desired keys

    /// `[NSSortDescriptor(key: …), CKLocationSortDescriptor(key: …)]`, or a local holding that list.
    func sortUsages(_ expression: ExprSyntax, recordType: RecordTypeRef) {
        for element in listElements(expression) {
            guard let call = unwrapped(element)?.as(FunctionCallExprSyntax.self), let key = argument("key", of: call) else {
                continue
            }
            switch call.calledExpression.trimmedText {
            case "NSSortDescriptor": emit(.sort, recordType, key: symbolicKey(key), mapsSystemKeys: true, at: key)
            case "CKLocationSortDescriptor": emit(.locationSort, recordType, key: symbolicKey(key), at: key)
            default: break
            }
        }
    }

    /// Each key of a `desiredKeys` list (an array literal or a local holding one); `nil` asks for all.
    func desiredKeyUsages(_ expression: ExprSyntax, recordType: RecordTypeRef) {
        if unwrapped(expression)?.is(NilLiteralExprSyntax.self) == true { return }
        let elements = listElements(expression)
        if elements.isEmpty, unwrapped(expression)?.is(ArrayExprSyntax.self) != true {
            emit(.desiredKey, recordType, key: .unknowable("the desired keys are built at run time"), at: expression)
        }
        for element in elements {
            emit(.desiredKey, recordType, key: symbolicKey(element), at: element)
        }
    }

    /// The elements of an array literal, following locals that hold one.
    private func listElements(_ expression: ExprSyntax) -> [ExprSyntax] {
        var current = unwrapped(expression)
        for _ in 0..<8 {
            if let array = current?.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
            guard let name = current?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  case .expression(let bound)? = binding(name) else { return [] }
            current = unwrapped(bound)
        }
        return []
    }
}
