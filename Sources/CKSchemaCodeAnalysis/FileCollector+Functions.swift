import CKSchemaCore
import SwiftSyntax

/// Functions and calls, for the module-wide flow of record types, keys and records through helpers.
extension FileCollector {
    /// A stable identifier for a syntax node of this file (its position).
    func identifier(of node: some SyntaxProtocol) -> String {
        "\(positions.path):\(node.positionAfterSkippingLeadingTrivia.utf8Offset)"
    }

    /// Records a function declaration; returns its identifier and generic constraints.
    func registerFunction(_ node: FunctionDeclSyntax) -> (id: String, generics: [String: String]) {
        let id = identifier(of: node.name)
        let parameters = node.signature.parameterClause.parameters
        let returnsRecord = node.signature.returnClause.map { SwiftTypeNames.isRecord($0.type.trimmedText) } ?? false
        let info = FunctionInfo(
            id: id, name: node.name.text, scope: currentType,
            labels: parameters.map(\.firstName.text),
            omittable: parameters.map { $0.defaultValue != nil || $0.type.trimmedText.contains("->") },
            types: parameters.map { SwiftTypeNames.strippingOptional($0.type.trimmedText) },
            returnsRecord: returnsRecord)
        symbols.functions[node.name.text, default: []].append(info)
        if returnsRecord { recordReturningFunctions.insert(id) }
        var generics: [String: String] = [:]
        for parameter in node.genericParameterClause?.parameters ?? [] {
            if let constraint = parameter.inheritedType?.trimmedText { generics[parameter.name.text] = constraint }
        }
        for requirement in node.genericWhereClause?.requirements ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement {
                generics[conformance.leftType.trimmedText] = conformance.rightType.trimmedText
            }
        }
        return (id, generics)
    }

    /// A function body of one expression returns it.
    func recordImplicitReturn(_ node: FunctionDeclSyntax, id: String) {
        guard recordReturningFunctions.contains(id), let statements = node.body?.statements, statements.count == 1,
              case .expr(let expression) = statements.first?.item else { return }
        recordReturn(expression, function: id)
    }

    /// `return expression` in a function returning a record: what record it gives.
    func recordReturn(_ expression: ExprSyntax, function: String) {
        switch classify(expression, declaredType: nil) {
        case .record(let ref), .recordIf(_, let ref): symbols.returns[function, default: []].append(ref)
        default: symbols.returns[function, default: []].append(.unknown)
        }
    }

    /// The innermost function being walked when no closure intervenes (the `return` is the function's).
    var innermostFunction: String? { frames.last?.function }

    /// Records a call to a (possibly user-declared) function with what its arguments carry; returns its
    /// identifier. Initializers (`Foo(…)`) and implicit members (`.foo(…)`) are not helpers.
    @discardableResult
    func recordCallSite(_ node: FunctionCallExprSyntax) -> String {
        let id = identifier(of: node)
        guard symbols.calls[id] == nil else { return id }
        var name: String
        var receiver: CallReceiver
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            guard name.first?.isLowercase == true || name.first == "_" else { return id }
            receiver = .unqualified
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = unwrapped(member.base) {
            name = member.declName.baseName.text
            let text = base.trimmedText
            if text == "self" {
                receiver = .selfMember
            } else if text == "Self" || (text.first?.isUppercase == true && binding(text) == nil
                                         && base.is(DeclReferenceExprSyntax.self)) {
                receiver = .type(text == "Self" ? (currentType ?? text) : text)
            } else {
                receiver = .value(swiftType(of: base))
            }
        } else {
            return id
        }
        let arguments = node.arguments.map { argument in
            let expression = argument.expression
            if expression.is(ClosureExprSyntax.self) {
                return ArgumentTerm(key: .dynamic("{…}"), record: nil, value: nil)
            }
            var record: RecordTypeRef?
            switch classify(expression, declaredType: nil) {
            case .record(let ref), .records(let ref), .recordIf(_, let ref): record = ref
            case .query(let ref): record = ref  // a query a helper runs: its records' type
            default: break
            }
            var key = symbolicKey(expression)
            if case .dynamic(let text) = key, text.count > 80 { key = .dynamic(String(text.prefix(80)) + "…") }
            return ArgumentTerm(key: key, record: record, value: valueType([expression]), swiftType: swiftType(of: expression))
        }
        symbols.calls[id] = CallSite(id: id, name: name, labels: node.arguments.map { $0.label?.text ?? "_" },
                                     receiver: receiver, scope: currentType, arguments: arguments)
        return id
    }

    /// A closure passed to `records.map { … }` and friends, or to a query's completion: what its
    /// parameters hold.
    func closureParameterBindings(_ node: ClosureExprSyntax, names: [String]) -> [String: Binding] {
        var call: FunctionCallExprSyntax?
        if let direct = node.parent?.as(FunctionCallExprSyntax.self) {
            call = direct
        } else if let argument = node.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        if call == nil, let blocks = operationBlockBindings(node, names: names) { return blocks }
        guard let call else { return [:] }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
            return deliveredBindings(node, call: call, names: names) ?? [:]  // `fetchAll { records in … }`
        }
        let method = member.declName.baseName.text
        let first = names.first ?? "$0"
        if ["map", "compactMap", "flatMap", "forEach", "filter", "first", "contains", "allSatisfy", "sorted", "min",
            "max"].contains(method),
           let collection = collectionBinding(member.base), let element = recordsElement(collection) {
            var result: [String: Binding] = [:]
            result[first] = element
            result["$0"] = element
            if method == "sorted" || method == "min" || method == "max" {
                result[names.count > 1 ? names[1] : "$1"] = element
                result["$1"] = element
            }
            return result
        }
        if case .matchResults(let ref)? = collectionBinding(member.base),
           ["map", "compactMap", "forEach", "filter", "first", "contains"].contains(method) {
            // `results.compactMap { _, result in try? result.get() }`, `results.compactMap { try? $0.1.get() }`
            var result: [String: Binding] = ["$1": .recordResult(ref), "$0": .matchPair(ref)]
            if names.count == 1 { result[names[0]] = .matchPair(ref) }
            result[names.count > 1 ? names[1] : "$1"] = .recordResult(ref)
            return result
        }
        if let handler = fetchCompletionBindings(call, method: method, names: names) { return handler }
        // `database.perform(query, inZoneWith: zone) { records, error in … }`
        if method == "perform", let query = call.arguments.first?.expression {
            let ref = queryType(query)
            if ref != .unknown {
                var result: [String: Binding] = [:]
                result[first] = .records(ref)
                result["$0"] = .records(ref)
                return result
            }
        }
        return deliveredBindings(node, call: call, names: names) ?? [:]
    }

    /// What the collection a closure is called on holds: a local (`records`) or a member of one
    /// (`response.matchResults`).
    private func collectionBinding(_ base: ExprSyntax?) -> Binding? {
        guard let base = unwrapped(base) else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self) { return binding(reference.baseName.text) }
        guard base.is(MemberAccessExprSyntax.self) else { return nil }
        return classify(base, declaredType: nil)
    }

    /// `operation.recordFetchedBlock = { record in … }` and `operation.recordMatchedBlock = { id, result in … }`:
    /// the records of the operation's query.
    private func operationBlockBindings(_ node: ClosureExprSyntax, names: [String]) -> [String: Binding]? {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(list)
        guard elements.count == 3, elements[2].id == ExprSyntax(node).id, elements[1].is(AssignmentExprSyntax.self),
              let target = elements[0].as(MemberAccessExprSyntax.self), let base = unwrapped(target.base) else { return nil }
        let ref = queryType(base)
        guard ref != .unknown else { return nil }
        var result: [String: Binding] = [:]
        switch target.declName.baseName.text {
        case "recordFetchedBlock":
            result[names.first ?? "$0"] = .record(ref)
            result["$0"] = .record(ref)
        case "recordMatchedBlock":
            result[names.count > 1 ? names[1] : "$1"] = .recordResult(ref)
            result["$1"] = .recordResult(ref)
        default:
            return nil
        }
        return result
    }

    /// `case .success(let record)` matched against a result of records: the name bound and what it holds (a
    /// record; for a query's result, `.success(let response)` or `.success(let (matchResults, cursor))`).
    func successBinding(_ pattern: PatternSyntax, against subject: ExprSyntax) -> (name: String, binding: Binding)? {
        guard let reference = unwrapped(subject)?.as(DeclReferenceExprSyntax.self),
              pattern.trimmedText.contains(".success"),
              let identifier = pattern.tokens(viewMode: .sourceAccurate).first(where: {
                  if case .identifier = $0.tokenKind { return $0.text != "success" }
                  return false
              }) else { return nil }
        switch binding(reference.baseName.text) {
        case .recordResult(let ref)?:
            return (identifier.text, .record(ref))
        case .responseResult(let ref)?:
            let tuple = pattern.trimmedText.filter { $0 == "(" }.count > 1
            return (identifier.text, tuple ? .matchResults(ref) : .matchResponse(ref))
        default:
            return nil
        }
    }
}
