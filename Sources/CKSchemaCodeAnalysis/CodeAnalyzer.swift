package import CKSchemaCore
package import CKSchemaRules
import SwiftSyntax

/// What the code check read out of a set of Swift files.
package struct CodeAnalysis: Sendable {
    /// Every use of CloudKit found, with names resolved across the whole set.
    package var usages: [CodeUsage]
    /// The files read (for suppressions and quoting lines in reports).
    package var sources: [SourceFile]
    /// Notes about files skipped or only partly read.
    package var diagnostics: [Diagnostic]
    /// How many SwiftData `@Model` classes the code declares (their schema is `check-models`' business).
    package var modelClassCount = 0
}

/// Reads Swift code into `CodeUsage`s: each file is parsed once (on all cores) into its part of the module's
/// `DeclarationIndex` (the one the SwiftData models reader builds), its flow facts (`SymbolTable`) and its
/// uses with names left symbolic; then the parts of every file are merged into one index and one table,
/// and the names resolved against them, so that a constant may be declared anywhere in the module.
package enum CodeAnalyzer {
    /// Files larger than this are skipped with a note (generated tables, minified code).
    package static let maximumFileSize = SwiftModuleScanner.maximumFileSize

    /// Analyzes the Swift files under `paths` (files or folders).
    package static func analyze(paths: [String]) throws(CodeInputError) -> CodeAnalysis {
        let scan = try SwiftModuleScanner.scan(paths: paths, perFile: collect)
        return resolve(scan)
    }

    /// Analyzes Swift text given in memory (tests, tools).
    package static func analyze(_ sources: [SourceFile]) -> CodeAnalysis {
        resolve(SwiftModuleScanner.scan(sources, perFile: collect))
    }

    // MARK: - Per file

    private struct FileResult: Sendable {
        /// The file's part of the module's declaration index.
        var declarations: DeclarationIndex
        /// The file's flow facts.
        var symbols: SymbolTable
        var usages: [PendingUsage]
        var modelClasses: Int
        /// The functions that work on the public database only.
        var publicScopes: [PublicDatabaseScope]
        /// Whether the file asks for the iCloud account status (`AccountStatusCheck`).
        var checksAccount: Bool
    }

    @Sendable private static func collect(_ file: ParsedSwiftFile) -> FileResult {
        let declarations = DeclarationCollector.collect(file)
        let collector = FileCollector(positions: file.positions, declarations: declarations.index)
        collector.walk(file.tree)
        return FileResult(declarations: declarations.index, symbols: collector.symbols, usages: collector.usages,
                          modelClasses: declarations.classes.count { $0.node.attributes.hasAttribute(named: "Model") },
                          publicScopes: PublicDatabaseScopes.collect(file),
                          checksAccount: AccountStatusCheck.mentioned(in: file.source.text))
    }

    // MARK: - Resolution

    private static func resolve(_ scan: SwiftModuleScan<FileResult>) -> CodeAnalysis {
        var table = SymbolTable()
        for file in scan.results { table.merge(file.symbols) }
        let resolver = SymbolResolver(table, declarations: DeclarationIndex(merging: scan.results.map(\.declarations)))
        let instantiator = UsageInstantiator(resolver.table, declarations: resolver.declarations)
        var usages: [CodeUsage] = []
        // Asked of the whole app: which of its code runs before the account status is known cannot be told.
        let checksAccount = scan.results.contains(where: \.checksAccount)
        for file in scan.results {
            let first = usages.count
            defer {
                usages.markPublicDatabase(file.publicScopes, from: first)
                if !checksAccount { usages.markQueriesWithoutAccountCheck(file.publicScopes, from: first) }
            }
            for pending in file.usages {
                var seen: Set<String> = []
                for instance in instantiator.instances(of: pending) {
                    guard let usage = resolve(instance, with: resolver) else { continue }
                    // One note per place: a key unknown at several call sites is one thing not checked.
                    let identity = if case .unresolved? = usage.key { "unresolved" } else { usage.listing }
                    if seen.insert(identity).inserted { usages.append(usage) }
                }
            }
        }
        return CodeAnalysis(usages: usages, sources: scan.sources, diagnostics: scan.diagnostics,
                            modelClassCount: scan.results.reduce(0) { $0 + $1.modelClasses })
    }

    private static func resolve(_ pending: PendingUsage, with resolver: SymbolResolver) -> CodeUsage? {
        switch pending.receiver {
        case .property(let type, let name)?:
            guard resolver.isRecordProperty(name, of: type) else { return nil }
        case .method(let type, let name)?:
            guard resolver.table.recordMethods[type]?.contains(name) == true else { return nil }
        case .returnsRecord?, .delivers?, .never?:
            return nil  // rewritten by the instantiator: a call that reaches no function returning a record
        case nil:
            break
        }
        let recordType = pending.recordType.flatMap { resolver.resolve($0) }
        var key: CodeKey?
        if let symbolic = pending.key {
            if let name = resolver.resolve(symbolic) {
                key = .field(pending.mapsSystemKeys ? systemField(forKey: name) : name)
            } else {
                key = .unresolved(explanation(symbolic, naming: "key"))
            }
        } else if recordType == nil, case .named(let symbolic)? = pending.recordType,
                  pending.kind == .createRecord || pending.kind == .query {
            key = .unresolved(explanation(symbolic, naming: "record type"))
        }
        var kind = pending.kind
        if let value = pending.value.flatMap({ resolver.resolve($0) }) {
            switch kind {
            case .read: kind = .read(value)
            case .write: kind = .write(value)
            default: break
            }
        }
        return CodeUsage(kind, recordType: recordType, key: key, at: pending.location,
                         alsoReadAs: pending.alsoReadAs.compactMap { resolver.resolve($0) })
    }

    /// Why a key (or record type: `naming`) could not be resolved, as a phrase.
    private static func explanation(_ key: SymbolicKey, naming noun: String) -> String {
        switch key {
        case .literal(let text): "the \(noun) '\(text)'"
        case .dynamic(let text): "the \(noun) '\(text)' is only known at run time"
        case .unknowable(let reason): reason
        case .implicitMember(let name):
            "the \(noun) '.\(name)' names no CKRecord.FieldKey constant or key enum case of the scanned code"
        case .path(let path, _):
            "the \(noun) '\(path.joined(separator: "."))' is not a string constant of the scanned code"
        case .parameter(_, _, let name):
            "the \(noun) is the parameter '\(name)', whose callers are not in the scanned code"
        }
    }

    /// The system field a CKRecord property name stands for in predicates and sorts (`creationDate` →
    /// `___createTime`); other keys are themselves.
    static func systemField(forKey key: String) -> String {
        switch key {
        case "recordName", "recordID": SystemField.recordID.name
        case "creationDate": SystemField.createTime.name
        case "modificationDate": SystemField.modTime.name
        case "creatorUserRecordID": SystemField.createdBy.name
        case "lastModifiedUserRecordID": SystemField.modifiedBy.name
        default: key
        }
    }
}

/// Swift files could not be found: a path that does not exist, or a file that is not Swift.
package struct CodeInputError: Error, Sendable, CustomStringConvertible {
    package let description: String
}
