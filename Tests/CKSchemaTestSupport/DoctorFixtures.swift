/// The small app the doctor suites judge: one iOS XcodeGen target whose entitlements the test writes.
package enum DoctorFixtures {
    /// `project.yml` of an iOS app `Journal` (`com.example.Journal`) signing with `Journal/Journal.entitlements`,
    /// with `remote-notification` among its background modes.
    package static let journalProject = """
        name: Journal
        targets:
          Journal:
            type: application
            platform: iOS
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.Journal
            entitlements:
              path: Journal/Journal.entitlements
            info:
              path: Journal/Info.plist
              properties:
                UIBackgroundModes: [remote-notification]
        """
}
