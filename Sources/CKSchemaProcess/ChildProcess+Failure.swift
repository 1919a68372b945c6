package import Foundation

extension ChildProcess {
    /// Why a program that started did not succeed. Its description is the one wording of exit reasons and
    /// limits, a phrase that follows the program's name: `cktool import-schema` + ` failed with exit status 1`,
    /// `'ckschema-gen-kotlin'` + ` did not finish within 60 seconds and was stopped`.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// It exited with this non-zero status.
        case exited(status: Int32)
        /// A signal with this number killed it (not one ckschema sent at a limit).
        case signaled(Int32)
        /// It outran its time limit of this many seconds, and its process group was stopped.
        case timedOut(seconds: TimeInterval)
        /// Its outputs together passed this many bytes (`OutputLimit.stop`), and its process group was stopped.
        case wroteTooMuch(bytes: Int)

        package var description: String {
            switch self {
            case .exited(let status): "failed with exit status \(status)"
            case .signaled(let signal): "was killed by signal \(signal)"
            case .timedOut(let seconds): "did not finish within \(Self.duration(seconds)) and was stopped"
            case .wroteTooMuch(let bytes): "wrote more than \(Self.size(bytes)) and was stopped"
            }
        }

        /// `1 second`, `2.5 seconds`, `60 seconds`.
        static func duration(_ seconds: TimeInterval) -> String {
            let number = seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
            return "\(number) second\(seconds == 1 ? "" : "s")"
        }

        /// `256 MiB`, `64 KiB`, `1000 bytes`: the largest unit that divides the size.
        static func size(_ bytes: Int) -> String {
            if bytes > 0, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
            if bytes > 0, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
            return "\(bytes) byte\(bytes == 1 ? "" : "s")"
        }
    }
}
