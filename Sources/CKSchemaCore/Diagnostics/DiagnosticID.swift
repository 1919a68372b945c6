/// The stable identifier of a kind of finding: a rule ID (`searchable_requires_string`) or a built-in
/// ID (`yaml_syntax`). IDs are API: never renamed, never reused. Wording of messages is not API.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension DiagnosticID: CustomStringConvertible {
    public var description: String { rawValue }
}
