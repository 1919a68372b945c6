import CKSchemaCore

/// Facts about the schema one lint run checks that several rules need (`FieldNameFacts`,
/// `IndexProblemSummary`, the migration problems): each computed when a rule first asks, once, and shared by the contexts of all the
/// run's rules.
final class SharedLintFacts: Sendable {
    private let fieldNames = ComputedOnce<FieldNameFacts>()
    private let indexProblems = ComputedOnce<IndexProblemSummary>()
    private let migrationProblems = ComputedOnce<[MigrationProblem]>()

    func fieldNames(of schema: Schema) -> FieldNameFacts {
        fieldNames.value(for: schema) { FieldNameFacts(schema) }
    }

    func indexProblems(of schema: Schema) -> IndexProblemSummary {
        indexProblems.value(for: schema) { IndexProblemSummary(schema) }
    }

    /// Every migration problem of `schema` (one rule per kind); `production` is asked only when a retired field
    /// has an index.
    func migrationProblems(of schema: Schema, production: @escaping () -> Schema?) -> [MigrationProblem] {
        migrationProblems.value(for: schema) { MigrationCheck.problems(in: schema, production: production) }
    }
}

/// A value derived from a schema, computed by the first caller and returned to every caller asking about the
/// same schema, from any thread. The schema is told by the storage of its record types (shared by every copy
/// of the linted schema, never by another schema's), so asking about another one — production, say — computes
/// its own value instead of returning the cached one.
private final class ComputedOnce<Value: Sendable>: Sendable {
    private let stored = Locked<(schema: Int, value: Value)?>(nil)

    func value(for schema: Schema, _ compute: () -> Value) -> Value {
        let identity = schema.recordTypes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        return stored.withLock { stored in
            if let stored, stored.schema == identity { return stored.value }
            let computed = compute()
            if stored == nil { stored = (identity, computed) }
            return computed
        }
    }
}
