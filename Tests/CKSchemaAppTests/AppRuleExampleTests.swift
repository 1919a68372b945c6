import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCodeAnalysis
import CKSchemaCore
import Testing

/// Every doctor rule's documented examples, run as tests: each triggering example reports exactly at its
/// markers, each non-triggering one not at all.
@Suite struct AppRuleExampleTests {
    @Test(arguments: AppRules.all.map { $0.description.id.rawValue })
    func examples(_ id: String) throws {
        let rule = try #require(AppRules.all.first { $0.description.id.rawValue == id }).description
        guard case .app(let triggering, let nonTriggering) = rule.examples else {
            Issue.record("\(rule.id) has no app examples")
            return
        }
        #expect(!triggering.isEmpty && !nonTriggering.isEmpty, "\(rule.id) needs examples of both kinds")
        for example in triggering {
            let found = Self.findings(of: rule.id, in: example)
            let got = found.compactMap { $0.location.map { "\($0.file):\($0.line):\($0.column)" } }.sorted()
            let expected = example.markedPositions.map { "\($0.path):\($0.line):\($0.column)" }.sorted()
            #expect(got == expected, "\(example.fileID):\(example.line): \(found.map(\.message))")
        }
        for example in nonTriggering {
            let found = Self.findings(of: rule.id, in: example)
            #expect(found.isEmpty, "\(example.fileID):\(example.line): \(found.map(\.message))")
        }
    }

    @Test(arguments: AppRules.all.map { $0.description.id.rawValue })
    func examplesReadWithoutErrors(_ id: String) throws {
        let rule = try #require(AppRules.all.first { $0.description.id.rawValue == id }).description
        guard case .app(let triggering, let nonTriggering) = rule.examples else { return }
        for example in triggering + nonTriggering {
            let readIDs = Set(AppReadDiagnostics.all.map(\.id))
            let errors = Self.diagnostics(example).filter { readIDs.contains($0.id) }
            #expect(errors.isEmpty, "\(example.fileID):\(example.line): \(errors.map(\.message))")
        }
    }

    static func diagnostics(_ example: AppExample) -> [Diagnostic] {
        let files = InMemoryAppFiles(example.unmarkedFiles.map { ($0.path, $0.text) })
        let config = files.contents["ckschema.yaml"].flatMap {
            AppProjectReader.configuredContainer(in: SourceFile(path: "ckschema.yaml", text: $0))
        }
        var project = AppProjectReader.read(files, configuredContainer: config)
        // The Swift files are read as `ckschema-check-code app-facts` reads them for doctor.
        let swift = example.unmarkedFiles.filter { $0.path.hasSuffix(".swift") }.map { SourceFile(path: $0.path, text: $0.text) }
        if !swift.isEmpty { project.code = AppFactsReader.read(swift).facts }
        return AppRules.check(project)
    }

    static func findings(of id: DiagnosticID, in example: AppExample) -> [Diagnostic] {
        diagnostics(example).filter { $0.id == id }
    }
}
