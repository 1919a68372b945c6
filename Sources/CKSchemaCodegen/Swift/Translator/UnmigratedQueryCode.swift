import CKSchemaCore

/// The generated way to find the records a field migration has not reached: `unmigratedRatingQuery`, a typed
/// query on the retired field, and `needsRatingMigration(_:)`, the check that keeps the records it returns that
/// still lack the new field.
///
/// A CloudKit predicate cannot say "this field has no value" (no `nil` comparisons), so the query asks for the
/// records holding *any* value in the retired field, with a condition every value of its CloudKit type meets and
/// its index serves: a range from the type's smallest value (SORTABLE numbers, timestamps and strings), or a
/// distance no two points on Earth exceed (a QUERYABLE location). Equality alone (a QUERYABLE-only scalar, a
/// reference, a list) cannot say "any value" — `!=` leaves one value out, and how CloudKit treats a missing field
/// in `!=` is not documented — so such a field gets neither. The server also returns records already migrated
/// (under `dualWrite`, or saved since with the retired value kept), hence the client-side check.
struct UnmigratedQueryCode {
    let field: FieldPlan
    let migration: MigrationPlan
    /// The condition on the retired field that every one of its values meets.
    let condition: AnyValueCondition
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// The migrations of `plan` whose retired field such a query can find, in field order.
    static func all(in plan: ModelPlan, namespace: String, access: SwiftAccess?) -> [UnmigratedQueryCode] {
        plan.fields.compactMap { field in
            guard let migration = field.migration,
                  let old = plan.fields.first(where: { $0.field.name == migration.oldField.name }),
                  let condition = anyValueCondition(of: old, namespace: namespace)
            else { return nil }
            return UnmigratedQueryCode(field: field, migration: migration, condition: condition, namespace: namespace,
                                       access: access)
        }
    }

    /// A predicate format on one field with one value argument, and how the doc comment says it.
    typealias AnyValueCondition = (format: String, argument: String, about: String)

    /// A condition every value of `old` meets, which its index serves: the format, its value argument, and the
    /// words the doc comment uses; `nil` when there is none.
    static func anyValueCondition(of old: FieldPlan, namespace: String) -> AnyValueCondition? {
        guard let index = old.queryIndex, !old.isList else { return nil }
        switch old.field.type.primitive {
        case .location where index.isQueryable:
            // Two points on Earth are at most half its circumference apart, about 20,038 km.
            return ("distanceToLocation:fromLocation:(%K, %@) < %@",
                    ".location(\(namespace).Location(latitude: 0, longitude: 0, timestamp: Date(timeIntervalSince1970: 0))), "
                        + ".double(20_100)", "within 20,100 km of latitude 0, longitude 0")
        case _ where !index.isSortable:
            return nil
        case .int64:
            return ("%K >= %@", ".int64(Int64.min)", ">= `Int64.min`")
        case .double:
            return ("%K >= %@", ".double(-Double.greatestFiniteMagnitude)",
                    ">= `-Double.greatestFiniteMagnitude` (every finite value)")
        case .timestamp:
            return ("%K >= %@", ".date(Date.distantPast)", ">= `Date.distantPast` (any date from year 1 on)")
        case .string:
            return ("%K >= %@", ".string(\"\")", ">= `\"\"` (every text)")
        default:
            // NUMBER keeps no dependable index (lint warns on any); BYTES, ASSET and REFERENCE have no range.
            return nil
        }
    }

    private var suffix: String { SwiftIdentifiers.uppercasingFirst(field.propertyName) }
    /// `unmigratedRatingQuery`.
    var queryName: String { "unmigrated\(suffix)Query" }
    /// `needsRatingMigration`.
    var checkName: String { "needs\(suffix)Migration" }
    private var oldName: String { "`\(migration.oldField.name)`" }
    private var newName: String { "`\(field.field.name)`" }

    /// `static var unmigratedRatingQuery: Query<Self>`, in the model's `RecordModel` extension.
    var query: SwiftDeclaration {
        let predicate = "\(namespace).Predicate(format: \(SwiftLiteral.string(condition.format)), "
            + "arguments: [.key(\(SwiftLiteral.string(migration.oldField.name))), \(condition.argument)])"
        return SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, isStatic: true, name: queryName, type: "\(namespace).Query<Self>",
            getter: ["\(namespace).Query(predicate: \(predicate))"]
        )).documented([
            "The records holding a value in \(oldName), the retired field \(newName) replaced: \(oldName) \(condition.about).",
            "CloudKit predicates cannot test that \(newName) has no value, so the server also returns records already",
            "migrated (saved with \(oldName) kept, or written back under `dualWrite`): keep those `\(checkName)(_:)`",
            "accepts, read them and save them (the read migrates them). Narrowing it with `fetching`, keep \(newName).",
        ])
    }

    /// `static func needsRatingMigration(_ record: CKRecord) -> Bool`, in the model's CloudKit extension.
    var check: SwiftDeclaration {
        let oldKey = SwiftLiteral.string(migration.oldField.name)
        let newKey = SwiftLiteral.string(field.field.name)
        // The retired field is indexed, so plain; an encrypted new field puts the whole extension under the
        // `@available` of `encryptedValues` already.
        let newValue = field.isEncrypted ? "record.encryptedValues.object(forKey: \(newKey))" : "record.object(forKey: \(newKey))"
        let body = ["record.recordType == recordType && record.object(forKey: \(oldKey)) != nil && \(newValue) == nil"]
        return SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: checkName),
            parameters: [SwiftParameter(label: "_", name: "record", type: "CKRecord")], returnType: "Bool", body: body
        )).documented([
            "Whether `record` still needs migrating to \(newName): it holds \(oldName) and no \(newName). Filters what",
            "`\(queryName)` returns, which includes the records already migrated. A record fetched without",
            "\(newName) (`desiredKeys`) counts as needing it.",
        ])
    }
}
