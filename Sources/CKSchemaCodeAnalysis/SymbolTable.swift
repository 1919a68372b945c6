import CKSchemaCore
import CKSchemaRules

/// What the scanned module declares that keys and record types can be spelled with: string constants,
/// enum cases with raw values, `CKRecord.FieldKey` extensions, subscript helpers, the declared types of
/// stored properties, and which record types each Swift type's conversion code names.
///
/// Each file fills one table; the tables are merged before any name is resolved, so a constant may be
/// declared in any file and any nesting.
struct SymbolTable: Sendable {
    /// Qualified name (`CloudKitConfig.EntryField.title`, `EntryKey.title` for an enum case) → string value.
    var constants: [String: String] = [:]
    /// Enums with a String raw type (qualified name), whose cases name keys.
    var stringEnums: Set<String> = []
    /// Enum types that a `CKRecord` subscript helper takes (`subscript(key: EntryKey)`): `.title` in
    /// `record[.title]` is their case.
    var subscriptKeyEnums: Set<String> = []
    /// Swift type (qualified) → stored property → declared type text.
    var properties: [String: [String: String]] = [:]
    /// Swift type (qualified) → methods returning a CKRecord.
    var recordMethods: [String: Set<String>] = [:]
    /// Swift type (qualified) → the record types its code checks for or creates.
    var recordTypeEvidence: [String: [SymbolicKey]] = [:]
    /// Constants defined as another constant (`static let recordType = Keys.note`), resolved once all are known.
    var aliases: [String: SymbolicKey] = [:]
    /// Constants whose value is the name of the type they are read through
    /// (`static var recordType: String { String(describing: Self.self) }` in a protocol extension).
    var typeNameConstants: Set<String> = []
    /// Protocols declared in the scanned code (qualified).
    var protocols: Set<String> = []
    /// Protocol or type name as written in inheritance clauses → the types (qualified) that list it.
    var conformances: [String: Set<String>] = [:]
    /// Functions by base name.
    var functions: [String: [FunctionInfo]] = [:]
    /// Calls by identifier.
    var calls: [String: CallSite] = [:]
    /// Function → the records its `return` statements give.
    var returns: [String: [RecordTypeRef]] = [:]
    /// `function#parameter#position` → the record arrays the function passes to its closure parameter.
    var deliveries: [String: [RecordTypeRef]] = [:]

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

    /// Adds `other`'s declarations.
    mutating func merge(_ other: SymbolTable) {
        constants.merge(other.constants) { first, _ in first }
        stringEnums.formUnion(other.stringEnums)
        subscriptKeyEnums.formUnion(other.subscriptKeyEnums)
        properties.merge(other.properties) { $0.merging($1) { first, _ in first } }
        recordMethods.merge(other.recordMethods) { $0.union($1) }
        recordTypeEvidence.merge(other.recordTypeEvidence) { $0 + $1 }
        aliases.merge(other.aliases) { first, _ in first }
        typeNameConstants.formUnion(other.typeNameConstants)
        protocols.formUnion(other.protocols)
        conformances.merge(other.conformances) { $0.union($1) }
        functions.merge(other.functions) { $0 + $1 }
        calls.merge(other.calls) { first, _ in first }
        returns.merge(other.returns) { $0 + $1 }
        deliveries.merge(other.deliveries) { $0 + $1 }
    }

    /// Whether `type` (as written) lists `proto` among what it conforms to, directly or through protocols
    /// that inherit it.
    func conforms(_ type: String, to proto: String) -> Bool {
        let simple = proto.split(separator: ".").last.map(String.init) ?? proto
        var pending = [simple]
        var seen: Set<String> = []
        while let next = pending.popLast(), seen.insert(next).inserted, seen.count < 64 {
            for conformer in conformances[next] ?? [] {
                if conformer == type || conformer.hasSuffix("." + type) || type.hasSuffix("." + conformer) { return true }
                pending.append(conformer.split(separator: ".").last.map(String.init) ?? conformer)
            }
        }
        return false
    }

    /// Whether `name` (simple or qualified) is a protocol of the scanned code.
    func isProtocol(_ name: String) -> Bool {
        protocols.contains(name) || protocols.contains { $0.hasSuffix("." + name) }
    }

    /// The concrete (non-protocol) types conforming to protocol `name`, directly or through other protocols.
    func concreteConformers(of name: String) -> [String] {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        var pending = [simple]
        var seen: Set<String> = []
        var result: Set<String> = []
        while let next = pending.popLast(), seen.insert(next).inserted, seen.count < 64 {
            for conformer in conformances[next] ?? [] {
                if isProtocol(conformer) {
                    pending.append(conformer.split(separator: ".").last.map(String.init) ?? conformer)
                } else {
                    result.insert(conformer)
                }
            }
        }
        return result.sorted()
    }
}

/// Name resolution over a merged table. Built once; lookups are dictionary reads.
struct SymbolResolver: Sendable {
    private(set) var table: SymbolTable
    /// Last component → qualified names ending in it, for references that omit outer scopes.
    private var bySuffix: [String: [String]] = [:]
    /// Swift type → the one record type its conversion code names, when it names exactly one.
    private(set) var conversions: [String: String] = [:]

    init(_ table: SymbolTable) {
        var merged = table
        merged.constants.merge(SymbolTable.builtIn) { first, _ in first }
        // `String(describing: Self.self)` in a protocol extension: each conforming type's own name.
        for constant in merged.typeNameConstants.sorted() {
            let parts = constant.split(separator: ".").map(String.init)
            guard parts.count >= 2 else { continue }
            let owner = parts.dropLast().joined(separator: "."), member = parts[parts.count - 1]
            guard merged.isProtocol(owner) else {
                if merged.constants[constant] == nil { merged.constants[constant] = parts[parts.count - 2] }
                continue
            }
            for conformer in merged.concreteConformers(of: owner) where merged.constants["\(conformer).\(member)"] == nil {
                merged.constants["\(conformer).\(member)"] = conformer.split(separator: ".").last.map(String.init)
            }
        }
        // A protocol extension's record-type evidence is each conforming type's.
        for (proto, evidence) in merged.recordTypeEvidence where merged.isProtocol(proto) {
            for conformer in merged.concreteConformers(of: proto) {
                merged.recordTypeEvidence[conformer, default: []] += evidence.map {
                    ScopeSubstitution(protocol: proto, type: conformer).apply($0)
                }
            }
        }
        self.table = merged
        self.bySuffix = Self.suffixes(merged.constants)
        // Constants defined through other constants, up to a few levels deep.
        for _ in 0..<4 where !merged.aliases.isEmpty {
            var added = false
            for (name, target) in merged.aliases.sorted(by: { $0.key < $1.key }) where merged.constants[name] == nil {
                if let value = resolve(target) {
                    merged.constants[name] = value
                    added = true
                }
            }
            guard added else { break }
            self.table = merged
            self.bySuffix = Self.suffixes(merged.constants)
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
            if let value = table.constants["CKRecord.FieldKey.\(name)"] { return value }
            return unique(table.subscriptKeyEnums.compactMap { resolve(.path([$0, name], scopes: [])) })
        case .path(let components, let scopes):
            var path = components
            if path.last == "rawValue" || path.last == "stringValue" { path.removeLast() }
            guard !path.isEmpty else { return nil }
            let joined = path.joined(separator: ".")
            for scope in scopes {
                if let value = table.constants["\(scope).\(joined)"] { return value }
            }
            if let value = table.constants[joined] { return value }
            // `EntryField.title` written inside an unrelated type: the unique constant ending in that chain.
            let candidates = (bySuffix[path[path.count - 1]] ?? []).filter { $0.hasSuffix("." + joined) }
            return unique(candidates.compactMap { table.constants[$0] })
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
            var current = bareTypeName(type)
            for (index, name) in path.enumerated() {
                if name == "rawValue", isStringEnum(current) { return index == path.count - 1 ? .string : nil }
                guard let declared = property(name, of: current) else { return nil }
                if index == path.count - 1 { return SwiftTypeNames.valueType(declared) }
                current = bareTypeName(declared)
            }
            return nil
        }
    }

    /// Whether `property` of Swift type `type` is declared as a CKRecord.
    func isRecordProperty(_ property: String, of type: String) -> Bool {
        self.property(property, of: type).map(SwiftTypeNames.isRecord) ?? false
    }

    private func property(_ name: String, of type: String) -> String? {
        if let declared = table.properties[type]?[name] { return declared }
        // Nested types are recorded qualified; a reference may use the short name.
        let matches = table.properties.filter { $0.key.hasSuffix("." + type) }.compactMap { $0.value[name] }
        return matches.count == 1 ? matches[0] : nil
    }

    private func isStringEnum(_ type: String) -> Bool {
        table.stringEnums.contains(type) || table.stringEnums.contains { $0.hasSuffix("." + type) }
    }

    private func bareTypeName(_ text: String) -> String {
        SwiftTypeNames.strippingOptional(text)
    }

    private func unique(_ values: [String]) -> String? {
        let distinct = Set(values)
        return distinct.count == 1 ? distinct.first : nil
    }
}
