import CKSchemaTestSupport
import Foundation
import Testing

/// The repository stands on its own: no tracked file cites a document users do not have or points at a file
/// outside the repository, and every relative link in the Markdown documentation resolves inside it. The
/// CloudKit facts rules rest on live in `docs/cloudkit-facts.md`. (The optional shared test corpus, found by
/// `SharedCorpus` beside the repository and skipped when absent, is test data, not documentation.)
@Suite struct SelfContainedRepositoryTests {
    /// Text that names something outside the repository (spelled in pieces so this file does not match).
    static let forbidden = ["CLOUDKIT" + "-RULES", "shared" + "/design", "/work" + "/"]

    @Test func noTrackedFileCitesAnOutsideDocumentOrPath() throws {
        let files = try Self.trackedFiles()
        #expect(files.count > 100, "only \(files.count) tracked files found")
        var offenders: [String] = []
        for file in files {
            guard let text = Self.text(of: file) else { continue }
            for word in Self.forbidden where text.contains(word) {
                offenders.append("\(file): '\(word)'")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func markdownLinksStayInsideTheRepository() throws {
        let root = SharedCorpus.repositoryRoot.standardizedFileURL.path
        var outside: [String] = []
        for file in try Self.trackedFiles() where file.hasSuffix(".md") {
            guard let text = Self.text(of: file) else { continue }
            let folder = (file as NSString).deletingLastPathComponent
            for target in Self.relativeLinks(in: text) {
                let resolved = URL(fileURLWithPath: root).appendingPathComponent(folder).appendingPathComponent(target)
                    .standardizedFileURL.path
                if !(resolved == root || resolved.hasPrefix(root + "/")) { outside.append("\(file): \(target)") }
            }
        }
        #expect(outside.isEmpty, "\(outside.joined(separator: "\n"))")
    }

    @Test func theFactsDocumentHasEverySectionRulesCite() throws {
        let facts = try #require(Self.text(of: "docs/cloudkit-facts.md"))
        for section in ["1.1", "1.2", "1.3", "1.4", "1.5", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "4.1", "4.2",
                        "4.3", "4.4", "6.1", "6.2"] {
            #expect(facts.contains("\n### \(section) "), "no section §\(section)")
        }
        for chapter in 1...9 { #expect(facts.contains("\n## \(chapter). "), "no chapter §\(chapter)") }
        for rule in 1...36 { #expect(facts.contains("\n\(rule). "), "no check §9 rule \(rule)") }
    }

    /// The files git tracks, relative to the repository root.
    private static func trackedFiles() throws -> [String] {
        try CommandRunner.output(of: "git", ["-C", SharedCorpus.repositoryRoot.path, "ls-files", "-z"])
            .split(separator: "\0").map(String.init)
    }

    /// The UTF-8 text of a tracked file, or `nil` for binary files and links.
    private static func text(of file: String) -> String? {
        let url = SharedCorpus.repositoryRoot.appendingPathComponent(file)
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey]),
              values.isRegularFile == true, values.isSymbolicLink != true,
              let data = try? Data(contentsOf: url), !data.contains(0) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// The targets of `[text](target)` links that are relative paths (no scheme, no anchor-only links).
    private static func relativeLinks(in markdown: String) -> [String] {
        var links: [String] = []
        var rest = markdown[...]
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close]).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                .first.map(String.init) ?? ""
            rest = rest[close...]
            if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") || target.contains(" ") { continue }
            links.append(target)
        }
        return links
    }
}
