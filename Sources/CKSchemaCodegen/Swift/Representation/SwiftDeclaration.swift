/// A Swift declaration the generator can emit.
public indirect enum SwiftDeclaration: Hashable, Sendable {
    /// A struct and its members.
    case `struct`(SwiftTypeDeclaration)
    /// An enum and its members.
    case `enum`(SwiftTypeDeclaration)
    /// An extension and its members.
    case `extension`(SwiftExtensionDeclaration)
    /// A protocol and its requirements.
    case `protocol`(SwiftProtocolDeclaration)
    /// A stored or computed property.
    case property(SwiftPropertyDeclaration)
    /// A function or initializer.
    case function(SwiftFunctionDeclaration)
    /// An enum case.
    case enumCase(SwiftEnumCaseDeclaration)
    /// A type alias.
    case typeAlias(SwiftTypeAliasDeclaration)
    /// Declarations between `#if condition` and `#endif`.
    case conditional(condition: String, declarations: [SwiftDeclaration])
    /// A declaration preceded by a comment.
    case commented(SwiftComment, SwiftDeclaration)
    /// A declaration preceded by attributes, one per line (`@available(*, deprecated, message: "…")`).
    case attributed([String], SwiftDeclaration)

    /// The declaration under any comments and attributes.
    var undecorated: SwiftDeclaration {
        var current = self
        while true {
            switch current {
            case .commented(_, let inner), .attributed(_, let inner): current = inner
            default: return current
            }
        }
    }

    /// Returns the declaration with `attributes` before it (after its doc comment), or unchanged when there are
    /// none.
    public func attributed(_ attributes: [String]) -> SwiftDeclaration {
        guard !attributes.isEmpty else { return self }
        if case .commented(let comment, let inner) = self { return .commented(comment, inner.attributed(attributes)) }
        return .attributed(attributes, self)
    }

    /// Returns the declaration with a doc comment of `lines`, or unchanged when there are none.
    public func documented(_ lines: [String]) -> SwiftDeclaration {
        lines.isEmpty ? self : .commented(.doc(lines), self)
    }
}

/// An access level written on a declaration.
public enum SwiftAccess: String, Hashable, Sendable, CaseIterable {
    /// Visible to other modules.
    case `public`
    /// Visible within the module.
    case `internal`
    /// Visible within the file.
    case `fileprivate`
    /// Visible within the enclosing declaration.
    case `private`
}

/// A struct or enum and its members.
public struct SwiftTypeDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    public var access: SwiftAccess?
    /// The type name, already escaped.
    public var name: String
    /// Generic parameter clauses without brackets (`Model`, `Value: Hashable`).
    public var genericParameters: [String]
    /// Inherited types and protocol conformances, in order.
    public var conformances: [String]
    /// The members, in order.
    public var members: [SwiftDeclaration]

    public init(access: SwiftAccess? = nil, name: String, genericParameters: [String] = [], conformances: [String] = [],
                members: [SwiftDeclaration] = []) {
        self.access = access
        self.name = name
        self.genericParameters = genericParameters
        self.conformances = conformances
        self.members = members
    }
}

/// An extension of a type.
public struct SwiftExtensionDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    public var access: SwiftAccess?
    /// The type extended (`JournalEntry`, `CloudKitSchema.RecordID`).
    public var extendedType: String
    /// Protocol conformances the extension adds.
    public var conformances: [String]
    /// The members, in order.
    public var members: [SwiftDeclaration]

    public init(access: SwiftAccess? = nil, extendedType: String, conformances: [String] = [],
                members: [SwiftDeclaration] = []) {
        self.access = access
        self.extendedType = extendedType
        self.conformances = conformances
        self.members = members
    }
}

/// A protocol; its requirements are lines of source (`associatedtype Model`, `init()`).
public struct SwiftProtocolDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    public var access: SwiftAccess?
    /// The protocol name, already escaped.
    public var name: String
    /// Inherited protocols, in order.
    public var conformances: [String]
    /// The requirements, one per line, in order.
    public var requirements: [String]

    public init(access: SwiftAccess? = nil, name: String, conformances: [String] = [], requirements: [String] = []) {
        self.access = access
        self.name = name
        self.conformances = conformances
        self.requirements = requirements
    }
}

/// A stored or computed property.
public struct SwiftPropertyDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    public var access: SwiftAccess?
    /// Whether the property is `static`.
    public var isStatic: Bool
    /// `let` (true) or `var` (false); computed properties are always `var`.
    public var isConstant: Bool
    /// The property name, already escaped.
    public var name: String
    /// The declared type, or `nil` to let the initializer decide.
    public var type: String?
    /// The initial value expression of a stored property.
    public var initializer: String?
    /// The body of a read-only computed property (or the getter when there is a `setter`), or `nil` for a
    /// stored property.
    public var getter: [String]?
    /// The body of the setter of a computed property (`newValue` is the value), or `nil`.
    public var setter: [String]?
    /// The body of a stored property's `didSet` observer, or `nil`.
    public var didSet: [String]?

    public init(access: SwiftAccess? = nil, isStatic: Bool = false, isConstant: Bool = false, name: String,
                type: String? = nil, initializer: String? = nil, getter: [String]? = nil, setter: [String]? = nil,
                didSet: [String]? = nil) {
        self.access = access
        self.isStatic = isStatic
        self.isConstant = isConstant
        self.name = name
        self.type = type
        self.initializer = initializer
        self.getter = getter
        self.setter = setter
        self.didSet = didSet
    }
}

/// A function or an initializer.
public struct SwiftFunctionDeclaration: Hashable, Sendable {
    /// Whether this is a named function or an initializer.
    public enum Kind: Hashable, Sendable {
        /// A function with a name (already escaped).
        case function(name: String)
        /// `init` or `init?`.
        case initializer(isFailable: Bool)
    }

    /// The access level written, or `nil` for none.
    public var access: SwiftAccess?
    /// Whether the function is `static`.
    public var isStatic: Bool
    /// Whether the function is `mutating`.
    public var isMutating: Bool
    /// A function or an initializer.
    public var kind: Kind
    /// Generic parameter clauses without brackets.
    public var genericParameters: [String]
    /// The parameters, in order.
    public var parameters: [SwiftParameter]
    /// Whether the function `throws`.
    public var isThrowing: Bool
    /// The return type, or `nil` for `Void`.
    public var returnType: String?
    /// A `where` clause without the keyword, or `nil`.
    public var whereClause: String?
    /// The body, one entry per line, indented relative to the body.
    public var body: [String]

    public init(access: SwiftAccess? = nil, isStatic: Bool = false, isMutating: Bool = false, kind: Kind,
                genericParameters: [String] = [], parameters: [SwiftParameter] = [], isThrowing: Bool = false,
                returnType: String? = nil, whereClause: String? = nil, body: [String]) {
        self.access = access
        self.isStatic = isStatic
        self.isMutating = isMutating
        self.kind = kind
        self.genericParameters = genericParameters
        self.parameters = parameters
        self.isThrowing = isThrowing
        self.returnType = returnType
        self.whereClause = whereClause
        self.body = body
    }
}

/// One parameter of a function or initializer.
public struct SwiftParameter: Hashable, Sendable {
    /// The argument label when it differs from the name (`_` for none); `nil` when the label is the name.
    public var label: String?
    /// The parameter name, already escaped.
    public var name: String
    /// The parameter type.
    public var type: String
    /// A default value expression, or `nil`.
    public var defaultValue: String?

    public init(label: String? = nil, name: String, type: String, defaultValue: String? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// One `case` of an enum.
public struct SwiftEnumCaseDeclaration: Hashable, Sendable {
    /// The case name, already escaped.
    public var name: String
    /// A raw value expression (`"happy"`), or `nil`.
    public var rawValue: String?
    /// Associated value types, e.g. `["String"]`.
    public var associatedValues: [String]

    public init(name: String, rawValue: String? = nil, associatedValues: [String] = []) {
        self.name = name
        self.rawValue = rawValue
        self.associatedValues = associatedValues
    }
}

/// A `typealias`.
public struct SwiftTypeAliasDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    public var access: SwiftAccess?
    /// The alias name.
    public var name: String
    /// The type it stands for.
    public var existingType: String

    public init(access: SwiftAccess? = nil, name: String, existingType: String) {
        self.access = access
        self.name = name
        self.existingType = existingType
    }
}

/// A comment placed before a declaration.
public enum SwiftComment: Hashable, Sendable {
    /// A documentation comment; each line gets `/// `.
    case doc([String])
    /// A plain comment; each line gets `// `.
    case line([String])
    /// `// MARK: - title`.
    case mark(String)
}
