import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Access tests: read from `access:` (located), judged against a schema's grants, broken ones located.
@Suite struct AccessTestCheckerTests {
    private static let schema = parseYAML(AccessFixtures.moderatedPosts + """
          Comment:
            database: public
            fields: { body: string }
            grants: { _world: [read], _icloud: [create, write] }
          Diary:
            database: private
            fields: { body: string }
        """, path: "schemas/app.yaml")

    private func load(_ text: String, path: String = "ckschema.yaml") -> (configuration: ProjectConfiguration, diagnostics: [Diagnostic]) {
        ConfigurationLoader.load(SourceFile(path: path, text: text), directory: ".")
    }

    private func check(_ access: String) -> [Diagnostic] {
        let loaded = load("access:\n" + access)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        return AccessTestChecker(Self.schema).check(loaded.configuration.access.tests)
    }

    @Test func testsThatHoldPass() {
        #expect(check("""
              - { as: _world, can: [read], cannot: [create, write], on: [Post, Comment] }
              - { as: Moderator, can: [read, write], on: [Post] }
              - { as: _icloud, can: [read, create], cannot: [write], on: Post }
              - { as: _creator, can: [write], on: [Post] }
            """).isEmpty)
    }

    @Test func aFailingTestIsAnErrorAtTheTestWithANoteAtTheGrant() throws {
        let problems = check("""
              - { as: _world, can: [read], on: [Post] }
              - { as: _icloud, cannot: [write], on: [Post, Comment] }
            """)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.id == .accessTestFailed && problem.severity == .error)
        #expect(problem.location == SourceLocation(file: "ckschema.yaml", line: 3, column: 5))
        #expect(problem.message == "access test fails: _icloud can write Comment, through _icloud: any user signed in to "
            + "iCloud may change or delete any record, whoever created it")
        #expect(problem.notes.first?.location?.file == "schemas/app.yaml")
        #expect(problem.notes.first?.location?.line == 10)
    }

    @Test func aMissingPermissionSaysWhoMayNot() {
        let problems = check("  - { as: _world, can: [create], on: [Post] }\n")
        #expect(problems.map(\.message) == [
            "access test fails: _world cannot create Post: users not signed in to iCloud may not create records: saving needs a signed-in user",
        ])
    }

    @Test func unknownRolesAndTypesAreInvalidAtTheirNames() {
        let problems = check("  - { as: Admin, can: [read], on: [Post, Postt, Diary] }\n")
        #expect(problems.map(\.id) == [.accessTestInvalid, .accessTestInvalid, .accessTestInvalid])
        #expect(problems.map { $0.location?.column } == [11, 42, 49])
        #expect(problems[0].message.contains("role 'Admin', which the schema does not declare; roles: _world, _icloud, _creator, Moderator"))
        #expect(problems[1].message.contains("record type 'Postt', which the schema does not declare"))
        #expect(problems[2].message.contains("'Diary', which is in the private database"))
        #expect(AccessTestChecker.hasInvalidTests(problems))
    }

    @Test func malformedTestsAreLocatedConfigurationErrors() {
        let loaded = load("""
            access:
              - { as: _world, can: [read, delete], on: [Post] }
              - { as: _world, on: [Post] }
              - { can: [read], on: [Post] }
              - { as: _world, can: [read], cannot: [read], on: Post }
              - { as: _world, can: [read], on: [Post], by: x }
              - schemas/access.yaml
              - [read]
            """)
        #expect(loaded.diagnostics.map(\.id) == Array(repeating: .configInvalidValue, count: 4) + [.configUnknownKey, .configInvalidValue])
        #expect(loaded.diagnostics.map { $0.location?.line } == [2, 3, 4, 5, 6, 8])
        #expect(loaded.diagnostics[0].message == "unknown permission 'delete' in 'can'; expected read, create or write")
        #expect(loaded.configuration.access.tests.isEmpty)  // a test with any problem is not judged
        #expect(loaded.configuration.access.files.map(\.name) == ["schemas/access.yaml"])
    }

    @Test func accessFilesHoldTestsButNameNoFiles() {
        let loaded = ConfigurationLoader.loadAccessTests(SourceFile(path: "schemas/access.yaml", text: """
            access:
              - { as: _world, can: [read], on: [Post] }
              - other.yaml
            """))
        #expect(loaded.tests.map(\.role.name) == ["_world"])
        #expect(loaded.tests.first?.location == SourceLocation(file: "schemas/access.yaml", line: 2, column: 5))
        #expect(loaded.diagnostics.map { $0.location?.line } == [3])
    }

    @Test func aSchemaFileMayHoldAccessTests() {
        let parsed = parseYAML("recordTypes:\n  Post: { fields: { title: string } }\naccess:\n  - { as: _world, can: [read], on: [Post] }\n")
        #expect(parsed.diagnostics.isEmpty)
    }
}
