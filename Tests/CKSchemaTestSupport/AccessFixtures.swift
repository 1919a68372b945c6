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

    /// A public type made in the Console (`createdIn: console`), as the YAML printer writes it: the YAML settings
    /// `.ckdb` carries as `// ckschema:` directives.
    package static let consoleCountry = """
        recordTypes:
          Country:
            database: public
            createdIn: console
            fields:
              name: string
            grants: { _world: [read] }

        """
}
