package import CKSchemaCore

/// Prints a schema as a folder of YAML files that merge back into it: one file per record type (named after
/// it) and, when the schema declares custom roles, the roles in a file of their own. Each file is
/// `YAMLPrinter`'s canonical text, after the comment lines the caller gives it.
package enum YAMLSplitPrinter {
    /// One file of the folder.
    package struct File: Hashable, Sendable {
        /// The file name (`Note.yaml`, `roles.yaml`), unique in the folder even on a case-insensitive disk.
        package let name: String
        /// The record type it holds; `nil` for the roles file.
        package let recordType: String?
        /// The file's text.
        package let text: String
    }

    /// The files of `schema`, record types in schema order, then the roles file. `comments` gives the comment
    /// lines (without `# `) that open the file of a record type, or with `nil`, the roles file.
    package static func files(_ schema: Schema, comments: (RecordType?) -> [String] = { _ in [] }) -> [File] {
        var taken = Set<String>()
        var files: [File] = []
        for recordType in schema.recordTypes {
            let name = uniqueName(fileStem(recordType.name), taken: &taken)
            files.append(File(name: name, recordType: recordType.name,
                              text: commented(comments(recordType)) + YAMLPrinter.print(Schema(recordTypes: [recordType]))))
        }
        if !schema.roles.isEmpty {
            let name = uniqueName("roles", taken: &taken)
            var writer = YAMLBlockWriter()
            writer.list(0, "roles", schema.roles.map { YAMLScalarQuoting.render($0.name, in: .flow) })
            files.append(File(name: name, recordType: nil, text: commented(comments(nil)) + writer.output))
        }
        return files
    }

    private static func commented(_ lines: [String]) -> String {
        lines.map { $0.isEmpty ? "#\n" : "# \($0)\n" }.joined()
    }

    /// A file stem made of the name's letters, digits, `_`, `-` and `.` (anything else becomes `_`), never
    /// hidden and never empty.
    static func fileStem(_ recordType: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        var stem = String(recordType.map { allowed.contains($0) ? $0 : "_" })
        if stem.hasPrefix(".") { stem = "_" + stem.dropFirst() }
        return stem.isEmpty ? "_" : String(stem.prefix(200))
    }

    /// `stem.yaml`, or `stem-2.yaml`, … when a name differing only in case is taken.
    private static func uniqueName(_ stem: String, taken: inout Set<String>) -> String {
        var name = stem + ".yaml"
        var number = 2
        while taken.contains(name.lowercased()) {
            name = "\(stem)-\(number).yaml"
            number += 1
        }
        taken.insert(name.lowercased())
        return name
    }
}
