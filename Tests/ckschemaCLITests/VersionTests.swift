import CKSchemaTestSupport
import Foundation
import Testing

/// The version is defined once (`CKSchemaVersion.current`, printed by `ckschema --version`) and CHANGELOG.md,
/// kept in the Keep a Changelog format, releases exactly that version last.
@Suite struct VersionTests {
    static let changelog = SharedCorpus.repositoryRoot.appendingPathComponent("CHANGELOG.md")

    /// The `## …` headings of the changelog, in order.
    static func headings() throws -> [String] {
        try String(contentsOf: changelog, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// `[1.2.3] - 2026-11-22` → ("1.2.3", "2026-11-22").
    static func release(_ heading: String) -> (version: String, date: String)? {
        guard let match = heading.wholeMatch(of: /\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})/) else { return nil }
        return (String(match.1), String(match.2))
    }

    @Test func versionIsTheNewestReleaseInTheChangelog() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        let released = try #require(try Self.headings().compactMap(Self.release).first)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == released.version)
    }

    @Test func changelogFollowsKeepAChangelog() throws {
        let text = try String(contentsOf: Self.changelog, encoding: .utf8)
        let headings = try Self.headings()
        #expect(headings.first == "[Unreleased]")
        let releases = headings.dropFirst().map(Self.release)
        #expect(!releases.isEmpty && releases.allSatisfy { $0 != nil }, "\(headings)")
        let versions = releases.compactMap { $0?.version }
        let numeric = versions.map { $0.split(separator: ".").compactMap { Int($0) } }
        #expect(zip(numeric, numeric.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) == false && $0 != $1 },
                "releases must be listed newest first: \(versions)")
        let dates = releases.compactMap { $0?.date }
        #expect(dates == dates.sorted(by: >), "release dates must be newest first: \(dates)")
        let kinds: Set<Substring> = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
        for line in text.split(separator: "\n") where line.hasPrefix("### ") {
            #expect(kinds.contains(line.dropFirst(4)), "unknown change kind: \(line)")
        }
        for label in ["Unreleased"] + versions {
            #expect(text.contains("\n[\(label)]: "), "no link definition for [\(label)]")
        }
    }
}
