/// What SQLite's integrity and quick checks report: damage to the file, or a row that breaks a rule of its table (a
/// CHECK or NOT NULL constraint off while it was written), which is the data's to correct, not the file's.
package enum IntegrityFindings {
    /// Whether `line` of the check's report is a row breaking a rule rather than damage.
    package static func isRuleBreak(_ line: String) -> Bool {
        line.hasPrefix("CHECK constraint failed in ") || line.hasPrefix("NULL value in ")
    }
}
