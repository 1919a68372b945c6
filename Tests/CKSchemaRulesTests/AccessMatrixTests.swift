import CKSchemaCore
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// The access matrix: which types are public, what each cell says and means, and how a deploy changes it.
@Suite struct AccessMatrixTests {
    private static let schema = parseYAML(AccessFixtures.moderatedPosts + """
          Board:
            fields: { name: string }
            grants: { _world: [create, write], _creator: [create] }
          Secret:
            fields: { body: string }
            grants: { _creator: [read, write], _icloud: [create] }
          Diary:
            database: private
            fields: { body: string }
          Loose:
            fields: { body: string }
        """).schema

    private func cell(_ type: String, _ role: String, _ permission: Permissions) throws -> AccessCell {
        try #require(AccessMatrix(Self.schema).row(type)?.cell(role, permission))
    }

    @Test func publicTypesAreThoseSaidPublicOrGrantingSomething() {
        let matrix = AccessMatrix(Self.schema)
        #expect(matrix.rows.map(\.recordType) == ["Post", "Board", "Secret"])
        #expect(matrix.omitted == ["Diary", "Loose"])
        #expect(matrix.roles == ["_world", "_icloud", "_creator", "Moderator"])
    }

    @Test func grantedCellsSayWhatTheRoleMayDo() throws {
        #expect(try cell("Post", "_world", .read).mark == "yes")
        #expect(try cell("Post", "_world", .read).meaning == "anyone may read its records, signed in to iCloud or not")
        #expect(try cell("Post", "_icloud", .create).meaning == "any user signed in to iCloud may create records")
        #expect(try cell("Post", "_creator", .write).meaning == "the record's creator may change or delete it")
        #expect(try cell("Post", "Moderator", .write).meaning
            == "users given role Moderator in the CloudKit Console may change or delete any record, whoever created it")
    }

    @Test func rolesAddUpSoSignedInUsersReadWhatTheWorldReads() throws {
        let icloud = try cell("Post", "_icloud", .read)
        #expect(!icloud.granted && icloud.isEffective && icloud.effectiveThrough == "_world")
        #expect(icloud.mark == "(yes)")
        #expect(try cell("Post", "Moderator", .create).effectiveThrough == "_icloud")
        #expect(try cell("Post", "_creator", .create).effectiveThrough == "_icloud")
    }

    @Test func writeImpliesNeitherReadNorCreate() throws {
        let moderatorRead = try cell("Post", "Moderator", .read)
        #expect(moderatorRead.effectiveThrough == "_world")  // through _world, not through its WRITE
        let secretRead = try cell("Secret", "_icloud", .read)
        #expect(!secretRead.isEffective && secretRead.mark == "-")
        #expect(secretRead.meaning == "signed-in iCloud users may not read its records")
        #expect(try cell("Post", "_icloud", .write).isEffective == false)
    }

    @Test func theWorldCannotSaveWithoutSigningIn() throws {
        let create = try cell("Board", "_world", .create)
        #expect(create.granted && !create.isEffective && create.mark == "yes*")
        #expect(create.meaning.contains("CloudKit saves only for signed-in users"))
        #expect(try cell("Board", "_icloud", .write).effectiveThrough == "_world")
        #expect(try cell("Post", "_world", .create).meaning
            == "users not signed in to iCloud may not create records: saving needs a signed-in user")
    }

    @Test func creatorCreateGivesNothing() throws {
        let create = try cell("Board", "_creator", .create)
        #expect(create.granted && create.isVoid && create.mark == "yes*")
        #expect(create.effectiveThrough == "_world")  // through _world's CREATE, for a signed-in creator
        #expect(create.meaning == "no effect: a record has no creator before it is created")
    }

    @Test func summariesSayWhoMayDoEachThing() throws {
        let matrix = AccessMatrix(Self.schema)
        let post = try #require(matrix.row("Post"))
        #expect(post.summary(of: .write, roles: matrix.roles).hasPrefix("the record's creator may change or delete it (_creator); users given role Moderator"))
        let secret = try #require(matrix.row("Secret"))
        #expect(secret.summary(of: .write, roles: matrix.roles) == "only the record's creator may change or delete it (_creator)")
        let board = try #require(matrix.row("Board"))
        #expect(board.summary(of: .read, roles: matrix.roles) == "no one may read its records")
        // A role whose users hold a broader role granted the same is left out: everyone reads already.
        let wide = AccessMatrix(parseYAML(AccessFixtures.moderatedPosts.replacingOccurrences(
            of: "Moderator: [write]", with: "Moderator: [read, write]")).schema)
        #expect(try #require(wide.row("Post")).summary(of: .read, roles: wide.roles)
            == "anyone may read its records, signed in to iCloud or not (_world)")
    }

    @Test func changesAreListedCellByCell() {
        let before = parseYAML("""
            recordTypes:
              Post:
                fields: { title: string }
                grants: { _world: [read], _icloud: [create], _creator: [write] }
            """).schema
        let after = parseYAML("""
            recordTypes:
              Post:
                fields: { title: string }
                grants: { _world: [read], _icloud: [create, write] }
            """).schema
        let changes = AccessChange.changes(from: AccessMatrix(before), to: AccessMatrix(after))
        #expect(changes.map { "\($0.role) \($0.permission.keyword) \($0.before?.mark ?? "") -> \($0.after?.mark ?? "")" } == [
            "_icloud WRITE - -> yes", "_creator WRITE yes -> (yes)",
        ])
        #expect(changes.map(\.widens) == [true, false])
        #expect(AccessChange.changes(from: AccessMatrix(after), to: AccessMatrix(after)).isEmpty)
    }
}
