package import CKSchemaCore

/// A check that inspects one parsed schema and reports problems in it.
///
/// Each rule is one type in one file, holding its description (documentation and examples) next to its
/// logic. A rule never throws and never prints; on a schema it cannot fully judge it reports what it can.
package protocol LintRule: Sendable {
    /// Identity, documentation and test examples of the rule.
    static var description: RuleDescription { get }
    init()
    /// Returns the problems found in `schema`, built with `context.diagnostic(…)`.
    func lint(_ schema: Schema, context: LintContext) -> [Diagnostic]
}
