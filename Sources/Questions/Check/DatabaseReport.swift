import Store

/// What `moonshot check` found: the problems, each with its fix, and what is worth knowing that is not a problem.
package struct DatabaseReport: Sendable {
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
            /// A row breaking the triggers' rules: an astronaut without a name or number, a crew row without a role.
            case ruleBreak = "rule-break"
            /// A check that could not run.
            case notChecked = "not-checked"
        }

        package let kind: Kind
        /// What is wrong, naming the object or row.
        package let problem: String
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
    /// In the order the checks ran, each long list cut short by a last problem that counts the rest.
    package let problems: [Problem]
    /// The `application_id` and `user_version` of the file's header.
    package let applicationID: Int64
    package let schemaVersion: Int64
    /// The import that made the current content; nil when none is recorded.
    package let latestImport: Finding<ImportRecord?>
    /// What changed in the data after that import; nil when nothing did.
    package let edits: Finding<DataEdits?>
    /// Whether some of schema.sql's triggers that note the changes are missing or changed, so `edits` may lack some.
    package let editsMayBeIncomplete: Bool
    /// Tables, indexes, views and triggers that other programs added (which is fine).
    package let otherObjects: [SchemaObject]

    package var isSound: Bool { problems.isEmpty }
}
