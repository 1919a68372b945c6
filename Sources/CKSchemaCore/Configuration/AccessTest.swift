/// One access test of `access:` in `ckschema.yaml` (or a file it names): what users holding a role can and
/// cannot do with the records of some public record types.
///
/// ```yaml
/// access:
///   - { as: _world, can: [read], cannot: [create, write], on: [Post, Comment] }
///   - schemas/access.yaml
/// ```
package struct AccessTest: Hashable, Sendable {
    /// The role, as written, with where.
    package var role: NamedReference
    /// Permissions the role must have (through any role its users hold).
    package var can: Permissions
    /// Permissions the role must not have.
    package var cannot: Permissions
    /// The record types, as written, each with where.
    package var recordTypes: [NamedReference]
    /// The test's own mapping, where a failure is reported.
    package var location: SourceLocation?

    package init(role: NamedReference, can: Permissions = [], cannot: Permissions = [],
                recordTypes: [NamedReference], location: SourceLocation?) {
        self.role = role
        self.can = can
        self.cannot = cannot
        self.recordTypes = recordTypes
        self.location = location
    }
}

/// `access:` in `ckschema.yaml`: the access tests written there, and the files named there that hold more.
package struct AccessSettings: Hashable, Sendable {
    package var tests: [AccessTest]
    /// Files with an `access:` list of their own, relative to the configuration's folder, with where each was
    /// named.
    package var files: [NamedReference]

    package init(tests: [AccessTest] = [], files: [NamedReference] = []) {
        self.tests = tests
        self.files = files
    }
}
