import CKSchemaTestSupport
import Foundation

/// The models the merge properties run on: random values from small pools, so that sides often agree.
enum MergeSpecs {
    static let dates = (0..<4).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 3_600) }

    /// A field whose value is `keyPath`'s, edited to one of `values`.
    static func field<Model, Value: Hashable>(_ name: String, _ keyPath: WritableKeyPath<Model, Value>, _ values: [Value],
                                              _ symmetry: MergeSymmetry = .none) -> MergeField<Model> {
        MergeField(name: name, symmetry: symmetry, value: { AnyHashable($0[keyPath: keyPath]) },
                   edit: { model, random in model[keyPath: keyPath] = random.pick(values) },
                   copy: { model, source in model[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// A list field, edited by adding and removing elements of `pool`.
    static func list<Model, Element: Hashable>(_ name: String, _ keyPath: WritableKeyPath<Model, [Element]?>,
                                               _ pool: [Element]) -> MergeField<Model> {
        var field = MergeField<Model>(name: name, symmetry: .elements, value: { AnyHashable($0[keyPath: keyPath]) },
                                      edit: { model, random in
            var elements = model[keyPath: keyPath] ?? []
            if !elements.isEmpty, random.next() % 2 == 0 { elements.remove(at: Int(random.next() % UInt64(elements.count))) }
            if random.next() % 2 == 0 { elements.append(random.pick(pool)) }
            model[keyPath: keyPath] = random.next() % 8 == 0 ? nil : elements
        }, copy: { model, source in model[keyPath: keyPath] = source[keyPath: keyPath] })
        field.elements = { Set(($0[keyPath: keyPath] ?? []).map { AnyHashable($0) }) }
        return field
    }

    static func systemFields(_ tag: String) -> CloudKitSchema.SystemFields {
        CloudKitSchema.SystemFields(changeTag: tag, creationDate: dates[0], modificationDate: dates[1], archive: Data())
    }

    static var journalEntry: MergeSpec<JournalEntry> { MergeSpec(
        make: { random in
            var entry = JournalEntry(createdAt: random.pick(dates))
            for field in journalFields { field.edit(&entry, &random) }
            return entry
        },
        fields: journalFields,
        merge: { ancestor, server, client in
            let result = JournalEntry.merge(ancestor: ancestor, server: server, client: client)
            return (result.model, result.conflicts.map(\.rawValue), result.clamped.map(\.rawValue))
        },
        changeTag: { $0.cloudKitSystemFields?.changeTag },
        tagged: { model, tag in
            var copy = model
            copy.cloudKitSystemFields = systemFields(tag)
            return copy
        },
        clientIsLater: { server, client in (client.modifiedAt ?? .distantPast) > (server.modifiedAt ?? .distantPast) },
        latestFields: ["title", "body", "mood", "createdAt", "modifiedAt", "category", "place"]
    ) }

    static var journalFields: [MergeField<JournalEntry>] { [
        field("title", \.title, ["Trip", "Lyon", nil]),
        field("body", \.body, ["x", "y", nil]),
        field("mood", \.mood, [.happy, .sad, .unrecognized("meh")]),
        field("createdAt", \.createdAt, Array(dates.prefix(2))),
        field("modifiedAt", \.modifiedAt, dates + [nil]),
        field("isFavorite", \.isFavorite, [true, false]),
        field("category", \.category, [Category.ID(recordName: "c1"), Category.ID(recordName: "c2"), nil]),
        list("tags", \.tags, ["travel", "food", "work", "home"]),
        field("place", \.place, [CloudKitSchema.Location(latitude: 45.76, longitude: 4.84, timestamp: dates[0]), nil]),
    ] }

    static var tally: MergeSpec<Tally> { MergeSpec(
        make: { random in
            var tally = Tally(lastSeen: random.pick(dates), scores: [])
            for field in tallyFields { field.edit(&tally, &random) }
            return tally
        },
        fields: tallyFields,
        merge: { ancestor, server, client in
            let result = Tally.merge(ancestor: ancestor, server: server, client: client)
            return (result.model, result.conflicts.map(\.rawValue), result.clamped.map(\.rawValue))
        },
        changeTag: { $0.cloudKitSystemFields?.changeTag },
        tagged: { model, tag in
            var copy = model
            copy.cloudKitSystemFields = EdgeCaseSchema.SystemFields(changeTag: tag, creationDate: dates[0],
                                                                    modificationDate: dates[1], archive: Data())
            return copy
        },
        clientIsLater: { server, client in (client.editedAt ?? .distantPast) > (server.editedAt ?? .distantPast) },
        latestFields: ["title"]
    ) }

    static var tallyFields: [MergeField<Tally>] {
        // Values at and near INT64's bounds, so that sums overflow in between and past the range.
        let bounds: [Int64] = [.min, .min + 3, .max, .max - 2]
        var count = field("count", \Tally.count, [0, 1, 5, 40, -3, -1, 15, 19] + bounds, .exact)
        count.isCounter = true
        count.integer = { $0.count }
        count.clamped = { $0.contains("count") }
        var scores = MergeField<Tally>(name: "scores", symmetry: .elements, value: { AnyHashable($0.scores) },
                                       edit: { model, random in
            if !model.scores.isEmpty, random.next() % 2 == 0 { model.scores.removeFirst() }
            if random.next() % 2 == 0 { model.scores.append(random.pick([1, 2, 3, 4] as [Int64])) }
        }, copy: { model, source in model.scores = source.scores })
        scores.elements = { Set($0.scores.map { AnyHashable($0) }) }
        return [
            count,
            field("total", \.total, [0.5, 1.25, 10, nil] as [Double?], .exact),
            field("best", \.best, [0.5, 2, 9.75, nil] as [Double?], .exact),
            field("lowest", \.lowest, [-1, 0, 7, .min, .max, nil] as [Int64?], .exact),
            field("firstSeen", \.firstSeen, dates + [nil], .exact),
            field("lastSeen", \.lastSeen, dates, .exact),
            list("labels", \.labels, ["a", "b", "c"]),
            scores,
            field("note", \.note, ["n1", "n2", nil]),
            field("title", \.title, ["t1", "t2", nil]),
            field("owner", \.owner, ["o1", "o2", nil]),
            field("editedAt", \.editedAt, dates + [nil]),
        ]
    }
}
