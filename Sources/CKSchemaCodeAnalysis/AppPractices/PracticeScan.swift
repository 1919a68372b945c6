import CKSchemaApp
import CKSchemaCore
import SwiftSyntax

/// One Swift file as the code-practice detectors read it: its calls, the first place each identifier is
/// written, and how the whole app syncs. One walk serves every detector.
struct PracticeScan {
    let path: String
    let file: SourceFileSyntax
    let text: String
    let styles: Set<SyncStyle>
    /// The names of the enum cases the whole module declares: `.partialFailure` may be the app's own.
    let moduleEnumCases: Set<String>
    /// Whether some file of the module issues a batch operation (`BatchOperations`): `.partialFailure` can come back.
    let moduleIssuesBatchOperations: Bool
    /// The names of the module's functions that handle a save conflict, directly or through calls (`ConflictHandlers`).
    let moduleConflictHandlers: Set<String>
    /// Every call, in source order.
    let calls: [PracticeCall]
    /// The first place each identifier token (names and `.member`s, not comments or strings) is written.
    let identifiers: [String: AbsolutePosition]
    private let positions: SourcePositions

    init(_ file: SourceFileSyntax, path: String, styles: Set<SyncStyle>, moduleEnumCases: Set<String>,
         moduleIssuesBatchOperations: Bool, moduleConflictHandlers: Set<String>) {
        self.path = path
        self.file = file
        self.styles = styles
        self.moduleEnumCases = moduleEnumCases
        self.moduleIssuesBatchOperations = moduleIssuesBatchOperations
        self.moduleConflictHandlers = moduleConflictHandlers
        let bytes = file.syntaxTextBytes
        text = String(decoding: bytes, as: UTF8.self)
        positions = SourcePositions(path: path, bytes: bytes)
        var identifiers: [String: AbsolutePosition] = [:]
        for token in file.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, identifiers[name] == nil else { continue }
            identifiers[name] = token.positionAfterSkippingLeadingTrivia
        }
        self.identifiers = identifiers
        let collector = CallCollector(viewMode: .sourceAccurate)
        collector.walk(file)
        calls = collector.calls
    }

    /// Whether an engine (CKSyncEngine, NSPersistentCloudKitContainer, SwiftData) syncs the app: rules about the
    /// work it does (tokens, retries, subscriptions, fetching) are silent then.
    var isEngineManaged: Bool { styles.contains { $0.isEngineManaged } }

    func location(of node: some SyntaxProtocol) -> CKSchemaCore.SourceLocation {
        location(at: node.positionAfterSkippingLeadingTrivia)
    }

    func location(at position: AbsolutePosition) -> CKSchemaCore.SourceLocation {
        positions.location(ofOffset: position.utf8Offset)
    }

    /// The first place any of `names` is written as an identifier.
    func firstIdentifier(_ names: String...) -> AbsolutePosition? {
        names.compactMap { identifiers[$0] }.min()
    }

    /// Evidence at the first place any of `names` is written, if one is.
    func evidence(_ evidence: AppPracticeEvidence, whereNamed names: String...) -> [AppCodeFinding] {
        guard let position = names.compactMap({ identifiers[$0] }).min() else { return [] }
        return [evidence.finding(at: location(at: position))]
    }
}

/// A call: `CKQueryOperation(query: q)`, `database.save(record)`.
struct PracticeCall {
    let node: FunctionCallExprSyntax
    /// The called name: `CKQueryOperation`, `save`, `scheduledTimer`.
    let name: String
    /// What it is called on (`database`, `CKContainer.default().privateCloudDatabase`), if anything.
    let receiver: String?

    var labels: [String?] { node.arguments.map { $0.label?.text } }

    /// The first argument's label (`nil` without arguments or label).
    var firstLabel: String? { node.arguments.first?.label?.text }

    func argument(_ label: String) -> LabeledExprSyntax? {
        node.arguments.first { $0.label?.text == label }
    }

    /// Whether this constructs `type` with `label` first (`CKQueryOperation(cursor:)`).
    func constructs(_ type: String, firstLabel label: String? = nil) -> Bool {
        receiver == nil && name == type && (label == nil || firstLabel == label)
    }

    /// Whether it is a call on a CloudKit database, container or sync engine: its receiver's last part is named
    /// like one (`privateDB`, `database`, `sharedCloudDatabase`, `container`, `syncEngine`) and the method is
    /// one of theirs. Names decide, not types (the walk has none): `modelContext.save()` is not one.
    var isCloudKitCall: Bool {
        guard let receiver else { return false }
        let last = receiver.split(separator: ".").last.map { $0.replacing("()", with: "").replacing("?", with: "")
            .replacing("!", with: "").lowercased() } ?? ""
        if last.hasSuffix("engine") { return Self.engineMethods.contains(name) }
        let isDatabase = last.hasSuffix("db") || last.contains("database")
        let isContainer = last.hasSuffix("container") || receiver.hasPrefix("CKContainer")
        return (isDatabase && Self.databaseMethods.contains(name)) || (isContainer && Self.containerMethods.contains(name))
    }

    static let databaseMethods: Set<String> = [
        "save", "record", "records", "deleteRecord", "modifyRecords", "recordZoneChanges", "databaseChanges",
        "subscription", "subscriptions", "allSubscriptions", "deleteSubscription", "modifySubscriptions", "recordZone",
        "recordZones", "allRecordZones", "modifyRecordZones", "deleteRecordZone", "fetch", "perform", "add", "delete",
        "fetchAllRecordZones", "fetchAllSubscriptions",
    ]
    static let containerMethods: Set<String> = [
        "accountStatus", "fetchUserRecordID", "userRecordID", "shareParticipant", "fetchShareParticipant", "accept",
        "fetchShareMetadata", "shareMetadata", "shareMetadatas", "add", "discoverUserIdentity", "requestApplicationPermission",
    ]
    static let engineMethods: Set<String> = ["fetchChanges", "sendChanges"]
}

private final class CallCollector: SyntaxVisitor {
    var calls: [PracticeCall] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledName {
            let receiver = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText
            calls.append(PracticeCall(node: node, name: name, receiver: receiver))
        }
        return .visitChildren
    }
}

extension FunctionCallExprSyntax {
    /// The called name: `f` in `f(x)`, `a.b.f(x)` and `f<T>(x)`; nil for a call of a closure or subscript result.
    var calledName: String? {
        let callee = calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return callee.as(GenericSpecializationExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }
}

extension SyntaxProtocol {
    /// The nearest enclosing function, initializer, accessor or closure, if any: the scope in which a detector
    /// looks for a setting next to a call (`savePolicy`, `resultsLimit`).
    var enclosingScope: Syntax? {
        var node = Syntax(self)
        while let parent = node.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(AccessorDeclSyntax.self) || parent.is(ClosureExprSyntax.self) {
                return parent
            }
            node = parent
        }
        return nil
    }

    /// The text of `enclosingScope` (else of the whole file).
    var enclosingScopeText: String {
        (enclosingScope ?? Syntax(self).root).trimmedText
    }
}
