public import CKSchemaCore

/// Checks the rule IDs and categories a configuration names against the registry, so that a typo in
/// `disable:` does not silently leave a rule on.
public enum RuleSelectionCheck {
    /// A `config_invalid_value` error for each name that is neither a rule ID, a built-in check nor a category.
    public static func diagnostics(for settings: LintSettings, rules: [RuleDescription] = LintRules.descriptions,
                                   otherIDs: Set<String> = []) -> [Diagnostic] {
        let known = Set(rules.map(\.id.rawValue)).union(RuleCategory.allCases.map(\.rawValue)).union(otherIDs)
        return settings.references.compactMap { reference in
            guard !known.contains(reference.name) else { return nil }
            let close = known.filter { EditDistance.isClose($0, reference.name) }.sorted().first
            return .error(.configInvalidValue,
                          "'\(reference.name)' is not a rule or category" + (close.map { "; did you mean '\($0)'?" } ?? ""),
                          at: reference.location)
        }
    }
}

/// Small edit distances, for "did you mean" hints.
public enum EditDistance {
    /// The Levenshtein distance between `a` and `b` (iterative, two rows).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Whether `candidate` is a plausible intended spelling of `written` (case-insensitive, scaled to length).
    public static func isClose(_ candidate: String, _ written: String) -> Bool {
        let limit = max(1, min(candidate.count, written.count) / 3)
        return distance(candidate.lowercased(), written.lowercased()) <= limit
    }
}
