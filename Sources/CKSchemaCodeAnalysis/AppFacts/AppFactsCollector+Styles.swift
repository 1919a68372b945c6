import CKSchemaApp
import CKSchemaCore
import SwiftSyntax

/// The calls that show how the code syncs and the markers the configuration rules need.
extension AppFactsCollector {
    /// `CKDatabaseOperation` subclasses: creating one is a raw operation.
    static let rawOperations: Set<String> = [
        "CKModifyRecordsOperation", "CKFetchRecordsOperation", "CKQueryOperation", "CKFetchRecordZoneChangesOperation",
        "CKFetchDatabaseChangesOperation", "CKModifyRecordZonesOperation", "CKFetchRecordZonesOperation",
        "CKModifySubscriptionsOperation", "CKFetchSubscriptionsOperation",
    ]

    /// `CKDatabase` convenience methods, by their name and first argument label: labels distinctive enough
    /// that another type's method of the same name is unlikely (`save(_:)` alone is not).
    static let convenienceCalls: Set<String> = [
        "fetch(withRecordID:", "fetch(withQuery:", "fetch(withRecordZoneID:", "fetch(withSubscriptionID:",
        "records(matching:", "records(for:", "record(for:", "modifyRecords(saving:", "modifyRecordZones(saving:",
        "modifySubscriptions(saving:", "delete(withRecordID:", "delete(withRecordZoneID:", "perform(_:inZoneWith:",
        "recordZoneChanges(inZoneWith:", "databaseChanges(since:", "allRecordZones(", "allSubscriptions(",
        "recordZone(for:", "deleteRecord(withID:", "subscription(for:",
    ]

    /// Methods whose name alone is too common, counted when called on something named a database.
    static let databaseMethods: Set<String> = ["save", "fetch", "delete", "add", "perform", "modifyRecords"]

    /// `database`, `privateDB`, `container.privateCloudDatabase`, `CKContainer.default().publicCloudDatabase`.
    static func isDatabase(_ base: ExprSyntax?) -> Bool {
        guard let text = base?.trimmedText.lowercased() else { return false }
        return text.hasSuffix("database") || text.hasSuffix("db") || text.hasSuffix("database(with: .private)")
            || text.hasSuffix("database(with: .public)") || text.hasSuffix("database(with: .shared)")
    }

    /// The subscriptions an app builds to save.
    static let subscriptionTypes: Set<String> = ["CKQuerySubscription", "CKRecordZoneSubscription", "CKDatabaseSubscription"]

    /// Every other call: raw operations, CKSyncEngine, subscriptions, shares, remote-notification registration.
    func classify(_ node: FunctionCallExprSyntax, callee: String, name: String, at: CKSchemaCore.SourceLocation) {
        let member = node.calledExpression.as(MemberAccessExprSyntax.self)
        let firstLabel = node.arguments.first.map { $0.label?.text ?? "_" } ?? ""
        if Self.rawOperations.contains(name), member == nil {
            add(.rawOperations, at: at)
            if name == "CKModifySubscriptionsOperation", let saved = argument("subscriptionsToSave", of: node),
               saved.trimmedText != "nil", saved.trimmedText != "[]" {
                add(.savesSubscription, at: at)
            }
        } else if member != nil, Self.convenienceCalls.contains(name + "(" + (firstLabel.isEmpty ? "" : firstLabel + ":"))
                    || Self.convenienceCalls.contains(name + "(" + Self.labels(node))
                    || (Self.databaseMethods.contains(name) && Self.isDatabase(member?.base)) {
            add(.rawOperations, at: at)
        } else if name == "CKSyncEngine" || callee == "CKSyncEngine.Configuration" {
            add(.syncEngine, at: at)
        } else if Self.subscriptionTypes.contains(name), member == nil {
            add(.savesSubscription, at: at)
        } else if name == "SecTaskCopyValueForEntitlement" {
            add(.checksEntitlementsAtRunTime, at: at)
        } else if name == "registerForRemoteNotifications", member != nil {
            add(.registersForRemoteNotifications, at: at)
        } else if isCreatingShare(node, name: name, member: member) {
            add(.createsShare, at: at)
        } else if name == "CKAcceptSharesOperation" || name == "acceptShareInvitations"
                    || (name == "accept" && member != nil && node.arguments.count == 1 && Self.mentionsShareMetadata(node)) {
            add(.acceptsShare, at: at)
        }
    }

    /// `CKShare(rootRecord:)`, `CKShare(recordZoneID:)`, NSPersistentCloudKitContainer's `share(_:to:)`,
    /// `UICloudSharingController(…)`, SwiftUI's `CKShareTransferRepresentation`.
    private func isCreatingShare(_ node: FunctionCallExprSyntax, name: String, member: MemberAccessExprSyntax?) -> Bool {
        switch name {
        case "CKShare": member == nil && node.arguments.first.map { ["rootRecord", "recordZoneID"].contains($0.label?.text) } == true
        case "share": member != nil && node.arguments.contains { $0.label?.text == "to" }
        case "UICloudSharingController", "CKShareTransferRepresentation": member == nil
        default: false
        }
    }

    /// `container.accept(metadata)`: the argument's name says it is share metadata.
    private static func mentionsShareMetadata(_ node: FunctionCallExprSyntax) -> Bool {
        node.arguments.first.map { $0.expression.trimmedText.lowercased().contains("metadata") } ?? false
    }

    /// `perform(_:inZoneWith:` for a call `perform(query, inZoneWith: nil)`: the first two labels.
    private static func labels(_ node: FunctionCallExprSyntax) -> String {
        node.arguments.prefix(2).map { ($0.label?.text ?? "_") + ":" }.joined()
    }

    /// The app delegate or scene delegate method that accepts shares (`userDidAcceptCloudKitShareWith`).
    static func acceptsShares(_ node: FunctionDeclSyntax) -> Bool {
        node.signature.parameterClause.parameters.contains { $0.firstName.text == "userDidAcceptCloudKitShareWith" }
    }
}
