#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One source of records to validate.
public enum RecordInput: Hashable, Sendable {
    /// A file, by the path the user gave (diagnostics print it verbatim).
    case file(String)
    /// Standard input; diagnostics call it `name` (`-` by default).
    case standardInput(name: String = "-")
    /// Bytes already in memory, named `name` in diagnostics.
    case bytes([UInt8], name: String)

    /// The name diagnostics use for this input.
    public var name: String {
        switch self {
        case .file(let path): path
        case .standardInput(let name): name
        case .bytes(_, let name): name
        }
    }
}

/// An input that could not be read at all: the run cannot go on (exit 2), unlike findings about its content.
public struct RecordInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input's name.
    public var input: String
    /// What went wrong, in one lower-case clause (`no such file or directory`).
    public var reason: String

    /// Creates an error.
    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    /// `cannot read 'path': reason`.
    public var description: String { "cannot read '\(input)': \(reason)" }
}

/// Reads an input's bytes in blocks: a file descriptor, or an in-memory array.
struct ByteSource {
    private enum Backing {
        case descriptor(Int32, ownsDescriptor: Bool)
        case memory([UInt8], offset: Int)
    }

    private var backing: Backing
    /// The input's name for messages.
    let name: String
    /// The total size when known in advance.
    let totalBytes: Int?

    /// Opens `input`; throws `RecordInputError` when it cannot be opened.
    init(opening input: RecordInput) throws(RecordInputError) {
        name = input.name
        switch input {
        case .bytes(let bytes, _):
            backing = .memory(bytes, offset: 0)
            totalBytes = bytes.count
        case .standardInput:
            backing = .descriptor(0, ownsDescriptor: false)
            totalBytes = nil
        case .file(let path):
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw RecordInputError(input: path, reason: Self.describeErrno())
            }
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                _ = closeDescriptor(descriptor)
                throw RecordInputError(input: path, reason: "it is a directory")
            }
            backing = .descriptor(descriptor, ownsDescriptor: true)
            totalBytes = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        }
    }

    /// Fills `buffer` as far as possible; returns the byte count, 0 only at the end of input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(RecordInputError) -> Int {
        guard let start = buffer.baseAddress, buffer.count > 0 else { return 0 }
        switch backing {
        case .memory(let bytes, let offset):
            let count = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { source in
                if count > 0, let from = source.baseAddress {
                    start.copyMemory(from: from + offset, byteCount: count)
                }
            }
            backing = .memory(bytes, offset: offset + count)
            return count
        case .descriptor(let descriptor, _):
            var total = 0
            while total < buffer.count {
                let count = readDescriptor(descriptor, start + total, buffer.count - total)
                if count > 0 {
                    total += count
                } else if count == 0 {
                    break
                } else if errno != EINTR {
                    throw RecordInputError(input: name, reason: Self.describeErrno())
                }
            }
            return total
        }
    }

    /// Closes the descriptor when this source opened it.
    func close() {
        if case .descriptor(let descriptor, true) = backing {
            _ = closeDescriptor(descriptor)
        }
    }

    private static func describeErrno() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}

/// `read(2)` under a name that does not clash with `ByteSource.read`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `close(2)` under a name that does not clash with `ByteSource.close`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
