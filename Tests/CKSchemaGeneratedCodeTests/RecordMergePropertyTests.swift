#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import CKSchemaTestSupport
import Foundation
import Testing

/// Conflicts as devices make them, through the stand-in database: a server device and a client device read one
/// version, edit it (removals included: an optional field set to `nil`), and save; the client's save conflicts.
/// The client's record holds only its edits (`makeRecord()`) or its whole fetched record with the edits, after a
/// whole or a partial fetch; some clients create the record anew, so that CloudKit has no ancestor to give.
///
/// Each conflict is merged three ways, which must agree field by field and on the conflicted fields:
/// - the `CKRecord` path: `resolveConflicts(in:)` on the error, the merged record saved and read back;
/// - the model path: `merge(ancestor:server:client:)` on the models as the app holds them (read from the
///   ancestor and the server's records, and the client's edited model);
/// - the whole versions: `merge` on three models that know every field — the ancestor, the server's version,
///   and the ancestor with the client's edits — which `MergeHarness.check` holds to the merge properties.
@Suite struct RecordMergePropertyTests {
    static let cases = 1_500

    @Test func journalEntries() throws {
        let figures = try RecordMergeHarness(spec: MergeSpecs.journalEntry).run(cases: Self.cases, seed: 0x5245434F5244)
        print("record merge properties, JournalEntry: \(figures)")
        #expect(figures.merges.cases == Self.cases && figures.failures.isEmpty, "\(figures.failures.prefix(5))")
        #expect(figures.serverRemovals > 0 && figures.clientRemovals > 0 && figures.bothRemoved > 0)
        #expect(figures.partialFetches > 0 && figures.editsOnly > 0 && figures.wholeRecords > 0)
        #expect(figures.merges.withoutAncestor > 0 && figures.merges.conflicts > 0)
    }

    @Test func tallies() throws {
        let figures = try RecordMergeHarness(spec: MergeSpecs.tally).run(cases: Self.cases, seed: 0x54414C4C59)
        print("record merge properties, Tally: \(figures)")
        #expect(figures.merges.cases == Self.cases && figures.failures.isEmpty, "\(figures.failures.prefix(5))")
        #expect(figures.serverRemovals > 0 && figures.clientRemovals > 0 && figures.bothRemoved > 0)
        #expect(figures.merges.sums > 0 && figures.merges.clampedSums > 0)
    }
}

/// What a run of the record harness found.
struct RecordMergeFigures: CustomStringConvertible {
    /// The whole versions' checks.
    var merges = MergeFigures()
    var serverRemovals = 0
    var clientRemovals = 0
    var bothRemoved = 0
    var partialFetches = 0
    var editsOnly = 0
    var wholeRecords = 0
    var failures: [String] = []

    var description: String {
        "\(merges); removals: \(serverRemovals) on the server, \(clientRemovals) on the client, \(bothRemoved) on "
            + "both; \(partialFetches) partial fetches; client records: \(editsOnly) edits only, \(wholeRecords) "
            + "whole; \(failures.count) failing"
    }
}

/// A generated model as the record harness drives it: its CloudKit boundary and its namespace's resolver.
protocol ConflictingModel: Hashable {
    init(record: CKRecord) throws
    func makeRecord() -> CKRecord
    func write(to record: CKRecord)
    /// Every field's CloudKit name, and those a record must hold to read.
    static var fieldNames: [String] { get }
    static var requiredFieldNames: [String] { get }
    /// `resolveConflicts(in:)`: the records to save, the conflicted fields by record, the unresolved count.
    static func resolve(_ error: any Error) -> (records: [CKRecord], conflicts: [CKRecord.ID: [String]], unresolved: Int)?
    /// The fields set since the model was read.
    var changedFieldNames: Set<String> { get }
    /// The model as a new one, which knows every field.
    var whole: Self { get }
    /// Takes the record ID of `other` (a device creating "the same" record anew).
    mutating func adoptRecordID(of other: Self)
}

extension JournalEntry: ConflictingModel {
    static var fieldNames: [String] { FieldKey.allCases.map(\.rawValue) }
    static var requiredFieldNames: [String] { cloudKitRequiredKeys.map(\.rawValue) }
    static func resolve(_ error: any Error) -> (records: [CKRecord], conflicts: [CKRecord.ID: [String]], unresolved: Int)? {
        CloudKitSchema.resolveConflicts(in: error).map { ($0.recordsToSave, $0.conflictedFields, $0.unresolved.count) }
    }
    var changedFieldNames: Set<String> { cloudKitChanges.changedKeys }
    var whole: Self { with(\.cloudKitChanges, CloudKitSchema.FieldChanges()) }
    mutating func adoptRecordID(of other: Self) { recordID = other.recordID }
}

extension Tally: ConflictingModel {
    static var fieldNames: [String] { FieldKey.allCases.map(\.rawValue) }
    static var requiredFieldNames: [String] { cloudKitRequiredKeys.map(\.rawValue) }
    static func resolve(_ error: any Error) -> (records: [CKRecord], conflicts: [CKRecord.ID: [String]], unresolved: Int)? {
        EdgeCaseSchema.resolveConflicts(in: error).map { ($0.recordsToSave, $0.conflictedFields, $0.unresolved.count) }
    }
    var changedFieldNames: Set<String> { cloudKitChanges.changedKeys }
    var whole: Self { with(\.cloudKitChanges, EdgeCaseSchema.FieldChanges()) }
    mutating func adoptRecordID(of other: Self) { recordID = other.recordID }
}

extension ConflictingModel {
    /// A copy with `value` at `keyPath`.
    func with<Value>(_ keyPath: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }
}

/// Makes conflicts through the stand-in database and checks the three merges agree.
struct RecordMergeHarness<Model: ConflictingModel> {
    let spec: MergeSpec<Model>

    func run(cases: Int, seed: UInt64) throws -> RecordMergeFigures {
        var random = SeededRandomNumberGenerator(seed: seed)
        var figures = RecordMergeFigures()
        let models = MergeHarness(spec: spec)
        for index in 0..<cases {
            let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })
            let original = try database.save(spec.make(&random).makeRecord())
            let ancestor = try Model(record: original)

            // The client device fetches the record whole or in part (or will create it anew with the same ID).
            let createsAnew = random.next() % 6 == 0
            var desired: [String]? = nil
            if !createsAnew, random.next() % 2 == 0 {
                desired = Model.requiredFieldNames + Model.fieldNames.filter { _ in random.next() % 2 == 0 }
                figures.partialFetches += 1
            }
            let clientFetch = database.fetch(original.recordID, desiredKeys: desired)

            // The server device edits the whole record and saves first.
            let serverEdit = edited(ancestor, &random)
            let serverRecord = try database.save(serverEdit.makeRecord())

            // The client device edits its copy, or creates the record anew.
            let client: Model
            let clientWhole: Model
            let clientRecord: CKRecord
            if createsAnew {
                figures.merges.withoutAncestor += 1
                var created = spec.make(&random)
                created.adoptRecordID(of: ancestor)
                client = created
                clientWhole = created
                clientRecord = created.makeRecord()
            } else {
                guard let fetched = clientFetch else {
                    figures.failures.append("case \(index): the record could not be fetched")
                    continue
                }
                client = edited(try Model(record: fetched), &random)
                var overlaid = ancestor
                let changed = client.changedFieldNames
                for field in spec.fields where changed.contains(field.name) { field.copy(&overlaid, client) }
                clientWhole = overlaid.whole
                if random.next() % 2 == 0 {
                    clientRecord = client.makeRecord()
                    figures.editsOnly += 1
                } else {
                    client.write(to: fetched)
                    clientRecord = fetched
                    figures.wholeRecords += 1
                }
            }
            count(removalsOf: ancestor, serverEdit, clientWhole, in: &figures)

            let error: CKError
            do {
                _ = try database.save(clientRecord)
                figures.failures.append("case \(index): the client's save did not conflict")
                continue
            } catch let conflict as CKError {
                error = conflict
            }
            let knownAncestor = createsAnew ? nil : ancestor
            let serverVersion = try Model(record: serverRecord)
            let expected = spec.merge(knownAncestor.map(\.whole), serverVersion.whole, clientWhole)
            models.check(knownAncestor.map(\.whole), serverVersion.whole, clientWhole, figures: &figures.merges)
            figures.merges.cases += 1

            // The model path: the models as the app holds them.
            let modelPath = spec.merge(knownAncestor, serverVersion, client)
            compare(modelPath.model, modelPath.conflicts, with: expected, "case \(index), model path", &figures)

            // The record path: resolved, saved, read back.
            guard let resolution = Model.resolve(error), resolution.unresolved == 0, let merged = resolution.records.first
            else {
                figures.failures.append("case \(index): the conflict was not resolved")
                continue
            }
            let saved = try Model(record: try database.save(merged))
            compare(saved, resolution.conflicts[merged.recordID] ?? [], with: expected, "case \(index), record path",
                    &figures)
        }
        figures.failures += figures.merges.failures
        return figures
    }

    /// A copy of `model` with a random subset of its fields edited.
    private func edited(_ model: Model, _ random: inout SeededRandomNumberGenerator) -> Model {
        var copy = model
        for field in spec.fields where random.next() % 3 == 0 {
            field.edit(&copy, &random)
        }
        return copy
    }

    private func compare(_ model: Model, _ conflicts: [String],
                         with expected: (model: Model, conflicts: [String], clamped: [String]),
                         _ what: String, _ figures: inout RecordMergeFigures) {
        for field in spec.fields where field.value(model) != field.value(expected.model) {
            figures.failures.append("\(what): \(field.name) merged \(field.value(model)), expected \(field.value(expected.model))")
        }
        if Set(conflicts) != Set(expected.conflicts) {
            figures.failures.append("\(what): conflicts \(conflicts.sorted()), expected \(expected.conflicts.sorted())")
        }
    }

    /// Counts the fields a side removed (a value in the ancestor, none after the edit).
    private func count(removalsOf ancestor: Model, _ server: Model, _ client: Model, in figures: inout RecordMergeFigures) {
        for field in spec.fields {
            let isNil = { (version: Model) in field.value(version).description == "nil" }
            let removed = { (side: Model) in !isNil(ancestor) && isNil(side) }
            switch (removed(server), removed(client)) {
            case (true, true): figures.bothRemoved += 1
            case (true, false): figures.serverRemovals += 1
            case (false, true): figures.clientRemovals += 1
            case (false, false): break
            }
        }
    }
}

#endif
