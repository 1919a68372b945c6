/// Which part of ckschema reports a rule's findings. The catalog groups its entries by kind.
package enum RuleKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// `ckschema lint`: one schema judged on its own.
    case lint
    /// `ckschema diff`: a change between a baseline and a candidate (the append-only registry).
    case breaking
    /// `ckschema check-code`: a use of CloudKit in the app's Swift code against a schema.
    case code
    /// `ckschema validate`: records checked against a schema.
    case record
    /// `ckschema generate`: what a generator cannot represent faithfully.
    case codegen
    /// A `ckschema check-models` rule: SwiftData and Core Data models against CloudKit and an environment.
    case model
    /// A `ckschema doctor` rule: an app's entitlements, Info.plist, project and signing scripts.
    case app
    /// Problems with an input's form (syntax, format, configuration); they cannot be disabled.
    case builtIn = "built-in"
}
