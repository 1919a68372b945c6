#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKSchemaCore

/// Splits an input into records as it streams past, detecting its layout from the first bytes:
/// a top-level array, a `{"records": […]}` response, one record per line (NDJSON), or whitespace-separated
/// values (one pretty-printed record or payload, or several).
///
/// It checks only the structure around the records (commas, brackets); each record's own text is
/// validated later, possibly on another thread. Problems in the structure end the input with a
/// `json_syntax` finding, since nothing after them can be trusted.
struct RecordStreamScanner {
    /// The layout, once the first bytes have decided it.
    enum Layout: Equatable {
        case undetermined, lines, values, array, response
    }

    /// Where the scan is in the input's structure.
    enum State {
        case start
        case lines
        case values
        /// Inside the records array: expecting a record (or `]` when `first`).
        case arrayElement(first: Bool)
        case arrayAfterElement
        /// Inside a response object: expecting a key (or `}` when `first`).
        case responseKey(first: Bool)
        case responseAfterValue
        /// Skipping a response member other than `records`.
        case skippingMember(ElementScanner)
        /// Reading a record that started at absolute `start`, scanned up to absolute `scanned`.
        case record(ElementScanner, start: Int, scanned: Int, line: Int, column: Int, discarding: Bool)
        /// NDJSON: skipping the rest of a line too long to keep.
        case discardingLine(start: Int, line: Int)
        /// The first value, starting at absolute `start` (line and column), runs past the record limit before
        /// its first line ends: the layout is decided at that line's end, as it would be had the whole line been
        /// in the buffer — NDJSON when the value ended on it (or it ends with `}`), else values — while its
        /// bytes are dropped (the record is too large either way).
        case detecting(ElementScanner, start: Int, scanned: Int, valueEnded: Bool, lastByte: UInt8, line: Int, column: Int)
        case trailing
        case finished
    }

    let file: String
    let isCKTool: Bool
    let maximumRecordBytes: Int
    var layout = Layout.undetermined
    /// In a response or request object, what its array holds: records (`records`) or the operations of a
    /// `records/modify` request (`operations`).
    var envelopeArray = RecordPointerStyle.responseRecord
    var state = State.start
    var position = StreamPosition()
    /// The next record's index.
    private(set) var recordCount = 0
    /// Structural problems (at most one: it ends the input).
    var findings: [Diagnostic] = []
    /// Whether to stop at an array element (but the first) so that the driver checks the rest of the block
    /// in shares (`InputValidation.checkArrayElements`).
    var offersArrayElements = false
    /// The buffer offset of the element `scan` stopped at for that, if it did.
    private(set) var arrayElementStart: Int?
    /// Whether to stop at the start of NDJSON lines so that the driver splits and checks the block's whole
    /// lines in shares (`InputValidation.checkLines`).
    var offersLineShares = false
    /// The buffer offsets of the whole lines `scan` stopped at for that, if it did: from a line's first byte
    /// (or the first value's, for the input's first line) to just past the block's last line feed.
    private(set) var lineRegion: Range<Int>?
    /// The absolute offset the next `scan` starts at, when the driver has read past the buffer's start.
    private var resumeOffset = 0
    /// No element at or before this absolute offset is offered: the serial scan must read it first.
    private var serialUntil = -1

    /// Creates a scanner for the input called `file`.
    init(file: String, isCKTool: Bool, maximumRecordBytes: Int) {
        self.file = file
        self.isCKTool = isCKTool
        self.maximumRecordBytes = maximumRecordBytes
    }

    /// How pointers into this input's records start.
    var pointerStyle: RecordPointerStyle {
        switch layout {
        case .array: .arrayElement
        case .response: envelopeArray
        default: .document
        }
    }

    /// Whether the input needs no more bytes.
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// Finds the records that lie complete in `buffer[0..<count]`, whose first byte is at absolute offset
    /// `base`, appending them to `units` (offsets relative to `buffer`).
    ///
    /// - Returns: how many leading bytes of `buffer` are no longer needed.
    mutating func scan(_ buffer: UnsafePointer<UInt8>, base: Int, count: Int, isEndOfInput: Bool,
                       into units: inout [RecordUnit]) -> Int {
        var cursor = max(0, resumeOffset - base)
        var keepFrom: Int?
        arrayElementStart = nil
        lineRegion = nil
        loop: while true {
            // Everything in the buffer is handled: wait for more input (at its end, states finish instead).
            if cursor >= count, !isEndOfInput { break loop }
            switch state {
            case .finished:
                break loop
            case .start:
                guard let next = detectLayout(buffer, base: base, from: cursor, count: count, isEndOfInput: isEndOfInput) else {
                    keepFrom = cursor
                    break loop
                }
                cursor = next
            case .lines:
                if offersLineShares, let lastLineFeed = findLastNewline(buffer, from: cursor, count: count) {
                    lineRegion = cursor..<(lastLineFeed + 1)
                    break loop
                }
                guard let next = scanLine(buffer, base: base, from: cursor, count: count, isEndOfInput: isEndOfInput,
                                          into: &units) else {
                    keepFrom = cursor
                    break loop
                }
                cursor = next
            case .detecting(var element, let start, let scanned, var valueEnded, var lastByte, let line, let column):
                let from = max(cursor, scanned - base)
                let newline = findNewline(buffer, from: from, count: count)
                let lineEnd = newline ?? count
                if !valueEnded, element.advance(buffer, from: from, to: lineEnd) != nil { valueEnded = true }
                if let last = (from..<lineEnd).last(where: { !Byte.isWhitespace(buffer[$0]) }) { lastByte = buffer[last] }
                guard newline != nil || isEndOfInput else {
                    state = .detecting(element, start: start, scanned: base + count, valueEnded: valueEnded,
                                       lastByte: lastByte, line: line, column: column)
                    cursor = count
                    break loop
                }
                if valueEnded || lastByte == Byte.closeBrace {
                    layout = .lines
                    units.append(oversized(start: start, end: base + lineEnd, line: line, column: 1))
                    if newline != nil {
                        position.jump(toLine: line + 1, at: base + lineEnd + 1)
                        state = .lines
                        cursor = lineEnd + 1
                    } else {
                        state = .finished
                        cursor = count
                    }
                } else {
                    layout = .values
                    state = .record(element, start: start, scanned: base + lineEnd, line: line, column: column,
                                    discarding: true)
                    cursor = lineEnd
                }
            case .discardingLine(let start, let line):
                if let newline = findNewline(buffer, from: cursor, count: count) {
                    units.append(oversized(start: start, end: base + newline, line: line, column: 1))
                    position.jump(toLine: line + 1, at: base + newline + 1)
                    state = .lines
                    cursor = newline + 1
                } else if isEndOfInput {
                    units.append(oversized(start: start, end: base + count, line: line, column: 1))
                    state = .finished
                    cursor = count
                } else {
                    cursor = count
                    break loop
                }
            case .values, .arrayElement, .arrayAfterElement, .responseKey, .responseAfterValue, .trailing:
                guard let next = scanStructure(buffer, base: base, from: cursor, count: count, isEndOfInput: isEndOfInput)
                else {
                    keepFrom = cursor
                    break loop
                }
                cursor = next
                if arrayElementStart != nil { break loop }
            case .skippingMember(var element):
                if let end = element.advance(buffer, from: cursor, to: count) {
                    state = .responseAfterValue
                    cursor = end
                } else if isEndOfInput {
                    fail(.unexpectedEnd(.commaOrObjectEnd), at: count, buffer, base: base)
                } else {
                    state = .skippingMember(element)
                    cursor = count
                    break loop
                }
            case .record(var element, let start, let scanned, let line, let column, var discarding):
                let end = element.advance(buffer, from: max(cursor, scanned - base), to: count)
                if base + (end ?? count) - start > maximumRecordBytes { discarding = true }
                if let end {
                    units.append(discarding
                        ? oversized(start: start, end: base + end, line: line, column: column)
                        : RecordUnit(start: start - base, end: end, index: nextIndex(), line: line, column: column))
                    state = layout == .values ? .values : .arrayAfterElement
                    cursor = end
                } else if isEndOfInput {
                    units.append(discarding
                        ? oversized(start: start, end: base + count, line: line, column: column)
                        : RecordUnit(start: start - base, end: count, index: nextIndex(), line: line, column: column))
                    state = .finished
                    cursor = count
                } else {
                    state = .record(element, start: start, scanned: base + count, line: line, column: column,
                                    discarding: discarding)
                    if !discarding { keepFrom = start - base }
                    cursor = count
                    break loop
                }
            }
        }
        let discardable = keepFrom ?? cursor
        if layout != .lines { position.advance(to: base + discardable, in: buffer, base: base) }
        return discardable
    }

    /// Whether the element at buffer `offset` (after a comma) goes to the driver's shares.
    func offersArrayElement(_ buffer: UnsafePointer<UInt8>, base: Int, at offset: Int) -> Bool {
        offersArrayElements && base + offset > serialUntil && buffer[offset] == Byte.openBrace
    }

    /// Marks the element at buffer `offset` as offered.
    mutating func offerArrayElement(at offset: Int) {
        arrayElementStart = offset
    }

    /// Goes on at absolute `offset` after the driver checked elements up to it: at an element's first byte,
    /// or just past an element. `serialNext`: the element there must be read by this scan (the shares
    /// could not read it whole).
    mutating func resume(at offset: Int, afterElement: Bool, serialNext: Bool) {
        state = afterElement ? .arrayAfterElement : .arrayElement(first: false)
        resumeOffset = offset
        arrayElementStart = nil
        if serialNext { serialUntil = offset }
    }

    /// Goes on at absolute `offset`, a line's start, after the driver split and checked the `lines` lines
    /// before it, which held `records` records.
    mutating func resumeLines(at offset: Int, lines: Int, records: Int) {
        position.jump(toLine: position.line + lines, at: offset)
        recordCount += records
        resumeOffset = offset
        lineRegion = nil
    }

    /// Skips `count` record indexes, for records the driver checked.
    mutating func skipIndexes(_ count: Int) {
        recordCount += count
    }

    /// Hands out the next record index.
    mutating func nextIndex() -> Int {
        defer { recordCount += 1 }
        return recordCount
    }

    /// A unit for a record too long to keep: reported by the checker, not read.
    mutating func oversized(start: Int, end: Int, line: Int, column: Int) -> RecordUnit {
        RecordUnit(start: 0, end: 0, index: nextIndex(), line: line, column: column, oversizedLength: max(1, end - start))
    }

    // MARK: - Layout detection

    /// Decides the layout from the first value; returns where to go on, or `nil` when more bytes are needed.
    private mutating func detectLayout(_ buffer: UnsafePointer<UInt8>, base: Int, from offset: Int, count: Int,
                                       isEndOfInput: Bool) -> Int? {
        var cursor = offset
        if base + cursor == 0, count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            cursor = 3
            position.jump(toLine: 1, at: 3)
        }
        while cursor < count, Byte.isWhitespace(buffer[cursor]) { cursor += 1 }
        guard cursor < count else {
            if isEndOfInput { state = .finished }
            return count
        }
        switch buffer[cursor] {
        case Byte.openBracket:
            layout = .array
            state = .arrayElement(first: true)
            return cursor + 1
        case Byte.openBrace:
            guard let firstKey = firstKey(buffer, from: cursor + 1, count: count) else {
                if isEndOfInput { return chooseLinesOrValues(buffer, base: base, at: cursor, count: count) }
                return count - cursor > maximumRecordBytes ? startDetecting(buffer, base: base, at: cursor) : nil
            }
            if !isCKTool, Self.responseKeys.contains(firstKey) {
                layout = .response
                state = .responseKey(first: true)
                return cursor + 1
            }
            guard findNewline(buffer, from: cursor, count: count) != nil || isEndOfInput else {
                return count - cursor > maximumRecordBytes ? startDetecting(buffer, base: base, at: cursor) : nil
            }
            return chooseLinesOrValues(buffer, base: base, at: cursor, count: count)
        default:
            layout = .values
            fail(.unexpected(.object), at: cursor, buffer, base: base, message: "expected a record object, an array of records or NDJSON, found \(SyntaxError.describe(buffer[cursor]))")
            return count
        }
    }

    /// Starts deciding the layout at the end of the first line, whose first value at `offset` is already
    /// longer than a record may be (see `State.detecting`).
    private mutating func startDetecting(_ buffer: UnsafePointer<UInt8>, base: Int, at offset: Int) -> Int {
        position.advance(to: base + offset, in: buffer, base: base)
        state = .detecting(ElementScanner(), start: base + offset, scanned: base + offset, valueEnded: false, lastByte: 0,
                           line: position.line, column: position.column)
        return offset
    }

    /// Keys that only a Web Services response, or a `records/modify` request, starts with.
    private static let responseKeys: [[UInt8]] = [
        "records", "syncToken", "moreComing", "continuationMarker", "operations", "atomic", "desiredKeys",
        "numbersAsStrings",
    ].map { Array($0.utf8) }

    /// The first key of the object whose body starts at `offset`, when it lies complete in the buffer.
    private func firstKey(_ buffer: UnsafePointer<UInt8>, from offset: Int, count: Int) -> [UInt8]? {
        var cursor = offset
        while cursor < count, Byte.isWhitespace(buffer[cursor]) { cursor += 1 }
        guard cursor < count else { return nil }
        guard buffer[cursor] == Byte.quote else { return [] }
        var end = cursor + 1
        while end < count, buffer[end] != Byte.quote {
            end += buffer[end] == Byte.backslash ? 2 : 1
        }
        guard end < count else { return nil }
        return Array(UnsafeBufferPointer(start: buffer + cursor + 1, count: end - cursor - 1))
    }

    /// NDJSON when the first value ends on its first line (or that line ends with `}`, as a broken NDJSON
    /// line would), else values: one pretty-printed record or payload, or several.
    private mutating func chooseLinesOrValues(_ buffer: UnsafePointer<UInt8>, base: Int, at offset: Int, count: Int) -> Int {
        let lineEnd = findNewline(buffer, from: offset, count: count) ?? count
        var element = ElementScanner()
        var isLines = false
        if element.advance(buffer, from: offset, to: lineEnd) != nil {
            isLines = true
        }
        var last = lineEnd
        while last > offset, Byte.isWhitespace(buffer[last - 1]) { last -= 1 }
        isLines = isLines || (last > offset + 1 && buffer[last - 1] == Byte.closeBrace)
        if isLines {
            layout = .lines
            state = .lines
            position.advance(to: base + offset, in: buffer, base: base)
            return offset
        }
        layout = .values
        state = .values
        return offset
    }

    // MARK: - NDJSON

    /// Reads one line; returns the offset after it, or `nil` when the line continues past the buffer.
    private mutating func scanLine(_ buffer: UnsafePointer<UInt8>, base: Int, from offset: Int, count: Int,
                                   isEndOfInput: Bool, into units: inout [RecordUnit]) -> Int? {
        let line = position.line
        let newline = findNewline(buffer, from: offset, count: count)
        guard let lineEnd = newline ?? (isEndOfInput ? count : nil) else {
            if count - offset > maximumRecordBytes {
                state = .discardingLine(start: base + offset, line: line)
                return count
            }
            return nil
        }
        var first = offset
        while first < lineEnd, Byte.isWhitespace(buffer[first]) { first += 1 }
        if lineEnd - offset > maximumRecordBytes {
            // Too long whether or not it happens to fit in the buffer: the verdict must not depend on block sizes.
            units.append(oversized(start: base + offset, end: base + lineEnd, line: line, column: 1))
        } else if first < lineEnd {
            units.append(RecordUnit(start: offset, end: lineEnd, index: nextIndex(), line: line, column: position.column))
        }
        guard newline != nil else {
            state = .finished
            return count
        }
        position.jump(toLine: line + 1, at: base + lineEnd + 1)
        return lineEnd + 1
    }

    /// The offset of the last line feed at or after `offset`, if any: searched back from `count` eight
    /// bytes at a time (the C library's `memrchr` is not visible to Swift on Linux).
    func findLastNewline(_ buffer: UnsafePointer<UInt8>, from offset: Int, count: Int) -> Int? {
        var end = count
        let raw = UnsafeRawPointer(buffer)
        while end &- 8 >= offset {
            let word = raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
            let found = SWAR.exactZeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            // Little-endian: the highest set bit is the last line feed of the eight bytes.
            if found != 0 { return end &- 8 &+ (63 &- found.leadingZeroBitCount) >> 3 }
            end &-= 8
        }
        while end > offset {
            end -= 1
            if buffer[end] == Byte.lineFeed { return end }
        }
        return nil
    }

    /// The offset of the next line feed at or after `offset`, if any (`memchr`).
    func findNewline(_ buffer: UnsafePointer<UInt8>, from offset: Int, count: Int) -> Int? {
        guard offset < count, let found = memchr(buffer + offset, Int32(Byte.lineFeed), count - offset) else {
            return nil
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(buffer)
    }
}
