import Foundation

/// The bytes read from a program's standard output and standard error, kept within an `OutputLimit`.
struct OutputCapture {
    /// Which output a chunk came from.
    enum Stream: Int {
        case output = 0, error = 1
    }

    private let limit: ChildProcess.OutputLimit
    /// What standard output wrote, within the limit.
    private(set) var output = Data()
    /// What standard error wrote, within the limit.
    private(set) var error = Data()
    /// Whether anything was dropped.
    private(set) var exceeded = false

    init(limit: ChildProcess.OutputLimit) {
        self.limit = limit
    }

    /// Keeps what the limit allows of `chunk`; returns `false` when the program must be stopped because the
    /// outputs together passed a `stop` limit.
    mutating func append(_ chunk: ArraySlice<UInt8>, from stream: Stream) -> Bool {
        let room: Int
        switch limit {
        case .keepFirst(let bytes):
            room = max(0, bytes - (stream == .output ? output.count : error.count))
        case .stop(let bytes):
            room = max(0, bytes - output.count - error.count)
        }
        let kept = chunk.prefix(room)
        switch stream {
        case .output: output.append(contentsOf: kept)
        case .error: error.append(contentsOf: kept)
        }
        guard kept.count < chunk.count else { return true }
        exceeded = true
        if case .stop = limit { return false }
        return true
    }
}
