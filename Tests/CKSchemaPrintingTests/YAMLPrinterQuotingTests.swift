import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing
import Yams

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

    /// Yams resolves plain scalars the YAML 1.1 way (`yes`, `on`, `0x1F`, `12:30`, timestamps): each
    /// printed name must still load as the same string there. (Yams drops a leading byte-order mark from
    /// any string it builds, quoted or not, so that one case is left out.)
    @Test(arguments: awkward.filter { !$0.hasPrefix("\u{FEFF}") })
    func otherYAMLReadersSeeTheSameString(_ text: String) throws {
        let printed = YAMLPrinter.print(Schema(recordTypes: [RecordType(name: text)]))
        let loaded = try Yams.load(yaml: printed) as? [String: Any]
        let recordTypes = try #require(loaded?["recordTypes"] as? [AnyHashable: Any])
        #expect(recordTypes.keys.map { $0.base as? String } == [text], "\(printed)")
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
