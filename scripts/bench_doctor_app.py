"""Writes the doctor benchmark app: a synthetic CloudKit app shaped like a real one of about SWIFT_FILES Swift
files (default 2,000), for scripts/bench-doctor.sh.

- `Journal.xcodeproj/project.pbxproj`: eight targets (an iOS app, a macOS app, a widget, a share extension, a
  watchOS app, a framework holding most of the code, unit and UI tests), Debug and Release configurations, the
  project over `Configs/*.xcconfig` (one `#include`s another), every Swift file as a file reference, a build file
  and a member of its target's Sources phase, groups per folder, a Run Script phase that signs;
- per target `.entitlements` (containers through `$(CONTAINER_ID)`, a user-defined setting; push; on macOS the
  application and team identifiers), an XML `Info.plist` or a generated one (`GENERATE_INFOPLIST_FILE` + `INFOPLIST_KEY_*`), one binary
  `Info.plist`; settings with `[sdk=…]` and `[config=…]` conditions;
- Swift code in the shapes CloudKit apps use: containers named through constants and enums,
  `CKContainer.default()`, zone-change fetches with change tokens, queries with cursors, database subscriptions,
  shares, `CKModifyRecordsOperation` with error handling, one `CKSyncEngine`, one `NSPersistentCloudKitContainer`,
  one SwiftData `ModelConfiguration`; most files are ordinary app code (views with their subviews, models with
  their formatting, tests): about 80 lines a file, 158,000 lines for 2,000 files. It is read, never compiled
  (helpers such as `Store` and `Log` are not defined);
- signing outside Xcode: a Developer ID script, a Makefile and a GitHub workflow calling `codesign --entitlements`;
- `ckschema.yaml` naming the container, and noise doctor must not walk (`.build`, `Pods`, `DerivedData`).

Deterministic: the same arguments write the same bytes.

usage: python3 scripts/bench_doctor_app.py OUTPUT [SWIFT_FILES]
"""
import os
import plistlib
import sys

CONTAINER = "iCloud.com.example.journal"
SHARED = "iCloud.com.example.shared"

# name, product type, SDK, share of the Swift files, entitlements?, Info.plist style
TARGETS = [
    ("Journal", "com.apple.product-type.application", "iphoneos", 0.22, True, "xml"),
    ("JournalMac", "com.apple.product-type.application", "macosx", 0.10, True, "generated"),
    ("JournalWidget", "com.apple.product-type.app-extension", "iphoneos", 0.05, True, "binary"),
    ("JournalShare", "com.apple.product-type.app-extension", "iphoneos", 0.03, True, "xml"),
    ("JournalWatch", "com.apple.product-type.application", "watchos", 0.05, True, "generated"),
    ("JournalKit", "com.apple.product-type.framework", "iphoneos", 0.47, False, "generated"),
    ("JournalTests", "com.apple.product-type.bundle.unit-test", "iphoneos", 0.06, False, "generated"),
    ("JournalUITests", "com.apple.product-type.bundle.ui-testing", "iphoneos", 0.02, False, "generated"),
]


class IDs:
    """Object identifiers as Xcode writes them: 24 upper-case hex digits, in order of creation."""

    def __init__(self):
        self.next = 0x5A17E0000000000000000000

    def __call__(self):
        self.next += 1
        return f"{self.next:024X}"


def write(root, path, text, mode="w"):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as file:
        file.write(text)


def quoted(value):
    plain = value and all(c.isalnum() or c in "._/$()" for c in value) and not value.startswith("$")
    return value if plain else '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


# MARK: - Swift code


def cloudkit_sync_file(index, target):
    """Zone changes with a change token (and its expiry handled), a query with its cursor followed."""
    return f"""import CloudKit
import Foundation

/// Sync pass {index} of {target}: pulls the changes of the journal zone, then pages through a query.
final class ZoneSync{index} {{
    private let container = CKContainer(identifier: AppContainers.journal)
    private var database: CKDatabase {{ container.privateCloudDatabase }}
    private let zoneID = CKRecordZone.ID(zoneName: "Journal{index % 7}", ownerName: CKCurrentUserDefaultName)
    private var token: CKServerChangeToken?

    func fetchChanges() {{
        let configuration = CKFetchRecordZoneChangesOperation.ZoneConfiguration()
        configuration.previousServerChangeToken = token
        let operation = CKFetchRecordZoneChangesOperation(recordZoneIDs: [zoneID],
                                                          configurationsByRecordZoneID: [zoneID: configuration])
        operation.recordWasChangedBlock = {{ recordID, result in
            switch result {{
            case .success(let record): Store.shared.apply(record)
            case .failure(let error): Log.error("record \\(recordID): \\(error)")
            }}
        }}
        operation.recordZoneChangeTokensUpdatedBlock = {{ _, token, _ in self.token = token }}
        operation.recordZoneFetchResultBlock = {{ _, result in
            switch result {{
            case .success(let (token, _, _)): self.token = token
            case .failure(let error as CKError) where error.code == .changeTokenExpired:
                self.token = nil
                self.fetchChanges()
            case .failure(let error as CKError) where error.code == .zoneNotFound || error.code == .userDeletedZone:
                Store.shared.recreateZone(self.zoneID)
            case .failure(let error): Log.error("zone: \\(error)")
            }}
        }}
        database.add(operation)
    }}

    func fetchEntries(since date: Date, cursor: CKQueryOperation.Cursor? = nil) {{
        let operation: CKQueryOperation
        if let cursor {{
            operation = CKQueryOperation(cursor: cursor)
        }} else {{
            let predicate = NSPredicate(format: "modifiedAt >= %@", date as NSDate)
            operation = CKQueryOperation(query: CKQuery(recordType: "Entry", predicate: predicate))
        }}
        operation.zoneID = zoneID
        operation.recordMatchedBlock = {{ _, result in
            if case .success(let record) = result {{ Store.shared.apply(record) }}
        }}
        operation.queryResultBlock = {{ result in
            switch result {{
            case .success(let cursor?): self.fetchEntries(since: date, cursor: cursor)
            case .success(nil): Log.info("entries done")
            case .failure(let error as CKError) where error.code == .requestRateLimited:
                let delay = error.retryAfterSeconds ?? 3
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) {{ self.fetchEntries(since: date) }}
            case .failure(let error): Log.error("query: \\(error)")
            }}
        }}
        database.add(operation)
    }}
}}
"""


def cloudkit_save_file(index, target):
    """Saves with the default policy, conflicts and partial failures handled; a database subscription."""
    return f"""import CloudKit

/// Saving {index} of {target}: entries written with the change tag kept, conflicts merged.
struct EntryWriter{index} {{
    let database = CKContainer(identifier: AppContainers.journal).privateCloudDatabase

    func save(_ records: [CKRecord], completion: @escaping (Error?) -> Void) {{
        let operation = CKModifyRecordsOperation(recordsToSave: records, recordIDsToDelete: nil)
        operation.savePolicy = .ifServerRecordUnchanged
        operation.perRecordSaveBlock = {{ recordID, result in
            if case .failure(let error as CKError) = result, error.code == .serverRecordChanged,
               let server = error.serverRecord {{
                Merge.resolve(local: records.first {{ $0.recordID == recordID }}, server: server)
            }}
        }}
        operation.modifyRecordsResultBlock = {{ result in
            switch result {{
            case .success: completion(nil)
            case .failure(let error as CKError) where error.code == .partialFailure:
                for (item, failure) in error.partialErrorsByItemID ?? [:] {{ Log.error("\\(item): \\(failure)") }}
                completion(error)
            case .failure(let error): completion(error)
            }}
        }}
        database.add(operation)
    }}

    func subscribe() async throws {{
        let subscription = CKDatabaseSubscription(subscriptionID: "journal-changes-{index % 3}")
        let info = CKSubscription.NotificationInfo()
        info.shouldSendContentAvailable = true
        subscription.notificationInfo = info
        _ = try await database.save(subscription)
    }}
}}
"""


def sharing_file(index, target):
    return f"""import CloudKit
import SwiftUI

/// Sharing {index} of {target}: a journal shared with a participant through a CKShare.
struct ShareController{index} {{
    let container = CKContainer(identifier: AppContainers.shared)

    func share(_ root: CKRecord) async throws -> CKShare {{
        let share = CKShare(rootRecord: root)
        share[CKShare.SystemFieldKey.title] = "Journal" as CKRecordValue
        share.publicPermission = .readOnly
        let (results, _) = try await container.privateCloudDatabase.modifyRecords(saving: [root, share], deleting: [])
        guard case .success(let saved as CKShare)? = results[share.recordID] else {{ throw ShareError.notSaved }}
        return saved
    }}

    func accept(_ metadata: CKShare.Metadata) async throws {{
        _ = try await container.accept(metadata)
    }}

    func accountIsAvailable() async -> Bool {{
        (try? await CKContainer.default().accountStatus()) == .available
    }}
}}

enum ShareError: Error {{ case notSaved }}
"""


def view_file(index, target):
    fields = "\n".join(f"    @State private var field{f} = \"\"" for f in range(index % 5 + 3))
    rows = "\n".join(f"                TextField(\"Field {f}\", text: $field{f})" for f in range(index % 5 + 3))
    return f"""import SwiftUI

/// Screen {index} of {target}.
struct Screen{index}View: View {{
    @Environment(\\.dismiss) private var dismiss
    @ObservedObject var model: Screen{index}Model
{fields}

    var body: some View {{
        NavigationStack {{
            Form {{
                Section("Details") {{
{rows}
                }}
                Section {{
                    ForEach(model.items) {{ item in
                        HStack {{
                            Text(item.title).font(.headline)
                            Spacer()
                            Text(item.date, style: .relative).foregroundStyle(.secondary)
                        }}
                    }}
                    .onDelete {{ model.remove(at: $0) }}
                }}
            }}
            .navigationTitle("Screen {index}")
            .toolbar {{
                ToolbarItem(placement: .confirmationAction) {{ Button("Done") {{ dismiss() }} }}
            }}
        }}
    }}
}}

@MainActor
final class Screen{index}Model: ObservableObject {{
    @Published private(set) var items: [Item{index % 40}] = []

    func load(from store: Store) {{
        items = store.items(of: Item{index % 40}.self).sorted {{ $0.date > $1.date }}
    }}

    func remove(at offsets: IndexSet) {{
        items.remove(atOffsets: offsets)
    }}
}}
""" + "".join(row_view(index, part) for part in range(index % 4 + 2))


def row_view(index, part):
    """A small subview, as screens split theirs."""
    return f"""
private struct Screen{index}Row{part}: View {{
    let title: String
    let detail: String
    var isSelected = false

    var body: some View {{
        HStack(spacing: 8) {{
            Image(systemName: isSelected ? "checkmark.circle.fill" : "circle")
                .foregroundStyle(isSelected ? Color.accentColor : .secondary)
            VStack(alignment: .leading) {{
                Text(title).font(.body)
                Text(detail).font(.caption).foregroundStyle(.secondary)
            }}
        }}
        .accessibilityElement(children: .combine)
    }}
}}
"""


def model_file(index, target):
    properties = "\n".join(f"    var value{p}: {('String', 'Int', 'Date', 'Double')[p % 4]}" for p in range(index % 6 + 4))
    return f"""import Foundation

/// A model of {target} ({index}).
struct Item{index}: Identifiable, Hashable, Codable {{
    let id: UUID
    var title: String
    var date: Date
{properties}

    static func == (lhs: Item{index}, rhs: Item{index}) -> Bool {{ lhs.id == rhs.id }}
    func hash(into hasher: inout Hasher) {{ hasher.combine(id) }}
}}

extension Item{index} {{
    /// Items sorted for display: newest first, then by title.
    static func sortedForDisplay(_ items: [Item{index}]) -> [Item{index}] {{
        items.sorted {{ ($0.date, $1.title) > ($1.date, $0.title) }}
    }}

    var isRecent: Bool {{ date.timeIntervalSinceNow > -7 * 24 * 3600 }}
}}
""" + "".join(model_extension(index, part) for part in range(index % 3 + 2))


def model_extension(index, part):
    """Formatting and matching, as model files grow them."""
    style = ".none" if part % 2 else ".short"
    return f"""
extension Item{index} {{
    /// Formatting {part}: the text the list shows.
    func summary{part}(locale: Locale = .current) -> String {{
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = .medium
        formatter.timeStyle = {style}
        let parts = [title, formatter.string(from: date)]
        return parts.filter {{ !$0.isEmpty }}.joined(separator: " · ")
    }}

    func matches{part}(_ text: String) -> Bool {{
        text.isEmpty || title.localizedCaseInsensitiveContains(text)
    }}
}}
"""


def test_file(index, target):
    return f"""import XCTest
@testable import JournalKit

final class Feature{index}Tests: XCTestCase {{
    func testSortingPutsNewestFirst() {{
        let old = Item{index % 40}(id: UUID(), title: "a", date: .distantPast)
        let new = Item{index % 40}(id: UUID(), title: "b", date: .now)
        XCTAssertEqual(Item{index % 40}.sortedForDisplay([old, new]).first?.title, "b")
    }}
}}
"""


SPECIAL = {
    "JournalKit/Sync/AppContainers.swift": f"""import CloudKit

/// The app's containers, named once.
public enum AppContainers {{
    public static let journal = "{CONTAINER}"
    public static let shared = "{SHARED}"
}}
""",
    "JournalKit/Sync/SyncEngineController.swift": """import CloudKit

/// The Mac app's sync: CKSyncEngine, its state saved on every change.
@available(macOS 14.0, iOS 17.0, *)
final class SyncEngineController: CKSyncEngineDelegate {
    private var engine: CKSyncEngine!

    init(state: CKSyncEngine.State.Serialization?) {
        let configuration = CKSyncEngine.Configuration(database: CKContainer(identifier: AppContainers.journal).privateCloudDatabase,
                                                       stateSerialization: state, delegate: self)
        engine = CKSyncEngine(configuration)
    }

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        switch event {
        case .stateUpdate(let update): StateFile.save(update.stateSerialization)
        case .sentRecordZoneChanges(let sent):
            for failure in sent.failedRecordSaves where failure.error.code == .serverRecordChanged {
                if let server = failure.error.serverRecord { Merge.resolve(local: failure.record, server: server) }
            }
        default: break
        }
    }

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine) async
        -> CKSyncEngine.RecordZoneChangeBatch? { nil }
}
""",
    "JournalKit/Persistence/PersistenceController.swift": """import CoreData

/// The Core Data store mirrored to CloudKit.
final class PersistenceController {
    let container: NSPersistentCloudKitContainer

    init() {
        container = NSPersistentCloudKitContainer(name: "Journal")
        let description = container.persistentStoreDescriptions.first
        description?.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: AppContainers.journal)
        container.loadPersistentStores { _, error in if let error { Log.error("store: \\(error)") } }
    }
}
""",
    "JournalWatch/WatchStore.swift": f"""import SwiftData

/// The watch app's store, synced with SwiftData.
enum WatchStore {{
    static func make() throws -> ModelContainer {{
        let configuration = ModelConfiguration(cloudKitDatabase: .private("{CONTAINER}"))
        return try ModelContainer(for: WatchEntry.self, configurations: configuration)
    }}
}}
""",
}


def swift_files(total):
    """(target, path, text) for every Swift file, `total` of them, SPECIAL included."""
    files = []
    specials = {path.split("/")[0]: [] for path in SPECIAL}
    for path, text in SPECIAL.items():
        specials[path.split("/")[0]].append((path, text))
    counts = [max(1, round(total * target[3])) for target in TARGETS]
    counts[5] += total - sum(counts)  # JournalKit takes the rounding
    index = 0
    for (name, kind, _, _, _, _), count in zip(TARGETS, counts):
        own = specials.get(name, [])
        files += [(name, path, text) for path, text in own]
        for _ in range(count - len(own)):
            index += 1
            if kind.endswith("unit-test") or kind.endswith("ui-testing"):
                maker, folder = test_file, "Tests"
            elif index % 10 == 1:
                maker, folder = cloudkit_sync_file, "Sync"
            elif index % 10 == 4:
                maker, folder = cloudkit_save_file, "Sync"
            elif index % 50 == 7:
                maker, folder = sharing_file, "Sharing"
            elif index % 3 == 0:
                maker, folder = model_file, "Models"
            else:
                maker, folder = view_file, "Views"
            stem = {test_file: f"Feature{index}Tests", cloudkit_sync_file: f"ZoneSync{index}",
                    cloudkit_save_file: f"EntryWriter{index}", sharing_file: f"ShareController{index}",
                    model_file: f"Item{index}", view_file: f"Screen{index}View"}[maker]
            files.append((name, f"{name}/{folder}/{stem}.swift", maker(index, name)))
    return files


# MARK: - Property lists


def entitlements(name, sdk):
    values = {
        "com.apple.developer.icloud-container-identifiers": ["$(CONTAINER_ID)", SHARED],
        "com.apple.developer.icloud-services": ["CloudKit"],
    }
    if name in ("Journal", "JournalWatch"):
        values["aps-environment"] = "development"
    if sdk == "macosx":
        values["com.apple.developer.aps-environment"] = "development"
        values["com.apple.application-identifier"] = "TEAMID1234.com.example.journal.mac"
        values["com.apple.developer.team-identifier"] = "TEAMID1234"
        values["com.apple.security.app-sandbox"] = True
        values["com.apple.security.network.client"] = True
    if name in ("JournalWidget", "JournalShare"):
        values["com.apple.security.application-groups"] = ["group.com.example.journal"]
    return values


def info_plist(name, kind):
    values = {
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleName": "$(PRODUCT_NAME)",
        "CFBundleShortVersionString": "$(MARKETING_VERSION)",
        "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)",
    }
    if name == "Journal":
        values["UIBackgroundModes"] = ["remote-notification", "fetch"]
        values["CKSharingSupported"] = True
        values["UIApplicationSceneManifest"] = {"UIApplicationSupportsMultipleScenes": True}
    if kind.endswith("app-extension"):
        values["NSExtension"] = {"NSExtensionPointIdentifier": "com.apple.widgetkit-extension"
                                 if name == "JournalWidget" else "com.apple.share-services"}
    return values


# MARK: - The project


def project(files, ids):
    """project.pbxproj text for TARGETS holding `files` (target, path, _)."""
    objects = {section: [] for section in ("PBXBuildFile", "PBXFileReference", "PBXGroup", "PBXNativeTarget",
                                           "PBXProject", "PBXShellScriptBuildPhase", "PBXSourcesBuildPhase",
                                           "XCBuildConfiguration", "XCConfigurationList")}
    root_group, project_id = ids(), ids()
    groups = {"": (root_group, [])}

    def group_for(folder):
        if folder not in groups:
            parent = group_for(os.path.dirname(folder))
            groups[folder] = (ids(), [])
            parent[1].append((groups[folder][0], os.path.basename(folder)))
        return groups[folder]

    def file_reference(path, kind):
        ref = ids()
        group_for(os.path.dirname(path))[1].append((ref, os.path.basename(path)))
        objects["PBXFileReference"].append(
            f"\t\t{ref} /* {os.path.basename(path)} */ = {{isa = PBXFileReference; lastKnownFileType = {kind}; "
            f"path = {quoted(os.path.basename(path))}; sourceTree = \"<group>\"; }};")
        return ref

    def configuration_list(settings_by_name, base=None):
        configuration_ids = []
        for config_name, settings in settings_by_name.items():
            config_id = ids()
            configuration_ids.append((config_id, config_name))
            lines = "".join(f"\t\t\t\t{quoted(key) if '[' in key else key} = {quoted(value)};\n"
                            for key, value in sorted(settings.items()))
            base_line = f"\t\t\tbaseConfigurationReference = {base[config_name]};\n" if base else ""
            objects["XCBuildConfiguration"].append(
                f"\t\t{config_id} /* {config_name} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n{base_line}"
                f"\t\t\tbuildSettings = {{\n{lines}\t\t\t}};\n\t\t\tname = {config_name};\n\t\t}};")
        list_id = ids()
        members = "".join(f"\t\t\t\t{config_id} /* {config_name} */,\n" for config_id, config_name in configuration_ids)
        objects["XCConfigurationList"].append(
            f"\t\t{list_id} = {{\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n{members}"
            f"\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t}};")
        return list_id

    xcconfigs = {name: file_reference(f"Configs/{name}.xcconfig", "text.xcconfig") for name in ("Debug", "Release")}
    file_reference("Configs/Shared.xcconfig", "text.xcconfig")
    project_list = configuration_list({
        "Debug": {"SDKROOT": "iphoneos", "SWIFT_OPTIMIZATION_LEVEL": "-Onone", "ONLY_ACTIVE_ARCH": "YES"},
        "Release": {"SDKROOT": "iphoneos", "SWIFT_COMPILATION_MODE": "wholemodule", "VALIDATE_PRODUCT": "YES"},
    }, base=xcconfigs)

    target_ids = []
    for name, kind, sdk, _, signed, plist in TARGETS:
        build_phase = ids()
        sources = []
        for owner, path, _ in files:
            if owner != name:
                continue
            ref = file_reference(path, "sourcecode.swift")
            build_file = ids()
            objects["PBXBuildFile"].append(
                f"\t\t{build_file} /* {os.path.basename(path)} in Sources */ = {{isa = PBXBuildFile; "
                f"fileRef = {ref} /* {os.path.basename(path)} */; }};")
            sources.append(f"\t\t\t\t{build_file} /* {os.path.basename(path)} in Sources */,\n")
        objects["PBXSourcesBuildPhase"].append(
            f"\t\t{build_phase} /* Sources */ = {{\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n"
            f"\t\t\tfiles = (\n{''.join(sources)}\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t}};")
        phases = [f"\t\t\t\t{build_phase} /* Sources */,\n"]
        bundle_id = "com.example.journal" + {"Journal": "", "JournalMac": ".mac"}.get(name, "." + name[7:].lower())
        common = {"PRODUCT_BUNDLE_IDENTIFIER": bundle_id, "PRODUCT_NAME": "$(TARGET_NAME)", "SDKROOT": sdk,
                  "MARKETING_VERSION": "2.4", "CURRENT_PROJECT_VERSION": "118"}
        if signed:
            file_reference(f"{name}/{name}.entitlements", "text.plist.entitlements")
            common["CODE_SIGN_ENTITLEMENTS"] = f"{name}/{name}.entitlements"
            common["CONTAINER_ID"] = CONTAINER
        if plist == "generated":
            common["GENERATE_INFOPLIST_FILE"] = "YES"
            if sdk != "macosx":
                common["INFOPLIST_KEY_UIBackgroundModes"] = "remote-notification"
        else:
            file_reference(f"{name}/Info.plist", "text.plist.xml")
            common["INFOPLIST_FILE"] = f"{name}/Info.plist"
        if name == "Journal":
            common["SUPPORTED_PLATFORMS"] = "iphoneos iphonesimulator"
            common["OTHER_SWIFT_FLAGS[sdk=iphonesimulator*]"] = "-DSIMULATOR"
            common["CODE_SIGN_IDENTITY[sdk=iphoneos*]"] = "iPhone Developer"
        if name == "JournalMac":
            common["CODE_SIGN_STYLE"] = "Manual"
            common["ENABLE_HARDENED_RUNTIME"] = "YES"
            script = ids()
            shell = ('codesign --force --options runtime --entitlements "$SRCROOT/JournalMac/JournalMac.entitlements" '
                     '--sign "Developer ID Application" "$CODESIGNING_FOLDER_PATH"\n')
            objects["PBXShellScriptBuildPhase"].append(
                f"\t\t{script} /* Sign for Developer ID */ = {{\n\t\t\tisa = PBXShellScriptBuildPhase;\n"
                f"\t\t\tbuildActionMask = 8;\n\t\t\tfiles = (\n\t\t\t);\n\t\t\tname = \"Sign for Developer ID\";\n"
                f"\t\t\trunOnlyForDeploymentPostprocessing = 1;\n\t\t\tshellPath = /bin/sh;\n"
                f"\t\t\tshellScript = {quoted(shell)};\n\t\t}};")
            phases.append(f"\t\t\t\t{script} /* Sign for Developer ID */,\n")
        release = dict(common)
        release["CODE_SIGN_IDENTITY[config=Release]"] = "Apple Distribution"
        target_list = configuration_list({"Debug": common, "Release": release})
        target_id = ids()
        target_ids.append((target_id, name))
        objects["PBXNativeTarget"].append(
            f"\t\t{target_id} /* {name} */ = {{\n\t\t\tisa = PBXNativeTarget;\n"
            f"\t\t\tbuildConfigurationList = {target_list};\n\t\t\tbuildPhases = (\n{''.join(phases)}\t\t\t);\n"
            f"\t\t\tname = {name};\n\t\t\tproductName = {name};\n\t\t\tproductType = \"{kind}\";\n\t\t}};")

    for folder, (group_id, children) in sorted(groups.items()):
        members = "".join(f"\t\t\t\t{child} /* {child_name} */,\n" for child, child_name in children)
        path_line = f"\t\t\tpath = {quoted(os.path.basename(folder))};\n" if folder else ""
        objects["PBXGroup"].append(
            f"\t\t{group_id} = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n{members}\t\t\t);\n{path_line}"
            f"\t\t\tsourceTree = \"<group>\";\n\t\t}};")
    targets = "".join(f"\t\t\t\t{target_id} /* {name} */,\n" for target_id, name in target_ids)
    objects["PBXProject"].append(
        f"\t\t{project_id} /* Project object */ = {{\n\t\t\tisa = PBXProject;\n"
        f"\t\t\tbuildConfigurationList = {project_list};\n\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n"
        f"\t\t\tmainGroup = {root_group};\n\t\t\tprojectDirPath = \"\";\n\t\t\tprojectRoot = \"\";\n"
        f"\t\t\ttargets = (\n{targets}\t\t\t);\n\t\t}};")

    body = "".join(f"\n/* Begin {section} section */\n" + "\n".join(entries) + f"\n/* End {section} section */\n"
                   for section, entries in objects.items() if entries)
    return (f"// !$*UTF8*$!\n{{\n\tarchiveVersion = 1;\n\tclasses = {{\n\t}};\n\tobjectVersion = 56;\n"
            f"\tobjects = {{\n{body}\t}};\n\trootObject = {project_id} /* Project object */;\n}}\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    if os.path.exists(root) and os.listdir(root):
        sys.exit(f"{root} exists and is not empty")
    ids = IDs()
    files = swift_files(total)
    for _, path, text in files:
        write(root, path, text)
    write(root, "Journal.xcodeproj/project.pbxproj", project(files, ids))
    write(root, "Configs/Shared.xcconfig", "SWIFT_VERSION = 6.0\nIPHONEOS_DEPLOYMENT_TARGET = 17.0\n"
          "MACOSX_DEPLOYMENT_TARGET = 14.0\nWATCHOS_DEPLOYMENT_TARGET = 10.0\nDEVELOPMENT_TEAM = TEAMID1234\n")
    for config in ("Debug", "Release"):
        write(root, f"Configs/{config}.xcconfig", f'#include "Shared.xcconfig"\n\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = '
              f'{config.upper()}\n')
    for name, kind, sdk, _, signed, plist in TARGETS:
        if signed:
            write(root, f"{name}/{name}.entitlements", plistlib.dumps(entitlements(name, sdk)).decode())
        if plist == "xml":
            write(root, f"{name}/Info.plist", plistlib.dumps(info_plist(name, kind)).decode())
        elif plist == "binary":
            write(root, f"{name}/Info.plist", plistlib.dumps(info_plist(name, kind), fmt=plistlib.FMT_BINARY), "wb")
    sign = ('codesign --force --timestamp --options runtime \\\n    --entitlements JournalMac/JournalMac.entitlements \\\n'
            '    --sign "Developer ID Application: Example (TEAMID1234)" build/Journal.app\n')
    write(root, "scripts/sign-mac.sh", "#!/bin/sh\n# Signs the notarized Mac build.\nset -e\n" + sign)
    write(root, "Makefile", "release:\n\txcodebuild -scheme JournalMac -configuration Release archive\n\t"
          "codesign --force --entitlements JournalMac/JournalMac.entitlements --sign - build/Journal.app\n")
    write(root, ".github/workflows/release.yml", "name: release\non: [push]\njobs:\n  mac:\n    runs-on: macos-latest\n"
          "    steps:\n      - uses: actions/checkout@v4\n      - run: codesign --force --entitlements "
          "\"${{ github.workspace }}/JournalMac/JournalMac.entitlements\" --sign - build/Journal.app\n")
    write(root, "ckschema.yaml", f"cloudkit:\n  containerID: {CONTAINER}\n")
    # What doctor must not walk: build products and dependencies, each with files that would be findings.
    for noise in (".build/checkouts/Dep", "Pods/Dep", "DerivedData/Build"):
        write(root, f"{noise}/Dep.entitlements", plistlib.dumps({"aps-environment": ["wrong"]}).decode())
        for n in range(50):
            write(root, f"{noise}/Dep{n}.swift", "import CloudKit\nlet c = CKContainer(identifier: \"iCloud.other\")\n")
    print(f"{root}: {len(files)} Swift files in {len(TARGETS)} targets")


if __name__ == "__main__":
    main()
