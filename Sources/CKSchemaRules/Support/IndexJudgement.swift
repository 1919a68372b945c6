package import CKSchemaCore

/// A field or system field that carries index options, as the index rules see it.
package struct IndexedElement: Sendable {
    /// The record type it belongs to.
    package let recordType: String
    /// The field's name (`title`, `___recordID`).
    package let name: String
    package let type: FieldType
    package let indexes: FieldIndexes
    /// Which of the six implicit system fields it is, if it is one.
    package let systemField: SystemField?

    /// Where `option` is written: the option itself for a user field, the system field's entry otherwise
    /// (neither language locates the options of a system field one by one).
    package func path(of option: FieldIndexes) -> SchemaPath {
        systemField.map { .systemField(recordType, $0) } ?? .fieldIndex(recordType, name, option)
    }

    /// `field 'title' of record type 'Note'`, or `system field '___recordID' of record type 'Note'`.
    package var described: String {
        "\(systemField == nil ? "field" : "system field") '\(name)' of record type '\(recordType)'"
    }
}

/// What is wrong with one index option on one field, if anything. Each problem belongs to exactly one rule,
/// so an option is reported once: the checks run in the order of the cases, and the first that applies wins.
package enum IndexProblem: Sendable, CaseIterable {
    /// Any index on an ENCRYPTED field (`encrypted_field_not_indexed`).
    case encrypted
    /// Any index on ASSET or LIST<ASSET> (`asset_not_indexed`).
    case asset
    /// SEARCHABLE on anything but STRING and LIST<STRING> (`searchable_requires_string`).
    case searchableNotString
    /// QUERYABLE or SORTABLE on BYTES or LIST<BYTES> (`bytes_not_indexed`).
    case bytes
    /// QUERYABLE or SORTABLE on NUMBER or LIST<NUMBER> (`number_not_indexed`).
    case number
    /// SORTABLE on REFERENCE or on any list (`sortable_not_on_reference_or_list`).
    case sortableReferenceOrList

    /// The problem with `option` (one single option) on a field of `type`, if any.
    package static func of(_ option: FieldIndexes, on type: FieldType) -> IndexProblem? {
        if type.isEncrypted { return .encrypted }
        switch type.primitive {
        case .asset: return .asset
        case .string: break
        default: if option == .searchable { return .searchableNotString }
        }
        if option == .searchable { return nil }
        switch type.primitive {
        case .bytes: return .bytes
        case .number: return .number
        default: break
        }
        if option == .sortable, type.isList || type.primitive == .reference { return .sortableReferenceOrList }
        return nil
    }

    /// Whether the problem is one CloudKit accepts (the index exists, it just serves no query), as opposed to
    /// one it refuses.
    package var isAccepted: Bool {
        switch self {
        case .bytes, .number, .sortableReferenceOrList: true
        case .encrypted, .asset, .searchableNotString: false
        }
    }

    /// The findings of the rule owning `self`: one per option with this problem, built by `message`. Fields
    /// are read in place and nothing is built until one has the problem: most have none.
    ///
    /// Accepted problems on the `CD_` fields of a type Core Data mirrors are not reported: Core Data creates
    /// those fields and development's automatic indexing their indexes, so the developer does not control
    /// them, and removing an index production holds would only break queries (docs/cloudkit-facts.md §7).
    package func findings(in schema: Schema, context: LintContext,
                         message: (IndexedElement, FieldIndexes) -> String) -> [Diagnostic] {
        // Nearly always no option of the schema has this problem, which one walk for all six rules tells.
        guard context.indexProblems(of: schema).contains(self) else { return [] }
        var findings: [Diagnostic] = []
        for type in schema.recordTypes {
            let fields = type.fields
            let skipsCoreDataFields = isAccepted && type.isCoreDataMirrored
            for index in fields.indices where !fields[index].indexes.isEmpty {
                if skipsCoreDataFields, CoreDataNames.isCoreDataName(fields[index].name) { continue }
                let problems = problemOptions(fields[index].indexes, on: fields[index].type)
                // Most fields have no problem; listing the options of an empty set would still cost a call.
                guard !problems.isEmpty else { continue }
                for option in problems.options {
                    let field = fields[index]
                    let element = IndexedElement(recordType: type.name, name: field.name, type: field.type,
                                                 indexes: field.indexes, systemField: nil)
                    findings.append(finding(element, option, context: context, message: message))
                }
            }
            for system in SystemField.allCases {
                let indexes = type.indexes(on: system)
                let problems = problemOptions(indexes, on: system.type)
                guard !problems.isEmpty else { continue }
                for option in problems.options {
                    let element = IndexedElement(recordType: type.name, name: system.name, type: system.type,
                                                 indexes: indexes, systemField: system)
                    findings.append(finding(element, option, context: context, message: message))
                }
            }
        }
        return findings
    }

    /// The finding for `option` on `element`. When production has the same index, the advice cannot be
    /// followed without an index removal that `ckschema diff` warns about (production keeps its indexes, and
    /// shipped apps may query them), so the finding says so and is only a note.
    private func finding(_ element: IndexedElement, _ option: FieldIndexes, context: LintContext,
                         message: (IndexedElement, FieldIndexes) -> String) -> Diagnostic {
        var diagnostic = context.diagnostic(message(element, option), at: element.path(of: option))
        guard isAccepted, let production = context.production?.recordType(named: element.recordType) else {
            return diagnostic
        }
        let productionIndexes = element.systemField.map { production.indexes(on: $0) }
            ?? production.field(named: element.name)?.indexes ?? []
        guard productionIndexes.contains(option) else { return diagnostic }
        diagnostic.message += "; production has this index and keeps it, so leave it (removing it is an index "
            + "removal that 'ckschema diff' warns about)"
        if diagnostic.severity == .warning { diagnostic.severity = .note }
        return diagnostic
    }

    /// The options of `indexes` that have this problem on a field of `type` (allocation-free: it runs for
    /// every indexed field, and almost always finds nothing).
    private func problemOptions(_ indexes: FieldIndexes, on type: FieldType) -> FieldIndexes {
        var options = FieldIndexes()
        for bit in 0..<3 {
            let option = FieldIndexes(rawValue: 1 << bit)
            if indexes.contains(option), Self.of(option, on: type) == self { options.insert(option) }
        }
        return options
    }
}
