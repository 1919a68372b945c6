/// A rule's documented examples, in the shape its kind judges; each doubles as a test of the rule.
package enum RuleExamples: Sendable {
    /// No examples (record, codegen and built-in checks; docs/validate.md shows the record checks at work).
    case none
    /// Lint rules: schemas, `↓` where the rule reports in the triggering ones.
    case schemas(triggering: [Example], nonTriggering: [Example])
    /// Breaking rules: baseline/candidate pairs.
    case changes(triggering: [ChangeExample], nonTriggering: [ChangeExample])
    /// Code rules: Swift snippets and the schema they are checked against.
    case code(triggering: [CodeExample], nonTriggering: [CodeExample])
    /// A model rule's Core Data models (and environments).
    case models(triggering: [ModelExample], nonTriggering: [ModelExample])
    /// A doctor rule's app files (project, entitlements, Info.plist, scripts).
    case app(triggering: [AppExample], nonTriggering: [AppExample])

    /// The kind of rule these examples fit (`nil` for `.none`, which fits every kind).
    package var kind: RuleKind? {
        switch self {
        case .none: nil
        case .schemas: .lint
        case .changes: .breaking
        case .code: .code
        case .models: .model
        case .app: .app
        }
    }
}
