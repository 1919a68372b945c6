import CKSchemaCore

/// The names already taken in one Swift scope, with where each came from, so that a second claim on a name
/// becomes a located diagnostic rather than code that does not compile.
struct NameScope {
    /// Who holds a name.
    enum Holder {
        /// A schema element, described for messages (`field 'title'`) and located by its path.
        case element(description: String, path: SchemaPath)
        /// A name the generated code needs; the text says what for.
        case reserved(String)
    }

    private var holders: [String: Holder] = [:]

    /// A scope in which `reserved` names are taken, each with the reason.
    init(reserved: [String: String] = [:]) {
        for (name, reason) in reserved { holders[name] = .reserved(reason) }
    }

    /// Takes `name` for something the generated code declares, unless it is taken already.
    mutating func reserve(_ name: String, for reason: String) {
        if holders[name] == nil { holders[name] = .reserved(reason) }
    }

    /// Returns whether `name` is taken.
    func contains(_ name: String) -> Bool {
        holders[name] != nil
    }

    /// Claims `name` for the element described by `description` at `path`. Returns a diagnostic when the name
    /// is taken; the name then stays with its first holder.
    mutating func claim(_ name: String, by description: String, at path: SchemaPath,
                        diagnostics: DiagnosticFactory) -> Diagnostic? {
        switch holders[name] {
        case nil:
            holders[name] = .element(description: description, path: path)
            return nil
        case .element(let firstDescription, let firstPath)?:
            return diagnostics.error(
                .codegenNameCollision,
                "\(description) and \(firstDescription) both become the Swift name '\(name)'; set 'swiftName' on one of them",
                at: path,
                notes: [diagnostics.relatedNote("\(firstDescription) is declared here", at: firstPath)]
            )
        case .reserved(let reason)?:
            return diagnostics.error(
                .codegenReservedName,
                "\(description) becomes the Swift name '\(name)', which the generated code uses for \(reason); set 'swiftName'",
                at: path
            )
        }
    }
}
