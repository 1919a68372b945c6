/// A function (or method) declared in the scanned code, as its call sites can reach it.
struct FunctionInfo: Sendable {
    /// Unique in the module: where its name is written.
    var id: String
    var name: String
    /// The type (or extension) it is a member of; `nil` at file level.
    var scope: String?
    /// Argument labels, `_` for none.
    var labels: [String]
    /// Whether each parameter has a default value or takes a closure (a call may leave it out or pass a
    /// trailing closure).
    var omittable: [Bool]
    /// Parameter types as written (optionality stripped).
    var types: [String] = []
    var returnsRecord: Bool
}

/// Who a call is made on.
enum CallReceiver: Hashable, Sendable {
    /// `helper(…)`
    case unqualified
    /// `self.helper(…)`
    case selfMember
    /// `Type.helper(…)`, `Self.helper(…)` (the type as written).
    case type(String)
    /// `value.helper(…)`, with the value's declared Swift type when known.
    case value(String?)
}

/// One argument of a call, as the caller's code states it.
struct ArgumentTerm: Sendable, Hashable {
    var key: SymbolicKey
    var record: RecordTypeRef?
    var value: SymbolicValue?
    /// The argument's Swift type when the caller declares it (a typed parameter or local), for overloads.
    var swiftType: String? = nil
}

/// A call in the scanned code whose arguments may carry record types, keys or records into a helper.
struct CallSite: Sendable {
    var id: String
    var name: String
    var labels: [String]
    var receiver: CallReceiver
    /// The type the calling code is in.
    var scope: String?
    var arguments: [ArgumentTerm]
}

/// The calls of the module matched to the functions they reach: a call reaches a function when exactly one
/// declaration of its name takes its labels (the receiver narrows several down); CloudKit's own API names
/// called on values of unknown type are not taken for helpers.
struct CallGraph: Sendable {
    private let table: SymbolTable
    /// Function → the calls reaching it, each with argument positions mapped to parameter positions.
    private(set) var callers: [String: [(call: CallSite, parameters: [Int: ArgumentTerm])]] = [:]
    /// Call → the function it reaches, with the argument of each parameter.
    private(set) var targets: [String: (function: FunctionInfo, parameters: [Int: ArgumentTerm])] = [:]
    var callSites: [String: CallSite] { table.calls }
    /// Calls that reach no single function but whose every candidate returns a record (overloads by
    /// parameter type): their result is a record of a type the reader cannot tell.
    private(set) var recordReturningCalls: Set<String> = []

    /// Methods of CloudKit and Foundation that code calls on values whose type the reader does not know.
    private static let frameworkNames: Set<String> = [
        "save", "fetch", "delete", "record", "records", "modifyRecords", "add", "perform", "setValue", "setObject",
        "object", "value", "append", "insert", "remove", "map", "filter", "forEach", "compactMap", "first",
    ]

    init(_ table: SymbolTable, declarations: CodeDeclarations) {
        self.table = table
        for call in table.calls.values.sorted(by: { $0.id < $1.id }) {
            guard let (function, parameters) = Self.target(of: call, in: table, declarations) else {
                let candidates = (table.functions[call.name] ?? []).filter { Self.match(call, $0) != nil }
                if !candidates.isEmpty, candidates.allSatisfy(\.returnsRecord) { recordReturningCalls.insert(call.id) }
                continue
            }
            targets[call.id] = (function, parameters)
            callers[function.id, default: []].append((call, parameters))
        }
    }

    private static func target(of call: CallSite, in table: SymbolTable, _ declarations: CodeDeclarations) -> (FunctionInfo, [Int: ArgumentTerm])? {
        var candidates: [(FunctionInfo, [Int: ArgumentTerm])] = []
        for function in table.functions[call.name] ?? [] {
            if let mapping = match(call, function) { candidates.append((function, mapping)) }
        }
        if candidates.count > 1 {
            candidates = candidates.filter { receiverFits(call, $0.0.scope, declarations) }
        }
        if candidates.count > 1 {
            // Overloads by parameter type: `apply(_ dto: PurchaseDTO, to:)` and `apply(_ dto: AttachmentDTO, to:)`.
            candidates = candidates.filter { function, mapping in
                mapping.allSatisfy { index, argument in
                    guard let type = argument.swiftType, index < function.types.count else { return true }
                    return function.types[index] == type
                }
            }
        }
        guard candidates.count == 1, let only = candidates.first, receiverFits(call, only.0.scope, declarations) else {
            return nil
        }
        if case .value(nil) = call.receiver, frameworkNames.contains(call.name) { return nil }
        return only
    }

    /// Argument → parameter positions, when the call's labels fit the declaration's.
    private static func match(_ call: CallSite, _ function: FunctionInfo) -> [Int: ArgumentTerm]? {
        var mapping: [Int: ArgumentTerm] = [:]
        var argument = 0
        for (index, label) in function.labels.enumerated() {
            if argument < call.labels.count, call.labels[argument] == label {
                mapping[index] = call.arguments[argument]
                argument += 1
            } else if !function.omittable[index] {
                return nil
            }
        }
        return argument == call.labels.count ? mapping : nil
    }

    private static func receiverFits(_ call: CallSite, _ scope: String?, _ declarations: CodeDeclarations) -> Bool {
        switch call.receiver {
        case .unqualified, .selfMember:
            guard let scope else { return call.receiver == .unqualified }
            guard let caller = call.scope else { return false }
            return caller == scope || caller.hasPrefix(scope + ".") || scope.hasSuffix("." + caller)
                || declarations.conforms(caller, to: scope)
        case .type(let name):
            guard let scope else { return false }
            return scope == name || scope.hasSuffix("." + name) || name == "Self" || declarations.conforms(name, to: scope)
        case .value(let type?):
            guard let scope else { return false }
            return scope == type || scope.hasSuffix("." + type) || declarations.conforms(type, to: scope)
        case .value(nil):
            return scope != nil
        }
    }
}
