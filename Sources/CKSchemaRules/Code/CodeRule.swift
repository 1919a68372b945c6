package import CKSchemaCore

/// A check that judges one use of CloudKit in an app's Swift code against a schema (`ckschema check-code`).
///
/// Each rule is one type in one file with its documentation and its Swift examples. Rules never throw and
/// never print; a use the rule has nothing to say about yields `nil`.
package protocol CodeRule: Sendable {
    /// Identity, documentation and examples: Swift snippets checked against a schema (`.code`).
    static var description: RuleDescription { get }
    init()
    /// The finding about `usage`, built with `context.finding(…)`, or `nil`.
    func check(_ usage: CodeUsage, context: CodeRuleContext) -> Diagnostic?
}

/// What a code rule may know besides the use: the schema, what it is called in messages, and the rule.
package struct CodeRuleContext: Sendable {
    /// The schema the code ships against.
    package let schema: Schema
    /// How messages name it: `production`, `development`, or a path.
    package let schemaName: String
    /// The environment the schema is a snapshot of, when it is one (`nil` for schema files). In development a
    /// save creates the record types and fields it names just in time, so only production refuses it.
    package let environment: CloudKitEnvironment?
    /// The rule being run.
    package let rule: RuleDescription
    /// The configured severity, or `nil` to let the rule choose per use (errors for what the server
    /// refuses, warnings for reads that only come back empty).
    package let configuredSeverity: Severity?
    /// The project schema, for what only YAML says (a field's `renamedFrom` / `replaces`) when `schema` is an
    /// environment's snapshot, which keeps none of it; `nil` when `schema` is the one to read it from.
    package let project: Schema?

    package init(schema: Schema, schemaName: String, environment: CloudKitEnvironment? = nil, rule: RuleDescription,
                 configuredSeverity: Severity?, project: Schema? = nil) {
        self.schema = schema
        self.schemaName = schemaName
        self.environment = environment
        self.rule = rule
        self.configuredSeverity = configuredSeverity
        self.project = project
    }

    /// The field that took over from `field` of `recordType` (declared `renamedFrom` / `replaces` it), as
    /// `schema` or else the project schema says: `nil` unless `field` is retired.
    package func replacement(of field: String, in recordType: String) -> Field? {
        [schema, project].lazy.compactMap { $0?.recordType(named: recordType)?.field(replacing: field) }.first
    }

    /// A finding of this rule at the use's location, about `subject`. `severity` is the rule's choice for
    /// this use, which a configured severity overrides.
    package func finding(_ message: String, about usage: CodeUsage, subject: SchemaPath?,
                        severity: Severity? = nil, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: rule.id, severity: configuredSeverity ?? severity ?? rule.defaultSeverity, message: message,
                   location: usage.location, subject: subject, notes: notes)
    }

    /// The record type the use concerns, when it is known and the schema has it.
    package func recordType(of usage: CodeUsage) -> RecordType? {
        usage.recordType.flatMap(schema.recordType(named:))
    }

    /// The field `usage` names on its record type: a user field, a system field, or `nil` (unknown key,
    /// unknown type, or a field the type lacks).
    package func field(of usage: CodeUsage) -> CodeField? {
        guard case .field(let name)? = usage.key, let type = recordType(of: usage) else { return nil }
        if let system = SystemField(rawValue: name) {
            return CodeField(recordType: type.name, name: name, type: system.type, indexes: type.indexes(on: system),
                             system: system)
        }
        return type.field(named: name).map {
            CodeField(recordType: type.name, name: $0.name, type: $0.type, indexes: $0.indexes, system: nil)
        }
    }
}

/// A field as a code rule sees it: user and system fields alike.
package struct CodeField: Sendable {
    package let recordType: String
    package let name: String
    package let type: FieldType
    package let indexes: FieldIndexes
    /// The system field, when it is one.
    package let system: SystemField?

    /// The schema path of the field (the finding's subject: `Type.field`).
    package var path: SchemaPath {
        system.map { .systemField(recordType, $0) } ?? .field(recordType, name)
    }

    /// The name CloudKit's server errors use: `recordName` and `createdBy` for those system fields.
    package var serverName: String {
        switch system {
        case .recordID?: "recordName"
        case .createdBy?: "createdBy"
        default: name
        }
    }
}
