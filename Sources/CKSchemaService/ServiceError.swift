/// Why a service call could not run, in one sentence a person or an agent can act on. Findings in the input
/// are not errors: they are the result.
package enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path that leads outside the project folder (`..`, an absolute path, a symbolic link out).
    case outsideProject(String)
    /// An argument that cannot be used as given.
    case invalidArgument(String)
    /// The input could not be read or used (a missing file, an invalid schema where a valid one is needed).
    case couldNotRun(String)

    package var description: String {
        switch self {
        case .outsideProject(let path): "'\(path)' is outside the project folder; name a path inside it"
        case .invalidArgument(let message), .couldNotRun(let message): message
        }
    }
}
