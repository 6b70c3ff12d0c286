import Dataset
import SQLite
import SystemSupport

/// The Moonshot app's missions.json and astronauts.json, in the shapes its structs decode, keys in the source files' order, one member a line to diff
/// well. Rows are streamed, so memory does not grow with the database; only columns every layout has are read, so older layouts export alike.
package enum AppFiles {
    package typealias Counts = DatasetCounts

    /// A value the app's files cannot carry: text that is not UTF-8, or NULL where the schema requires a value (a
    /// constraint removed through `writable_schema`, say).
    package struct UnwritableValue: Error, Equatable {
        /// "mission 11", "astronaut armstrong".
        package let row: String
        package let column: String
        package let isNull: Bool
    }

    /// One of the tables read is not a table (a view, say, which could take any time to read).
    package struct NotATable: Error, Equatable {
        package let name: String
        package let type: String
    }

    /// Writes missions.json, then astronauts.json; call it in a transaction so that both are of one moment. Throws
    /// `NotATable` when missions, astronauts or crew is not an ordinary table.
    package static func write(from database: Database, missions: inout some ByteSink, astronauts: inout some ByteSink) throws -> Counts {
        for table in ["missions", "astronauts", "crew"] {
            let type = try database.rows("SELECT type, sql FROM sqlite_schema WHERE name = ? COLLATE NOCASE", [.text(table)]).first
            guard type?.text(0) == "table", type?.text(1)?.hasPrefix("CREATE TABLE") == true else {
                throw NotATable(name: table, type: type?.text(1)?.hasPrefix("CREATE VIRTUAL TABLE") == true ? "virtual table" : type?.text(0) ?? "missing")
            }
        }
        let written = try writeMissions(of: database, to: &missions)
        return Counts(missions: written.missions, astronauts: try writeAstronauts(of: database, to: &astronauts), crew: written.crew)
    }

    /// Crew rows whose mission is missing cannot be written (`DanglingCrewRows` finds them first).
    private static func writeMissions(of database: Database, to sink: inout some ByteSink) throws -> (missions: Int, crew: Int) {
        let rows = try database.prepare(
            """
            SELECT m.id, m.launch_date, m.description, c.astronaut_id, c.role, c.position
              FROM missions AS m LEFT JOIN crew AS c ON c.mission_id = m.id
             ORDER BY m.id, c.position
            """)
        var missions = 0
        var crew = 0
        var crewOfMission = 0
        var mission: (id: Int64, description: String)? = nil
        try sink.write("[")
        while try rows.step() {
            try Interruption.check()
            let id = rows.int64(0) ?? 0
            let row = "mission \(id)"
            if id != mission?.id {
                if let mission { try sink.write(ending(crewCount: crewOfMission, description: mission.description)) }
                mission = (id, try text(rows, 2, row: row, column: "description"))
                missions += 1
                crewOfMission = 0
                try sink.write((missions == 1 ? "\n" : ",\n") + "  {\n    \"id\": \(id),\n")
                if let launchDate = try optionalText(rows, 1, row: row, column: "launch_date") {
                    try sink.write("    \"launchDate\": \(quoted(launchDate)),\n")
                }
                try sink.write("    \"crew\": [")
            }
            // No crew row (the join's NULLs); a crew row always has a position (its key).
            if rows.isNull(5) { continue }
            let name = try text(rows, 3, row: row, column: "crew.astronaut_id")
            let role = try text(rows, 4, row: row, column: "crew.role")
            crewOfMission += 1
            crew += 1
            try sink.write(
                (crewOfMission == 1 ? "\n" : ",\n")
                    + "      {\n        \"name\": \(quoted(name)),\n        \"role\": \(quoted(role))\n      }")
        }
        if let mission { try sink.write(ending(crewCount: crewOfMission, description: mission.description)) }
        try sink.write(missions == 0 ? "]\n" : "\n]\n")
        return (missions, crew)
    }

    /// The end of a mission's crew list, its description and the end of the mission.
    private static func ending(crewCount: Int, description: String) -> String {
        (crewCount == 0 ? "],\n" : "\n    ],\n") + "    \"description\": \(quoted(description))\n  }"
    }

    private static func writeAstronauts(of database: Database, to sink: inout some ByteSink) throws -> Int {
        // The source's order: by number, which before schema version 6 was the rowid.
        let order = try MoonshotTable.columns(of: "astronauts", in: database).contains("number") ? "number, id" : "rowid"
        let rows = try database.prepare("SELECT id, name, description, rowid FROM astronauts ORDER BY \(order)")
        var astronauts = 0
        try sink.write("{")
        while try rows.step() {
            try Interruption.check()
            let id = try text(rows, 0, row: "astronaut number \(rows.int64(3) ?? 0)", column: "id")
            let row = "astronaut \(id)"
            let name = try text(rows, 1, row: row, column: "name")
            let description = try text(rows, 2, row: row, column: "description")
            astronauts += 1
            try sink.write(
                (astronauts == 1 ? "\n" : ",\n") + "  \(quoted(id)): {\n    \"id\": \(quoted(id)),\n"
                    + "    \"name\": \(quoted(name)),\n    \"description\": \(quoted(description))\n  }")
        }
        try sink.write(astronauts == 0 ? "}\n" : "\n}\n")
        return astronauts
    }

    /// Column `index` as text exactly as stored; NULL, which the schema refuses, is unwritable.
    private static func text(_ rows: Statement, _ index: Int, row: String, column: String) throws -> String {
        guard let text = try optionalText(rows, index, row: row, column: column) else {
            throw UnwritableValue(row: row, column: column, isNull: true)
        }
        return text
    }

    /// Column `index` as text exactly as stored, or nil for NULL.
    private static func optionalText(_ rows: Statement, _ index: Int, row: String, column: String) throws -> String? {
        do { return try rows.exactText(index) } catch { throw UnwritableValue(row: row, column: column, isNull: false) }
    }
}

/// Where exported text goes: a file (`StagedFile`), or its hash (`ContentDigest`) to compare exactly what is written.
package protocol ByteSink {
    /// Appends `text`, as UTF-8.
    mutating func write(_ text: String) throws
}

extension SHA256: ByteSink {
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { update($0) }
    }
}
