import CKSchemaCore
import CKSchemaDeploy
import CKSchemaParsing
import CKSchemaRules
import Foundation

/// `ckschema-bench deploy [--schemas DIR] [--environments DIR] [--repeat N]`
///
/// Deploys a project schema (default: the example project's `schemas/`) to production with the directory
/// backend, over and over, in a temporary copy of the environment snapshots: each run restores the
/// production snapshot, then loads and lints the schema, plans (both comparisons), takes the lock, records
/// the snapshot (write, fsync, rename) and releases the lock. Prints the median and 90th percentile of each
/// phase and of the whole deploy.
enum DeployBenchmark {
    static let summary = "deploy a project schema to production with the directory backend"

    /// Runs the benchmark with the command-line `arguments` that follow `deploy`.
    static func run(_ arguments: [String]) throws {
        let schemas = BenchmarkSupport.option("schemas", in: arguments) ?? "schemas"
        let environments = BenchmarkSupport.option("environments", in: arguments) ?? "environments"
        let repeats = try BenchmarkSupport.integer("repeat", in: arguments, default: 200)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckschema-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot: @Sendable (CloudKitEnvironment) -> String = { "\(folder)/\($0.rawValue).ckdb" }
        for environment in CloudKitEnvironment.allCases {
            let source = "\(environments)/\(environment.rawValue).ckdb"
            if FileManager.default.fileExists(atPath: source) {
                try FileManager.default.copyItem(atPath: source, toPath: snapshot(environment))
            }
        }
        let original = FileManager.default.contents(atPath: snapshot(.production))
        let deployer = SchemaDeployer(backend: DirectoryBackend(snapshotPath: snapshot), environmentsFolder: folder,
                                      snapshotPath: snapshot)
        var phases: [String: [Double]] = [:]
        var changes = 0
        for _ in 0..<repeats {
            if let original, !FileManager.default.createFile(atPath: snapshot(.production), contents: original) {
                throw BenchmarkSupport.UsageError(description: "cannot restore the production snapshot in '\(folder)'")
            }
            let ((parsed, findings), loading) = try BenchmarkSupport.time {
                let parsed = try SchemaLoader.loadOne(paths: [schemas])
                return (parsed, Linter().lint(parsed))
            }
            guard !findings.containsErrors else {
                throw BenchmarkSupport.UsageError(description: "'\(schemas)' has lint errors; a deploy would stop")
            }
            let (plan, planning) = try BenchmarkSupport.time {
                try DeployPlanner().plan(
                    project: parsed, target: try EnvironmentSnapshot.read(.production, at: snapshot(.production)),
                    production: try EnvironmentSnapshot.read(.production, at: snapshot(.production)),
                    development: try EnvironmentSnapshot.read(.development, at: snapshot(.development)),
                    context: DeployPlanner.Context(backend: .directory, container: nil,
                                                   schema: SchemaReference(name: schemas, paths: []),
                                                   createdAt: "bench", createdBy: "ckschema-bench"))
            }
            let (_, applying) = try BenchmarkSupport.time { try deployer.deploy(plan, command: "ckschema-bench deploy") }
            changes = plan.changes.count
            phases["load + lint", default: []].append(loading)
            phases["plan", default: []].append(planning)
            phases["lock + record", default: []].append(applying)
            phases["whole deploy", default: []].append(loading + planning + applying)
        }
        print("deploy of '\(schemas)' to production (directory backend): \(changes) changes, \(repeats) runs")
        for phase in ["load + lint", "plan", "lock + record", "whole deploy"] {
            let sorted = (phases[phase] ?? []).sorted()
            guard !sorted.isEmpty else { continue }
            let median = sorted[sorted.count / 2], p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
            print("  \(phase.padding(toLength: 14, withPad: " ", startingAt: 0)) median \(milliseconds(median)), "
                + "p90 \(milliseconds(p90))")
        }
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }
}
