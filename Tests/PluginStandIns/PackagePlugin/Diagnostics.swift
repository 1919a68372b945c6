import Foundation

/// What a plugin reports to SwiftPM or Xcode (`PackagePlugin.Diagnostics`): errors, warnings and remarks, each
/// at a file and line when given. The real module sends them to the host; this one hands them to the
/// `EmittedDiagnostics` collecting in the current task, so that tests read what a plugin showed.
public struct Diagnostics {
    public enum Severity: String {
        case error, warning, remark
    }

    public static func emit(_ severity: Severity, _ description: String, file: String? = #file, line: Int? = #line) {
        EmittedDiagnostics.current?.append(EmittedDiagnostics.Entry(severity: severity, message: description,
                                                                    file: file, line: line))
    }

    public static func error(_ message: String, file: String? = #file, line: Int? = #line) {
        emit(.error, message, file: file, line: line)
    }

    public static func warning(_ message: String, file: String? = #file, line: Int? = #line) {
        emit(.warning, message, file: file, line: line)
    }

    public static func remark(_ message: String, file: String? = #file, line: Int? = #line) {
        emit(.remark, message, file: file, line: line)
    }
}

/// Test-only: the diagnostics emitted while `collect` runs its body, per task so that parallel tests do not mix.
package final class EmittedDiagnostics: @unchecked Sendable {
    package struct Entry: Equatable, CustomStringConvertible {
        package let severity: Diagnostics.Severity
        package let message: String
        package let file: String?
        package let line: Int?

        package init(severity: Diagnostics.Severity, message: String, file: String?, line: Int?) {
            self.severity = severity
            self.message = message
            self.file = file
            self.line = line
        }

        package var description: String {
            "\(file ?? "-"):\(line.map(String.init) ?? "-"): \(severity.rawValue): \(message)"
        }
    }

    @TaskLocal package static var current: EmittedDiagnostics?

    private let lock = NSLock()
    private var entries: [Entry] = []

    private init() {}

    fileprivate func append(_ entry: Entry) {
        lock.withLock { entries.append(entry) }
    }

    /// Runs `body`; returns what it emitted and the error it threw, if any (a plugin may do both).
    package static func collect(_ body: () async throws -> Void) async -> (emitted: [Entry], error: (any Error)?) {
        let collector = EmittedDiagnostics()
        let failure: (any Error)? = await $current.withValue(collector) {
            do {
                try await body()
                return nil
            } catch {
                return error
            }
        }
        return (collector.lock.withLock { collector.entries }, failure)
    }
}
