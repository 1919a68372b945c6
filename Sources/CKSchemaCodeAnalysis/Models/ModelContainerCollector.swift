import CKSchemaCore
import CKSchemaModels
import SwiftSyntax

/// A configuration as one file writes it, its entity list still as written.
struct PendingConfiguration: Sendable {
    var name: String?
    var cloudKit: CloudKitMirroring
    var entities: PendingEntityList?
    var location: CKSchemaCore.SourceLocation
}

/// Which models a configuration or container holds, as written.
enum PendingEntityList: Sendable, Equatable {
    /// `Schema([A.self, B.self])`, `for: A.self, B.self`: the types as written (`SchemaV2.Trip`).
    case types([String])
    /// `Schema(versionedSchema: SchemaV2.self)`: every model of that versioned schema.
    case versioned(String)
    /// A variable holding the schema (`schema:` `appSchema`), followed to its declaration when it is one.
    case variable(String)
    /// `Schema(AppModels.all)`: a property holding the list of types, as written (`AppModels.all`, `allModels`).
    case listed(String)
}

/// Finds, anywhere in a file (function bodies, closures, property initializers; not `#Preview`s), what says
/// how models are stored: `ModelConfiguration(…)` calls, `ModelContainer(for: …)` and `.modelContainer(for: …)` without a
/// configuration (SwiftData's default, `.automatic`), `Schema(versionedSchema: X.self)` (the schema the app
/// uses now), and variables holding a `Schema(…)`.
final class ModelContainerCollector: SyntaxVisitor {
    let file: ParsedSwiftFile
    private(set) var configurations: [PendingConfiguration] = []
    /// Types named as the schema in use: `Schema(versionedSchema: X.self)` → `X`; `SchemaV2.Trip.self` in a
    /// container or configuration → `SchemaV2.Trip`.
    private(set) var schemaEvidence: [String] = []
    /// `let schema = Schema([…])` anywhere: the variable's name → what it holds.
    private(set) var schemaVariables: [String: PendingEntityList] = [:]
    private(set) var notes: [Diagnostic] = []

    init(file: ParsedSwiftFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.trimmedText
        let last = callee.split(separator: ".").last.map(String.init) ?? callee
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
           member.declName.baseName.text == "modelContainer" {
            if let list = forArguments(node) { containerWithoutConfiguration(node, entities: list) }
            return .visitChildren
        }
        switch last {
        case "ModelConfiguration": configuration(node)
        case "ModelContainer":
            if !node.arguments.contains(where: { $0.label?.text == "configurations" }) {
                containerWithoutConfiguration(node, entities: forArguments(node))
            }
        case "Schema":
            if case .versioned(let name)? = entityList(ofSchemaCall: node) { schemaEvidence.append(name) }
        default: break
        }
        return .visitChildren
    }

    // `#Preview { … .modelContainer(for: Item.self, inMemory: true) }`: previews are not the shipped app.
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let call = node.valueExpression.map(Self.unwrappingTry)?.as(FunctionCallExprSyntax.self),
           let list = entityList(ofSchemaCall: call) {
            schemaVariables[name] = list
        }
        return .visitChildren
    }

    // MARK: - Calls

    private func configuration(_ node: FunctionCallExprSyntax) {
        var result = PendingConfiguration(name: nil, cloudKit: .automatic, entities: nil, location: file.location(of: node))
        var forTypes: [String] = []
        var inForList = false
        for (position, argument) in node.arguments.enumerated() {
            let label = argument.label?.text
            if label != nil { inForList = label == "for" }
            switch label {
            case nil:
                if inForList, let type = selfType(argument.expression) { forTypes.append(type) }
                if position == 0 { result.name = ModelClassReader.stringLiteral(argument.expression) }
            case "for"?:
                forTypes += selfTypes(argument.expression)
            case "schema"?:
                result.entities = entityList(argument.expression)
                if result.entities == nil {
                    unread(argument.expression, "the configuration's schema", "it is taken to hold every model")
                }
            case "cloudKitDatabase"?:
                result.cloudKit = mirroring(argument.expression)
                if result.cloudKit == .unknown {
                    unread(argument.expression, "the configuration's cloudKitDatabase", "it is assumed to mirror")
                }
            default:
                break
            }
        }
        if !forTypes.isEmpty {
            result.entities = .types(forTypes)
            schemaEvidence += forTypes
        }
        if case .types(let types)? = result.entities { schemaEvidence += types }
        configurations.append(result)
    }

    /// `ModelContainer(for: A.self, B.self)`, `.modelContainer(for: [A.self])`, `ModelContainer(for: schema)`:
    /// the default configuration, which mirrors (`.automatic`).
    private func containerWithoutConfiguration(_ node: FunctionCallExprSyntax, entities: PendingEntityList?) {
        if case .types(let types)? = entities { schemaEvidence += types }
        configurations.append(PendingConfiguration(name: nil, cloudKit: .automatic, entities: entities,
                                                   location: file.location(of: node)))
    }

    /// The `for:` argument and the unlabeled ones after it.
    private func forArguments(_ node: FunctionCallExprSyntax) -> PendingEntityList? {
        guard let start = node.arguments.firstIndex(where: { $0.label?.text == "for" }) else { return nil }
        let first = node.arguments[start].expression
        if let list = entityList(first) { return list }
        var types = selfTypes(first)
        for argument in node.arguments[node.arguments.index(after: start)...] {
            guard argument.label == nil, let type = selfType(argument.expression) else { break }
            types.append(type)
        }
        return types.isEmpty ? nil : .types(types)
    }

    /// What a schema expression holds: `Schema([A.self])`, `Schema(versionedSchema: V.self)`, a variable.
    private func entityList(_ expression: ExprSyntax) -> PendingEntityList? {
        if let call = expression.as(FunctionCallExprSyntax.self) { return entityList(ofSchemaCall: call) }
        if let try_ = expression.as(TryExprSyntax.self) { return entityList(try_.expression) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return .variable(reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "Self"
            || member.base?.trimmedText.first?.isUppercase == true, member.declName.baseName.text != "self" {
            return .variable(member.declName.baseName.text)
        }
        return nil
    }

    private func entityList(ofSchemaCall call: FunctionCallExprSyntax) -> PendingEntityList? {
        let callee = call.calledExpression.trimmedText
        guard callee == "Schema" || callee == "SwiftData.Schema" || callee == ".init" else { return nil }
        guard let first = call.arguments.first else { return .types([]) }
        if first.label?.text == "versionedSchema" { return selfType(first.expression).map(PendingEntityList.versioned) }
        let types = selfTypes(first.expression)
        if types.isEmpty, first.label == nil, first.expression.is(DeclReferenceExprSyntax.self)
            || first.expression.as(MemberAccessExprSyntax.self).map({ $0.base != nil }) == true {
            return .listed(first.expression.trimmedText)
        }
        return types.isEmpty && !(first.expression.as(ArrayExprSyntax.self)?.elements.isEmpty ?? false) ? nil : .types(types)
    }

    private static func unwrappingTry(_ expression: ExprSyntax) -> ExprSyntax {
        expression.as(TryExprSyntax.self)?.expression ?? expression
    }

    /// `[A.self, B.self]` or `A.self` → the types.
    private func selfTypes(_ expression: ExprSyntax) -> [String] {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.compactMap { selfType($0.expression) } }
        return selfType(expression).map { [$0] } ?? []
    }

    /// `SchemaV2.Trip.self` → `SchemaV2.Trip`.
    private func selfType(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base else { return nil }
        return base.trimmedText
    }

    /// `.none`, `.automatic`, `.private("iCloud.x")`.
    private func mirroring(_ expression: ExprSyntax) -> CloudKitMirroring {
        if let call = expression.as(FunctionCallExprSyntax.self), ModelClassReader.optionName(expression) == "private" {
            return .privateDatabase(container: call.arguments.first.flatMap { ModelClassReader.stringLiteral($0.expression) })
        }
        guard expression.is(MemberAccessExprSyntax.self) else { return .unknown }
        switch ModelClassReader.optionName(expression) {
        case "none": return .none
        case "automatic": return .automatic
        default: return .unknown
        }
    }

    private func unread(_ node: some SyntaxProtocol, _ what: String, _ consequence: String) {
        notes.append(Diagnostic(id: ModelReadDiagnostics.sourceUnread, severity: .note,
                                message: "\(what) '\(node.trimmedText)' is computed; \(consequence)",
                                location: file.location(of: node)))
    }
}
