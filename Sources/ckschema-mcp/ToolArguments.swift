#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaService
import MCP

/// A tool call's arguments, read by name with their types checked. A missing required argument, a wrong
/// type or a name the tool does not take is an invalid-argument error, never a guess.
struct ToolArguments {
    /// The most bytes a call's arguments may hold (records inline are the large ones): beyond it the call is
    /// refused before anything is parsed.
    static let maximumBytes = 4 << 20

    private let values: [String: Value]

    /// The arguments of a call to a tool that takes `known`.
    init(_ values: [String: Value]?, known: Set<String>) throws(ServiceError) {
        let values = values ?? [:]
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            let names = known.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw .invalidArgument("unknown argument '\(unknown)'; this tool takes \(names.isEmpty ? "none" : names)")
        }
        let size = values.values.reduce(0) { $0 + Self.size(of: $1) }
        guard size <= Self.maximumBytes else {
            throw .invalidArgument("the arguments hold \(size) bytes, more than the \(Self.maximumBytes) a call may "
                + "hold; put large inputs in a file in the project and name it")
        }
        self.values = values
    }

    func string(_ name: String) throws(ServiceError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard case .string(let text) = value else { throw .invalidArgument("'\(name)' must be a string") }
        return text
    }

    func requiredString(_ name: String) throws(ServiceError) -> String {
        guard let text = try string(name) else { throw .invalidArgument("'\(name)' is required") }
        return text
    }

    func strings(_ name: String) throws(ServiceError) -> [String] {
        guard let value = values[name], value != .null else { return [] }
        guard case .array(let items) = value else { throw .invalidArgument("'\(name)' must be an array of strings") }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw .invalidArgument("'\(name)' must be an array of strings") }
            texts.append(text)
        }
        return texts
    }

    func bool(_ name: String) throws(ServiceError) -> Bool {
        guard let value = values[name], value != .null else { return false }
        guard case .bool(let flag) = value else { throw .invalidArgument("'\(name)' must be true or false") }
        return flag
    }

    func integer(_ name: String) throws(ServiceError) -> Int? {
        guard let value = values[name], value != .null else { return nil }
        switch value {
        case .int(let number): return number
        case .double(let number) where number.rounded() == number && abs(number) < 1e15: return Int(number)
        default: throw .invalidArgument("'\(name)' must be an integer")
        }
    }

    /// `value`'s size in bytes, roughly as JSON: strings count their UTF-8 bytes.
    private static func size(of value: Value) -> Int {
        switch value {
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + size(of: $1) + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + size(of: $1.value) + 4 }
        case .data(_, let data): data.count
        default: 8
        }
    }
}
#endif
