import CKSchemaCodegen
import CKSchemaCore
import CKSchemaTestSupport
import Foundation
import Testing

/// Typed queries with index safety at compile time: the snippets under `QuerySnippets/` are compiled, one
/// `swiftc -typecheck` each, against modules built once from the generated CloudJournal and edge-case models;
/// queries production cannot serve must fail with the expected diagnostic, valid ones must compile cleanly.
@Suite struct QuerySnippetTests {
    /// What a snippet's header says the compiler does.
    struct Expectation: Equatable {
        var errors: [String] = []
        var warnings: [String] = []
        var compiles = false
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("QuerySnippets")

    static var snippets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// Reads the `// expect…` lines at the top of a snippet.
    static func expectation(of text: String) -> Expectation {
        var expectation = Expectation()
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("// expect") else { break }
            if line == "// expect: compiles" {
                expectation.compiles = true
            } else if let range = line.range(of: "// expect-error: ") {
                expectation.errors.append(String(line[range.upperBound...]))
            } else if let range = line.range(of: "// expect-warning: ") {
                expectation.warnings.append(String(line[range.upperBound...]))
            }
        }
        return expectation
    }

    /// The two model modules, compiled once for every snippet.
    static let modules: Result<(compiler: StandInCompiler, folder: URL), any Error>? = {
        guard let compiler = StandInCompiler.find() else { return nil }
        return Result {
            // Beside the stand-in modules in the build folder, rewritten by every run.
            let folder = compiler.modules.deletingLastPathComponent().appendingPathComponent("QuerySnippetModules")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let cloudJournal = SwiftGenerator(options: SwiftGeneratorOptions(
                accessLevel: .public, layout: .singleFile(name: "CloudJournalModels.swift")
            )).generate(ReferenceTests.cloudJournal)
            let edgeCases = SwiftGenerator(options: SwiftGeneratorOptions(
                accessLevel: .public, namespace: "EdgeCaseSchema", layout: .singleFile(name: "EdgeCaseModels.swift")
            )).generate(GeneratorInput(schema: EdgeCaseSchema.schema, schemaPath: EdgeCaseSchema.path))
            for (name, result) in [("CloudJournalModels", cloudJournal), ("EdgeCaseModels", edgeCases)] {
                let files = try result.files.map { file in
                    let url = folder.appendingPathComponent("\(name)-\(file.name)")
                    try Data(file.contents.utf8).write(to: url)
                    return url.path
                }
                let output = try compiler.emitModule(name, from: files, into: folder)
                guard output.status == 0 else { throw CompileFailure(text: output.text) }
            }
            return (compiler, folder)
        }
    }()

    struct CompileFailure: Error, CustomStringConvertible {
        let text: String
        var description: String { "the model module did not compile:\n\(text.prefix(4_000))" }
    }

    @Test func everySnippetSaysWhatToExpect() throws {
        #expect(Self.snippets.count >= 10)
        for name in Self.snippets {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            let expectation = Self.expectation(of: text)
            #expect(expectation.compiles != !(expectation.errors.isEmpty && expectation.warnings.isEmpty),
                    "\(name) must say '// expect: compiles' or list expected errors or warnings")
        }
    }

    @Test(.enabled(if: StandInCompiler.find() != nil, "needs the CloudKit stand-in modules, built on Linux only"),
          arguments: snippets)
    func snippetCompilesAsExpected(_ name: String) throws {
        let (compiler, folder) = try #require(Self.modules).get()
        let file = Self.folder.appendingPathComponent(name)
        let expectation = Self.expectation(of: try String(contentsOf: file, encoding: .utf8))
        let output = try compiler.typeCheck(file.path, importing: folder)
        let diagnostics = output.text.split(separator: "\n").filter { $0.hasPrefix(file.path + ":") }
        let errors = diagnostics.filter { $0.contains(": error: ") }
        let warnings = diagnostics.filter { $0.contains(": warning: ") }
        if expectation.errors.isEmpty {
            #expect(output.status == 0, "\(name) does not compile:\n\(output.text.prefix(4_000))")
        } else {
            #expect(output.status != 0, "\(name) compiles, but must not")
        }
        for expected in expectation.errors {
            #expect(errors.contains { $0.contains(expected) }, "\(name): no error containing \"\(expected)\" in:\n\(output.text.prefix(4_000))")
        }
        for expected in expectation.warnings {
            #expect(warnings.contains { $0.contains(expected) }, "\(name): no warning containing \"\(expected)\" in:\n\(output.text.prefix(4_000))")
        }
        if expectation.compiles {
            #expect(warnings.isEmpty, "\(name) compiles with warnings:\n\(warnings.joined(separator: "\n"))")
        }
    }
}
