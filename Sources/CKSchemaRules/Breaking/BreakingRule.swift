package import CKSchemaCore
package import CKSchemaDiff

/// A check that judges one change between a baseline and a candidate schema against CloudKit's
/// append-only production rules.
///
/// Each rule is one type in one file, holding its documentation and its baseline/candidate examples next to
/// its logic. A change no rule reports is safe; the most severe finding classifies the rest (see
/// `ChangeClassification`). Rules never throw and never print.
package protocol BreakingRule: Sendable {
    /// Identity, documentation, the release that introduced the rule (and retired it, if it is retired) and
    /// its baseline/candidate examples (`.changes`).
    static var description: RuleDescription { get }
    /// The severity the rule reports at under `settings` (its default unless the configuration may change it).
    static func severity(in settings: DiffSettings) -> Severity
    init()
    /// Returns the finding about `change`, built with `context.diagnostic(…)`, or `nil` when the rule has
    /// nothing to say about it.
    func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic?
}

extension BreakingRule {
    /// The rule's default severity: most rules are not configurable.
    package static func severity(in settings: DiffSettings) -> Severity {
        description.defaultSeverity
    }
}

/// What a breaking rule may know besides the change: which rule it is, how severe its findings are, and
/// what the baseline is.
package struct BreakingContext: Sendable {
    /// The rule being run.
    package let rule: RuleDescription
    /// The severity its findings carry.
    package let severity: Severity
    /// The environment the baseline is a snapshot of, when it is one (`production` for the default
    /// `ckschema diff`); `nil` for a file or a git revision.
    package let baselineEnvironment: CloudKitEnvironment?
    /// What the environments hold, as far as their snapshots say.
    package let environments: EnvironmentSchemas

    /// A context for running `rule` at `severity`.
    package init(rule: RuleDescription, severity: Severity, baselineEnvironment: CloudKitEnvironment?,
                environments: EnvironmentSchemas = EnvironmentSchemas()) {
        self.rule = rule
        self.severity = severity
        self.baselineEnvironment = baselineEnvironment
        self.environments = environments
    }

    /// The finding of a rule that protects what production holds (rules 21–25) about an element of
    /// `recordType` (with `field`, that field): `what` happened, and then the consequence. When production has
    /// the element (or production is unknown), CloudKit refuses: `refusal`, at the rule's severity. When only
    /// development has it, CloudKit allows it and development's data for it is lost: a warning that says so.
    /// When no environment has it yet, nothing is lost: a note.
    package func protectingProduction(_ what: String, refusal: String, recordType: String, field: String? = nil,
                                     for change: SchemaChange) -> Diagnostic {
        switch environments.holder(recordType: recordType, field: field) {
        case .production:
            diagnostic("\(what); \(refusal)", for: change)
        case .developmentOnly:
            diagnostic("\(what); production does not have it, so CloudKit allows this, and the data development "
                + "holds for it is lost", for: change, severity: .warning)
        case .neither:
            diagnostic("\(what); no environment has it yet, so nothing is lost", for: change, severity: .note)
        }
    }

    /// A finding about `change` (at the rule's severity unless `severity` says otherwise), located in the
    /// candidate (at the element, or for a deletion at what encloses it), with a note at the baseline's
    /// declaration and the change's hints as notes.
    package func diagnostic(_ message: String, for change: SchemaChange, severity: Severity? = nil) -> Diagnostic {
        var notes: [Note] = []
        if let baseline = change.baselineLocation {
            notes.append(Note("declared here in the baseline", at: baseline))
        }
        notes += change.hints.map { Note($0) }
        return Diagnostic(id: rule.id, severity: severity ?? self.severity, message: message, location: change.candidateAnchor,
                          subject: change.subject, notes: notes)
    }
}
