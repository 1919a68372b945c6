import CKSchemaCore
import Testing

/// Reads that try a field as one type and fall back to another (`as? CKRecord.Reference`, then `as? String`)
/// work with old and new records alike: such a read is a mismatch only when no read of the same record and
/// key on the same path (one function body, one call site of a helper) asks for a type the field holds.
@Suite struct TolerantReadTests {
    /// `owner` is a reference now (older records held its record name), `label` a string, `createdAt` a
    /// timestamp (older records held seconds since 1970), `count` an integer.
    private let schema = """
        recordTypes:
          Item:
            fields:
              owner: { type: reference }
              label: { type: string }
              createdAt: { type: timestamp }
              count: { type: int64 }
        """

    private func findings(_ swift: [String]) -> [String] { CodeCheckHarness.findingLines(swift, against: schema) }

    @Test func ifLetThenFallbackReturnInAHelperCalledWithSeveralKeys() {
        let helper = """
            enum Fields {
                static func recordName(_ record: CKRecord, _ key: String) -> String? {
                    if let reference = record[key] as? CKRecord.Reference {
                        return reference.recordID.recordName
                    }
                    return record[key] as? String
                }
            }
            """
        let callers = """
            func load(_ record: CKRecord) {
                guard record.recordType == "Item" else { return }
                let owner = Fields.recordName(record, "owner")
                let label = Fields.recordName(record, "label")
            }
            """
        #expect(findings([helper, callers]).isEmpty)
    }

    @Test func nilCoalescingChains() {
        let swift = """
            let item = CKRecord(recordType: "Item")
            let created = item["createdAt"] as? Date ?? (item["createdAt"] as? Double).map(Date.init(timeIntervalSince1970:))
            let count = item["count"] as? Int64 ?? (item["count"] as? String).flatMap(Int64.init) ?? 0
            let label = item.object(forKey: "label") as? String ?? (item.object(forKey: "label") as? Int64).map(String.init)
            """
        #expect(findings([swift]).isEmpty)
    }

    @Test func guardLetWithAFallbackInItsElse() {
        let swift = """
            func ownerName(of item: CKRecord, key: String) -> String? {
                guard let reference = item[key] as? CKRecord.Reference else {
                    return item[key] as? String
                }
                return reference.recordID.recordName
            }
            func read() {
                let item = CKRecord(recordType: "Item")
                _ = ownerName(of: item, key: "owner")
                _ = ownerName(of: item, key: "label")
            }
            """
        #expect(findings([swift]).isEmpty)
    }

    @Test func switchOverTheValueWithCastPatterns() {
        let swift = """
            func describe(_ item: CKRecord) -> String {
                guard item.recordType == "Item" else { return "" }
                switch item["owner"] {
                case let reference as CKRecord.Reference: return reference.recordID.recordName
                case let name as String: return name
                default: return ""
                }
            }
            func count(_ item: CKRecord) -> Int {
                guard item.recordType == "Item" else { return 0 }
                switch item["count"] {
                case let text as String: return Int(text) ?? 0
                case is Date: return 0
                default: return 0
                }
            }
            """
        #expect(CodeCheckHarness.usages([swift]) == [
            "read:CKRecord.Reference Item.owner", "read:String Item.owner", "read:String Item.count",
            "read:Date Item.count",
        ])
        #expect(findings([swift]) == ["code_field_type_mismatch Item.count", "code_field_type_mismatch Item.count"])
    }

    @Test func aHelperIsJudgedPerCallSiteAndOnlyWithReadsOfItsOwnPath() {
        let helper = """
            func seconds(_ item: CKRecord, _ key: String) -> Double? {
                item[key] as? Double ?? (item[key] as? String).flatMap(Double.init)
            }
            func read() {
                let item = CKRecord(recordType: "Item")
                _ = seconds(item, "label")
                _ = seconds(item, "count")
                _ = seconds(item, "owner")
            }
            """
        let otherPaths = """
            func newer(_ item: CKRecord) -> CKRecord.Reference? { item["label"] as? CKRecord.Reference }
            func older(_ item: CKRecord) -> String? { item["label"] as? String }
            func both(_ item: CKRecord, _ other: CKRecord) {
                guard item.recordType == "Item", other.recordType == "Item" else { return }
                let name = other["owner"] as? String ?? (item["owner"] as? CKRecord.Reference)?.recordID.recordName
                let when = item["createdAt"] as? String
            }
            func make() {
                let item = CKRecord(recordType: "Item")
                _ = newer(item)
                _ = older(item)
            }
            """
        // At `owner` neither of the helper's casts can succeed: both are reported. A cast on another path or
        // another record, or a plain one, excuses nothing.
        #expect(findings([helper, otherPaths]) == [
            "code_field_type_mismatch Item.createdAt", "code_field_type_mismatch Item.label",
            "code_field_type_mismatch Item.owner", "code_field_type_mismatch Item.owner",
            "code_field_type_mismatch Item.owner",
        ])
    }
}
