/// A Swift snippet that documents a code rule and doubles as its test: the code (with `↓` before each place
/// the rule reports) and the YAML schema it is checked against.
public struct CodeExample: Sendable {
    public let schema: String
    public let code: String
    /// Where the example is written, so a failing example points at itself.
    public let fileID: String
    public let line: Int

    public init(schema: String, code: String, fileID: String = #fileID, line: Int = #line) {
        self.schema = schema
        self.code = code
        self.fileID = fileID
        self.line = line
    }

    /// The code without markers, as a user would write it.
    public var unmarkedCode: String {
        code.replacing("↓", with: "")
    }
}
