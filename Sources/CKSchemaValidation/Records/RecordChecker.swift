import CKSchemaCore

/// Validates records one at a time, straight from their bytes: a schema-directed reader that checks each
/// value against its field while it scans, keeping no document tree.
///
/// One checker serves one worker thread; its scratch memory is reused from record to record, so the hot
/// path allocates nothing unless it has something to report.
struct RecordChecker {
    let schema: CompiledSchema
    let format: ValidationOptions.RecordFormat
    /// Whether payloads are cktool `--fields-json` (stored: matching `format` would copy its string).
    let isCKTool: Bool
    /// Whether to remember each record's name and type for the reference-target check (only when some
    /// field declares a target: then memory grows with the number of records).
    var rememberRecordNames: Bool
    /// The schema's record types as plain values (see `HotRecordType`).
    let hotTypes: UnsafePointer<HotRecordType>
    /// Record type names; their memory is kept alive by `schema`.
    let typeTable: ByteKeyLookup
    /// The `type` tag names of the format; kept alive by `schema`.
    let tagTable: ByteKeyLookup
    /// Severity of unknown types and fields (error in production, warning in development).
    let unknownNameSeverity: Severity
    let maximumDepth: Int
    /// The cktool payloads' record type, resolved (`nil` when the schema lacks it).
    let cktoolType: Int?
    let file: String
    let pointerStyle: RecordPointerStyle
    let output: CheckOutput
    /// Open-container flags for `JSONScanner.skipValue`, `maximumDepth` long.
    let containerStack: UnsafeMutablePointer<Bool>
    /// One bit per field of the current record type: whether the record gave it.
    let seenFields: UnsafeMutablePointer<UInt64>
    let seenFieldWords: Int
    /// See `CheckerScratch.fieldGuesses`.
    let fieldGuesses: UnsafeMutablePointer<Int32>
    /// A record's usual bytes from the end of its name to its fields, once read (`readUsualRecordStart`),
    /// and the record type they name.
    var learnedTypeAndFields: LearnedRun
    var learnedType = 0
    /// An operation's usual bytes up to its record, once read (`readUsualOperationStart`).
    var learnedOperationStart: LearnedRun

    var recordCount = 0
    var invalidRecordCount = 0

    // MARK: Per-record state

    var json: JSONScanner
    var unit: RecordUnit
    var positions: PositionTracker
    /// The record type's index, once known.
    var typeIndex: Int?
    var recordName: StringToken?
    /// The record's zone name (`zoneID.zoneName`), when given.
    var zoneName: StringToken?
    var isDeleted = false
    /// Estimated non-asset bytes (docs/cloudkit-facts.md §5).
    var dataBytes = 0
    var deleteSelfReferences = 0
    /// Offsets and tokens of reference zone names, compared with the record's zone at the end.
    var referenceZones: [(offset: Int, zone: StringToken, pointer: String)] = []
    /// Where the values of fields in a migration are, compared at the end (`checkMigrations`).
    var migrationValues: [(field: Int, start: Int, end: Int)] = []
    /// Where this record's findings start in `output.findings`, or -1 before the first (set lazily: reading
    /// the shared output's counts for every record would cost an exclusivity check each).
    var firstFinding = -1
    /// Where this record's pending references start in `output.pendingReferences`, or -1.
    var firstPending = -1
    var hasError = false
    /// Whether the record has any finding, kept or only counted (a record checked before its index and
    /// position are known is checked again when it has).
    var hasFindings = false

    // MARK: Current place, for JSON pointers

    /// The key of the field being checked.
    var fieldKey: StringToken?
    /// The list element being checked, or -1.
    var listIndex = -1
    /// The index of the field being checked in its record type, or -1.
    var currentFieldIndex = -1
    /// Whether a syntax error stopped reading the record (record-wide checks are then skipped).
    var stoppedEarly = false

    init(schema: CompiledSchema, options: ValidationOptions, file: String, pointerStyle: RecordPointerStyle,
         output: CheckOutput, scratch: CheckerScratch, buffer: UnsafePointer<UInt8>) {
        self.schema = schema
        self.format = options.format
        isCKTool = options.isCKTool
        rememberRecordNames = schema.hasReferenceTargets
        hotTypes = UnsafePointer(schema.hotTypes)
        typeTable = schema.typeTable.lookup
        tagTable = options.isCKTool ? schema.cktoolTags.lookup : schema.webServicesTags.lookup
        unknownNameSeverity = options.environment == .production ? .error : .warning
        maximumDepth = options.maximumDepth
        if case .cktoolFields(let recordType) = options.format {
            cktoolType = schema.typeTable.value(for: Array(recordType.utf8))
        } else {
            cktoolType = nil
        }
        self.file = file
        self.pointerStyle = pointerStyle
        self.output = output
        containerStack = scratch.containerStack
        seenFields = scratch.seenFields
        seenFieldWords = scratch.seenFieldWords
        fieldGuesses = scratch.fieldGuesses
        learnedTypeAndFields = LearnedRun(storage: scratch.learnedRuns)
        learnedOperationStart = LearnedRun(storage: scratch.learnedRuns + LearnedRun.capacity)
        let empty = RecordUnit(start: 0, end: 0, index: 0, line: 1, column: 1)
        json = JSONScanner(base: buffer, start: 0, end: 0)
        unit = empty
        positions = PositionTracker(base: buffer, unit: empty)
    }

    // MARK: - One record

    /// Validates the record `unit` of `buffer`, appending findings and counts to `output`.
    mutating func check(_ unit: RecordUnit, in buffer: UnsafePointer<UInt8>) {
        beginRecord(unit, in: buffer)
        if unit.oversizedLength > 0 {
            report(.recordTooLarge,
                   "record's JSON text is \(unit.oversizedLength) bytes, far above CloudKit's 1 MB limit; it was not checked further",
                   at: unit.start, .record)
            stoppedEarly = true
            finishRecord()
            return
        }
        do throws(SyntaxError) {
            json.skipWhitespace()
            if json.peek == Byte.openBrace {
                try checkTopLevelObject()
            } else {
                let kind = json.nextValueKind
                report(.recordInvalidStructure,
                       "a record must be a JSON object, found \(kind?.described ?? "no JSON value")",
                       at: json.position, .record)
                if kind == nil { throw SyntaxError(.unexpected(.value), at: json.position) }
                try json.skipValue(depth: 0, limit: maximumDepth, stack: containerStack)
            }
            json.skipWhitespace()
            if !json.isAtEnd { throw SyntaxError(.trailingContent, at: json.position) }
        } catch {
            reportSyntax(error)
        }
        finishRecord()
    }

    /// Reads the object under the cursor as what this input's records are: a cktool payload, a
    /// `records/modify` operation or a Web Services record.
    mutating func checkTopLevelObject() throws(SyntaxError) {
        if isCKTool {
            try checkPayloadObject()
        } else if pointerStyle == .operationRecord {
            try checkOperationObject()
        } else {
            try checkRecordObject()
        }
    }

    mutating func beginRecord(_ unit: RecordUnit, in buffer: UnsafePointer<UInt8>) {
        self.unit = unit
        json = JSONScanner(base: buffer, start: unit.start, end: unit.end)
        positions = PositionTracker(base: buffer, unit: unit)
        typeIndex = cktoolType
        recordName = nil
        zoneName = nil
        isDeleted = false
        dataBytes = 0
        deleteSelfReferences = 0
        // Rarely any: an empty array skips the uniqueness check `removeAll` makes.
        if !referenceZones.isEmpty { referenceZones.removeAll(keepingCapacity: true) }
        if !migrationValues.isEmpty { migrationValues.removeAll(keepingCapacity: true) }
        firstFinding = -1
        firstPending = -1
        hasError = false
        hasFindings = false
        fieldKey = nil
        listIndex = -1
        currentFieldIndex = -1
        stoppedEarly = false
        for word in 0..<(2 * seenFieldWords) { seenFields[word] = 0 }
    }

    // MARK: - Web Services record dictionary

    /// What one record dictionary has given so far.
    private struct RecordState {
        var seen = RecordKey.Set()
        /// Where `fields` starts when it came before the record type; it is checked after the loop.
        var deferredFields: Int?
        var sawRecordType = false
    }

    /// Reads `{"recordName", "recordType", "fields", …}`. `fields` is checked in place when the type is
    /// already known, else remembered and checked once the whole dictionary has been read. A record that
    /// only names what to delete (`needsRecordType` false) may leave out its type.
    mutating func checkRecordObject(needsRecordType: Bool = true) throws(SyntaxError) {
        let recordStart = json.position
        json.position += 1
        var state = RecordState()
        var hasMembers = try json.objectHasMembers()
        if hasMembers { hasMembers = try readUsualRecordStart(&state) }
        while hasMembers {
            try checkRecordMember(&state)
            hasMembers = try json.nextMember()
        }
        if !state.sawRecordType, needsRecordType {
            report(.recordMissingRecordType, "record has no 'recordType'", at: recordStart, .record)
        }
        if let deferredFields = state.deferredFields, typeIndex != nil {
            let resume = json.position
            json.position = deferredFields
            try checkFields(depth: 1)
            json.position = resume
        }
    }

    /// The usual record's first keys, `"recordName":…,"recordType":…,"fields":` (compact or spaced), read
    /// by comparing their bytes instead of scanning and matching them. At the first byte that differs the
    /// cursor is where the general loop would be, so it goes on from there and the findings are the same.
    /// Returns whether members are left for that loop.
    private mutating func readUsualRecordStart(_ state: inout RecordState) throws(SyntaxError) -> Bool {
        guard json.skipKnownKey("\"recordName\"") else { return true }
        _ = state.seen.insert(.recordName)
        try readRecordName()
        if learnedTypeAndFields.matches(json.base, at: json.position, end: json.end) {
            // `,"recordType":"Note","fields":` as a record before this one had it: read the same way. The run
            // ends where the whitespace after the colon ended; this record may have more.
            json.position += learnedTypeAndFields.count
            json.skipWhitespace()
            _ = state.seen.insert(.recordType)
            state.sawRecordType = true
            typeIndex = learnedType
        } else {
            let afterName = json.position
            guard try json.nextMember() else { return false }
            guard json.skipKnownKey("\"recordType\"") else { return true }
            _ = state.seen.insert(.recordType)
            state.sawRecordType = true
            let isPlainKnownType = try readRecordType()
            guard try json.nextMember() else { return false }
            guard json.skipKnownKey("\"fields\"") else { return true }
            if isPlainKnownType, let typeIndex {
                learnedTypeAndFields.learn(json.base, from: afterName, to: json.position)
                learnedType = typeIndex
            }
        }
        _ = state.seen.insert(.fields)
        try checkFields(depth: 1)
        return try json.nextMember()
    }

    /// Reads one member of a record dictionary, any key in any order.
    private mutating func checkRecordMember(_ state: inout RecordState) throws(SyntaxError) {
        let key = try json.scanKey()
        let recordKey = RecordKey(key, in: json.base)
        if let recordKey, state.seen.insert(recordKey) {
            reportDuplicateKey(key, place: .recordKey(recordKey.text))
        }
        switch recordKey {
        case .fields:
            if typeIndex != nil || state.sawRecordType {
                try checkFields(depth: 1)
            } else {
                state.deferredFields = json.position
                try skipValueToReadLater()
            }
        case .recordType:
            state.sawRecordType = true
            try readRecordType()
        case .recordName:
            try readRecordName()
        case .zoneID:
            zoneName = try checkZoneID(depth: 1, place: .recordKey("zoneID"))
        case .deleted:
            if json.peek == UInt8(ascii: "t") { isDeleted = true }
            try json.skipValue(depth: 1, limit: maximumDepth, stack: containerStack)
        case .some:
            try json.skipValue(depth: 1, limit: maximumDepth, stack: containerStack)
        case nil:
            reportUnknownKey(key, of: "record dictionary", known: RecordKey.allNames,
                             place: .recordKey(decodedString(key)))
            try json.skipValue(depth: 1, limit: maximumDepth, stack: containerStack)
        }
    }

    /// Skips a value that is read again once what it depends on is known (a record before its operation's
    /// type, fields before the record type). Lone surrogates met in the skip are dropped: the second reading
    /// reports them, once.
    mutating func skipValueToReadLater() throws(SyntaxError) {
        let surrogates = json.loneSurrogates.count
        try json.skipValue(depth: 1, limit: maximumDepth, stack: containerStack)
        if json.loneSurrogates.count > surrogates { json.loneSurrogates.removeSubrange(surrogates...) }
    }

    /// Reads `recordType`'s value; returns whether it was a type of the schema spelled without escapes (read
    /// without a finding or a lone surrogate, so that its bytes can be learned).
    @discardableResult
    private mutating func readRecordType() throws(SyntaxError) -> Bool {
        let offset = json.position
        guard let token = try stringMember("recordType", depth: 1, place: .recordKey("recordType")) else { return false }
        if let index = lookUp(token, in: typeTable) {
            typeIndex = index
            return !token.hasEscapes
        } else {
            let name = decodedString(token)
            let suggestion = Spelling.closest(name, among: schema.types.map(\.name))
            report(.recordUnknownType, "record type '\(name)' is not in the schema" + Spelling.didYouMean(suggestion), at: offset,
                   .recordKey("recordType"), severity: unknownNameSeverity, subject: .recordType(name))
            return false
        }
    }

    private mutating func readRecordName() throws(SyntaxError) {
        let offset = json.position
        guard let token = try stringMember("recordName", depth: 1, place: .recordKey("recordName")) else { return }
        recordName = token
        if token.hasEscapes || !NameRules.isPlainValidRecordName(json.base + token.start, token.count),
            let problem = NameRules.recordNameProblem(decodedBytes(token)) {
            report(.recordNameInvalid, "record name \(problem)", at: offset, .recordKey("recordName"))
        }
    }

    // MARK: - cktool payload

    /// Reads `{"field": {"type": "stringType", "value": …}, …}` against the `--record-type` type.
    private mutating func checkPayloadObject() throws(SyntaxError) {
        guard let typeIndex else {
            let name = if case .cktoolFields(let recordType) = format { recordType } else { "" }
            report(.recordUnknownType, "record type '\(name)' is not in the schema", at: json.position, .record,
                   severity: unknownNameSeverity, subject: .recordType(name))
            try json.skipValue(depth: 0, limit: maximumDepth, stack: containerStack)
            return
        }
        try checkFieldMembers(of: typeIndex, depth: 0)
    }

    // MARK: - End of record

    mutating func finishRecord() {
        if !json.loneSurrogates.isEmpty { reportLoneSurrogates() }
        if !stoppedEarly { checkRecordLimits() }
        if firstFinding >= 0 || firstPending >= 0 { completeFindings() }
        if let typeIndex, rememberRecordNames, let recordName {
            output.knownRecords.append(KnownRecord(name: decodedString(recordName), type: typeIndex))
        }
        recordCount += 1
        if hasError { invalidRecordCount += 1 }
    }

    /// Names the record in its findings (its `recordName` may come after them) and marks its pending
    /// references when the record is invalid anyway.
    @inline(never)
    private mutating func completeFindings() {
        let name = recordName.map(decodedString)
        if firstFinding >= 0, let name {
            for index in firstFinding..<output.findings.count {
                output.findings[index].record?.recordName = name
            }
        }
        if firstPending >= 0 {
            for index in firstPending..<output.pendingReferences.count {
                if let name { output.pendingReferences[index].finding.record?.recordName = name }
                output.pendingReferences[index].recordHasOtherErrors = hasError
            }
        }
    }

    /// Adds this checker's counts to `output` (kept local until then: shared counters would bounce a
    /// cache line between the worker threads on every record).
    mutating func flushCounts() {
        output.recordCount += recordCount
        output.invalidRecordCount += invalidRecordCount
        recordCount = 0
        invalidRecordCount = 0
    }
}
