import CKSchemaTestSupport
import Foundation
import Testing

/// The generated `merge(ancestor:server:client:)` over random models and random edits, for `JournalEntry`
/// (`latest` by `modifiedAt`, `union` tags, `client` favourite) and `Tally` (every policy). Pure Swift: runs
/// on every platform. Each suite prints how many cases it ran.
@Suite struct MergePropertyTests {
    static let cases = 4_000

    @Test func journalEntries() {
        let figures = MergeHarness(spec: MergeSpecs.journalEntry).run(cases: Self.cases, seed: 0x4A6F75726E616C)
        print("merge properties, JournalEntry: \(figures)")
        #expect(figures.cases == Self.cases && figures.failures.isEmpty, "\(figures.failures.prefix(5))")
        // The random edits reach every branch: one-sided changes, conflicts, and merges without an ancestor.
        #expect(figures.oneSided > 0 && figures.conflicts > 0 && figures.withoutAncestor > 0)
    }

    @Test func tallies() {
        let figures = MergeHarness(spec: MergeSpecs.tally).run(cases: Self.cases, seed: 0x54616C6C79)
        print("merge properties, Tally: \(figures)")
        #expect(figures.cases == Self.cases && figures.failures.isEmpty, "\(figures.failures.prefix(5))")
        #expect(figures.oneSided > 0 && figures.conflicts > 0 && figures.sums > 0 && figures.clampedSums > 0)
    }

    /// The guide's example, by hand: two devices edit one entry.
    @Test func theGuidesEntry() {
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        var ancestor = JournalEntry(title: "Trip", createdAt: day, modifiedAt: day, tags: ["travel"])
        ancestor.cloudKitSystemFields = CloudKitSchema.SystemFields(changeTag: "1", creationDate: day,
                                                                    modificationDate: day, archive: Data())
        var server = ancestor
        server.title = "Trip to Lyon"
        server.tags = ["travel", "france"]
        server.modifiedAt = day.addingTimeInterval(60)
        server.cloudKitSystemFields = CloudKitSchema.SystemFields(changeTag: "2", creationDate: day,
                                                                  modificationDate: day.addingTimeInterval(61), archive: Data())
        var client = ancestor
        client.title = "Lyon"
        client.tags = ["food"]
        client.isFavorite = true
        client.modifiedAt = day.addingTimeInterval(120)

        let result = JournalEntry.merge(ancestor: ancestor, server: server, client: client)
        #expect(result.model.title == "Lyon")                               // latest: the client edited later
        #expect(result.model.tags == ["france", "food"])                      // union: 'travel' removed by the client
        #expect(result.model.isFavorite)                                      // changed on the client only
        #expect(result.model.modifiedAt == client.modifiedAt)
        #expect(result.model.cloudKitSystemFields?.changeTag == "2")          // the server's change tag
        #expect(Set(result.conflicts) == [.title, .tags, .modifiedAt])
    }
}

/// What a run of the harness found.
struct MergeFigures: CustomStringConvertible {
    var cases = 0
    var oneSided = 0
    var conflicts = 0
    var withoutAncestor = 0
    var sums = 0
    var clampedSums = 0
    var failures: [String] = []

    var description: String {
        "\(cases) cases (\(oneSided) one-sided field changes, \(conflicts) fields changed on both sides, "
            + "\(withoutAncestor) merges without an ancestor, \(sums) counter sums, \(clampedSums) clamped), "
            + "\(failures.count) failing"
    }
}

/// How a merged field relates to the two sides when they are swapped.
enum MergeSymmetry {
    /// The policy favours a side (`server`, `client`, `latest`).
    case none
    /// The same value either way (`max`, `min`, `sum`).
    case exact
    /// The same elements either way (`union`; the order is the server's, then the client's additions).
    case elements
}

/// One field of a model, as the harness sees it.
struct MergeField<Model> {
    let name: String
    let symmetry: MergeSymmetry
    /// The field's value.
    let value: (Model) -> AnyHashable
    /// Sets a random value (possibly the same one).
    let edit: (inout Model, inout SeededRandomNumberGenerator) -> Void
    /// Sets the field of the first model to the second's value.
    var copy: (inout Model, Model) -> Void = { _, _ in }
    /// Whether the field is a counter whose merge is server + client − ancestor.
    var isCounter = false
    /// Whether a merge's `clamped` fields name this field.
    var clamped: ([String]) -> Bool = { _ in false }
    /// The field's value as an integer, for counters.
    var integer: (Model) -> Int64 = { _ in 0 }
    /// A list field's elements, for `.elements` symmetry.
    var elements: (Model) -> Set<AnyHashable> = { _ in [] }
}

/// A model type for the harness: random models, its fields, and its generated merge.
struct MergeSpec<Model: Hashable> {
    let make: (inout SeededRandomNumberGenerator) -> Model
    let fields: [MergeField<Model>]
    /// The generated merge, with the names of the conflicted fields and of the clamped sums.
    let merge: (Model?, Model, Model) -> (model: Model, conflicts: [String], clamped: [String])
    /// The change tag of a model's system fields.
    let changeTag: (Model) -> String?
    /// Gives a model system fields with `tag`.
    let tagged: (Model, String) -> Model
    /// Whether `latest` prefers the client: its clock is newer.
    let clientIsLater: (_ server: Model, _ client: Model) -> Bool
    /// The fields whose policy is `latest`.
    let latestFields: Set<String>
}

/// Checks the merge properties on random triples.
struct MergeHarness<Model: Hashable> {
    let spec: MergeSpec<Model>

    func run(cases: Int, seed: UInt64) -> MergeFigures {
        var random = SeededRandomNumberGenerator(seed: seed)
        var figures = MergeFigures()
        for index in 0..<cases {
            figures.cases += 1
            let ancestor = spec.tagged(spec.make(&random), "a\(index)")
            let server = spec.tagged(edited(ancestor, &random), "s\(index)")
            let client = edited(ancestor, &random)
            let knowsAncestor = random.next() % 5 != 0
            if !knowsAncestor { figures.withoutAncestor += 1 }
            check(knowsAncestor ? ancestor : nil, server, client, figures: &figures)
        }
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

    /// Checks the merge of three whole versions (each knows every field) against the properties.
    func check(_ ancestor: Model?, _ server: Model, _ client: Model, figures: inout MergeFigures) {
        func fail(_ what: String) { figures.failures.append(what) }
        // Identical sides merge to themselves, with nothing conflicted.
        for side in [server, client] {
            let same = spec.merge(ancestor, side, side)
            if same.model != side || !same.conflicts.isEmpty { fail("identical sides changed: \(side)") }
        }
        let merged = spec.merge(ancestor, server, client)
        let swapped = spec.merge(ancestor, client, server)
        if spec.changeTag(merged.model) != spec.changeTag(server) { fail("the server's change tag was not kept") }
        var expectedConflicts: Set<String> = []
        for field in spec.fields {
            let (s, c, m) = (field.value(server), field.value(client), field.value(merged.model))
            let a = ancestor.map(field.value)
            if s == c {
                if m != s { fail("\(field.name): equal sides, merged \(m)") }
                continue
            }
            if let a, a == s || a == c {
                figures.oneSided += 1
                // A field changed on one side only takes that side's value, whatever its policy.
                let changed = a == s ? c : s
                if m != changed { fail("\(field.name): changed on one side to \(changed), merged \(m)") }
                continue
            }
            figures.conflicts += 1
            expectedConflicts.insert(field.name)
            if spec.latestFields.contains(field.name) {
                let later = spec.clientIsLater(server, client) ? c : s
                if m != later { fail("\(field.name): latest should be \(later), merged \(m)") }
            }
            if field.isCounter {
                figures.sums += 1
                // Exact, in 128 bits; only a result outside INT64's range is clamped, and reported.
                let base = Int128(ancestor.map(field.integer) ?? 0)
                let exact = Int128(field.integer(server)) + Int128(field.integer(client)) - base
                let expected = Int64(clamping: exact)
                if field.integer(merged.model) != expected {
                    fail("\(field.name): sum should keep both increments (\(expected)), merged \(m)")
                }
                if (Int128(expected) != exact) != field.clamped(merged.clamped) {
                    fail("\(field.name): exact sum \(exact), clamped reported \(merged.clamped)")
                }
                if Int128(expected) != exact { figures.clampedSums += 1 }
            }
            let other = field.value(swapped.model)
            switch field.symmetry {
            case .none: break
            case .exact where other != m: fail("\(field.name): \(m) one way, \(other) swapped")
            case .elements where field.elements(swapped.model) != field.elements(merged.model):
                fail("\(field.name): elements \(m) one way, \(other) swapped")
            case .exact, .elements: break
            }
        }
        if Set(merged.conflicts) != expectedConflicts {
            fail("conflicts \(merged.conflicts.sorted()), expected \(expectedConflicts.sorted())")
        }
    }
}

extension SeededRandomNumberGenerator {
    /// One of `values`.
    mutating func pick<Value>(_ values: [Value]) -> Value {
        values[Int(next() % UInt64(values.count))]
    }
}
