// The shape of martinkearn/wiggle-room's synced models (public repository; its cloudkit/schema.ckdb is in the
// shared corpus), reduced to what the reader sees: defaults everywhere, a String-backed Codable enum, Decimal
// values, a to-one relationship whose inverse is declared on the other side.
import Foundation
import SwiftData

enum TrackerDirection: String, Codable, Hashable {
    case decreasing, increasing
}

@Model
final class Tracker {
    var id: UUID = UUID()
    var name: String = ""
    var unit: String = ""
    var direction: TrackerDirection = TrackerDirection.decreasing
    var connectedSource: ConnectedSource?
    var sourceTargetId: String?
    var startDate: Date = Date.now
    var endDate: Date = Date.now
    var startingValue: Decimal = 0
    var totalAllowance: Decimal = 0
    var reminderCadenceMinutes: Int?
    var lastAutoFetchAttempt: Date?
    var lastCheckedDate: Date?
    var hasCelebratedCompletion: Bool = false
    var sortOrder: Int = 0
    var colorIndex: Int = -1
    var glyph: String = ""
    @Relationship(deleteRule: .cascade, inverse: \ValueSnapshot.tracker)
    var readings: [ValueSnapshot]? = []
    init() {}
}

extension Tracker {
    var isFinished: Bool { Date.now >= endDate }
}

@Model
final class ValueSnapshot {
    var id: UUID = UUID()
    var value: Decimal = 0
    var date: Date = Date.now
    var tracker: Tracker?
    init() {}
}

@Model
final class ConnectedSource {
    var id: UUID = UUID()
    var providerId: String = ""
    var displayName: String = ""
    var credentialToken: String?
    @Relationship(inverse: \Tracker.connectedSource)
    var trackers: [Tracker]? = []
    init() {}
}

enum AppSchema {
    static var schema: Schema { Schema([Tracker.self, ConnectedSource.self, ValueSnapshot.self]) }
}
