public import CKSchemaCore
public import CKSchemaDiff

/// A check that judges one change between a baseline and a candidate schema against CloudKit's
/// append-only production rules.
///
/// Each rule is one type in one file, holding its documentation and its baseline/candidate examples next to
/// its logic. A change no rule reports is safe; the most severe finding classifies the rest (see
/// `ChangeClassification`). Rules never throw and never print.
public protocol BreakingRule: Sendable {
    /// Identity and documentation. Its `triggeringExamples` and `nonTriggeringExamples` are empty: a
    /// breaking rule's examples are pairs of schemas (`triggeringChanges`, `nonTriggeringChanges`).
    static var description: RuleDescription { get }
    /// The ckschema version that introduced the rule; the lock file records it.
    static var introduced: String { get }
    /// Baseline/candidate pairs the rule must report, with `↓` where it reports.
    static var triggeringChanges: [ChangeExample] { get }
    /// Baseline/candidate pairs the rule must not report.
    static var nonTriggeringChanges: [ChangeExample] { get }
    /// The severity the rule reports at under `settings` (its default unless the configuration may change it).
    static func severity(in settings: DiffSettings) -> Severity
    init()
    /// Returns the finding about `change`, built with `context.diagnostic(…)`, or `nil` when the rule has
    /// nothing to say about it.
    func check(_ change: SchemaChange, context: BreakingContext) -> Diagnostic?
}

extension BreakingRule {
    /// The rule's default severity: most rules are not configurable.
    public static func severity(in settings: DiffSettings) -> Severity {
        description.defaultSeverity
    }
}

/// What a breaking rule may know besides the change: which rule it is, how severe its findings are, and
/// what the baseline is.
public struct BreakingContext: Sendable {
    /// The rule being run.
    public let rule: RuleDescription
    /// The severity its findings carry.
    public let severity: Severity
    /// The environment the baseline is a snapshot of, when it is one (`production` for the default
    /// `ckschema diff`); `nil` for a file or a git revision.
    public let baselineEnvironment: CloudKitEnvironment?

    /// A context for running `rule` at `severity`.
    public init(rule: RuleDescription, severity: Severity, baselineEnvironment: CloudKitEnvironment?) {
        self.rule = rule
        self.severity = severity
        self.baselineEnvironment = baselineEnvironment
    }

    /// A finding about `change`, located in the candidate (at the element, or for a deletion at what
    /// encloses it), with a note at the baseline's declaration and the change's hints as notes.
    public func diagnostic(_ message: String, for change: SchemaChange) -> Diagnostic {
        var notes: [Note] = []
        if let baseline = change.baselineLocation {
            notes.append(Note("declared here in the baseline", at: baseline))
        }
        notes += change.hints.map { Note($0) }
        return Diagnostic(id: rule.id, severity: severity, message: message, location: change.candidateAnchor,
                          subject: change.subject, notes: notes)
    }
}
