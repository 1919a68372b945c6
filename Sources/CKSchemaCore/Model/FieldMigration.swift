/// Where a field's value used to live: the guide's migration for a production schema that can only grow —
/// add the new field, keep reading the old one until every record holds the new one, never delete the old one.
///
/// Declared on the *new* field (`renamedFrom: isFavorite`, or `replaces: { field: stars, type: int64 }`). The
/// old field stays declared in the same record type and is retired by this declaration: nothing new may index
/// it or use it, and generated code reads it only as a fallback (and writes it only under `dualWrite`).
package struct FieldMigration: Hashable, Sendable {
    /// How the new field relates to the old one.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `renamedFrom`: the same type under a new name.
        case rename = "renamedFrom"
        /// `replaces`: a new field whose type differs, its values converted (`FieldConversion`).
        case retype = "replaces"
    }

    package var kind: Kind
    /// The retired field's name, declared in the same record type.
    package var oldField: String
    /// For `replaces`: the old field's type as the declaration states it (it must agree with the old field's
    /// own declaration). `nil` for a rename, whose old field has the new field's type.
    package var oldType: FieldType?
    /// Also write the old field, converted back, so that app versions still installed keep reading it.
    package var dualWrite: Bool
    /// Accept a conversion that can lose information (INT64 → DOUBLE beyond 2^53, DOUBLE → INT64).
    package var lossy: Bool

    package init(kind: Kind, oldField: String, oldType: FieldType? = nil, dualWrite: Bool = false,
                 lossy: Bool = false) {
        self.kind = kind
        self.oldField = oldField
        self.oldType = oldType
        self.dualWrite = dualWrite
        self.lossy = lossy
    }
}
