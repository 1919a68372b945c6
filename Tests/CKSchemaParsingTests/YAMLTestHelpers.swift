import CKSchemaCore

extension Array where Element == Diagnostic {
    /// The diagnostics with the given ID.
    func with(_ id: DiagnosticID) -> [Diagnostic] {
        filter { $0.id == id }
    }
}
