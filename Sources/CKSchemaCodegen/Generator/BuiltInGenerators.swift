import CKSchemaCore

/// The generators built into ckschema, made from their names and string options (from `--option KEY=VALUE`
/// and the `generate.NAME` keys of `ckschema.yaml`).
package enum BuiltInGenerators {
    /// The built-in generator names, sorted.
    package static let names = ["ckdb", "docs", "json-schema", "swift"]

    /// The options each built-in generator takes, sorted.
    package static let options: [String: [String]] = [
        "ckdb": ["file"],
        "docs": ["file", "title"],
        "json-schema": ["file"],
        "swift": ["access", "file", "namespace", "strip-core-data-prefix", "type-prefix"],
    ]

    /// Returns the built-in generator `name` configured by `options`, or `nil` when `name` is not built in.
    package static func make(_ name: String,
                            options: [String: String]) throws(GeneratorOptionError) -> (any SchemaGenerator)? {
        guard let known = Self.options[name] else { return nil }
        if let unknown = options.keys.sorted().first(where: { !known.contains($0) }) {
            throw GeneratorOptionError(
                message: "generator '\(name)' has no option '\(unknown)'; its options are \(known.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let file = try options["file"].map { value throws(GeneratorOptionError) in try fileName(value, generator: name) }
        switch name {
        case "swift":
            return SwiftGenerator(options: try swiftOptions(options, file: file))
        case "docs":
            return MarkdownDocsGenerator(fileName: file ?? "schema.md", title: options["title"] ?? "CloudKit schema")
        case "json-schema":
            return JSONSchemaGenerator(fileName: file ?? "records.schema.json")
        default:
            return CKDBGenerator(fileName: file ?? "schema.ckdb")
        }
    }

    private static func swiftOptions(_ options: [String: String],
                                     file: String?) throws(GeneratorOptionError) -> SwiftGeneratorOptions {
        var result = SwiftGeneratorOptions()
        if let access = options["access"] {
            guard let level = SwiftGeneratorOptions.AccessLevel(rawValue: access) else {
                throw GeneratorOptionError(message: "option 'access' is 'internal' or 'public', not '\(access)'")
            }
            result.accessLevel = level
        }
        if let namespace = options["namespace"] {
            guard SwiftIdentifiers.isValidIdentifier(namespace), !SwiftIdentifiers.keywords.contains(namespace) else {
                throw GeneratorOptionError(message: "option 'namespace' must be a Swift identifier, not '\(namespace)'")
            }
            result.namespace = namespace
        }
        if let prefix = options["type-prefix"] {
            guard prefix.isEmpty || SwiftIdentifiers.isValidIdentifier(prefix) else {
                throw GeneratorOptionError(message: "option 'type-prefix' must be a Swift identifier, not '\(prefix)'")
            }
            result.typeNamePrefix = prefix
        }
        if let strip = options["strip-core-data-prefix"] {
            guard let flag = Bool(strip) else {
                throw GeneratorOptionError(message: "option 'strip-core-data-prefix' is 'true' or 'false', not '\(strip)'")
            }
            result.stripsCoreDataPrefix = flag
        }
        if let file {
            guard file.hasSuffix(".swift") else {
                throw GeneratorOptionError(message: "option 'file' of generator 'swift' must end in '.swift', not '\(file)'")
            }
            result.layout = .singleFile(name: file)
        }
        return result
    }

    /// Checks a `file` option: a plain file name, since it is written inside the output folder.
    private static func fileName(_ value: String, generator: String) throws(GeneratorOptionError) -> String {
        guard !value.isEmpty, !value.contains("/"), !value.contains("\\"), value != ".", value != ".." else {
            throw GeneratorOptionError(message: "option 'file' of generator '\(generator)' must be a file name, not '\(value)'")
        }
        return value
    }
}

/// A generator option that does not exist or has an invalid value.
package struct GeneratorOptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, as one sentence.
    package let message: String

    package init(message: String) {
        self.message = message
    }

    package var description: String { message }
}
