import SwiftSyntax

/// What a query's `resultsLimit` asks for, as far as the code says: a cap (a small number, so later pages are not
/// wanted), no cap (a huge number or `CKQueryOperation.maximumResults`: "everything", which the server still
/// answers one page at a time), or unknown (a parameter, arithmetic, a constant the file does not define).
enum QueryResultsLimit: Equatable {
    case cap
    case noCap
    case unknown

    /// The largest limit read as a cap. Apple documents no page size for native queries (`maximumResults` is
    /// "dynamically determined"); the smallest documented one is CloudKit Web Services' 200 records per response
    /// (the CloudKit Web Services Reference's request limits). A limit at or under it is one page's worth: the code meant a cap.
    static let largestCap = 200

    /// The limit `expression` (the argument of `resultsLimit:` or the right side of `op.resultsLimit = …`) sets,
    /// reading integer constants (`let pageSize = 50`, `static let limit = 99999`) defined once in `file`.
    init(_ expression: ExprSyntax, in file: SourceFileSyntax) {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            self = Self(literal: literal)
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "maximumResults" {
            self = .noCap
        } else if let name = Self.constantName(expression), let literal = Self.integerConstant(name, in: file) {
            self = Self(literal: literal)
        } else {
            self = .unknown
        }
    }

    /// The limit set where `call` (a `CKQueryOperation(query:)`) is configured: the last `….resultsLimit = …` in its
    /// enclosing scope; nil when none is.
    static func assigned(near call: FunctionCallExprSyntax, in file: SourceFileSyntax) -> QueryResultsLimit? {
        let finder = LimitAssignmentFinder(viewMode: .sourceAccurate)
        finder.walk(call.enclosingScope ?? Syntax(file))
        return finder.values.last.map { Self($0, in: file) }
    }

    private init(literal: IntegerLiteralExprSyntax) {
        let digits = literal.literal.text.replacing("_", with: "")
        guard let value = Int(digits) else { self = .noCap; return }   // past Int: surely no cap
        self = value <= Self.largestCap ? .cap : .noCap
    }

    /// `pageSize`, `Self.pageSize`, `Limits.pageSize`: the constant's name.
    private static func constantName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
        return nil
    }

    /// The integer literal that `let NAME = 50` (or `: Int = 50`) gives, when the file declares NAME exactly once
    /// and so: a name declared twice, or as a `var`, or not here at all, is not guessed at.
    private static func integerConstant(_ name: String, in file: SourceFileSyntax) -> IntegerLiteralExprSyntax? {
        let finder = ConstantFinder(name: name, viewMode: .sourceAccurate)
        finder.walk(file)
        guard finder.declarations == 1 else { return nil }
        return finder.literal
    }
}

private final class LimitAssignmentFinder: SyntaxVisitor {
    var values: [ExprSyntax] = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
           elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "resultsLimit" {
            values.append(elements[2])
        }
        return .visitChildren
    }
}

private final class ConstantFinder: SyntaxVisitor {
    let name: String
    var declarations = 0
    var literal: IntegerLiteralExprSyntax?

    init(name: String, viewMode: SyntaxTreeViewMode) {
        self.name = name
        super.init(viewMode: viewMode)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { return .visitChildren }
        declarations += 1
        let isLet = node.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
        literal = isLet ? node.initializer?.value.as(IntegerLiteralExprSyntax.self) : nil
        return .visitChildren
    }
}
