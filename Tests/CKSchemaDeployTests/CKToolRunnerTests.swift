@testable import CKSchemaDeploy
import CKSchemaCore
import CKSchemaTestSupport
import Foundation
import Testing

/// Running cktool through `ChildProcess`: the time limit stops the whole process group and says how to raise
/// it, exits and signals are told apart in the one wording, output is bounded, and the token is kept out of
/// arguments and messages. (`ChildProcessTests` covers the runner itself.)
@Suite struct CKToolRunnerTests {
    static let container = CloudKitContainer(containerID: "iCloud.a.b", teamID: "TEAM123456")

    /// A runner whose cktool is `script` (a shell script written into `folder`), limited to `timeout` seconds.
    private func runnerWith(_ script: String, in folder: TemporaryDirectory, timeout: TimeInterval = 10) throws -> CKToolRunner {
        let cktool = try folder.write("#!/bin/sh\n\(script)\n", to: "cktool")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cktool.path)
        var variables = ProcessInfo.processInfo.environment
        variables["CKTOOL"] = cktool.path
        variables["CLOUDKIT_MANAGEMENT_TOKEN"] = "s3cr3t-token"
        return CKToolRunner(container: Self.container, timeout: timeout, variables: variables)
    }

    @Test func aTimeoutStopsCKToolAndItsChildrenAndSaysHowToRaiseIt() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("child").path
        let runner = try runnerWith("sleep 30 & echo $! > '\(path)'; wait", in: folder, timeout: 0.5)
        let started = Date()
        #expect(throws: DeployFailure.couldNotRun("cktool export-schema did not finish within 0.5 seconds and was "
            + "stopped (raise the limit with --timeout)")) {
            try runner.run("export-schema", environment: .development, [])
        }
        #expect(Date().timeIntervalSince(started) < 5)
        let child = try #require(Int32(try String(contentsOfFile: path, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(ProcessLiveness.waitUntilEnded(child), "cktool's background child is stopped with it")
    }

    @Test func exitStatusesAndSignalsAreReportedApart() throws {
        let folder = try TemporaryDirectory()
        let failing = try runnerWith("echo out; echo err >&2; exit 3", in: folder)
        #expect(throws: DeployFailure.couldNotRun("cktool export-schema failed with exit status 3: out / err")) {
            try failing.run("export-schema", environment: .development, [])
        }
        let killed = try runnerWith("kill -9 $$", in: folder)
        #expect(throws: DeployFailure.couldNotRun("cktool export-schema was killed by signal 9")) {
            try killed.run("export-schema", environment: .development, [])
        }
    }

    @Test func outputIsBoundedAndAChattyCKToolNeverBlocks() throws {
        let folder = try TemporaryDirectory()
        let runner = try runnerWith("head -c 3000000 /dev/zero; echo done >&2", in: folder)
        let output = try runner.run("export-schema", environment: .development, [])
        #expect(output.standardOutput.utf8.count == 1 << 20, "the first MiB of standard output is kept")
        #expect(output.standardError == "done\n")
    }

    @Test func aBackgroundChildHoldingTheOutputDoesNotHangTheCall() throws {
        let folder = try TemporaryDirectory()
        let runner = try runnerWith("sleep 30 & echo started", in: folder)
        let started = Date()
        #expect(try runner.run("export-schema", environment: .development, []).standardOutput == "started\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func theRunnerFindsCKToolAndScrubsTheToken() throws {
        let folder = try TemporaryDirectory()
        try folder.write("#!/bin/sh\necho \"args: $*\"; echo \"token: $CLOUDKIT_MANAGEMENT_TOKEN\" >&2; exit 4\n", to: "cktool")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("cktool").path)
        let container = Self.container
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
