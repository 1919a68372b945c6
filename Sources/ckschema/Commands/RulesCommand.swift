import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules

/// `ckschema rules [ID]`: the rule catalog, or one rule explained with its examples.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint and breaking-change rules, or explain one.",
        discussion: "With a rule ID, prints its rationale and examples. --format markdown prints docs/rules.md."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case markdown
    }

    @Argument(help: "A rule ID to explain.")
    var id: String?

    @Option(name: .long, help: "text or markdown.")
    var format: Format = .text

    func run() throws {
        let rules = LintRules.descriptions
        guard let id else {
            Console.output(format == .markdown
                ? RuleCatalogRenderer.markdown(rules) + BreakingRuleCatalogRenderer.markdown(BreakingRules.all)
                : RuleCatalogRenderer.table(rules) + BreakingRuleCatalogRenderer.table(BreakingRules.all))
            return
        }
        if let breaking = BreakingRules.rule(withID: id) {
            Console.output(BreakingRuleCatalogRenderer.explanation(breaking))
            return
        }
        guard let rule = LintRules.rule(withID: id)?.description else {
            if let summary = BuiltInChecks.summary(of: .init(id)) {
                Console.output("\(id): built-in check, always an error.\n\n\(summary)\n")
                return
            }
            let close = Spelling.closest(id, among: (rules + BreakingRules.descriptions).map(\.id.rawValue))
            throw CommandFailure.couldNotRun("there is no rule '\(id)'" + Spelling.didYouMean(close))
        }
        Console.output(RuleCatalogRenderer.explanation(rule))
    }
}
