import Store

/// What `moonshot check` found in a moonshot database: its problems, each with what fixes it,
/// and what is worth knowing that is not a problem.
package struct DatabaseReport: Sendable {
    /// Something wrong with the database.
    package struct Problem: Equatable, Sendable {
        /// What kind of check found it; the raw value is the name JSON output gives it.
        package enum Kind: String, Sendable {
            /// SQLite's `PRAGMA integrity_check` found the file damaged.
            case integrity
            /// A crew row whose mission or astronaut is missing.
            case danglingRow = "dangling-row"
            /// A full-text index that does not hold exactly its table's text.
            case fullTextIndex = "full-text-index"
            /// A table, index, view or trigger of schema.sql missing or changed.
            case schema
            /// A derived column that disagrees with its rule.
            case derivedValue = "derived-value"
            /// A row that breaks a rule the triggers hold: an astronaut without a name or number,
            /// a crew row without a role.
            case ruleBreak = "rule-break"
            /// A check that could not run.
            case notChecked = "not-checked"
        }

        package let kind: Kind
        /// What is wrong, naming the object or row: "crew row 11/2: astronaut collins is not in
        /// the astronauts table".
        package let problem: String
        /// What fixes it.
        package let fix: String
    }

    /// What was found out, or why it could not be.
    package enum Finding<Value: Sendable>: Sendable {
        case known(Value)
        /// The reason it is not known (a table it is read from is missing, say).
        case unknown(String)
    }

    /// The database's path, as messages show it.
    package let path: String
    /// Every problem, in the order the checks ran (see `DatabaseCheck`), long lists cut short
    /// with a last problem that counts the rest.
    package let problems: [Problem]
    /// The `application_id` and `user_version` of the file's header.
    package let applicationID: Int64
    package let schemaVersion: Int64
    /// The import that made the current content; nil when none is recorded.
    package let latestImport: Finding<ImportRecord?>
    /// What changed in the data after that import; nil when nothing did.
    package let edits: Finding<DataEdits?>
    /// Whether some of schema.sql's triggers, which note the changes, are missing or changed:
    /// changes made meanwhile may not be in `edits`.
    package let editsMayBeIncomplete: Bool
    /// Tables, indexes, views and triggers that other programs added (which is fine).
    package let otherObjects: [SchemaObject]

    /// Whether no problem was found.
    package var isSound: Bool { problems.isEmpty }
}
