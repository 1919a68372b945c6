public import Foundation

// A test-only stand-in for the part of Apple's Core Location that CloudKit records use. The declarations copy
// Apple's published Swift signatures (CLLocation.h as Swift sees it) so that code compiling against this
// module compiles against the SDK. It holds values; it locates nothing.

/// A latitude or longitude in degrees.
public typealias CLLocationDegrees = Double
/// A distance in meters.
public typealias CLLocationDistance = Double
/// The accuracy of a coordinate or altitude in meters; negative means invalid.
public typealias CLLocationAccuracy = Double
/// A direction in degrees relative to due north; negative means invalid.
public typealias CLLocationDirection = Double
/// A speed in meters per second; negative means invalid.
public typealias CLLocationSpeed = Double

/// A latitude and longitude in the WGS 84 reference frame.
public struct CLLocationCoordinate2D: Sendable {
    /// The latitude in degrees.
    public var latitude: CLLocationDegrees
    /// The longitude in degrees.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() {
        self.latitude = 0
        self.longitude = 0
    }

    /// A coordinate from its latitude and longitude.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A geographic location with altitude, accuracy, course, speed and timestamp, as Core Location reports it.
open class CLLocation: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The latitude and longitude.
    open private(set) var coordinate: CLLocationCoordinate2D
    /// The altitude above mean sea level in meters.
    open private(set) var altitude: CLLocationDistance
    /// The radius of uncertainty of the coordinate in meters.
    open private(set) var horizontalAccuracy: CLLocationAccuracy
    /// The accuracy of the altitude in meters.
    open private(set) var verticalAccuracy: CLLocationAccuracy
    /// The direction of travel in degrees.
    open private(set) var course: CLLocationDirection
    /// The speed in meters per second.
    open private(set) var speed: CLLocationSpeed
    /// When the location was determined.
    open private(set) var timestamp: Date

    /// A location at a latitude and longitude, timestamped now, with the other values Core Location uses for
    /// such locations (altitude 0, accuracy 0, vertical accuracy, course and speed -1).
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, speed: -1, timestamp: Date()
        )
    }

    /// A location with coordinate and altitude information.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
        timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, speed: -1, timestamp: timestamp
        )
    }

    /// A location with coordinate, altitude and course information.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
        course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = hAccuracy
        self.verticalAccuracy = vAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
        super.init()
    }

    /// Returns the great-circle distance to `location` in meters (haversine, mean Earth radius).
    open func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let deltaLatitude = (location.coordinate.latitude - coordinate.latitude) * radians
        let deltaLongitude = (location.coordinate.longitude - coordinate.longitude) * radians
        let haversine = sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
            + cos(coordinate.latitude * radians) * cos(location.coordinate.latitude * radians)
            * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 6_371_008.8 * 2 * atan2(haversine.squareRoot(), (1 - haversine).squareRoot())
    }

    // MARK: - NSSecureCoding, NSCopying

    /// Locations decode with secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every value under the key of its property name.
    open func encode(with coder: NSCoder) {
        coder.encode(coordinate.latitude, forKey: "latitude")
        coder.encode(coordinate.longitude, forKey: "longitude")
        coder.encode(altitude, forKey: "altitude")
        coder.encode(horizontalAccuracy, forKey: "horizontalAccuracy")
        coder.encode(verticalAccuracy, forKey: "verticalAccuracy")
        coder.encode(course, forKey: "course")
        coder.encode(speed, forKey: "speed")
        coder.encode(timestamp.timeIntervalSinceReferenceDate, forKey: "timestamp")
    }

    /// Restores a location archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        coordinate = CLLocationCoordinate2D(
            latitude: coder.decodeDouble(forKey: "latitude"), longitude: coder.decodeDouble(forKey: "longitude")
        )
        altitude = coder.decodeDouble(forKey: "altitude")
        horizontalAccuracy = coder.decodeDouble(forKey: "horizontalAccuracy")
        verticalAccuracy = coder.decodeDouble(forKey: "verticalAccuracy")
        course = coder.decodeDouble(forKey: "course")
        speed = coder.decodeDouble(forKey: "speed")
        timestamp = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "timestamp"))
        super.init()
    }

    /// Locations are immutable, so a copy is the location itself.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
