import CKSchemaCore
import Dispatch
import Testing

/// `Locked`, the value behind a pthread mutex that stands in for Synchronization's `Mutex`.
@Suite struct LockedTests {
    @Test func updatesFromManyThreadsAreNeverLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func returnsAndRethrowsWhatTheBodyDoes() {
        struct Refused: Error {}
        let value = Locked([1, 2])
        #expect(value.withLock { $0.append(3); return $0.count } == 3)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        #expect(value.withLock { $0 } == [1, 2, 3], "a throwing body leaves the lock released and the value kept")
    }
}
