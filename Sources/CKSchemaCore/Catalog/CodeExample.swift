/// A Swift snippet that documents a code rule and doubles as its test: the code (with `↓` before each place
/// the rule reports) and the YAML schema it is checked against.
package struct CodeExample: Sendable {
    package let schema: String
    package let code: String
    /// Where the example is written, so a failing example points at itself.
    package let fileID: String
    package let line: Int

    package init(schema: String, code: String, fileID: String = #fileID, line: Int = #line) {
        self.schema = schema
        self.code = code
        self.fileID = fileID
        self.line = line
    }

    /// The code without markers, as a user would write it.
    package var unmarkedCode: String {
        code.replacing("↓", with: "")
    }
}
