import CKSchemaCore

/// What the reference-target check (YAML `to:`) needs across a whole run: the names and types of the
/// records read, and the references to check against them.
///
/// Nothing is kept unless the schema declares reference targets, so memory stays flat for schemas without
/// them; with them, it grows by a name per record.
struct ReferenceLedger {
    private var recordTypes: [String: Int] = [:]
    private var pending: [PendingReference] = []

    /// Takes what a worker gathered.
    mutating func add(_ output: CheckOutput, remembersNames: Bool = true) {
        if remembersNames { remember(output.knownRecords) }
        pending.append(contentsOf: output.pendingReferences)
    }

    /// Takes record names and types, in input order (the first record of a name wins).
    mutating func remember(_ records: [KnownRecord]) {
        for record in records where recordTypes[record.name] == nil {
            recordTypes[record.name] = record.type
        }
    }

    /// The findings for references whose target record is in the input with another type than declared,
    /// and how many records they make invalid that were valid otherwise.
    func findings(in schema: CompiledSchema) -> (findings: [Diagnostic], newlyInvalidRecords: Int) {
        var findings: [Diagnostic] = []
        var newlyInvalid = Set<String>()
        for reference in pending {
            guard let actual = recordTypes[reference.targetName], actual != reference.expectedType else { continue }
            var finding = reference.finding
            let field = finding.subject.map { " in '\($0)'" } ?? ""
            finding.message = "reference\(field) points at record '\(reference.targetName)' of type "
                + "'\(schema.types[actual].name)', but the schema declares target type '\(schema.types[reference.expectedType].name)'"
            findings.append(finding)
            if !reference.recordHasOtherErrors, let record = finding.record {
                newlyInvalid.insert("\(finding.location?.file ?? "")#\(record.index)")
            }
        }
        return (findings, newlyInvalid.count)
    }
}
