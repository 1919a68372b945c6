import CKSchemaCore
import CKSchemaDiff
import CKSchemaRules

/// The GitHub format of `ckschema diff`: workflow annotations on the candidate's files. Each finding is an
/// `::error` (breaking) or `::warning` titled with its rule ID; each change without findings is a `::notice`
/// titled with its kind (`add_field`), so a pull request shows what it deploys where it deploys it.
enum DiffGitHubRenderer {
    static func render(_ report: DiffReport) -> String {
        let diagnostics = report.changes.changes.flatMap { classified -> [Diagnostic] in
            guard classified.findings.isEmpty else { return classified.findings }
            let change = classified.change
            return [Diagnostic(id: DiagnosticID(change.identifier), severity: .note, message: change.description,
                               location: change.candidateAnchor, subject: change.subject,
                               notes: change.hints.map { Note($0) })]
        }
        return GitHubReporter().render(diagnostics, context: ReportContext())
    }
}
