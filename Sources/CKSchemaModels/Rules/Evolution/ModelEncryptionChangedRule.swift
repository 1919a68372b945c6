import CKSchemaCore

/// A synced attribute gained or lost `allowsCloudEncryption`.
struct ModelEncryptionChangedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_encryption_changed", kind: .model, category: .encryption, defaultSeverity: .error,
        summary: "A synced attribute must not gain or lose `allowsCloudEncryption`: only new attributes can be encrypted.",
        rationale: """
            An encrypted value lives in the record's `encryptedValues` and needs an ENCRYPTED field; a deployed \
            field cannot change. After the change every export of the attribute is refused ('Attempt to save \
            encrypted data in non encrypted field type'), stalling sync for updated devices, and older versions \
            still installed keep writing the other form. Add a new attribute with the encryption you want, copy \
            the value in code, and keep the old one.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("notes", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("notes", "String", " allowsCloudEncryption=\"YES\"", marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("notes", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("notes", "String"),
                    ModelExampleText.attribute("secretNotes", "String", " allowsCloudEncryption=\"YES\"")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        (context.evolution?.mirroredChanges(.encryptionChanged, of: .attribute) ?? []).map { change in
            context.finding(change,
                "\(ModelRuleContext.quoted(change.current)) changed from \(change.shipped?.value ?? "?") to "
                    + "\(change.current?.value ?? "?"): its deployed CloudKit field cannot change, so every export of it "
                    + "is refused and sync stalls for updated devices, while older versions keep writing the old form; "
                    + "add a new attribute with the encryption you want, copy the value in code, and keep this one")
        }
    }
}
