package import CKSchemaCore

/// The schema of a project whose schema is (also) its models (`models:` beside `schema:` in `ckschema.yaml`):
/// the YAML schema files and the schema the models make, as one.
///
/// A record type only the schema files declare (a backup type written with `CKRecord` code) joins the models'
/// types. A record type both declare is one type, the way YAML files extend each other's types: the schema
/// files add to the models' type what the models cannot say and production holds — the field of a removed
/// attribute (production keeps it for ever), an index added in the Console (on a system field, say), a grant.
/// A field both declare must have the same type, and its indexes add up; another type is a located error
/// (`schema_conflict`), since the models say what the app writes. `Users` is CloudKit's own type, which the
/// models only predict: a hand-written one replaces theirs.
package enum ModelSchemaUnion {
    package static func union(written: ParsedSchema, models: ParsedSchema) -> ParsedSchema {
        var union = written
        union.sourceMap.merge(models.sourceMap)
        union.sources += models.sources
        union.diagnostics += models.diagnostics
        for made in models.schema.recordTypes {
            guard let index = union.schema.recordTypes.firstIndex(where: { $0.name == made.name }) else {
                union.schema.recordTypes.append(made)
                continue
            }
            if made.name == CloudKitFieldMapping.usersType.name { continue }
            let extended = extend(made, with: union.schema.recordTypes[index], written: written.sourceMap,
                                  models: models.sourceMap)
            union.schema.recordTypes[index] = extended.recordType
            union.diagnostics += extended.conflicts
        }
        return union
    }

    /// The models' `made` with what the schema files' `additions` add to it, and the fields both declare
    /// with different types.
    private static func extend(_ made: RecordType, with additions: RecordType, written: SourceMap,
                               models: SourceMap) -> (recordType: RecordType, conflicts: [Diagnostic]) {
        var merged = made
        var conflicts: [Diagnostic] = []
        merged.metadata = additions.metadata
        for field in additions.fields {
            guard let index = merged.fields.firstIndex(where: { $0.name == field.name }) else {
                merged.fields.append(field)
                continue
            }
            guard merged.fields[index].type == field.type else {
                conflicts.append(conflict(field, made: merged.fields[index], in: made.name, written: written, models: models))
                continue
            }
            merged.fields[index].indexes.formUnion(field.indexes)
            merged.fields[index].metadata = field.metadata
        }
        merged.fields.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for (systemField, indexes) in additions.systemFieldIndexes {
            merged.setIndexes(merged.indexes(on: systemField).union(indexes), on: systemField)
        }
        merged.grants += additions.grants.filter { !made.grants.contains($0) }
        return (merged, conflicts)
    }

    private static func conflict(_ field: Field, made: Field, in recordType: String, written: SourceMap,
                                 models: SourceMap) -> Diagnostic {
        let path = SchemaPath.field(recordType, field.name)
        return .error(
            .schemaConflict,
            "field '\(field.name)' of record type '\(recordType)' is \(field.type) in the schema files, and the models "
                + "make it \(made.type); a field has one type: remove it from the schema files (the models say what "
                + "the app writes), or change the model",
            at: written.location(of: .fieldType(recordType, field.name)) ?? written.location(of: path), subject: path,
            notes: models.location(of: path).map { [Note("the model property that makes '\(field.name)' is here", at: $0)] }
                ?? [])
    }
}
