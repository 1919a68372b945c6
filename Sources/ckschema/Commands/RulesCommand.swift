import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules

/// `ckschema rules [ID]`: the rule catalog, or one rule explained with its examples.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint rules, or explain one.",
        discussion: """
            With a rule ID, prints its rationale and examples. --format markdown prints docs/rules.md; --format \
            json prints the whole catalog, examples included, for tools.
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
            case .text: Console.output(RuleCatalogRenderer.table(rules))
            case .markdown: Console.output(RuleCatalogRenderer.markdown(rules))
            case .json: Console.output(RuleCatalogRenderer.json(rules))
            }
            return
        }
        guard let rule = LintRules.rule(withID: id)?.description else {
            if let summary = BuiltInChecks.summary(of: .init(id)) {
                Console.output("\(id): built-in check, always an error.\n\n\(summary)\n")
                return
            }
            let close = Spelling.closest(id, among: rules.map(\.id.rawValue))
            throw CommandFailure.couldNotRun("there is no rule '\(id)'" + Spelling.didYouMean(close))
        }
        switch format {
        case .text: Console.output(RuleCatalogRenderer.explanation(rule))
        case .markdown: Console.output(RuleCatalogRenderer.markdown([rule]))
        case .json: Console.output(RuleCatalogRenderer.json([rule]))
        }
    }
}
