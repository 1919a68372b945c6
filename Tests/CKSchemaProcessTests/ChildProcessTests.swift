import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// `ChildProcess.run`: how programs end, what they are given, and which programs can be started.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
    /// Runs `script` under `/bin/sh -c`.
    static func shell(_ script: String, _ options: ChildProcess.Options = .init(outputLimit: .enough)) throws -> ChildProcess.Result {
        try ChildProcess.run("/bin/sh", arguments: ["-c", script], options: options)
    }

    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    @Test func anExitStatusAndBothOutputsAreReported() throws {
        let result = try Self.shell("echo out; echo err >&2; exit 7")
        #expect(result.termination == .exited(7))
        #expect(result.exitStatus == 7)
        #expect(result.signal == nil)
        #expect(Self.text(result.standardOutput) == "out\n")
        #expect(Self.text(result.standardError) == "err\n")
        #expect(!result.timedOut)
        #expect(!result.exceededOutputLimit)
    }

    @Test(arguments: [SIGKILL, SIGTERM, SIGUSR1, SIGSEGV])
    func aDeathBySignalIsReportedAsTheSignal(_ signalNumber: Int32) throws {
        let result = try Self.shell("echo before; kill -\(signalNumber) $$; echo after")
        #expect(result.termination == .signaled(signalNumber))
        #expect(result.exitStatus == nil)
        #expect(result.signal == signalNumber)
        #expect(Self.text(result.standardOutput) == "before\n")
        #expect(!result.timedOut)
    }

    /// The one wording of why a program failed, which cktool, generator and git messages put after its name.
    @Test func failuresReadTheSameForEveryCaller() throws {
        #expect(try Self.shell("exit 3").failure?.description == "failed with exit status 3")
        #expect(try Self.shell("kill -9 $$").failure?.description == "was killed by signal 9")
        #expect(try Self.shell("sleep 30", .init(timeout: 1, gracePeriod: 0.2, outputLimit: .enough)).failure?.description
            == "did not finish within 1 second and was stopped")
        #expect(try Self.shell("yes", .init(timeout: 30, outputLimit: .stop(afterTotalBytes: 1 << 20))).failure?.description
            == "wrote more than 1 MiB and was stopped")
        #expect(try Self.shell("head -c 5000 /dev/zero", .init(outputLimit: .keepFirst(bytesPerStream: 10))).failure == nil,
                "output dropped at a keepFirst limit is no failure")
        #expect(try Self.shell("exit 0").failure == nil)
        #expect(ChildProcess.Failure.timedOut(seconds: 2.5).description == "did not finish within 2.5 seconds and was stopped")
        #expect(ChildProcess.Failure.wroteTooMuch(bytes: 1000).description == "wrote more than 1000 bytes and was stopped")
    }

    @Test func theProgramStartsInTheWorkingDirectory() throws {
        let folder = try TemporaryDirectory()
        let result = try ChildProcess.run("/bin/pwd", options: .init(workingDirectory: folder.url.path, outputLimit: .enough))
        #expect(Self.text(result.standardOutput) == folder.url.resolvingSymlinksInPath().path + "\n")
        #expect(throws: ChildProcess.LaunchError.self, "a missing folder keeps the program from starting") {
            try ChildProcess.run("/bin/pwd", options: .init(workingDirectory: folder.url.path + "/missing",
                                                            outputLimit: .enough))
        }
    }

    @Test func argumentsReachTheProgramVerbatimWithoutAShell() throws {
        let arguments = ["a b", "$HOME", "'quoted'", "*", "; echo no", ""]
        let result = try ChildProcess.run("/bin/sh", arguments: ["-c", "printf '[%s]\\n' \"$@\"", "sh"] + arguments, options: .init(outputLimit: .enough))
        #expect(Self.text(result.standardOutput) == arguments.map { "[\($0)]\n" }.joined())
    }

    @Test func anExplicitEnvironmentIsAllTheProgramSees() throws {
        #expect(ProcessInfo.processInfo.environment["PATH"] != nil, "the test needs a variable the parent has")
        let result = try ChildProcess.run("/usr/bin/env", options: .init(environment: .exactly(["ONLY": "this one"]), outputLimit: .enough))
        // Besides the run's marker, by which the descendants that leave the process group are found.
        let lines = Self.text(result.standardOutput).split(separator: "\n").filter { !$0.hasPrefix("CKSCHEMA_PROCESS_TREE=") }
        #expect(lines == ["ONLY=this one"], "nothing of the parent's environment leaks")
    }

    @Test func anInheritedEnvironmentTakesOverrides() throws {
        let parentPath = try #require(ProcessInfo.processInfo.environment["PATH"])
        let inherited = try ChildProcess.run("/usr/bin/env", options: .init(environment: .inherited(overriding: ["EXTRA": "1"]), outputLimit: .enough))
        let lines = Set(Self.text(inherited.standardOutput).split(separator: "\n").map(String.init))
        #expect(lines.contains("EXTRA=1"))
        #expect(lines.contains("PATH=\(parentPath)"))
        let replaced = try ChildProcess.run("/usr/bin/env", options: .init(environment: .inherited(overriding: ["PATH": "/x"]), outputLimit: .enough))
        let replacedLines = Self.text(replaced.standardOutput).split(separator: "\n")
        #expect(replacedLines.contains("PATH=/x"))
        #expect(!replacedLines.contains("PATH=\(parentPath)"))
    }

    @Test func withoutInputStandardInputIsEmpty() throws {
        let result = try ChildProcess.run("/bin/cat", options: .init(outputLimit: .enough))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.isEmpty)
        let empty = try ChildProcess.run("/bin/cat", options: .init(input: Data(), outputLimit: .enough))
        #expect(empty.termination == .exited(0), "empty input is an immediate end of file")
        #expect(empty.standardOutput.isEmpty)
    }

    @Test func theProgramLeadsItsOwnProcessGroup() throws {
        #if os(Linux)
        let started = StartedProcess()
        let result = try ChildProcess.run("/bin/cat", arguments: ["/proc/self/stat"],
                                          options: .init(outputLimit: .enough, onStart: { started.record($0) }))
        // `pid (comm) state ppid pgrp …`; `cat` has no spaces in its name.
        let fields = Self.text(result.standardOutput).split(separator: " ")
        let pid = try #require(started.pid)
        #expect(fields.first.flatMap { Int32($0) } == pid, "onStart is given the program's process id")
        #expect(fields.count > 4 && Int32(fields[4]) == pid, "its process group is its own")
        #endif
    }

    @Test func theProgramStartsWithDefaultSignalsAndNoInheritedDescriptors() throws {
        #if os(Linux)
        // A descriptor opened without close-on-exec, and a signal blocked on the calling thread.
        // Numbered high, clear of the descriptors `ls` opens itself (3 is the folder it reads).
        let opened = open("/dev/null", O_RDONLY)
        let leaked = fcntl(opened, F_DUPFD, 64)
        close(opened)
        defer { close(leaked) }
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR2)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let status = try ChildProcess.run("/bin/cat", arguments: ["/proc/self/status"], options: .init(outputLimit: .enough))
        /// The standard signals (1–31) in a `/proc` signal-set line; glibc's own real-time signals are its business.
        func standardSignals(_ name: String) -> UInt64? {
            Self.text(status.standardOutput).split(separator: "\n").first { $0.hasPrefix(name + ":\t") }
                .flatMap { UInt64($0.dropFirst(name.count + 2), radix: 16) }.map { $0 & 0x7fff_ffff }
        }
        #expect(standardSignals("SigBlk") == 0, "no signal is blocked")
        #expect(standardSignals("SigIgn") == 0, "no signal is ignored")
        let descriptors = try ChildProcess.run("/bin/ls", arguments: ["/proc/self/fd"], options: .init(outputLimit: .enough))
        let open = Set(Self.text(descriptors.standardOutput).split(separator: "\n").compactMap { Int32($0) })
        #expect(!open.contains(leaked))
        #expect(open.isSubset(of: [0, 1, 2, 3]), "the three streams, and the folder `ls` is reading: \(open)")
        #endif
    }

    @Test(arguments: [
        ("/nonexistent/program", ENOENT),
        ("/dev/null", EACCES),
        ("/tmp", EACCES),
    ])
    func aProgramThatCannotStartIsATypedError(_ path: String, _ code: Int32) throws {
        #expect(throws: ChildProcess.LaunchError.cannotStart(executable: path, code: code)) {
            try ChildProcess.run(path, options: .init(outputLimit: .enough))
        }
    }

    @Test func aNameIsLookedUpOnThePathOfTheProgramsEnvironment() throws {
        let folder = try TemporaryDirectory()
        try Self.executable("#!/bin/sh\necho \"found: $0\"\n", in: folder, named: "probe")
        let result = try ChildProcess.run("probe", options: .init(environment: .exactly(["PATH": "/nonexistent::" + folder.url.path]), outputLimit: .enough))
        #expect(Self.text(result.standardOutput) == "found: \(folder.url.path)/probe\n")
        #expect(throws: ChildProcess.LaunchError.notFound(name: "probe", searchPath: "/nonexistent")) {
            try ChildProcess.run("probe", options: .init(environment: .exactly(["PATH": "/nonexistent"]), outputLimit: .enough))
        }
        #expect(ChildProcess.LaunchError.notFound(name: "probe", searchPath: "").description
            == "cannot start 'probe': it is not on PATH")
        #expect(ChildProcess.LaunchError.cannotStart(executable: "/x", code: ENOENT).description
            == "cannot start '/x': No such file or directory")
    }

    @Test func locatingSkipsDirectoriesNonExecutablesAndEmptyEntries() throws {
        let folder = try TemporaryDirectory()
        let first = folder.url.appendingPathComponent("first").path
        let second = folder.url.appendingPathComponent("second").path
        try FileManager.default.createDirectory(atPath: first + "/tool", withIntermediateDirectories: true)
        try folder.write("#!/bin/sh\n", to: "first/plain")
        try Self.executable("#!/bin/sh\n", in: folder, named: "second/tool")
        try Self.executable("#!/bin/sh\n", in: folder, named: "second/plain")
        #expect(ChildProcess.locate("tool", searchPath: "::\(first):\(second)/") == second + "/tool")
        #expect(ChildProcess.locate("plain", searchPath: "\(first):\(second)") == second + "/plain")
        #expect(ChildProcess.locate("tool", searchPath: first) == nil, "a directory is not a program")
        #expect(ChildProcess.locate("tool", searchPath: nil) == nil)
        #expect(ChildProcess.locate("tool", searchPath: "") == nil, "an empty entry is not the current directory")
        #expect(ChildProcess.locate("", searchPath: second) == nil)
        #expect(ChildProcess.locate(second + "/tool", searchPath: nil) == second + "/tool", "a path is taken as it is")
        #expect(ChildProcess.locate(first + "/plain", searchPath: nil) == nil)
        #expect(ChildProcess.locate(first + "/tool", searchPath: nil) == nil)
    }

    /// Writes an executable file at `name` inside `folder`.
    static func executable(_ text: String, in folder: TemporaryDirectory, named name: String) throws {
        let file = try folder.write(text, to: name)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
}

/// The process id `onStart` reported, read after the run.
final class StartedProcess: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Int32?

    func record(_ pid: Int32) {
        lock.withLock { recorded = pid }
    }

    var pid: Int32? {
        lock.withLock { recorded }
    }
}

extension ChildProcess.OutputLimit {
    /// More than any program of these tests writes (the most is 7 MB on one stream).
    static let enough = ChildProcess.OutputLimit.keepFirst(bytesPerStream: 64 << 20)
}
