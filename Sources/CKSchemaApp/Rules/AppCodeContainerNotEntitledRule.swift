import CKSchemaCore

/// A container the code names that no entitlements file lists.
struct AppCodeContainerNotEntitledRule: AppRule {
    static let description = RuleDescription(
        id: "app_code_container_not_entitled", kind: .app, category: .app, defaultSeverity: .error,
        summary: "A container the Swift code names (`CKContainer(identifier:)`, `NSPersistentCloudKitContainerOptions(containerIdentifier:)`, `ModelConfiguration(cloudKitDatabase: .private(…))`) must be listed in the app's entitlements.",
        rationale: """
            CloudKit checks a container identifier against the signed `com.apple.developer.icloud-container-identifiers` \
            when the container is created, and a container the app is not entitled to stops the app with an \
            exception Swift cannot catch — at launch when the container is made there. Doctor resolves the \
            identifier through literals, constants, static lets, enum cases, local lets and default arguments; \
            a name it cannot resolve is left out. Which target a Swift file is compiled into is not read: the \
            identifier is judged against every target's and signing script's entitlements, so a container \
            listed only by another target (an extension) is not reported.
            """,
        examples: .app(triggering: [
            AppExample(AppCodeExampleText.app("""
                enum Config { static let container = "iCloud.com.example.Jornal" }
                let container = ↓CKContainer(identifier: Config.container)
                """)),
            AppExample(AppCodeExampleText.app("""
                let config = ↓ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.Other"))
                """)),
        ], nonTriggering: [
            AppExample(AppCodeExampleText.app("""
                let container = CKContainer(identifier: "iCloud.com.example.Journal")
                """)),
            AppExample(AppCodeExampleText.app("""
                func open(_ identifier: String) -> CKContainer { CKContainer(identifier: identifier) }
                """)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        guard let code = context.project.code else { return [] }
        let entitled = context.entitledContainers
        guard !context.signed.isEmpty else { return [] }
        return code.containers.compactMap { named in
            guard !entitled.contains(named.identifier) else { return nil }
            let listed = entitled.isEmpty ? "no entitlements list a container"
                : "the entitlements list " + entitled.map { "'\($0)'" }.joined(separator: ", ")
            return context.finding(
                "the code names the container '\(named.identifier)', which no target is entitled to (\(listed)): "
                    + "CloudKit stops the app when it creates this container; add it to the iCloud capability"
                    + Spelling.didYouMean(Spelling.closest(named.identifier, among: entitled)),
                at: named.location)
        }
    }
}
