import Store

/// The words a check report's fixes use for what the calling program offers, which the library does not name.
package struct FixWording: Sendable {
    /// The command that repairs the database, such as `moonshot check --repair`.
    package var repairCommand: String
    /// What to do with a damaged database file, in a sentence or two.
    package var damagedFile: String

    /// The fix when the repair would refuse to put a problem right: the advice the refusal gives.
    package var refused: @Sendable (RepairRefusal) -> String

    package init(repairCommand: String, damagedFile: String, refused: @escaping @Sendable (RepairRefusal) -> String) {
        self.repairCommand = repairCommand
        self.damagedFile = damagedFile
        self.refused = refused
    }
}
