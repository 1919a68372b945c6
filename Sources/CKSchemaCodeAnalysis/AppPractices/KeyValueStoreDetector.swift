import CKSchemaApp

/// `app_key_value_store_unobserved`: `NSUbiquitousKeyValueStore` used in an app that never observes
/// `didChangeExternallyNotification`: values set on other devices arrive, but the app keeps showing the old
/// ones until it happens to read again. One finding per file, at its first use.
enum KeyValueStoreDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let evidence = scan.evidence(.keyValueChangesObserved, whereNamed: "didChangeExternallyNotification",
                                     "NSUbiquitousKeyValueStoreDidChangeExternallyNotification")
        guard let position = scan.identifiers["NSUbiquitousKeyValueStore"] else { return evidence }
        return evidence + [.practice(AppKeyValueStoreUnobservedRule.ruleID, unless: .keyValueChangesObserved,
            at: scan.location(at: position),
            "NSUbiquitousKeyValueStore is used but the app never observes its 'didChangeExternallyNotification': "
                + "changes from other devices are not noticed until the app reads again; observe it and reload")]
    }
}
