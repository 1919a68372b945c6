package import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules

/// What must hold for any input to a schema parser, checked on one input: parsing and linting finish, every
/// diagnostic is located inside the file, and a schema read without errors prints to text that reads back
/// without errors and prints the same again (in its own language, and for `.ckdb` also through YAML).
///
/// A trap in the parsers or rules shows up as a crash of the process running the oracle; broken invariants
/// come back as failures.
package struct FuzzOracle: FuzzTarget {
    /// The language the inputs are read as.
    package let language: SchemaLanguage
    private let linter = Linter(settings: LintSettings(enabled: Set(LintRules.descriptions.map(\.id.rawValue))))

    package init(language: SchemaLanguage) {
        self.language = language
    }

    /// The outcome of one input.
    package typealias Outcome = FuzzOutcome

    /// Runs `bytes` (decoded as UTF-8, invalid sequences replaced) through parser, linter and printers.
    package func check(_ bytes: some Collection<UInt8>) -> Outcome {
        let text = String(decoding: bytes, as: UTF8.self)
        let path = language == .yaml ? "fuzz.yaml" : "fuzz.ckdb"
        let parsed = SchemaLoader.parse(text, path: path, language: language)
        let findings = linter.lint(parsed)
        var outcome = Outcome()
        outcome.diagnosticIDs = Set(findings.map(\.id.rawValue))
        let lineCount = parsed.sources.first?.lineCount ?? 0
        for diagnostic in findings {
            if diagnostic.message.isEmpty { outcome.failures.append("'\(diagnostic.id)' has an empty message") }
            guard let location = diagnostic.location else { continue }
            if location.file != path || location.line < 1 || location.line > lineCount + 1 || location.column < 1 {
                outcome.failures.append("'\(diagnostic.id)' is located outside the file, at \(location)")
            }
        }
        guard !parsed.hasErrors else { return outcome }
        outcome.failures += roundTrip(parsed.schema, in: language)
        if language == .ckdb {
            let yaml = YAMLPrinter.print(parsed.schema)
            let back = SchemaLoader.parse(yaml, path: "fuzz.yaml", language: .yaml)
            if back.hasErrors {
                outcome.failures.append("the YAML printed from a valid .ckdb does not read back: \(back.diagnostics.first?.message ?? "")")
            } else if CKDBPrinter.print(back.schema) != CKDBPrinter.print(parsed.schema) {
                outcome.failures.append(".ckdb → YAML → .ckdb changes the schema")
            }
        }
        return outcome
    }

    /// Printing `schema` in `language`, reading it back and printing again gives the same text, without errors.
    private func roundTrip(_ schema: Schema, in language: SchemaLanguage) -> [String] {
        let printed = language == .yaml ? YAMLPrinter.print(schema) : CKDBPrinter.print(schema)
        let reread = SchemaLoader.parse(printed, path: "printed", language: language)
        if reread.hasErrors {
            return ["the printed schema does not read back: \(reread.diagnostics.first?.message ?? "")"]
        }
        let reprinted = language == .yaml ? YAMLPrinter.print(reread.schema) : CKDBPrinter.print(reread.schema)
        return reprinted == printed ? [] : ["printing is not stable: the schema read back prints differently"]
    }
}
