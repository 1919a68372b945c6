package import CKSchemaCore

/// Judges an entity both stacks declare — a SwiftData `@Model` class and a Core Data entity of one name. That is
/// legitimate: an app that backports its SwiftData models to older systems with a Core Data model syncs both
/// into the one record type `CD_<name>`, which holds the fields of both. When the declarations agree, a note
/// says which files describe the record type; an error says what they disagree on — a field with two CloudKit
/// types, one declaration mirrored and the other local, or two parent entities.
package enum SharedEntityAgreement {
    package static func judge(_ declarations: ModelDeclarations, mirroring: ModelMirroring) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entity in declarations.entities {
            let all = declarations.declarations(of: entity.name)
            guard all.count > 1, let first = all.first, first == entity else { continue }
            let typeName = CloudKitFieldMapping.recordTypeName(root: declarations.root(of: first).root.name)
            let conflicts = all.dropFirst().flatMap { disagreements(first, $0, typeName: typeName, mirroring: mirroring) }
            if conflicts.isEmpty, mirroring.isMirrored(first) {
                diagnostics.append(Diagnostic(
                    id: ModelReadDiagnostics.sharedEntity, severity: .note,
                    message: "'\(entity.name)' is declared by " + all.map(describe).joined(separator: " and ")
                        + ": they agree, and make one record type '\(typeName)' holding the fields of both",
                    location: first.location, subject: .recordType(typeName),
                    notes: all.dropFirst().map { Note("'\(entity.name)' is also declared here", at: $0.location) }))
            }
            diagnostics += conflicts
        }
        return diagnostics
    }

    /// What `other` says against `first`: mirroring, then the parent, then each field both make.
    private static func disagreements(_ first: ModelEntity, _ other: ModelEntity, typeName: String,
                                      mirroring: ModelMirroring) -> [Diagnostic] {
        switch (mirroring.isMirrored(first), mirroring.isMirrored(other)) {
        case (false, false):
            return []
        case (true, false), (false, true):
            let (synced, local) = mirroring.isMirrored(first) ? (first, other) : (other, first)
            return [conflict(
                "'\(first.name)' syncs with CloudKit in \(describe(synced)) but is local in \(describe(local)): the "
                    + "records one store uploads never reach the other; mirror both declarations or neither",
                at: local.location, subject: .recordType(typeName), note: Note("it syncs as declared here", at: synced.location))]
        case (true, true):
            break
        }
        guard first.parent == other.parent else {
            func parent(_ entity: ModelEntity) -> String { entity.parent.map { "the parent '\($0)'" } ?? "no parent" }
            return [conflict(
                "'\(first.name)' has \(parent(first)) in \(describe(first)) and \(parent(other)) in \(describe(other)): "
                    + "its fields would go to two record types; give both declarations the same parent",
                at: other.location, subject: .recordType(typeName), note: Note("the first declaration is here", at: first.location))]
        }
        let firstFields = Dictionary(CloudKitFieldMapping.fields(of: first).map { ($0.property, $0) }) { kept, _ in kept }
        return CloudKitFieldMapping.fields(of: other).compactMap { theirs in
            guard let ours = firstFields[theirs.property], ours.value.type != theirs.value.type else { return nil }
            return conflict(
                "'\(first.name).\(theirs.property)' is \(ours.value.type) in \(describe(first)) and \(theirs.value.type) in "
                    + "\(describe(other)): one CloudKit field '\(theirs.value.name)' holds one type; make the declarations agree",
                at: theirs.location ?? other.location, subject: .field(typeName, theirs.value.name),
                note: Note("it is \(ours.value.type) here", at: ours.location ?? first.location))
        }
    }

    private static func conflict(_ message: String, at location: SourceLocation?, subject: SchemaPath?, note: Note) -> Diagnostic {
        Diagnostic(id: ModelReadDiagnostics.entityConflict, severity: .error, message: message, location: location,
                   subject: subject, notes: [note])
    }

    /// "the SwiftData model (Trip.swift)", "the Core Data model (Model.xcdatamodel/contents)".
    private static func describe(_ entity: ModelEntity) -> String {
        let stack = entity.source == .swiftData ? "the SwiftData model" : "the Core Data model"
        return entity.location.map { "\(stack) (\($0.file))" } ?? stack
    }
}
