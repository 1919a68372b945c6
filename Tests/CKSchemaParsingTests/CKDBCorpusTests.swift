import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Foundation
import Testing

/// The real `.ckdb` files of the shared corpus: every valid one parses cleanly and survives a round trip,
/// the invalid drafts are refused, and every export is re-printed byte for byte.
@Suite struct CKDBCorpusTests {
    /// The files that are not valid CloudKit Schema Language, each with what is wrong (read and confirmed).
    static let invalidFiles: [String: String] = [
        "brightdigit__MistKit__Examples_Bushel_schema__90d9c2d2.ckdb":
            "early draft: no DEFINE SCHEMA header and a pseudo field \"__recordID\" RECORD ID in each type",
        "brightdigit__MistKit__Examples_Celestra_schema__692d11a0.ckdb":
            "early draft: no DEFINE SCHEMA header and a pseudo field \"__recordID\" RECORD ID in each type",
        "brightdigit__MistKit__Examples_Bushel_schema__e90e3040.ckdb":
            "typeless field \"___recordName\" QUERYABLE in each type",
    ]

    /// Exported files that cannot be reprinted byte for byte, why, and the exact difference that remains.
    static let notByteIdentical: [String: (reason: String, matches: @Sendable (_ printed: String, _ original: String) -> Bool)] = [
        "KevinBarrett2025__RHEIRHOME__CloudKit-Minimal-Update.sql.ckdb": (
            "stored without the final newline every export ends with",
            { printed, original in printed == original + "\n" }
        ),
        "alexanderchopan__casberi__docs_cloudkit-schema.ckdb": (
            "an extra blank line was appended after the export",
            { printed, original in printed + "\n" == original }
        ),
        "alexanderchopan__casberi__docs_cloudkit-schema__7c68f569.ckdb": (
            "an extra blank line was appended after the export",
            { printed, original in printed + "\n" == original }
        ),
        "alexanderchopan__casberi__docs_cloudkit-schema__b7caf12f.ckdb": (
            "an extra blank line was appended after the export",
            { printed, original in printed + "\n" == original }
        ),
        "ivan-wize__Plenty__Plenty_CloudKitSchema_CloudKitSchema.ckdb": (
            "edited by hand: CD_IncomeSource pads its names to 21 columns, but its widest (CD_secondDayOfMonth, 19) needs 20",
            { printed, original in collapsingSpaces(printed) == collapsingSpaces(original) }
        ),
    ]

    /// The text with every run of spaces shortened to one, to compare layouts that differ only in padding.
    private static func collapsingSpaces(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test(.sharedCorpus("ckdb")) func everyCorpusFileParsesPrintsAndRoundTrips() throws {
        let directory = try SharedCorpus.require("ckdb")
        let rows = try SharedCorpus.manifest(in: directory)
        try #require(!rows.isEmpty)
        var invalid: Set<String> = []
        var exported = 0, identical = 0, roundTripped = 0
        for row in rows {
            let name = try #require(row["file"])
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let parsed = CKDBParser.parse(SourceFile(path: name, text: text))
            if parsed.hasErrors {
                invalid.insert(name)
                continue
            }
            #expect(parsed.diagnostics.isEmpty, "\(name): \(parsed.messages)")
            let printed = CKDBPrinter.print(parsed.schema)
            if row["kind"] == "exported" {
                exported += 1
                #expect(parsed.sourceMap.facts.isEmpty, "\(name): an export carries no syntax facts")
                if let exception = Self.notByteIdentical[name] {
                    #expect(printed != text, "\(name) is now byte-identical; drop its exception")
                    #expect(exception.matches(printed, text), "\(name): \(exception.reason)")
                } else if printed == text {
                    identical += 1
                } else {
                    Issue.record("\(name) is not reprinted byte for byte")
                }
            }
            let reparsed = CKDBParser.parse(SourceFile(path: name, text: printed))
            #expect(reparsed.diagnostics.isEmpty, "\(name): \(reparsed.messages)")
            #expect(reparsed.sourceMap.facts.isEmpty, "\(name): printed text carries syntax facts")
            #expect(reparsed.schema.canonicalized() == parsed.schema.canonicalized(), "\(name) changed in a round trip")
            #expect(CKDBPrinter.print(reparsed.schema) == printed, "\(name): printing is not idempotent")
            roundTripped += 1
        }
        #expect(invalid == Set(Self.invalidFiles.keys))
        print("""
            ckdb corpus: \(rows.count) files, \(rows.count - invalid.count) parsed without errors, \
            \(invalid.count) invalid, \(identical) of \(exported) exports byte-identical when reprinted \
            (\(Self.notByteIdentical.count) listed exceptions), \(roundTripped) round-tripped
            """)
    }

    @Test(.sharedCorpus("ckdb")) func invalidDraftsStillYieldTheirValidParts() throws {
        let directory = try SharedCorpus.require("ckdb")
        let name = "brightdigit__MistKit__Examples_Bushel_schema__90d9c2d2.ckdb"
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        let parsed = CKDBParser.parse(SourceFile(path: name, text: text))
        #expect(parsed.messages.first == "expected 'DEFINE SCHEMA' at the start of the schema, found 'RECORD'")
        #expect(parsed.diagnostics.dropFirst().allSatisfy { $0.message.hasPrefix("expected a data type after field '__recordID'") })
        #expect(parsed.schema.recordTypes.map(\.name) == ["RestoreImage", "XcodeVersion", "SwiftVersion"])
        #expect(parsed.schema.recordTypes.first?.field(named: "version")?.indexes == [.queryable, .sortable, .searchable])
    }
}
