import CKSchemaCore
import CKSchemaRules
import SwiftSyntax

/// What a local name (variable, parameter) holds, as far as CloudKit uses go.
enum Binding {
    /// A CKRecord of a record type.
    case record(RecordTypeRef)
    /// An array of CKRecords.
    case records(RecordTypeRef)
    /// An array of CKRecords only if a condition on the module's declarations holds (the records a helper
    /// hands to a closure).
    case recordsIf(ReceiverCondition, RecordTypeRef)
    /// A CKRecord only if a member of a Swift type is one (`let r = record` with `record` a stored
    /// property, `let r = entry.toRecord()`), decided once every file is read.
    case recordIf(ReceiverCondition, RecordTypeRef)
    /// A `Result<CKRecord, Error>` holding a record of a type (`recordMatchedBlock`'s result).
    case recordResult(RecordTypeRef)
    /// Pairs of a record ID and a `Result<CKRecord, Error>` (`records(matching:)`'s `matchResults`,
    /// `records(for:)`'s dictionary), holding records of a type.
    case matchResults(RecordTypeRef)
    /// One `(CKRecord.ID, Result<CKRecord, Error>)` pair of those (`for pair in matchResults`, `$0` of
    /// `matchResults.compactMap { try? $0.1.get() }`).
    case matchPair(RecordTypeRef)
    /// `records(matching:)`'s `(matchResults, queryCursor)`.
    case matchResponse(RecordTypeRef)
    /// A `Result` of that pair (`fetch(withQuery:)`'s completion).
    case responseResult(RecordTypeRef)
    /// A CKQuery of a record type.
    case query(RecordTypeRef)
    /// A CKQueryOperation running a query of a record type.
    case operation(RecordTypeRef)
    /// `let x = <expression>`: keys, key arrays, predicates, sort descriptors are read from it when used.
    case expression(ExprSyntax)
    /// A value of a declared Swift type.
    case typed(String)
    /// Only known at run time (a parameter without a useful type, a closure parameter, a loop variable).
    case opaque
}

/// A condition on another file's declarations for a receiver to be a CKRecord.
indirect enum ReceiverCondition: Hashable, Sendable {
    /// The Swift type's property is declared as a CKRecord.
    case property(type: String, name: String)
    /// The Swift type has a method of that name returning a CKRecord.
    case method(type: String, name: String)
    /// The function the call (by its identifier) reaches returns a CKRecord; else `otherwise` decides.
    case returnsRecord(call: String, otherwise: ReceiverCondition?)
    /// The function the call reaches hands records to the closure passed to it, at the closure's parameter
    /// `position` (`closure` is the closure's argument label, nil for a trailing closure).
    case delivers(call: String, closure: String?, position: Int)
    /// Not a CKRecord (a call that reaches no function returning one, and nothing else says it is).
    case never
}

/// The local names of one function, accessor or closure.
struct Frame {
    var bindings: [String: Binding]
    /// The function whose body this frame is (its identifier), for its parameters.
    var function: String?
    /// Parameter name → position, for a function's frame.
    var parameters: [String: Int] = [:]
    /// Generic parameter → the protocol it is constrained to (`<T: CloudKitRecordConvertible>`).
    var generics: [String: String] = [:]
}

extension FileCollector {
    /// The binding of `name`, looking outwards through enclosing functions (closures capture).
    func binding(_ name: String) -> Binding? {
        for frame in frames.reversed() {
            if let found = frame.bindings[name] { return found }
        }
        return nil
    }

    /// The record type of a record whose code does not say: the type the code is in may tell, once every
    /// file is read.
    var defaultRecordType: RecordTypeRef {
        currentType.map(RecordTypeRef.ofSwiftType) ?? .unknown
    }

    func pushFrame(parameters: [(name: String, type: String)], function: String? = nil,
                   generics: [String: String] = [:]) {
        var bindings: [String: Binding] = [:]
        var positions: [String: Int] = [:]
        for (index, (name, type)) in parameters.enumerated() {
            // A CKShare is a record of type `cloudkit.share`, whatever the code around it converts.
            let own = SwiftTypeNames.strippingOptional(type) == "CKShare" ? RecordTypeRef.named(.literal("cloudkit.share"))
                : defaultRecordType
            let ref = function.map { RecordTypeRef.parameter(function: $0, index: index, fallback: own) } ?? own
            if SwiftTypeNames.isRecord(type) {
                bindings[name] = .record(ref)
            } else if SwiftTypeNames.isRecordArray(type) {
                bindings[name] = .records(ref)
            } else if let function, SwiftTypeNames.strippingOptional(type) == "CKQuery" {
                // A helper running the query it is given: its records are of the type of each call's query.
                bindings[name] = .query(.parameter(function: function, index: index, fallback: .unknown))
            } else {
                bindings[name] = .typed(type)
            }
            if positions[name] == nil { positions[name] = index }
        }
        var inherited = frames.last?.generics ?? [:]
        inherited.merge(generics) { _, new in new }
        frames.append(Frame(bindings: bindings, function: function, parameters: function == nil ? [:] : positions,
                            generics: inherited))
    }

    /// `name` as a parameter of the function whose frame binds it: (function, position), when the name
    /// still holds the argument.
    func parameterReference(_ name: String) -> (function: String, index: Int)? {
        for frame in frames.reversed() {
            guard let bound = frame.bindings[name] else { continue }
            guard case .typed = bound, let function = frame.function, let index = frame.parameters[name] else {
                return nil
            }
            return (function, index)
        }
        return nil
    }

    /// The protocol a generic parameter named `name` is constrained to, in the functions being walked.
    func genericConstraint(_ name: String) -> String? {
        frames.last?.generics[name]
    }

    func setBinding(_ name: String, _ binding: Binding) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].bindings[name] = binding
    }

    /// `let`/`var` inside a function: what each name holds.
    func bindLocals(_ node: VariableDeclSyntax) {
        for entry in node.bindings {
            if let tuple = entry.pattern.as(TuplePatternSyntax.self) {
                // `let (results, cursor) = try await database.records(matching: query)`
                var elements: [Binding] = []
                if case .matchResponse(let ref) = classify(entry.initializer?.value, declaredType: nil) {
                    elements = [.matchResults(ref), .opaque]
                }
                bindTuple(tuple, elements)
                continue
            }
            guard let name = entry.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            setBinding(name, classify(entry.initializer?.value, declaredType: entry.typeAnnotation?.type.trimmedText))
        }
    }

    /// `if let x = …`, `guard let x = …`.
    func bindOptional(_ node: OptionalBindingConditionSyntax) {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return }
        let value = node.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
        setBinding(name, classify(value, declaredType: node.typeAnnotation?.type.trimmedText))
    }

    /// `for record in records`, `for try await record in stream`, `for (_, result) in matchResults`.
    func collectLoop(_ node: ForStmtSyntax) {
        let sequence = classify(node.sequence, declaredType: nil)
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            switch sequence {
            case .records(let ref): setBinding(name, .record(ref))
            case .recordsIf(let condition, let ref): setBinding(name, .recordIf(condition, ref))
            case .matchResults(let ref): setBinding(name, .matchPair(ref))  // `for result in results { result.1 }`
            default: setBinding(name, .opaque)
            }
        } else if let tuple = node.pattern.as(TuplePatternSyntax.self) {
            var elements: [Binding] = []
            if case .matchResults(let ref) = sequence { elements = [.opaque, .recordResult(ref)] }
            bindTuple(tuple, elements)
        }
    }

    /// Reassignment of a local (`record = CKRecord(recordType: …)`), also of one a closure captures
    /// (`db.getRecords(query: q) { records in list = records }`): the code after it sees the new value.
    /// The value is only made when the target is a local (it may be a syntax node built for the purpose).
    func rebind(_ target: ExprSyntax, to value: @autoclosure () -> ExprSyntax) {
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let owner = owningFrame(of: name) else {
            return
        }
        frames[owner].bindings[name] = classify(value(), declaredType: nil)
    }

    /// What a local initialised with `value` (of `declaredType`, when written) holds.
    func classify(_ value: ExprSyntax?, declaredType: String?) -> Binding {
        if let declaredType {
            if SwiftTypeNames.isRecord(declaredType) {
                if let value, case .record(let ref) = classify(value, declaredType: nil) { return .record(ref) }
                if SwiftTypeNames.strippingOptional(declaredType) == "CKShare" { return .record(.named(.literal("cloudkit.share"))) }
                return .record(defaultRecordType)
            }
            if SwiftTypeNames.isRecordArray(declaredType) { return .records(defaultRecordType) }
            guard let value else { return .typed(declaredType) }
            if value.is(ArrayExprSyntax.self) || value.is(StringLiteralExprSyntax.self) { return .expression(value) }
            return .typed(declaredType)
        }
        guard let value = unwrapped(value) else { return .opaque }
        if let sequence = value.as(SequenceExprSyntax.self) {
            // `cached ?? CKRecord(recordType: X)`: the record made when nothing is cached says the type.
            for element in sequence.elements {
                if case .record(let ref) = classify(element, declaredType: nil), ref != defaultRecordType, ref != .unknown {
                    if case .parameter = ref { continue }  // `cached ?? CKRecord(…)`: the made record says
                    return .record(ref)
                }
            }
            return .expression(value)
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedText
            switch callee {
            case "CKRecord":
                return .record(argument("recordType", of: call).map { .named(symbolicKey($0)) } ?? .unknown)
            case "CKShare":
                return .record(.named(.literal("cloudkit.share")))
            case "CKQuery":
                return .query(argument("recordType", of: call).map { .named(symbolicKey($0)) } ?? .unknown)
            case "CKQueryOperation":
                return .operation(argument("query", of: call).map(queryType) ?? .unknown)
            case "NSPredicate", "NSCompoundPredicate", "NSSortDescriptor", "CKLocationSortDescriptor":
                return .expression(value)  // read where a query uses it
            default:
                break
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let method = member.declName.baseName.text
                if let results = queryResults(call, method: method, base: member.base) { return results }
                if let derived = derivedFromRecords(call, method: method, base: member.base) { return derived }
                if method == "record", call.arguments.first?.label?.text == "for" {
                    // `db.record(for: image.id)`: the ID of a model whose conversion code names one record type, a
                    // record's `recordID`; an ID alone says nothing (a note, as for `fetch(withRecordID:)`).
                    return .record(fetchedType(call.arguments.first?.expression))
                }
                if let base = member.base, let type = swiftType(of: base) {
                    return returned(call, .method(type: type, name: method), .ofSwiftType(type))
                }
                // `JournalEntry.newRecord()`: a static factory of a type (an unbound capitalised name).
                if let base = member.base?.as(DeclReferenceExprSyntax.self), binding(base.baseName.text) == nil,
                   base.baseName.text.first?.isUppercase == true {
                    let type = base.baseName.text == "Self" ? (currentType ?? "Self") : base.baseName.text
                    return returned(call, .method(type: type, name: method), .ofSwiftType(type))
                }
                if member.base == nil || member.base?.trimmedText == "self", let scope = currentType {
                    return returned(call, .method(type: scope, name: method), .ofSwiftType(scope))
                }
                if member.base != nil, call.arguments.count > 0 || method.lowercased().contains("record") {
                    return returned(call, nil, .unknown)
                }
            }
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
               reference.baseName.text.first?.isLowercase == true {
                if let scope = currentType {
                    return returned(call, .method(type: scope, name: reference.baseName.text), .ofSwiftType(scope))
                }
                return returned(call, nil, .unknown)
            }
            if let type = constructedType(value) { return .typed(type) }
            return .expression(value)
        }
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let bound = binding(name) {
                if case .opaque = bound { return .expression(value) }
                return bound
            }
            if let scope = currentType { return .recordIf(.property(type: scope, name: name), .ofSwiftType(scope)) }
        }
        if let derived = elementOfRecords(value) { return derived }
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "matchResults",
           case .matchResponse(let ref) = classify(member.base, declaredType: nil) {
            return .matchResults(ref)  // `response.matchResults`, `try await db.records(matching: q).matchResults`
        }
        if let member = value.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self",
           let scope = currentType {
            return .recordIf(.property(type: scope, name: member.declName.baseName.text), .ofSwiftType(scope))
        }
        return .expression(value)
    }

    /// A call's result: a record when the function it reaches returns one (else when `otherwise` says so),
    /// of the type that function's `return` gives for the call's arguments (else `fallback`).
    private func returned(_ call: FunctionCallExprSyntax, _ otherwise: ReceiverCondition?,
                          _ fallback: RecordTypeRef) -> Binding {
        let id = recordCallSite(call)
        return .recordIf(.returnsRecord(call: id, otherwise: otherwise), .returned(call: id, fallback: fallback))
    }

    /// The record type of the query `expression` (a `CKQuery(…)` or a local holding one).
    func queryType(_ expression: ExprSyntax) -> RecordTypeRef {
        switch classify(expression, declaredType: nil) {
        case .query(let ref), .operation(let ref): ref
        default: .unknown
        }
    }

    /// The Swift type of a value expression, when declared: a local, a parameter, a property of the type
    /// the code is in (`self.entry`).
    func swiftType(of expression: ExprSyntax) -> String? {
        var name: String?
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self" {
            return currentType.flatMap { declaredPropertyType(member.declName.baseName.text, in: $0) }
                .map(SwiftTypeNames.strippingOptional)
        }
        guard let name else { return nil }
        if case .typed(let type)? = binding(name) { return SwiftTypeNames.strippingOptional(type) }
        return nil
    }

    /// Strips `try`, `await`, parentheses and `!`/`?` around an expression.
    func unwrapped(_ expression: ExprSyntax?) -> ExprSyntax? {
        var current = expression
        for _ in 0..<8 {
            if let node = current?.as(TryExprSyntax.self) { current = node.expression }
            else if let node = current?.as(AwaitExprSyntax.self) { current = node.expression }
            else if let node = current?.as(ForceUnwrapExprSyntax.self) { current = node.expression }
            else if let node = current?.as(OptionalChainingExprSyntax.self) { current = node.expression }
            else if let node = current?.as(TupleExprSyntax.self), node.elements.count == 1,
                    node.elements.first?.label == nil { current = node.elements.first?.expression }
            else { break }
        }
        return current
    }

    /// The argument labelled `label`.
    func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    // MARK: - Keys

    /// How the code spells a key or a record-type name.
    func symbolicKey(_ expression: ExprSyntax) -> SymbolicKey {
        symbolicKey(expression, aliasDepth: 0)
    }

    private func symbolicKey(_ expression: ExprSyntax, aliasDepth: Int) -> SymbolicKey {
        guard let expression = unwrapped(expression) else { return .dynamic("") }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return StringLiteralText(literal).map { .literal($0.value) } ?? .dynamic(literal.trimmedText)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first,
           sequence.elements.count == 3,
           Array(sequence.elements)[1].is(UnresolvedAsExprSyntax.self) {
            return symbolicKey(first, aliasDepth: aliasDepth)  // "title" as CKRecord.FieldKey
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           ["CKRecord.FieldKey", "String"].contains(call.calledExpression.trimmedText),
           call.arguments.count == 1, let inner = call.arguments.first?.expression {
            return symbolicKey(inner, aliasDepth: aliasDepth)
        }
        guard var path = memberPath(expression) else { return .dynamic(expression.trimmedText) }
        if path.first == "." {
            path.removeFirst()
            return path.count == 1 ? .implicitMember(path[0]) : .dynamic(expression.trimmedText)
        }
        if path.first == "self" { path.removeFirst() }
        if let first = path.first, path.count == 1 || path.last == "rawValue", let bound = binding(first) {
            if case .expression(let value) = bound, aliasDepth < 8, path.count == 1 {
                return symbolicKey(value, aliasDepth: aliasDepth + 1)  // let key = "title"
            }
            if case .recordIf(.property(_, let name), _) = bound, path.count == 1 {
                return .path([name], scopes: lookupScopes)  // let key = titleKey (a constant of the type)
            }
            if path.count == 1, let parameter = parameterReference(first) {
                // `record[key] = value` in `func set(_ value: Any?, for key: String, on record: CKRecord)`.
                return .parameter(function: parameter.function, index: parameter.index, text: first)
            }
            return .dynamic(expression.trimmedText)
        }
        if path.count > 1, path.first == "Self" {
            path.removeFirst()  // `Self.recordType`: the enclosing type's (each conforming type's, in a protocol)
        } else if path.count > 1, let first = path.first, binding(first) == nil, let proto = genericConstraint(first) {
            path.removeFirst()  // `T.recordType` with `T: CloudKitRecordConvertible`: each conforming type's
            return .path(path, scopes: [proto] + lookupScopes)
        }
        return .path(path, scopes: lookupScopes)
    }

    /// `A.B.c` → ["A", "B", "c"]; `.c` → [".", "c"]; anything else → nil.
    func memberPath(_ expression: ExprSyntax) -> [String]? {
        var components: [String] = []
        var current: ExprSyntax? = expression
        for _ in 0..<16 {
            if let member = current?.as(MemberAccessExprSyntax.self) {
                components.insert(member.declName.baseName.text, at: 0)
                guard let base = member.base else { return ["."] + components }
                current = base
            } else if let reference = current?.as(DeclReferenceExprSyntax.self) {
                return [reference.baseName.text] + components
            } else if let type = current?.as(TypeExprSyntax.self) {
                return [type.type.trimmedText] + components
            } else {
                return nil
            }
        }
        return nil
    }
}
