package import CKSchemaCore

/// SwiftData's migration plan against the one that shipped: each `VersionedSchema` a store in users' hands may
/// be at must stay in the code, unchanged, and distinct from the others, or the store cannot be opened (MODELS.md
/// §9). Found by comparing the versioned schemas read now with those read at the shipped revision; the findings
/// are errors in the model kind of the catalog (`descriptions`), selected and given severities like the rules.
package enum ModelVersionHistory {
    package static let removed: DiagnosticID = "model_versioned_schema_removed"
    package static let edited: DiagnosticID = "model_versioned_schema_edited"
    package static let duplicate: DiagnosticID = "model_versioned_schema_duplicate"

    package static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: removed, kind: .model, category: .structure, defaultSeverity: .error,
            summary: "A SwiftData VersionedSchema that shipped must stay in the code (check-models --since).",
            rationale: """
                A store created by a shipped version records that version's checksum; when the migration plan no \
                longer holds it, the store cannot be migrated: 'Cannot use staged migration with an unknown model \
                version'. Every device still at that version fails to open its store after the update. Keep every \
                shipped VersionedSchema and its stages.
                """),
        RuleDescription(
            id: edited, kind: .model, category: .structure, defaultSeverity: .error,
            summary: "A SwiftData VersionedSchema that shipped must not be edited in place (check-models --since).",
            rationale: """
                Editing a shipped VersionedSchema changes its checksum, so stores created with the shipped one no \
                longer match any version of the plan ('Cannot use staged migration with an unknown model \
                version'), and devices at that version fail to open their store. Add a new VersionedSchema with \
                the change and a migration stage to it instead.
                """),
        RuleDescription(
            id: duplicate, kind: .model, category: .structure, defaultSeverity: .error,
            summary: "Two SwiftData VersionedSchemas must not declare the same models.",
            rationale: """
                Versions are told apart by a checksum of their models; two with the same models make the migration \
                plan fail: 'Duplicate version checksums across stages detected'. Give the new version its change, \
                or drop it.
                """),
    ]

    /// The findings for the versioned schemas `current` against those that shipped at `revision` (both oldest
    /// first), and for duplicates among `current`.
    package static func check(shipped: [DataModelVersion], current: [DataModelVersion], revision: String?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for old in shipped {
            guard let revision else { break }
            guard let new = current.first(where: { $0.name == old.name }) else {
                findings.append(.error(removed, "the versioned schema '\(old.name)' shipped in \(revision) and is no longer in "
                    + "the code: devices whose store is at that version cannot open it after the update ('Cannot use staged "
                    + "migration with an unknown model version'); keep it and its migration stage", at: old.model.entities.first?.location))
                continue
            }
            let changes = ModelDiffer.diff(shipped: old.model, current: new.model).changes
            guard let first = changes.first else { continue }
            findings.append(.error(edited, "the versioned schema '\(old.name)' shipped in \(revision) and is edited in place ("
                + changes.prefix(3).map(\.description).joined(separator: "; ") + (changes.count > 3 ? "; …" : "")
                + "): stores created with it no longer match any version, so devices at that version cannot open them; "
                + "put the change in a new VersionedSchema with a migration stage",
                at: first.location ?? new.model.entities.first?.location))
        }
        for (index, version) in current.enumerated() {
            guard let twin = current[..<index].first(where: { ModelDiffer.diff(shipped: $0.model, current: version.model).isEmpty })
            else { continue }
            findings.append(.error(duplicate, "the versioned schemas '\(twin.name)' and '\(version.name)' declare the same models, "
                + "so their checksums are equal and the migration plan fails ('Duplicate version checksums across stages "
                + "detected'); give '\(version.name)' its change or drop it", at: version.model.entities.first?.location))
        }
        return findings
    }
}
