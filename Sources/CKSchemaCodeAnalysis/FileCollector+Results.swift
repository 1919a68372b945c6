import SwiftSyntax

/// The results of the async and Result-based fetch APIs: `records(matching:)`'s `(matchResults, queryCursor)`,
/// `records(for:)`'s dictionary, `Result<CKRecord, Error>` and `result.get()`. A record whose query names its
/// type has that type; one fetched by ID alone has a type only when the ID says it, else its uses are notes.
extension FileCollector {
    /// `database.records(matching: query)`, `database.records(for: ids)`, `result.get()`: what the call gives,
    /// or nil when it is none of these.
    func queryResults(_ call: FunctionCallExprSyntax, method: String, base: ExprSyntax?) -> Binding? {
        switch method {
        case "records":
            guard let first = call.arguments.first?.label?.text else { return nil }
            if first == "matching" { return .matchResponse(call.arguments.first.map { queryType($0.expression) } ?? .unknown) }
            if first == "for" { return .matchResults(fetchedType(call.arguments.first?.expression)) }
            return nil
        case "get":
            // `result.get()`, `pair.1.get()`
            guard call.arguments.isEmpty, let base = unwrapped(base),
                  base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self) else { return nil }
            switch classify(base, declaredType: nil) {
            case .recordResult(let ref): return .record(ref)
            case .responseResult(let ref): return .matchResponse(ref)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Binds the names of a tuple pattern (`(_, result)`, `(results, cursor)`) to `elements` by position;
    /// names without an element hold what is only known at run time. Nothing known: nothing bound.
    func bindTuple(_ tuple: TuplePatternSyntax, _ elements: [Binding]) {
        guard !elements.isEmpty else { return }
        for (index, element) in tuple.elements.enumerated() {
            var pattern = element.pattern
            if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
            guard let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            setBinding(name, index < elements.count ? elements[index] : .opaque)
        }
    }

    /// The completion handler of a fetch: `fetch(withRecordID:) { record, error in … }` (a record of the type
    /// its ID says, else unknown), `fetch(withQuery:) { result in … }` (the query's records).
    func fetchCompletionBindings(_ call: FunctionCallExprSyntax, method: String, names: [String]) -> [String: Binding]? {
        guard method == "fetch", let label = call.arguments.first?.label?.text else { return nil }
        let binding: Binding
        switch label {
        case "withRecordID": binding = .record(fetchedType(call.arguments.first?.expression))
        case "withQuery": binding = .responseResult(call.arguments.first.map { queryType($0.expression) } ?? .unknown)
        default: return nil
        }
        var result = ["$0": binding]
        result[names.first ?? "$0"] = binding
        return result
    }

    /// The record type of the records fetched by the IDs `expression`: `record.recordID` is that record's,
    /// `note.id` (of a declared Swift type) is what that type converts, `[a, b]` what all say; else unknown.
    func fetchedType(_ expression: ExprSyntax?) -> RecordTypeRef {
        if let array = unwrapped(expression)?.as(ArrayExprSyntax.self) {
            // `[note.recordID]`: the type every ID says, when they agree.
            let types = Set(array.elements.map { fetchedType($0.expression) })
            return types.count == 1 ? types.first ?? .unknown : .unknown
        }
        guard let member = unwrapped(expression)?.as(MemberAccessExprSyntax.self), let base = unwrapped(member.base) else {
            return .unknown
        }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, case .record(let ref)? = binding(name),
           member.declName.baseName.text == "recordID" {
            return ref
        }
        return swiftType(of: base).map(RecordTypeRef.ofSwiftType) ?? .unknown
    }
}
