/// A baseline/candidate pair that documents a breaking rule and doubles as its test.
///
/// In a triggering example, `↓` marks where the rule reports: in the candidate, before the changed element
/// (or, for a deletion, before the record type that lost it). When nothing of the element is left in the
/// candidate (a deleted record type or role), the finding has no location, and `↓` in the baseline marks
/// the declaration its note points at.
package struct ChangeExample: Sendable {
    /// The language both snippets are written in.
    package let language: SchemaLanguage
    /// The schema to stay compatible with.
    package let baseline: String
    /// The schema to deploy.
    package let candidate: String
    /// The environment the baseline is a snapshot of (`nil`: a file or a git revision).
    package let baselineEnvironment: CloudKitEnvironment?
    /// Where the example is written, so a failing example points at itself.
    package let fileID: String
    /// The line the example starts on, for test failures.
    package let line: Int

    /// A pair in `language`; prefer `.yaml(…)` and `.ckdb(…)`.
    package init(_ language: SchemaLanguage, baseline: String, candidate: String,
                baselineEnvironment: CloudKitEnvironment? = nil, fileID: String = #fileID, line: Int = #line) {
        self.language = language
        self.baseline = baseline
        self.candidate = candidate
        self.baselineEnvironment = baselineEnvironment
        self.fileID = fileID
        self.line = line
    }

    /// A pair of YAML schemas.
    package static func yaml(baseline: String, candidate: String, baselineEnvironment: CloudKitEnvironment? = nil,
                            fileID: String = #fileID, line: Int = #line) -> ChangeExample {
        ChangeExample(.yaml, baseline: baseline, candidate: candidate, baselineEnvironment: baselineEnvironment,
                      fileID: fileID, line: line)
    }

    /// A pair of `.ckdb` schemas.
    package static func ckdb(baseline: String, candidate: String, baselineEnvironment: CloudKitEnvironment? = nil,
                            fileID: String = #fileID, line: Int = #line) -> ChangeExample {
        ChangeExample(.ckdb, baseline: baseline, candidate: candidate, baselineEnvironment: baselineEnvironment,
                      fileID: fileID, line: line)
    }

    /// The baseline without markers, as a user would write it.
    package var unmarkedBaseline: String {
        baseline.replacing("↓", with: "")
    }

    /// The candidate without markers, as a user would write it.
    package var unmarkedCandidate: String {
        candidate.replacing("↓", with: "")
    }
}
