package import CKSchemaCore

/// What validating one or more record inputs found.
package struct ValidationResult: Sendable {
    /// Every finding, in input order (file by file, record by record, field by field).
    package var diagnostics: [Diagnostic]
    /// How many records were read (array elements, NDJSON lines, payloads), valid or not.
    package var recordCount: Int
    /// How many of them have at least one error.
    package var invalidRecordCount: Int
    /// How many bytes of input were read.
    package var byteCount: Int
    /// The findings beyond `ValidationOptions.maximumFindings`, counted but not kept. When any were left out,
    /// the last diagnostic (`record_findings_omitted`) says how many.
    package var omitted = FindingCounts()

    /// Creates a result.
    package init(diagnostics: [Diagnostic] = [], recordCount: Int = 0, invalidRecordCount: Int = 0, byteCount: Int = 0) {
        self.diagnostics = diagnostics
        self.recordCount = recordCount
        self.invalidRecordCount = invalidRecordCount
        self.byteCount = byteCount
    }

    /// Whether nothing at error severity was found (warnings allowed), listed or not.
    package var isValid: Bool {
        !diagnostics.containsErrors && omitted.errors == 0
    }

    /// Adds `finding` unless `limit` findings are already kept; then it is only counted.
    mutating func append(_ finding: Diagnostic, limit: Int) {
        if diagnostics.count < limit { diagnostics.append(finding) } else { omitted.count(finding.severity) }
    }

    /// Adds `findings` within `limit`.
    mutating func append(contentsOf findings: some Collection<Diagnostic>, limit: Int) {
        let room = max(0, limit - diagnostics.count)
        diagnostics.append(contentsOf: findings.prefix(room))
        for finding in findings.dropFirst(room) { omitted.count(finding.severity) }
    }

    /// Ends the listing with one finding counting those left out, if any were.
    mutating func summarizeOmitted(limit: Int) {
        guard omitted.total > 0 else { return }
        let severity: Severity = omitted.errors > 0 ? .error : omitted.warnings > 0 ? .warning : .note
        let plural = omitted.total == 1 ? "finding is" : "findings are"
        diagnostics.append(Diagnostic(
            id: .recordFindingsOmitted, severity: severity,
            message: "\(omitted.total) more \(plural) not listed (\(omitted.description)): only the first \(limit) are kept; "
                + "raise the limit with --max-findings"))
    }
}

/// Counts of findings by severity.
package struct FindingCounts: Hashable, Sendable {
    package var errors = 0
    package var warnings = 0
    package var notes = 0

    package init() {}

    /// All of them.
    package var total: Int { errors + warnings + notes }

    /// Counts one finding of `severity`.
    package mutating func count(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    /// Adds `other`.
    package mutating func add(_ other: FindingCounts) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
    }

    /// `3 errors, 1 warning` (notes only when there are some).
    package var description: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return [count(errors, "error"), count(warnings, "warning")].joined(separator: ", ")
            + (notes > 0 ? ", " + count(notes, "note") : "")
    }
}

/// How far a validation run has got, reported after each block for progress displays.
package struct ValidationProgress: Sendable {
    /// The input being read (its path, or `-` for standard input).
    package var input: String
    /// Bytes of that input read so far.
    package var bytesRead: Int
    /// Its size when known in advance (regular files), for a percentage.
    package var totalBytes: Int?
    /// Records validated so far in this run, all inputs together.
    package var recordsValidated: Int
}
