#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKSchemaFiles
import Dispatch

/// One source of records to validate.
package enum RecordInput: Hashable, Sendable {
    /// A file, by the path the user gave (diagnostics print it verbatim). It must lead to a regular file on
    /// disk: a pipe, a device or a file in `/proc` is refused (`InputFile`); standard input is `standardInput`.
    case file(String)
    /// Standard input; diagnostics call it `name` (`-` by default).
    case standardInput(name: String = "-")
    /// Bytes already in memory, named `name` in diagnostics.
    case bytes([UInt8], name: String)

    /// The name diagnostics use for this input.
    package var name: String {
        switch self {
        case .file(let path): path
        case .standardInput(let name): name
        case .bytes(_, let name): name
        }
    }
}

/// An input that could not be read at all: the run cannot go on (exit 2), unlike findings about its content.
package struct RecordInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input's name.
    package var input: String
    /// What went wrong, in one lower-case clause (`no such file or directory`).
    package var reason: String

    /// Creates an error.
    package init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    /// `cannot read 'path': reason`.
    package var description: String { "cannot read '\(input)': \(reason)" }
}

/// Reads an input's bytes in blocks: standard input, a file it opened, or an in-memory array.
struct ByteSource {
    private enum Backing {
        /// Standard input, read in order and never closed here.
        case standardInput
        /// A regular file this source opened (and closes), read at `offset` with `pread`.
        case file(Int32, offset: Int)
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
            backing = .standardInput
            totalBytes = nil
        case .file(let path):
            let opened: InputFile.Opened
            do {
                opened = try InputFile.open(path)
            } catch {
                throw RecordInputError(input: path, reason: Self.reason(error))
            }
            backing = .file(opened.descriptor, offset: 0)
            totalBytes = opened.size
        }
    }

    /// Why an input file was refused, as the end of `cannot read 'path': …`.
    private static func reason(_ error: InputFileError) -> String {
        switch error {
        case .missing: "no such file or directory"
        case .notRegular(_, let kind): "it is \(kind), not a regular file (use '-' for standard input)"
        case .virtualFileSystem(_, let fileSystem): "it is in the kernel's \(fileSystem) file system, not a file on disk"
        case .tooLarge: "it is too large"
        case .unreadable(_, let reason): reason
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
        case .standardInput:
            guard let count = Descriptors.readFully(STDIN_FILENO, into: buffer) else {
                throw RecordInputError(input: name, reason: Self.describe(errno: errno))
            }
            return count
        case .file(let descriptor, let offset):
            let count = try Self.readInHalves(descriptor, into: buffer, at: offset, name: name)
            backing = .file(descriptor, offset: offset + count)
            return count
        }
    }

    /// Below this, a block is read by one thread.
    private static let halvedReadBytes = 1 << 20

    /// Reads a large block as two halves at once, one per core: copying a block out of the page cache was
    /// about a quarter of an NDJSON run's wall time, and nothing else runs while a block is read (docs/validate.md).
    /// The byte count is the first half's, plus the second's when the first is full.
    private static func readInHalves(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int,
                                     name: String) throws(RecordInputError) -> Int {
        guard buffer.count >= halvedReadBytes else {
            guard let count = Descriptors.readFully(descriptor, into: buffer, at: offset) else {
                throw RecordInputError(input: name, reason: describe(errno: errno))
            }
            return count
        }
        let middle = buffer.count / 2
        let halves = HalvedRead(descriptor: descriptor, buffer: buffer, offset: offset, middle: middle)
        DispatchQueue.concurrentPerform(iterations: 2) { half in halves.read(half) }
        for count in [halves.firstCount, halves.secondCount] where count < 0 {
            throw RecordInputError(input: name, reason: describe(errno: Int32(-count)))
        }
        let first = halves.firstCount
        return first == middle ? first + halves.secondCount : first
    }

    /// Closes the descriptor when this source opened it.
    func close() {
        if case .file(let descriptor, _) = backing {
            _ = closeDescriptor(descriptor)
        }
    }

    private static func describe(errno: Int32) -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}

/// `close(2)` under a name that does not clash with `ByteSource.close`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// The two halves of one block read at once: each thread writes its own half of the buffer and its own
/// count (the byte count, or minus `errno`), and the reader looks at them only after both are done.
private final class HalvedRead: @unchecked Sendable {
    let descriptor: Int32
    let buffer: UnsafeMutableRawBufferPointer
    let offset: Int
    let middle: Int
    /// Separate properties, so that the two threads never access the same one.
    var firstCount = 0
    var secondCount = 0

    init(descriptor: Int32, buffer: UnsafeMutableRawBufferPointer, offset: Int, middle: Int) {
        self.descriptor = descriptor
        self.buffer = buffer
        self.offset = offset
        self.middle = middle
    }

    func read(_ half: Int) {
        let range = half == 0 ? 0..<middle : middle..<buffer.count
        let part = UnsafeMutableRawBufferPointer(rebasing: buffer[range])
        let count = Descriptors.readFully(descriptor, into: part, at: offset + range.lowerBound) ?? -Int(errno)
        if half == 0 { firstCount = count } else { secondCount = count }
    }
}
