import CKSchemaService

extension DiffInput {
    /// This side as the shared diff computation takes it.
    var side: DiffSide {
        DiffSide(source: source, parsed: parsed, environment: environment, note: note)
    }
}
