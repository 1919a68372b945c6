import CKSchemaModels
import Foundation
import SwiftSyntax

/// What a SwiftData property's type (as written) is for the model: an attribute of some type, a relationship
/// to another `@Model` class, or something the scanned code does not say (never guessed).
enum ModelPropertyKind: Equatable {
    case attribute(ModelAttributeType)
    /// To-one (`Trip`, `Trip?`) or to-many (`[Trip]`, `Set<Trip>`) relationship to the `@Model` class named
    /// (its entity name).
    case relationship(destination: String, toMany: Bool)
    /// Why the type cannot be known.
    case unresolved(String)
}

enum ModelValueTypes {
    /// The attribute types SwiftData stores natively.
    static let scalars: [String: ModelAttributeType] = [
        "String": .string, "Substring": .string,
        "Int": .integer64, "Int64": .integer64, "UInt": .integer64, "UInt64": .integer64,
        "Int32": .integer32, "UInt32": .integer32,
        "Int16": .integer16, "UInt16": .integer16, "Int8": .integer16, "UInt8": .integer16,
        "Double": .double, "Float64": .double, "CGFloat": .double,
        "Float": .float, "Float32": .float,
        "Decimal": .decimal,
        "Bool": .boolean,
        "Date": .date,
        "Data": .binary,
        "UUID": .uuid,
        "URL": .uri,
    ]

    /// Splits optionality off: `Trip?` → (`Trip`, true); `Optional<[Tag]>` → (`[Tag]`, true).
    static func unwrapped(_ text: String) -> (type: String, optional: Bool) {
        var type = text.trimmingCharacters(in: .whitespaces)
        var optional = false
        while true {
            if type.hasSuffix("?") || type.hasSuffix("!") {
                type.removeLast()
                optional = true
            } else if type.hasPrefix("Optional<"), type.hasSuffix(">") {
                type = String(type.dropFirst(9).dropLast())
                optional = true
            } else if type.hasPrefix("("), type.hasSuffix(")"), !type.contains(",") {
                type = String(type.dropFirst().dropLast())
            } else {
                return (type.trimmingCharacters(in: .whitespaces), optional)
            }
        }
    }

    /// The element type of an array or set (`[Trip]`, `Array<Trip>`, `Set<Trip>`), `nil` for anything else.
    static func collectionElement(_ type: String) -> String? {
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") { return String(type.dropFirst().dropLast()) }
        for prefix in ["Array<", "Set<", "ContiguousArray<", "Swift.Array<", "Swift.Set<"] where type.hasPrefix(prefix) && type.hasSuffix(">") {
            return String(type.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    /// Whether the type is a dictionary (stored archived, like any collection of values).
    static func isDictionary(_ type: String) -> Bool {
        (type.hasPrefix("[") && type.hasSuffix("]") && type.contains(":")) || type.hasPrefix("Dictionary<")
            || type.hasPrefix("Swift.Dictionary<")
    }

    /// `Foundation.Date` → `Date`.
    static func withoutModule(_ type: String) -> String {
        for module in ["Swift.", "Foundation.", "CoreGraphics."] where type.hasPrefix(module) {
            return String(type.dropFirst(module.count))
        }
        return type
    }

    /// The type an initial value makes when the declaration has no annotation: literals, `Date()`, `Date.now`,
    /// `UUID()`, `Foo(…)`, `Status.draft`, `[""]`; `nil` when the value does not say (`[]`, a function call).
    static func type(of value: ExprSyntax) -> String? {
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return type(of: prefix.expression)
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedText
            if let first = callee.first, first.isUppercase, !callee.contains("(") {
                return callee.hasSuffix(".init") ? String(callee.dropLast(5)) : callee
            }
            return nil
        }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedText,
           base.first?.isUppercase == true, !base.contains("(") {
            // `Date.now`, `Status.draft`: the base type, checked against the declarations when resolved.
            return base + "." + member.declName.baseName.text + "#member"
        }
        if let array = value.as(ArrayExprSyntax.self), !array.elements.isEmpty {
            let types = Set(array.elements.map { type(of: $0.expression) })
            if types.count == 1, let only = types.first, let element = only, !element.hasSuffix("#member") {
                return "[\(element)]"
            }
        }
        return nil
    }
}
