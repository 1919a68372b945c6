package import CKSchemaCore

/// What an environment holds that an app's models do not make: the part of a project whose schema is its
/// models that must be written by hand (YAML beside `models:`), so that the project (`ModelSchemaUnion` of the
/// two) is exactly what the environment holds. `ckschema init --models` writes it.
///
/// - custom roles, and record types the models do not make (a type written with `CKRecord` code, a removed
///   model's type, `cloudkit.share`), whole;
/// - `Users`, whole, when it differs from the one the models predict (the union lets a hand-written one
///   replace theirs);
/// - for a type the models make, only what the environment adds to it: fields no model property makes (a removed
///   or renamed attribute's field), indexes the models do not make (on system fields too: the Console's record
///   browser needs `___recordID` QUERYABLE), grants.
///
/// A field the environment holds with another type than the models make is not residue (the union would refuse
/// it): the models change a type production holds, which `check-models` and `diff` report.
package struct ModelSchemaResidue: Sendable {
    /// A field the environment and the models both have, with different types.
    package struct TypeConflict: Hashable, Sendable {
        package let recordType: String
        package let field: String
        package let environmentType: FieldType
        package let modelsType: FieldType

        package init(recordType: String, field: String, environmentType: FieldType, modelsType: FieldType) {
            self.recordType = recordType
            self.field = field
            self.environmentType = environmentType
            self.modelsType = modelsType
        }
    }

    /// What to write beside the models.
    package let schema: Schema
    /// The record types of `schema` that extend a type the models make (they hold only the additions).
    package let extensions: [String]
    /// The fields whose type the models change.
    package let typeConflicts: [TypeConflict]

    package init(environment: Schema, models: Schema) {
        var recordTypes: [RecordType] = []
        var extensions: [String] = []
        var conflicts: [TypeConflict] = []
        for held in environment.recordTypes {
            guard let made = models.recordType(named: held.name) else {
                recordTypes.append(held)
                continue
            }
            if held.name == CloudKitFieldMapping.usersType.name {
                if !Self.isSame(held, made) { recordTypes.append(held) }
                continue
            }
            let additions = Self.additions(of: held, to: made, conflicts: &conflicts)
            if !additions.fields.isEmpty || !additions.systemFieldIndexes.isEmpty || !additions.grants.isEmpty {
                recordTypes.append(additions)
                extensions.append(held.name)
            }
        }
        let roles = environment.roles.filter { role in !models.roles.contains(role) }
        schema = Schema(roles: roles, recordTypes: recordTypes)
        self.extensions = extensions
        typeConflicts = conflicts
    }

    /// Whether CloudKit sees the two as one type: the same fields and indexes, grants in any order.
    private static func isSame(_ one: RecordType, _ other: RecordType) -> Bool {
        var one = one.cloudKitOnly().canonicalized(), other = other.cloudKitOnly().canonicalized()
        guard Set(one.grants) == Set(other.grants) else { return false }
        one.grants = []
        other.grants = []
        return one == other
    }

    /// What `held` has that `made` lacks, as a type of its own: fields and system-field indexes with all the
    /// indexes `held` gives them, the grants `made` does not have.
    private static func additions(of held: RecordType, to made: RecordType, conflicts: inout [TypeConflict]) -> RecordType {
        var additions = RecordType(name: held.name)
        for field in held.fields {
            guard let predicted = made.field(named: field.name) else {
                additions.fields.append(field)
                continue
            }
            if predicted.type != field.type {
                conflicts.append(TypeConflict(recordType: held.name, field: field.name, environmentType: field.type,
                                              modelsType: predicted.type))
            } else if !predicted.indexes.isSuperset(of: field.indexes) {
                additions.fields.append(field)
            }
        }
        for (systemField, indexes) in held.systemFieldIndexes where !made.indexes(on: systemField).isSuperset(of: indexes) {
            additions.setIndexes(indexes, on: systemField)
        }
        additions.grants = held.grants.filter { !made.grants.contains($0) }
        return additions
    }
}
