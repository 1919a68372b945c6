import CKSchemaCore
import Synchronization

/// Facts about the schema one lint run checks that several rules need (`FieldNameFacts`,
/// `IndexProblemSummary`): each computed when a rule first asks, once, and shared by the contexts of all the
/// run's rules.
final class SharedLintFacts: Sendable {
    private let fieldNames = ComputedOnce<FieldNameFacts>()
    private let indexProblems = ComputedOnce<IndexProblemSummary>()

    func fieldNames(of schema: Schema) -> FieldNameFacts {
        fieldNames.value { FieldNameFacts(schema) }
    }

    func indexProblems(of schema: Schema) -> IndexProblemSummary {
        indexProblems.value { IndexProblemSummary(schema) }
    }
}

/// A value computed by the first caller, then returned to every caller, from any thread.
private final class ComputedOnce<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func value(_ compute: () -> Value) -> Value {
        stored.withLock { stored in
            if let stored { return stored }
            let computed = compute()
            stored = computed
            return computed
        }
    }
}
