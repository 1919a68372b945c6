import CKSchemaApp
import CKSchemaCodeAnalysis
import CKSchemaCore
import SwiftParser
import SwiftSyntax

/// Runs the code-practice detectors on Swift sources, file by file as `ckschema-check-code app-facts` does,
/// then doctor's app rules on what they found.
enum AppPracticeHarness {
    /// The detectors' raw output (findings and evidence) for `files`.
    static func practices(_ files: [(path: String, text: String)], styles: Set<SyncStyle>? = nil) -> [AppCodeFinding] {
        let styles = styles ?? Self.styles(files.map(\.text))
        let enumCases = DeclarationIndex.build(files.map { SourceFile(path: $0.path, text: $0.text) }).enumCaseNames
        let trees = files.map { Parser.parse(source: $0.text) }
        let conflictHandlers = ConflictHandlers(merging: zip(trees, files).map { ConflictHandlers(file: $0, text: $1.text) })
            .handlerNames()
        return zip(trees, files).flatMap { tree, file in
            AppPracticeDetectors.findings(in: tree, path: file.path,
                                          converter: SourceLocationConverter(fileName: file.path, tree: tree),
                                          styles: styles, moduleEnumCases: enumCases,
                                          moduleIssuesBatchOperations: trees.contains { BatchOperations.appear(in: $0) },
                                          moduleConflictHandlers: conflictHandlers)
        }
    }

    /// The diagnostics of the app rules on `files` (only those of code-practice rules: nothing else is read).
    static func diagnostics(_ files: [(path: String, text: String)], styles: Set<SyncStyle>? = nil,
                            severities: [String: Severity?] = [:]) -> [Diagnostic] {
        var project = AppProject()
        project.code = AppCodeFacts(files: files.count, practices: practices(files, styles: styles))
        return AppRules.check(project, severities: severities)
    }

    /// "file:line:column rule" for each diagnostic, sorted.
    static func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.compactMap { diagnostic in
            diagnostic.location.map { "\($0.file):\($0.line):\($0.column) \(diagnostic.id.rawValue)" }
        }.sorted()
    }

    /// A stand-in for app-facts' sync-style reading, enough for small examples: the engines by the names that
    /// build them, raw operations otherwise.
    static func styles(_ texts: [String]) -> Set<SyncStyle> {
        var styles: Set<SyncStyle> = []
        for text in texts {
            if text.contains("CKSyncEngine(") { styles.insert(.syncEngine) }
            if text.contains("NSPersistentCloudKitContainer(") { styles.insert(.persistentCloudKitContainer) }
            if text.contains("ModelContainer(") { styles.insert(.swiftData) }
            if text.contains("CKDatabase") || text.contains("Operation(") || text.contains("CKContainer") {
                styles.insert(.rawOperations)
            }
        }
        return styles
    }
}
