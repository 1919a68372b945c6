import CKSchemaCore
import CKSchemaRules

/// Name resolution for the code check: what the module declares comes from its `DeclarationIndex` (through
/// `CodeDeclarations`), what its code does from the merged flow facts (`SymbolTable`). Built once; lookups
/// are dictionary reads.
struct SymbolResolver: Sendable {
    /// The flow facts, with each protocol extension's record-type evidence given to its conforming types.
    private(set) var table: SymbolTable
    /// What the module declares.
    let declarations: CodeDeclarations
    /// Qualified name → string value: the module's constants, CloudKit's own, and the constants defined
    /// through others or as a conforming type's name.
    private var constants: [String: String]
    /// Last component → qualified names ending in it, for references that omit outer scopes.
    private var bySuffix: [String: [String]] = [:]
    /// Swift type → the one record type its conversion code names, when it names exactly one.
    private(set) var conversions: [String: String] = [:]

    /// CloudKit's own key constants.
    static let builtIn: [String: String] = [
        "CKShare.SystemFieldKey.title": "cloudkit.title",
        "CKShare.SystemFieldKey.thumbnailImageData": "cloudkit.thumbnailImageData",
        "CKShare.SystemFieldKey.shareType": "cloudkit.type",
        "CKRecord.SystemType.share": "cloudkit.share",
        "CKRecord.SystemType.userRecord": "Users",
        "CKRecordTypeShare": "cloudkit.share",
        "CKRecordTypeUserRecord": "Users",
    ]

    init(_ table: SymbolTable, declarations index: DeclarationIndex) {
        let declarations = CodeDeclarations(index)
        self.declarations = declarations
        var constants = declarations.constants.merging(Self.builtIn) { first, _ in first }
        // `String(describing: Self.self)` in a protocol extension: each conforming type's own name.
        for constant in declarations.typeNameConstants.sorted() {
            let parts = constant.split(separator: ".").map(String.init)
            guard parts.count >= 2 else { continue }
            let owner = parts.dropLast().joined(separator: "."), member = parts[parts.count - 1]
            for conformer in declarations.concreteConformers(of: owner) where constants["\(conformer).\(member)"] == nil {
                constants["\(conformer).\(member)"] = conformer.split(separator: ".").last.map(String.init)
            }
        }
        // A protocol extension's record-type evidence is each conforming type's.
        var merged = table
        for (proto, evidence) in merged.recordTypeEvidence where declarations.isProtocol(proto) {
            for conformer in declarations.concreteConformers(of: proto) {
                merged.recordTypeEvidence[conformer, default: []] += evidence.map {
                    ScopeSubstitution(protocol: proto, type: conformer).apply($0)
                }
            }
        }
        self.table = merged
        self.constants = constants
        self.bySuffix = Self.suffixes(constants)
        // Constants defined through other constants, up to a few levels deep.
        for _ in 0..<4 where !declarations.aliases.isEmpty {
            var added = false
            for (name, target) in declarations.aliases.sorted(by: { $0.key < $1.key }) where constants[name] == nil {
                if let value = resolve(target) {
                    constants[name] = value
                    added = true
                }
            }
            guard added else { break }
            self.constants = constants
            self.bySuffix = Self.suffixes(constants)
        }
        for (type, evidence) in merged.recordTypeEvidence {
            let names = Set(evidence.compactMap(resolve))
            if names.count == 1, let only = names.first { conversions[type] = only }
        }
    }

    private static func suffixes(_ constants: [String: String]) -> [String: [String]] {
        var bySuffix: [String: [String]] = [:]
        for name in constants.keys {
            let last = name.split(separator: ".").last.map(String.init) ?? name
            bySuffix[last, default: []].append(name)
        }
        return bySuffix
    }

    /// The string a symbolic key stands for, or `nil` when it cannot be known.
    func resolve(_ key: SymbolicKey) -> String? {
        switch key {
        case .literal(let text):
            return text
        case .dynamic, .unknowable, .parameter:
            return nil
        case .implicitMember(let name):
            if let value = constants["CKRecord.FieldKey.\(name)"] { return value }
            return unique(declarations.subscriptKeyEnums.compactMap { resolve(.path([$0, name], scopes: [])) })
        case .path(let components, let scopes):
            var path = components
            if path.last == "rawValue" || path.last == "stringValue" { path.removeLast() }
            guard !path.isEmpty else { return nil }
            let joined = path.joined(separator: ".")
            for scope in scopes {
                if let value = constants["\(scope).\(joined)"] { return value }
            }
            if let value = constants[joined] { return value }
            // `EntryField.title` written inside an unrelated type: the unique constant ending in that chain.
            let candidates = (bySuffix[path[path.count - 1]] ?? []).filter { $0.hasSuffix("." + joined) }
            return unique(candidates.compactMap { constants[$0] })
        }
    }

    /// The record type `ref` names, or `nil`.
    func resolve(_ ref: RecordTypeRef) -> String? {
        switch ref {
        case .named(let key): resolve(key)
        case .ofSwiftType(let type): conversions[type]
        case .unknown: nil
        case .parameter(_, _, let fallback), .returned(_, let fallback), .delivered(_, _, _, let fallback): resolve(fallback)
        case .either(let first, let second): resolve(first) ?? resolve(second)
        case .agreeing(let first, let second): resolve(first).flatMap { $0 == resolve(second) ? $0 : nil }
        }
    }

    /// The value type `value` stands for, or `nil` when the code does not state it.
    func resolve(_ value: SymbolicValue) -> CodeValueType? {
        switch value {
        case .known(let type):
            return type
        case .parameter:
            return nil
        case .swiftType(let text):
            return SwiftTypeNames.valueType(text)
        case .member(let type, let path):
            var current = SwiftTypeNames.strippingOptional(type)
            for (index, name) in path.enumerated() {
                if name == "rawValue", declarations.isStringEnum(current) { return index == path.count - 1 ? .string : nil }
                guard let declared = declarations.propertyType(name, of: current) else { return nil }
                if index == path.count - 1 { return SwiftTypeNames.valueType(declared) }
                current = SwiftTypeNames.strippingOptional(declared)
            }
            return nil
        }
    }

    /// Whether `property` of Swift type `type` is declared as a CKRecord.
    func isRecordProperty(_ property: String, of type: String) -> Bool {
        declarations.propertyType(property, of: type).map(SwiftTypeNames.isRecord) ?? false
    }

    private func unique(_ values: [String]) -> String? {
        let distinct = Set(values)
        return distinct.count == 1 ? distinct.first : nil
    }
}
