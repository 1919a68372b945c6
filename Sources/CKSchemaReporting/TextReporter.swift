package import CKSchemaCore

/// The default, compiler-style format: `path:line:col: severity: message [rule_id]`, then the source line
/// and a caret under the column, then notes; a summary line last. Colored only when asked (a terminal).
package struct TextReporter: Reporter {
    package init() {}

    package func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var output = ""
        let paint = Painter(enabled: context.useColor)
        for diagnostic in diagnostics {
            let place = diagnostic.location.map { "\(escape($0.description)): " } ?? ""
            output += paint.bold(place) + paint.severity(diagnostic.severity) + " "
                + paint.bold(escape(diagnostic.message)) + " [\(escape(diagnostic.id.rawValue))]\n"
            if let record = diagnostic.record {
                let name = record.recordName.map { " '\(escape($0))'" } ?? ""
                // An empty pointer is the record itself (a record whose JSON does not parse): no "at".
                let place = record.pointer.isEmpty ? "" : " at \(escape(record.pointer))"
                output += "    record #\(record.index)\(name)\(place)\n"
            }
            if let location = diagnostic.location, let snippet = snippet(at: location, context: context, paint: paint) {
                output += snippet
            }
            for note in diagnostic.notes {
                let notePlace = note.location.map { "\(escape($0.description)): " } ?? ""
                output += paint.bold(notePlace) + paint.severity(.note) + " \(escape(note.message))\n"
            }
        }
        if !diagnostics.isEmpty {
            output += Self.summary(of: diagnostics) + "\n"
        }
        return output
    }

    /// `2 errors, 1 warning in 3 files`.
    package static func summary(of diagnostics: [Diagnostic]) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let notes = diagnostics.filter { $0.severity == .note }.count
        var parts = [count(errors, "error"), count(warnings, "warning")]
        if notes > 0 { parts.append(count(notes, "note")) }
        let files = Set(diagnostics.compactMap { $0.location?.file }).count
        return parts.joined(separator: ", ") + (files > 0 ? " in \(count(files, "file"))" : "")
    }

    /// The widest source excerpt shown, in Unicode scalars: longer lines are cut around the caret, as
    /// compilers do, so a minified or generated file's one huge line is never echoed whole.
    static let maximumSnippetWidth = 120

    /// The offending line, indented, with a caret under the column (tabs kept so the caret lines up). Characters
    /// a terminal would act on are shown escaped, and the caret counts their escapes. A line longer than
    /// `maximumSnippetWidth` is shown as the part around the column, with `...` where it was cut.
    private func snippet(at location: SourceLocation, context: ReportContext, paint: Painter) -> String? {
        guard let line = context.sources[location.file]?.line(location.line) else { return nil }
        let scalars = line.unicodeScalars
        let column = max(0, location.column - 1)
        let width = Self.maximumSnippetWidth
        // Walks at most column + width scalars: the rest of a huge line is never visited.
        let windowStart = scalars.index(scalars.startIndex, offsetBy: max(0, column - width / 2),
                                        limitedBy: scalars.endIndex) ?? scalars.endIndex
        let caret = scalars.index(scalars.startIndex, offsetBy: column, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let windowEnd = scalars.index(windowStart, offsetBy: width, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let cutBefore = windowStart != scalars.startIndex
        let cutAfter = windowEnd != scalars.endIndex
        let shownLead = (cutBefore ? "..." : "") + String(scalars[windowStart..<max(windowStart, caret)])
        let shown = (cutBefore ? "..." : "") + String(scalars[windowStart..<windowEnd]) + (cutAfter ? "..." : "")
        let lead = escape(shownLead).unicodeScalars.map { $0 == "\t" ? "\t" : " " }.joined()
        return "    \(escape(shown))\n    \(lead)" + paint.green("^") + "\n"
    }

    /// Input text made safe for a terminal, on one line: everything a diagnostic quotes came from input (names,
    /// paths, record data, source lines) and may hold control characters or bidi overrides.
    private func escape(_ text: String) -> String {
        TerminalText.escape(text, lineBreaks: .escaped)
    }
}

/// ANSI colors, or nothing.
private struct Painter {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func green(_ text: String) -> String { wrap(text, "1;32") }

    func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: wrap("error:", "1;31")
        case .warning: wrap("warning:", "1;35")
        case .note: wrap("note:", "1;36")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
