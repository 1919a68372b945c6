import CKSchemaCore
import CKSchemaRules

/// `ckschema access --format json`: a stable, versioned document (keys sorted).
///
///     {"version": 1, "schema": "schemas", "roles": ["_world", "_icloud", "_creator", "Moderator"],
///      "recordTypes": [{"name": "Post", "cells": [{"role": "_world", "permission": "read", "granted": true,
///                       "effective": true, "through": "_world", "mark": "yes", "meaning": "…"}, …],
///                       "summary": {"read": "…", "create": "…", "write": "…"}}],
///      "omitted": ["Diary"], "baseline": null, "changes": []}
///
/// With `--from`, `baseline` names it and `changes` lists each changed cell with its `before` and `after` cell
/// (`null` when the type or role is absent on that side) and `widens`.
enum AccessJSONRenderer {
    static func render(_ report: AccessReport) -> String {
        JSONOutput.encode(Document(report))
    }

    private struct Document: Encodable {
        let version = 1
        let schema: String
        let roles: [String]
        let recordTypes: [Row]
        let omitted: [String]
        let baseline: String?
        let changes: [Change]

        init(_ report: AccessReport) {
            schema = report.source
            roles = report.matrix.roles
            recordTypes = report.matrix.rows.map { Row($0, roles: report.matrix.roles) }
            omitted = report.matrix.omitted
            baseline = report.baseline
            changes = report.changes.map(Change.init)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(schema, forKey: .schema)
            try container.encode(roles, forKey: .roles)
            try container.encode(recordTypes, forKey: .recordTypes)
            try container.encode(omitted, forKey: .omitted)
            try container.encode(baseline, forKey: .baseline)  // null, not absent
            try container.encode(changes, forKey: .changes)
        }

        enum CodingKeys: String, CodingKey { case version, schema, roles, recordTypes, omitted, baseline, changes }
    }

    private struct Row: Encodable {
        let name: String
        let cells: [Cell]
        let summary: [String: String]

        init(_ row: AccessRow, roles: [String]) {
            name = row.recordType
            cells = roles.flatMap { role in Permissions.allPermissions.compactMap { row.cell(role, $0).map(Cell.init) } }
            summary = Dictionary(uniqueKeysWithValues: Permissions.allPermissions.map {
                (AccessLegend.name(of: $0), row.summary(of: $0, roles: roles))
            })
        }
    }

    private struct Cell: Encodable {
        let role: String
        let permission: String
        let granted: Bool
        let effective: Bool
        let through: String?
        let mark: String
        let meaning: String

        init(_ cell: AccessCell) {
            role = cell.role
            permission = AccessLegend.name(of: cell.permission)
            granted = cell.granted
            effective = cell.isEffective
            through = cell.effectiveThrough
            mark = cell.mark
            meaning = cell.meaning
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(role, forKey: .role)
            try container.encode(permission, forKey: .permission)
            try container.encode(granted, forKey: .granted)
            try container.encode(effective, forKey: .effective)
            try container.encode(through, forKey: .through)
            try container.encode(mark, forKey: .mark)
            try container.encode(meaning, forKey: .meaning)
        }

        enum CodingKeys: String, CodingKey { case role, permission, granted, effective, through, mark, meaning }
    }

    private struct Change: Encodable {
        let recordType: String
        let role: String
        let permission: String
        let before: Cell?
        let after: Cell?
        let widens: Bool

        init(_ change: AccessChange) {
            recordType = change.recordType
            role = change.role
            permission = AccessLegend.name(of: change.permission)
            before = change.before.map(Cell.init)
            after = change.after.map(Cell.init)
            widens = change.widens
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(recordType, forKey: .recordType)
            try container.encode(role, forKey: .role)
            try container.encode(permission, forKey: .permission)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
            try container.encode(widens, forKey: .widens)
        }

        enum CodingKeys: String, CodingKey { case recordType, permission, role, before, after, widens }
    }
}
