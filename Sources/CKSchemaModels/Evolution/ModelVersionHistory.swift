package import CKSchemaCore

/// SwiftData's migration plan against the one that shipped: each `VersionedSchema` a store in users' hands may
/// be at must stay in the code, unchanged, and distinct from the others, or the store cannot be opened (MODELS.md
/// §9). Found by comparing the versioned schemas read now with those read at the shipped revision; the findings
/// are errors in the model kind of the catalog (`descriptions`), selected and given severities like the rules.
/// New custom migrations (SwiftData stages, Core Data mapping models) are warnings there too.
package enum ModelVersionHistory {
    package static let removed: DiagnosticID = "model_versioned_schema_removed"
    package static let edited: DiagnosticID = "model_versioned_schema_edited"
    package static let duplicate: DiagnosticID = "model_versioned_schema_duplicate"
    package static let customMigration: DiagnosticID = "model_custom_migration"

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
        RuleDescription(
            id: customMigration, kind: .model, category: .structure, defaultSeverity: .warning,
            summary: "A new custom migration (SwiftData MigrationStage.custom, a Core Data mapping model) in a synced store needs a device test.",
            rationale: """
                No Apple statement says how CloudKit mirroring treats a store migrated by a custom stage or a \
                mapping model: values the migration rewrites are not known to be exported to CloudKit, and other \
                devices may keep the old ones. Test the update on a device with synced data and a second device, \
                or prefer lightweight steps (add a new attribute, copy in code after launch).
                """),
    ]

    /// A warning for each custom migration (`Plan.migrateV1toV2`, `Model1to2.xcmappingmodel`) now that was not
    /// there when the models shipped (`shipped`, by name; `nil`: every one is new).
    package static func customMigrations(_ current: [NamedLocation], shipped: [NamedLocation]?) -> [Diagnostic] {
        let known = Set((shipped ?? []).map(\.name))
        return current.filter { !known.contains($0.name) }.map { migration in
            Diagnostic(id: customMigration, severity: .warning, message: "'\(migration.name)' is a custom migration: how "
                + "CloudKit mirroring treats the values it rewrites is not documented (they may not be exported, and other "
                + "devices may keep the old ones); test the update with synced data on two devices, or prefer lightweight "
                + "steps", location: migration.location)
        }
    }

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
