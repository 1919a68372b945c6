import CKSchemaTestSupport
import Foundation
import Testing

/// Every kind of bad input ends in bounded time with exit 1 (invalid, located) or 2 (could not run), one
/// clear message, no crash or stack trace, and no output file.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let file: String
        let bytes: Data
        let expected: Int32
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty YAML", file: "s.yaml", bytes: Data(), expected: 1),
        Case(name: "empty ckdb", file: "s.ckdb", bytes: Data(), expected: 1),
        Case(name: "comments only", file: "s.ckdb", bytes: Data("// nothing\n-- here\n".utf8), expected: 1),
        Case(name: "binary junk", file: "s.yaml", bytes: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 % 127 + 1) }), expected: 1),
        Case(name: "invalid UTF-8", file: "s.ckdb", bytes: Data([0x44, 0x45, 0xFF, 0xFE, 0x00, 0xC3]), expected: 2),
        Case(name: "unterminated quoted name", file: "s.ckdb", bytes: Data("DEFINE SCHEMA\n RECORD TYPE \"Note (a STRING);\n".utf8), expected: 1),
        Case(name: "unterminated comment", file: "s.ckdb", bytes: Data("DEFINE SCHEMA\n/* RECORD TYPE Note (a STRING);\n".utf8), expected: 1),
        Case(name: "unterminated YAML string", file: "s.yaml", bytes: Data("recordTypes:\n  A: \"open\n".utf8), expected: 1),
        Case(name: "5000-deep YAML", file: "s.yaml", bytes: Data(("recordTypes: " + String(repeating: "[", count: 5000)).utf8), expected: 1),
        Case(name: "5000-deep ckdb", file: "s.ckdb", bytes: Data(("DEFINE SCHEMA RECORD TYPE A (" + String(repeating: "(", count: 5000)).utf8), expected: 1),
        Case(name: "alias bomb", file: "s.yaml", bytes: Data(Self.aliasBomb.utf8), expected: 1),
    ]

    static let aliasBomb = """
        a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
        recordTypes: *g
        """

    @Test(arguments: cases)
    func lintAndConvertFailCleanly(_ input: Case) throws {
        let folder = try TemporaryDirectory()
        try folder.write(input.bytes, to: input.file)
        for arguments in [["lint", input.file], ["convert", input.file, "-o", "out.txt"]] {
            let result = try CommandRunner.run(arguments, in: folder.url, timeout: 30)
            #expect(result.status == input.expected, "\(arguments): \(result.standardOutput)\(result.standardError)")
            let all = result.standardOutput + result.standardError
            #expect(!all.contains("Fatal error") && !all.contains("Stack dump"), "\(all.prefix(500))")
            #expect(all.contains("error"), "no message for \(input.name)")
            #expect(!folder.listing().contains("out.txt"))
        }
    }

    @Test func missingPathAndFolderWhereFileExpected() throws {
        let folder = try TemporaryDirectory()
        let missing = try CommandRunner.run(["lint", "nope.yaml"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: 'nope.yaml' does not exist\n")
        #expect(missing.standardOutput.isEmpty)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try CommandRunner.run(["convert", "empty", "-o", "x.ckdb"], in: folder.url)
        #expect(empty.status == 2)
        #expect(empty.standardError.contains("holds no .yaml, .yml or .ckdb files"))
    }

    @Test func mixedLanguagesAreAmbiguousForConvert() throws {
        let folder = try TemporaryDirectory()
        try folder.write("recordTypes:\n  A:\n    fields: { a: string }\n", to: "mix/a.yaml")
        try folder.write("DEFINE SCHEMA\n", to: "mix/b.ckdb")
        let result = try CommandRunner.run(["convert", "mix"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("holds 2 schemas"))
    }
}
