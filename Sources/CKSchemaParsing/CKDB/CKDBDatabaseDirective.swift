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
extension CKDBGrammarParser {
    /// The marker, followed by one space-separated word.
    static let databaseMarker = "ckschema:database"

    /// Applies every directive to the first record type defined after it.
    mutating func applyDatabaseDirectives() {
        // Every `.ckdb` parse asks; a byte search answers for a 2 MB export in a millisecond, where
        // `String.contains` took 290 million instructions.
        let lines = Self.linesHoldingMarker(in: bytes)
        guard !lines.isEmpty else { return }
        let starts = schema.recordTypes.indices.compactMap { index -> (line: Int, column: Int, index: Int)? in
            sourceMap.location(of: .recordType(schema.recordTypes[index].name)).map { ($0.line, $0.column, index) }
        }
        let marker = Array(Self.databaseMarker.unicodeScalars)
        for number in lines {
            guard let line = file.line(number) else { continue }
            let scalars = Array(line.unicodeScalars)
            guard let start = scalars.indices.first(where: { scalars[$0...].starts(with: marker) }) else { continue }
            let before = String(String.UnicodeScalarView(scalars[..<start]))
            guard before.contains("//") || before.contains("--") || before.contains("/*") else { continue }
            let column = start + 1
            let rest = String(String.UnicodeScalarView(scalars[(start + marker.count)...]))
            let word = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "*" }).first.map(String.init) ?? ""
            guard let database = Database(rawValue: word) else {
                collector.error("'\(word)' is not a database in '\(Self.databaseMarker)'; write public, private or shared",
                                line: number, column: column)
                continue
            }
            // The first type defined after the marker: on a later line, or later on the same line.
            let after = starts.filter { ($0.line, $0.column) > (number, column) }
            guard let target = after.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) else {
                collector.error("'\(Self.databaseMarker) \(word)' comes before no RECORD TYPE; put it on the line "
                                    + "above the type it describes", line: number, column: column)
                continue
            }
            schema.recordTypes[target.index].metadata.database = database
            sourceMap.record(.recordTypeKey(schema.recordTypes[target.index].name, "database"),
                             at: SourceLocation(file: file.path, line: number, column: column))
        }
    }

    /// The 1-based numbers of the lines that hold the marker, in order, each once.
    static func linesHoldingMarker(in bytes: [UInt8]) -> [Int] {
        let marker = Array(databaseMarker.utf8)
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
