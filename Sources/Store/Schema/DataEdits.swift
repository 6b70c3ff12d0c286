import Dataset
import SQLite

/// What changed in the data since the last import, whoever changed it: schema.sql's triggers note every inserted,
/// changed or deleted row in `edited_rows`, which an import empties.
package struct DataEdits: Equatable, Sendable {
    /// Rows of each table inserted, changed or deleted, each once however often (a changed key counts old and new).
    package let missions: Int
    package let astronauts: Int
    package let crew: Int
    /// When the first and the last of those changes were made, in UTC: "2026-11-25T10:47:00Z".
    package let firstEditedAt: String?
    package let lastEditedAt: String?
    /// When `check --repair` last put back a removed `edited_rows` or noting trigger: changes made before then may not
    /// all be noted. Nil when the record was never broken.
    package let unnotedBefore: String?

    /// The `edited_rows` row (`table_name`, `row_key`) that holds `unnotedBefore`.
    static let lostRecordMarker = (table: "edited_rows", key: "made whole again")

    /// Whether `differences` leave changes unnoted: `edited_rows` or a noting trigger missing or changed. In an older
    /// layout such an object may differ as its own version made it (`EarlierNotingObjects`).
    package static func recordIsBroken(by differences: [SchemaDifference], in database: Database, isOlderLayout: Bool) throws -> Bool {
        for difference in differences where difference.changesMoonshotsObjects {
            let name = difference.object.name.lowercased()
            guard notingObjects.contains(name) else { continue }
            guard isOlderLayout, difference.kind == .changed else { return true }
            let sql = try database.rows("SELECT sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE", [.text(name)]).first?.text(0)
            if !EarlierNotingObjects.isEarlierDefinition(of: name, sql) { return true }
        }
        return false
    }

    /// `edited_rows` and the triggers of schema.sql that note changes in it (lower case).
    private static let notingObjects: Set<String> = Set(
        ["edited_rows"]
            + EmbeddedResources.schemaObjects.filter {
                $0.type == "trigger" && $0.sql?.contains("INSERT INTO edited_rows") == true
            }.map { $0.name.lowercased() })

    /// Notes in `database` that the record of changes is whole again from now on.
    static func noteLostRecord(in database: Database) throws {
        try database.execute(
            """
            INSERT INTO edited_rows (table_name, row_key) VALUES (?, ?)
                ON CONFLICT DO UPDATE SET first_edited_at = excluded.first_edited_at, last_edited_at = excluded.last_edited_at
            """, [.text(lostRecordMarker.table), .text(lostRecordMarker.key)])
    }

    package var total: Int { missions + astronauts + crew }

    /// The one sentence `moonshot metadata`, the site's footer and `moonshot check` use: "2 missions, 1 astronaut and 3
    /// crew rows changed since 2026-11-25 10:47:00 UTC".
    package var summary: String {
        let unnoted = unnotedBefore.map { "changes made before \(readableTimestamp($0)) may not all be noted (what records them had been removed)" }
        guard let firstEditedAt, total > 0 else { return unnoted ?? "no changes" }
        return "\(changedRows) changed since \(readableTimestamp(firstEditedAt))" + (unnoted.map { "; " + $0 } ?? "")
    }

    /// "2 missions, 1 astronaut and 3 crew rows", leaving out the tables with no change.
    var changedRows: String {
        let parts = [(missions, "mission"), (astronauts, "astronaut"), (crew, "crew row")].filter { $0.0 > 0 }.map { plural($0.0, $0.1) }
        guard let last = parts.last else { return "rows" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The edits noted in `database`, or nil when there are none.
    package static func read(from database: Database) throws -> DataEdits? {
        let row = try database.rows(
            """
            SELECT count(*) FILTER (WHERE table_name = 'missions'), count(*) FILTER (WHERE table_name = 'astronauts'),
                   count(*) FILTER (WHERE table_name = 'crew'),
                   min(first_edited_at) FILTER (WHERE table_name IN ('missions', 'astronauts', 'crew')),
                   max(last_edited_at) FILTER (WHERE table_name IN ('missions', 'astronauts', 'crew')),
                   max(first_edited_at) FILTER (WHERE table_name = ? AND row_key = ?)
            FROM edited_rows
            """, [.text(lostRecordMarker.table), .text(lostRecordMarker.key)]
        ).first
        guard let row, row.text(3) != nil || row.text(5) != nil else { return nil }
        return DataEdits(
            missions: Int(row.int64(0) ?? 0), astronauts: Int(row.int64(1) ?? 0), crew: Int(row.int64(2) ?? 0),
            firstEditedAt: row.text(3), lastEditedAt: row.text(4), unnotedBefore: row.text(5))
    }
}
