public import ArgumentParser
public import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting

extension SchemaLanguage: ExpressibleByArgument {}

/// `ckschema convert INPUT [-o OUT] [--to yaml|ckdb]`: lossless conversion between the two languages.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a schema between YAML and the CloudKit Schema Language (.ckdb).",
        discussion: """
            .ckdb output uses the exact layout of `cktool export-schema`. .ckdb → YAML → .ckdb gives the same \
            schema (comments are not kept). YAML → .ckdb drops the YAML-only metadata (docs, enums, bool, \
            required, defaults, reference targets, Swift names), which .ckdb cannot express. Invalid input \
            exits 1 and writes nothing.
            """
    )

    @Argument(help: "A YAML file or folder, a .ckdb file, or an environment name.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write (default: standard output). Written atomically.")
    var output: String?

    @Option(name: .long, help: "The output language: yaml or ckdb (default: from -o's extension, else the other language).")
    var to: SchemaLanguage?

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let project = try Project.load(project)
        let parsed = try project.loadSchema([input])
        if parsed.hasErrors {
            TextOutput.printToStandardError(parsed.diagnostics, sources: parsed.sources)
            throw CommandFailure.rejected("'\(input)' is not a valid schema; nothing was written")
        }
        let target = to ?? output.flatMap(SchemaLoader.language(ofPath:)) ?? (parsed.language == .yaml ? .ckdb : .yaml)
        let text = switch target {
        case .ckdb: CKDBPrinter.print(parsed.schema)
        case .yaml: YAMLPrinter.print(parsed.schema)
        }
        if target == .ckdb, parsed.schema != parsed.schema.cloudKitOnly() {
            Console.error("note: .ckdb cannot express the YAML metadata (docs, enums, bool, required, defaults, "
                + "reference targets, Swift names); it is left out")
        }
        if let output {
            try AtomicFile.write(text, to: output)
        } else {
            Console.outputProduct(text)
        }
    }
}
