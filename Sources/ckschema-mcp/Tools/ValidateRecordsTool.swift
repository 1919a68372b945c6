#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService
import CKSchemaValidation

extension ProjectTool {
    /// `ckschema validate --format json --schema S RECORDS`, with the records inline or in a project file.
    static let validateRecords = ProjectTool(
        name: "validate_records",
        description: """
            Check record data (fixtures, seed data, exports) against a schema: CloudKit Web Services JSON \
            ({"records": [...]}, an array, or NDJSON) or, with record_type, cktool --fields-json payloads (the JSON \
            of `ckschema validate --format json`). Use it after changing a schema that existing fixtures or seed \
            data follow, or to check records you wrote. Give the records inline (`records`) or as a project \
            file (`file`).
            """,
        properties: [("records", ArgumentSchema.string("The records, as text.")),
                     ("file", ArgumentSchema.string("A record file in the project.")),
                     ("schema", ArgumentSchema.string("The schema, " + ArgumentSchema.schemaName
                                                      + ". Default: the project schema.")),
                     ("record_type", ArgumentSchema.string("Read cktool --fields-json payloads, all of this record type.")),
                     ("development", ArgumentSchema.boolean("Judge as development does: unknown record types and "
                                                            + "fields are warnings.")),
                     ("max_findings", ArgumentSchema.integer("List at most this many findings (default 10000; 0: no "
                                                             + "limit).", minimum: 0))],
        resultKeys: ArgumentSchema.diagnosticsKeys
    ) { arguments, project throws(ServiceError) in
        let input: RecordInput
        switch (try arguments.string("records"), try arguments.string("file")) {
        case (let records?, nil): input = .bytes(Array(records.utf8), name: "<records>")
        case (nil, let file?): input = .file(try project.folder.confine(file))
        default: throw .invalidArgument("give the records either inline ('records') or as a project file ('file')")
        }
        let schema = try arguments.string("schema")
        let recordType = try arguments.string("record_type")
        let maximumFindings = try arguments.integer("max_findings") ?? ValidationOptions.defaultMaximumFindings
        guard maximumFindings >= 0 else { throw .invalidArgument("'max_findings' must be 0 (no limit) or more") }
        let parsed = try project.loadSchema(schema).parsed
        try RecordCheck.requireUsable(parsed, named: schema ?? "project schema", recordType: recordType)
        let options = RecordCheck.options(recordType: recordType, development: try arguments.bool("development"),
                                          maximumFindings: maximumFindings)
        let result: ValidationResult
        do throws(RecordInputError) {
            result = try RecordValidator(schema: parsed.schema, options: options).validate([input])
        } catch {
            throw .couldNotRun(error.description)
        }
        let diagnostics = project.diagnostics + result.diagnostics
        return ToolOutput(summary: RecordCheck.summary(result, inputs: 1),
                          json: ReportFormat.json.reporter.render(diagnostics, context: ReportContext(rules: RecordRules.all)))
    }
}
#endif
