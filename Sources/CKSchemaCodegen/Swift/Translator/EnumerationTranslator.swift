import CKSchemaCore

/// Translates an `enum` field's values into a `RawRepresentable` Swift enum with a fallback case, so that a
/// value written by a newer app version reads as `.unrecognized("…")` instead of failing.
struct EnumerationTranslator {
    let plan: EnumerationPlan
    let field: Field
    /// The support namespace (`CloudKitSchema`).
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// The nested enum declaration.
    var declaration: SwiftDeclaration {
        let typeName = SwiftIdentifiers.escaped(plan.typeName)
        var members: [SwiftDeclaration] = plan.cases.map { item in
            SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: SwiftIdentifiers.escaped(item.name)))
        }
        members.append(SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "unrecognized",
                                                                         associatedValues: ["String"]))
            .documented(["A value the schema did not list when this code was generated."]))
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, isStatic: true, isConstant: true, name: "knownCases", type: "[\(typeName)]",
            initializer: "[" + plan.cases.map { "." + SwiftIdentifiers.escaped($0.name) }.joined(separator: ", ") + "]"
        )).documented(["The values the schema lists, in its order."]))
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [SwiftParameter(name: "rawValue", type: "String")],
            body: ["switch rawValue {"]
                + plan.cases.map { "case \(SwiftLiteral.string($0.value)): self = .\(SwiftIdentifiers.escaped($0.name))" }
                + ["default: self = .unrecognized(rawValue)", "}"]
        )).documented(["The case for `rawValue`; `unrecognized` for a value the schema does not list."]))
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: "rawValue", type: "String",
            getter: ["switch self {"]
                + plan.cases.map { "case .\(SwiftIdentifiers.escaped($0.name)): \(SwiftLiteral.string($0.value))" }
                + ["case .unrecognized(let value): value", "}"]
        )).documented(["The value CloudKit stores."]))
        return SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: typeName, conformances: ["RawRepresentable", "Sendable", "Hashable", "Codable",
                                                      "\(namespace).QueryValueConvertible"],
            members: members
        )).documented(["The values of field `\(field.name)`."])
    }
}
