import CKSchemaCore
import CKSchemaParsing

/// The access tests of a project: those under `access:` in `ckschema.yaml`, then those of each file it names.
struct ProjectAccessTests {
    var tests: [AccessTest] = []
    /// Problems of form in the named files (unknown keys, permissions): the configuration is invalid.
    var diagnostics: [Diagnostic] = []
    /// The files the tests were read from, for quoting lines.
    var sources: [SourceFile] = []
}

extension Project {
    /// Reads the project's access tests. A named file that cannot be read is one sentence and exit 2; problems of
    /// form in it are returned, for the caller to report before stopping (exit 2).
    func accessTests() throws(CommandFailure) -> ProjectAccessTests {
        var result = ProjectAccessTests(tests: configuration.access.tests, sources: [configFile].compactMap { $0 })
        for reference in configuration.access.files {
            let file: SourceFile
            do {
                file = try SchemaLoader.read(path(reference.name))
            } catch {
                let place = reference.location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
                throw .couldNotRun("\(place)the access-test file \(error)")
            }
            let loaded = ConfigurationLoader.loadAccessTests(file)
            result.tests += loaded.tests
            result.diagnostics += loaded.diagnostics
            result.sources.append(file)
        }
        return result
    }
}
