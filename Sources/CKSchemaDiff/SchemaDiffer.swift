package import CKSchemaCore

/// Compares a baseline schema with a candidate schema as CloudKit does: as sets, ignoring the order of
/// record types, fields, roles and grants, and ignoring comments and layout (which never reach the model)
/// and the YAML-only metadata (documentation, Swift names, `bool`/`enum`, reference targets), which
/// CloudKit never sees. One piece of metadata names the change instead of making one: a field that takes over
/// from a field the baseline has (`renamedFrom` / `replaces`) is a migration, not an addition.
///
/// The result is deterministic: the same two schemas always give the same changes in the same order,
/// whatever order their files were written in (see `SchemaChangeSet`).
package enum SchemaDiffer {
    /// Compares two parsed schemas.
    package static func diff(baseline: ParsedSchema, candidate: ParsedSchema) -> SchemaChangeSet {
        diff(baseline: (baseline.schema, baseline.sourceMap), candidate: (candidate.schema, candidate.sourceMap))
    }

    /// Compares two schemas, each with the source map that says where its elements are written.
    package static func diff(baseline: (schema: Schema, sourceMap: SourceMap),
                            candidate: (schema: Schema, sourceMap: SourceMap)) -> SchemaChangeSet {
        var walk = DiffWalk(baseline: DiffSide(schema: baseline.schema, sourceMap: baseline.sourceMap),
                            candidate: DiffSide(schema: candidate.schema, sourceMap: candidate.sourceMap))
        walk.compareRoles()
        walk.compareRecordTypes()
        return SchemaChangeSet(walk.changes)
    }
}

/// The state of one comparison: both sides and the changes found so far, appended in output order.
struct DiffWalk {
    let baseline: DiffSide
    let candidate: DiffSide
    var changes: [SchemaChange] = []

    init(baseline: DiffSide, candidate: DiffSide) {
        self.baseline = baseline
        self.candidate = candidate
    }

    mutating func compareRoles() {
        for name in baseline.roles.union(candidate.roles).sorted() {
            let path = SchemaPath.role(name)
            switch (baseline.roles.contains(name), candidate.roles.contains(name)) {
            case (true, false):
                changes.append(SchemaChange(kind: .deleteRole(name), recordType: nil, subject: path,
                                            baselineLocation: baseline.location(of: path)))
            case (false, true):
                changes.append(SchemaChange(kind: .addRole(name), recordType: nil, subject: path,
                                            candidateLocation: candidate.location(of: path)))
            default:
                break
            }
        }
    }

    mutating func compareRecordTypes() {
        let names = Set(baseline.recordTypes.keys).union(candidate.recordTypes.keys).sorted()
        var deletedTypes: [Int] = [], addedTypes: [Int] = []
        for name in names {
            let path = SchemaPath.recordType(name)
            switch (baseline.recordTypes[name], candidate.recordTypes[name]) {
            case (let old?, let new?):
                compare(old, new)
            case (let old?, nil):
                deletedTypes.append(changes.count)
                changes.append(SchemaChange(kind: .deleteRecordType(old), recordType: name, subject: path,
                                            baselineLocation: baseline.location(of: path)))
            case (nil, let new?):
                addedTypes.append(changes.count)
                changes.append(SchemaChange(kind: .addRecordType(new), recordType: name, subject: path,
                                            candidateLocation: candidate.location(of: path)))
            case (nil, nil):
                break
            }
        }
        RenameHints.add(toDeleted: deletedTypes, added: addedTypes, in: &changes)
    }

    /// Compares a record type both sides have: system fields, fields, then grants.
    private mutating func compare(_ old: RecordType, _ new: RecordType) {
        compareSystemFields(old, new)
        compareFields(old, new)
        compareGrants(old, new)
    }

    private mutating func compareSystemFields(_ old: RecordType, _ new: RecordType) {
        let type = old.name
        for field in SystemField.allCases {
            let path = SchemaPath.systemField(type, field)
            let before = baseline.systemFieldType(field, in: type), after = candidate.systemFieldType(field, in: type)
            if before.type != after.type {
                changes.append(SchemaChange(
                    kind: .modifySystemField(field, baseline: before.type, candidate: after.type), recordType: type,
                    subject: path, baselineLocation: before.location, candidateLocation: after.location))
            }
            appendIndexChanges(.system(field), old.indexes(on: field), new.indexes(on: field), recordType: type,
                               fieldPath: path, optionPath: { _ in path })
        }
    }

    private mutating func compareFields(_ old: RecordType, _ new: RecordType) {
        let type = old.name
        let oldFields = Dictionary(old.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newFields = Dictionary(new.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var deleted: [Int] = [], added: [Int] = []
        for name in Set(oldFields.keys).union(newFields.keys).sorted() {
            let path = SchemaPath.field(type, name)
            switch (oldFields[name], newFields[name]) {
            case (let before?, let after?):
                let aspects = FieldTypeChange(from: before.type, to: after.type)
                if !aspects.isEmpty {
                    let typePath = SchemaPath.fieldType(type, name)
                    changes.append(SchemaChange(
                        kind: .modifyField(baseline: before, candidate: after, aspects: aspects), recordType: type,
                        subject: path, baselineLocation: baseline.location(of: typePath),
                        candidateLocation: candidate.location(of: typePath)))
                }
                appendIndexChanges(.field(name), before.indexes, after.indexes, recordType: type,
                                   fieldPath: path, optionPath: { .fieldIndex(type, name, $0) },
                                   replacement: new.field(replacing: name))
            case (let before?, nil):
                let replacement = new.field(replacing: name) ?? old.field(replacing: name)
                // A retired field's deletion is explained by its migration, not by a look-alike addition.
                if replacement == nil { deleted.append(changes.count) }
                changes.append(SchemaChange(kind: .deleteField(before), recordType: type, subject: path,
                                            baselineLocation: baseline.location(of: path),
                                            candidateAnchor: candidate.location(of: .recordType(type)),
                                            replacement: replacement))
            case (nil, let after?):
                if let retired = after.metadata.migration.flatMap({ oldFields[$0.oldField] }) {
                    changes.append(SchemaChange(kind: .migrateField(after, retired: retired), recordType: type,
                                                subject: path,
                                                baselineLocation: baseline.location(of: .field(type, retired.name)),
                                                candidateLocation: candidate.location(of: path)))
                    continue
                }
                added.append(changes.count)
                changes.append(SchemaChange(kind: .addField(after), recordType: type, subject: path,
                                            candidateLocation: candidate.location(of: path)))
            case (nil, nil):
                break
            }
        }
        RenameHints.add(toDeleted: deleted, added: added, in: &changes)
    }

    /// One change per index option set on one side only. The side that has the option is located at the
    /// option itself (or at the field, when options are not located one by one); the other side at the field,
    /// or, for a system field it does not mention, at the record type. An added index on a field the candidate
    /// retires carries the field that `replacement` took over from it.
    private mutating func appendIndexChanges(_ field: IndexedField, _ before: FieldIndexes, _ after: FieldIndexes,
                                             recordType: String, fieldPath: SchemaPath,
                                             optionPath: (FieldIndexes) -> SchemaPath, replacement: Field? = nil) {
        guard before != after else { return }
        for option in FieldIndexes.allOptions where before.contains(option) != after.contains(option) {
            let path = optionPath(option)
            if before.contains(option) {
                changes.append(SchemaChange(kind: .deleteIndex(field, option), recordType: recordType, subject: path,
                                            baselineLocation: baseline.location(of: path),
                                            candidateLocation: candidate.location(of: fieldPath)))
            } else {
                changes.append(SchemaChange(kind: .addIndex(field, option), recordType: recordType, subject: path,
                                            baselineLocation: baseline.location(of: fieldPath),
                                            candidateLocation: candidate.location(of: path), replacement: replacement))
            }
        }
    }
}
