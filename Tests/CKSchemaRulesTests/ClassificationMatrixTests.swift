import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaRules
import Testing

/// The classification matrix: each kind of change × where the element lives (production, development only,
/// neither environment) × the two sides a diff compares (production → project, development → project,
/// development → production, a git revision → project), with the class and message expected. Whatever the
/// sides, classification consults what production holds (docs/cloudkit-facts.md §9 rule 29).
@Suite struct ClassificationMatrixTests {
    /// A record type as an ordered list of `name declaration` lines, so that changes edit one line each.
    struct TypeText: Sendable {
        var name: String
        var fields: [(name: String, declaration: String)]
    }

    /// Production: `Note` (body, count, title) and `Tag`.
    static let production: [TypeText] = [
        TypeText(name: "Note", fields: [("body", "STRING"), ("count", "NUMBER PREFERRED AS INT64"),
                                        ("title", "STRING QUERYABLE")]),
        TypeText(name: "Tag", fields: [("name", "STRING")]),
    ]

    /// Development: production, and what was never deployed — the fields `draft` and `score`, the type `Draft`.
    static let development: [TypeText] = {
        var types = production
        types[0].fields.insert(contentsOf: [(name: "draft", declaration: "STRING"), (name: "score", declaration: "NUMBER PREFERRED AS DOUBLE")], at: 2)
        types.append(TypeText(name: "Draft", fields: [("x", "STRING")]))
        return types
    }()

    /// A git revision: development, and what no environment has — the fields `idea` and `guess`, the type `Idea`.
    static let revision: [TypeText] = {
        var types = development
        types[0].fields.insert(contentsOf: [(name: "guess", declaration: "NUMBER PREFERRED AS INT64"), (name: "idea", declaration: "STRING")], at: 2)
        types.append(TypeText(name: "Idea", fields: [("y", "STRING")]))
        return types
    }()

    static func text(_ types: [TypeText]) -> String {
        "DEFINE SCHEMA\n" + types.map { type in
            "    RECORD TYPE \(type.name) (\n"
                + type.fields.map { "        \($0.name) \($0.declaration)" }.joined(separator: ",\n") + "\n    );\n"
        }.joined()
    }

    static func parse(_ types: [TypeText], _ path: String) -> ParsedSchema {
        SchemaLoader.parse(text(types), path: path, language: .ckdb)
    }

    /// Where the changed element lives.
    enum Holder: String, Sendable, CaseIterable {
        case production, developmentOnly = "development only", neither = "neither environment"
    }

    /// The two sides of a diff.
    enum Sides: String, Sendable, CaseIterable {
        case productionToProject = "production → project", developmentToProject = "development → project"
        case developmentToProduction = "development → production", revisionToProject = "git ref → project"

        var baseline: [TypeText] {
            switch self {
            case .productionToProject: production
            case .developmentToProject, .developmentToProduction: development
            case .revisionToProject: revision
            }
        }

        var environment: CloudKitEnvironment? {
            switch self {
            case .productionToProject: .production
            case .developmentToProject, .developmentToProduction: .development
            case .revisionToProject: nil
            }
        }

        /// Which holders the baseline has an element of (a side can only delete or change what its baseline has).
        var holders: [Holder] {
            switch self {
            case .productionToProject: [.production]
            case .developmentToProject: [.production, .developmentOnly]
            case .developmentToProduction: [.developmentOnly]
            case .revisionToProject: Holder.allCases
            }
        }
    }

    /// A kind of change: how it edits the baseline, given the element to edit for each holder, and what the
    /// rules say when production has the element.
    struct Kind: Sendable {
        let name: String
        let rule: String?
        /// The refusal when production has the element; `nil`: the kind is never breaking.
        let refusal: String?
        let edit: @Sendable ([TypeText], Holder) -> [TypeText]
    }

    static func field(_ holder: Holder, string: Bool) -> String {
        switch holder {
        case .production: string ? "body" : "count"
        case .developmentOnly: string ? "draft" : "score"
        case .neither: string ? "idea" : "guess"
        }
    }

    static func recordType(_ holder: Holder) -> String {
        switch holder {
        case .production: "Tag"
        case .developmentOnly: "Draft"
        case .neither: "Idea"
        }
    }

    static func editField(_ types: [TypeText], _ name: String, _ change: (String) -> String?) -> [TypeText] {
        var types = types
        types[0].fields = types[0].fields.compactMap { field in
            guard field.name == name else { return field }
            return change(field.declaration).map { (name, $0) }
        }
        return types
    }

    static let kinds: [Kind] = [
        Kind(name: "delete field", rule: "field_no_delete",
             refusal: "CloudKit refuses to delete a field that is in production") { types, holder in
            editField(types, field(holder, string: true)) { _ in nil }
        },
        Kind(name: "delete record type", rule: "record_type_no_delete",
             refusal: "CloudKit refuses to delete a record type that is in production") { types, holder in
            types.filter { $0.name != recordType(holder) }
        },
        Kind(name: "change field type", rule: "field_same_type",
             refusal: "CloudKit never changes the type of a field in production") { types, holder in
            editField(types, field(holder, string: true)) { _ in "INT64" }
        },
        Kind(name: "encrypt field", rule: "field_same_encryption",
             refusal: "CloudKit only encrypts new fields, so add a new encrypted field instead") { types, holder in
            editField(types, field(holder, string: true)) { _ in "ENCRYPTED STRING" }
        },
        Kind(name: "change number preference", rule: "field_same_number_preference",
             refusal: "once set, a NUMBER preference never changes") { types, holder in
            editField(types, field(holder, string: false)) { $0.hasSuffix("INT64") ? "NUMBER PREFERRED AS DOUBLE" : "NUMBER PREFERRED AS INT64" }
        },
        Kind(name: "add field", rule: nil, refusal: nil) { types, _ in
            var types = types
            types[0].fields.insert((name: "mood", declaration: "STRING"), at: 0)
            return types
        },
        Kind(name: "add record type", rule: nil, refusal: nil) { types, _ in
            types + [TypeText(name: "Mood", fields: [("z", "STRING")])]
        },
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        let kind: Int
        let sides: Sides
        let holder: Holder
        var testDescription: String { "\(ClassificationMatrixTests.kinds[kind].name), \(holder.rawValue), \(sides.rawValue)" }
    }

    /// Every cell: additions once per side (where the element lives does not apply), the others once per holder
    /// the side's baseline has. Development → production compares two environments, so its changes are fixed.
    static let cases: [Case] = kinds.indices.flatMap { kind in
        Sides.allCases.filter { $0 != .developmentToProduction }.flatMap { sides in
            (kinds[kind].rule == nil ? [Holder.production] : sides.holders).map { Case(kind: kind, sides: sides, holder: $0) }
        }
    }

    static let environments = EnvironmentSchemas(production: parse(production, "production.ckdb").schema,
                                                 development: parse(development, "development.ckdb").schema)

    static func classify(_ baseline: [TypeText], _ candidate: [TypeText], _ environment: CloudKitEnvironment?)
        -> ClassifiedChangeSet {
        let changes = SchemaDiffer.diff(baseline: parse(baseline, "baseline.ckdb"), candidate: parse(candidate, "candidate.ckdb"))
        return BreakingChecker(baselineEnvironment: environment, environments: environments).classify(changes)
    }

    @Test(arguments: cases)
    func cell(_ testCase: Case) throws {
        let kind = Self.kinds[testCase.kind]
        let baseline = testCase.sides.baseline
        let result = Self.classify(baseline, kind.edit(baseline, testCase.holder), testCase.sides.environment)
        let change = try #require(result.changes.first, "the edit changes nothing")
        #expect(result.changes.count == 1)
        guard let rule = kind.rule, let refusal = kind.refusal else {
            #expect(change.classification == .safe && change.findings.isEmpty, "additions are safe")
            #expect(result.additionsNote == "1 addition is safe; additions reach production only through the CloudKit "
                + "Console's \"Deploy Schema Changes\" (which deploys what development holds)")
            return
        }
        #expect(result.additionsNote == nil)
        let finding = try #require(change.findings.first)
        #expect(change.findings.map(\.id.rawValue) == [rule])
        switch testCase.holder {
        case .production:
            #expect(change.classification == .breaking)
            #expect(finding.message.contains("; " + refusal), "\(finding.message)")
        case .developmentOnly:
            #expect(change.classification == .warning)
            #expect(finding.message.hasSuffix("; production does not have it, so CloudKit allows this, and the data "
                + "development holds for it is lost"), "\(finding.message)")
        case .neither:
            #expect(change.classification == .safe)
            #expect(finding.severity == .note)
            #expect(finding.message.hasSuffix("; no environment has it yet, so nothing is lost"), "\(finding.message)")
        }
    }

    @Test func developmentToProductionLosesOnlyDevelopmentData() {
        let result = Self.classify(Self.development, Self.production, .development)
        #expect(result.changes.map(\.change.description) == [
            "delete record type 'Draft' (1 field)", "delete field 'draft' STRING", "delete field 'score' NUMBER PREFERRED AS DOUBLE",
        ])
        #expect(result.changes.allSatisfy { $0.classification == .warning })
        #expect(result.changes.allSatisfy { $0.findings.allSatisfy { $0.message.contains("production does not have it") } })
        #expect(result.isDeployable)
    }

    @Test func withoutKnownEnvironmentsTheBaselineStandsForProduction() {
        // Plain files outside a project: nothing says what production holds, so nothing is assumed lost-only.
        let changes = SchemaDiffer.diff(baseline: Self.parse(Self.development, "a.ckdb"),
                                        candidate: Self.parse(Self.production, "b.ckdb"))
        let result = BreakingChecker().classify(changes)
        #expect(result.changes.allSatisfy { $0.classification == .breaking })
    }
}
