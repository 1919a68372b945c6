/// How the Swift generator names and lays out what it generates.
package struct SwiftGeneratorOptions: Hashable, Sendable {
    /// The access level of the generated API.
    package enum AccessLevel: String, Hashable, Sendable, CaseIterable {
        /// Visible within the module that compiles the generated files (the default).
        case `internal`
        /// Visible to other modules; imports become `public import`.
        case `public`
    }

    /// How declarations are spread over files.
    package enum FileLayout: Hashable, Sendable {
        /// One file per record type (`<Type>.swift`) plus `<namespace>.swift` with the shared support code.
        case filePerRecordType
        /// Everything in one file with this name (what the build plugin declares as its output).
        case singleFile(name: String)
    }

    /// The access level of models and support types.
    package var accessLevel: AccessLevel
    /// The name of the enum that holds the shared support types (`RecordID`, `Location`, `RecordError`).
    package var namespace: String
    /// Text put before every model's type name (`CJ` makes `CJJournalEntry`), so that models of several schemas
    /// can share a module; overrides and `swiftName`s get it too.
    package var typeNamePrefix: String
    /// Whether `CD_` is dropped from the names of Core Data mirrored record types and fields.
    package var stripsCoreDataPrefix: Bool
    /// Swift type names to use instead of the derived ones, keyed by record type name. They win over
    /// `swiftName` in the schema.
    package var typeNameOverrides: [String: String]
    /// Swift property names to use instead of the derived ones, keyed by record type name, then field name.
    package var propertyNameOverrides: [String: [String: String]]
    /// How declarations are spread over files.
    package var layout: FileLayout

    package init(
        accessLevel: AccessLevel = .internal,
        namespace: String = "CloudKitSchema",
        typeNamePrefix: String = "",
        stripsCoreDataPrefix: Bool = true,
        typeNameOverrides: [String: String] = [:],
        propertyNameOverrides: [String: [String: String]] = [:],
        layout: FileLayout = .filePerRecordType
    ) {
        self.accessLevel = accessLevel
        self.namespace = namespace
        self.typeNamePrefix = typeNamePrefix
        self.stripsCoreDataPrefix = stripsCoreDataPrefix
        self.typeNameOverrides = typeNameOverrides
        self.propertyNameOverrides = propertyNameOverrides
        self.layout = layout
    }
}
