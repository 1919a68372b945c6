#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing open descriptors, retrying interruptions and short writes.
package enum Descriptors {
    /// Writes every byte of `bytes` to `descriptor`; `false` with `errno` set when the system refuses.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let count = write(descriptor, pointer, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            pointer += count
            remaining -= count
        }
        return true
    }

    /// Reads from `descriptor` until `buffer` is full or the input ends; the byte count, or `nil` with
    /// `errno` set on an error. With an `offset`, reads there (`pread`, which leaves the descriptor's own
    /// offset alone, so that two threads can read two parts of one file at once).
    package static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer,
                                  at offset: Int? = nil) -> Int? {
        guard let start = buffer.baseAddress else { return 0 }
        var total = 0
        while total < buffer.count {
            let count = if let offset {
                pread(descriptor, start + total, buffer.count - total, off_t(offset + total))
            } else {
                read(descriptor, start + total, buffer.count - total)
            }
            if count > 0 {
                total += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        return total
    }

    /// Flushes a folder's entries to disk. Best effort: some file systems refuse to sync a folder.
    package static func syncFolder(_ descriptor: Int32) {
        _ = fsync(descriptor)
    }
}
