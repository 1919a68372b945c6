import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport

/// The path `parseCKDB` gives every in-memory test file.
let testPath = "test.ckdb"

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
