import CKSchemaCore

/// What one worker produced for its share of a block: findings in input order, counts, and what the
/// reference-target check needs after the whole run.
final class CheckOutput: @unchecked Sendable {
    // @unchecked: each instance is written by exactly one worker at a time and read after it finishes.
    var findings: [Diagnostic] = []
    /// The most findings kept; beyond it they are only counted in `omitted`.
    var findingLimit = Int.max
    /// Findings beyond `findingLimit`.
    var omitted = FindingCounts()
    var recordCount = 0
    var invalidRecordCount = 0
    /// Records by name, when the schema declares reference targets.
    var knownRecords: [KnownRecord] = []
    /// References whose target type can be checked once all records are known.
    var pendingReferences: [PendingReference] = []

    /// Forgets everything, keeping capacity.
    func reset() {
        findings.removeAll(keepingCapacity: true)
        omitted = FindingCounts()
        recordCount = 0
        invalidRecordCount = 0
        knownRecords.removeAll(keepingCapacity: true)
        pendingReferences.removeAll(keepingCapacity: true)
    }
}

/// A record's name and type, for the reference-target check.
struct KnownRecord: Sendable {
    var name: String
    var type: Int
}

/// A reference to check against the type of the record it names, if that record is in the input.
struct PendingReference: Sendable {
    var targetName: String
    /// The declared target type's index.
    var expectedType: Int
    /// The finding to report if the target has another type; its message is completed then.
    var finding: Diagnostic
    /// Whether the record holding the reference is invalid anyway (so it is not counted twice).
    var recordHasOtherErrors = false
}

/// Scratch memory one worker's checker reuses for every record.
final class CheckerScratch: @unchecked Sendable {
    // @unchecked: owned by one worker; the pointers are never shared between threads.
    let containerStack: UnsafeMutablePointer<Bool>
    let seenFields: UnsafeMutablePointer<UInt64>
    let seenFieldWords: Int
    /// Per record type, which field usually comes first and which usually follows each field: records of
    /// one type list their fields in the same order, so a guess confirmed by one comparison replaces a
    /// hash lookup. Slot `guessBase + i + 1` holds the field expected after field `i` (slot 0: the first).
    let fieldGuesses: UnsafeMutablePointer<Int32>
    /// The bytes of the checker's two `LearnedRun`s.
    let learnedRuns: UnsafeMutablePointer<UInt8>

    init(maximumDepth: Int, schema: CompiledSchema) {
        let maximumFieldCount = schema.types.map(\.fields.count).max() ?? 0
        fieldGuesses = .allocate(capacity: max(1, schema.guessCount) + Self.cacheLine)
        for type in schema.types.indices {
            let hot = schema.hotTypes[type]
            for slot in 0...hot.fieldCount { (fieldGuesses + hot.guessBase + slot).initialize(to: Int32(slot)) }
        }
        // Cache-line aligned and padded: two workers writing neighbouring small blocks would otherwise
        // share a cache line and slow each other down on every record.
        let line = Self.cacheLine
        let stack = UnsafeMutableRawPointer.allocate(byteCount: (maximumDepth + line) / line * line, alignment: line)
        containerStack = stack.bindMemory(to: Bool.self, capacity: maximumDepth + 1)
        seenFieldWords = max(1, (maximumFieldCount + 63) / 64)
        // Two bit sets: fields given (duplicates), then fields with a non-null value (required).
        let words = UnsafeMutableRawPointer.allocate(byteCount: (16 * seenFieldWords + line - 1) / line * line,
                                                     alignment: line)
        seenFields = words.bindMemory(to: UInt64.self, capacity: 2 * seenFieldWords)
        seenFields.initialize(repeating: 0, count: 2 * seenFieldWords)
        learnedRuns = .allocate(capacity: 2 * LearnedRun.capacity)
    }

    deinit {
        fieldGuesses.deallocate()
        UnsafeMutableRawPointer(containerStack).deallocate()
        UnsafeMutableRawPointer(seenFields).deallocate()
        learnedRuns.deallocate()
    }

    /// A generous cache-line size (some CPUs prefetch lines in pairs).
    private static let cacheLine = 128
}
