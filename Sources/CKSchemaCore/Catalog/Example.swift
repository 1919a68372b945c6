/// A schema snippet that documents a rule and doubles as its test.
///
/// Triggering examples mark each place the rule must report with `↓` (or `1️⃣`, `2️⃣`, … for several) right
/// before the offending token; non-triggering examples have no markers and must produce no finding.
package struct Example: Sendable {
    /// The language the snippet is written in.
    package let language: SchemaLanguage
    /// The snippet, with markers.
    package let code: String
    /// Further files of the same schema (YAML schemas may span files); markers may appear in any of them.
    package let additionalFiles: [String]
    /// Where the example is written, so a failing example points at itself.
    package let fileID: String
    package let line: Int

    package init(_ language: SchemaLanguage, _ code: String, additionalFiles: [String] = [],
                fileID: String = #fileID, line: Int = #line) {
        self.language = language
        self.code = code
        self.additionalFiles = additionalFiles
        self.fileID = fileID
        self.line = line
    }

    /// A YAML example, optionally spread over several files.
    package static func yaml(_ code: String, _ additionalFiles: String..., fileID: String = #fileID,
                            line: Int = #line) -> Example {
        Example(.yaml, code, additionalFiles: additionalFiles, fileID: fileID, line: line)
    }

    /// The markers examples may hold: `↓` and the keycap digits `0️⃣` to `9️⃣`.
    package static let markerSymbols: [String] = ["↓"] + (0...9).map { "\($0)\u{FE0F}\u{20E3}" }

    /// The example's files (the main one first) without markers, as a user would write them.
    package var unmarkedFiles: [String] {
        ([code] + additionalFiles).map { file in
            Self.markerSymbols.reduce(file) { text, marker in text.replacing(marker, with: "") }
        }
    }

    /// A `.ckdb` example.
    package static func ckdb(_ code: String, fileID: String = #fileID, line: Int = #line) -> Example {
        Example(.ckdb, code, fileID: fileID, line: line)
    }
}
