package import CKSchemaCore

/// What production holds, for the rules that say when their advice concerns something production keeps —
/// read only when one of them first asks.
///
/// Reading a production snapshot costs as much as reading the schema being linted, and only a finding that
/// would advise removing an index needs it; a lint run without such a finding never reads the snapshot. The
/// value is read at most once, however many rules ask.
package final class ProductionSchema: Sendable {
    private let load: @Sendable () -> Schema?
    private let loaded = Locked<Schema??>(nil)

    /// Production as `load` reads it, on first use; `load` returns `nil` when production is not known.
    package init(loading load: @escaping @Sendable () -> Schema?) {
        self.load = load
    }

    /// Production as already read (tests, and a schema that is itself the production snapshot).
    package convenience init(_ schema: Schema?) {
        self.init(loading: { schema })
    }

    /// The schema production holds, or `nil` when it is not known.
    package var schema: Schema? {
        loaded.withLock { loaded in
            if let schema = loaded { return schema }
            let schema = load()
            loaded = .some(schema)
            return schema
        }
    }
}
