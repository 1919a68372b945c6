package import CKSchemaCore

/// What the environments hold, as far as they are known (their snapshots), so that a rule protecting
/// production judges by what production really has, whichever two schemas the diff compares
/// (docs/cloudkit-facts.md §9 rule 29).
///
/// A missing snapshot is an empty environment; an unknown environment (`nil`: no project, plain files) is not
/// assumed empty: without it, the baseline is taken to stand for production, as CloudKit would judge it.
package struct EnvironmentSchemas: Sendable, Hashable {
    /// Production's schema (its snapshot), `nil` when unknown.
    package var production: Schema?
    /// Development's schema (its snapshot), `nil` when unknown.
    package var development: Schema?

    /// The environments as known.
    package init(production: Schema? = nil, development: Schema? = nil) {
        self.production = production
        self.development = development
    }

    /// Which environment holds an element whose loss or change a rule judges.
    package enum Holder: String, Sendable, Hashable {
        /// Production has it (or production is unknown, so it must be assumed to): CloudKit refuses.
        case production
        /// Production does not have it, development does (or may): CloudKit allows it; development's data
        /// for it is lost.
        case developmentOnly
        /// Neither environment has it (never deployed): nothing is lost.
        case neither
    }

    /// Who holds the record type `recordType`, or with `field`, that field of it.
    package func holder(recordType: String, field: String? = nil) -> Holder {
        guard let production else { return .production }
        if Self.holds(production, recordType: recordType, field: field) { return .production }
        guard let development else { return .developmentOnly }
        return Self.holds(development, recordType: recordType, field: field) ? .developmentOnly : .neither
    }

    private static func holds(_ schema: Schema, recordType: String, field: String?) -> Bool {
        guard let type = schema.recordTypes.first(where: { $0.name == recordType }) else { return false }
        guard let field else { return true }
        return type.fields.contains { $0.name == field }
    }
}
