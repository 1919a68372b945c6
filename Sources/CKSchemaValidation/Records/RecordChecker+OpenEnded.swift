/// Checking an array element without knowing where it ends: reading the record finds its end, so the
/// elements of an array need no separate bracket-counting scan before they are checked.
extension RecordChecker {
    /// Checks the record object that starts at `start` (its `{`) and may run up to `limit`, counting it as
    /// record `index`. Its position is not known yet: line and column are placeholders, and a record with
    /// findings (`hasFindings`, `firstPending`) must be checked again once they are known.
    ///
    /// - Returns: the offset just past the record, or `nil` when it cannot be read whole before `limit`
    ///   (a syntax error, nesting too deep, or the record goes on past `limit`); its findings are then to be
    ///   discarded and the element left to the serial scan, which decides where it ends as before.
    mutating func checkFindingEnd(at start: Int, limit: Int, index: Int) -> Int? {
        beginRecord(RecordUnit(start: start, end: limit, index: index, line: 1, column: 1), in: json.base)
        do throws(SyntaxError) {
            try checkTopLevelObject()
        } catch {
            return nil
        }
        // The serial scan's element ends just past the closing brace: so does this unit.
        unit.end = json.position
        finishRecord()
        return unit.end
    }

    /// Whether the record just checked reported nothing and left no reference to check later.
    var recordIsClean: Bool {
        !hasFindings && firstPending < 0
    }
}
