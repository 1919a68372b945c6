#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKSchemaCore
import Dispatch

/// Validates one input block by block: read, split into records, check the records of a block on all
/// workers at once, merge their findings back in input order, keep only the unfinished tail.
///
/// Memory is the read buffer (grown only for a record longer than it, never beyond
/// `maximumRecordBytes`) plus the findings, whatever the size of the input.
struct InputValidation {
    let schema: CompiledSchema
    let options: ValidationOptions
    let workers: [Worker]

    /// One worker thread's reusable state.
    final class Worker: @unchecked Sendable {
        // @unchecked: a worker is used by one thread at a time; the driver reads it after the join.
        let scratch: CheckerScratch
        let output = CheckOutput()
        /// The records of the worker's share of a block's NDJSON lines, their lines and indexes counted
        /// from the share's start (`InputValidation.checkLines`).
        var lineUnits: [RecordUnit] = []
        /// How many lines that share holds.
        var lineCount = 0
        /// The worker's own copy of the compiled schema: reference counts on shared objects would make
        /// the threads contend for the same cache lines on every record.
        let schema: CompiledSchema

        /// Creates a worker with its own scratch memory and schema copy.
        init(scratch: CheckerScratch, schema: CompiledSchema) {
            self.scratch = scratch
            self.schema = schema
        }
    }

    /// Prepares one worker per thread of `options.parallelism`.
    init(schema: Schema, compiled: CompiledSchema, options: ValidationOptions) {
        self.schema = compiled
        self.options = options
        workers = (0..<options.parallelism).map { index in
            let workerSchema = index == 0 ? compiled : CompiledSchema(schema)
            return Worker(scratch: CheckerScratch(maximumDepth: options.maximumDepth, schema: workerSchema),
                          schema: workerSchema)
        }
    }

    /// Reads all of `source`, adding its findings and counts to `result` and reference data to `references`.
    func run(_ source: inout ByteSource, into result: inout ValidationResult, references: inout ReferenceLedger,
             progress: ((ValidationProgress) -> Void)?) throws(RecordInputError) {
        var scanner = RecordStreamScanner(file: source.name, isCKTool: options.isCKTool,
                                          maximumRecordBytes: options.maximumRecordBytes)
        var buffer = ReadBuffer(capacity: options.readBlockSize)
        defer { buffer.deallocate() }
        var units: [RecordUnit] = []
        scanner.offersArrayElements = true
        scanner.offersLineShares = true
        var separator: [UInt8]?
        var bytesRead = 0
        var isEndOfInput = false
        let recordsBefore = result.recordCount
        while !scanner.isFinished {
            if !isEndOfInput {
                if buffer.isFull { buffer.grow(limit: options.maximumRecordBytes + options.readBlockSize) }
                let space = buffer.freeSpace
                let count = try source.read(into: space)
                buffer.filled += count
                bytesRead += count
                // `ByteSource.read` fills the space unless the input has ended.
                isEndOfInput = count < space.count
            }
            var discardable = 0
            while true {
                units.removeAll(keepingCapacity: true)
                discardable = scanner.scan(buffer.start, base: buffer.base, count: buffer.filled, isEndOfInput: isEndOfInput,
                                           into: &units)
                if !units.isEmpty {
                    check(units, in: buffer.start, file: source.name, style: scanner.pointerStyle, into: &result,
                          references: &references)
                }
                result.append(contentsOf: scanner.findings, limit: options.maximumFindings)
                scanner.findings.removeAll()
                // The scanner stopped at the block's whole NDJSON lines: they are split and checked in shares.
                if let region = scanner.lineRegion {
                    checkLines(region, buffer, scanner: &scanner, file: source.name, into: &result, references: &references)
                    continue
                }
                // The scanner stopped at an array element: the rest of the block is checked in shares.
                guard let start = scanner.arrayElementStart else { break }
                checkArrayElements(from: start, buffer, scanner: &scanner, separator: &separator, file: source.name,
                                   into: &result, references: &references)
            }
            buffer.discard(discardable)
            progress?(ValidationProgress(input: source.name, bytesRead: bytesRead, totalBytes: source.totalBytes,
                                         recordsValidated: result.recordCount))
            if isEndOfInput, !scanner.isFinished, discardable == 0, units.isEmpty {
                break
            }
        }
        result.byteCount += bytesRead
        if result.recordCount == recordsBefore, !result.diagnostics.contains(where: { $0.location?.file == source.name }) {
            result.append(Diagnostic(
                id: .recordFileEmpty, severity: .warning, message: "input holds no records",
                location: SourceLocation(file: source.name, line: 1, column: 1)), limit: options.maximumFindings)
        }
    }

    /// Checks the records of one block, in parallel when there are enough of them.
    func check(_ units: [RecordUnit], in buffer: UnsafeMutablePointer<UInt8>, file: String,
               style: RecordPointerStyle, into result: inout ValidationResult, references: inout ReferenceLedger,
               remembersNames: Bool = true) {
        let shares = partition(units)
        units.withUnsafeBufferPointer { unitBuffer in
            let sharedUnits = SharedUnits(units: unitBuffer)
            checkOnWorkers(shares.count, in: buffer, file: file, style: style, result: result,
                           remembersNames: remembersNames) { share, checker, bytes in
                for index in shares[share] {
                    checker.check(sharedUnits.units[index], in: bytes)
                }
            }
        }
        mergeWorkers(shares.count, into: &result, references: &references, remembersNames: remembersNames)
    }

    /// Runs `body` for shares `0..<count`, share `n` on worker `n` with a fresh checker over `buffer`, all at
    /// once; each worker keeps at most the findings the listing of `result` still has room for.
    func checkOnWorkers(_ count: Int, in buffer: UnsafeMutablePointer<UInt8>, file: String, style: RecordPointerStyle,
                        result: ValidationResult, remembersNames: Bool,
                        body: @Sendable (Int, inout RecordChecker, UnsafePointer<UInt8>) -> Void) {
        let shared = SharedBytes(pointer: buffer)
        let room = max(0, options.maximumFindings - result.diagnostics.count)
        Self.perform(count) { [workers, options] share in
            let worker = workers[share]
            worker.output.reset()
            worker.output.findingLimit = room
            var checker = RecordChecker(schema: worker.schema, options: options, file: file, pointerStyle: style,
                                        output: worker.output, scratch: worker.scratch, buffer: shared.pointer)
            if !remembersNames { checker.rememberRecordNames = false }
            body(share, &checker, shared.pointer)
            checker.flushCounts()
        }
    }

    /// Adds what workers `0..<count` found to `result` and `references`, in share order: input order.
    func mergeWorkers(_ count: Int, into result: inout ValidationResult, references: inout ReferenceLedger,
                      remembersNames: Bool) {
        for share in 0..<count {
            let output = workers[share].output
            result.append(contentsOf: output.findings, limit: options.maximumFindings)
            result.omitted.add(output.omitted)
            result.recordCount += output.recordCount
            result.invalidRecordCount += output.invalidRecordCount
            references.add(output, remembersNames: remembersNames)
        }
    }

    /// Runs `work` for `0..<count`, on as many threads when `count` is more than one.
    static func perform(_ count: Int, _ work: @Sendable (Int) -> Void) {
        if count == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: work)
        }
    }

    /// Splits `units` into at most one contiguous share per worker, of about equal bytes.
    private func partition(_ units: [RecordUnit]) -> [Range<Int>] {
        let totalBytes = units.reduce(0) { $0 + ($1.end - $1.start) }
        let shareCount = min(workers.count, max(1, totalBytes / Self.minimumShareBytes), units.count)
        guard shareCount > 1 else { return [0..<units.count] }
        var shares: [Range<Int>] = []
        var start = 0
        var accumulated = 0
        for (index, unit) in units.enumerated() {
            accumulated += unit.end - unit.start
            if accumulated * shareCount >= totalBytes * (shares.count + 1), shares.count < shareCount - 1 {
                shares.append(start..<(index + 1))
                start = index + 1
            }
        }
        shares.append(start..<units.count)
        return shares.filter { !$0.isEmpty }
    }

    /// Below this many bytes per worker, threads cost more than they save.
    static let minimumShareBytes = 64 * 1024
}

extension ValidationOptions {
    /// Whether payloads are cktool `--fields-json`.
    var isCKTool: Bool {
        if case .cktoolFields = format { return true }
        return false
    }
}

/// The read buffer handed to the workers, which only read it while the driver waits.
struct SharedBytes: @unchecked Sendable {
    let pointer: UnsafePointer<UInt8>

    init(pointer: UnsafeMutablePointer<UInt8>) {
        self.pointer = UnsafePointer(pointer)
    }
}

/// The block's records handed to the workers, which only read them while the driver waits.
private struct SharedUnits: @unchecked Sendable {
    let units: UnsafeBufferPointer<RecordUnit>
}

/// The read buffer: a block of memory, how much of it holds input, and where it sits in the input.
struct ReadBuffer {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// How many bytes hold input.
    var filled = 0
    /// The absolute input offset of `start[0]`.
    private(set) var base = 0

    /// Allocates `capacity` bytes.
    init(capacity: Int) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    var isFull: Bool { filled == capacity }

    /// The unused space after the input.
    var freeSpace: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: start + filled, count: capacity - filled)
    }

    /// Drops the first `count` bytes, moving the rest to the front.
    mutating func discard(_ count: Int) {
        guard count > 0 else { return }
        let remaining = filled - count
        if remaining > 0 { memmove(start, start + count, remaining) }
        filled = remaining
        base += count
    }

    /// Doubles the capacity (up to `limit`) so that a long record fits.
    mutating func grow(limit: Int) {
        let newCapacity = min(max(capacity * 2, capacity + 1), max(limit, capacity + 1))
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: filled)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }

    /// Frees the memory.
    func deallocate() {
        start.deallocate()
    }
}
