import Foundation
import PackagePlugin
import Testing
import XcodeProjectPlugin

/// `cloudkit-doctor`, entered as SwiftPM and as Xcode's project menu enter it: one `ckschema doctor` over the
/// whole folder, whose JSON report becomes issues at their file and line — what a person sees in Xcode's Issue
/// navigator — and a failure when doctor failed.
@Suite struct DoctorPluginTests {
    /// Doctor's report as `ckschema doctor --format json` prints it: an error with a note, in the entitlements,
    /// relative to where doctor ran; a warning at an absolute path; a note about the app as a whole.
    static let report = """
        {
          "diagnostics" : [
            {
              "id" : "app_environment_split",
              "location" : { "column" : 2, "file" : "Mac/Mac.entitlements", "line" : 7 },
              "message" : "targets 'App' and 'Mac' share container 'iCloud.com.example.App' but only 'Mac' pins the environment",
              "notes" : [
                { "location" : { "column" : 2, "file" : "App/App.entitlements", "line" : 5 }, "message" : "'App' lists it here" }
              ],
              "record" : null,
              "severity" : "error",
              "subject" : "Mac"
            },
            {
              "id" : "app_push_entitlement_missing",
              "location" : { "column" : 1, "file" : "ROOT/Widget/Widget.entitlements", "line" : 3 },
              "message" : "target 'Widget' uses CloudKit but has no 'aps-environment' entitlement",
              "notes" : [ ],
              "record" : null,
              "severity" : "warning",
              "subject" : "Widget"
            },
            {
              "id" : "app_project_not_read",
              "location" : null,
              "message" : "Tuist's Project.swift is recognised, not read",
              "notes" : [ ],
              "record" : null,
              "severity" : "note",
              "subject" : null
            }
          ],
          "summary" : { "errors" : 1, "notes" : 1, "warnings" : 1 },
          "version" : 1
        }

        """

    static let clean = """
        { "diagnostics" : [ ], "summary" : { "errors" : 0, "notes" : 0, "warnings" : 0 }, "version" : 1 }

        """

    /// Runs the plugin from both worlds with `arguments`; requires them to run, show and throw the same — the
    /// package's messages starting with their place, which SwiftPM's command line does not print — and returns
    /// what ran, what Xcode showed and the failure.
    func performInBoth(_ fake: FakeWorld, _ arguments: [String]) async throws
        -> (runs: [String], emitted: [EmittedDiagnostics.Entry], error: PluginError?)
    {
        let package = await EmittedDiagnostics.collect {
            try await CKSchemaDoctorPlugin().performCommand(context: fake.packageContext, arguments: arguments)
        }
        let packageRuns = rendered(try fake.recorder.takeRuns())
        // Xcode passes the targets chosen in its dialog; doctor judges them all the same.
        let xcode = await EmittedDiagnostics.collect {
            try CKSchemaDoctorPlugin().performCommand(context: fake.xcodeContext,
                                                      arguments: ["--target", "App"] + arguments)
        }
        let xcodeRuns = rendered(try fake.recorder.takeRuns())
        #expect(packageRuns == xcodeRuns)
        #expect(package.emitted == xcode.emitted.map { entry in
            guard let file = entry.file else { return entry }
            let path = file.hasPrefix(fake.root.path + "/") ? String(file.dropFirst(fake.root.path.count + 1)) : file
            return .init(severity: entry.severity, message: "\(path):\(entry.line!): \(entry.message)", file: file,
                         line: entry.line)
        })
        #expect(package.error as? PluginError == xcode.error as? PluginError)
        if let error = package.error { #expect(error is PluginError, "\(error)") }
        return (packageRuns, xcode.emitted, xcode.error as? PluginError)
    }

    @Test func eachFindingIsAnIssueAtItsFileAndLineAndErrorsFailThePlugin() async throws {
        let fake = try FakeWorld()
        try fake.recorder.reply(Self.report.replacingOccurrences(of: "ROOT", with: fake.root.path), status: 1)
        let (runs, emitted, error) = try await performInBoth(fake, ["--strict"])
        #expect(runs == [run("ckschema", in: fake.root, ["doctor", ".", "--format", "json", "--strict"])])
        #expect(emitted == [
            .init(severity: .error, message: "targets 'App' and 'Mac' share container 'iCloud.com.example.App' but "
                + "only 'Mac' pins the environment [app_environment_split]",
                  file: fake.path("Mac/Mac.entitlements"), line: 7),
            .init(severity: .remark, message: "'App' lists it here", file: fake.path("App/App.entitlements"), line: 5),
            .init(severity: .warning, message: "target 'Widget' uses CloudKit but has no 'aps-environment' "
                + "entitlement [app_push_entitlement_missing]", file: fake.path("Widget/Widget.entitlements"), line: 3),
            // No place: no file, not the plugin's own source (the API's default).
            .init(severity: .remark, message: "Tuist's Project.swift is recognised, not read [app_project_not_read]",
                  file: nil, line: nil),
        ])
        #expect(error == .doctorFindings(errors: 1, warnings: 1))
        // From `swift package`, the place is in the message too, relative to the package.
        let package = await EmittedDiagnostics.collect {
            try await CKSchemaDoctorPlugin().performCommand(context: fake.packageContext, arguments: [])
        }
        #expect(package.emitted.first?.message.hasPrefix("Mac/Mac.entitlements:7: targets 'App' and 'Mac'") == true)
        #expect(package.emitted.last?.message == "Tuist's Project.swift is recognised, not read [app_project_not_read]")
        #expect(error?.description == "ckschema doctor found 1 error and 1 warning (listed as issues)")
    }

    @Test func aCleanAppShowsNothingAndSucceeds() async throws {
        let fake = try FakeWorld()
        try fake.recorder.reply(Self.clean, status: 0)
        let (runs, emitted, error) = try await performInBoth(fake, ["--config", "ckschema.yaml"])
        #expect(runs == [run("ckschema", in: fake.root, [
            "doctor", ".", "--format", "json", "--config", "ckschema.yaml",
        ])])
        #expect(emitted.isEmpty)
        #expect(error == nil)
    }

    @Test func warningsAloneShowButDoNotFail() async throws {
        let fake = try FakeWorld()
        let warningOnly = Self.report
            .replacingOccurrences(of: "\"severity\" : \"error\"", with: "\"severity\" : \"warning\"")
            .replacingOccurrences(of: "\"errors\" : 1", with: "\"errors\" : 0")
        try fake.recorder.reply(warningOnly, status: 0)
        let (_, emitted, error) = try await performInBoth(fake, [])
        #expect(emitted.map(\.severity) == [.warning, .remark, .warning, .remark])
        #expect(error == nil)
    }

    @Test func doctorThatCouldNotRunFailsNamingTheCommandAndShowsNothing() async throws {
        let fake = try FakeWorld()
        try fake.recorder.reply("", status: 2)
        let (_, emitted, error) = try await performInBoth(fake, [])
        #expect(emitted.isEmpty)
        #expect(error == .toolFailed(command: "ckschema doctor . --format json", status: 2))
    }

    @Test func outputThatIsNotTheReportIsAClearError() async throws {
        let fake = try FakeWorld()
        for (output, reason) in [("TARGET  PLATFORM\nApp  iOS\n",
                                  "not a ckschema JSON report; it begins 'TARGET  PLATFORM'"),
                                 ("", "not a ckschema JSON report; it begins with nothing"),
                                 (Self.clean.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2"),
                                  "version 2 of the JSON report")] {
            try fake.recorder.reply(output, status: 0)
            let (_, emitted, error) = try await performInBoth(fake, [])
            #expect(emitted.isEmpty)
            guard case .doctorOutputUnreadable(let text)? = error else {
                Issue.record("expected doctorOutputUnreadable, got \(String(describing: error))")
                continue
            }
            #expect(text.hasPrefix(reason), "\(text)")
        }
    }

    @Test func theFormatIsThePluginsOwn() async throws {
        let fake = try FakeWorld()
        let (runs, _, error) = try await performInBoth(fake, ["--format", "sarif"])
        #expect(runs.isEmpty)
        #expect(error == .formatChosenByPlugin("sarif"))
        #expect(error?.description.contains("ckschema doctor --format sarif") == true)
    }
}
