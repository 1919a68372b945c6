#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds where one JSON value ends without validating it: strings are skipped eight bytes at a time and
/// brackets only counted. The state survives the end of a buffer, so a value may span many reads.
///
/// Validation happens afterwards, on the complete value, by `RecordChecker`; a value whose brackets never
/// balance runs to the end of the input and is then reported there as truncated.
struct ElementScanner {
    private var depth = 0
    private var inString = false
    private var afterBackslash = false
    /// A value that is not an object, array or string: it ends at whitespace or punctuation.
    private var isBareToken = false
    private var started = false

    /// Scans `buffer[offset..<count]`; returns the offset just past the value when it ends there, or `nil`
    /// when it goes on beyond `count`. Call it first with `offset` at the value's first byte.
    mutating func advance(_ buffer: UnsafePointer<UInt8>, from offset: Int, to count: Int) -> Int? {
        var position = offset
        if !started, position < count {
            started = true
            switch buffer[position] {
            case Byte.openBrace, Byte.openBracket: depth = 1
            case Byte.quote: inString = true
            default: isBareToken = true
            }
            position += 1
        }
        if isBareToken {
            while position < count {
                let byte = buffer[position]
                if Byte.isWhitespace(byte) || byte == Byte.comma || byte == Byte.closeBracket || byte == Byte.closeBrace
                    || byte == Byte.openBrace || byte == Byte.openBracket || byte == Byte.quote {
                    return position
                }
                position += 1
            }
            return nil
        }
        while position < count {
            if inString {
                if afterBackslash {
                    afterBackslash = false
                    position += 1
                    continue
                }
                while position &+ 8 <= count {
                    let word = UnsafeRawPointer(buffer + position).loadUnaligned(as: UInt64.self)
                    let found = SWAR.quoteOrBackslashMask(word)
                    if found != 0 {
                        position &+= found.trailingZeroBitCount >> 3
                        break
                    }
                    position &+= 8
                }
                guard position < count else { return nil }
                let byte = buffer[position]
                position += 1
                if byte == Byte.backslash {
                    afterBackslash = true
                } else if byte == Byte.quote {
                    inString = false
                    if depth == 0 { return position }
                }
                continue
            }
            let byte = buffer[position]
            position += 1
            switch byte {
            case Byte.quote:
                inString = true
            case Byte.openBrace, Byte.openBracket:
                depth += 1
            case Byte.closeBrace, Byte.closeBracket:
                depth -= 1
                if depth == 0 { return position }
            default:
                break
            }
        }
        return nil
    }
}

/// Line and column bookkeeping over the stream: counts newlines and Unicode scalars up to a target
/// offset, so each record knows where it starts without a second pass over its text.
struct StreamPosition {
    /// The absolute offset counted up to.
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    /// Counts the bytes of `buffer` (whose first byte is at absolute offset `base`) up to absolute `target`.
    ///
    /// Whole lines are only counted (`memchr` finds their line feeds); scalars are counted after the last.
    mutating func advance(to target: Int, in buffer: UnsafePointer<UInt8>, base: Int) {
        guard target > offset else { return }
        move(by: TextDelta(over: buffer, from: offset - base, to: target - base), to: target)
    }

    /// Moves to absolute `target` over bytes whose lines and scalars `delta` counted, from `offset` on.
    mutating func move(by delta: TextDelta, to target: Int) {
        if delta.lines == 0 {
            column += delta.scalarsAfterLastLine
        } else {
            line += delta.lines
            column = 1 + delta.scalarsAfterLastLine
        }
        offset = target
    }

    /// Moves to the start of line `line` at absolute `offset`, for layouts that count lines themselves.
    mutating func jump(toLine line: Int, at offset: Int) {
        self.line = line
        self.column = 1
        self.offset = offset
    }
}

/// What a run of bytes adds to a position: its line feeds, and the Unicode scalars after the last one (or
/// in all of it, when it holds none). Runs counted apart, on different threads, add up in order.
struct TextDelta {
    var lines = 0
    var scalarsAfterLastLine = 0

    init() {}

    /// Counts `buffer[start..<end]`: line feeds with `memchr`, scalars only after the last one.
    init(over buffer: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        var from = start
        while from < end, let found = memchr(buffer + from, Int32(Byte.lineFeed), end - from) {
            from = UnsafeRawPointer(found) - UnsafeRawPointer(buffer) + 1
            lines += 1
        }
        scalarsAfterLastLine = TextPosition.scalarCount(buffer, from: from, to: end)
    }
}

/// Line and column arithmetic shared by the stream and the record checker.
enum TextPosition {
    /// The Unicode scalars in `bytes[start..<end]` (which holds no line feed): its bytes less its
    /// continuation bytes (`10xxxxxx`). 64 ASCII bytes cost one test (`VectorScan`): a one-line body's
    /// position is counted over every byte of it.
    static func scalarCount(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func continuations(_ word: UInt64) -> Int { (word & ~(word << 1) & high).nonzeroBitCount }
        let raw = UnsafeRawPointer(bytes)
        var index = start
        var continuationCount = 0
        while true {
            index = VectorScan.endOfASCIIRuns(bytes, from: index, to: end)
            guard index &+ 64 <= end else { break }
            // A run with bytes above 0x7F: its continuation bytes counted word by word.
            for word in 0..<8 {
                continuationCount &+= continuations(raw.loadUnaligned(fromByteOffset: index &+ 8 &* word, as: UInt64.self))
            }
            index &+= 64
        }
        while index &+ 8 <= end {
            continuationCount &+= continuations(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index &+= 8
        }
        while index < end {
            if bytes[index] & 0xC0 == 0x80 { continuationCount &+= 1 }
            index &+= 1
        }
        return end - start - continuationCount
    }

    /// Moves `line` and `column` (Unicode scalars) over `bytes[start..<end]`.
    ///
    /// Eight bytes at a time: line feeds are counted exactly per byte, and the column restarts after the
    /// last one; continuation bytes (`10xxxxxx`) do not start a scalar.
    static func advance(_ line: inout Int, _ column: inout Int, over bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        var index = start
        while index &+ 8 <= end {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            let newlines = SWAR.exactZeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
            if newlines == 0 {
                column &+= 8 &- continuations.nonzeroBitCount
            } else {
                line &+= newlines.nonzeroBitCount
                // Scalars after the last line feed of the word start the new line's column count.
                let lastNewlineBit = 63 &- newlines.leadingZeroBitCount
                let afterMask: UInt64 = lastNewlineBit >= 63 ? 0 : ~((UInt64(1) << UInt64(lastNewlineBit + 1)) &- 1)
                let bytesAfter = (63 &- lastNewlineBit) >> 3
                column = 1 &+ bytesAfter &- (continuations & afterMask).nonzeroBitCount
            }
            index &+= 8
        }
        while index < end {
            let byte = bytes[index]
            if byte == Byte.lineFeed {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }
}
