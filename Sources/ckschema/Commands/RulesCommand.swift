import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules
import CKSchemaValidation

/// `ckschema rules [ID]`: the rule catalog, or one rule explained with its examples.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint, breaking-change, record-validation and code rules, or explain one.",
        discussion: """
            With a rule ID, prints its rationale and examples. --format markdown prints docs/rules.md; --format \
            json prints the lint rule catalog, examples included, for tools.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case markdown
        case json
    }

    @Argument(help: "A rule ID to explain.")
    var id: String?

    @Option(name: .long, help: "text, markdown or json.")
    var format: Format = .text

    func run() throws {
        let rules = LintRules.descriptions
        guard let id else {
            switch format {
            case .text:
                Console.output(RuleCatalogRenderer.table(rules) + BreakingRuleCatalogRenderer.table(BreakingRules.all)
                    + RecordRuleCatalogRenderer.table(RecordRules.all) + CodeRuleCatalogRenderer.table(CodeRules.all))
            case .markdown:
                Console.output(RuleCatalogRenderer.markdown(rules) + BreakingRuleCatalogRenderer.markdown(BreakingRules.all)
                    + RecordRuleCatalogRenderer.markdown(RecordRules.all) + CodeRuleCatalogRenderer.markdown(CodeRules.all))
            case .json:
                Console.output(RuleCatalogRenderer.json(rules), style: .json)
            }
            return
        }
        if let breaking = BreakingRules.rule(withID: id) {
            Console.output(BreakingRuleCatalogRenderer.explanation(breaking))
            return
        }
        if let code = CodeRules.rule(withID: id) {
            Console.output(CodeRuleCatalogRenderer.explanation(code))
            return
        }
        if let record = RecordRules.rule(withID: .init(id)) {
            Console.output(RecordRuleCatalogRenderer.explanation(record))
            return
        }
        guard let rule = LintRules.rule(withID: id)?.description else {
            if let summary = BuiltInChecks.summary(of: .init(id)) {
                Console.output("\(id): built-in check; it cannot be disabled or suppressed.\n\n\(summary)\n")
                return
            }
            let close = Spelling.closest(id, among: (rules + BreakingRules.descriptions + CodeRules.descriptions).map(\.id.rawValue) + RecordRules.all.map(\.id.rawValue))
            throw CommandFailure.couldNotRun("there is no rule '\(id)'" + Spelling.didYouMean(close))
        }
        switch format {
        case .text: Console.output(RuleCatalogRenderer.explanation(rule))
        case .markdown: Console.output(RuleCatalogRenderer.markdown([rule]))
        case .json: Console.output(RuleCatalogRenderer.json([rule]), style: .json)
        }
    }
}
