import CKSchemaCore
import CKSchemaService

/// The command line's shell over the shared `Project`: what it returns, printed (notes and the problems an
/// error carries on standard error), and its failures as the command's (exit 2).
extension CommandFailure {
    /// A service's failure as the command reports it (exit 2), the problems it carries printed first and
    /// pointed to.
    init(_ error: ServiceError) {
        guard case .invalid(let message, let diagnostics, let sources) = error else {
            self = .couldNotRun(error.message)
            return
        }
        TextOutput.printToStandardError(diagnostics, sources: sources)
        self = .couldNotRun(message + " (see above)")
    }
}

/// Runs a service call, turning its failure into the command's.
func serving<Result>(_ body: () throws(ServiceError) -> Result) throws(CommandFailure) -> Result {
    do {
        return try body()
    } catch {
        throw CommandFailure(error)
    }
}

extension Project {
    /// The project `--config` names, or the one in the current folder; an invalid configuration's problems are
    /// printed before the command stops (exit 2).
    static func load(_ options: ProjectOptions) throws(CommandFailure) -> Project {
        try serving { () throws(ServiceError) in try load(configPath: options.config) }
    }

    /// Every schema `arguments` name (see `Project.schemas`), each missing snapshot said once on standard error.
    func loadSchemas(_ arguments: [String]) throws(CommandFailure) -> [ParsedSchema] {
        let loaded = try serving { () throws(ServiceError) in try schemas(arguments) }
        for note in loaded.notes { Console.error("note: \(note)") }
        return loaded.schemas
    }

    /// Exactly one schema `arguments` name (see `Project.schema`), a missing snapshot said on standard error.
    func loadSchema(_ arguments: [String]) throws(CommandFailure) -> ParsedSchema {
        let loaded = try serving { () throws(ServiceError) in try schema(arguments) }
        if let note = loaded.note { Console.error("note: \(note)") }
        return loaded.parsed
    }

    /// A side of a diff (see `Project.diffSide`).
    func loadDiffInput(_ argument: String?) throws(CommandFailure) -> DiffSide {
        try serving { () throws(ServiceError) in try diffSide(argument) }
    }

    /// Prints the configuration's warnings, if any, to standard error.
    func printConfigurationWarnings() {
        guard !diagnostics.isEmpty else { return }
        TextOutput.printToStandardError(diagnostics, sources: [configFile].compactMap { $0 })
    }
}
