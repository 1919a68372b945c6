/// Schemas the access tests share.
package enum AccessFixtures {
    /// A custom role and a public `Post` type with the usual grants plus WRITE for moderators; a test appends its
    /// own record types below it.
    package static let moderatedPosts = """
        roles: [Moderator]
        recordTypes:
          Post:
            database: public
            fields: { title: string }
            grants: { _world: [read], _icloud: [create], _creator: [write], Moderator: [write] }

        """
}
