import CKSchemaCore
import Testing

/// The source map's path index (`PathIndex`, built per kind of path on the first lookup) must answer exactly
/// as a dictionary of first locations would, for every kind of path, repeats and names that share bytes.
@Suite struct SourceMapIndexTests {
    /// Paths of every kind over a few names, including names whose concatenations collide (`ab`+`c`, `a`+`bc`).
    private static let paths: [SchemaPath] = {
        let types = ["T", "ab", "a", "Type0", "Été"], names = ["c", "bc", "title", "", "cloudkit.share"]
        var paths: [SchemaPath] = []
        for type in types {
            paths += [.recordType(type), .role(type), .grant(type, 0), .grant(type, 1), .recordTypeKey(type, "database")]
            paths += SystemField.allCases.map { .systemField(type, $0) }
            for name in names {
                paths += [.field(type, name), .fieldType(type, name), .fieldKey(type, name, "doc"),
                          .fieldIndex(type, name, .queryable), .fieldIndex(type, name, .sortable)]
            }
        }
        return paths
    }()

    /// Copies share the lazily built index until one records more. A copy that records after the copies parted
    /// must find what it recorded, whichever copy builds its index first — the shared unbuilt index used to
    /// stay shared, so a lookup through the other copy built it from that copy's shorter log.
    @Test func copiesThatPartFindWhatEachRecorded() {
        let early = CKSchemaCore.SourceLocation(file: "s.yaml", line: 1, column: 1)
        let late = CKSchemaCore.SourceLocation(file: "s.yaml", line: 2, column: 1)
        var original = SourceMap()
        original.record(.recordType("A"), at: early)
        var copy = original
        copy.record(.recordType("B"), at: late)
        #expect(original.recordedLocation(of: .recordType("B")) == nil)  // builds the original's index first
        #expect(copy.recordedLocation(of: .recordType("B")) == late)
        #expect(copy.recordedLocation(of: .recordType("A")) == early)
        // And after a lookup has built the shared index.
        var built = SourceMap()
        built.record(.recordType("A"), at: early)
        #expect(built.recordedLocation(of: .recordType("A")) == early)
        var later = built
        later.record(.recordType("B"), at: late)
        #expect(later.recordedLocation(of: .recordType("B")) == late)
        #expect(built.recordedLocation(of: .recordType("B")) == nil)
    }

    @Test func everyPathFindsItsFirstLocationAndNoOther() {
        var map = SourceMap()
        var first: [SchemaPath: CKSchemaCore.SourceLocation] = [:]
        // Each path is recorded up to three times, interleaved; the first recording must win.
        for round in 0..<3 {
            for (number, path) in Self.paths.enumerated() where (number + round).isMultiple(of: round + 1) {
                let location = CKSchemaCore.SourceLocation(file: "s.yaml", line: number + 1, column: round + 1)
                map.record(path, at: location)
                if first[path] == nil { first[path] = location }
            }
        }
        for path in Self.paths {
            #expect(map.recordedLocation(of: path) == first[path], "\(path)")
        }
        #expect(map.locations == first)
        #expect(map.recordedLocation(of: .field("nowhere", "c")) == nil)
        #expect(map.recordedLocation(of: .grant("T", 2)) == nil)
    }

    @Test func aLookupAfterMoreRecordingsSeesThem() {
        var map = SourceMap()
        map.record(.recordType("A"), at: CKSchemaCore.SourceLocation(file: "f", line: 1, column: 1))
        #expect(map.recordedLocation(of: .recordType("B")) == nil)  // builds the index of record types
        map.record(.recordType("B"), at: CKSchemaCore.SourceLocation(file: "f", line: 2, column: 1))
        #expect(map.recordedLocation(of: .recordType("B")) == CKSchemaCore.SourceLocation(file: "f", line: 2, column: 1))
        let copy = map
        map.record(.recordType("C"), at: CKSchemaCore.SourceLocation(file: "f", line: 3, column: 1))
        #expect(copy.recordedLocation(of: .recordType("C")) == nil)
        #expect(map.recordedLocation(of: .recordType("C")) == CKSchemaCore.SourceLocation(file: "f", line: 3, column: 1))
    }

    @Test func aLargeMapAnswersLikeADictionary() {
        var map = SourceMap()
        for type in 0..<200 {
            for field in 0..<50 {
                map.record(.field("Type\(type)", "field\(field)"), at: CKSchemaCore.SourceLocation(file: "f", line: type, column: field))
            }
        }
        #expect(map.recordedLocation(of: .field("Type199", "field49")) == CKSchemaCore.SourceLocation(file: "f", line: 199, column: 49))
        #expect(map.location(of: .fieldIndex("Type7", "field3", .queryable)) == CKSchemaCore.SourceLocation(file: "f", line: 7, column: 3))
        #expect(map.recordedLocation(of: .field("Type200", "field0")) == nil)
    }
}
