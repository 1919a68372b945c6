import CKSchemaCore

/// Renders a field's `default` literal as a Swift expression of the field's Swift type.
struct DefaultValueRenderer {
    /// Why a literal cannot be rendered, as the end of a sentence ("is 'x', which …").
    struct Reason: Error {
        let text: String
    }

    let kind: ValueKind
    let enumeration: EnumerationPlan?

    /// Renders a literal for a field holding one value.
    func render(_ literal: LiteralValue) -> Result<String, Reason> {
        if case .list = literal { return .failure(Reason(text: "is a list, but the field holds one value")) }
        return renderElement(literal)
    }

    /// Renders a literal for a list field: a list of element literals.
    func renderList(_ literal: LiteralValue) -> Result<String, Reason> {
        guard case .list(let elements) = literal else {
            return .failure(Reason(text: "must be a list, because the field holds a list"))
        }
        var rendered: [String] = []
        for element in elements {
            if case .list = element { return .failure(Reason(text: "holds a nested list, which CloudKit cannot store")) }
            switch renderElement(element) {
            case .success(let text): rendered.append(text)
            case .failure(let reason): return .failure(reason)
            }
        }
        return .success("[" + rendered.joined(separator: ", ") + "]")
    }

    private func renderElement(_ literal: LiteralValue) -> Result<String, Reason> {
        switch (kind, literal) {
        case (.string, .string(let value)):
            return .success(SwiftLiteral.string(value))
        case (.enumeration, .string(let value)):
            guard let match = enumeration?.cases.first(where: { $0.value == value }) else {
                return .failure(Reason(text: "is '\(value)', which is not one of the field's enum values"))
            }
            return .success("." + SwiftIdentifiers.escaped(match.name))
        case (.int64, .integer(let value)):
            return .success(String(value))
        case (.double, .integer(let value)):
            return .success(String(value))
        case (.double, .double(let value)):
            guard value.isFinite else {
                return .failure(Reason(text: "is not a finite number, which CloudKit cannot store"))
            }
            return .success(String(describing: value))
        case (.bool, .bool(let value)):
            return .success(value ? "true" : "false")
        case (.bool, .integer(let value)) where value == 0 || value == 1:
            return .success(value == 1 ? "true" : "false")
        case (.timestamp, _), (.bytes, _), (.asset, _), (.location, _), (.reference, _):
            return .failure(Reason(text: "cannot be generated: defaults are supported for strings, numbers, bools and enums"))
        default:
            return .failure(Reason(text: "is \(describe(literal)), which does not suit the field's type"))
        }
    }

    private func describe(_ literal: LiteralValue) -> String {
        switch literal {
        case .string(let value): "the string '\(value)'"
        case .integer(let value): "the integer \(value)"
        case .double(let value): "the number \(value)"
        case .bool(let value): "the bool \(value)"
        case .list: "a list"
        }
    }
}
