/// What changed in the data since the last import, whoever changed it: the triggers of
/// schema.sql note every inserted, changed or deleted row in `edited_rows`, and an import
/// starts it empty.
public struct DataEdits: Equatable, Sendable {
    /// How many rows of each table were inserted, changed or deleted (each row once, however
    /// often; a row whose key changed counts under its old key and its new one).
    public let missions: Int
    public let astronauts: Int
    public let crew: Int
    /// When the first and the last of those changes were made, in UTC: "2026-11-25T10:47:00Z".
    public let firstEditedAt: String
    public let lastEditedAt: String

    /// How many rows changed in all.
    public var total: Int { missions + astronauts + crew }

    /// What changed, in words: "2 missions, 1 astronaut and 3 crew rows changed since
    /// 2026-11-25 10:47:00 UTC". The one sentence `moonshot metadata`, the site's footer and
    /// `moonshot check` say it with.
    public var summary: String { "\(changedRows) changed since \(readableTimestamp(firstEditedAt))" }

    /// "2 missions, 1 astronaut and 3 crew rows", leaving out the tables with no change.
    var changedRows: String {
        let parts = [(missions, "mission"), (astronauts, "astronaut"), (crew, "crew row")].filter { $0.0 > 0 }.map { plural($0.0, $0.1) }
        guard let last = parts.last else { return "rows" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The edits noted in `database`, or nil when there are none.
    static func read(from database: Database) throws -> DataEdits? {
        let row = try database.rows("""
            SELECT count(*) FILTER (WHERE table_name = 'missions'), count(*) FILTER (WHERE table_name = 'astronauts'),
                   count(*) FILTER (WHERE table_name = 'crew'), min(first_edited_at), max(last_edited_at)
            FROM edited_rows
            """).first
        guard let row, let first = row.text(3), let last = row.text(4) else { return nil }
        return DataEdits(missions: Int(row.int64(0) ?? 0), astronauts: Int(row.int64(1) ?? 0), crew: Int(row.int64(2) ?? 0),
                         firstEditedAt: first, lastEditedAt: last)
    }
}

extension MoonshotDatabase {
    /// The changes made to the data since the last import, or nil when it is as imported.
    public func editsSinceImport() throws -> DataEdits? {
        try DataEdits.read(from: database)
    }
}
