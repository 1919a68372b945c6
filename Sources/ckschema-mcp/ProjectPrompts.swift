#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import MCP

/// The workflows the server offers as prompts: reviewing a schema change before a deploy, and making SwiftData
/// models CloudKit-compatible. Each names the tools to call, in order.
enum ProjectPrompts {
    static let reviewChange = "review_schema_change"
    static let compatibleModels = "make_models_cloudkit_compatible"

    static let all: [Prompt] = [
        Prompt(name: reviewChange, title: "Review this schema change before deploy",
               description: "Lint the project schema, diff it against production and development, and review the "
                   + "deploy plan: what changes, what is breaking, and what a person must do.",
               arguments: [.init(name: "environment", description: "development (default) or production",
                                 required: false)]),
        Prompt(name: compatibleModels, title: "Make these SwiftData models CloudKit-compatible",
               description: "Run check_models, explain each finding with explain_rule, and change the models until "
                   + "check_models is clean.",
               arguments: [.init(name: "paths", description: "The model files or folders (default: models in "
                                     + "ckschema.yaml)", required: false)]),
    ]

    static func get(_ name: String, arguments: [String: String]?) throws -> GetPrompt.Result {
        switch name {
        case reviewChange:
            let environment = arguments?["environment"] ?? "development"
            guard ["development", "production"].contains(environment) else {
                throw MCPError.invalidParams("'environment' must be development or production")
            }
            return GetPrompt.Result(description: "Review the schema change before deploying to \(environment)", messages: [
                .user(.text(text: """
                    Review the CloudKit schema change in this project before it is deployed to \(environment).
                    1. Call `lint` on the project schema. Any error stops the review: fix it (use `explain_rule` for \
                    the rule behind each finding) and lint again.
                    2. Call `diff` (from production to the project schema) and list every change with its \
                    classification. A breaking change cannot reach production: propose an additive alternative \
                    (a new field or record type instead of a removal, rename or type change).
                    3. Call `diff` from development to the project schema too: that is what the development deploy \
                    applies.
                    4. Call `deploy_plan` with to=\(environment) and summarise the plan and the gate's verdict.
                    5. If fixtures or seed data exist, call `validate_records` on them against the project schema.
                    Finish with a verdict (ready / not ready) and the command a person runs to deploy \
                    (`ckschema deploy --to \(environment)`). Never deploy yourself; production deploys are \
                    reviewed and run by a person.
                    """)),
            ])
        case compatibleModels:
            let paths = arguments?["paths"].map { " with paths [\($0)]" } ?? ""
            return GetPrompt.Result(description: "Make the SwiftData models CloudKit-compatible", messages: [
                .user(.text(text: """
                    Make this app's SwiftData (or Core Data) models compatible with CloudKit mirroring \
                    (NSPersistentCloudKitContainer).
                    1. Call `check_models`\(paths). For each finding, call `explain_rule` with its id and fix the \
                    model as the rule says: no unique constraints, every attribute optional or with a default, \
                    every relationship optional with an inverse, no Deny delete rule, no ordered relationships.
                    2. Call `check_models` again until it reports no errors.
                    3. Changes to models already in production must be additive: removing or retyping an \
                    attribute breaks installed apps. When a model was already deployed, call `diff` from \
                    production to the models' schema and keep it free of breaking changes.
                    Report each change you made and the finding it fixed.
                    """)),
            ])
        default:
            throw MCPError.invalidParams("unknown prompt '\(name)'; the prompts are \(reviewChange) and \(compatibleModels)")
        }
    }
}
#endif
