import CKSchemaCore
import CKSchemaDiff
import CKSchemaRules

/// The text form of a plan, for people reviewing a deploy: what is deployed where, the changes to the target
/// environment (grouped by record type, one per line, like `ckschema diff`), the production gate as one line
/// (with the changes that block it, when any do), and the schema that will be applied.
///
///     deploy to production with the directory backend
///       schema: schemas (5 files)
///       base:   environments/production.ckdb (sha256 3f2a9c0d41b7…)
///
///     JournalEntry
///       safe      + field 'place' LOCATION   schemas/JournalEntry.yaml:14:7
///
///     1 change: 0 breaking, 0 warnings, 1 safe
///     note: 1 addition is safe; additions reach production only through the CloudKit Console's …
///     production gate: passed (the changes above are the changes to production)
///
/// and, with `--show-schema`, the schema that will be applied:
///
///     schema to apply, recorded as environments/production.ckdb:
///     DEFINE SCHEMA
///     …
package enum DeployPlanText {
    /// The widest change column before locations stop being aligned.
    private static let maximumColumn = 64

    /// The whole plan; the schema text only with `showSchema` (`--show-schema`): the change list is the review.
    package static func render(_ plan: DeployPlan, showSchema: Bool = false) -> String {
        var output = "deploy to \(plan.environment.rawValue) with the \(plan.backend.rawValue) backend\n"
        if let container = plan.container {
            output += "  container: \(container.containerID) (team \(container.teamID))\n"
        }
        output += "  schema: \(label(plan.schema))\n"
        output += "  base:   \(plan.base.path) (\(digest(plan.base.sha256)))\n"
        // The gate compares with production too: that it was never deployed is said once, here.
        if plan.environment != .production && plan.production.sha256 == nil {
            output += "  production: \(plan.production.path) (\(digest(nil)))\n"
        }
        if plan.changes.isEmpty {
            output += "\nno changes: \(plan.environment.rawValue) already holds this schema\n"
        } else {
            output += "\n" + rows(plan.changes, grouped: true) + "\n" + plan.summary.description + "\n"
            if let additions = ClassifiedChangeSet.additionsNote(count: plan.changes.count(where: { ChangeAction(rawValue: $0.action)?.addsToCloudKit == true })) {
                output += "note: \(additions)\n"
            }
        }
        output += gateLine(plan)
        if showSchema && plan.deployable && !plan.changes.isEmpty {
            output += "\nschema to apply, recorded as \(plan.base.path):\n" + plan.ckdb
            if !plan.ckdb.hasSuffix("\n") { output += "\n" }
        }
        return output
    }

    /// `production gate: passed …` or `production gate: refused …` followed by the blocking changes.
    static func gateLine(_ plan: DeployPlan) -> String {
        let gate = plan.gate
        let sameComparison = plan.environment == .production
        guard !gate.deployable else {
            if sameComparison && gate.summary.changes > 0 {
                return "production gate: passed (the changes above are the changes to production)\n"
            }
            guard gate.summary.changes > 0 else {
                return "production gate: passed (production already holds this schema)\n"
            }
            let summary = gate.summary
            return "production gate: passed (\(ChangeSummary.count(summary.changes, "change")) from production, none "
                + "breaking: \(ChangeSummary.count(summary.warnings, "warning")), \(summary.safe) safe)\n"
        }
        if sameComparison {
            return "production gate: refused (production refuses the breaking changes above)\n"
        }
        let count = ChangeSummary.count(gate.breaking.count, "breaking change")
        // Breaking changes already listed as breaking above are not repeated; the others (say, ones development
        // already holds) are the only place the reader sees them.
        let shown = Set(plan.changes.filter { $0.classification == .breaking }.map(\.subject))
        let unshown = gate.breaking.filter { !shown.contains($0.subject) }
        guard !unshown.isEmpty else {
            return "production gate: refused (production would refuse \(count) of this schema, marked breaking above)\n"
        }
        return "production gate: refused (production would refuse \(count) of this schema"
            + (unshown.count < gate.breaking.count ? "; those not marked above:" : ":") + ")\n"
            + rows(unshown, grouped: false)
    }

    /// One line per change (`  warning   + field 'place' LOCATION   file:line:col`) with its findings and
    /// hints below; `grouped` puts a record type heading above each group.
    static func rows(_ changes: [ChangeRecord], grouped: Bool) -> String {
        let texts = changes.map { "\($0.symbol) \(grouped ? $0.summary : qualified($0))" }
        let width = min(texts.map(\.count).max() ?? 0, maximumColumn)
        var output = ""
        var group: String?? = .none
        for (change, text) in zip(changes, texts) {
            if grouped, group != .some(change.recordType) {
                output += (group == nil ? "" : "\n") + (change.recordType ?? "Roles") + "\n"
                group = .some(change.recordType)
            }
            let padding = String(repeating: " ", count: max(0, width - text.count))
            let classification = change.classification.rawValue
            output += "  " + classification + String(repeating: " ", count: max(0, 8 - classification.count)) + "  "
                + text + (change.location.map { padding + "  " + $0.description } ?? "") + "\n"
            for finding in change.findings {
                output += "            \(finding.severity.rawValue): \(finding.message) [\(finding.id)]\n"
                // The change's hints are the finding's notes too; they are printed once, below.
                for note in finding.notes where note.location == nil && !change.hints.contains(note.message) {
                    output += "              note: \(note.message)\n"
                }
            }
            for hint in change.hints {
                output += "            note: \(hint)\n"
            }
        }
        return output
    }

    /// The summary with the record type, for ungrouped rows: `field 'body' STRING in 'Note'`.
    private static func qualified(_ change: ChangeRecord) -> String {
        change.recordType.map { "\(change.summary) in '\($0)'" } ?? change.summary
    }

    /// `schemas (5 files)`, or the name alone when it is the only path.
    private static func label(_ schema: SchemaReference) -> String {
        switch schema.paths.count {
        case 0: schema.name
        case 1 where schema.paths[0] == schema.name: schema.name
        case 1: "\(schema.name) (\(schema.paths[0]))"
        default: "\(schema.name) (\(schema.paths.count) files)"
        }
    }

    /// `sha256 3f2a9c0d41b7…`, or a word on a missing file.
    static func digest(_ sha256: String?) -> String {
        sha256.map { "sha256 \($0.prefix(12))…" } ?? "no file yet: never deployed"
    }
}
