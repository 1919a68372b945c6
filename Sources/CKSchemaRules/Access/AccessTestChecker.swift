package import CKSchemaCore

extension DiagnosticID {
    /// An access test the schema's grants disagree with.
    package static let accessTestFailed: DiagnosticID = "access_test_failed"
    /// An access test naming a role or a record type the schema lacks, or a type outside the public database:
    /// it cannot be judged.
    package static let accessTestInvalid: DiagnosticID = "access_test_invalid"
}

/// Runs access tests against a schema's grants. Each disagreement is an `access_test_failed` error at the test;
/// a test naming what the schema lacks is an `access_test_invalid` error at the name, and is not judged.
package struct AccessTestChecker: Sendable {
    package let schema: Schema
    /// Where the schema's grants were written, for the note pointing at the grant that makes a test fail.
    package let sourceMap: SourceMap

    package init(schema: Schema, sourceMap: SourceMap = SourceMap()) {
        self.schema = schema
        self.sourceMap = sourceMap
    }

    /// The checker of a parsed schema.
    package init(_ parsed: ParsedSchema) {
        self.init(schema: parsed.schema, sourceMap: parsed.sourceMap)
    }

    /// The problems of `tests`, in order.
    package func check(_ tests: [AccessTest]) -> [Diagnostic] {
        tests.flatMap(check)
    }

    /// Whether `diagnostics` hold a test that could not be judged.
    package static func hasInvalidTests(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.id == .accessTestInvalid }
    }

    private func check(_ test: AccessTest) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let role = test.role.name
        if !schema.declaresRole(role) {
            let known = PublicAccess.roles(of: schema).joined(separator: ", ")
            problems.append(.error(.accessTestInvalid, "access test names role '\(role)', which the schema does not declare; "
                + "roles: \(known)", at: test.role.location))
        }
        var types: [RecordType] = []
        for reference in test.recordTypes {
            guard let type = schema.recordType(named: reference.name) else {
                problems.append(.error(.accessTestInvalid, "access test names record type '\(reference.name)', which the "
                    + "schema does not declare", at: reference.location))
                continue
            }
            guard PublicAccess.isPublic(type) else {
                let database = type.metadata.database.map { "is in the \($0.rawValue) database" } ?? "grants nothing"
                problems.append(.error(.accessTestInvalid, "access test names record type '\(reference.name)', which "
                    + "\(database), where roles do not apply", at: reference.location))
                continue
            }
            types.append(type)
        }
        guard problems.isEmpty else { return problems }
        for type in types {
            for permission in Permissions.allPermissions where test.can.contains(permission) || test.cannot.contains(permission) {
                let through = PublicAccess.effectiveGrantor(of: permission, for: role, on: type)
                let expected = test.can.contains(permission)
                guard expected != (through != nil) else { continue }
                let verb = permission.keyword.lowercased()
                let message = expected
                    ? "access test fails: \(role) cannot \(verb) \(type.name): \(PublicAccess.denial(of: permission, for: role))"
                    : "access test fails: \(role) can \(verb) \(type.name), through \(through!): "
                        + PublicAccess.meaning(of: permission, for: through!)
                let grant = type.grants.firstIndex { $0.role == through && $0.permissions.contains(permission) }
                let notes = grant.flatMap { sourceMap.recordedLocation(of: .grant(type.name, $0)) }
                    .map { [Note("\(type.name) grants \(verb) to \(through!) here", at: $0)] } ?? []
                problems.append(.error(.accessTestFailed, message, at: test.location, notes: notes))
            }
        }
        return problems
    }
}
