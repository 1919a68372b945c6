package import CKSchemaCore
package import CKSchemaDiff

/// How production treats a change, from its most severe finding.
package enum ChangeClassification: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    /// Production accepts it and nothing shipped suffers (additions).
    case safe
    /// Production accepts it (or its acceptance is unknown), but shipped apps may suffer.
    case warning
    /// Production refuses the deploy (CloudKit's append-only rules).
    case breaking

    /// The classification of a change with these findings: an error breaks, a warning warns, notes and
    /// nothing at all are safe.
    package init(findings: [Diagnostic]) {
        let worst = findings.map(\.severity).max()
        self = switch worst {
        case .error: .breaking
        case .warning: .warning
        case .note, nil: .safe
        }
    }

    private var rank: Int {
        switch self {
        case .safe: 0
        case .warning: 1
        case .breaking: 2
        }
    }

    /// Orders by severity: safe < warning < breaking.
    package static func < (lhs: ChangeClassification, rhs: ChangeClassification) -> Bool {
        lhs.rank < rhs.rank
    }
}

/// A change with the findings of the breaking rules about it.
package struct ClassifiedChange: Hashable, Sendable {
    /// The change judged.
    package let change: SchemaChange
    /// The rules' findings, in registry order.
    package let findings: [Diagnostic]
    /// Derived from the worst finding.
    package let classification: ChangeClassification

    /// Classifies `change` by `findings`.
    package init(change: SchemaChange, findings: [Diagnostic]) {
        self.change = change
        self.findings = findings
        self.classification = ChangeClassification(findings: findings)
    }
}

/// Every change of a diff, classified, in the change set's order.
package struct ClassifiedChangeSet: Hashable, Sendable {
    /// The classified changes, in the change set's order.
    package let changes: [ClassifiedChange]

    /// A set of already classified changes.
    package init(_ changes: [ClassifiedChange]) {
        self.changes = changes
    }

    /// Whether the schemas are the same for CloudKit.
    package var isEmpty: Bool { changes.isEmpty }

    /// Whether production would accept the candidate: no breaking change.
    package var isDeployable: Bool { !changes.contains { $0.classification == .breaking } }

    /// The number of changes classified `classification`.
    package func count(_ classification: ChangeClassification) -> Int {
        changes.count(where: { $0.classification == classification })
    }

    /// The sentence said once about additions, when there are any: they are safe, and they reach production
    /// only through the Console's "Deploy Schema Changes" (docs/cloudkit-facts.md §9 rule 29). A migration's
    /// new field is an addition too.
    package var additionsNote: String? {
        Self.additionsNote(count: changes.count(where: { $0.change.action.addsToCloudKit }))
    }

    /// The sentence about `additions` additions, `nil` for none.
    package static func additionsNote(count additions: Int) -> String? {
        guard additions > 0 else { return nil }
        let noun = additions == 1 ? "addition is" : "additions are"
        return "\(additions) \(noun) safe; additions reach production only through the CloudKit Console's "
            + "\"Deploy Schema Changes\" (which deploys what development holds)"
    }

    /// Every finding, in change order.
    package var findings: [Diagnostic] {
        changes.flatMap(\.findings)
    }

    /// The changes grouped by record type, in set order; role changes form the group whose name is `nil`.
    package var groupedByRecordType: [(recordType: String?, changes: [ClassifiedChange])] {
        var groups: [(recordType: String?, changes: [ClassifiedChange])] = []
        for change in changes {
            if let last = groups.indices.last, groups[last].recordType == change.change.recordType {
                groups[last].changes.append(change)
            } else {
                groups.append((change.change.recordType, [change]))
            }
        }
        return groups
    }
}
