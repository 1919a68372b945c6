#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import Logging

/// The SDK's log lines on standard error with the management token replaced, like every other text the server
/// gives out (a logged error may quote a message the client sent).
struct ScrubbingLogHandler: LogHandler {
    private var stream: StreamLogHandler

    init(label: String) {
        stream = StreamLogHandler.standardError(label: label)
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(Redaction.scrub(event.message.description))"
        event.metadata = event.metadata?.mapValues { .string(Redaction.scrub($0.description)) }
        if let error = event.error { event.error = ScrubbedError(description: Redaction.scrub("\(error)")) }
        stream.log(event: event)
    }

    /// An error as its scrubbed description.
    private struct ScrubbedError: Error, CustomStringConvertible {
        let description: String
    }
}
#endif
