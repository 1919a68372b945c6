import CKSchemaCore

/// Which `IndexProblem`s occur anywhere in a schema, found in one walk over its indexed fields for all six index
/// rules. Each rule walked the 40,000 fields itself (3 M instructions a rule at CloudKit's limits) to find,
/// nearly always, nothing; a rule whose problem does not occur now returns at once (docs/lint-benchmark.md,
/// round 4).
struct IndexProblemSummary: Sendable {
    private var present: UInt8 = 0

    init(_ schema: Schema) {
        for type in schema.recordTypes {
            let fields = type.fields
            for index in fields.indices where !fields[index].indexes.isEmpty {
                insert(fields[index].indexes, on: fields[index].type)
            }
            for system in SystemField.allCases {
                insert(type.indexes(on: system), on: system.type)
            }
        }
    }

    /// Whether some option of some field or system field has `problem`.
    func contains(_ problem: IndexProblem) -> Bool {
        present & Self.bit(of: problem) != 0
    }

    private mutating func insert(_ indexes: FieldIndexes, on type: FieldType) {
        for bit in 0..<3 {
            let option = FieldIndexes(rawValue: 1 << bit)
            if indexes.contains(option), let problem = IndexProblem.of(option, on: type) {
                present |= Self.bit(of: problem)
            }
        }
    }

    private static func bit(of problem: IndexProblem) -> UInt8 {
        switch problem {
        case .encrypted: 1
        case .asset: 2
        case .searchableNotString: 4
        case .bytes: 8
        case .number: 16
        case .sortableReferenceOrList: 32
        }
    }
}
