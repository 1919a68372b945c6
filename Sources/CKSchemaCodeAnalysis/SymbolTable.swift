import CKSchemaCore
import CKSchemaRules

/// The flow facts of the scanned module: its functions, the calls between them, what they return, the
/// methods that return a `CKRecord` and which record types each Swift type's conversion code names.
/// What the module declares (constants, enums, protocols, property types) is not here: that is the
/// module's `DeclarationIndex`, which the SwiftData models reader reads too.
///
/// Each file fills one table; the tables are merged before any name is resolved, so a function may be
/// declared in any file.
struct SymbolTable: Sendable {
    /// Swift type (qualified) → methods returning a CKRecord.
    var recordMethods: [String: Set<String>] = [:]
    /// Swift type (qualified) → the record types its code checks for or creates.
    var recordTypeEvidence: [String: [SymbolicKey]] = [:]
    /// Functions by base name.
    var functions: [String: [FunctionInfo]] = [:]
    /// Calls by identifier.
    var calls: [String: CallSite] = [:]
    /// Function → the records its `return` statements give.
    var returns: [String: [RecordTypeRef]] = [:]
    /// `function#parameter#position` → the record arrays the function passes to its closure parameter.
    var deliveries: [String: [RecordTypeRef]] = [:]

    /// Adds `other`'s facts.
    mutating func merge(_ other: SymbolTable) {
        recordMethods.merge(other.recordMethods) { $0.union($1) }
        recordTypeEvidence.merge(other.recordTypeEvidence) { $0 + $1 }
        functions.merge(other.functions) { $0 + $1 }
        calls.merge(other.calls) { first, _ in first }
        returns.merge(other.returns) { $0 + $1 }
        deliveries.merge(other.deliveries) { $0 + $1 }
    }
}
