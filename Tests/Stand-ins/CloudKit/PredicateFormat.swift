public import Foundation

// Apple's Foundation builds predicates from format strings and sort descriptors from key names;
// swift-corelibs-foundation marks both initializers unavailable (it has no key-value coding). These extensions
// give the stand-in the same signatures, so that generated code building a `CKQuery` compiles and runs on
// Linux; the predicate matches nothing and the sort descriptor sorts nothing, but tests can read back what they
// were built from through the `StandIn` SPI. Declared here, available, they win over Foundation's unavailable
// initializers of the same signature.

extension NSPredicate {
    /// Creates a predicate by substituting the values in an argument array into a format string.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        self.init(value: false)
        PredicateFormats.record(PredicateFormat(format: predicateFormat, arguments: arguments ?? []), for: self)
    }

    /// The format string and arguments the predicate was built from; `nil` for other predicates.
    @_spi(StandIn)
    public var standInFormat: PredicateFormat? {
        PredicateFormats.format(of: self)
    }
}

extension NSSortDescriptor {
    /// Creates a sort descriptor with a specified string key path and ordering.
    public convenience init(key: String?, ascending: Bool) {
        self.init(keyPath: \SortKey.value, ascending: ascending)
        SortDescriptorKeys.record(key, for: self)
    }

    /// The key the sort descriptor was built with (Foundation's `key`, unavailable on Linux).
    @_spi(StandIn)
    public var standInKey: String? {
        SortDescriptorKeys.key(of: self)
    }
}

/// The format string and arguments of a predicate built by `NSPredicate(format:argumentArray:)`.
@_spi(StandIn)
public struct PredicateFormat: @unchecked Sendable {
    /// The format string.
    public let format: String
    /// The arguments, as passed.
    public let arguments: [Any]
}

/// The key path the stand-in's sort descriptors use: Foundation on Linux needs one.
struct SortKey {
    var value = 0
}

/// What each predicate was built from, by object identity. Entries are never removed: the stand-in is for tests.
enum PredicateFormats {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var formats: [ObjectIdentifier: (object: NSPredicate, format: PredicateFormat)] = [:]

    static func record(_ format: PredicateFormat, for predicate: NSPredicate) {
        lock.withLock { formats[ObjectIdentifier(predicate)] = (predicate, format) }
    }

    static func format(of predicate: NSPredicate) -> PredicateFormat? {
        lock.withLock { formats[ObjectIdentifier(predicate)]?.format }
    }
}

/// The key of each sort descriptor, by object identity. Entries keep their object alive, so identities are
/// never reused.
enum SortDescriptorKeys {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var keys: [ObjectIdentifier: (object: NSSortDescriptor, key: String?)] = [:]

    static func record(_ key: String?, for descriptor: NSSortDescriptor) {
        lock.withLock { keys[ObjectIdentifier(descriptor)] = (descriptor, key) }
    }

    static func key(of descriptor: NSSortDescriptor) -> String? {
        lock.withLock { keys[ObjectIdentifier(descriptor)]?.key }
    }
}
