/// One problem with a schema's migration declarations (`renamedFrom`, `replaces`, `dualWrite`, `lossy`), as
/// `MigrationCheck` finds it: lint reports each kind as its own rule, the code generator refuses to generate
/// from a schema with any.
package struct MigrationProblem: Hashable, Sendable {
    /// What is wrong; the raw value is the stable ID of the lint rule that reports it.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The old field is not declared in the same record type (or is the field itself).
        case sourceDeclared = "migration_source_declared"
        /// `renamedFrom` between different types, or `replaces` between the same type.
        case kindFitsTypes = "migration_kind_fits_types"
        /// `replaces.type` disagrees with the old field's declared type.
        case replacedTypeMatches = "migration_replaced_type_matches"
        /// No `FieldConversion` turns the old type into the new one.
        case conversionExists = "migration_conversion_exists"
        /// A conversion that can lose information without `lossy: true`.
        case lossDeclared = "migration_loss_declared"
        /// Two fields take over from the same old field.
        case sourceUnique = "migration_source_unique"
        /// A field that took over from an old field is itself retired by a newer one.
        case notChained = "migration_not_chained"
        /// A retired field is required, has a default, is the merge clock or has a merge policy of its own.
        case retiredFieldUnused = "retired_field_unused"
        /// A retired field has an index production does not already have.
        case retiredFieldNotNewlyIndexed = "retired_field_not_newly_indexed"
    }

    package var kind: Kind
    package var message: String
    /// Where the problem was written: the first of these the source locates (a YAML key, then the field).
    package var paths: [SchemaPath]
    package var notes: [Note]

    package init(_ kind: Kind, _ message: String, at paths: [SchemaPath], notes: [Note] = []) {
        self.kind = kind
        self.message = message
        self.paths = paths
        self.notes = notes
    }

    /// The problem as an error located through `sourceMap` (the code generator's report; lint builds its own
    /// with the configured severity).
    package func diagnostic(in sourceMap: SourceMap) -> Diagnostic {
        let path = paths.first { sourceMap.recordedLocation(of: $0) != nil } ?? paths.last
        return .error(DiagnosticID(kind.rawValue), message, at: path.flatMap { sourceMap.location(of: $0) },
                      subject: path, notes: notes)
    }
}
