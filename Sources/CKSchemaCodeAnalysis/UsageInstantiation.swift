/// Rewrites the symbolic parts of a use: its key, record type, value and receiver condition.
struct TermRewriter {
    var key: (SymbolicKey) -> SymbolicKey = { $0 }
    var recordType: (RecordTypeRef) -> RecordTypeRef = { $0 }
    var value: (SymbolicValue) -> SymbolicValue? = { $0 }
    var receiver: (ReceiverCondition) -> ReceiverCondition? = { $0 }

    func apply(_ usage: PendingUsage) -> PendingUsage {
        var result = usage
        result.key = usage.key.map(key)
        result.recordType = usage.recordType.map(recordType)
        result.value = usage.value.flatMap(value)
        result.receiver = usage.receiver.flatMap(receiver)
        return result
    }
}

/// `Self` in a protocol extension (or a generic parameter constrained to the protocol) read as one
/// conforming type: names are looked up in the type first, then in the protocol.
struct ScopeSubstitution {
    var `protocol`: String
    var type: String

    func apply(_ key: SymbolicKey) -> SymbolicKey {
        guard case .path(let path, let scopes) = key, scopes.contains(`protocol`) else { return key }
        return .path(path, scopes: scopes.flatMap { $0 == `protocol` ? [type, `protocol`] : [$0] })
    }

    func apply(_ ref: RecordTypeRef) -> RecordTypeRef {
        switch ref {
        case .named(let key): .named(apply(key))
        case .ofSwiftType(let name): .ofSwiftType(name == `protocol` ? type : name)
        case .unknown: .unknown
        case .parameter(let function, let index, let fallback): .parameter(function: function, index: index, fallback: apply(fallback))
        case .returned(let call, let fallback): .returned(call: call, fallback: apply(fallback))
        case .delivered(let call, let closure, let position, let fallback):
            .delivered(call: call, closure: closure, position: position, fallback: apply(fallback))
        case .either(let first, let second): .either(apply(first), apply(second))
        case .agreeing(let first, let second): .agreeing(apply(first), apply(second))
        }
    }

    var rewriter: TermRewriter {
        TermRewriter(
            key: apply,
            recordType: apply,
            value: { value in
                if case .member(let owner, let path) = value, owner == `protocol` { return .member(ofType: type, path: path) }
                return value
            },
            receiver: { condition in
                switch condition {
                case .property(let owner, let name) where owner == `protocol`: .property(type: type, name: name)
                case .method(let owner, let name) where owner == `protocol`: .method(type: type, name: name)
                default: condition
                }
            })
    }
}

/// Turns a use written inside a helper into the uses it makes at each call: a parameter's key, record
/// type or value is the call's argument (through any depth of calls that pass it on), a record a call
/// returns is the callee's returned record with its parameters bound, and `Self` in a protocol extension is
/// each conforming type. What stays unknown keeps its fallback and becomes a note, never a guess.
struct UsageInstantiator {
    let table: SymbolTable
    let declarations: CodeDeclarations
    let graph: CallGraph
    /// How deep calls are followed, and how many uses one use may become.
    static let maximumDepth = 8
    static let maximumInstances = 64

    init(_ table: SymbolTable, declarations: CodeDeclarations) {
        self.table = table
        self.declarations = declarations
        self.graph = CallGraph(table, declarations: declarations)
    }

    func instances(of usage: PendingUsage) -> [PendingUsage] {
        var finals: [PendingUsage] = []
        var pending = [(expandReturns(usage, depth: 0), 0)]
        while let (next, depth) = pending.popLast() {
            guard let function = parameterFunction(next) else {
                finals.append(next)
                continue
            }
            let callers = graph.callers[function] ?? []
            if callers.isEmpty || depth >= Self.maximumDepth || finals.count + pending.count + callers.count > Self.maximumInstances {
                finals.append(fallback(next, function: function))
                continue
            }
            for (_, arguments) in callers {
                pending.append((expandReturns(substitute(next, function: function, arguments: arguments), depth: 0), depth + 1))
            }
        }
        return finals.flatMap(conformerInstances)
    }

    // MARK: - Parameters

    /// A function whose parameter the use still depends on.
    private func parameterFunction(_ usage: PendingUsage) -> String? {
        if case .parameter(let function, _, _)? = usage.key { return function }
        if case .parameter(let function, _)? = usage.value { return function }
        return usage.recordType.flatMap(parameterFunction)
    }

    private func parameterFunction(_ ref: RecordTypeRef) -> String? {
        switch ref {
        case .parameter(let function, _, _), .named(.parameter(let function, _, _)): function
        case .either(let first, let second), .agreeing(let first, let second):
            parameterFunction(first) ?? parameterFunction(second)
        default: nil
        }
    }

    private func substitute(_ usage: PendingUsage, function: String, arguments: [Int: ArgumentTerm]) -> PendingUsage {
        parameterRewriter(function: function, arguments: arguments).apply(usage)
    }

    private func fallback(_ usage: PendingUsage, function: String) -> PendingUsage {
        parameterRewriter(function: function, arguments: nil).apply(usage)
    }

    /// Parameters of `function` replaced by the call's arguments, or (`arguments` nil) by what is known
    /// without a call.
    private func parameterRewriter(function: String, arguments: [Int: ArgumentTerm]?) -> TermRewriter {
        func key(_ key: SymbolicKey) -> SymbolicKey {
            guard case .parameter(function, let index, let text) = key else { return key }
            return arguments?[index]?.key ?? .dynamic(text)
        }
        func rewriteRef(_ ref: RecordTypeRef) -> RecordTypeRef {
            switch ref {
            case .named(let named): return .named(key(named))
            case .parameter(function, let index, let fallback):
                if case .named = fallback { return fallback }  // a CKShare parameter: `cloudkit.share`, always
                // A call whose record's type is not stated leaves what the function's own type says.
                guard let argument = arguments?[index]?.record.map(Self.withoutGuesses), argument != .unknown else {
                    return fallback
                }
                return fallback == .unknown ? argument : .either(argument, fallback)
            case .either(let first, let second): return .either(rewriteRef(first), rewriteRef(second))
            case .agreeing(let first, let second): return .agreeing(rewriteRef(first), rewriteRef(second))
            default: return ref
            }
        }
        return TermRewriter(key: key, recordType: rewriteRef, value: { value in
            guard case .parameter(function, let index) = value else { return value }
            return arguments?[index]?.value
        })
    }

    /// A record type as a call passes it on: what the caller's code states, without the guess from the
    /// caller's own Swift type (that guess holds in the caller's code, not in the helper's).
    static func withoutGuesses(_ ref: RecordTypeRef) -> RecordTypeRef {
        switch ref {
        case .ofSwiftType: .unknown
        case .named, .unknown: ref
        case .parameter(let function, let index, let fallback):
            .parameter(function: function, index: index, fallback: withoutGuesses(fallback))
        case .returned(let call, let fallback): .returned(call: call, fallback: withoutGuesses(fallback))
        case .delivered(let call, let closure, let position, let fallback):
            .delivered(call: call, closure: closure, position: position, fallback: withoutGuesses(fallback))
        case .either(let first, let second): .either(withoutGuesses(first), withoutGuesses(second))
        case .agreeing(let first, let second): .agreeing(withoutGuesses(first), withoutGuesses(second))
        }
    }

    // MARK: - Returned records

    private func expandReturns(_ usage: PendingUsage, depth: Int) -> PendingUsage {
        var result = usage
        if let ref = usage.recordType { result.recordType = expand(ref, depth: depth) }
        if case .returnsRecord(let call, let otherwise)? = usage.receiver {
            let returnsRecord = graph.targets[call]?.function.returnsRecord ?? graph.recordReturningCalls.contains(call)
            result.receiver = returnsRecord ? nil : (otherwise ?? .never)
        }
        if case .delivers(let call, let closure, let position)? = usage.receiver {
            result.receiver = delivery(call: call, closure: closure, position: position) == nil ? .never : nil
        }
        return result
    }

    private func expand(_ ref: RecordTypeRef, depth: Int) -> RecordTypeRef {
        if case .either(let first, let second) = ref { return .either(expand(first, depth: depth), expand(second, depth: depth)) }
        if case .agreeing(let first, let second) = ref { return .agreeing(expand(first, depth: depth), expand(second, depth: depth)) }
        if case .delivered(let call, let closure, let position, let fallback) = ref {
            guard depth < Self.maximumDepth, let (function, arguments, delivered) = delivery(call: call, closure: closure, position: position)
            else { return fallback }
            let rewriter = parameterRewriter(function: function.id, arguments: arguments)
            let results = Set(delivered.map { expand(rewriter.recordType(expand($0, depth: depth + 1)), depth: depth + 1) })
            return results.count == 1 ? results.first! : fallback
        }
        guard case .returned(let call, let fallback) = ref else { return ref }
        guard depth < Self.maximumDepth, let (function, arguments) = graph.targets[call],
              let returned = table.returns[function.id], !returned.isEmpty else { return fallback }
        let rewriter = parameterRewriter(function: function.id, arguments: arguments)
        var results: Set<RecordTypeRef> = []
        for each in returned {
            var term = rewriter.recordType(expand(each, depth: depth + 1))
            if let scope = function.scope, declarations.isProtocol(scope) {
                // A protocol extension's record is the receiver's type's, when the call says which.
                guard case .value(let type?) = graph.callSites[call]?.receiver else { return fallback }
                term = ScopeSubstitution(protocol: scope, type: type).apply(term)
            }
            results.insert(expand(term, depth: depth + 1))
        }
        return results.count == 1 ? results.first! : fallback
    }

    /// The function `call` reaches and the records it hands to the closure the call passes it (by label, or
    /// the trailing closure: the function's last closure parameter), at the closure's parameter `position`.
    private func delivery(call: String, closure: String?, position: Int)
        -> (function: FunctionInfo, arguments: [Int: ArgumentTerm], records: [RecordTypeRef])? {
        guard let (function, arguments) = graph.targets[call] else { return nil }
        let parameter = if let closure { function.labels.firstIndex(of: closure) } else {
            function.types.lastIndex { $0.contains("->") }
        }
        guard let parameter, let records = table.deliveries["\(function.id)#\(parameter)#\(position)"], !records.isEmpty else {
            return nil
        }
        return (function, arguments, records)
    }

    // MARK: - Protocols

    /// A use in a protocol extension or a generic function over a protocol, once per conforming type.
    private func conformerInstances(_ usage: PendingUsage) -> [PendingUsage] {
        guard let proto = protocolScope(of: usage) else { return [usage] }
        let conformers = declarations.concreteConformers(of: proto)
        guard !conformers.isEmpty, conformers.count <= Self.maximumInstances else { return [usage] }
        return conformers.map { ScopeSubstitution(protocol: proto, type: $0).rewriter.apply(usage) }
    }

    private func protocolScope(of usage: PendingUsage) -> String? {
        var names: [String] = []
        if case .path(_, let scopes)? = usage.key { names += scopes }
        switch usage.recordType {
        case .named(.path(_, let scopes))?: names += scopes
        case .ofSwiftType(let type)?: names.append(type)
        default: break
        }
        if case .member(let type, _)? = usage.value { names.append(type) }
        return names.first { declarations.isProtocol($0) }
    }
}
