package import CKSchemaModels
package import CKSchemaRules

/// What `ckschema diff` renders: the classified changes and what was compared.
package struct DiffReport: Sendable {
    /// The schema to stay compatible with.
    package let baseline: DiffSource
    /// The schema to deploy.
    package let candidate: DiffSource
    /// The classified changes from baseline to candidate.
    package let changes: ClassifiedChangeSet
    /// What the reader should know about the comparison as a whole, each said once: a missing snapshot taken
    /// as an empty environment, how additions reach production.
    package let notes: [String]
    /// When both sides are models (`models:PATH`, `models:git:REF:PATH`): the model changes that make the schema
    /// changes, each with the record type it concerns.
    package let modelChanges: [(recordType: String, change: ModelChange)]

    /// A report of `changes` between two sources; `notes` come before the sentence about additions, which is
    /// added when there are any.
    package init(baseline: DiffSource, candidate: DiffSource, changes: ClassifiedChangeSet, notes: [String] = [],
                 modelChanges: [(recordType: String, change: ModelChange)] = []) {
        self.baseline = baseline
        self.candidate = candidate
        self.changes = changes
        self.notes = notes + [changes.additionsNote].compactMap { $0 }
        self.modelChanges = modelChanges
    }

    /// The model changes of `recordType`.
    package func modelChanges(of recordType: String?) -> [ModelChange] {
        modelChanges.filter { $0.recordType == recordType }.map(\.change)
    }

    /// `3 changes: 1 breaking, 0 warnings, 2 safe; not deployable`, or `no changes`.
    package var summary: String {
        changes.isEmpty ? "no changes" : "\(counts); \(changes.isDeployable ? "deployable" : "not deployable")"
    }

    /// `3 changes: 1 breaking, 0 warnings, 2 safe`.
    package var counts: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return "\(count(changes.changes.count, "change")): \(changes.count(.breaking)) breaking, "
            + "\(count(changes.count(.warning), "warning")), \(changes.count(.safe)) safe"
    }
}

/// One side of a diff as the user named it.
package struct DiffSource: Sendable, Hashable {
    /// What the user wrote or the default (`production`, `schemas`, `git:main:schemas/`).
    package let name: String
    /// The files read, as they appear in locations.
    package let paths: [String]

    /// A side named `name` that read `paths`.
    package init(name: String, paths: [String]) {
        self.name = name
        self.paths = paths
    }

    /// `production (environments/production.ckdb)`, `schemas (5 files)`, or just the name when it is the path.
    package var label: String {
        switch paths.count {
        case 0: name
        case 1 where paths[0] == name: name
        case 1: "\(name) (\(paths[0]))"
        default: "\(name) (\(paths.count) files)"
        }
    }
}

/// The output formats of `ckschema diff`.
package enum DiffFormat: String, Sendable, CaseIterable {
    /// Grouped by record type, one change per line, like the Console's pending-changes review.
    case text
    /// A stable, versioned document (see docs/diff.md).
    case json
    /// A table for a pull-request comment.
    case markdown
    /// GitHub Actions annotations on the candidate's files.
    case github

    /// Renders `report` in this format.
    package func render(_ report: DiffReport) -> String {
        switch self {
        case .text: DiffTextRenderer.render(report)
        case .json: DiffJSONRenderer.render(report)
        case .markdown: DiffMarkdownRenderer.render(report)
        case .github: DiffGitHubRenderer.render(report)
        }
    }
}
