package import CKSchemaCore
package import CKSchemaDeploy
import CKSchemaDiff
package import CKSchemaModels
package import CKSchemaReporting
package import CKSchemaRules

/// One side of a diff: what it was named, what it holds, and which environment it is a snapshot of.
package struct DiffSide: Sendable {
    /// The name and files, for the report.
    package let source: DiffSource
    package let parsed: ParsedSchema
    /// The environment this side is a snapshot of, when it is one.
    package let environment: CloudKitEnvironment?
    /// Said once in the report: the environment has no snapshot and is taken as empty.
    package let note: String?
    /// The models this side's schema is made of, when it is models (`models:PATH`, the project's models).
    package let model: DataModel?

    package init(source: DiffSource, parsed: ParsedSchema, environment: CloudKitEnvironment?, note: String? = nil,
                 model: DataModel? = nil) {
        self.source = source
        self.parsed = parsed
        self.environment = environment
        self.note = note
        self.model = model
    }
}

/// What the project's snapshots say the environments hold, for the rules that protect production, and the
/// sentences about missing snapshots (each a note said once).
package struct KnownEnvironments: Sendable {
    /// The environments as known: a missing snapshot is an empty environment; empty outside a project.
    package let schemas: EnvironmentSchemas
    /// "there is no snapshot of production …", per missing snapshot.
    package let notes: [CloudKitEnvironment: String]

    /// Nothing known about the environments (outside a project nothing is assumed).
    package static let unknown = KnownEnvironments(schemas: EnvironmentSchemas(), notes: [:])

    /// Reads both snapshots; one that does not parse is a failure.
    package static func read(snapshotPath: (CloudKitEnvironment) -> String) throws(DeployFailure) -> KnownEnvironments {
        let production = try EnvironmentSnapshot.read(.production, at: snapshotPath(.production))
        let development = try EnvironmentSnapshot.read(.development, at: snapshotPath(.development))
        return KnownEnvironments(
            schemas: EnvironmentSchemas(production: try production.parse().schema, development: try development.parse().schema),
            notes: [.production: production.missingNote, .development: development.missingNote].compactMapValues { $0 })
    }
}

/// `diff`: two schemas compared into classified changes, as `ckschema diff` and the MCP `diff` tool both do.
package enum SchemaComparison {
    /// The report of what deploying `candidate` over `baseline` changes, each change judged by what production
    /// holds, whatever the two sides are; when both sides are models, the model changes between them are
    /// listed beside the record types.
    package static func report(baseline: DiffSide, candidate: DiffSide, settings: DiffSettings,
                               environments: KnownEnvironments) -> DiffReport {
        let modelChanges = Self.modelChanges(from: baseline, to: candidate)
        let changes = SchemaDiffer.diff(baseline: baseline.parsed, candidate: candidate.parsed)
        let classified = BreakingChecker(settings: settings, baselineEnvironment: baseline.environment,
                                         environments: environments.schemas)
            .classify(changes)
        // Production is always consulted, so its missing snapshot is said; each sentence once.
        var seen = Set<String>()
        let notes = [baseline.note, candidate.note, environments.notes[.production]].compactMap { $0 }
            .filter { seen.insert($0).inserted }
        return DiffReport(baseline: baseline.source, candidate: candidate.source, changes: classified, notes: notes,
                          modelChanges: modelChanges)
    }

    /// When both sides are models, the model changes between them, each with its record type.
    private static func modelChanges(from baseline: DiffSide, to candidate: DiffSide)
        -> [(recordType: String, change: ModelChange)] {
        guard let shipped = baseline.model, let current = candidate.model else { return [] }
        return ModelDiffer.diff(shipped: shipped, current: current).changes.map {
            ($0.recordType(shipped: shipped, current: current), $0)
        }
    }

    /// The parse problems of the sides that have errors, each once (both sides may be the same files), and
    /// the sentence saying which sides they are; `nil` when both sides are valid.
    package static func invalidSides(_ sides: [(role: String, side: DiffSide)])
        -> (diagnostics: [Diagnostic], sources: [SourceFile], message: String)? {
        let invalid = sides.filter { $0.side.parsed.hasErrors }
        guard !invalid.isEmpty else { return nil }
        var seen = Set<Diagnostic>()
        let diagnostics = invalid.flatMap(\.side.parsed.diagnostics).filter { seen.insert($0).inserted }
        let names = invalid.map { "the \($0.role) '\($0.side.source.name)'" }.joined(separator: " and ")
        return (Diagnostic.sortedForOutput(diagnostics), invalid.flatMap(\.side.parsed.sources),
                "\(names) could not be read without errors, so nothing was compared")
    }
}
