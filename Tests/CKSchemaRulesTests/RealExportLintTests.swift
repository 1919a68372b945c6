import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Synchronization
import Testing

/// Lint on schemas shaped like real exports: what the Console and Core Data write by themselves is not a
/// finding, and advice about an index production holds says that production keeps it (docs/cloudkit-facts.md
/// §1.3, §2.4, §7).
@Suite struct RealExportLintTests {
    private func lint(_ text: String, productionIsItself: Bool = false) -> [Diagnostic] {
        let parsed = parseCKDB(text, path: "production.ckdb")
        return Linter().lint(parsed, production: productionIsItself ? parsed.schema : nil)
    }

    private static let systemFields = """
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE QUERYABLE,
        """

    /// A private-database journal app's export: the Console wrote its default grants on the type.
    static let privateApp = """
        DEFINE SCHEMA

            RECORD TYPE Entry (
        \(systemFields)
                body            ENCRYPTED STRING,
                mood            STRING QUERYABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

        """

    @Test func theConsolesDefaultGrantsDoNotMakeATypePublic() {
        #expect(lint(Self.privateApp).isEmpty)
    }

    @Test func grantsBeyondTheDefaultsStillDo() {
        let reviewed = Self.privateApp.replacingOccurrences(of: #"GRANT CREATE TO "_icloud""#,
                                                            with: #"GRANT CREATE, READ TO "_icloud""#)
        let findings = lint(reviewed)
        #expect(findings.map(\.id) == ["encrypted_field_not_public"])
        #expect(findings.first?.message.contains("grants READ, CREATE to '_icloud', and its grants are not the Console's defaults") == true)
        let worldOnly = Self.privateApp.replacingOccurrences(of: "        GRANT WRITE TO \"_creator\",\n        GRANT CREATE TO \"_icloud\",\n", with: "")
        // Read by the world, created by no one: the type is public, and public_type_creatable says so too.
        #expect(lint(worldOnly).map(\.id) == ["encrypted_field_not_public", "public_type_creatable"])
    }

    /// A Core Data export (NSPersistentCloudKitContainer), as development's automatic indexing left it.
    static let coreData = """
        DEFINE SCHEMA

            RECORD TYPE CD_Trip (
                CD_entityName     STRING QUERYABLE SEARCHABLE SORTABLE,
                CD_moveReceipt    BYTES QUERYABLE SORTABLE,
                CD_route          BYTES QUERYABLE SORTABLE,
                CD_route_ckAsset  ASSET,
        \(systemFields)
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

        """

    @Test func coreDataManagedIndexesAreNotFindings() {
        #expect(lint(Self.coreData).isEmpty)
    }

    @Test func theSameIndexOutsideCoreDataIsAFinding() {
        let handWritten = Self.coreData.replacingOccurrences(of: "CD_Trip", with: "Trip")
            .replacingOccurrences(of: "CD_entityName     STRING", with: "kind              STRING")
            .replacingOccurrences(of: "CD_", with: "")
        #expect(lint(handWritten).map(\.id) == Array(repeating: "bytes_not_indexed", count: 4))
        let imitation = Self.coreData.replacingOccurrences(of: "CD_entityName", with: "CD_kind")
        #expect(Set(lint(imitation).map(\.id)) == ["bytes_not_indexed", "core_data_prefix_reserved"])
    }

    /// The SORTABLE on `___recordID` a real development export had (FitPinky), removed by a later commit.
    static let sortableRecordID = """
        DEFINE SCHEMA

            RECORD TYPE Challenge (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE QUERYABLE SORTABLE,
                title           STRING QUERYABLE SEARCHABLE SORTABLE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

        """

    @Test func adviceToRemoveAnIndexProductionHasSaysProductionKeepsIt() throws {
        let unknown = lint(Self.sortableRecordID)
        #expect(unknown.map(\.id) == ["sortable_not_on_reference_or_list"])
        #expect(unknown.first?.severity == .warning)
        let production = try #require(lint(Self.sortableRecordID, productionIsItself: true).first)
        #expect(production.severity == .note)
        #expect(production.message.hasSuffix("; production has this index and keeps it, so leave it (removing it is an "
            + "index removal that 'ckschema diff' warns about)"))
    }

    @Test func productionIsReadOnlyWhenAFindingNeedsItAndThenOnce() throws {
        let reads = Mutex(0)
        let snapshot = CKDBParser.parse(SourceFile(path: "production.ckdb", text: Self.sortableRecordID)).schema
        let production = ProductionSchema {
            reads.withLock { $0 += 1 }
            return snapshot
        }
        let clean = CKDBParser.parse(SourceFile(path: "schema.ckdb", text: Self.sortableRecordID
            .replacingOccurrences(of: "REFERENCE QUERYABLE SORTABLE", with: "REFERENCE QUERYABLE")))
        #expect(Linter().lint(clean, production: production).isEmpty)
        #expect(reads.withLock { $0 } == 0, "no finding concerns production's indexes, so the snapshot is not read")
        // Two findings that each ask whether production keeps the index.
        let candidate = CKDBParser.parse(SourceFile(path: "schema.ckdb", text: Self.sortableRecordID
            .replacingOccurrences(of: "title ", with: "tags LIST<STRING> QUERYABLE SORTABLE,\n        title ")))
        let findings = Linter().lint(candidate, production: production)
        #expect(findings.map(\.id) == ["sortable_not_on_reference_or_list", "sortable_not_on_reference_or_list"])
        #expect(findings.filter { $0.message.contains("production has this index") }.count == 1)
        #expect(reads.withLock { $0 } == 1)
    }

    @Test func aCandidateIndexProductionLacksIsStillAWarning() {
        let candidate = CKDBParser.parse(SourceFile(path: "schema.ckdb", text: Self.sortableRecordID))
        let production = CKDBParser.parse(SourceFile(path: "production.ckdb", text: Self.sortableRecordID
            .replacingOccurrences(of: "REFERENCE QUERYABLE SORTABLE", with: "REFERENCE QUERYABLE")))
        let findings = Linter().lint(candidate, production: production.schema)
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.message.contains("production") == false)
    }
}
