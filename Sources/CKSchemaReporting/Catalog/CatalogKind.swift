internal import CKSchemaCore

/// How the catalog presents one kind of check: its headings, the command that reports it and the column only
/// it has.
struct CatalogKind {
    /// The section title (`Breaking-change rules`).
    let title: String
    /// The command that reports the kind and what it judges, for the text table's heading.
    let textHeading: String
    /// What one explained entry is, after its name (`breaking-change rule, ckschema diff`).
    let label: String
    /// The paragraph that opens the kind's section of `docs/rules.md`.
    let introduction: String
    /// The table column only this kind has (`since` for breaking rules), and its value for an entry.
    let extraColumn: (title: String, value: @Sendable (RuleDescription) -> String)?
    /// The title of the summary column: record checks' summaries complete "checks that …".
    let summaryColumn: String

    /// The summary as a sentence on its own.
    func sentence(_ rule: RuleDescription) -> String {
        rule.kind == .record ? "Checks that \(rule.summary). Details and examples: docs/validate.md." : rule.summary
    }

    static func of(_ kind: RuleKind, notes: [DiagnosticID] = []) -> CatalogKind {
        switch kind {
        case .lint:
            CatalogKind(
                title: "Lint rules", textHeading: "Lint rules (ckschema lint):", label: "",
                introduction: """
                    `ckschema lint` judges a schema on its own. Severities and the enabled set can be changed in \
                    `ckschema.yaml` (`lint.disable`, `lint.enable`, `lint.severity`); findings can be silenced inline with \
                    `# ckschema:disable-next-line rule_id` (YAML) or `// ckschema:disable-next-line rule_id` (.ckdb).
                    """,
                extraColumn: ("inputs", { languages($0) }), summaryColumn: "summary")
        case .breaking:
            CatalogKind(
                title: "Breaking-change rules", textHeading: "Breaking-change rules (ckschema diff), in release order:",
                label: "breaking-change rule, ckschema diff",
                introduction: """
                    `ckschema diff` classifies each change between a baseline (by default production) and a candidate \
                    (by default the project schema) with these rules: an error makes the change **breaking** (production \
                    refuses the deploy), a warning makes it a **warning**, and a change no rule reports is **safe**. \
                    The registry is append-only and in release order; see [diff.md](diff.md).
                    """,
                extraColumn: ("since", { $0.introduced ?? "" }), summaryColumn: "summary")
        case .code:
            CatalogKind(
                title: "Code rules",
                textHeading: "Code rules (ckschema check-code; the app's Swift code against the schema it ships to):",
                label: "code rule, ckschema check-code",
                introduction: """
                    `ckschema check-code` reads the app's Swift code (see [check-code.md](check-code.md)) and judges each \
                    use of CloudKit against the schema the app ships to (by default production) with these rules. They \
                    are selected and given severities under `code:` in `ckschema.yaml`, like lint rules, and silenced \
                    with `// ckschema:disable-next-line rule_id`.
                    """,
                extraColumn: nil, summaryColumn: "summary")
        case .record:
            CatalogKind(
                title: "Record-validation checks", textHeading: "Record-validation checks (ckschema validate; see docs/validate.md):",
                label: "record-validation check, ckschema validate",
                introduction: "`ckschema validate` reports these; [docs/validate.md](validate.md) explains each with examples.",
                extraColumn: ("§9", { $0.cloudKitRules.map(String.init).joined(separator: ", ") }),
                summaryColumn: "checks that")
        case .codegen:
            CatalogKind(
                title: "Codegen findings", textHeading: "Codegen findings (ckschema generate):",
                label: "codegen finding, ckschema generate",
                introduction: """
                    `ckschema generate` reports these about a schema a generator cannot represent faithfully: errors \
                    for what it cannot generate, notes for what it leaves out. See [generators.md](generators.md).
                    """,
                extraColumn: nil, summaryColumn: "summary")
        case .model:
            CatalogKind(
                title: "Model rules",
                textHeading: "Model rules (ckschema check-models; SwiftData and Core Data models against CloudKit):",
                label: "model rule, ckschema check-models",
                introduction: """
                    `ckschema check-models` reads an app's SwiftData `@Model` classes or Core Data `.xcdatamodeld` (see \
                    [models.md](models.md)) and gives two verdicts: whether CloudKit accepts the models at all \
                    (compatibility), and whether the environment they ship to holds every record type and field they \
                    create (rollout). They are selected and given severities under `models:` rules in `ckschema.yaml`, \
                    like lint rules.
                    """,
                extraColumn: nil, summaryColumn: "summary")
        case .app:
            CatalogKind(
                title: "App rules",
                textHeading: "App rules (ckschema doctor; the app's entitlements, Info.plist, project and signing scripts):",
                label: "app rule, ckschema doctor",
                introduction: """
                    `ckschema doctor` reads the app's Xcode or XcodeGen project, its entitlements and Info.plist files \
                    and the scripts that sign it, offline (see [doctor.md](doctor.md)), and judges the configuration \
                    CloudKit depends on with these rules. They are selected and given severities under `doctor:` in \
                    `ckschema.yaml`, like lint rules.
                    """,
                extraColumn: nil, summaryColumn: "summary")
        case .builtIn:
            CatalogKind(
                title: "Built-in checks",
                textHeading: "Built-in checks (cannot be disabled; errors, except the notes "
                    + notes.map(\.rawValue).joined(separator: ", ") + "):",
                label: "built-in check; it cannot be disabled or suppressed",
                introduction: "They cannot be disabled or suppressed; all are errors except the notes "
                    + list(notes.map { "`\($0)`" }) + ".",
                extraColumn: nil, summaryColumn: "summary")
        }
    }

    /// The input languages a lint rule judges: `YAML, .ckdb`.
    static func languages(_ rule: RuleDescription) -> String {
        [SchemaLanguage.yaml, .ckdb].filter(rule.languages.contains).map { $0 == .yaml ? "YAML" : ".ckdb" }
            .joined(separator: ", ")
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
