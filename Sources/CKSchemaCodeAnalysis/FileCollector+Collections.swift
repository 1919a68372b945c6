import SwiftSyntax

/// Records taken out of collections of records: `records[0]`, `records.first`, `records.first(where:)`,
/// `records.filter { … }`, `results.compactMap { try? $0.1.get() }`, `pair.1` of a `(CKRecord.ID, Result)`
/// pair. The element has the collection's record type; a collection whose type the code does not say gives
/// nothing.
extension FileCollector {
    /// Methods of a collection that give some of its own elements.
    private static let subsetMethods: Set<String> = ["filter", "sorted", "reversed", "prefix", "suffix", "dropFirst",
                                                     "dropLast", "shuffled"]
    /// Methods of a collection that give one of its elements.
    private static let elementMethods: Set<String> = ["first", "last", "min", "max", "randomElement"]

    /// A call on a collection of records: what it gives, or nil when it is none of these.
    func derivedFromRecords(_ call: FunctionCallExprSyntax, method: String, base: ExprSyntax?) -> Binding? {
        guard let base = unwrapped(base), base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
                || base.is(FunctionCallExprSyntax.self) else { return nil }
        let collection = classify(base, declaredType: nil)
        switch collection {
        case .records, .recordsIf:
            if Self.subsetMethods.contains(method) { return collection }
            if Self.elementMethods.contains(method) { return recordsElement(collection) }
            if method == "map" || method == "compactMap" { return mapped(call) }
            return nil
        case .matchResults:
            if method == "map" || method == "compactMap" { return mapped(call) }
            return nil
        default:
            return nil
        }
    }

    /// `records[i]`, `records.first`, `records.last`, `pair.1`: the element, or nil.
    func elementOfRecords(_ value: ExprSyntax) -> Binding? {
        if let subscriptCall = value.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
           subscriptCall.arguments.first?.label == nil,
           let base = unwrapped(subscriptCall.calledExpression), base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self),
           let element = recordsElement(classify(base, declaredType: nil)) {
            return element
        }
        guard let member = value.as(MemberAccessExprSyntax.self), let base = unwrapped(member.base),
              base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
                || base.is(FunctionCallExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard name == "first" || name == "last" || name == "1" else { return nil }
        let collection = classify(base, declaredType: nil)
        if name == "1" {
            if case .matchPair(let ref) = collection { return .recordResult(ref) }
            return nil
        }
        return recordsElement(collection)
    }

    /// `map`/`compactMap` whose closure gives a record of a known type: the records it gives.
    private func mapped(_ call: FunctionCallExprSyntax) -> Binding? {
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
              closure.statements.count == 1, case .expr(let body)? = closure.statements.first?.item else { return nil }
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: names = list.map(\.name.text)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        // Read the closure's one expression with its parameters bound as the walk will bind them.
        frames.append(Frame(bindings: closureParameterBindings(closure, names: names), generics: frames.last?.generics ?? [:]))
        defer { frames.removeLast() }
        switch classify(body, declaredType: nil) {
        case .record(let ref) where ref != .unknown: return .records(ref)
        case .recordIf(let condition, let ref): return .recordsIf(condition, ref)
        default: return nil
        }
    }
}

/// Records handed on: `list.append(record)` makes `list` hold records of the record's type, and a helper
/// calling its closure parameter with records (`completion(records)`) hands them to the closure each call
/// passes it (`db.getRecords(query: q) { records in … }`).
extension FileCollector {
    /// The element of a collection of records, as a binding.
    func recordsElement(_ collection: Binding) -> Binding? {
        switch collection {
        case .records(let ref): .record(ref)
        case .recordsIf(let condition, let ref): .recordIf(condition, ref)
        default: nil
        }
    }

    /// `list.append(record)`, `list.append(contentsOf: records)` and `completion(records)` inside a helper.
    func collectHandOn(_ node: FunctionCallExprSyntax) {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "append",
           let list = unwrapped(member.base)?.as(DeclReferenceExprSyntax.self)?.baseName.text,
           node.arguments.count == 1, let argument = node.arguments.first,
           let owner = owningFrame(of: list), let current = frames[owner].bindings[list] {
            appended(argument, to: list, in: owner, holding: current)
            return
        }
        guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let owner = owningFrame(of: callee), let function = frames[owner].function,
              let parameter = frames[owner].parameters[callee],
              case .typed(let type)? = frames[owner].bindings[callee], type.contains("->") else { return }
        for (position, argument) in node.arguments.enumerated() {
            guard case .records(let ref) = classify(argument.expression, declaredType: nil) else { continue }
            symbols.deliveries["\(function)#\(parameter)#\(position)", default: []].append(ref)
        }
    }

    /// The closure passed to a call that may reach a helper: its named parameters hold the records the helper
    /// hands it, if it does (decided once every file is read).
    func deliveredBindings(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax, names: [String]) -> [String: Binding]? {
        guard !names.isEmpty else { return nil }
        var label: String?
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            label = argument.label?.text ?? "_"
        } else if call.trailingClosure?.id != closure.id {
            return nil
        }
        let id = recordCallSite(call)
        var result: [String: Binding] = [:]
        for (position, name) in names.enumerated() where name != "_" {
            result[name] = .recordsIf(.delivers(call: id, closure: label, position: position),
                                      .delivered(call: id, closure: label, position: position, fallback: .unknown))
        }
        return result
    }

    /// A list of records (declared `[CKRecord]`, so far of the type the code is in) takes the type of what is
    /// appended to it; records of several types leave a type only when they all agree.
    private func appended(_ argument: LabeledExprSyntax, to list: String, in owner: Int, holding current: Binding) {
        var old = RecordTypeRef.unknown, condition: ReceiverCondition?
        switch current {
        case .records(let ref): old = ref
        case .recordsIf(let held, let ref): old = ref; condition = held
        default: return
        }
        var new = RecordTypeRef.unknown, newCondition: ReceiverCondition?
        let many = argument.label?.text == "contentsOf"
        guard many || argument.label == nil else { return }
        switch classify(argument.expression, declaredType: nil) {
        case .record(let ref) where !many: new = ref
        case .records(let ref) where many: new = ref
        case .recordIf(let held, let ref) where !many: new = ref; newCondition = held
        case .recordsIf(let held, let ref) where many: new = ref; newCondition = held
        default: return
        }
        guard new != .unknown, new != old else { return }
        if old != defaultRecordType, old != .unknown { new = .agreeing(old, new) }
        // The list holds records when what was appended is (the first condition decides, as for the first append).
        let held = condition ?? newCondition
        frames[owner].bindings[list] = held.map { .recordsIf($0, new) } ?? .records(new)
    }

    /// The index of the innermost frame binding `name`.
    func owningFrame(of name: String) -> Int? {
        frames.indices.reversed().first { frames[$0].bindings[name] != nil }
    }
}
