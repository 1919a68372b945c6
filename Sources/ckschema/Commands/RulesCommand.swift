import ArgumentParser
package import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

/// `ckschema rules [ID] [--kind KIND]`: the rule catalog of every kind, or one entry explained with its examples.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint, breaking-change, code, record-validation, codegen, model, app and built-in checks, or explain one.",
        discussion: """
            With a rule ID, prints its rationale and examples. --format markdown prints docs/rules.md; --format \
            json prints the catalog, examples included, for tools. --kind lists one kind of check.
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

    @Option(name: .long, help: "Only checks of this kind: lint, breaking, code, record, codegen, model, app or built-in.")
    var kind: RuleKind?

    func run() throws {
        let entries: [RuleDescription]
        if let id {
            do {
                entries = [try RuleLookup.rule(id, of: kind)]
            } catch {
                throw CommandFailure.couldNotRun(error.description)
            }
        } else {
            entries = RuleLookup.rules(of: kind)
        }
        switch format {
        case .text where id == nil: Console.output(RuleCatalogRenderer.table(entries))
        case .text: Console.output(RuleCatalogRenderer.explanation(entries[0]))
        case .markdown: Console.output(RuleCatalogRenderer.markdown(entries))
        case .json: Console.output(RuleCatalogRenderer.json(entries), style: .json)
        }
    }
}

extension RuleKind: ExpressibleByArgument {}
