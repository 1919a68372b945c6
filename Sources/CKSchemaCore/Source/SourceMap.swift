/// Where each schema element was written, plus facts about the source text that the model cannot hold
/// (a repeated option, an unquoted reserved word, a duplicate definition). Kept beside the `Schema` so
/// that schema equality ignores positions.
public struct SourceMap: Hashable, Sendable {
    /// The first place each element was written.
    public var locations: [SchemaPath: SourceLocation]
    /// Observations about the text, in source order; lint rules turn them into findings.
    public var facts: [SyntaxFact]

    public init(locations: [SchemaPath: SourceLocation] = [:], facts: [SyntaxFact] = []) {
        self.locations = locations
        self.facts = facts
    }

    /// Returns where `path` was written, falling back to its enclosing elements.
    public func location(of path: SchemaPath) -> SourceLocation? {
        var current: SchemaPath? = path
        while let candidate = current {
            if let location = locations[candidate] { return location }
            current = candidate.parent
        }
        return nil
    }

    /// Records `location` for `path` unless the path already has one (the first definition wins).
    public mutating func record(_ path: SchemaPath, at location: SourceLocation) {
        if locations[path] == nil { locations[path] = location }
    }

    /// Adds everything from `other`, keeping existing locations.
    public mutating func merge(_ other: SourceMap) {
        locations.merge(other.locations) { existing, _ in existing }
        facts.append(contentsOf: other.facts)
    }

    /// The facts of one kind.
    public func facts(_ kind: SyntaxFact.Kind) -> [SyntaxFact] {
        facts.filter { $0.kind == kind }
    }
}

/// Something a parser saw in the source text that the schema model cannot express. Lint rules read these
/// so that each check, and its documentation, lives in one rule file while the parser only observes.
public struct SyntaxFact: Hashable, Sendable {
    /// What was seen.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
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

    public var kind: Kind
    /// Where the text is.
    public var location: SourceLocation
    /// The element concerned, when there is one.
    public var subject: SchemaPath?
    /// The offending text (a name, a keyword, a type), for messages.
    public var text: String
    /// A second location: the first definition of a duplicate.
    public var related: SourceLocation?

    public init(_ kind: Kind, at location: SourceLocation, subject: SchemaPath? = nil, text: String,
                related: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
        self.subject = subject
        self.text = text
        self.related = related
    }
}
