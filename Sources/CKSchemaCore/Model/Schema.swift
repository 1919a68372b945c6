/// A whole CloudKit schema: the custom security roles and the record types of one container.
///
/// The model holds what the CloudKit Schema Language can say plus the logical metadata that the YAML
/// format adds (documentation, Swift names, `bool`/`enum` fields, reference targets). It never holds source
/// positions: those live beside it in a `SourceMap`, so two schemas compare equal whatever file or layout
/// they came from.
package struct Schema: Hashable, Sendable {
    /// Custom roles (`CREATE ROLE`) in declaration order. The built-in roles are never listed here.
    package var roles: [Role]
    /// Record types in declaration order.
    package var recordTypes: [RecordType]

    package init(roles: [Role] = [], recordTypes: [RecordType] = []) {
        self.roles = roles
        self.recordTypes = recordTypes
    }

    /// Returns the record type called `name`, if the schema declares it.
    package func recordType(named name: String) -> RecordType? {
        recordTypes.first { $0.name == name }
    }

    /// Returns whether `name` is a built-in role or a role this schema declares.
    package func declaresRole(_ name: String) -> Bool {
        Role.isBuiltIn(name) || roles.contains { $0.name == name }
    }

    /// Returns the schema with every order-insensitive list sorted, so that two schemas that CloudKit treats
    /// as the same compare equal. Record types and fields are sorted by name, roles by name; grant order and
    /// the logical metadata are kept.
    ///
    /// CloudKit says the order of elements in an exported schema may differ from the order they were
    /// created in, so every comparison of "the same schema" goes through this form.
    package func canonicalized() -> Schema {
        var copy = self
        copy.roles.sort { $0.name < $1.name }
        copy.recordTypes = recordTypes.map { $0.canonicalized() }.sorted { $0.name < $1.name }
        return copy
    }

    /// Returns the schema with only what the CloudKit Schema Language can express: the logical metadata
    /// (documentation, Swift names, `bool`/`enum`, reference targets, `required`, defaults, database) is
    /// dropped. Two schemas that deploy identically have equal `cloudKitOnly()` forms.
    package func cloudKitOnly() -> Schema {
        var copy = self
        copy.recordTypes = recordTypes.map { $0.cloudKitOnly() }
        return copy
    }
}
