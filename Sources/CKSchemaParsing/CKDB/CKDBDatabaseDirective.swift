import CKSchemaCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `// ckschema:database public` (or `private`, `shared`; in any `.ckdb` comment style) on the lines before a
/// `RECORD TYPE` statement says which database the app stores that type in: the one thing `.ckdb` cannot
/// express and YAML's `database:` does. Lint rules then judge the type as they judge a YAML type with that
/// key (docs/cloudkit-facts.md §4.3); nothing else changes, and CloudKit never sees the comment.
/// `// ckschema:createdIn console` (or `server`, `app`) says the same of YAML's `createdIn:` (docs/access.md).
extension CKDBGrammarParser {
    /// The marker, followed by one space-separated word.
    static let databaseMarker = CKDBDirective.database
    /// The marker of where public records are made.
    static let createdInMarker = CKDBDirective.createdIn

    /// Applies every directive to the first record type defined after it.
    mutating func applyDatabaseDirectives() {
        applyDirectives(Self.databaseMarker, key: "database", noun: "a database", expecting: "public, private or shared") { word in
            Database(rawValue: word).map { database in { $0.database = database } }
        }
        applyDirectives(Self.createdInMarker, key: "createdIn", noun: "a place records are made",
                        expecting: "app, console or server") { word in
            RecordOrigin(rawValue: word).map { origin in { $0.createdIn = origin } }
        }
    }

    /// Applies each `marker WORD` comment to the first record type defined after it, through what `setting`
    /// makes of WORD (`nil`: not a value, a located error naming `expected`).
    private mutating func applyDirectives(_ markerText: String, key: String, noun: String, expecting expected: String,
                                          setting: (String) -> ((inout RecordTypeMetadata) -> Void)?) {
        for directive in directiveLines(markerText) {
            let word = directive.words.first ?? ""
            guard let apply = setting(word) else {
                collector.error("'\(word)' is not \(noun) in '\(markerText)'; write \(expected)",
                                line: directive.line, column: directive.column)
                continue
            }
            guard let target = directive.recordType else {
                collector.error("'\(markerText) \(word)' comes before no RECORD TYPE; put it on the line "
                                    + "above the type it describes", line: directive.line, column: directive.column)
                continue
            }
            apply(&schema.recordTypes[target].metadata)
            sourceMap.record(.recordTypeKey(schema.recordTypes[target].name, key), at: directive.location(in: file.path))
        }
    }

    /// One `marker words…` comment: where the marker is, the words after it, and the index of the first record
    /// type defined after it (on a later line, or later on the same line), if any.
    struct DirectiveLine {
        var line: Int
        var column: Int
        var words: [String]
        var recordType: Int?

        func location(in path: String) -> SourceLocation {
            SourceLocation(file: path, line: line, column: column)
        }
    }

    /// Every comment holding `markerText`, in order.
    func directiveLines(_ markerText: String) -> [DirectiveLine] {
        // Every `.ckdb` parse asks; a byte search answers for a 2 MB export in a millisecond, where
        // `String.contains` took 290 million instructions.
        let lines = Self.linesHoldingMarker(markerText, in: bytes)
        guard !lines.isEmpty else { return [] }
        let starts = schema.recordTypes.indices.compactMap { index -> (line: Int, column: Int, index: Int)? in
            sourceMap.location(of: .recordType(schema.recordTypes[index].name)).map { ($0.line, $0.column, index) }
        }
        let marker = Array(markerText.unicodeScalars)
        return lines.compactMap { number -> DirectiveLine? in
            guard let line = file.line(number) else { return nil }
            let scalars = Array(line.unicodeScalars)
            guard let start = scalars.indices.first(where: { scalars[$0...].starts(with: marker) }) else { return nil }
            let before = String(String.UnicodeScalarView(scalars[..<start]))
            guard before.contains("//") || before.contains("--") || before.contains("/*") else { return nil }
            let column = start + 1
            let rest = String(String.UnicodeScalarView(scalars[(start + marker.count)...]))
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "*" }).map(String.init)
            let after = starts.filter { ($0.line, $0.column) > (number, column) }
            let target = after.min(by: { ($0.line, $0.column) < ($1.line, $1.column) })
            return DirectiveLine(line: number, column: column, words: words, recordType: target?.index)
        }
    }

    /// The 1-based numbers of the lines that hold the marker, in order, each once.
    static func linesHoldingMarker(_ markerText: String, in bytes: [UInt8]) -> [Int] {
        let marker = Array(markerText.utf8)
        var lines: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var counted = 0  // bytes before this offset have had their line feeds counted
            var offset = 0
            while offset + marker.count <= buffer.count {
                guard let base = buffer.baseAddress,
                      let found = memchr(base + offset, Int32(marker[0]), buffer.count - offset - marker.count + 1)
                else { break }
                let position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                if buffer[position..<(position + marker.count)].elementsEqual(marker) {
                    for index in counted..<position where buffer[index] == UInt8(ascii: "\n") { line += 1 }
                    counted = position
                    if lines.last != line { lines.append(line) }
                }
                offset = position + 1
            }
        }
        return lines
    }
}
