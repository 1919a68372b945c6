#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import Foundation
import Logging
import MCP

/// MCP's stdio transport (one JSON-RPC message per line), bounded: a message over `maximumMessageBytes` is
/// answered with an error and dropped unread, and reading costs the same for every size. The SDK's
/// `StdioTransport` searches its whole buffer for a newline after each 4 KiB read and sleeps 10 ms whenever
/// the pipe is momentarily empty, so one 5 MiB message took 80 seconds to arrive; that is a hang to a client.
actor LineTransport: Transport {
    /// The largest message read: the arguments' own limit (`ToolArguments.maximumBytes`) plus room for JSON's
    /// escapes.
    static let maximumMessageBytes = 2 * ToolArguments.maximumBytes + 65536

    /// The SDK's log: standard error (standard output is the protocol's), warnings and errors only (lower
    /// levels quote messages, which may hold the client's inputs).
    nonisolated let logger: Logger = {
        var logger = Logger(label: "ckschema-mcp") { ScrubbingLogHandler(label: $0) }
        logger.logLevel = .warning
        return logger
    }()
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        let continuation = self.continuation
        // Blocking reads on a thread of their own: no polling, and the server's tasks never wait on input.
        Thread.detachNewThread { [self] in
            var reader = LineReader(limit: Self.maximumMessageBytes)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for line in reader.append(chunk[..<count]) {
                    switch line {
                    case .message(let bytes): continuation.yield(Data(bytes))
                    case .oversized(let head, let size):
                        // Sent by the actor, so that the reply never lands inside another message's bytes.
                        if let reply = Self.refusal(head: head, size: size) { Task { try? await self.send(reply) } }
                    }
                }
            }
            continuation.finish()
        }
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        Self.write(data + Data("\n".utf8))
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        messages
    }

    /// The answer to an oversized request: an invalid-request error for its ID (found near its start, where
    /// clients write it), so the client is not left waiting; `nil` when it has no ID to answer.
    private static func refusal(head: [UInt8], size: Int) -> Data? {
        let message = "the message holds \(size) bytes, more than the \(maximumMessageBytes) a message may hold; put "
            + "large inputs in a file in the project and name it"
        FileHandle.standardError.write(Data("ckschema-mcp: \(message)\n".utf8))
        guard let id = LineReader.requestID(in: head) else { return nil }
        return Data(#"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32600,"message":"\#(message)"}}"#.utf8)
    }

    /// Writes all of `data` to standard output (blocking).
    private static func write(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// Splits input into lines, scanning each byte once; a line over `limit` keeps only its first bytes.
struct LineReader {
    enum Line {
        case message([UInt8])
        /// A line over the limit: its first bytes and its size.
        case oversized(head: [UInt8], size: Int)
    }

    /// How much of an oversized line is kept to find its request ID.
    static let headBytes = 512

    let limit: Int
    private var pending: [UInt8] = []
    private var size = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            take(bytes[start..<newline])
            if size > limit {
                lines.append(.oversized(head: pending, size: size))
            } else if !pending.isEmpty {
                lines.append(.message(pending))
            }
            pending = []
            size = 0
            start = newline + 1
        }
        take(bytes[start...])
        return lines
    }

    private mutating func take(_ bytes: ArraySlice<UInt8>) {
        size += bytes.count
        if size <= limit {
            pending += bytes
        } else if pending.count < Self.headBytes {
            pending += bytes.prefix(Self.headBytes - pending.count)
        }
        if size > limit, pending.count > Self.headBytes { pending.removeLast(pending.count - Self.headBytes) }
    }

    /// The JSON text of the `"id"` member in `head` (a number or a string without escapes), if there is one.
    static func requestID(in head: [UInt8]) -> String? {
        let text = String(decoding: head, as: UTF8.self)
        guard let key = text.range(of: #""id""#) else { return nil }
        var rest = text[key.upperBound...].drop { $0 == " " }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        if rest.first == "\"" {
            guard let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            let id = rest[rest.startIndex...end]
            return id.contains("\\") ? nil : String(id)
        }
        let number = rest.prefix { $0.isNumber || $0 == "-" }
        return number.isEmpty ? nil : String(number)
    }
}
#endif
