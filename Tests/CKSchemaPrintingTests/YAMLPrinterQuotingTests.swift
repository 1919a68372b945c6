import CKSchemaCore
import CKSchemaParsing
import CKSchemaProcess
import CKSchemaPrinting
import CKSchemaTestSupport
import Foundation
import Testing

/// Names and texts that YAML likes to misread survive printing, for ckschema and for other YAML readers.
@Suite struct YAMLPrinterQuotingTests {
    static let awkward = RandomYAMLSchemaGenerator.awkwardStrings + [
        "Off", "ON", "y", "N", "~", "0b101", "1_000", "190:20:30", "2001-12-14t21:59:43.10-05:00", "<<",
        "a\u{0}b", "bell\u{7}", "\u{1F600}", "x\u{2029}", "key: value", "plain words", "cloudkit.share",
    ]

    /// Printed as a role, a record type, a field name, an enum value, a default and a doc, the string reads
    /// back unchanged.
    @Test(arguments: awkward)
    func awkwardTextRoundTrips(_ text: String) {
        let schema = Schema(roles: [Role(name: text)], recordTypes: [
            RecordType(
                name: text,
                fields: [Field(name: text, type: .string,
                               metadata: FieldMetadata(logicalType: .enumeration([text]), referenceTarget: text,
                                                       defaultValue: .list([.string(text)]), documentation: text,
                                                       swiftName: text))],
                grants: [Grant(.read, to: text)],
                metadata: RecordTypeMetadata(documentation: text, swiftName: text)
            ),
        ])
        let printed = YAMLPrinter.print(schema)
        let parsed = YAMLSchemaParser.parse([SourceFile(path: "q.yaml", text: printed)])
        #expect(parsed.diagnostics.isEmpty, "\(printed)")
        #expect(parsed.schema == schema, "\(printed)")
    }

    /// PyYAML resolves plain scalars the YAML 1.1 way (`yes`, `on`, `0x1F`, `12:30`, timestamps, `<<`), as Yams
    /// and most YAML 1.1 tools do: each printed name must still load there as the same string.
    @Test(.enabled(if: PyYAML.isAvailable, "needs python3 with PyYAML (scripts/install-test-tools.sh)"))
    func otherYAMLReadersSeeTheSameString() throws {
        let documents = Self.awkward.map { YAMLPrinter.print(Schema(recordTypes: [RecordType(name: $0)])) }
        let keys = try PyYAML.recordTypeKeys(of: documents)
        for (text, (document, loaded)) in zip(Self.awkward, zip(documents, keys)) {
            #expect(loaded == [text], "\(document)")
        }
    }

    @Test(arguments: ["Note", "cloudkit.share", "___createTime", "CD_Item", "_world", "title2", "é", "a b", "it's"])
    func ordinaryNamesStayPlain(_ name: String) {
        #expect(YAMLPrinter.print(Schema(recordTypes: [RecordType(name: name)])) == "recordTypes:\n  \(name): {}\n")
    }

    @Test func controlCharactersAreEscaped() {
        let printed = YAMLPrinter.print(Schema(recordTypes: [RecordType(name: "a\u{1}\u{7F}\u{85}\u{2028}\u{FEFF}\t\"\\")]))
        #expect(printed == "recordTypes:\n  \"a\\x01\\x7F\\N\\L\\uFEFF\\t\\\"\\\\\": {}\n")
    }
}

/// PyYAML, a YAML 1.1 reader other tools use, run through `python3`.
enum PyYAML {
    static let isAvailable: Bool = (try? CommandRunner.output(of: "python3", ["-c", "import yaml"])) != nil

    /// Loads each document with `yaml.safe_load` and returns its `recordTypes` keys, each a string only when
    /// PyYAML read it as one (anything else comes back as its Python type's name, so it never matches).
    static func recordTypeKeys(of documents: [String]) throws -> [[String]] {
        let script = """
            import json, sys, yaml
            out = []
            for text in json.load(sys.stdin):
                keys = (yaml.safe_load(text) or {}).get("recordTypes") or {}
                out.append([k if isinstance(k, str) else "<" + type(k).__name__ + ">" for k in keys])
            json.dump(out, sys.stdout)
            """
        let input = try JSONEncoder().encode(documents)
        let result = try ChildProcess.run("python3", arguments: ["-c", script], options: ChildProcess.Options(
            input: input, environment: .inherited(), timeout: 60, outputLimit: CommandRunner.outputLimit))
        if let failure = result.failure {
            throw Failure(description: "python3 \(failure): \(String(decoding: result.standardError, as: UTF8.self))")
        }
        return try JSONDecoder().decode([[String]].self, from: result.standardOutput)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
