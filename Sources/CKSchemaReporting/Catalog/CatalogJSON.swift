internal import CKSchemaCore

/// The JSON catalog's shape (`ckschema rules --format json`): stable API, so fields are only ever added.
struct CatalogDocument: Encodable {
    let version: Int
    let rules: [CatalogRule]
    let builtInChecks: [CatalogRule]
}

/// One entry. `languages` is there for the kinds that judge schemas (lint, breaking); `introduced` and
/// `retirement` for breaking rules.
struct CatalogRule: Encodable {
    let id, kind, name, category, defaultSeverity: String
    let enabledByDefault: Bool
    let summary, rationale: String
    let cloudKitRules: [Int]
    let languages: [String]?
    let introduced, retirement: String?
    let triggeringExamples, nonTriggeringExamples: [CatalogExample]

    init(_ rule: RuleDescription) {
        id = rule.id.rawValue
        kind = rule.kind.rawValue
        name = rule.name
        category = rule.category.rawValue
        defaultSeverity = rule.defaultSeverity.rawValue
        enabledByDefault = rule.isEnabledByDefault
        summary = rule.summary
        rationale = rule.rationale
        cloudKitRules = rule.cloudKitRules
        languages = rule.kind == .lint || rule.kind == .breaking
            ? [SchemaLanguage.yaml, .ckdb].filter(rule.languages.contains).map(\.rawValue) : nil
        introduced = rule.introduced
        retirement = rule.retirement
        switch rule.examples {
        case .none:
            (triggeringExamples, nonTriggeringExamples) = ([], [])
        case .schemas(let yes, let no):
            (triggeringExamples, nonTriggeringExamples) = (yes.map(CatalogExample.init), no.map(CatalogExample.init))
        case .changes(let yes, let no):
            (triggeringExamples, nonTriggeringExamples) = (yes.map(CatalogExample.init), no.map(CatalogExample.init))
        case .code(let yes, let no):
            (triggeringExamples, nonTriggeringExamples) = (yes.map(CatalogExample.init), no.map(CatalogExample.init))
        case .models(let yes, let no):
            (triggeringExamples, nonTriggeringExamples) = (yes.map(CatalogExample.init), no.map(CatalogExample.init))
        case .app(let yes, let no):
            (triggeringExamples, nonTriggeringExamples) = (yes.map(CatalogExample.init), no.map(CatalogExample.init))
        }
    }
}

/// One example, without markers, in its kind's shape: a lint rule's schema `files`; a breaking rule's
/// `baseline` and `candidate` (and `baselineEnvironment`); a code rule's Swift in `files` and its YAML `schema`.
struct CatalogExample: Encodable {
    let language: String
    var files: [String]?
    /// The path of each of `files` (doctor rules' examples).
    var paths: [String]?
    var baseline, candidate, baselineEnvironment, schema: String?

    init(_ example: Example) {
        language = example.language.rawValue
        files = example.unmarkedFiles
    }

    init(_ example: ChangeExample) {
        language = example.language.rawValue
        baseline = example.unmarkedBaseline
        candidate = example.unmarkedCandidate
        baselineEnvironment = example.baselineEnvironment?.rawValue
    }

    init(_ example: CodeExample) {
        language = "swift"
        files = [example.unmarkedCode]
        schema = example.schema
    }

    /// A doctor rule's app files in `files`, in `paths`' order.
    init(_ example: AppExample) {
        language = "app"
        files = example.unmarkedFiles.map(\.text)
        paths = example.unmarkedFiles.map(\.path)
    }

    /// A model rule's Core Data model in `files`, the environment it is checked against in `schema`, and the
    /// model that shipped (evolution rules) in `baseline`.
    init(_ example: ModelExample) {
        language = "xcdatamodel"
        files = [example.unmarkedModel]
        schema = example.environment
        baseline = example.unmarkedShipped
    }
}
