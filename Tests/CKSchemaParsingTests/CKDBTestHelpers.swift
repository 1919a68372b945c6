import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport

/// The path every in-memory test file is given.
let testPath = "test.ckdb"

/// Parses `text` as a `.ckdb` file called `test.ckdb`.
func parseCKDB(_ text: String) -> ParsedSchema {
    CKDBParser.parse(SourceFile(path: testPath, text: text))
}

/// Parses the unmarked text of `marked`.
func parseCKDB(_ marked: MarkedText) -> ParsedSchema {
    CKDBParser.parse(marked.sourceFile(path: testPath))
}

/// Wraps record-type items in a schema with one type called `T`.
func schemaText(items: String) -> String {
    "DEFINE SCHEMA\n    RECORD TYPE T (\n\(items)\n    );\n"
}

extension MarkedText {
    /// The location of `marker` in `test.ckdb`.
    func at(_ marker: String = "↓") -> SourceLocation {
        location(marker, file: testPath)
    }
}

extension ParsedSchema {
    /// The messages of the diagnostics, in order.
    var messages: [String] { diagnostics.map(\.message) }

    /// The locations of the diagnostics, in order.
    var locations: [SourceLocation?] { diagnostics.map(\.location) }
}
