#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKSchemaCore
import Dispatch

/// The elements of a records array (a bare array, `{"records": […]}`, a `records/modify` body) checked on
/// all workers without a serial scan for where each one ends.
///
/// The rest of the block is cut into shares at guessed element boundaries: the bytes `}`, the separator the
/// array's elements are written with (`,\n`, `, `), `{`. Each worker reads its share record after record,
/// and reading a record finds its end, so no byte is scanned twice. A guess is confirmed when the share
/// before it, itself confirmed, arrives exactly there; the shares after a wrong guess are dropped and the
/// next pass starts where the confirmed ones stopped. A record that cannot be read whole (a syntax error, a
/// record past the buffer or the size limit) stops its share and is left to the serial scan, which finds
/// where it ends as before. Records with findings are checked again once their index and position are
/// known, so the findings are those of the serial path exactly; the clean ones are only counted.
extension InputValidation {
    /// What one share produced.
    struct ArrayShare {
        /// Its first element (a guess for all but the first share).
        let start: Int
        /// Runs of clean records and records to check again, in input order.
        var items: [Item] = []
        /// Where it stopped: an element's first byte, or just past an element (`stoppedAfterElement`).
        var stop = 0
        var stoppedAfterElement = false
        /// Whether it stopped at the first element at or past the next share's start (rather than at an
        /// element it could not read).
        var reachedLimit = false
        /// The lines and scalars from `start` to `stop`, counted by the worker, so that the driver moves the
        /// position over the share without reading it.
        var delta = TextDelta()

        enum Item {
            case clean(count: Int)
            case recheck(start: Int, end: Int)
        }
    }

    /// Checks the array elements from `start` (an element's `{`, buffer-relative) to the end of the buffer
    /// and hands the scanner back where the confirmed shares stopped.
    func checkArrayElements(from start: Int, _ buffer: ReadBuffer, scanner: inout RecordStreamScanner,
                            separator: inout [UInt8]?, file: String, into result: inout ValidationResult,
                            references: inout ReferenceLedger) {
        let count = buffer.filled
        let bytes = UnsafePointer(buffer.start)
        if separator == nil { separator = Self.separator(before: start, in: bytes) }
        var starts = [start]
        let shareCount = min(workers.count, max(1, (count - start) / arrayShareBytes))
        if shareCount > 1, let separator {
            for share in 1..<shareCount {
                let nominal = start + (count - start) / shareCount * share
                guard let previous = starts.last,
                    let guess = Self.nextBoundary(from: max(nominal, previous + 1), to: count, separator: separator, in: bytes)
                else { break }
                starts.append(guess)
            }
        }
        var shares = starts.map { ArrayShare(start: $0) }
        let style = scanner.pointerStyle
        shares.withUnsafeMutableBufferPointer { pointer in
            let shared = SharedShares(shares: pointer, bytes: bytes)
            let work: @Sendable (Int) -> Void = { [workers, options] index in
                let limit = index + 1 < shared.shares.count ? shared.shares[index + 1].start : count
                Self.runShare(&shared.shares[index], limit: limit, count: count, bytes: shared.bytes,
                              worker: workers[index], options: options, file: file, style: style)
            }
            Self.perform(pointer.count, work)
        }
        // Confirmed: the first share, and each whose start the confirmed share before it reached.
        var confirmed = 1
        while confirmed < shares.count, shares[confirmed - 1].reachedLimit,
            shares[confirmed - 1].stop == shares[confirmed].start {
            confirmed += 1
        }
        var rechecks: [RecordUnit] = []
        for index in 0..<confirmed {
            let output = workers[index].output
            result.recordCount += output.recordCount
            references.remember(output.knownRecords)
            scanner.position.advance(to: buffer.base + shares[index].start, in: bytes, base: buffer.base)
            let atStart = scanner.position
            for item in shares[index].items {
                switch item {
                case .clean(let cleanCount):
                    scanner.skipIndexes(cleanCount)
                case .recheck(let recordStart, let recordEnd):
                    scanner.position.advance(to: buffer.base + recordStart, in: bytes, base: buffer.base)
                    rechecks.append(RecordUnit(start: recordStart, end: recordEnd, index: scanner.nextIndex(),
                                               line: scanner.position.line, column: scanner.position.column))
                }
            }
            // The worker counted the share's lines and scalars: the position moves over it without a serial
            // pass (a one-line body would otherwise count every byte of it on this thread).
            if atStart.offset == buffer.base + shares[index].start {
                scanner.position = atStart
                scanner.position.move(by: shares[index].delta, to: buffer.base + shares[index].stop)
            }
        }
        let last = shares[confirmed - 1]
        scanner.resume(at: buffer.base + last.stop, afterElement: last.stoppedAfterElement, serialNext: !last.reachedLimit)
        if !rechecks.isEmpty {
            // Their record names are already remembered, in input order, by the shares.
            check(rechecks, in: buffer.start, file: file, style: style, into: &result, references: &references,
                  remembersNames: false)
        }
    }

    /// Reads one share's records from `share.start` until the first element at or past `limit`.
    private static func runShare(_ share: inout ArrayShare, limit: Int, count: Int, bytes: UnsafePointer<UInt8>,
                                 worker: Worker, options: ValidationOptions, file: String, style: RecordPointerStyle) {
        let output = worker.output
        output.reset()
        var checker = RecordChecker(schema: worker.schema, options: options, file: file, pointerStyle: style,
                                    output: output, scratch: worker.scratch, buffer: bytes)
        var element = share.start
        var cleanRun = 0
        while true {
            if element >= limit {
                share.reachedLimit = true
                share.stop = element
                break
            }
            guard bytes[element] == Byte.openBrace else {
                share.stop = element
                break
            }
            let findings = output.findings.count
            let pending = output.pendingReferences.count
            let known = output.knownRecords.count
            let omitted = output.omitted
            let records = checker.recordCount
            let invalid = checker.invalidRecordCount
            // A record longer than the limit is the serial scan's to report, as `record_too_large`.
            let end = checker.checkFindingEnd(at: element, limit: count, index: 0)
                .flatMap { $0 - element <= options.maximumRecordBytes ? $0 : nil }
            let isClean = checker.recordIsClean
            if end == nil || !isClean {
                // Nothing of a record read without its index and position is kept, but its name.
                checker.recordCount = records
                checker.invalidRecordCount = invalid
                output.findings.removeSubrange(findings...)
                output.pendingReferences.removeSubrange(pending...)
                output.omitted = omitted
            }
            guard let end else {
                output.knownRecords.removeSubrange(known...)
                share.stop = element
                break
            }
            if isClean {
                cleanRun += 1
            } else {
                if cleanRun > 0 { share.items.append(.clean(count: cleanRun)) }
                cleanRun = 0
                share.items.append(.recheck(start: element, end: end))
            }
            var next = end
            while next < count, Byte.isWhitespace(bytes[next]) { next += 1 }
            guard next < count, bytes[next] == Byte.comma else {
                share.stop = end
                share.stoppedAfterElement = true
                break
            }
            next += 1
            while next < count, Byte.isWhitespace(bytes[next]) { next += 1 }
            element = next
        }
        if cleanRun > 0 { share.items.append(.clean(count: cleanRun)) }
        checker.flushCounts()
        share.delta = TextDelta(over: bytes, from: share.start, to: share.stop)
    }

    /// Below this many bytes per share, threads cost more than they save (small read blocks, as tests
    /// use, get proportionally small shares).
    var arrayShareBytes: Int {
        min(Self.minimumShareBytes, max(256, options.readBlockSize / (2 * workers.count)))
    }

    /// The bytes between the previous element's `}` and the element at `start`: whitespace, one comma,
    /// whitespace; `nil` when the element does not follow a `}` in the buffer.
    static func separator(before start: Int, in bytes: UnsafePointer<UInt8>) -> [UInt8]? {
        var cursor = start - 1
        var sawComma = false
        while cursor >= 0, start - cursor <= 64 {
            let byte = bytes[cursor]
            if Byte.isWhitespace(byte) {
                cursor -= 1
            } else if byte == Byte.comma, !sawComma {
                sawComma = true
                cursor -= 1
            } else {
                break
            }
        }
        guard sawComma, cursor >= 0, bytes[cursor] == Byte.closeBrace else { return nil }
        return Array(UnsafeBufferPointer(start: bytes + cursor + 1, count: start - cursor - 1))
    }

    /// The first `{` at or after `from` that follows `}` and `separator`: a likely element start, to be
    /// confirmed. Searches for the separator's line feed (or its comma) with `memchr`.
    static func nextBoundary(from: Int, to count: Int, separator: [UInt8], in bytes: UnsafePointer<UInt8>) -> Int? {
        guard let anchorIndex = separator.firstIndex(of: Byte.lineFeed) ?? separator.firstIndex(of: Byte.comma) else {
            return nil
        }
        let anchor = Int32(separator[anchorIndex])
        var cursor = from + anchorIndex + 1
        while cursor < count, let found = memchr(bytes + cursor, anchor, count - cursor) {
            let at = UnsafeRawPointer(found) - UnsafeRawPointer(bytes)
            let brace = at - anchorIndex - 1
            let element = brace + 1 + separator.count
            if element < count, bytes[brace] == Byte.closeBrace, bytes[element] == Byte.openBrace,
                separator.withUnsafeBufferPointer({ memoryEquals(bytes + brace + 1, $0.baseAddress!, separator.count) }) {
                return element
            }
            cursor = at + 1
        }
        return nil
    }
}

/// The shares and the read buffer handed to the workers: each writes only its own share, and the
/// driver reads them after the join.
private struct SharedShares: @unchecked Sendable {
    let shares: UnsafeMutableBufferPointer<InputValidation.ArrayShare>
    let bytes: UnsafePointer<UInt8>
}
