import CKSchemaCore

/// Where an evolution rule and a compatibility rule judge one element (a default dropped since the model
/// shipped is also an attribute without a default now), the evolution finding says more — what changed, and
/// since when — so the compatibility finding at the same place is dropped.
enum ModelEvolutionSupersession {
    /// Evolution rule → the compatibility rule it replaces at the same location.
    static let replaced: [DiagnosticID: DiagnosticID] = [
        "model_attribute_default_dropped": "model_attribute_needs_default",
        "model_relationship_made_required": "model_relationship_not_optional",
        "model_inverse_removed": "model_relationship_no_inverse",
    ]

    static func apply(to findings: [Diagnostic]) -> [Diagnostic] {
        let covered = Set(findings.compactMap { finding -> Place? in
            guard let replaced = replaced[finding.id], let location = finding.location else { return nil }
            return Place(id: replaced, location: location)
        })
        guard !covered.isEmpty else { return findings }
        return findings.filter { finding in
            guard let location = finding.location else { return true }
            return !covered.contains(Place(id: finding.id, location: location))
        }
    }

    private struct Place: Hashable {
        let id: DiagnosticID
        let location: SourceLocation
    }
}
