/// Where each schema element was written, plus facts about the source text that the model cannot hold
/// (a repeated option, an unquoted reserved word, a duplicate definition). Kept beside the `Schema` so
/// that schema equality ignores positions.
///
/// Parsers append to a log as they read; the path index (`PathIndex`) is built on the first lookup. A
/// 40,000-field schema records about 200,000 positions, and a clean lint never looks one up, so it never pays
/// for the index.
package struct SourceMap: Sendable {
    /// One recorded position.
    package struct Entry: Sendable {
        package var path: SchemaPath
        package var location: SourceLocation

        package init(path: SchemaPath, location: SourceLocation) {
            self.path = path
            self.location = location
        }
    }

    /// Every position recorded, in recording order; for a path recorded twice, the first entry wins.
    package private(set) var entries: [Entry]
    /// Observations about the text, in source order; lint rules turn them into findings.
    package var facts: [SyntaxFact]
    /// The index over `entries`, built on demand and shared by copies until one of them records more.
    private var index = LocationIndex()

    package init(entries: [Entry] = [], facts: [SyntaxFact] = []) {
        self.entries = entries
        self.facts = facts
    }

    package init(locations: [SchemaPath: SourceLocation], facts: [SyntaxFact] = []) {
        self.init(entries: locations.map { Entry(path: $0.key, location: $0.value) }, facts: facts)
    }

    /// The first place each element was written, as a dictionary (built anew on each call: lookups go
    /// through `recordedLocation(of:)`).
    package var locations: [SchemaPath: SourceLocation] {
        var dictionary = [SchemaPath: SourceLocation](minimumCapacity: entries.count)
        for entry in entries where dictionary[entry.path] == nil {
            dictionary[entry.path] = entry.location
        }
        return dictionary
    }

    /// Where `path` itself was first written, if it was.
    package func recordedLocation(of path: SchemaPath) -> SourceLocation? {
        index.pathIndex(of: path.kind, building: entries).firstEntry(for: path, in: entries).map { entries[$0].location }
    }

    /// Returns where `path` was written, falling back to its enclosing elements.
    package func location(of path: SchemaPath) -> SourceLocation? {
        var current: SchemaPath? = path
        while let candidate = current {
            if let location = recordedLocation(of: candidate) { return location }
            current = candidate.parent
        }
        return nil
    }

    /// Records `location` for `path`; if the path already has one, the first stays.
    package mutating func record(_ path: SchemaPath, at location: SourceLocation) {
        invalidateIndex()
        entries.append(Entry(path: path, location: location))
    }

    /// Makes room for `count` more entries.
    package mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// Adds everything from `other`, keeping existing locations.
    package mutating func merge(_ other: SourceMap) {
        invalidateIndex()
        entries.append(contentsOf: other.entries)
        facts.append(contentsOf: other.facts)
    }

    /// The facts of one kind.
    package func facts(_ kind: SyntaxFact.Kind) -> [SyntaxFact] {
        facts.filter { $0.kind == kind }
    }

    /// Drops a built index before the log changes. One shared with a copy is left to the copy: the copy may
    /// build it from its own log at any moment, so this map takes a fresh one. One held alone and unbuilt stays
    /// (it builds from whatever log it is given), and no other thread can reach it, so whether it is built is
    /// read without the lock — parsers record thousands of entries.
    private mutating func invalidateIndex() {
        if !isKnownUniquelyReferenced(&index) || index.isBuiltWhenUnshared { index = LocationIndex() }
    }
}

/// The lazily built path indexes of a `SourceMap`, one per kind of path. A cache, synchronized, as copies of a
/// map may be read from several threads.
private final class LocationIndex: @unchecked Sendable {
    private let storage = Locked<[PathIndex?]>(Array(repeating: nil, count: SchemaPath.Kind.allCases.count))
    /// Whether an index was built; written under the lock, read without it only by a map holding this object
    /// alone (`isBuiltWhenUnshared`).
    private var built = false

    /// Whether an index was built. Only for a caller holding the only reference: no other thread can be
    /// building one then.
    var isBuiltWhenUnshared: Bool { built }

    func pathIndex(of kind: SchemaPath.Kind, building entries: [SourceMap.Entry]) -> PathIndex {
        storage.withLock { stored in
            if let index = stored[Int(kind.rawValue)] { return index }
            let index = PathIndex(entries, kind: kind)
            stored[Int(kind.rawValue)] = index
            built = true
            return index
        }
    }
}

/// Something a parser saw in the source text that the schema model cannot express. Lint rules read these
/// so that each check, and its documentation, lives in one rule file while the parser only observes.
package struct SyntaxFact: Hashable, Sendable {
    /// What was seen.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A record type defined twice in one schema (`.ckdb`), `related` is the first definition.
        case duplicateRecordType
        /// A field defined twice in one record type; `related` is the first definition.
        case duplicateField
        /// A field of a record type defined in two YAML files; `related` is the first definition.
        case fieldRedeclaredAcrossFiles
        /// `CREATE ROLE` twice for one name, or a role listed twice; `related` is the first.
        case duplicateRole
        /// A system field listed twice in one record type; `related` is the first.
        case duplicateSystemField
        /// An index option written twice on one field (`QUERYABLE QUERYABLE`).
        case repeatedIndexOption
        /// A permission written twice in one GRANT (`GRANT READ, READ TO …`).
        case repeatedPermission
        /// A GRANT followed by more than one role (`GRANT CREATE TO "_creator", "_icloud"`).
        case grantWithSeveralRoles
        /// A reserved word (grant, preferred, queryable, sortable, searchable) used unquoted as a name.
        case unquotedReservedWord
        /// A name that must be quoted (leading underscore, a dot) written without quotes.
        case unquotedSpecialName
        /// A schema-language keyword written in lower or mixed case (`define schema`).
        case nonUppercaseKeyword
        /// A system field declared with a type other than its fixed one; `text` is the written type.
        case systemFieldWrongType
    }

    package var kind: Kind
    /// Where the text is.
    package var location: SourceLocation
    /// The element concerned, when there is one.
    package var subject: SchemaPath?
    /// The offending text (a name, a keyword, a type), for messages.
    package var text: String
    /// A second location: the first definition of a duplicate.
    package var related: SourceLocation?

    package init(_ kind: Kind, at location: SourceLocation, subject: SchemaPath? = nil, text: String,
                related: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
        self.subject = subject
        self.text = text
        self.related = related
    }
}
