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
            a name it cannot resolve is left out. A file a target compiles (itself, or through a framework it \
            depends on) is judged against the entitlements of each platform variant of that target that compiles \
            it — a file filtered to iOS is not judged against the macOS variant — so a container only the \
            iOS app lists is reported in the code the macOS app compiles. A file no target's sources name (a local \
            package), or any file when the project does not say which target compiles what, is judged against \
            every target's and signing script's entitlements. Code that reads its own entitlements or \
            provisioning profile at run time (`embedded.mobileprovision`, `SecTaskCopyValueForEntitlement`) can \
            skip creating a container where it is not entitled: for a target compiling such code the finding is \
            a warning naming the check — that target never syncs with the container, and a wrong check still \
            stops the app.
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
        return code.containers.flatMap { named in
            let compiling = context.signedVariants(compiling: named.location.file)
            return compiling.isEmpty ? Self.appWide(named, entitled: entitled, context)
                : Self.perTarget(named, compiling: compiling, context)
        }
    }

    /// A file no known target compiles: any build's entitlements may open the container.
    private static func appWide(_ named: NamedContainer, entitled: [String], _ context: AppRuleContext) -> [Diagnostic] {
        guard !entitled.contains(named.identifier) else { return [] }
        let listed = entitled.isEmpty ? "no entitlements list a container"
            : "the entitlements list " + entitled.map { "'\($0)'" }.joined(separator: ", ")
        return [context.finding(
            "the code names the container '\(named.identifier)', which no target is entitled to (\(listed)): "
                + "CloudKit stops the app when it creates this container; add it to the iCloud capability"
                + Spelling.didYouMean(Spelling.closest(named.identifier, among: entitled)),
            at: named.location)]
    }

    /// A file known targets compile: each variant compiling it must be entitled to the container. One finding per
    /// place, naming every variant that is not (a shared file in an app of six variants is one finding, not six).
    private static func perTarget(_ named: NamedContainer,
                                  compiling: [(target: AppTarget, variant: AppVariant, entitlements: Entitlements)],
                                  _ context: AppRuleContext) -> [Diagnostic] {
        var lacking: [String] = []
        var listedAnywhere: [String] = []
        var runTimeChecks: [SourceLocation?] = []
        for (target, variant, entitlements) in compiling {
            let listed = entitlements.containers.map(\.text)
            guard !listed.contains(named.identifier) else { continue }
            let only = listed.isEmpty ? "lists no container" : "lists only " + listed.map { "'\($0)'" }.joined(separator: ", ")
            let phrase = "\(AppRuleContext.targetPhrase(target, on: variant.platform)) ('\(entitlements.path)' \(only))"
            if !lacking.contains(phrase) {
                lacking.append(phrase)
                runTimeChecks.append(context.code(of: target, on: variant.platform)?.markers
                    .first { $0.kind == .checksEntitlementsAtRunTime }?.location)
            }
            listedAnywhere += listed.filter { !listedAnywhere.contains($0) }
        }
        guard !lacking.isEmpty else { return [] }
        let who = lacking.count == 1 ? lacking[0] + " compiles this file"
            : "\(lacking.count) target variants compile this file without it: " + lacking.joined(separator: "; ")
        let fix = "add it to the iCloud capability of each target that runs this code"
            + Spelling.didYouMean(Spelling.closest(named.identifier, among: listedAnywhere))
        // Code that reads its own entitlements at run time can leave the container alone where it is not entitled
        // (a target that then never syncs): a warning that names the check, not a certain trap.
        let checks = runTimeChecks.compactMap { $0 }
        if checks.count == runTimeChecks.count, let check = checks.first {
            return [context.finding(
                "the code names the container '\(named.identifier)', but \(who); the code reads its entitlements at "
                    + "run time (\(check)), so it may skip creating it there — that target then never syncs with it, "
                    + "and a wrong check stops the app; if it should sync, " + fix,
                at: named.location, severity: .warning, notes: [Note("the run-time entitlement check", at: check)])]
        }
        return [context.finding(
            "the code names the container '\(named.identifier)', but \(who): CloudKit stops the app when it creates "
                + "this container; " + fix,
            at: named.location)]
    }
}
