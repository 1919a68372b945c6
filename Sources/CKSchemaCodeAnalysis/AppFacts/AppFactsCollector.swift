import CKSchemaApp
import CKSchemaCore
import SwiftSyntax

/// A container identifier as one file writes it, resolved once the whole module's constants are known.
struct PendingContainer: Sendable {
    var key: SymbolicKey
    var use: NamedContainer.Use
    var location: CKSchemaCore.SourceLocation
}

/// Walks one parsed file for what `ckschema doctor` judges next to the entitlements: the containers the code
/// names, its uses of the default container, how it syncs, and the markers (subscriptions, shares,
/// remote-notification registration). `#Preview`s are skipped: they are not the shipped app.
///
/// A name passed as a container identifier is followed through the function's `let`s and its parameters'
/// default values; constants, static lets and enum cases are left symbolic for `SymbolResolver`.
final class AppFactsCollector: SyntaxVisitor {
    let file: ParsedSwiftFile
    private(set) var containers: [PendingContainer] = []
    private(set) var defaultUses: [DefaultContainerUse] = []
    private(set) var styles: [SyncStyleUse] = []
    private(set) var markers: [CodeMarker] = []
    /// `NSPersistentCloudKitContainer`s created or subclassed: their container is the default unless some
    /// `NSPersistentCloudKitContainerOptions(containerIdentifier:)` names one (decided over the whole module).
    private(set) var persistentContainers: [CKSchemaCore.SourceLocation] = []
    /// Whether some call issues a batch operation (`BatchOperations`).
    private(set) var issuesBatchOperation = false

    /// Enclosing types, qualified, outermost first (scopes for constant lookup).
    private var typeScopes: [String] = []
    /// Per function or closure: the names bound to an expression (`let id = …`, a parameter's default value),
    /// or to nothing known (a parameter without a default, a closure's parameter), which shadows constants.
    private var frames: [[String: ExprSyntax?]] = []

    init(file: ParsedSwiftFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: - Scopes

    private func enter(_ name: String) { typeScopes.append(typeScopes.last.map { "\($0).\(name)" } ?? name) }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { typeScopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { typeScopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { typeScopes.removeLast() }
    override func visitPost(_ node: ClassDeclSyntax) { typeScopes.removeLast() }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text)
        // `class Persistence: NSPersistentCloudKitContainer`: Core Data with CloudKit, whoever calls `init`.
        if node.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedText.hasSuffix("NSPersistentCloudKitContainer") }) == true {
            persistentContainer(at: location(of: node.name))
        }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        typeScopes.append(node.extendedType.trimmedText)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        frames.append(defaults(node.signature.parameterClause.parameters))
        if Self.acceptsShares(node) { markers.append(CodeMarker(kind: .acceptsShare, location: location(of: node.name))) }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { frames.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        frames.append(defaults(node.signature.parameterClause.parameters))
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) { frames.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var parameters: [String: ExprSyntax?] = [:]
        switch node.signature?.parameterClause {
        case .simpleInput(let names)?: for name in names { parameters[name.name.text] = .some(nil) }
        case .parameterClause(let clause)?:
            for parameter in clause.parameters { parameters[(parameter.secondName ?? parameter.firstName).text] = .some(nil) }
        case nil: break
        }
        frames.append(parameters)
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { frames.removeLast() }

    /// `let id = "iCloud.…"` inside a body: later uses of `id` in the same frame mean that value.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !frames.isEmpty, node.bindingSpecifier.tokenKind == .keyword(.let) else { return .visitChildren }
        for binding in node.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
               let value = binding.initializer?.value {
                frames[frames.count - 1][name] = value
            }
        }
        return .visitChildren
    }

    /// Each parameter's default value; a parameter without one is bound to nothing known (its callers are
    /// not followed).
    private func defaults(_ parameters: FunctionParameterListSyntax) -> [String: ExprSyntax?] {
        var bound: [String: ExprSyntax?] = [:]
        for parameter in parameters {
            bound[(parameter.secondName ?? parameter.firstName).text] = .some(parameter.defaultValue?.value)
        }
        return bound
    }

    /// The names that show code reading its own entitlements or provisioning profile at run time (AngelLive
    /// reads `embedded.mobileprovision` before it creates a container only some of its targets are entitled to).
    static let runTimeEntitlementNames: Set<String> = [
        "mobileprovision", "provisionprofile", "embedded.mobileprovision", "embedded.provisionprofile",
        "com.apple.developer.icloud-container-identifiers",
    ]

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if node.segments.count == 1, let segment = node.segments.first?.as(StringSegmentSyntax.self),
           Self.runTimeEntitlementNames.contains(segment.content.text) {
            add(.checksEntitlementsAtRunTime, at: location(of: node))
        }
        return .visitChildren
    }

    // MARK: - Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !issuesBatchOperation, BatchOperations.isBatch(node) { issuesBatchOperation = true }
        let callee = node.calledExpression.trimmedText
        let name = callee.split(separator: ".").last.map(String.init) ?? callee
        let at = location(of: node)
        switch name {
        case "CKContainer" where callee == "CKContainer" || callee == "CloudKit.CKContainer":
            if let argument = argument("identifier", of: node) { named(argument, .ckContainer, at: at) }
        case "NSPersistentCloudKitContainerOptions":
            if let argument = argument("containerIdentifier", of: node) { named(argument, .persistentCloudKitOptions, at: at) }
        case "NSPersistentCloudKitContainer":
            persistentContainer(at: at)
        case "ModelConfiguration":
            modelConfiguration(node, at: at)
        case "ModelContainer" where !node.arguments.contains { $0.label?.text == "configurations" }:
            swiftDataDefault(at: at)
        case "modelContainer" where node.calledExpression.is(MemberAccessExprSyntax.self):
            if !isInMemory(node, label: "inMemory"), node.arguments.contains(where: { $0.label?.text == "for" }) {
                swiftDataDefault(at: at)
            }
        case "default" where callee == "CKContainer.default" || callee == "CloudKit.CKContainer.default":
            defaultUses.append(DefaultContainerUse(use: .ckContainerDefault, location: at))
        default:
            classify(node, callee: callee, name: name, at: at)
        }
        return .visitChildren
    }

    /// `ModelConfiguration(…, cloudKitDatabase: .private("iCloud.…") | .automatic | .none)`; no argument is
    /// `.automatic`. An in-memory store does not sync.
    private func modelConfiguration(_ node: FunctionCallExprSyntax, at: CKSchemaCore.SourceLocation) {
        guard !isInMemory(node, label: "isStoredInMemoryOnly") else { return }
        guard let database = argument("cloudKitDatabase", of: node) else {
            swiftDataDefault(at: at)
            return
        }
        if let call = database.as(FunctionCallExprSyntax.self), Self.memberName(call.calledExpression) == "private" {
            styles.append(SyncStyleUse(style: .swiftData, location: at))
            if let identifier = call.arguments.first?.expression { named(identifier, .modelConfiguration, at: at) }
        } else if Self.memberName(database) == "automatic" {
            swiftDataDefault(at: at)
        }
    }

    private func swiftDataDefault(at location: CKSchemaCore.SourceLocation) {
        styles.append(SyncStyleUse(style: .swiftData, location: location))
        defaultUses.append(DefaultContainerUse(use: .swiftDataAutomatic, location: location))
    }

    private func persistentContainer(at location: CKSchemaCore.SourceLocation) {
        styles.append(SyncStyleUse(style: .persistentCloudKitContainer, location: location))
        persistentContainers.append(location)
    }

    private func named(_ expression: ExprSyntax, _ use: NamedContainer.Use, at location: CKSchemaCore.SourceLocation) {
        containers.append(PendingContainer(key: key(expression), use: use, location: location))
    }

    private func isInMemory(_ node: FunctionCallExprSyntax, label: String) -> Bool {
        argument(label, of: node)?.trimmedText == "true"
    }

    // MARK: - Names

    /// How the code spells a container identifier: a literal, a constant's path (looked up from the enclosing
    /// types outwards), or a local name followed to its value.
    private func key(_ expression: ExprSyntax, depth: Int = 0) -> SymbolicKey {
        let expression = Self.unwrapped(expression)
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return StringLiteralText(literal).map { .literal($0.value) } ?? .dynamic(literal.trimmedText)
        }
        guard var path = Self.memberPath(expression) else { return .dynamic(expression.trimmedText) }
        if path.first == "self" || path.first == "Self" { path.removeFirst() }
        if path.count == 1 || (path.count == 2 && path.last == "rawValue"),
           let bound = frames.reversed().lazy.compactMap({ $0[path[0]] }).first {
            guard let value = bound, path.count == 1, depth < 8 else { return .dynamic(expression.trimmedText) }
            return key(value, depth: depth + 1)
        }
        return path.isEmpty ? .dynamic(expression.trimmedText) : .path(path, scopes: typeScopes.reversed())
    }

    /// `A.B.c` → ["A", "B", "c"]; anything else (calls, interpolations, implicit members) → nil.
    private static func memberPath(_ expression: ExprSyntax) -> [String]? {
        var components: [String] = []
        var current = expression
        for _ in 0..<16 {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                components.insert(member.declName.baseName.text, at: 0)
                current = base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                return [reference.baseName.text] + components
            } else {
                return nil
            }
        }
        return nil
    }

    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        for _ in 0..<8 {
            if let node = current.as(TryExprSyntax.self) { current = node.expression }
            else if let node = current.as(AwaitExprSyntax.self) { current = node.expression }
            else if let node = current.as(ForceUnwrapExprSyntax.self) { current = node.expression }
            else if let node = current.as(TupleExprSyntax.self), node.elements.count == 1 {
                current = node.elements.first!.expression
            } else { break }
        }
        return current
    }

    /// `.automatic` → `automatic`; `ModelConfiguration.CloudKitDatabase.private` → `private`.
    static func memberName(_ expression: ExprSyntax) -> String? {
        expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    func location(of node: some SyntaxProtocol) -> CKSchemaCore.SourceLocation {
        file.location(of: node)
    }

    func add(_ style: SyncStyle, at location: CKSchemaCore.SourceLocation) {
        styles.append(SyncStyleUse(style: style, location: location))
    }

    func add(_ marker: CodeMarker.Kind, at location: CKSchemaCore.SourceLocation) {
        markers.append(CodeMarker(kind: marker, location: location))
    }
}
