import CKSchemaCore

/// The operations of a `records/modify` request body, `{"operations": [{"operationType": "create",
/// "record": {…}}]}`: the natural seed-data format. Each operation's type is checked and its record is
/// checked as any record (docs/cloudkit-facts.md §6.1).
extension RecordChecker {
    /// What one operation dictionary has given so far.
    private struct OperationState {
        var seen = KeySet<OperationKey>()
        var operation: OperationType?
        /// Where a `record` written before `operationType` starts; it is checked after the loop.
        var deferredRecord: Int?
        var sawOperationType = false
    }

    /// Reads one operation dictionary. Its `record` is checked once the operation's type is known (a delete
    /// needs no record type), so a `record` written before `operationType` is read after the loop.
    mutating func checkOperationObject() throws(SyntaxError) {
        let start = json.position
        json.position += 1
        var state = OperationState()
        var hasMembers = try json.objectHasMembers()
        if hasMembers { hasMembers = try readUsualOperationStart(&state) }
        while hasMembers {
            try checkOperationMember(&state)
            hasMembers = try json.nextMember()
        }
        if !state.sawOperationType {
            report(.recordOperationInvalid, "operation has no 'operationType' (\(OperationType.allNames))", at: start,
                   .operationKey(nil))
        }
        if let deferredRecord = state.deferredRecord {
            let resume = json.position
            json.position = deferredRecord
            try checkRecordObject(needsRecordType: state.operation?.needsRecordType ?? true)
            json.position = resume
        } else if !state.seen.contains(.record) {
            report(.recordOperationInvalid, "operation has no 'record'", at: start, .operationKey(nil))
        }
    }

    /// The usual operation, `{"operationType": "create", "record": {…}}` (compact or spaced), read by
    /// comparing its keys and its type with their bytes instead of scanning and matching them. At the first
    /// byte that differs the cursor is where the general loop would be, so it goes on from there and the
    /// findings are the same. Returns whether members are left for that loop.
    private mutating func readUsualOperationStart(_ state: inout OperationState) throws(SyntaxError) -> Bool {
        if learnedOperationStart.matches(json.base, at: json.position, end: json.end) {
            // The wrapper as an operation before this one had it, through its record's `{` (learned with
            // it: a `record` that is not an object is the general loop's to report): read the same way.
            json.position += learnedOperationStart.count - 1
            _ = state.seen.insert(.operationType)
            state.sawOperationType = true
            state.operation = .create
        } else {
            let start = json.position
            guard json.skipKnownKey("\"operationType\"") else { return true }
            _ = state.seen.insert(.operationType)
            state.sawOperationType = true
            let isCreate = json.skipBytes("\"create\"")
            state.operation = isCreate ? .create : try readOperationType()
            guard try json.nextMember() else { return false }
            let keyStart = json.position
            guard json.skipKnownKey("\"record\"") else { return true }
            guard json.peek == Byte.openBrace else {
                json.position = keyStart
                return true
            }
            if isCreate { learnedOperationStart.learn(json.base, from: start, to: json.position + 1) }
        }
        _ = state.seen.insert(.record)
        try checkRecordObject(needsRecordType: state.operation?.needsRecordType ?? true)
        return try json.nextMember()
    }

    /// Reads one member of an operation dictionary, any key in any order.
    private mutating func checkOperationMember(_ state: inout OperationState) throws(SyntaxError) {
        guard let member = try knownMember(&state.seen, of: "records/modify operation", depth: 0,
                                           place: { .operationKey($0) }) else { return }
        switch member {
        case .operationType:
            state.sawOperationType = true
            state.operation = try readOperationType()
        case .record:
            guard json.peek == Byte.openBrace else {
                report(.recordOperationInvalid, "an operation's 'record' must be an object, found \(describeNext())",
                       at: json.position, .operationKey("record"))
                try json.skipValue(depth: 1, limit: maximumDepth, stack: containerStack)
                return
            }
            if state.sawOperationType {
                try checkRecordObject(needsRecordType: state.operation?.needsRecordType ?? true)
            } else {
                state.deferredRecord = json.position
                try skipValueToReadLater()
            }
        case .desiredKeys:
            try json.skipValue(depth: 1, limit: maximumDepth, stack: containerStack)
        }
    }

    /// Reads `operationType`'s value; returns it when it is one CloudKit defines, else reports it.
    private mutating func readOperationType() throws(SyntaxError) -> OperationType? {
        let offset = json.position
        guard let token = try stringMember("operationType", depth: 1, place: .operationKey("operationType"))
        else { return nil }
        if let operation = OperationType(token, in: json.base) { return operation }
        let text = decodedString(token)
        let names = OperationType.allCases.map(\.rawValue)
        report(.recordOperationInvalid,
               "'\(text)' is not an operation type (\(OperationType.allNames))"
                   + Spelling.didYouMean(Spelling.closest(text, among: names)),
               at: offset, .operationKey("operationType"))
        return nil
    }

    /// The pointer to operation `index`, or to its member `key`.
    static func operationPointer(_ index: Int, _ key: String?) -> String {
        "/operations/\(index)" + (key.map { "/" + escapePointerToken($0) } ?? "")
    }
}

/// The keys of an operation dictionary.
enum OperationKey: UInt8, DictionaryKey {
    case operationType, record, desiredKeys

    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> OperationKey? {
        if spells(bytes, count, "operationType") { return .operationType }
        if spells(bytes, count, "record") { return .record }
        if spells(bytes, count, "desiredKeys") { return .desiredKeys }
        return nil
    }

    var name: StaticString {
        switch self {
        case .operationType: "operationType"
        case .record: "record"
        case .desiredKeys: "desiredKeys"
        }
    }
}

/// The operation types of `records/modify`.
enum OperationType: String, CaseIterable {
    case create, update, forceUpdate, replace, forceReplace, delete, forceDelete

    /// Reads the type spelled by `token`, comparing bytes (nothing is allocated for a plain name).
    init?(_ token: StringToken, in base: UnsafePointer<UInt8>) {
        guard !token.hasEscapes else {
            guard let type = OperationType(rawValue: String(decoding: JSONStrings.decode(token, in: base), as: UTF8.self))
            else { return nil }
            self = type
            return
        }
        let bytes = base + token.start
        var candidate: OperationType? = .create
        while let type = candidate {
            if spells(bytes, token.count, type.name) {
                self = type
                return
            }
            candidate = type.next
        }
        return nil
    }

    /// The case after this one (a walk over the cases without touching the shared `allCases` array).
    private var next: OperationType? {
        switch self {
        case .create: .update
        case .update: .forceUpdate
        case .forceUpdate: .replace
        case .replace: .forceReplace
        case .forceReplace: .delete
        case .delete: .forceDelete
        case .forceDelete: nil
        }
    }

    /// The name as written in JSON.
    var name: StaticString {
        switch self {
        case .create: "create"
        case .update: "update"
        case .forceUpdate: "forceUpdate"
        case .replace: "replace"
        case .forceReplace: "forceReplace"
        case .delete: "delete"
        case .forceDelete: "forceDelete"
        }
    }

    /// A delete names the record to delete; it carries no type or fields.
    var needsRecordType: Bool {
        self != .delete && self != .forceDelete
    }

    /// `create, update, …` for messages.
    static var allNames: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
