internal import CKSchemaApp
internal import CKSchemaCore

/// Reads a binary property list (`bplist00`). Binary lists have no lines, so every value is located at the
/// file's start. Offsets, counts and references are checked against the file, and a container that contains
/// itself is refused, so a damaged or hostile file is an error, never a crash or a loop.
enum BinaryPropertyListReader {
    static let depthLimit = 64

    static func read(_ bytes: [UInt8], path: String) -> Result<PropertyListNode, PropertyListError> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        func failure(_ message: String) -> Result<PropertyListNode, PropertyListError> {
            .failure(PropertyListError("not a valid binary property list: \(message)", at: start))
        }
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return failure("too short") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let count = number(bytes, at: trailer + 8, size: 8)
        let top = number(bytes, at: trailer + 16, size: 8)
        let tableOffset = number(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count < bytes.count,
              top < count, tableOffset >= 8, tableOffset <= trailer, count <= (trailer - tableOffset) / offsetSize
        else { return failure("its trailer does not fit the file") }
        var reader = Reader(bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize, count: count,
                            tableOffset: tableOffset, limit: trailer, location: start)
        guard let node = reader.object(top, depth: 0) else { return failure(reader.problem ?? "unreadable object") }
        return .success(node)
    }

    /// The big-endian unsigned number of `size` bytes at `offset` (0 past the end; capped to stay an `Int`).
    static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        guard offset >= 0, size > 0, offset + size <= bytes.count else { return 0 }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value > UInt64(Int.max / 2) ? Int.max / 2 : Int(value)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize, referenceSize, count, tableOffset, limit: Int
        let location: SourceLocation
        var problem: String?
        var open: Set<Int> = []

        mutating func fail(_ message: String) -> PropertyListNode? {
            if problem == nil { problem = message }
            return nil
        }

        mutating func object(_ reference: Int, depth: Int) -> PropertyListNode? {
            guard reference >= 0, reference < count else { return fail("a reference beyond the object table") }
            guard depth < depthLimit else { return fail("nested deeper than \(depthLimit)") }
            guard open.insert(reference).inserted else { return fail("a container contains itself") }
            defer { open.remove(reference) }
            let offset = number(bytes, at: tableOffset + reference * offsetSize, size: offsetSize)
            guard offset >= 8, offset < limit else { return fail("an object offset outside the file") }
            let marker = bytes[offset]
            let kind = marker >> 4
            let low = Int(marker & 0x0F)
            switch kind {
            case 0x0:
                switch low {
                case 0x8: return PropertyListNode(.bool(false), at: location)
                case 0x9: return PropertyListNode(.bool(true), at: location)
                default: return fail("an unknown simple object")
                }
            case 0x1:
                let size = 1 << min(low, 3)
                guard offset + 1 + size <= limit else { return fail("an integer past the end") }
                return PropertyListNode(.integer(number(bytes, at: offset + 1, size: size)), at: location)
            case 0x2:
                return PropertyListNode(.real(0), at: location)
            case 0x3:
                return PropertyListNode(.date(""), at: location)
            case 0x4:
                return PropertyListNode(.data, at: location)
            case 0x5, 0x6:
                guard let (length, start) = length(low, at: offset) else { return fail("a string's length past the end") }
                let size = kind == 0x5 ? length : length * 2
                guard size >= 0, start + size <= limit else { return fail("a string past the end") }
                let slice = Array(bytes[start..<(start + size)])
                let text: String
                if kind == 0x5 {
                    text = String(decoding: slice, as: UTF8.self)
                } else {
                    var units: [UInt16] = []
                    units.reserveCapacity(length)
                    var index = 0
                    while index + 1 < slice.count {
                        let high = UInt16(slice[index])
                        units.append(high << 8 | UInt16(slice[index + 1]))
                        index += 2
                    }
                    text = String(decoding: units, as: UTF16.self)
                }
                return PropertyListNode(.string(text), at: location)
            case 0xA, 0xC, 0xD:
                guard let (length, start) = length(low, at: offset) else { return fail("a container's length past the end") }
                let references = kind == 0xD ? length * 2 : length
                guard length >= 0, references <= (limit - start) / referenceSize else { return fail("a container past the end") }
                func item(_ index: Int) -> Int { number(bytes, at: start + index * referenceSize, size: referenceSize) }
                if kind == 0xD {
                    var entries: [PropertyListEntry] = []
                    for index in 0..<length {
                        guard let key = object(item(index), depth: depth + 1) else { return nil }
                        guard let name = key.string else { return fail("a dictionary key that is not a string") }
                        guard let value = object(item(length + index), depth: depth + 1) else { return nil }
                        entries.append(PropertyListEntry(key: name, keyLocation: location, value: value))
                    }
                    return PropertyListNode(.dictionary(entries), at: location)
                }
                var items: [PropertyListNode] = []
                for index in 0..<length {
                    guard let value = object(item(index), depth: depth + 1) else { return nil }
                    items.append(value)
                }
                return PropertyListNode(.array(items), at: location)
            default:
                return fail("an object of unknown type 0x\(String(kind, radix: 16))")
            }
        }

        /// A count from the marker's low nibble, or the integer object after it when the nibble is 0xF; and
        /// where the contents start.
        func length(_ low: Int, at offset: Int) -> (Int, Int)? {
            guard low == 0xF else { return (low, offset + 1) }
            guard offset + 2 <= limit, bytes[offset + 1] >> 4 == 0x1 else { return nil }
            let size = 1 << min(Int(bytes[offset + 1] & 0x0F), 3)
            guard offset + 2 + size <= limit else { return nil }
            return (number(bytes, at: offset + 2, size: size), offset + 2 + size)
        }
    }
}
