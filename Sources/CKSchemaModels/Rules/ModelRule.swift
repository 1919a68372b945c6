package import CKSchemaCore

/// One `check-models` rule: it judges a model (compatibility with CloudKit) or the schema derived from it
/// against an environment (rollout), and returns located findings.
package protocol ModelRule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: ModelRuleContext) -> [Diagnostic]
}

/// What a model rule sees: the model, which entities are mirrored, the derived schema with its locations,
/// and the environment when a rollout is checked.
package struct ModelRuleContext: Sendable {
    package let model: DataModel
    package let mirroring: ModelMirroring
    /// The entities by name, each stack apart (an entity both SwiftData and a Core Data backport declare is
    /// judged in both).
    package let declarations: ModelDeclarations
    /// The CloudKit schema the model creates (`SchemaDeriver`), located in the model's sources.
    package let derived: ParsedSchema
    /// The schema the app ships to (rollout rules run only with one).
    package let environment: Schema?
    /// How messages name the environment (`production`, `environments/production.ckdb`).
    package let environmentName: String
    package var rule: RuleDescription
    package var configuredSeverity: Severity?
    /// The model that shipped and what changed since (evolution rules run only with one).
    package var evolution: ModelEvolution?

    package init(model: DataModel, derived: ParsedSchema, environment: Schema?, environmentName: String) {
        self.model = model
        self.mirroring = ModelMirroring(model)
        self.declarations = ModelDeclarations(model)
        self.derived = derived
        self.environment = environment
        self.environmentName = environmentName
        self.rule = ModelRules.all[0].description
        self.configuredSeverity = nil
    }

    /// The entities their own stack mirrors, in model order (of a name one stack declares twice, the first).
    package var mirroredEntities: [ModelEntity] {
        declarations.entities.filter { mirroring.isMirrored($0) }
    }

    /// The destination of a relationship of `entity`, in its own stack first.
    package func destination(of relationship: ModelRelationship, from entity: ModelEntity) -> ModelEntity? {
        declarations.entity(named: relationship.destination, in: entity.source)
    }

    /// The stored (not transient) attributes of mirrored entities that `predicate` selects, with their entity.
    package func mirroredAttributes(where predicate: (ModelAttribute) -> Bool) -> [(entity: ModelEntity, attribute: ModelAttribute)] {
        mirroredEntities.flatMap { entity in
            entity.attributes.filter { !$0.isTransient && predicate($0) }.map { (entity, $0) }
        }
    }

    package func finding(_ message: String, at location: SourceLocation?, subject: SchemaPath? = nil,
                         severity: Severity? = nil, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: rule.id, severity: configuredSeverity ?? severity ?? rule.defaultSeverity, message: message,
                   location: location, subject: subject, notes: notes)
    }

    /// With an environment: each record type the models make (`CD_` types, `CDMR`) and the environment's type of
    /// that name (`nil`: not there). Without one, nothing: rollout rules have nothing to judge.
    package var rollout: [(derived: RecordType, deployed: RecordType?)] {
        guard let environment else { return [] }
        return derived.schema.recordTypes.filter { Self.isModelRecordType($0.name) }
            .map { ($0, environment.recordType(named: $0.name)) }
    }

    /// Where a derived record type or field comes from in the model.
    package func location(of path: SchemaPath) -> SourceLocation? {
        derived.sourceMap.location(of: path)
    }

    /// `entity.property` for messages, with the Swift type when the source has one.
    package static func describe(_ entity: ModelEntity, _ property: String, declaredType: String?) -> String {
        "'\(entity.name).\(property)'" + (declaredType.map { entity.source == .swiftData ? " (\($0))" : "" } ?? "")
    }
}

/// The record types and fields a name check must leave alone: `Users` (every container has it).
extension ModelRuleContext {
    package static func isModelRecordType(_ name: String) -> Bool {
        name.hasPrefix("CD_") || name == CloudKitFieldMapping.manyToManyType
    }

    /// True for the fields `initializeCloudKitSchema` adds beside the model's own: `_ckAsset` companions and
    /// the move receipt.
    package static func isCompanion(_ field: String) -> Bool {
        field.hasSuffix("_ckAsset") || field == CloudKitFieldMapping.moveReceiptField
    }
}
