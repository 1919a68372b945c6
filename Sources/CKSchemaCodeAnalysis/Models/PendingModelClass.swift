import CKSchemaCore
import CKSchemaModels
import SwiftSyntax

/// A `@Model` class as one file declares it, with property types still as written: they are resolved once
/// every file's declarations are merged (a property's type may be declared in any file).
struct PendingModelClass: Sendable {
    var qualifiedName: String
    var name: String
    /// The enclosing type's qualified name (`SchemaV2`), `nil` at file level.
    var scope: String?
    var inheritedTypes: [String]
    var properties: [PendingModelProperty]
    var uniquenessConstraints: [ModelUniquenessConstraint]
    var location: CKSchemaCore.SourceLocation
    var notes: [Diagnostic]
}

/// A stored property of a `@Model` class.
struct PendingModelProperty: Sendable {
    var name: String
    /// The type annotation, else the type the initial value makes (`= ""` → `String`), else `nil`.
    var typeText: String?
    /// The type came from the initial value, not an annotation.
    var typeInferred: Bool
    var hasDefault: Bool
    /// The initial value as written (`""`, `Date.now`).
    var defaultValue: String? = nil
    var attribute = ModelAttributeMacro()
    /// `@Relationship(…)`, when present.
    var relationship: ModelRelationshipMacro?
    var location: CKSchemaCore.SourceLocation
}

/// The options of `@Attribute(…)`.
struct ModelAttributeMacro: Sendable {
    var isUnique = false
    var externalStorage = false
    var allowsCloudEncryption = false
    /// `.ephemeral`: kept in memory, not stored.
    var isEphemeral = false
    /// `.transformable(by:)`.
    var isTransformable = false
    /// `.transformable(by: X.self)` → `X` (also `by: "X"`, a transformer registered by name).
    var transformerName: String?
    var originalName: String?
}

/// The arguments of `@Relationship(…)`.
struct ModelRelationshipMacro: Sendable {
    var deleteRule: ModelDeleteRule = .nullify
    /// `\Trip.owner` → (`Trip`, `owner`); `\.owner` → (`nil`, `owner`).
    var inverse: (root: String?, property: String)?
    var minimumCount: Int?
    var maximumCount: Int?
    var originalName: String?
}

/// Reads `@Model` class declarations: stored properties (computed, static and `@Transient` ones skipped),
/// their macros, and `#Unique` constraints.
enum ModelClassReader {
    static func read(_ node: ClassDeclSyntax, qualifiedName: String, file: ParsedSwiftFile) -> PendingModelClass {
        let dot = qualifiedName.lastIndex(of: ".")
        var model = PendingModelClass(
            qualifiedName: qualifiedName, name: node.name.text, scope: dot.map { String(qualifiedName[..<$0]) },
            inheritedTypes: node.inheritanceClause?.inheritedTypes.map(\.type.trimmedText) ?? [],
            properties: [], uniquenessConstraints: [], location: file.location(of: node.name), notes: [])
        for member in node.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                model.properties += properties(of: variable, in: &model, file: file)
            } else if let macro = member.decl.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Unique" {
                model.uniquenessConstraints += uniqueConstraints(macro, in: &model, file: file)
            }
        }
        return model
    }

    private static func properties(of variable: VariableDeclSyntax, in model: inout PendingModelClass,
                                   file: ParsedSwiftFile) -> [PendingModelProperty] {
        if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { return [] }
        if variable.attributes.hasAttribute(named: "Transient") { return [] }
        var attribute = ModelAttributeMacro()
        if let node = variable.attributes.attribute(named: "Attribute") {
            attribute = readAttribute(node, in: &model, file: file)
        }
        let relationship = variable.attributes.attribute(named: "Relationship").map { readRelationship($0, in: &model, file: file) }
        var result: [PendingModelProperty] = []
        // `var a: Int = 0, b: Int`: a binding without a type takes the next one's (`var a, b: Int`).
        let bindings = Array(variable.bindings)
        for (position, binding) in bindings.enumerated() where !binding.isComputed {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            var typeText = binding.typeAnnotation?.type.trimmedText
            var inferred = false
            if typeText == nil, binding.initializer == nil {
                typeText = bindings[(position + 1)...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type.trimmedText
            }
            if typeText == nil, let value = binding.initializer?.value {
                typeText = ModelValueTypes.type(of: value)
                inferred = true
            }
            result.append(PendingModelProperty(
                name: name.text, typeText: typeText, typeInferred: inferred, hasDefault: binding.initializer != nil,
                defaultValue: binding.initializer?.value.trimmedText, attribute: attribute, relationship: relationship, location: file.location(of: name)))
        }
        return result
    }

    // MARK: - Macros

    private static func readAttribute(_ node: AttributeSyntax, in model: inout PendingModelClass,
                                      file: ParsedSwiftFile) -> ModelAttributeMacro {
        var attribute = ModelAttributeMacro()
        for argument in arguments(of: node) {
            if argument.label?.text == "originalName" {
                attribute.originalName = stringLiteral(argument.expression)
                if attribute.originalName == nil { unread(argument, "'originalName:' is not a string literal", &model, file: file) }
                continue
            }
            if argument.label != nil { continue }  // `hashModifier:` and the like say nothing about the schema
            switch optionName(argument.expression) {
            case "unique": attribute.isUnique = true
            case "externalStorage": attribute.externalStorage = true
            case "allowsCloudEncryption": attribute.allowsCloudEncryption = true
            case "ephemeral": attribute.isEphemeral = true
            case "transformable":
                attribute.isTransformable = true
                attribute.transformerName = transformerName(argument.expression)
            case "spotlight", "preserveValueOnDeletion": break
            default: unread(argument, "the @Attribute option '\(argument.expression.trimmedText)' is not one SwiftData defines",
                            &model, file: file)
            }
        }
        return attribute
    }

    private static func readRelationship(_ node: AttributeSyntax, in model: inout PendingModelClass,
                                         file: ParsedSwiftFile) -> ModelRelationshipMacro {
        var relationship = ModelRelationshipMacro()
        for argument in arguments(of: node) {
            switch argument.label?.text {
            case "deleteRule":
                switch optionName(argument.expression) {
                case "cascade": relationship.deleteRule = .cascade
                case "nullify": relationship.deleteRule = .nullify
                case "deny": relationship.deleteRule = .deny
                case "noAction": relationship.deleteRule = .noAction
                default: unread(argument, "the delete rule '\(argument.expression.trimmedText)' is not written as a case", &model, file: file)
                }
            case "inverse":
                if let inverse = inverse(argument.expression) {
                    relationship.inverse = inverse
                } else {
                    unread(argument, "the inverse '\(argument.expression.trimmedText)' is not a key path to one property", &model, file: file)
                }
            case "minimumModelCount": relationship.minimumCount = Int(argument.expression.trimmedText)
            case "maximumModelCount": relationship.maximumCount = Int(argument.expression.trimmedText)
            case "originalName": relationship.originalName = stringLiteral(argument.expression)
            default: break
            }
        }
        return relationship
    }

    /// `\Trip.owner` → (`Trip`, `owner`); `\.owner` → (`nil`, `owner`). A qualified root written as components —
    /// `\SchemaV2.Trip.owner`, which parses as the root `SchemaV2` and the components `Trip.owner` — keeps its
    /// capitalised components in the root: (`SchemaV2.Trip`, `owner`).
    private static func inverse(_ expression: ExprSyntax) -> (root: String?, property: String)? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self) else { return nil }
        let names = keyPath.components.compactMap { $0.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text }
        guard names.count == keyPath.components.count, let property = names.last,
              names.dropLast().allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        let root = ([keyPath.root?.trimmedText].compactMap { $0 } + names.dropLast()).joined(separator: ".")
        return (root.isEmpty ? nil : root, property)
    }

    /// `#Unique<Person>([\.first, \.last], [\.email])`: one constraint per array.
    private static func uniqueConstraints(_ macro: MacroExpansionDeclSyntax, in model: inout PendingModelClass,
                                          file: ParsedSwiftFile) -> [ModelUniquenessConstraint] {
        macro.arguments.compactMap { argument in
            guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                unread(argument, "the #Unique argument '\(argument.expression.trimmedText)' is not an array of key paths",
                       &model, file: file)
                return nil
            }
            let names = array.elements.compactMap { element -> String? in
                guard let keyPath = element.expression.as(KeyPathExprSyntax.self),
                      let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self) else { return nil }
                return component.declName.baseName.text
            }
            guard names.count == array.elements.count, !names.isEmpty else {
                unread(argument, "the #Unique argument '\(argument.expression.trimmedText)' is not an array of key paths",
                       &model, file: file)
                return nil
            }
            return ModelUniquenessConstraint(properties: names, location: file.location(of: argument))
        }
    }

    private static func arguments(of node: AttributeSyntax) -> LabeledExprListSyntax {
        if case .argumentList(let list)? = node.arguments { return list }
        return []
    }

    /// `.unique`, `Schema.Attribute.Option.unique`, `.transformable(by: X.self)` → `unique`, `transformable`.
    static func optionName(_ expression: ExprSyntax) -> String? {
        let base = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        return base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// `.transformable(by: X.self)` → `X`; `.transformable(by: "X")` → `X`.
    private static func transformerName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let argument = call.arguments.first(where: { $0.label?.text == "by" })?.expression else { return nil }
        if let member = argument.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self" {
            return member.base?.trimmedText
        }
        return stringLiteral(argument)
    }

    static func stringLiteral(_ expression: ExprSyntax) -> String? {
        expression.as(StringLiteralExprSyntax.self).flatMap { StringLiteralText($0)?.value }
    }

    private static func unread(_ node: some SyntaxProtocol, _ what: String, _ model: inout PendingModelClass,
                               file: ParsedSwiftFile) {
        model.notes.append(Diagnostic(id: ModelReadDiagnostics.sourceUnread, severity: .note,
                                      message: "\(what) in '\(model.name)'; it was left out of the model",
                                      location: file.location(of: node)))
    }
}
