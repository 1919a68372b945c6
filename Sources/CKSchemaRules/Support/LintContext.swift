package import CKSchemaCore

/// What a rule may know besides the schema: where elements were written and what the text said, plus a
/// factory that fills in the rule's ID, its configured severity and the resolved location.
package struct LintContext: Sendable {
    /// Where each element was written, and facts about the text.
    package let sourceMap: SourceMap
    /// The language the schema was written in.
    package let language: SchemaLanguage
    /// The rule being run.
    package let rule: RuleDescription
    /// The severity the configuration gives the rule.
    package let severity: Severity
    /// What production holds, when it is known (the project's production snapshot, or the schema itself when
    /// it is that snapshot): advice to remove something production has must say that production keeps it.
    /// Read on first use, so ask only when a finding needs it.
    package var production: Schema? { productionSchema?.schema }
    private let productionSchema: ProductionSchema?
    /// Facts about the schema being linted that several rules need, shared by the contexts of one lint run.
    private var shared = SharedLintFacts()

    package init(sourceMap: SourceMap, language: SchemaLanguage, rule: RuleDescription, severity: Severity,
                production: ProductionSchema? = nil) {
        self.sourceMap = sourceMap
        self.language = language
        self.rule = rule
        self.severity = severity
        self.productionSchema = production
    }

    /// A context whose rule shares `shared` with the other rules of the same lint run.
    init(sourceMap: SourceMap, language: SchemaLanguage, rule: RuleDescription, severity: Severity,
         production: ProductionSchema?, shared: SharedLintFacts) {
        self.init(sourceMap: sourceMap, language: language, rule: rule, severity: severity, production: production)
        self.shared = shared
    }

    /// What the naming rules ask of each field name of `schema`: for the schema being linted, computed by the
    /// first rule that asks, once per lint run.
    func fieldNames(of schema: Schema) -> FieldNameFacts {
        shared.fieldNames(of: schema)
    }

    /// Which index problems occur in `schema`: for the schema being linted, computed once per lint run.
    func indexProblems(of schema: Schema) -> IndexProblemSummary {
        shared.indexProblems(of: schema)
    }

    /// The findings of this rule among the migration problems of `schema` (`MigrationCheck`, run once per lint
    /// run for all the migration rules, each of which reports the kind whose raw value is its ID).
    func migrationFindings(in schema: Schema) -> [Diagnostic] {
        shared.migrationProblems(of: schema, production: { production })
            .filter { $0.kind.rawValue == rule.id.rawValue }
            .map { diagnostic($0.message, atFirstOf: $0.paths, notes: $0.notes) }
    }

    /// A finding of this rule about the element at `path`.
    package func diagnostic(_ message: String, at path: SchemaPath, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: rule.id, severity: severity, message: message, location: sourceMap.location(of: path),
                   subject: path, notes: notes)
    }

    /// A finding of this rule at an explicit location (a syntax fact's position).
    package func diagnostic(_ message: String, at location: SourceLocation, subject: SchemaPath? = nil,
                           notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: rule.id, severity: severity, message: message, location: location, subject: subject,
                   notes: notes)
    }

    /// A finding located at the first of `paths` that was written in the source (a YAML key such as
    /// `encrypted:` that `.ckdb` has no counterpart for, then the element `.ckdb` does locate), falling back to
    /// the enclosing elements of the last path. The subject is the path located.
    package func diagnostic(_ message: String, atFirstOf paths: [SchemaPath], notes: [Note] = []) -> Diagnostic {
        guard let path = paths.first(where: { sourceMap.recordedLocation(of: $0) != nil }) ?? paths.last else {
            return Diagnostic(id: rule.id, severity: severity, message: message, notes: notes)
        }
        return diagnostic(message, at: path, notes: notes)
    }

    /// The location of `path`, for notes.
    package func location(of path: SchemaPath) -> SourceLocation? {
        sourceMap.location(of: path)
    }
}

extension LintContext {
    /// A finding at each grant of `types` for which `message` gives a text (the rules that judge single grants).
    func findings(atGrantsOf types: [RecordType], _ message: (RecordType, Grant) -> String?) -> [Diagnostic] {
        types.flatMap { type in
            type.grants.enumerated().compactMap { index, grant in
                message(type, grant).map { diagnostic($0, at: .grant(type.name, index)) }
            }
        }
    }
}
