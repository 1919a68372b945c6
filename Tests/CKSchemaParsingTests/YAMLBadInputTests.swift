import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Hostile or broken input ends quickly with located diagnostics, never a crash or a hang.
@Suite struct YAMLBadInputTests {
    @Test func emptyFileIsOneLocatedError() {
        let parsed = parseYAML("")
        #expect(parsed.diagnostics == [.error(.emptyFile, "the file holds no schema; it is empty or only comments",
                                              at: SourceLocation(file: "schema.yaml", line: 1, column: 1))])
        #expect(parsed.schema == Schema())
    }

    @Test(arguments: 0..<20)
    func binaryJunkIsReportedNotCrashedOn(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        let bytes = (0..<4096).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let file = SourceFile(path: "junk.yaml", text: text)
        let parsed = YAMLSchemaParser.parse([file])
        #expect(!parsed.diagnostics.isEmpty)
        for diagnostic in parsed.diagnostics {
            let location = diagnostic.location
            #expect(location.map { $0.line >= 1 && $0.line <= file.lineCount + 1 && $0.column >= 1 } ?? false,
                    "\(diagnostic)")
        }
    }

    @Test func printableJunkIsReadAsFarAsItGoes() {
        let parsed = parseYAML("}{][ :: - ? ,, && ** !! || >> %% @@ ``")
        #expect(parsed.diagnostics.map(\.id) == [.yamlSyntax])
    }

    /// Each shape nests 5,000 levels: flow sequences, flow mappings and compact block sequences. libyaml
    /// stops at 1,000 levels, so the one diagnostic says that the rest of the file is not read.
    @Test(arguments: [
        String(repeating: "[", count: 5000) + "x" + String(repeating: "]", count: 5000),
        String(repeating: "{a: ", count: 5000) + "x" + String(repeating: "}", count: 5000),
        "\n          " + String(repeating: "- ", count: 5000) + "x",
    ])
    func veryDeepNestingEndsWithOneError(_ deep: String) throws {
        let parsed = parseYAML(Self.schema(withDefault: deep))
        // A mapping is no default value, so the flow-mapping shape also earns a schema_invalid_value.
        #expect(parsed.diagnostics.filter { $0.id != .schemaInvalidValue }.count == 1)
        let diagnostic = try #require(parsed.diagnostics.with(.yamlTooDeep).first)
        #expect(diagnostic.location?.line == (deep.hasPrefix("\n") ? 8 : 7))
        #expect(diagnostic.notes.first?.message.contains("the rest of the file is not read") == true)
        #expect(parsed.schema.recordType(named: "Deep")?.metadata.documentation == "ok")
    }

    /// Deeper than the format allows but within libyaml's limit: the subtree is skipped and reading goes on.
    @Test(arguments: [
        String(repeating: "[", count: 500) + "x" + String(repeating: "]", count: 500),
        String(repeating: "{a: ", count: 500) + "x" + String(repeating: "}", count: 500),
        "\n          " + String(repeating: "- ", count: 500) + "x",
    ])
    func deepNestingIsSkippedAndReadingGoesOn(_ deep: String) {
        let parsed = parseYAML(Self.schema(withDefault: deep))
        #expect(parsed.diagnostics.with(.yamlTooDeep).count == 1)
        #expect(parsed.diagnostics.with(.yamlSyntax).isEmpty)
        #expect(parsed.schema.recordType(named: "Deep")?.field(named: "f")?.metadata.defaultValue == nil)
        #expect(parsed.schema.recordTypes.map(\.name) == ["Deep", "After"])
    }

    private static func schema(withDefault value: String) -> String {
        """
        recordTypes:
          Deep:
            doc: ok
            fields:
              f:
                type: string
                default: \(value)
          After: {}
        """
    }

    @Test func deepBlockMappingsAreCutOff() {
        var text = "recordTypes:\n  Deep:\n    doc: ok\n    fields:\n"
        for level in 0..<200 { text += String(repeating: "  ", count: level + 3) + "k\(level):\n" }
        text += "  After: {}\n"
        let parsed = parseYAML(text)
        #expect(parsed.diagnostics.with(.yamlTooDeep).count == 1)
        #expect(parsed.schema.recordTypes.map(\.name) == ["Deep", "After"])
    }

    @Test func aliasBombIsNeverExpanded() {
        var lines = ["lol: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for (index, name) in "bcdefghij".enumerated() {
            let previous = index == 0 ? "a" : String(Array("bcdefghij")[index - 1])
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("recordTypes: { Note: { fields: { f: { type: string, default: *j } } } }")
        let parsed = parseYAML(lines.joined(separator: "\n"))
        #expect(parsed.diagnostics.with(.yamlAlias).count == 9 * 9 + 1)
        #expect(parsed.diagnostics.with(.schemaUnknownKey).count == 10)
        #expect(parsed.schema.recordType(named: "Note")?.field(named: "f")?.metadata.defaultValue == nil)
    }

    @Test func aOneMegabyteLineIsReadWhole() throws {
        let documentation = String(repeating: "abcdefghij", count: 100_000)
        let parsed = parseYAML("recordTypes: { Note: { doc: \(documentation), fields: { title: string } } }")
        #expect(parsed.diagnostics.isEmpty)
        #expect(try #require(parsed.schema.recordType(named: "Note")).metadata.documentation == documentation)
    }

    @Test func aOneMegabyteKeyIsASyntaxError() throws {
        let parsed = parseYAML("recordTypes:\n  " + String(repeating: "k", count: 1_000_000) + ": {}\n")
        let diagnostic = try #require(parsed.diagnostics.first)
        #expect(diagnostic.id == .yamlSyntax)
        #expect(diagnostic.location == SourceLocation(file: "schema.yaml", line: 2, column: 1_000_003))
        #expect(diagnostic.message.contains("longer than 1,024 characters"))
    }

    @Test func manyDocumentsStopAtTheSecond() {
        let parsed = parseYAML(String(repeating: "---\nrecordTypes: {}\n", count: 10_000))
        #expect(parsed.diagnostics.map(\.id) == [.yamlSyntax])
        #expect(parsed.diagnostics.first?.location?.line == 3)
    }
}
