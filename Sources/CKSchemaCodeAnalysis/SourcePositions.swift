import CKSchemaCore

/// Turns UTF-8 offsets into ckschema locations: 1-based lines and columns counted in Unicode scalars (the
/// convention of every ckschema diagnostic; swift-syntax counts columns in bytes).
struct SourcePositions: Sendable {
    let path: String
    private let bytes: [UInt8]
    /// UTF-8 offsets at which each line starts.
    private let lineStarts: [Int]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The location of the byte at `offset`.
    func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {  // the last line start <= offset
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }  // count scalar starts, not continuation bytes
            index += 1
        }
        return SourceLocation(file: path, line: low + 1, column: column)
    }
}
