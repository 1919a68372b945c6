package import SwiftSyntax

/// The functions of a module that handle a `CKSyncEngine` save conflict (`.serverRecordChanged`), by name, so a
/// file that passes `failedRecordSaves` to a helper declared elsewhere counts as handling it (moolah's
/// `handleSentRecordZoneChanges` → `SyncErrorRecovery.classify` → `classifySaveFailure`, whose `case
/// .serverRecordChanged` queues the server record). Names decide, not types (the walk has none): a free
/// function, a static or an instance method declared with that name anywhere in the module.
package struct ConflictHandlers: Sendable {
    /// What the declarations of one function name do: whether a body handles the code (`ErrorCodeHandling`:
    /// a `case` that only maps it to a message does not), and the names its body calls.
    struct Function: Sendable {
        var handles = false
        var calls: Set<String> = []
    }

    private var functions: [String: Function] = [:]

    static let codes: Set<String> = ["serverRecordChanged"]

    /// One file's functions (`text` is its source): the per-file part, computed where each file is parsed.
    package init(file: SourceFileSyntax, text: String) {
        let collector = FunctionCollector(viewMode: .sourceAccurate)
        collector.checksCodes = Self.codes.contains { text.contains($0) }
        collector.walk(file)
        functions = collector.functions
    }

    /// The whole module's functions: same-named declarations are one name.
    package init(merging files: [ConflictHandlers]) {
        for file in files {
            functions.merge(file.functions) { Function(handles: $0.handles || $1.handles, calls: $0.calls.union($1.calls)) }
        }
    }

    /// The names of the functions whose body handles the code, or calls one that does, up to `depth` calls
    /// away: two reach moolah's helper and keep a name that matches by accident from spreading far.
    package func handlerNames(depth: Int = 2) -> Set<String> {
        var names = Set(functions.filter(\.value.handles).keys)
        for _ in 0..<depth {
            names.formUnion(functions.filter { !$0.value.calls.isDisjoint(with: names) }.keys)
        }
        return names
    }
}

/// Each function declaration's name, whether its body handles the code, and the names called in it (a call in
/// a nested function or closure counts for every enclosing one).
private final class FunctionCollector: SyntaxVisitor {
    var functions: [String: ConflictHandlers.Function] = [:]
    var checksCodes = false
    private var open: [String] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body else { return .skipChildren }
        let name = node.name.text
        open.append(name)
        if checksCodes, ErrorCodeHandling.firstHandling(of: ConflictHandlers.codes, in: body) != nil {
            functions[name, default: .init()].handles = true
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if node.body != nil { open.removeLast() }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !open.isEmpty, let name = node.calledName else { return .visitChildren }
        for function in open { functions[function, default: .init()].calls.insert(name) }
        return .visitChildren
    }
}
