import CKSchemaCore

/// LOCATION, REFERENCE and ASSET values and zone IDs: the dictionary-shaped values.
extension RecordChecker {
    /// Web Services' limit on an asset file (docs/cloudkit-facts.md §5: 50 MB; larger ones are warned about).
    static let assetSizeLimit = 50 * 1024 * 1024

    // MARK: - LOCATION

    /// `{"latitude", "longitude", …}`: numeric coordinates in range; optional members plausible.
    mutating func checkLocation(depth: Int) throws(SyntaxError) {
        guard json.peek == Byte.openBrace else { return try mismatch("a location dictionary", depth: depth) }
        let start = json.position
        json.position += 1
        var seen = KeySet<LocationKey>()
        var hasLatitude = false
        var hasLongitude = false
        if try json.objectHasMembers() {
            repeat {
                guard let member = try knownMember(&seen, of: "location dictionary", depth: depth, place: { .valueMember($0) }) else {
                    continue
                }
                let offset = json.position
                if member == .latitude { hasLatitude = true }
                if member == .longitude { hasLongitude = true }
                if member == .timestamp, json.peek == Byte.quote {
                    _ = try json.scanString()
                    continue
                }
                guard json.nextValueKind == .number else {
                    let id: DiagnosticID = member == .latitude || member == .longitude ? .recordLocationInvalid : .recordLocationSuspicious
                    report(id, "'\(member.name)' must be a number, found \(describeNext())", at: offset, .valueMember(member.text))
                    try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
                    continue
                }
                let number = try json.scanNumber()
                let value = DecimalText.doubleValue(numberBytes(number))
                switch member {
                case .latitude:
                    if !(-90...90).contains(value) {
                        report(.recordLocationInvalid, "latitude \(numberText(number)) is outside -90...90", at: offset,
                               .valueMember(member.text))
                    }
                case .longitude:
                    if !(-180...180).contains(value) {
                        report(.recordLocationInvalid, "longitude \(numberText(number)) is outside -180...180", at: offset,
                               .valueMember(member.text))
                    }
                case .horizontalAccuracy, .verticalAccuracy, .speed:
                    guard value < 0 else { break }
                    report(.recordLocationSuspicious,
                           "negative '\(member.name)' (\(numberText(number))) marks the value as invalid in Core Location",
                           at: offset, .valueMember(member.text))
                case .course where !(value >= 0 && value < 360):
                    report(.recordLocationSuspicious, "course \(numberText(number)) is outside 0..<360 degrees", at: offset,
                           .valueMember(member.text))
                default:
                    break
                }
            } while try json.nextMember()
        }
        if !hasLatitude {
            report(.recordLocationInvalid, "location has no 'latitude'", at: start, .value)
        }
        if !hasLongitude {
            report(.recordLocationInvalid, "location has no 'longitude'", at: start, .value)
        }
    }

    // MARK: - REFERENCE

    /// `{"recordName", "action", "zoneID"?}`: a usable record name and a known action.
    mutating func checkReference(_ info: FieldInfo, depth: Int) throws(SyntaxError) {
        guard json.peek == Byte.openBrace else { return try mismatch("a reference dictionary", depth: depth) }
        let start = json.position
        json.position += 1
        var seen = KeySet<ReferenceKey>()
        var name: StringToken?
        var sawAction = false
        if try json.objectHasMembers() {
            repeat {
                guard let member = try knownMember(&seen, of: "reference dictionary", depth: depth, place: { .valueMember($0) }) else {
                    continue
                }
                let offset = json.position
                switch member {
                case .recordName where json.peek == Byte.quote:
                    let token = try json.scanString()
                    name = token
                    if let problem = NameRules.referencedNameProblem(decodedBytes(token)) {
                        report(.recordReferenceInvalid, "referenced record name \(problem)", at: offset, .valueMember("recordName"))
                    }
                case .action where json.peek == Byte.quote:
                    sawAction = true
                    try checkReferenceAction(at: offset)
                case .zoneID:
                    if let zone = try checkZoneID(depth: depth + 1, place: .valueMember("zoneID/zoneName")) {
                        referenceZones.append((offset, zone, pointer(to: .valueMember("zoneID/zoneName"))))
                    }
                case .zone where json.peek == Byte.quote:
                    let token = try json.scanString()
                    if let problem = NameRules.zoneNameProblem(decodedBytes(token)) {
                        report(.recordZoneNameInvalid, "zone name \(problem)", at: offset, .valueMember("zone"))
                    }
                    referenceZones.append((offset, token, pointer(to: .valueMember("zone"))))
                case .owner:
                    try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
                default:
                    report(.recordReferenceInvalid, "'\(member.name)' must be a string, found \(describeNext())", at: offset,
                           .valueMember(member.text))
                    try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
                }
            } while try json.nextMember()
        }
        if name == nil {
            report(.recordReferenceInvalid, "reference has no 'recordName'", at: start, .value)
        }
        if !sawAction, !isCKTool {
            report(.recordReferenceInvalid, "reference has no 'action' (NONE, DELETE_SELF or VALIDATE); Web Services require it when saving",
                   at: start, .value)
        }
        if info.hasReferenceTarget, let name {
            addPendingReference(to: name, at: start)
        }
    }

    private mutating func checkReferenceAction(at offset: Int) throws(SyntaxError) {
        let token = try json.scanString()
        let action = decodedBytes(token)
        if action == Self.deleteSelf {
            deleteSelfReferences += 1
        } else if action != Self.none, action != Self.validate {
            let text = decodedString(token)
            let hint = text.lowercased() == "deleteself" ? " (Web Services spell it 'DELETE_SELF')"
                : text.lowercased() == "none" ? " (Web Services spell it 'NONE')" : ""
            report(.recordReferenceInvalid, "'\(text)' is not a reference action; use NONE, DELETE_SELF or VALIDATE\(hint)",
                   at: offset, .valueMember("action"))
        }
    }

    private static let deleteSelf = Array("DELETE_SELF".utf8)
    private static let none = Array("NONE".utf8)
    private static let validate = Array("VALIDATE".utf8)

    @inline(never)
    private mutating func addPendingReference(to name: StringToken, at offset: Int) {
        guard let field = currentField, let expected = field.referenceTargetIndex else { return }
        let finding = makeFinding(.recordReferenceTargetMismatch, "", at: offset, .value)
        if firstPending < 0 { firstPending = output.pendingReferences.count }
        output.pendingReferences.append(PendingReference(targetName: decodedString(name), expectedType: expected, finding: finding))
    }

    // MARK: - ASSET

    /// Web Services: an asset dictionary, in one of its two shapes: what a response carries (`fileChecksum`,
    /// `size`, `downloadURL`) or what `assets/upload` returned and a save sends back (`fileChecksum`, `size`,
    /// `receipt`, with `wrappingKey` and `referenceChecksum`). cktool: the placeholder key `--asset-files` binds.
    mutating func checkAsset(depth: Int) throws(SyntaxError) {
        if isCKTool {
            guard json.peek == Byte.quote else { return try mismatch("an asset placeholder key", depth: depth) }
            let offset = json.position
            if try json.scanString().count == 0 {
                report(.recordAssetInvalid, "asset placeholder key is empty", at: offset, .value)
            }
            return
        }
        guard json.peek == Byte.openBrace else { return try mismatch("an asset dictionary", depth: depth) }
        let start = json.position
        json.position += 1
        var seen = KeySet<AssetKey>()
        if try json.objectHasMembers() {
            repeat {
                guard let member = try knownMember(&seen, of: "asset dictionary", depth: depth, place: { .valueMember($0) })
                else { continue }
                try checkAssetMember(member, depth: depth)
            } while try json.nextMember()
        }
        checkAssetShape(seen, at: start)
    }

    private mutating func checkAssetMember(_ member: AssetKey, depth: Int) throws(SyntaxError) {
        let offset = json.position
        if member == .size {
            guard json.nextValueKind == .number else {
                report(.recordAssetInvalid, "asset 'size' must be a number of bytes, found \(describeNext())", at: offset,
                       .valueMember("size"))
                return try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
            }
            let size = try json.scanNumber()
            if !size.isInteger || size.isNegative {
                report(.recordAssetInvalid, "asset 'size' \(numberText(size)) is not a whole number of bytes", at: offset,
                       .valueMember("size"))
            } else if size.magnitudeOverflows || size.magnitude > UInt64(Self.assetSizeLimit) {
                report(.recordAssetTooLarge, "asset of \(numberText(size)) bytes is above Web Services' 50 MB limit",
                       at: offset, .valueMember("size"))
            }
        } else if json.peek == Byte.quote {
            _ = try json.scanString()
        } else {
            report(.recordAssetInvalid, "asset '\(member.name)' must be a string, found \(describeNext())", at: offset,
                   .valueMember(member.text))
            try json.skipValue(depth: depth + 1, limit: maximumDepth, stack: containerStack)
        }
    }

    /// The keys each shape needs: a `receipt` makes it an upload's dictionary, a download URL a response's;
    /// with neither it is no asset CloudKit sent or accepts (`{}`).
    private mutating func checkAssetShape(_ seen: KeySet<AssetKey>, at offset: Int) {
        let isUpload = seen.contains(.receipt)
        guard isUpload || seen.contains(.downloadURL) || seen.contains(.downloadUrl) else {
            return report(.recordAssetInvalid,
                          "asset has neither 'receipt' (the dictionary 'assets/upload' returns, which a save sends) nor "
                              + "'downloadURL' (an asset in a response)", at: offset, .value)
        }
        if !seen.contains(.fileChecksum) { reportMissingAssetKey(.fileChecksum, isUpload: isUpload, at: offset) }
        if !seen.contains(.size) { reportMissingAssetKey(.size, isUpload: isUpload, at: offset) }
    }

    @inline(never)
    private mutating func reportMissingAssetKey(_ key: AssetKey, isUpload: Bool, at offset: Int) {
        let shape = isUpload ? "an uploaded asset (with 'receipt')" : "an asset in a response (with a download URL)"
        report(.recordAssetInvalid, "\(shape) has no '\(key.name)'", at: offset, .value)
    }

    // MARK: - Zone IDs

    /// `{"zoneName", "ownerRecordName"?, "zoneType"?}`; returns the zone name when it is a string.
    mutating func checkZoneID(depth: Int, place: FindingPlace) throws(SyntaxError) -> StringToken? {
        guard json.peek == Byte.openBrace else {
            report(.recordInvalidStructure, "'zoneID' must be an object, found \(describeNext())", at: json.position, place)
            try json.skipValue(depth: depth, limit: maximumDepth, stack: containerStack)
            return nil
        }
        json.position += 1
        var seen = KeySet<ZoneIDKey>()
        var zoneName: StringToken?
        guard try json.objectHasMembers() else { return nil }
        repeat {
            guard let member = try knownMember(&seen, of: "zone ID", depth: depth, place: { _ in place }) else { continue }
            let offset = json.position
            guard let token = try stringMember(member.text, depth: depth + 1, place: place) else { continue }
            if member == .zoneName {
                zoneName = token
                if let problem = NameRules.zoneNameProblem(decodedBytes(token)) {
                    report(.recordZoneNameInvalid, "zone name \(problem)", at: offset, place)
                }
            }
        } while try json.nextMember()
        return zoneName
    }
}
