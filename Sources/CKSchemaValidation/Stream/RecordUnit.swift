/// One record's text located in the read buffer, with where it sits in its input.
struct RecordUnit {
    /// Offset of the record's first byte in the buffer.
    var start: Int
    /// Offset one past its last byte.
    var end: Int
    /// The record's 0-based position in its input.
    var index: Int
    /// The 1-based line of `start`.
    var line: Int
    /// The 1-based column (in Unicode scalars) of `start`.
    var column: Int
    /// For a record longer than `maximumRecordBytes`, its length: it was not kept, only reported.
    var oversizedLength: Int = 0
}

/// How JSON pointers to a record start, by the layout of its input.
enum RecordPointerStyle: Sendable {
    /// Each record is a document of its own (NDJSON lines, a single record, concatenated payloads).
    case document
    /// Records are elements of a top-level array: `/3`.
    case arrayElement
    /// Records are elements of a response's `records` array: `/records/3`.
    case responseRecord
    /// Records are the `record` of the operations of a `records/modify` request: `/operations/3/record`.
    case operationRecord

    /// The pointer to record `index`.
    func pointer(toRecord index: Int) -> String {
        switch self {
        case .document: ""
        case .arrayElement: "/\(index)"
        case .responseRecord: "/records/\(index)"
        case .operationRecord: "/operations/\(index)/record"
        }
    }
}

/// Turns byte offsets inside one record into 1-based line and column (Unicode scalars), walking forward
/// from the last answer so that many findings in one record cost one pass over it.
struct PositionTracker {
    private let base: UnsafePointer<UInt8>
    private let unitStart: Int
    private let startLine: Int
    private let startColumn: Int
    private var offset: Int
    private var line: Int
    private var column: Int

    init(base: UnsafePointer<UInt8>, unit: RecordUnit) {
        self.base = base
        unitStart = unit.start
        startLine = unit.line
        startColumn = unit.column
        offset = unit.start
        line = unit.line
        column = unit.column
    }

    /// The line and column of the byte at `target` (an offset inside the record, or its end).
    mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset {
            offset = unitStart
            line = startLine
            column = startColumn
        }
        TextPosition.advance(&line, &column, over: base, from: offset, to: target)
        offset = max(offset, target)
        return (line, column)
    }
}
