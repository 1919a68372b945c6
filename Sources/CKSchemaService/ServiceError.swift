package import CKSchemaCore

/// Why a service call could not run, in one sentence a person or an agent can act on. Findings in the input
/// are not errors: they are the result.
package enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path that leads outside the project folder (`..`, an absolute path, a symbolic link out).
    case outsideProject(String)
    /// An argument that cannot be used as given.
    case invalidArgument(String)
    /// The input could not be read or used (a missing file, an invalid schema where a valid one is needed).
    case couldNotRun(String)
    /// A call that would write `path`, made to a service that writes nothing (the MCP server without
    /// `--allow-writes`).
    case readOnly(String)
    /// An input with located problems that stop the call (an invalid configuration, access-test file or
    /// shipped model): the sentence, and the problems for the front end to show with their lines.
    case invalid(String, diagnostics: [Diagnostic], sources: [SourceFile])

    /// The sentence alone, as the command line prints it after the problems.
    package var message: String {
        switch self {
        case .outsideProject(let path): "'\(path)' is outside the project folder; name a path inside it"
        case .readOnly(let path):
            "writing '\(path)' needs the server started with --allow-writes (it is read-only); nothing was written"
        case .invalidArgument(let message), .couldNotRun(let message), .invalid(let message, _, _): message
        }
    }

    /// The sentence, with the first error of an invalid input (for a front end that shows only one line).
    package var description: String {
        guard case .invalid(let message, let diagnostics, _) = self,
              let error = diagnostics.first(where: { $0.severity == .error }) else { return message }
        let place = error.location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
        return "\(message): \(place)\(error.message)"
    }
}
