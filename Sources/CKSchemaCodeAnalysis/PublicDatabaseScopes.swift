import CKSchemaCore
import Foundation
import SwiftSyntax

/// A function whose code works on the public database only: it names `publicCloudDatabase`, a `.public`
/// database scope, or a property initialized with one, and no other database. Uses of CloudKit inside it are
/// taken to go to the public database.
struct PublicDatabaseScope: Sendable {
    /// The function body's first and last positions.
    var start: CKSchemaCore.SourceLocation
    var end: CKSchemaCore.SourceLocation
    /// Calls that save, modify or delete records: `save(_:)`, `modifyRecords(saving:deleting:)`,
    /// `CKModifyRecordsOperation(…)`, `delete(withRecordID:)`, `deleteRecord(withID:)`.
    var modifications: [CKSchemaCore.SourceLocation]
    /// `CKRecord(…)` calls that stand in for a fetched record (`results.first ?? CKRecord(recordType: "Book")`):
    /// an upsert, which saves the fetched record when there is one.
    var fallbackCreations: [SourceRange]
    /// The record types of `CKQuery(recordType:…)` calls (not subscriptions, whose save needs an account
    /// anyway): reads of the public database.
    var queries: [CKSchemaCore.SourceLocation] = []

    /// Whether `location` lies in the body.
    func contains(_ location: CKSchemaCore.SourceLocation) -> Bool {
        SourceRange(start: start, end: end).contains(location)
    }
}

/// The first and last positions of a piece of code.
struct SourceRange: Sendable {
    var start: CKSchemaCore.SourceLocation
    var end: CKSchemaCore.SourceLocation

    func contains(_ location: CKSchemaCore.SourceLocation) -> Bool {
        location.file == start.file && (location.line, location.column) >= (start.line, start.column)
            && (location.line, location.column) <= (end.line, end.column)
    }
}

/// Finds the public-database functions of a file (see `PublicDatabaseScope`). Sound rather than complete: a
/// function naming two databases, or reaching the public one only through a parameter or another type's
/// property, is not one.
enum PublicDatabaseScopes {
    static func collect(_ file: ParsedSwiftFile) -> [PublicDatabaseScope] {
        let text = file.source.text
        guard text.contains("publicCloudDatabase") || text.contains(".public") else { return [] }
        let names = DatabaseProperties(viewMode: .sourceAccurate)
        names.walk(file.tree)
        let functions = FunctionBodies(file: file, publicNames: names.publicNames, otherNames: names.otherNames)
        functions.walk(file.tree)
        return functions.scopes
    }

    /// What the text says about databases: `public`, `other` (private or shared), or both.
    static func databases(in text: String) -> (isPublic: Bool, isOther: Bool) {
        let isPublic = text.contains("publicCloudDatabase") || text.range(of: scopePattern("public"), options: .regularExpression) != nil
        let isOther = text.contains("privateCloudDatabase") || text.contains("sharedCloudDatabase")
            || text.range(of: scopePattern("(private|shared)"), options: .regularExpression) != nil
        return (isPublic, isOther)
    }

    /// `database(with: .public)`, `databaseScope: .public`, `CKDatabase.Scope.public`.
    private static func scopePattern(_ scope: String) -> String {
        #"((with|[sS]cope)\s*:\s*(CKDatabase\.Scope)?|Scope)\.\#(scope)\b"#
    }
}

/// The properties and variables whose initializer, getter or an assignment (`self.database =
/// container.publicCloudDatabase` in an initializer) names one database.
private final class DatabaseProperties: SyntaxVisitor {
    var publicNames: Set<String> = []
    var otherNames: Set<String> = []

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
        note(name, (node.initializer?.value.trimmedDescription ?? "") + (node.accessorBlock?.trimmedDescription ?? ""))
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let target = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
        if let target { note(target, elements[2].trimmedDescription) }
        return .visitChildren
    }

    private func note(_ name: String, _ value: String) {
        let databases = PublicDatabaseScopes.databases(in: value)
        if databases.isPublic, !databases.isOther { publicNames.insert(name) }
        if databases.isOther { otherNames.insert(name) }
    }
}

/// The bodies of functions, initializers and accessors that work on the public database only.
private final class FunctionBodies: SyntaxVisitor {
    let file: ParsedSwiftFile
    let publicNames: Set<String>
    let otherNames: Set<String>
    var scopes: [PublicDatabaseScope] = []

    init(file: ParsedSwiftFile, publicNames: Set<String>, otherNames: Set<String>) {
        self.file = file
        self.publicNames = publicNames
        self.otherNames = otherNames
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body { judge(Syntax(body)) }
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body { judge(Syntax(body)) }
        return .skipChildren
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        judge(Syntax(node))
        return .skipChildren
    }

    private func judge(_ body: Syntax) {
        let text = body.trimmedDescription
        let databases = PublicDatabaseScopes.databases(in: text)
        let names = References(viewMode: .sourceAccurate)
        names.walk(body)
        let isPublic = databases.isPublic || !names.names.isDisjoint(with: publicNames)
        let isOther = databases.isOther || !names.names.isDisjoint(with: otherNames)
        guard isPublic, !isOther else { return }
        scopes.append(PublicDatabaseScope(
            start: file.location(of: body), end: end(of: body),
            modifications: names.modifications.map { file.location(of: $0) },
            fallbackCreations: names.fallbacks.map { SourceRange(start: file.location(of: $0), end: end(of: Syntax($0))) },
            queries: names.queries.map { file.location(of: $0) }))
    }

    private func end(of node: Syntax) -> CKSchemaCore.SourceLocation {
        file.positions.location(ofOffset: node.endPositionBeforeTrailingTrivia.utf8Offset)
    }
}

/// The names a body refers to, and its calls that save, modify or delete records.
private final class References: SyntaxVisitor {
    var names: Set<String> = []
    var modifications: [ExprSyntax] = []
    var fallbacks: [ExprSyntax] = []
    /// The `recordType:` arguments of `CKQuery(…)` calls, where the code collector places a query's use.
    var queries: [ExprSyntax] = []

    /// `existing ?? CKRecord(recordType: …)`: the new record is only the fallback.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated().dropLast()
        where element.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            let next = elements[index + 1]
            if let call = next.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "CKRecord" {
                fallbacks.append(next)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.baseName.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression
        let name = callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        switch name {
        case "save" where labels.first == "_",
             "modifyRecords", "CKModifyRecordsOperation", "deleteRecord":
            modifications.append(ExprSyntax(node))
        case "delete" where labels.first == "withRecordID":
            modifications.append(ExprSyntax(node))
        case "CKQuery":
            if let type = node.arguments.first(where: { $0.label?.text == "recordType" }) { queries.append(type.expression) }
        default:
            break
        }
        return .visitChildren
    }
}
