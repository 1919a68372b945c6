import CKSchemaCodegen
import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// The Swift generator over every schema of the shared corpus (real `cktool export-schema` files): each one
/// either generates, or is refused with located codegen diagnostics; and everything generated type-checks
/// against the CloudKit stand-ins.
@Suite(.sharedCorpus("ckdb")) struct CorpusCodegenTests {
    /// The corpus schemas that parse without errors, by file name.
    static let schemas: [(name: String, parsed: ParsedSchema)] = {
        guard let directory = SharedCorpus.directory("ckdb"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".ckdb") }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
                return nil
            }
            let parsed = CKDBParser.parse(SourceFile(path: name, text: text))
            return parsed.hasErrors ? nil : (name, parsed)
        }
    }()

    static func generate(_ parsed: ParsedSchema, name: String,
                         options: SwiftGeneratorOptions = SwiftGeneratorOptions()) -> GenerationResult {
        SwiftGenerator(options: options).generate(GeneratorInput(schema: parsed.schema, sourceMap: parsed.sourceMap,
                                                                 schemaPath: name))
    }

    @Test func everyCorpusSchemaGeneratesOrIsRefusedWithLocatedDiagnostics() {
        #expect(!Self.schemas.isEmpty)
        var generated = 0
        var refused: [String] = []
        for (name, parsed) in Self.schemas {
            let result = Self.generate(parsed, name: name)
            if result.succeeded {
                generated += 1
                #expect(!result.files.isEmpty)
                #expect(Self.generate(parsed, name: name).files == result.files, "\(name) is not deterministic")
                continue
            }
            refused.append(name)
            #expect(result.files.isEmpty, "\(name) was refused but returned files")
            for diagnostic in result.diagnostics where diagnostic.severity == .error {
                #expect(diagnostic.id.rawValue.hasPrefix("codegen_"), "\(name): \(diagnostic.message)")
                #expect(diagnostic.location?.file == name, "\(name): '\(diagnostic.message)' is not located")
            }
        }
        print("corpus codegen: \(Self.schemas.count) parseable schemas, \(generated) generated, refused: \(refused)")
        // Refusals are rare and deliberate (a Core Data type and a plain type that map to one Swift name).
        #expect(generated >= Self.schemas.count - 2)
    }

    @Test(.enabled(if: StandInCompiler.find() != nil, "needs the CloudKit stand-in modules, built on Linux only"))
    func everythingGeneratedFromTheCorpusTypeChecks() throws {
        let compiler = try #require(StandInCompiler.find())
        try #require(!Self.schemas.isEmpty)
        let folder = try TemporaryDirectory()
        var files: [String] = []
        for (index, (name, parsed)) in Self.schemas.enumerated() {
            // One file and one namespace per schema, and a prefix on every type, so all schemas share a module.
            let options = SwiftGeneratorOptions(accessLevel: index.isMultiple(of: 2) ? .internal : .public,
                                                namespace: "Corpus\(index)", typeNamePrefix: "C\(index)",
                                                layout: .singleFile(name: "Corpus\(index).swift"))
            let result = Self.generate(parsed, name: name, options: options)
            for file in result.files {
                files.append(try folder.write(file.contents, to: file.name).path)
            }
        }
        let result = try compiler.typeCheck(files)
        #expect(result.status == 0, "\(result.output.prefix(4_000))")
        #expect(!result.output.contains("warning:"), "\(result.output.prefix(4_000))")
    }
}
