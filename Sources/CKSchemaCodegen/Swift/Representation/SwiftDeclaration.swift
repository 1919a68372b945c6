/// A Swift declaration the generator can emit.
package indirect enum SwiftDeclaration: Hashable, Sendable {
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
    package func attributed(_ attributes: [String]) -> SwiftDeclaration {
        guard !attributes.isEmpty else { return self }
        if case .commented(let comment, let inner) = self { return .commented(comment, inner.attributed(attributes)) }
        return .attributed(attributes, self)
    }

    /// Returns the declaration with a doc comment of `lines`, or unchanged when there are none.
    package func documented(_ lines: [String]) -> SwiftDeclaration {
        lines.isEmpty ? self : .commented(.doc(lines), self)
    }
}

/// An access level written on a declaration.
package enum SwiftAccess: String, Hashable, Sendable, CaseIterable {
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
package struct SwiftTypeDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    package var access: SwiftAccess?
    /// The type name, already escaped.
    package var name: String
    /// Generic parameter clauses without brackets (`Model`, `Value: Hashable`).
    package var genericParameters: [String]
    /// Inherited types and protocol conformances, in order.
    package var conformances: [String]
    /// The members, in order.
    package var members: [SwiftDeclaration]

    package init(access: SwiftAccess? = nil, name: String, genericParameters: [String] = [], conformances: [String] = [],
                members: [SwiftDeclaration] = []) {
        self.access = access
        self.name = name
        self.genericParameters = genericParameters
        self.conformances = conformances
        self.members = members
    }
}

/// An extension of a type.
package struct SwiftExtensionDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    package var access: SwiftAccess?
    /// The type extended (`JournalEntry`, `CloudKitSchema.RecordID`).
    package var extendedType: String
    /// Protocol conformances the extension adds.
    package var conformances: [String]
    /// The members, in order.
    package var members: [SwiftDeclaration]

    package init(access: SwiftAccess? = nil, extendedType: String, conformances: [String] = [],
                members: [SwiftDeclaration] = []) {
        self.access = access
        self.extendedType = extendedType
        self.conformances = conformances
        self.members = members
    }
}

/// A protocol; its requirements are lines of source (`associatedtype Model`, `init()`).
package struct SwiftProtocolDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    package var access: SwiftAccess?
    /// The protocol name, already escaped.
    package var name: String
    /// Inherited protocols, in order.
    package var conformances: [String]
    /// The requirements, one per line, in order.
    package var requirements: [String]

    package init(access: SwiftAccess? = nil, name: String, conformances: [String] = [], requirements: [String] = []) {
        self.access = access
        self.name = name
        self.conformances = conformances
        self.requirements = requirements
    }
}

/// A stored or computed property.
package struct SwiftPropertyDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    package var access: SwiftAccess?
    /// Whether the property is `static`.
    package var isStatic: Bool
    /// `let` (true) or `var` (false); computed properties are always `var`.
    package var isConstant: Bool
    /// The property name, already escaped.
    package var name: String
    /// The declared type, or `nil` to let the initializer decide.
    package var type: String?
    /// The initial value expression of a stored property.
    package var initializer: String?
    /// The body of a read-only computed property (or the getter when there is a `setter`), or `nil` for a
    /// stored property.
    package var getter: [String]?
    /// The body of the setter of a computed property (`newValue` is the value), or `nil`.
    package var setter: [String]?
    /// The body of a stored property's `didSet` observer, or `nil`.
    package var didSet: [String]?

    package init(access: SwiftAccess? = nil, isStatic: Bool = false, isConstant: Bool = false, name: String,
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
package struct SwiftFunctionDeclaration: Hashable, Sendable {
    /// Whether this is a named function or an initializer.
    package enum Kind: Hashable, Sendable {
        /// A function with a name (already escaped).
        case function(name: String)
        /// `init` or `init?`.
        case initializer(isFailable: Bool)
    }

    /// The access level written, or `nil` for none.
    package var access: SwiftAccess?
    /// Whether the function is `static`.
    package var isStatic: Bool
    /// Whether the function is `mutating`.
    package var isMutating: Bool
    /// A function or an initializer.
    package var kind: Kind
    /// Generic parameter clauses without brackets.
    package var genericParameters: [String]
    /// The parameters, in order.
    package var parameters: [SwiftParameter]
    /// Whether the function is `async`.
    package var isAsync: Bool
    /// Whether the function `throws`.
    package var isThrowing: Bool
    /// The return type, or `nil` for `Void`.
    package var returnType: String?
    /// A `where` clause without the keyword, or `nil`.
    package var whereClause: String?
    /// The body, one entry per line, indented relative to the body.
    package var body: [String]

    package init(access: SwiftAccess? = nil, isStatic: Bool = false, isMutating: Bool = false, kind: Kind,
                genericParameters: [String] = [], parameters: [SwiftParameter] = [], isAsync: Bool = false,
                isThrowing: Bool = false, returnType: String? = nil, whereClause: String? = nil, body: [String]) {
        self.access = access
        self.isStatic = isStatic
        self.isMutating = isMutating
        self.kind = kind
        self.genericParameters = genericParameters
        self.parameters = parameters
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.returnType = returnType
        self.whereClause = whereClause
        self.body = body
    }
}

/// One parameter of a function or initializer.
package struct SwiftParameter: Hashable, Sendable {
    /// The argument label when it differs from the name (`_` for none); `nil` when the label is the name.
    package var label: String?
    /// The parameter name, already escaped.
    package var name: String
    /// The parameter type.
    package var type: String
    /// A default value expression, or `nil`.
    package var defaultValue: String?

    package init(label: String? = nil, name: String, type: String, defaultValue: String? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// One `case` of an enum.
package struct SwiftEnumCaseDeclaration: Hashable, Sendable {
    /// The case name, already escaped.
    package var name: String
    /// A raw value expression (`"happy"`), or `nil`.
    package var rawValue: String?
    /// Associated value types, e.g. `["String"]`.
    package var associatedValues: [String]

    package init(name: String, rawValue: String? = nil, associatedValues: [String] = []) {
        self.name = name
        self.rawValue = rawValue
        self.associatedValues = associatedValues
    }
}

/// A `typealias`.
package struct SwiftTypeAliasDeclaration: Hashable, Sendable {
    /// The access level written, or `nil` for none.
    package var access: SwiftAccess?
    /// The alias name.
    package var name: String
    /// The type it stands for.
    package var existingType: String

    package init(access: SwiftAccess? = nil, name: String, existingType: String) {
        self.access = access
        self.name = name
        self.existingType = existingType
    }
}

/// A comment placed before a declaration.
package enum SwiftComment: Hashable, Sendable {
    /// A documentation comment; each line gets `/// `.
    case doc([String])
    /// A plain comment; each line gets `// `.
    case line([String])
    /// `// MARK: - title`.
    case mark(String)
}
