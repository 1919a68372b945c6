package import CKSchemaCore

/// The CloudKit schema `NSPersistentCloudKitContainer` creates for a model, fully materialised — what
/// `initializeCloudKitSchema()` would create (docs/models.md): one `CD_<root>` record type per inheritance
/// tree of mirrored entities, holding `CD_entityName`, `CD_moveReceipt` and its asset, a field per stored
/// attribute and to-one relationship (with `_ckAsset` companions for strings, URIs and every value stored
/// as BYTES), a `CDMR` type when a many-to-many relationship exists, the three grants on each, and
/// `Users`. Each record type is located at its root entity, each field at its property.
package enum SchemaDeriver {
    package static func derive(_ model: DataModel) -> ParsedSchema {
        var diagnostics: [Diagnostic] = []
        var sourceMap = SourceMap()
        let mirroring = ModelMirroring(model)
        if let assumption = mirroring.assumption, !model.entities.isEmpty { diagnostics.append(assumption) }

        let declarations = ModelDeclarations(model)
        diagnostics += declarations.diagnostics + SharedEntityAgreement.judge(declarations, mirroring: mirroring)

        var recordTypes: [String: RecordType] = [:]
        var order: [String] = []
        var manyToManyAt: SourceLocation??
        // An entity both stacks declare adds its fields twice: the type holds their union, each field located at
        // every declaration of it.
        for entity in declarations.entities where mirroring.isMirrored(entity) {
            let stack = declarations.stack(entity.source)
            let root = root(of: entity, in: declarations, diagnostics: &diagnostics)
            let typeName = CloudKitFieldMapping.recordTypeName(root: root.name)
            if recordTypes[typeName] == nil {
                order.append(typeName)
                recordTypes[typeName] = RecordType(name: typeName, grants: CloudKitFieldMapping.grants)
                let at = root.location
                if let at { sourceMap.record(.recordType(typeName), at: at) }
                add(CloudKitFieldMapping.field(CloudKitFieldMapping.entityNameField, .string), to: &recordTypes[typeName], typeName, at, &sourceMap)
                add(CloudKitFieldMapping.field(CloudKitFieldMapping.moveReceiptField, .bytes), to: &recordTypes[typeName], typeName, at, &sourceMap)
                add(Field(name: CloudKitFieldMapping.moveReceiptAsset, type: .asset), to: &recordTypes[typeName], typeName, at, &sourceMap)
            } else if entity.name == root.name, let at = root.location {
                sourceMap.record(.recordType(typeName), at: at)
            }
            for property in CloudKitFieldMapping.fields(of: entity) {
                for field in [property.value] + (property.companion.map { [$0] } ?? []) {
                    add(field, to: &recordTypes[typeName], typeName, property.location, &sourceMap)
                }
            }
            for relationship in entity.relationships where isManyToMany(relationship, in: stack) && manyToManyAt == nil {
                manyToManyAt = .some(relationship.location)
            }
        }
        if let at = manyToManyAt {
            let name = CloudKitFieldMapping.manyToManyType
            order.append(name)
            recordTypes[name] = RecordType(name: name, grants: CloudKitFieldMapping.grants)
            if let at { sourceMap.record(.recordType(name), at: at) }
            for field in CloudKitFieldMapping.manyToManyFields {
                add(CloudKitFieldMapping.field(field, .string), to: &recordTypes[name], name, at, &sourceMap)
            }
        }
        var types = order.compactMap { recordTypes[$0] }
        if !types.isEmpty { types.append(CloudKitFieldMapping.usersType) }
        for index in types.indices {
            types[index].fields.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
        types.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return ParsedSchema(schema: Schema(recordTypes: types), sourceMap: sourceMap, diagnostics: diagnostics,
                            sources: [], language: .ckdb)
    }

    /// Adds a field unless the type has it already (a sub-entity redeclaring a property of its tree, the other
    /// stack's declaration of an entity); either way the field is located there too.
    private static func add(_ field: Field, to recordType: inout RecordType?, _ typeName: String, _ location: SourceLocation?,
                            _ sourceMap: inout SourceMap) {
        if recordType?.field(named: field.name) == nil { recordType?.fields.append(field) }
        if let location { sourceMap.record(.field(typeName, field.name), at: location) }
    }

    /// The root of an entity's inheritance tree in its stack; an unknown parent or a cycle makes the entity its own
    /// root, said once.
    private static func root(of entity: ModelEntity, in declarations: ModelDeclarations,
                             diagnostics: inout [Diagnostic]) -> ModelEntity {
        let (root, problem) = declarations.root(of: entity)
        if let problem {
            let message = "'\(entity.name)' \(problem); it is taken as its own inheritance root"
            if !diagnostics.contains(where: { $0.message == message }) {
                diagnostics.append(Diagnostic(id: ModelReadDiagnostics.unknownParent, severity: .warning,
                                              message: message, location: entity.location))
            }
        }
        return root
    }

    /// A to-many relationship whose inverse is to-many too (links stored as `CDMR` records).
    package static func isManyToMany(_ relationship: ModelRelationship, in entities: [String: ModelEntity]) -> Bool {
        guard relationship.isToMany, let inverse = relationship.inverse,
              let destination = entities[relationship.destination],
              let back = destination.relationships.first(where: { $0.name == inverse }) else { return false }
        return back.isToMany
    }
}
