import CKSchemaCore
import CKSchemaFuzzing
import Foundation

// `ckschema-fuzz yaml|ckdb|records …` fuzzes the YAML or the .ckdb parser (with the linter and printers behind
// it), or the record reader with every record check.
//
// Built normally, it is a deterministic fuzzer: `ckschema-fuzz yaml [--seconds N] [--runs N] [--seed N]
// [FILE_OR_FOLDER…]` mutates the seed corpus (default `Fuzz/<reader>`) and writes failing inputs to
// `Fuzz/failures/`. Given files and `--runs 0`, it replays them.
//
// Built with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING`, it is a libFuzzer target:
// `ckschema-fuzz yaml [libFuzzer options] [CORPUS_DIR…]`. See docs/fuzzing.md.

/// The readers that can be fuzzed.
enum FuzzedReader: String {
    case yaml, ckdb, records

    /// The reader and its invariants.
    var target: any FuzzTarget {
        switch self {
        case .yaml: FuzzOracle(language: .yaml)
        case .ckdb: FuzzOracle(language: .ckdb)
        case .records: RecordFuzzOracle()
        }
    }
}

/// The reader named by the first argument, removed from `arguments`; `nil` if it names none.
func takeReader(_ arguments: inout [String]) -> FuzzedReader? {
    guard arguments.count > 1, let reader = FuzzedReader(rawValue: arguments[1]) else { return nil }
    arguments.remove(at: 1)
    return reader
}

#if FUZZING
nonisolated(unsafe) var oracle: any FuzzTarget = FuzzOracle(language: .yaml)

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = oracle.check(UnsafeBufferPointer(start: data, count: size))
    guard outcome.failures.isEmpty else {
        FileHandle.standardError.write(Data(("invariant broken: " + outcome.failures.joined(separator: "; ") + "\n").utf8))
        abort()
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runLibFuzzer(_ argc: UnsafeMutablePointer<CInt>,
                  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point under this name; libFuzzer's driver takes over from here.
@_cdecl("ckschema_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var arguments = (0..<Int(argc)).map { index in argv?[index].map { String(cString: $0) } ?? "" }
    oracle = (takeReader(&arguments) ?? .yaml).target
    var count = CInt(arguments.count)
    var pointers = arguments.map { strdup($0) } + [nil]
    return pointers.withUnsafeMutableBufferPointer { buffer in
        var base = buffer.baseAddress
        return runLibFuzzer(&count, &base, fuzzOneInput)
    }
}
#else
@main
enum FuzzCommand {
    static func main() {
        var arguments = CommandLine.arguments
        guard let language = takeReader(&arguments) else {
            fail("usage: ckschema-fuzz yaml|ckdb|records [--seconds N] [--runs N] [--seed N] [FILE_OR_FOLDER…]")
        }
        var seconds = 60.0, runs = Int.max, seed: UInt64 = 1
        var paths: [String] = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds": seconds = number(rest.popFirst(), for: argument)
            case "--runs": runs = Int(number(rest.popFirst(), for: argument))
            case "--seed": seed = UInt64(number(rest.popFirst(), for: argument))
            default: paths.append(argument)
            }
        }
        let root = "Fuzz"
        let seeds = inputs(in: paths.isEmpty ? ["\(root)/\(language.rawValue)"] : paths)
        let dictionary = (try? String(contentsOfFile: "\(root)/\(language.rawValue).dict", encoding: .utf8)) ?? ""
        var fuzzer = DeterministicFuzzer(target: language.target, seeds: seeds,
                                         tokens: FuzzDictionary.tokens(in: dictionary), seed: seed)
        let report = fuzzer.run(maximumExecutions: runs, maximumSeconds: seconds)
        print("\(language.rawValue): \(report.executions) executions in \(String(format: "%.1f", report.seconds)) s "
              + "(\(Int(Double(report.executions) / max(report.seconds, 0.001)))/s), \(seeds.count) seeds, "
              + "corpus \(report.corpusSize), seed \(seed), failures \(report.failures.count)")
        for (number, failure) in report.failures.prefix(20).enumerated() {
            let file = "\(root)/failures/\(language.rawValue)-\(seed)-\(number)"
            try? FileManager.default.createDirectory(atPath: "\(root)/failures", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file, contents: Data(failure.input))
            print("  \(file): \(failure.reasons.joined(separator: "; "))")
        }
        exit(report.failures.isEmpty ? 0 : 1)
    }

    /// The contents of `paths`: files, and the files directly inside folders.
    static func inputs(in paths: [String]) -> [[UInt8]] {
        paths.flatMap { path -> [[UInt8]] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("'\(path)' does not exist") }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
                : [path]
            return files.compactMap { FileManager.default.contents(atPath: $0).map { Array($0) } }
        }
    }

    /// The non-negative whole number `text` after option `option`, or a usage error.
    static func number(_ text: String?, for option: String) -> Double {
        guard let text, let value = Double(text), value >= 0, value < 1e15, value == value.rounded(.down) || option == "--seconds"
        else { fail("\(option) needs a number") }
        return value
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(2)
    }
}
#endif
