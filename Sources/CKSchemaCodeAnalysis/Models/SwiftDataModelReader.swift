package import CKSchemaCore
package import CKSchemaModels
import SwiftSyntax

/// Reads the SwiftData models of Swift code into a `DataModel`: every `@Model` class (also nested in
/// `VersionedSchema` enums), its stored properties as attributes and relationships with their macro options,
/// and the configurations and containers the code creates. Each file is parsed once, on all cores, into its
/// declarations (the module's `DeclarationIndex`), its `@Model` classes and its container code; property
/// types are resolved against the whole module's declarations afterwards.
package enum SwiftDataModelReader {
    /// Reads the Swift files under `paths` (files or folders).
    package static func read(paths: [String]) throws(CodeInputError) -> DataModelReadResult {
        assemble(try SwiftModuleScanner.scan(paths: paths, perFile: collect))
    }

    /// Reads Swift text given in memory (tests, tools).
    package static func read(_ sources: [SourceFile]) -> DataModelReadResult {
        assemble(SwiftModuleScanner.scan(sources, perFile: collect))
    }

    // MARK: - Per file

    struct FileResult: Sendable {
        var index: DeclarationIndex
        var classes: [PendingModelClass]
        var configurations: [PendingConfiguration]
        var schemaEvidence: [String]
        var schemaVariables: [String: PendingEntityList]
        var notes: [Diagnostic]
    }

    @Sendable static func collect(_ file: ParsedSwiftFile) -> FileResult {
        let declarations = DeclarationCollector.collect(file)
        let classes = declarations.classes.filter { $0.node.attributes.hasAttribute(named: "Model") }
            .map { ModelClassReader.read($0.node, qualifiedName: $0.qualifiedName, file: file) }
        let containers = ModelContainerCollector(file: file)
        containers.walk(file.tree)
        return FileResult(index: declarations.index, classes: classes, configurations: containers.configurations,
                          schemaEvidence: containers.schemaEvidence, schemaVariables: containers.schemaVariables,
                          notes: containers.notes)
    }

    // MARK: - The module

    private static func assemble(_ scan: SwiftModuleScan<FileResult>) -> DataModelReadResult {
        var assembler = ModelAssembler(
            index: DeclarationIndex(merging: scan.results.map(\.index)),
            classes: scan.results.flatMap(\.classes),
            schemaEvidence: scan.results.flatMap(\.schemaEvidence),
            schemaVariables: scan.results.reduce(into: [:]) { $0.merge($1.schemaVariables) { first, _ in first } })
        let model = assembler.model(configurations: scan.results.flatMap(\.configurations))
        let versions = assembler.versions(configurations: model.configurations)
        let diagnostics = scan.diagnostics + scan.results.flatMap(\.notes) + scan.results.flatMap(\.classes).flatMap(\.notes)
            + assembler.diagnostics
        return DataModelReadResult(model: model, diagnostics: Diagnostic.sortedForOutput(diagnostics).map(DiagnosticRecord.init),
                                   files: scan.sources.map(\.path), versions: versions,
                                   customStages: assembler.customStages())
    }
}
