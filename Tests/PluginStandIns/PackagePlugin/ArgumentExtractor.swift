/// Takes options and flags out of a command plugin's arguments (`PackagePlugin.ArgumentExtractor`): `--name
/// value` and `--name=value` anywhere before a `--`; what follows `--` is left alone.
public struct ArgumentExtractor {
    private var arguments: [String]
    private let literals: [String]

    public init(_ arguments: [String]) {
        if let separator = arguments.firstIndex(of: "--") {
            self.arguments = Array(arguments[..<separator])
            literals = Array(arguments[(separator + 1)...])
        } else {
            self.arguments = arguments
            literals = []
        }
    }

    /// Removes every `--name value` / `--name=value` and returns the values in order.
    public mutating func extractOption(named name: String) -> [String] {
        var values: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--\(name)" {
                arguments.remove(at: index)
                if index < arguments.count { values.append(arguments.remove(at: index)) }
            } else if arguments[index].hasPrefix("--\(name)=") {
                values.append(String(arguments.remove(at: index).dropFirst(name.count + 3)))
            } else {
                index += 1
            }
        }
        return values
    }

    /// Removes every `--name` and returns how many there were.
    public mutating func extractFlag(named name: String) -> Int {
        let before = arguments.count
        arguments.removeAll { $0 == "--\(name)" }
        return before - arguments.count
    }

    /// What is left that looks like an option or a flag.
    public var unextractedOptionsOrFlags: [String] { arguments.filter { $0.hasPrefix("-") } }

    /// What is left, then the arguments after `--`.
    public var remainingArguments: [String] { arguments + literals }
}
