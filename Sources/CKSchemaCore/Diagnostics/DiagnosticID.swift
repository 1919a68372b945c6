/// The stable identifier of a kind of finding: a rule ID (`searchable_requires_string`) or a built-in
/// ID (`yaml_syntax`). IDs are API: never renamed, never reused. Wording of messages is not API.
package struct DiagnosticID: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package init(stringLiteral value: String) {
        self.rawValue = value
    }

    package static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension DiagnosticID: CustomStringConvertible {
    package var description: String { rawValue }
}
