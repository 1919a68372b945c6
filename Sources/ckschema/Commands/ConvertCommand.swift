import ArgumentParser
package import CKSchemaCore
import CKSchemaFiles
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaService
import Foundation

extension SchemaLanguage: ExpressibleByArgument {}

/// `ckschema convert INPUT [-o OUT] [--to yaml|ckdb]`: lossless conversion between the two languages.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a schema between YAML and the CloudKit Schema Language (.ckdb).",
        discussion: """
            .ckdb output uses the exact layout of `cktool export-schema`. .ckdb → YAML → .ckdb gives the same \
            schema (comments are not kept). YAML → .ckdb writes `database:` and `createdIn:` as \
            `// ckschema:database public` and `// ckschema:createdIn console` comments above the RECORD TYPE, \
            which .ckdb → YAML reads back; it drops the other YAML-only metadata (docs, enums, bool, zones, \
            required, defaults, reference targets, Swift names), which .ckdb cannot express. When -o names a \
            folder (it ends with / or exists) or with --split, YAML is written as one file per record type and \
            the roles in roles.yaml, all or nothing, into a folder that holds no other schema files. Input with \
            errors (syntax, or lint errors such as a GRANT naming two roles, whose second role the output \
            could not keep) exits 1 and writes nothing.
            """
    )

    @Argument(help: "A YAML file or folder, a .ckdb file, or an environment name.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write (default: standard output). Written atomically.")
    var output: String?

    @Option(name: .long, help: "The output language: yaml or ckdb (default: from -o's extension, else the other language).")
    var to: SchemaLanguage?

    @Flag(name: .long, help: ArgumentHelp(
        "Write YAML as a folder: one file per record type, the roles in their own file (the same when -o names a folder)."))
    var split = false

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let project = try Project.load(project)
        let parsed = try project.loadSchema([input])
        let errors = SchemaConversion.errors(in: parsed, settings: project.configuration.lint)
        if !errors.isEmpty {
            TextOutput.printToStandardError(errors, sources: parsed.sources)
            throw CommandFailure.rejected("'\(input)' is not a valid schema; nothing was written")
        }
        let converted = try ConversionOutput.plan(parsed, input: input, output: output, language: to, split: split)
        if case .file(_, _, let note?) = converted { Console.error("note: \(note)") }
        if let output {
            let written = try converted.write(to: output)
            if case .folder = converted { Console.error(written) }
        } else if case .file(let text, _, _) = converted {
            Console.outputProduct(text)
        }
    }
}
