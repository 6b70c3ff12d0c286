import SQLite

/// What an import knows of the changes made to the content it would replace.
package enum PriorEdits: Sendable {
    /// The changes noted since the last import (see `DataEdits`).
    case noted(DataEdits)
    /// Changes cannot be known: the database has an earlier layout, `version`, which noted none.
    case unrecordedByLayout(version: Int64)
    /// Changes cannot be known: `edited_rows`, or a trigger that notes changes in it, was removed or changed.
    case recordRemoved

    /// The first schema version that notes changes (`edited_rows` and its triggers); `check --repair` brings it and
    /// later ones to schema.sql's in place.
    package static let firstNotingVersion: Int64 = 3

    /// What the database tells of changes since its last import, nil for none; `differences` from schema.sql are given
    /// only for a layout that notes changes.
    static func read(from database: Database, version: Int64, differences: [SchemaDifference]?) throws -> PriorEdits? {
        guard let differences, version >= firstNotingVersion else { return .unrecordedByLayout(version: version) }
        if try DataEdits.recordIsBroken(by: differences, in: database, isOlderLayout: version < MoonshotFile.schemaVersion) { return .recordRemoved }
        return try DataEdits.read(from: database).map(PriorEdits.noted)
    }
}

/// Why an import with sound input changed nothing: without `force`, it would have replaced changes made since the last
/// import, dropped what another program added, or left its rows referring to other rows than before or none.
package struct ImportRefusal: Error, Sendable {
    /// Something of another program's that the import would drop (a column, a UNIQUE index) or whose rows it would
    /// leave referring elsewhere (a table).
    package struct Obstacle: Sendable, Equatable {
        package enum Reason: Sendable, Equatable {
            /// A table whose foreign keys into moonshot's tables would point nowhere in the new content.
            case foreignKeys(rows: Int, into: [String])
            /// A table whose foreign keys into astronauts or crew would name other rows: the import numbers astronauts
            /// and crew positions by their places in the files.
            case renumbered(rows: Int, in: String)
            /// A UNIQUE index on moonshot's tables that the new content breaks (SQLite's reason).
            case cannotBeMadeAgain(String)
            /// A column of moonshot's table that schema.sql does not make.
            case columnNotInSchema
            /// A column that SQLite would not drop (another program's view or trigger uses it): not even with `force`.
            case cannotBeDropped(String)
            /// A column that SQLite would not drop while a view or trigger of schema.sql's that an edit broke stands.
            case schemaSQLsObjectBroken(String)
        }

        /// "table my_notes", "index my_unique_names", "column missions.notes".
        package let name: String
        package let reason: Reason
    }

    /// The changes the import would have replaced (their content differs from the new), or nil when none would be lost.
    package let edits: PriorEdits?
    package let obstacles: [Obstacle]
    /// The schema version of the content, when it is older than schema.sql's.
    package var olderLayout: Int64? = nil
}
