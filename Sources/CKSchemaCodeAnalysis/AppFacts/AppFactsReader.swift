package import CKSchemaApp
package import CKSchemaCore
import Dispatch
import SwiftSyntax

/// What `ckschema-check-code app-facts` reads: the app's code facts, and the notes about files skipped or
/// only partly parsed.
package struct AppFactsReadResult: Sendable {
    package var facts: AppCodeFacts
    package var diagnostics: [Diagnostic]
}

/// Reads an app's Swift code into `AppCodeFacts` for `ckschema doctor`: each file is parsed once (on all
/// cores) into its part of the module's declaration index and its facts with container names left
/// symbolic; the names are then resolved against the whole module's constants (a name that does not resolve
/// to a string is left out, never guessed), and the code-practice detectors run on each file knowing how the
/// whole app syncs.
package enum AppFactsReader {
    /// Reads the Swift files under `paths` (files or folders).
    package static func read(paths: [String]) throws(CodeInputError) -> AppFactsReadResult {
        assemble(try SwiftModuleScanner.scan(paths: paths, perFile: collect))
    }

    /// Reads Swift text given in memory (tests, tools).
    package static func read(_ sources: [SourceFile]) -> AppFactsReadResult {
        assemble(SwiftModuleScanner.scan(sources, perFile: collect))
    }

    // MARK: - Per file

    private struct FileResult: Sendable {
        var file: ParsedSwiftFile
        var index: DeclarationIndex
        var containers: [PendingContainer]
        var defaultUses: [DefaultContainerUse]
        var styles: [SyncStyleUse]
        var markers: [CodeMarker]
        var persistentContainers: [CKSchemaCore.SourceLocation]
        var issuesBatchOperations: Bool
    }

    @Sendable private static func collect(_ file: ParsedSwiftFile) -> FileResult {
        let collector = AppFactsCollector(file: file)
        collector.walk(file.tree)
        return FileResult(file: file, index: DeclarationCollector.collect(file).index, containers: collector.containers,
                          defaultUses: collector.defaultUses, styles: collector.styles, markers: collector.markers,
                          persistentContainers: collector.persistentContainers,
                          issuesBatchOperations: collector.issuesBatchOperation)
    }

    // MARK: - The module

    private static func assemble(_ scan: SwiftModuleScan<FileResult>) -> AppFactsReadResult {
        let files = scan.results
        let declarations = DeclarationIndex(merging: files.map(\.index))
        let resolver = SymbolResolver(SymbolTable(), declarations: declarations)
        var facts = AppCodeFacts(files: scan.sources.count)
        for file in files {
            facts.containers += file.containers.compactMap { pending in
                resolver.resolve(pending.key).map { NamedContainer(identifier: $0, use: pending.use, location: pending.location) }
            }
            facts.defaultContainerUses += file.defaultUses
            facts.syncStyles += file.styles
            facts.markers += file.markers
        }
        // Core Data's container is the default one unless the code names one through its options.
        if !facts.containers.contains(where: { $0.use == .persistentCloudKitOptions })
            && !files.contains(where: { $0.containers.contains { $0.use == .persistentCloudKitOptions } }) {
            facts.defaultContainerUses += files.flatMap(\.persistentContainers).map {
                DefaultContainerUse(use: .persistentCloudKitDefault, location: $0)
            }
        }
        let styles = Set(facts.syncStyles.map(\.style))
        let enumCases = declarations.enumCaseNames
        let batches = files.contains { $0.issuesBatchOperations }
        // Only a CKSyncEngine app is judged on save conflicts: the function index is built for none other.
        let conflictHandlers = styles.contains(.syncEngine) ? Self.conflictHandlers(files) : []
        let practices = ConcurrentResults<[AppCodeFinding]>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index].file
            let converter = SourceLocationConverter(fileName: file.source.path, tree: file.tree)
            practices[index] = AppPracticeDetectors.findings(in: file.tree, path: file.source.path, converter: converter,
                                                              styles: styles, moduleEnumCases: enumCases,
                                                              moduleIssuesBatchOperations: batches,
                                                              moduleConflictHandlers: conflictHandlers)
        }
        facts.practices = practices.values.flatMap { $0 }
        return AppFactsReadResult(facts: facts, diagnostics: scan.diagnostics)
    }

    /// The names of the module's functions that handle a save conflict (`ConflictHandlers`), each file on its core.
    private static func conflictHandlers(_ files: [FileResult]) -> Set<String> {
        let perFile = ConcurrentResults<ConflictHandlers>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            perFile[index] = ConflictHandlers(file: files[index].file.tree, text: files[index].file.source.text)
        }
        return ConflictHandlers(merging: perFile.values).handlerNames()
    }
}
