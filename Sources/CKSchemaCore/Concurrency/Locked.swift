#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock, shared between threads: what Synchronization's `Mutex` offers, on a pthread mutex.
///
/// Why not `Mutex`: SwiftPM's debug builds write an index store, and the first module importing
/// Synchronization makes the compiler rebuild it from its `.swiftinterface` to index it — about 3 s of CPU on
/// every fresh build, taken under a lock that stalls the module's other compile jobs (docs/build-time.md).
/// The caches ckschema keeps (lazily built indexes, a snapshot read once) need nothing more than this.
package final class Locked<Value>: @unchecked Sendable {
    /// Allocated once and never moved: a pthread mutex must stay at the address it was initialized at.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; `body` must not take this lock again.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
