import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import Foundation
import Testing

/// Each model rule's documented examples are its tests: a triggering example reports the rule exactly at
/// its `↓` markers, a non-triggering one never reports it.
@Suite("Model rule examples")
struct ModelRuleExampleTests {
    static let rules = ModelRules.all.map { $0.description }
    static let ids = rules.map(\.id.rawValue)

    static func rule(_ id: String) -> RuleDescription {
        rules.first { $0.id.rawValue == id } ?? rules[0]
    }

    static func findings(of rule: RuleDescription, in example: ModelExample) -> [Diagnostic] {
        let (model, diagnostics) = CoreDataModelParser.parse(example.unmarkedModel, path: "contents")
        #expect(diagnostics.isEmpty, "\(example.fileID):\(example.line): \(diagnostics)")
        let shipped = example.unmarkedShipped.map { text in
            let (model, diagnostics) = CoreDataModelParser.parse(text, path: "shipped/contents")
            #expect(diagnostics.isEmpty, "\(example.fileID):\(example.line): \(diagnostics)")
            return ShippedModel(model: model, name: "v1.0")
        }
        let environment = example.environment.map { SchemaLoader.parse($0, path: "env.ckdb", language: .ckdb) }
        #expect(environment?.hasErrors != true, "\(example.fileID):\(example.line): \(environment?.diagnostics ?? [])")
        return ModelRules.check(model, environment: environment?.schema, environmentName: "production", shipped: shipped)
            .filter { $0.id == rule.id }
    }

    @Test(arguments: ids)
    func triggeringExamplesReportAtTheirMarkers(id: String) {
        let rule = Self.rule(id)
        for example in rule.triggeringModels {
            let found = Self.findings(of: rule, in: example).compactMap(\.location).map { "\($0.file):\($0.line):\($0.column)" }
            let expected = example.markedPositions.map { "contents:\($0.line):\($0.column)" }
                + example.markedShippedPositions.map { "shipped/contents:\($0.line):\($0.column)" }
            #expect(!expected.isEmpty, "\(example.fileID):\(example.line) has no marker")
            #expect(found == expected, "\(rule.id) at \(example.fileID):\(example.line)")
        }
    }

    @Test(arguments: ids)
    func nonTriggeringExamplesReportNothing(id: String) {
        let rule = Self.rule(id)
        for example in rule.nonTriggeringModels {
            #expect(Self.findings(of: rule, in: example).isEmpty, "\(rule.id) at \(example.fileID):\(example.line)")
        }
    }

    @Test func everyEvolutionRuleHasAShippedModelInEachExample() {
        for rule in ModelRules.evolution.map({ $0.description }) {
            #expect(!rule.triggeringModels.isEmpty && !rule.nonTriggeringModels.isEmpty, "\(rule.id)")
            #expect((rule.triggeringModels + rule.nonTriggeringModels).allSatisfy { $0.shipped != nil }, "\(rule.id)")
        }
    }

    @Test func everyRuleHasAStableIDAndTheModelKind() {
        let ids = Self.rules.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("model_") })
        #expect(ModelRules.descriptions.allSatisfy { $0.kind == .model })
        for id in ["model_unique_constraint", "model_attribute_needs_default", "model_relationship_not_optional",
                   "model_relationship_no_inverse", "model_delete_rule_deny", "model_relationship_ordered",
                   "model_unsupported_attribute_type", "model_configuration_crossing", "model_too_many_fields",
                   "model_record_type_not_deployed", "model_field_not_deployed", "model_field_type_mismatch",
                   "model_entity_renamed", "model_property_renamed", "model_many_to_many_renamed",
                   "model_renamed_without_identifier", "model_field_type_changed", "model_attribute_type_changed",
                   "model_attribute_default_dropped", "model_attribute_made_required", "model_relationship_made_required",
                   "model_inverse_removed", "model_entity_removed", "model_property_removed", "model_cardinality_changed",
                   "model_encryption_changed", "model_transformer_changed"] {
            #expect(ids.contains(id), "\(id)")
        }
    }
}

@Suite("check-models verdicts")
struct ModelRulesTests {
    /// The CloudJournal `AutoSyncEntry` mistake: non-optional properties without defaults, as SwiftData reads them.
    static let autoSync = DataModel(entities: [
        ModelEntity(name: "AutoSyncEntry", source: .swiftData, attributes: [
            ModelAttribute(name: "title", type: .string, declaredType: "String",
                           location: SourceLocation(file: "Models.swift", line: 4, column: 9)),
            ModelAttribute(name: "createdAt", type: .date, declaredType: "Date", hasDefault: true),
            ModelAttribute(name: "mood", type: .codableValue, declaredType: "Mood", isOptional: true,
                           location: SourceLocation(file: "Models.swift", line: 6, column: 9)),
        ], location: SourceLocation(file: "Models.swift", line: 2, column: 1)),
        ModelEntity(name: "CachedEntry", source: .swiftData, attributes: [
            ModelAttribute(name: "id", type: .uuid, hasDefault: true, isUnique: true,
                           location: SourceLocation(file: "Cache.swift", line: 3, column: 5)),
        ]),
    ], configurations: [
        ModelConfiguration(name: "Cloud", cloudKit: .automatic, entities: ["AutoSyncEntry"]),
        ModelConfiguration(name: "Cache", cloudKit: .none, entities: ["CachedEntry"]),
    ])

    @Test func compatibilityFindingsAreLocatedInTheSwiftSource() {
        let findings = ModelRules.check(Self.autoSync, environment: nil, environmentName: "production")
        #expect(findings.map(\.id.rawValue) == ["model_attribute_needs_default", "model_value_stored_as_bytes"])
        #expect(findings.first?.location == SourceLocation(file: "Models.swift", line: 4, column: 9))
        #expect(findings.first?.message.contains("'AutoSyncEntry.title' (String) is neither optional nor given a default") == true)
        #expect(findings.first?.message.contains("on the declaration, not in init") == true)
    }

    @Test func aUniqueAttributeInAMirroredConfigurationIsAnError() {
        var model = Self.autoSync
        model.configurations = [ModelConfiguration(cloudKit: .automatic)]
        let findings = ModelRules.check(model, environment: nil, environmentName: "production")
        #expect(findings.contains { $0.id.rawValue == "model_unique_constraint"
            && $0.location == SourceLocation(file: "Cache.swift", line: 3, column: 5) })
    }

    @Test func rolloutAgainstAnEmptyProductionSaysEveryTypeIsNotDeployed() {
        let findings = ModelRules.check(Self.autoSync, environment: Schema(), environmentName: "production")
        let rollout = findings.filter { $0.id.rawValue == "model_record_type_not_deployed" }
        #expect(rollout.map(\.subject) == [.recordType("CD_AutoSyncEntry")])
        #expect(rollout.first?.location == SourceLocation(file: "Models.swift", line: 2, column: 1))
        #expect(rollout.first?.message.contains("fails to sync for users") == true)
    }

    @Test func aTreeOverTheFieldLimitCountingAssetCompanionsIsAnError() {
        func wide(_ count: Int) -> DataModel {
            DataModel(entities: [ModelEntity(
                name: "Wide", source: .coreData,
                attributes: (0..<count).map { ModelAttribute(name: "a\($0)", type: .string, isOptional: true) },
                location: SourceLocation(file: "contents", line: 2, column: 5))],
                configurations: [ModelConfiguration(cloudKit: .automatic)])
        }
        // 3 fields every type has + 2 per string attribute.
        let over = ModelRules.check(wide(127), environment: nil, environmentName: "production")
        #expect(over.map(\.id.rawValue) == ["model_too_many_fields"])
        #expect(over.first?.location == SourceLocation(file: "contents", line: 2, column: 5))
        #expect(over.first?.message.contains("257 fields") == true)
        #expect(ModelRules.check(wide(126), environment: nil, environmentName: "production").isEmpty)
    }

    @Test func configuredSeveritiesAndDisabledRulesApply() {
        let quiet = ModelRules.check(Self.autoSync, environment: nil, environmentName: "production",
                                     disabled: ["model_value_stored_as_bytes"],
                                     severities: ["model_attribute_needs_default": .warning])
        #expect(quiet.map(\.id.rawValue) == ["model_attribute_needs_default"])
        #expect(quiet.first?.severity == .warning)
    }
}
