#if MCP  // the package trait that brings the MCP SDK (Package.swift)
/// Every tool the server offers, in the order `tools/list` gives them.
enum ToolCatalog {
    static let all: [ProjectTool] = [
        .lint, .explainRule, .listRules, .validateRecords, .diff, .convert, .generatePreview, .generate, .deployPlan,
        .checkCode, .checkModels, .doctor,
    ]

    static func tool(named name: String) -> ProjectTool? {
        all.first { $0.name == name }
    }
}
#endif
