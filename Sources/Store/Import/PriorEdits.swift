import SQLite

/// What an import knows of the changes made to the content it would replace.
package enum PriorEdits: Sendable {
    /// The changes noted since the last import (see `DataEdits`).
    case noted(DataEdits)
    /// Whether there were changes cannot be known: the database has an earlier moonshot's
    /// layout (which noted none), with its version.
    case unrecordedByLayout(version: Int64)
    /// Whether there were changes cannot be known: `edited_rows`, or a trigger that notes
    /// changes in it, was removed or changed.
    case recordRemoved

    /// The first schema version that notes changes: it has `edited_rows` and the triggers that
    /// fill it (later versions changed how the full-text indexes stem words, added indexes and
    /// moved what a new row needs from the tables to triggers), so `check --repair` brings it to
    /// schema.sql's in place.
    package static let firstNotingVersion: Int64 = 3

    /// What `database` (of schema `version`, in the import's transaction) tells of changes
    /// since its last import: nil when there are none. `differences` are its differences
    /// from schema.sql, when it has a layout that notes changes (`firstNotingVersion` or later).
    static func read(from database: Database, version: Int64, differences: [SchemaDifference]?) throws -> PriorEdits? {
        guard let differences, version >= firstNotingVersion else { return .unrecordedByLayout(version: version) }
        if try DataEdits.recordIsBroken(by: differences, in: database, isOlderLayout: version < MoonshotFile.schemaVersion) { return .recordRemoved }
        return try DataEdits.read(from: database).map(PriorEdits.noted)
    }
}

/// Why an import changed nothing although its input was fine: it would have replaced changes
/// made since the last import, or dropped what another program added, and was not told to
/// (`force`). The facts, which the command line words.
package struct ImportRefusal: Error, Sendable {
    /// Something of another program's that the import would have to drop.
    package struct Obstacle: Sendable, Equatable {
        package enum Reason: Sendable, Equatable {
            /// A table whose foreign keys would point nowhere in the new content: how many
            /// rows, and into which of moonshot's tables.
            case foreignKeys(rows: Int, into: [String])
            /// A table whose foreign keys would point only into other programs' tables that
            /// the import drops (for pointing nowhere themselves): how many rows, and which.
            case intoDroppedTables(rows: Int, tables: [String])
            /// A table whose foreign keys into astronauts or crew would name other rows: the
            /// import numbers astronauts and crew positions by their places in the files. How
            /// many rows, and the table they point into.
            case renumbered(rows: Int, in: String)
            /// An index or trigger on moonshot's tables that could not be made again on the new
            /// content, with SQLite's reason.
            case cannotBeMadeAgain(String)
            /// A column of moonshot's table that schema.sql does not make.
            case columnNotInSchema
        }

        /// "table my_notes", "index my_unique_names", "column missions.notes".
        package let name: String
        package let reason: Reason
    }

    /// The changes the import would have replaced (their content differs from the new one),
    /// or nil when none would be lost.
    package let edits: PriorEdits?
    /// What the import would have had to drop.
    package let obstacles: [Obstacle]
    /// The schema version of the content, when it is older than schema.sql's.
    package var olderLayout: Int64? = nil
}
