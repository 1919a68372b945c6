#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKSchemaCore

/// The whole lines of an NDJSON block split into records and checked on all workers, without a serial pass
/// over the block.
///
/// A line feed inside a line's JSON would be a raw control character in a string, which JSON forbids, so
/// every line feed ends a record: the block is cut at the first line feed after each worker's nominal
/// share of bytes, exactly. Each worker splits its share as the serial scan would (whitespace-only lines hold
/// no record, a line longer than the record limit is reported unread), numbering lines and records from the
/// share's start; the driver adds up the counts of the shares before each one, and the workers check their
/// records with their lines and indexes in the input. The records, their lines, columns and indexes, and so
/// the findings and their order, are the serial scan's.
extension InputValidation {
    /// Splits and checks the whole lines `region` (buffer offsets, from a line's start to just past a line
    /// feed) and hands the scanner back the line after them.
    func checkLines(_ region: Range<Int>, _ buffer: ReadBuffer, scanner: inout RecordStreamScanner, file: String,
                    into result: inout ValidationResult, references: inout ReferenceLedger) {
        let bytes = UnsafePointer(buffer.start)
        let shares = Self.lineShares(region, count: min(workers.count, max(1, region.count / arrayShareBytes)),
                                     in: bytes)
        // The region's first line starts where the scanner stands: after a line feed (column 1), or at the
        // input's first value.
        let firstColumn = scanner.position.column
        let maximumRecordBytes = options.maximumRecordBytes
        let shared = SharedBytes(pointer: buffer.start)
        Self.perform(shares.count) { [workers] share in
            let worker = workers[share]
            worker.lineUnits.removeAll(keepingCapacity: true)
            worker.lineCount = Self.splitLines(shares[share], in: shared.pointer, firstColumn: share == 0 ? firstColumn : 1,
                                               maximumRecordBytes: maximumRecordBytes, into: &worker.lineUnits)
        }
        var line = scanner.position.line
        var index = scanner.recordCount
        var starts: [(line: Int, index: Int)] = []
        for share in shares.indices {
            starts.append((line, index))
            line += workers[share].lineCount
            index += workers[share].lineUnits.count
        }
        checkOnWorkers(shares.count, in: buffer.start, file: file, style: scanner.pointerStyle, result: result,
                       remembersNames: true) { [workers, starts] share, checker, bytes in
            let start = starts[share]
            for var unit in workers[share].lineUnits {
                unit.line += start.line
                unit.index += start.index
                checker.check(unit, in: bytes)
            }
        }
        mergeWorkers(shares.count, into: &result, references: &references, remembersNames: true)
        scanner.resumeLines(at: buffer.base + region.upperBound, lines: line - scanner.position.line,
                            records: index - scanner.recordCount)
    }

    /// Cuts `region` into at most `count` shares of whole lines, each ending just past the first line feed at
    /// or after its nominal end.
    static func lineShares(_ region: Range<Int>, count: Int, in bytes: UnsafePointer<UInt8>) -> [Range<Int>] {
        var shares: [Range<Int>] = []
        var start = region.lowerBound
        for share in 1..<max(1, count) {
            let nominal = region.lowerBound + region.count / count * share
            let from = max(nominal, start)
            guard from < region.upperBound,
                let found = memchr(bytes + from, Int32(Byte.lineFeed), region.upperBound - from)
            else { break }
            let end = UnsafeRawPointer(found) - UnsafeRawPointer(bytes) + 1
            guard end < region.upperBound else { break }
            shares.append(start..<end)
            start = end
        }
        shares.append(start..<region.upperBound)
        return shares
    }

    /// Splits `share` (whole lines) into records as `RecordStreamScanner` reads NDJSON lines, appending them
    /// to `units` with lines and indexes counted from 0 at the share's start; returns how many lines it holds.
    static func splitLines(_ share: Range<Int>, in bytes: UnsafePointer<UInt8>, firstColumn: Int,
                           maximumRecordBytes: Int, into units: inout [RecordUnit]) -> Int {
        var offset = share.lowerBound
        var line = 0
        while offset < share.upperBound {
            // Every line of a share ends with a line feed.
            guard let found = memchr(bytes + offset, Int32(Byte.lineFeed), share.upperBound - offset) else { break }
            let lineEnd = UnsafeRawPointer(found) - UnsafeRawPointer(bytes)
            var first = offset
            while first < lineEnd, Byte.isWhitespace(bytes[first]) { first += 1 }
            if lineEnd - offset > maximumRecordBytes {
                // Reported unread, as the serial scan does: the verdict must not depend on block sizes.
                units.append(RecordUnit(start: 0, end: 0, index: units.count, line: line, column: 1,
                                        oversizedLength: lineEnd - offset))
            } else if first < lineEnd {
                units.append(RecordUnit(start: offset, end: lineEnd, index: units.count, line: line,
                                        column: offset == share.lowerBound ? firstColumn : 1))
            }
            line += 1
            offset = lineEnd + 1
        }
        return line
    }
}
