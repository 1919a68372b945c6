import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Synchronization
import Testing

/// Deploys of one project take turns through `environments/.ckschema.lock`, and an interrupted deploy
/// releases the lock, kills cktool and records nothing.
@Suite struct DeployConcurrencyTests {
    @Test func aSecondDeployStopsWhileTheFirstHoldsTheLock() throws {
        let project = try ExampleProject()
        try project.addField()
        let fake = try FakeCKTool()
        let environment = fake.environment(["import-schema": "slow"])
        let first = try project.launch(["deploy", "--to", "development", "--backend", "cktool", "--yes"],
                                       environment: environment)
        #expect(try Polling.wait(upTo: 20) { try fake.calls().contains { $0.subcommand == "import-schema" } })
        let lock = project.url.appendingPathComponent("environments/.ckschema.lock")
        let holder = try String(contentsOf: lock, encoding: .utf8)
        #expect(holder.hasPrefix("pid \(first.processIdentifier) on host "))
        #expect(holder.hasSuffix(": ckschema deploy --to development\n"))

        let second = try project.run(["deploy", "--to", "development", "--backend", "cktool", "--yes"],
                                     environment: environment)
        #expect(second.status == 2)
        #expect(second.standardError.hasPrefix("error: another deploy holds the lock 'environments/.ckschema.lock' "
            + "(pid \(first.processIdentifier) on host "))
        #expect(second.standardError.hasSuffix("); nothing was changed, try again when it has finished\n"))

        #expect(first.wait()?.termination == .exited(0))
        #expect(try fake.calls().map(\.subcommand) == ["validate-schema", "import-schema"], "the second deploy ran nothing")
        #expect(!FileManager.default.fileExists(atPath: lock.path))
        let recorded = String(decoding: try #require(project.contents("environments/development.ckdb")), as: UTF8.self)
        #expect(recorded.contains("emoji           STRING"))
    }

    @Test func simultaneousDeploysNeverInterleave() throws {
        let project = try ExampleProject()
        let expected = project.contents("environments/development.ckdb")
        let runs = 6
        let results = Mutex<[CommandRunner.Result]>([])
        DispatchQueue.concurrentPerform(iterations: runs) { _ in
            if let result = try? project.run(["deploy", "--to", "production", "--yes"]) {
                results.withLock { $0.append(result) }
            }
        }
        let finished = results.withLock { $0 }
        #expect(finished.count == runs)
        // Exactly one deploy records; the others find the lock held (2), find their plan stale once the first
        // recorded (1), or plan after it and have nothing to do (0).
        let recorders = finished.filter { $0.standardOutput.hasSuffix("deployed to production; recorded environments/production.ckdb\n") }
        #expect(recorders.count == 1)
        for result in finished where !recorders.contains(where: { $0.standardOutput == result.standardOutput }) {
            let lockHeld = result.status == 2 && result.standardError.contains("another deploy holds the lock")
            let stale = result.status == 1 && result.standardError.contains("the plan is stale")
            let upToDate = result.status == 0 && result.standardOutput.hasSuffix("nothing to deploy: production already holds this schema\n")
            #expect(lockHeld || stale || upToDate, "\(result.status) \(result.standardError)")
        }
        #expect(project.contents("environments/production.ckdb") == expected)
        #expect(!project.folder.listing().contains { $0.contains(".ckschema") }, "no lock or temporary file is left")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func anInterruptedDeployKillsCKToolReleasesTheLockAndRecordsNothing(_ signalNumber: Int32) throws {
        let project = try ExampleProject()
        try project.addField()
        let before = project.state()
        let fake = try FakeCKTool()
        let deploy = try project.launch(["deploy", "--to", "development", "--backend", "cktool", "--yes"],
                                        environment: fake.environment(["import-schema": "hang"]))
        #expect(try Polling.wait(upTo: 20) { try fake.calls().contains { $0.subcommand == "import-schema" } })
        #if os(Linux)
        #expect(Polling.wait(upTo: 10) { !((try? fake.processes(named: "sleep")) ?? []).isEmpty },
                "the fake's sleeping child is found through /proc")
        #endif
        let sleeper = (try? fake.processes(named: "sleep")) ?? []
        kill(deploy.processIdentifier, signalNumber)
        #expect(deploy.wait()?.termination == .signaled(signalNumber))
        #expect(project.state() == before, "nothing recorded, and the lock file is gone")
        for pid in sleeper {
            #expect(ProcessLiveness.waitUntilEnded(pid), "cktool's own child process was killed too")
        }
    }
}

extension FakeCKTool {
    /// The pids of running processes named `name` whose environment points at this fake's log folder.
    func processes(named name: String) throws -> [Int32] {
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        return entries.filter { pid in
            let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
            return command.trimmingCharacters(in: .whitespacesAndNewlines) == name
                && String(decoding: environment, as: UTF8.self).contains("FAKE_LOG=\(log.path)")
        }
    }
}
