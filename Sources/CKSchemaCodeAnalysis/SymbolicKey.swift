import CKSchemaCore
import CKSchemaRules

/// A key or record-type name as the code writes it, before the whole module's constants are known.
/// Resolved by `SymbolResolver` against the module's `DeclarationIndex` once every file has been read.
enum SymbolicKey: Hashable, Sendable {
    /// A string literal.
    case literal(String)
    /// A name or member chain (`title`, `Config.EntryField.title`, `EntryKey.title.rawValue`), looked up from
    /// the enclosing type scopes (innermost first) outwards.
    case path([String], scopes: [String])
    /// `.title` where the context gives the type (a subscript helper or `CKRecord.FieldKey`).
    case implicitMember(String)
    /// Known only at run time; the text is what the code wrote.
    case dynamic(String)
    /// Cannot be known, for the reason given (a phrase: "the predicate format is built at run time").
    case unknowable(String)
    /// The value of a function's parameter (`key` in `func set(_ v: Any?, for key: String, on r: CKRecord)`):
    /// known per call site, once every file is read; `text` is the parameter's name.
    case parameter(function: String, index: Int, text: String)
}

/// Where the record type of a record value comes from.
indirect enum RecordTypeRef: Hashable, Sendable {
    /// The code names it (`CKRecord(recordType: X)`, `guard record.recordType == X`).
    case named(SymbolicKey)
    /// Not stated locally; the Swift type whose member the code is in may convert only one record type.
    case ofSwiftType(String)
    /// Nothing says.
    case unknown
    /// The record passed as a function's parameter: its type is the argument's at each call site; `fallback`
    /// when the function has no call site in the scanned code.
    case parameter(function: String, index: Int, fallback: RecordTypeRef)
    /// The record a call returns (`let r = baseRecord(type: "Note", recordID: id)`): the called function's
    /// returned record type with its parameters bound to the call's arguments; `fallback` when unknown.
    case returned(call: String, fallback: RecordTypeRef)
    /// The first when it resolves, else the second (a call's record, else what the helper's own type says).
    case either(RecordTypeRef, RecordTypeRef)
    /// The type both say, when they agree (a list filled from two queries); else none.
    case agreeing(RecordTypeRef, RecordTypeRef)
    /// The records a helper hands to the closure a call passes it (`db.getRecords(query: q) { records in … }`),
    /// at the closure's parameter `position`: what the helper passes to its closure parameter, with its
    /// parameters bound to the call's arguments; `fallback` when unknown. `closure` is the closure's argument
    /// label, nil for a trailing closure.
    case delivered(call: String, closure: String?, position: Int, fallback: RecordTypeRef)
}

/// A value's type as the code states it, possibly through a declaration in another file.
indirect enum SymbolicValue: Hashable, Sendable {
    case known(CodeValueType)
    /// A Swift type spelled in the code (`String`, `[CKRecord.Reference]`, `Mood`).
    case swiftType(String)
    /// A member chain starting at a value of a Swift type (`entry.title` with `entry: JournalEntry`).
    case member(ofType: String, path: [String])
    /// The value of a function's parameter of no useful type (`Any?`, `CKRecordValue?`): the argument's type
    /// at each call site.
    case parameter(function: String, index: Int)
}

/// A use found in one file, waiting for the module's symbols to resolve its names.
struct PendingUsage: Sendable {
    var kind: CodeUsage.Kind
    var recordType: RecordTypeRef?
    var key: SymbolicKey?
    /// A key in a predicate or sort names a system field by its CKRecord property (`creationDate`).
    var mapsSystemKeys = false
    /// The value written or the type read into, resolved into `kind`.
    var value: SymbolicValue?
    /// For a read cast, the types the other casts of the same record and key on the same path ask for.
    var alsoReadAs: [SymbolicValue] = []
    /// A condition on other files' declarations for the receiver to be a CKRecord at all.
    var receiver: ReceiverCondition?
    var location: SourceLocation
}
