@testable import CKSchemaDeploy
import CKSchemaCore
import CKSchemaTestSupport
import Foundation
import Testing

/// Running backend programs: time limits that stop the whole process group, signals reported as such, output
/// bounded, and the token kept out of arguments and messages.
@Suite struct BackendProcessTests {
    private func shell(_ script: String, timeout: TimeInterval = 10) -> BackendProcess {
        BackendProcess(executable: "/bin/sh", arguments: ["-c", script],
                       environment: ProcessInfo.processInfo.environment, timeout: timeout)
    }

    @Test func aTimeoutStopsTheProgramAndItsChildren() throws {
        let folder = try TemporaryDirectory()
        let pidFile = folder.url.appendingPathComponent("child").path
        let started = Date()
        #expect(throws: BackendProcess.Failure.self) {
            try shell("sleep 30 & echo $! > '\(pidFile)'; wait", timeout: 0.5).run()
        }
        #expect(Date().timeIntervalSince(started) < 5)
        let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(ProcessLiveness.waitUntilEnded(child), "the program's background child is stopped with it")
    }

    @Test func aProgramThatIgnoresSIGTERMIsKilled() throws {
        let started = Date()
        #expect(throws: BackendProcess.Failure.self) {
            try shell("trap '' TERM; while true; do sleep 0.1; done", timeout: 0.3).run()
        }
        #expect(Date().timeIntervalSince(started) < BackendProcess.gracePeriod + 3)
    }

    @Test func exitStatusesAndSignalsAreReportedApart() throws {
        let failed = try shell("echo out; echo err >&2; exit 3").run()
        #expect(failed.exitStatus == 3)
        #expect(failed.signal == nil)
        #expect(String(decoding: failed.standardOutput, as: UTF8.self) == "out\n")
        #expect(String(decoding: failed.standardError, as: UTF8.self) == "err\n")
        let killed = try shell("kill -9 $$").run()
        #expect(killed.exitStatus == nil)
        #expect(killed.signal == SIGKILL)
    }

    @Test func outputIsBoundedAndAChattyProgramNeverBlocks() throws {
        let result = try shell("head -c 3000000 /dev/zero; echo done >&2").run()
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.count == BackendProcess.outputLimit)
        #expect(String(decoding: result.standardError, as: UTF8.self) == "done\n")
    }

    @Test func aBackgroundChildHoldingTheOutputDoesNotHangTheCall() throws {
        let started = Date()
        let result = try shell("sleep 30 & echo started").run()
        #expect(result.exitStatus == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "started\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aMissingProgramCannotStart() {
        #expect(throws: BackendProcess.Failure.self) {
            try BackendProcess(executable: "/nonexistent/cktool", arguments: [], environment: [:], timeout: 1).run()
        }
    }

    @Test func theRunnerFindsCKToolAndScrubsTheToken() throws {
        let folder = try TemporaryDirectory()
        try folder.write("#!/bin/sh\necho \"args: $*\"; echo \"token: $CLOUDKIT_MANAGEMENT_TOKEN\" >&2; exit 4\n", to: "cktool")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("cktool").path)
        let container = CloudKitContainer(containerID: "iCloud.a.b", teamID: "TEAM123456")
        let variables = ["PATH": folder.url.path, "CKTOOL": "cktool", "CLOUDKIT_MANAGEMENT_TOKEN": "s3cr3t-token"]
        let runner = CKToolRunner(container: container, timeout: 5, variables: variables)
        #expect(try runner.program().executable == folder.url.appendingPathComponent("cktool").path)
        #expect(throws: DeployFailure.couldNotRun("cktool export-schema failed with exit status 4: args: export-schema "
            + "--team-id TEAM123456 --container-id iCloud.a.b --environment production / token: [redacted]")) {
            try runner.run("export-schema", environment: .production, [])
        }
        let withoutXcrun = CKToolRunner(container: container, variables: ["PATH": folder.url.path, "CLOUDKIT_MANAGEMENT_TOKEN": "t"])
        #expect(throws: DeployFailure.couldNotRun("cktool is not available: xcrun is not on PATH (cktool comes with "
            + "Xcode 13 or later on macOS); set CKTOOL to the cktool program")) {
            try withoutXcrun.program()
        }
        let withoutContainer = CKToolRunner(container: nil, variables: variables)
        #expect(throws: DeployFailure.couldNotRun("the cktool backend needs 'cloudkit.containerID' and 'cloudkit.teamID' "
            + "in ckschema.yaml")) {
            try withoutContainer.run("export-schema", environment: .development, [])
        }
    }
}
