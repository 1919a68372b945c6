/// Why files cannot be written into an output folder. Each case reads as one sentence; when one is thrown,
/// the folder is as it was.
package enum OutputFolderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file name cannot name a file inside the folder; `problem` ends the sentence.
    case invalidName(String, problem: String)
    /// Two names of the set cannot both be written: `name` is a file and the folder of `inside`.
    case fileAndFolder(String, inside: String)
    /// A path inside the folder is a symbolic link, which ckschema never follows or replaces.
    case symbolicLink(String)
    /// A path that must be a folder (it holds a file to write) is something else: `kind` says what.
    case notAFolder(String, kind: String, holding: String)
    /// A path where a file is to be written holds something other than a regular file.
    case notAFile(String, kind: String)
    /// The system refused an operation on `path`; `reason` in its words.
    case failed(String, reason: String)

    package var description: String {
        switch self {
        case .invalidName(let name, let problem):
            "file name '\(name)' \(problem)"
        case .fileAndFolder(let name, let inside):
            "'\(name)' cannot be both a file and the folder holding '\(inside)'"
        case .symbolicLink(let path):
            "'\(path)' is a symbolic link; ckschema writes only inside the output folder and never through a link"
        case .notAFolder(let path, let kind, let holding):
            "'\(path)' is \(kind), so '\(holding)' cannot be written"
        case .notAFile(let path, let kind):
            "'\(path)' is \(kind), not a file that can be replaced"
        case .failed(let path, let reason):
            "cannot write '\(path)': \(reason)"
        }
    }
}
