package import CKSchemaCore

/// One difference between the model that shipped and the model now, located in both versions: an entity,
/// attribute or relationship added, removed or renamed, or one of its properties changed. The evolution rules
/// judge these (MODELS.md §9), `ckschema diff` lists them beside the CloudKit schema change they make, and the
/// JSON reports carry them as they are.
package struct ModelChange: Hashable, Sendable, Codable {
    /// What changed.
    package enum Element: String, Hashable, Sendable, Codable {
        case entity, attribute, relationship
    }

    /// How it changed.
    package enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case added, removed
        /// Renamed with a renaming identifier (`@Attribute(originalName:)`, Core Data `elementID`): the store
        /// migrates the values; without one, a rename is a removal and an addition (see `renameHint`).
        case renamed
        /// The attribute's type (Swift or Core Data), whether or not its CloudKit field type changes.
        case typeChanged
        case optionalityChanged
        /// A default value added, removed or changed.
        case defaultChanged
        /// To-one ↔ to-many.
        case cardinalityChanged
        case destinationChanged
        case inverseChanged
        case deleteRuleChanged
        /// `@Attribute(.unique)`, `#Unique`, Core Data uniqueness constraints.
        case uniquenessChanged
        /// `allowsCloudEncryption`.
        case encryptionChanged
        /// `.externalStorage` / Allows External Storage.
        case externalStorageChanged
        case transformerChanged
        case orderingChanged
        /// The parent entity (Core Data inheritance), which decides the record type.
        case parentChanged
    }

    /// The element on one side: its entity, its own name (for attributes and relationships), the value the
    /// change is about in words (`Integer 16 (INT64)`, `optional`, `to-many`), and where it is declared.
    package struct Side: Hashable, Sendable, Codable {
        package var entity: String
        package var property: String?
        package var value: String?
        package var location: SourceLocation?

        package init(entity: String, property: String? = nil, value: String? = nil, location: SourceLocation? = nil) {
            self.entity = entity
            self.property = property
            self.value = value
            self.location = location
        }

        /// `Trip` or `Trip.name`.
        package var name: String {
            property.map { "\(entity).\($0)" } ?? entity
        }
    }

    package var element: Element
    package var kind: Kind
    /// The element as shipped (`nil` when added).
    package var shipped: Side?
    /// The element now (`nil` when removed).
    package var current: Side?
    /// On a removal and an addition that look like one renamed without a renaming identifier (same type, similar
    /// name, the only such pair): the other one's name. A hint, never a rename.
    package var renameHint: String?

    package init(element: Element, kind: Kind, shipped: Side?, current: Side?, renameHint: String? = nil) {
        self.element = element
        self.kind = kind
        self.shipped = shipped
        self.current = current
        self.renameHint = renameHint
    }

    /// The entity's name now (as shipped, for a removal).
    package var entity: String {
        current?.entity ?? shipped?.entity ?? ""
    }

    /// Where the change is reported: in the model now, or, for a removal, where the element was.
    package var location: SourceLocation? {
        current?.location ?? shipped?.location
    }
}

/// Every change between two models, in a stable order: entity by entity (the current model's order, then the
/// removed ones), the entity's own changes first.
package struct ModelChangeSet: Hashable, Sendable, Codable {
    package var changes: [ModelChange]

    package init(_ changes: [ModelChange] = []) {
        self.changes = changes
    }

    package var isEmpty: Bool { changes.isEmpty }

    /// The changes of `kind` to elements of `element`.
    package func changes(_ kind: ModelChange.Kind, of element: ModelChange.Element? = nil) -> [ModelChange] {
        changes.filter { $0.kind == kind && (element == nil || $0.element == element) }
    }
}
