/// The aligned one-line-per-rule tables of `ckschema rules` (ID, severity, category, summary).
enum CatalogTable {
    /// `heading` on its own line after a blank one, then one aligned row per rule.
    static func render(heading: String, rows: [(id: String, severity: String, category: String, summary: String)]) -> String {
        let width = rows.map(\.id.count).max() ?? 0
        var lines = ["", heading]
        for row in rows {
            lines.append(pad(row.id, width) + "  " + pad(row.severity, 8) + "  " + pad(row.category, 13) + "  " + row.summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` padded with spaces to `count` characters.
    static func pad(_ text: String, _ count: Int) -> String {
        text + String(repeating: " ", count: max(0, count - text.count))
    }
}
