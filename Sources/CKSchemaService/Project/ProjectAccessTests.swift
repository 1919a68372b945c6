package import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules

/// The access tests of a project: those under `access:` in `ckschema.yaml`, then those of each file it names.
package struct ProjectAccessTests: Sendable {
    package var tests: [AccessTest] = []
    /// Problems of form in the named files (unknown keys, permissions): the configuration is invalid.
    package var diagnostics: [Diagnostic] = []
    /// The files the tests were read from, for quoting lines.
    package var sources: [SourceFile] = []
}

extension Project {
    /// Reads the project's access tests. A named file that cannot be read is one sentence; problems of form in
    /// it are returned, for the caller to report before stopping.
    package func accessTests() throws(ServiceError) -> ProjectAccessTests {
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

    /// What `ckschema lint` adds to the lint of the project schema: its access tests, run against it when that
    /// is what is linted (`paths` empty) and it reads without errors. Problems of form in the test files stop
    /// the run, with those problems.
    package func accessTestFindings(paths: [String], schemas: [ParsedSchema]) throws(ServiceError)
        -> (diagnostics: [Diagnostic], sources: [SourceFile]) {
        guard paths.isEmpty, schemas.count == 1, let schema = schemas.first, !schema.hasErrors else { return ([], []) }
        let access = try accessTests()
        if access.diagnostics.containsErrors {
            throw .invalid("the access tests could not be read", diagnostics: access.diagnostics, sources: access.sources)
        }
        return (AccessTestChecker(schema).check(access.tests), access.sources)
    }
}
