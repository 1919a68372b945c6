package import Foundation

/// Waiting in tests for something another process does, without a fixed sleep.
package enum Polling {
    /// Checks `condition` every 20 ms until it holds, at most `seconds`; whether it held.
    package static func wait(upTo seconds: TimeInterval, for condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }
}
