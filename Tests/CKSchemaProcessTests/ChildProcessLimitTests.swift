import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// `ChildProcess.run` under pressure: time limits that stop the whole process group, input the program never
/// reads, large outputs on both streams, output limits, outputs held open by a background child.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessLimitTests {
    private static func shell(_ script: String, _ options: ChildProcess.Options = .init(outputLimit: .enough)) throws -> ChildProcess.Result {
        try ChildProcessTests.shell(script, options)
    }

    /// Whether process `pid` has ended, waiting up to a few seconds for it.
    private static func isGone(_ pid: Int32) -> Bool {
        ProcessLiveness.waitUntilEnded(pid)
    }

    /// The process id a script printed with `echo $!`.
    private static func printedPid(_ result: ChildProcess.Result) throws -> Int32 {
        try #require(Int32(ChildProcessTests.text(result.standardOutput).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func aTimeoutStopsTheWholeGroupIncludingAGrandchild() throws {
        let result = try Self.shell("sleep 30 & echo $!; wait", .init(timeout: 0.3, outputLimit: .enough))
        #expect(result.timedOut)
        #expect(result.termination == .signaled(SIGTERM))
        #expect(!result.exceededOutputLimit)
        #expect(Self.isGone(try Self.printedPid(result)), "the background child is stopped with the program")
    }

    @Test func aProgramThatIgnoresSIGTERMIsKilledAfterTheGracePeriod() throws {
        // The ignored SIGTERM is inherited by `sleep` too: only SIGKILL ends either.
        let result = try Self.shell("trap '' TERM; sleep 30 & echo $!; while :; do sleep 1; done",
                                    .init(timeout: 0.2, gracePeriod: 0.2, outputLimit: .enough))
        #expect(result.timedOut)
        #expect(result.termination == .signaled(SIGKILL))
        #expect(Self.isGone(try Self.printedPid(result)))
    }

    @Test func largeInputIsFedWhileTheOutputIsRead() throws {
        let input = Data((0..<6_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        let result = try ChildProcess.run("/bin/sh", arguments: ["-c", "cat; echo done >&2"], options: .init(input: input, outputLimit: .enough))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == input, "cat writes back what it reads: neither side blocks the other")
        #expect(ChildProcessTests.text(result.standardError) == "done\n")
    }

    @Test func largeInputToAProgramThatNeverReadsIt() throws {
        let input = Data(repeating: 0x41, count: 8_000_000)
        let exits = try Self.shell("echo done", .init(input: input, outputLimit: .enough))
        #expect(exits.termination == .exited(0))
        #expect(ChildProcessTests.text(exits.standardOutput) == "done\n")
        let hangs = try Self.shell("sleep 30", .init(input: input, timeout: 0.3, outputLimit: .enough))
        #expect(hangs.timedOut, "a full input pipe does not keep the time limit from stopping the program")
        #expect(hangs.termination == .signaled(SIGTERM))
    }

    @Test func largeOutputOnBothStreamsAtOnce() throws {
        let result = try Self.shell("head -c 5000000 /dev/zero >&2 & head -c 7000000 /dev/zero; wait")
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.count == 7_000_000)
        #expect(result.standardError.count == 5_000_000)
        #expect(!result.exceededOutputLimit)
    }

    @Test func keepFirstKeepsTheStartOfEachStreamAndLetsTheProgramFinish() throws {
        let result = try Self.shell("head -c 3000000 /dev/zero; printf small >&2; exit 3",
                                    .init(outputLimit: .keepFirst(bytesPerStream: 1000)))
        #expect(result.termination == .exited(3), "the program runs to its end")
        #expect(result.standardOutput.count == 1000)
        #expect(ChildProcessTests.text(result.standardError) == "small")
        #expect(result.exceededOutputLimit)
        #expect(!result.timedOut)
        let within = try Self.shell("printf 12345", .init(outputLimit: .keepFirst(bytesPerStream: 5)))
        #expect(ChildProcessTests.text(within.standardOutput) == "12345")
        #expect(!within.exceededOutputLimit)
    }

    @Test func stopCountsBothStreamsAndStopsTheProgram() throws {
        let result = try Self.shell("head -c 600 /dev/zero; head -c 600 /dev/zero >&2; sleep 30",
                                    .init(timeout: 30, outputLimit: .stop(afterTotalBytes: 1000)))
        #expect(result.exceededOutputLimit)
        #expect(!result.timedOut)
        #expect(result.signal != nil, "the program was stopped: \(result.termination)")
        #expect(result.standardOutput.count == 600)
        #expect(result.standardError.count == 400)
        let endless = try ChildProcess.run("/usr/bin/yes", options: .init(timeout: 30, outputLimit: .stop(afterTotalBytes: 100_000)))
        #expect(endless.exceededOutputLimit)
        #expect(endless.signal != nil)
        #expect(endless.standardOutput.count == 100_000)
        let within = try Self.shell("printf 12345", .init(outputLimit: .stop(afterTotalBytes: 5)))
        #expect(within.termination == .exited(0))
        #expect(!within.exceededOutputLimit)
    }

    @Test func outputsHeldOpenByABackgroundChildAreReadUntilTheyClose() throws {
        let result = try Self.shell("(sleep 0.2; echo late) & echo early", .init(outputLimit: .enough, outputGracePeriod: 20))
        #expect(result.termination == .exited(0))
        #expect(ChildProcessTests.text(result.standardOutput) == "early\nlate\n")
    }

    @Test func outputsHeldOpenPastTheGracePeriodEndTheRunAndTheBackgroundChild() throws {
        let result = try Self.shell("sleep 30 & echo $!", .init(outputLimit: .enough, outputGracePeriod: 0.2))
        #expect(result.termination == .exited(0), "the status is the program's own")
        #expect(!result.timedOut)
        #expect(Self.isGone(try Self.printedPid(result)), "the background child holding the output is killed")
    }
}
