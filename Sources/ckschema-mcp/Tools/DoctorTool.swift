#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaReporting
import CKSchemaService

extension ProjectTool {
    /// `ckschema doctor --format json [PATH]`.
    static let doctor = ProjectTool(
        name: "doctor",
        description: """
            Check the app's entitlements, Info.plist, Xcode or XcodeGen project, signing scripts and CloudKit Swift \
            code (containers named, how it syncs, subscriptions, shares) against the app rules, offline (the same \
            findings and JSON as `ckschema doctor --format json`; the text has the table of what each target signs \
            with). Use it after changing entitlements, Info.plist, project or build settings, or code that talks to \
            CloudKit, and before a release. Reads the app's Swift code with ckschema-check-code when it is \
            installed beside ckschema-mcp or on PATH (without it the code rules are silent, and a note says so).
            """,
        properties: [("path", ArgumentSchema.string("The app's folder inside the project (default: the project folder)."))],
        resultKeys: ArgumentSchema.diagnosticsKeys
    ) { arguments, project throws(ServiceError) in
        let report = try project.doctor(try arguments.string("path"))
        let json = ReportFormat.json.reporter.render(report.diagnostics, context: ReportContext(sources: report.sources))
        // As `ckschema doctor` exits 2: nothing to judge (its findings, if any, say why).
        if let failure = report.failure { return ToolOutput(summary: failure, json: json, isError: true) }
        let summary = report.diagnostics.isEmpty ? report.cleanSummary : SchemaLint.findingsSummary(report.diagnostics)
        return ToolOutput(summary: report.table + "\n" + summary, json: json)
    }
}
#endif
