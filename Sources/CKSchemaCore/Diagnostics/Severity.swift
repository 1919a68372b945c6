/// How serious a finding is. `error` fails a run; `warning` fails it only with `--strict`.
package enum Severity: String, Hashable, Sendable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}
