import SQLite
import Store

/// What `moonshot check` found: the problems, and what is worth knowing that is not a problem.
package struct DatabaseReport: Sendable {
    /// Something wrong with the database, as a typed fact; the command line words it and its fix.
    package enum Problem: Sendable {
        /// A line of SQLite's integrity check; `breaksARule`: a row breaks its table's CHECK or NOT NULL.
        case integrity(String, breaksARule: Bool)
        /// A table, index, view or trigger of schema.sql missing or changed, and why the repair would refuse, if it would.
        case schema(SchemaDifference, refusal: RepairRefusal?)
        case danglingRow(DanglingCrewRows.Row)
        /// A full-text index that does not hold exactly its table's text.
        case fullTextIndex(index: String, table: String, refusal: RepairRefusal?)
        case namelessAstronaut(id: SQLValue)
        /// An astronaut with number 0; `nextNumber` is the SQL expression that gives the next one.
        case astronautNumberedZero(id: SQLValue, nextNumber: String)
        case rolelessCrewRow(missionID: SQLValue, position: SQLValue)
        case derivedValue(DerivedValues.Disagreement)
        /// The problems of `kind` past `DatabaseCheck.listLimit`, counted.
        case more(Int, of: Kind)
        /// A part of the check that could not run, with SQLite's reason; `damaged` when the file is.
        case notChecked(Part, reason: String, damaged: Bool)

        /// What kind of check found it; the raw value is the name JSON output gives it.
        package enum Kind: String, Sendable {
            case integrity
            case danglingRow = "dangling-row"
            case fullTextIndex = "full-text-index"
            case schema
            case derivedValue = "derived-value"
            /// A row breaking the triggers' rules: an astronaut without a name or number, a crew row without a role.
            case ruleBreak = "rule-break"
            case notChecked = "not-checked"
        }

        /// A part of the check, which may not run.
        package enum Part: Sendable {
            case integrity, danglingRows, ruleBreaks, derivedValues
            case fullTextIndex(String)
        }

        package var kind: Kind {
            switch self {
            case .integrity: .integrity
            case .schema: .schema
            case .danglingRow: .danglingRow
            case .fullTextIndex: .fullTextIndex
            case .namelessAstronaut, .astronautNumberedZero, .rolelessCrewRow: .ruleBreak
            case .derivedValue: .derivedValue
            case .more(_, let kind): kind
            case .notChecked: .notChecked
            }
        }
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
