import CKSchemaCore
import CKSchemaDiff
import CKSchemaTestSupport
import Testing

/// Properties of the differ over random schemas: a schema never differs from itself or from a reordering of
/// itself, and swapping the two sides swaps every add with a delete.
@Suite struct SchemaDifferPropertyTests {
    private static func diff(_ baseline: Schema, _ candidate: Schema) -> SchemaChangeSet {
        SchemaDiffer.diff(baseline: (baseline, SourceMap()), candidate: (candidate, SourceMap()))
    }

    @Test(arguments: 0..<40)
    func schemaEqualsItselfAndItsReordering(seed: UInt64) {
        let schema = RandomSchemaGenerator.schema(seed: seed)
        #expect(Self.diff(schema, schema).isEmpty)
        var reordered = schema
        reordered.roles.reverse()
        reordered.recordTypes = schema.recordTypes.reversed().map { type in
            var copy = type
            copy.fields.reverse()
            copy.grants.reverse()
            return copy
        }
        #expect(Self.diff(schema, reordered).isEmpty)
    }

    @Test(arguments: 0..<40)
    func swappingSidesSwapsAddsAndDeletes(seed: UInt64) {
        let baseline = RandomSchemaGenerator.schema(seed: seed)
        let candidate = RandomSchemaGenerator.schema(seed: seed &+ 1000)
        let forward = Self.diff(baseline, candidate), backward = Self.diff(candidate, baseline)
        #expect(forward.count == backward.count)
        #expect(forward.changes.map { Self.mirrored($0.kind) }.sorted(by: Self.order)
            == backward.changes.map(\.kind).map(Self.normalized).sorted(by: Self.order))
        let typeNames = { (schema: Schema) in Set(schema.recordTypes.map(\.name)) }
        let addedTypes = forward.changes.filter { $0.identifier == "add_record_type" }.compactMap(\.recordType)
        #expect(Set(addedTypes) == typeNames(candidate).subtracting(typeNames(baseline)))
    }

    /// The change seen from the other side.
    private static func mirrored(_ kind: SchemaChange.Kind) -> String {
        switch kind {
        case .addRecordType(let type): "delete type \(type.name)"
        case .deleteRecordType(let type): "add type \(type.name)"
        // A migration adds its field; seen from the other side, the field is deleted.
        case .addField(let field), .migrateField(let field, _): "delete field \(field.name) \(field.type)"
        case .deleteField(let field): "add field \(field.name) \(field.type)"
        case .modifyField(let old, let new, _): "modify field \(new.name) \(new.type) \(old.type)"
        case .modifySystemField(let field, let old, let new): "modify system \(field.name) \(new) \(old)"
        case .addIndex(let field, let option): "delete index \(field.name) \(option.keywords)"
        case .deleteIndex(let field, let option): "add index \(field.name) \(option.keywords)"
        case .addRole(let name): "delete role \(name)"
        case .deleteRole(let name): "add role \(name)"
        case .addGrant(let grant): "delete grant \(grant.role) \(grant.permissions.keywords)"
        case .deleteGrant(let grant): "add grant \(grant.role) \(grant.permissions.keywords)"
        case .modifyGrant(let role, let old, let new): "modify grant \(role) \(new.keywords) \(old.keywords)"
        }
    }

    /// The change as itself, in the same notation as `mirrored`.
    private static func normalized(_ kind: SchemaChange.Kind) -> String {
        switch kind {
        case .addRecordType(let type): "add type \(type.name)"
        case .deleteRecordType(let type): "delete type \(type.name)"
        case .addField(let field), .migrateField(let field, _): "add field \(field.name) \(field.type)"
        case .deleteField(let field): "delete field \(field.name) \(field.type)"
        case .modifyField(let old, let new, _): "modify field \(old.name) \(old.type) \(new.type)"
        case .modifySystemField(let field, let old, let new): "modify system \(field.name) \(old) \(new)"
        case .addIndex(let field, let option): "add index \(field.name) \(option.keywords)"
        case .deleteIndex(let field, let option): "delete index \(field.name) \(option.keywords)"
        case .addRole(let name): "add role \(name)"
        case .deleteRole(let name): "delete role \(name)"
        case .addGrant(let grant): "add grant \(grant.role) \(grant.permissions.keywords)"
        case .deleteGrant(let grant): "delete grant \(grant.role) \(grant.permissions.keywords)"
        case .modifyGrant(let role, let old, let new): "modify grant \(role) \(old.keywords) \(new.keywords)"
        }
    }

    private static func order(_ lhs: String, _ rhs: String) -> Bool { lhs < rhs }
}
