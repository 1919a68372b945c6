#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaDeploy
import Foundation

/// The management token never leaves the server: every text a result, a resource or the log carries passes
/// through here, and the programs the server runs do not get it.
enum Redaction {
    /// The scrubber of the token in the server's environment, when it holds a usable one.
    static let scrubber: SecretScrubber? = ProcessInfo.processInfo.environment[CKToolRunner.tokenVariable]
        .flatMap(SecretScrubber.init(secret:))

    /// `text` with the token replaced.
    static func scrub(_ text: String) -> String {
        scrubber?.scrub(text) ?? text
    }

    /// The server's environment without the token, for the programs it runs.
    static var childEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != CKToolRunner.tokenVariable }
    }
}
#endif
