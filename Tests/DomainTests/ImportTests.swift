import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Imports of the real Apollo dataset, and what an import does to an existing database.
final class ImportTests: XCTestCase {
    private var folder: URL!
    private var databasePath: String { folder.appendingPathComponent("moonshot.db").path }

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder(self)
    }

    private func importRealDataset(
        from source: (InputSource, InputSource) = (.embedded("missions.json"), .embedded("astronauts.json")),
        force: Bool = false
    ) throws -> ImportSummary {
        try Importer.run(missions: source.0, astronauts: source.1, databasePath: databasePath, force: force)
    }

    private func open() throws -> Database { try Database(path: databasePath, mode: .readOnly) }

    func testRealDatasetCountsAndFacts() throws {
        let summary = try importRealDataset()
        XCTAssertEqual(summary.counts, DatasetCounts(missions: 12, astronauts: 32, crew: 36))
        XCTAssertEqual(summary.outcome, .created)
        let db = try open()
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM missions"), .integer(12))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM astronauts"), .integer(32))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM crew"), .integer(36))

        // Apollo 1 never launched, and Grissom (the "Command Pilot") was its commander.
        XCTAssertEqual(try db.scalar("SELECT launch_date FROM missions WHERE id = 1"), .null)
        XCTAssertEqual(
            try db.rows("SELECT astronaut_id, role FROM mission_commanders WHERE mission_id = 1"),
            [Row(values: [.text("grissom"), .text("Command Pilot")])])

        XCTAssertEqual(
            try db.rows("SELECT astronaut_id, role, canonical_role FROM crew_roster WHERE mission_id = 11"),
            [
                Row(values: [.text("armstrong"), .text("Commander"), .text("Commander")]),
                Row(values: [.text("collins"), .text("Command Module Pilot"), .text("Command Module Pilot")]),
                Row(values: [.text("aldrin"), .text("Lunar Module Pilot"), .text("Lunar Module Pilot")]),
            ])
        XCTAssertEqual(
            try db.rows("SELECT mission_id FROM astronaut_flights WHERE astronaut_id = 'lovell'"),
            [Row(values: [.integer(8)]), Row(values: [.integer(13)])])
        XCTAssertEqual(
            try db.rows("SELECT name, badge, launch_date FROM missions WHERE id = 11"),
            [Row(values: [.text("Apollo 11"), .text("apollo11"), .text("1969-07-16")])])
        // Every mission has exactly one commander.
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT mission_id) FROM mission_commanders"), .integer(12))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM mission_commanders"), .integer(12))
    }

    func testDatabaseMatchesTheJSONExactly() throws {
        _ = try importRealDataset()
        let reference = try ReferenceDataset()
        let db = try open()
        for mission in reference.missions {
            let row = try db.rows("SELECT launch_date, description FROM missions WHERE id = ?", [.integer(Int64(mission.id))])
            XCTAssertEqual(row.first?.values, [mission.launchDate.map(SQLValue.text) ?? .null, .text(mission.description)])
            let crew = try db.rows(
                "SELECT astronaut_id, role, position FROM crew WHERE mission_id = ? ORDER BY position",
                [.integer(Int64(mission.id))])
            XCTAssertEqual(
                crew.map(\.values),
                mission.crew.enumerated().map {
                    [.text($1.name), .text($1.role), .integer(Int64($0 + 1))]
                })
        }
        for astronaut in reference.astronauts.values {
            let row = try db.rows("SELECT name, description FROM astronauts WHERE id = ?", [.text(astronaut.id)])
            XCTAssertEqual(row.first?.values, [.text(astronaut.name), .text(astronaut.description)])
        }
    }

    func testFilesOnDiskGiveTheSameContentAsTheEmbeddedCopy() throws {
        _ = try importRealDataset()
        let embedded = try dump()
        let summary = try importRealDataset(from: (.file(realMissionsPath), .file(realAstronautsPath)))
        XCTAssertEqual(summary.outcome, .unchanged, "the shipped files are the embedded ones, byte for byte")
        XCTAssertEqual(try dump(), embedded)
    }

    func testSchemaIsExactlySchemaSQL() throws {
        _ = try importRealDataset()
        let reference = try Database(path: ":memory:", mode: .readWriteCreate)
        let schemaFile = try String(contentsOfFile: packageRoot.appendingPathComponent("schema.sql").path, encoding: .utf8)
        XCTAssertEqual(schemaFile, MoonshotFile.schemaSQL, "the binary embeds the current schema.sql")
        try reference.execute(schemaFile)
        let query = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name"
        XCTAssertEqual(try open().rows(query), try reference.rows(query))
        XCTAssertEqual(try open().scalar("PRAGMA user_version"), try reference.scalar("PRAGMA user_version"))
        XCTAssertNotEqual(try reference.scalar("PRAGMA user_version"), .integer(0))
    }

    func testSearchIndexesAreSoundAndFindWhatTheTextSays() throws {
        _ = try importRealDataset()
        let db = try Database(path: databasePath, mode: .readWriteCreate)
        // FTS5's own check compares the index with the text of the content tables.
        try db.execute(
            """
            INSERT INTO missions_fts (missions_fts, rank) VALUES ('integrity-check', 1);
            INSERT INTO astronauts_fts (astronauts_fts, rank) VALUES ('integrity-check', 1);
            """)
        let reference = try ReferenceDataset()
        let expected = reference.missions.filter { $0.description.lowercased().contains("oxygen tank") }.map { SQLValue.integer(Int64($0.id)) }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(
            try db.rows("SELECT rowid FROM missions_fts WHERE missions_fts MATCH '\"oxygen tank\"' ORDER BY rowid").map { $0.values[0] },
            expected)
        XCTAssertEqual(
            try db.rows(
                "SELECT a.id FROM astronauts_fts JOIN astronauts AS a ON a.number = astronauts_fts.rowid WHERE astronauts_fts MATCH 'armstrong' ORDER BY rank LIMIT 1"
            ),
            [Row(values: [.text("armstrong")])])
    }

    func testImportOverOtherContentMakesTheSameDatabaseAsAFreshOneKeepingOtherProgramsObjects() throws {
        _ = try importRealDataset()
        let fresh = try dump() + searchIndex()
        let freshSchema = try open().rows("SELECT type, name, sql FROM sqlite_schema ORDER BY name")
        try FileManager.default.removeItem(atPath: databasePath)
        // Other content first, with objects of its own that the import must take away too.
        let other = try write(#"[{"id": 5, "crew": [{"name": "lovell", "role": "Pilot"}], "description": "Other."}]"#, to: "m.json", in: folder)
        _ = try importRealDataset(from: (.file(other), .embedded("astronauts.json")))
        // A user's own objects, with a chain of foreign keys into moonshot's tables.
        try Database(path: databasePath, mode: .readWriteCreate).execute(
            """
            CREATE VIEW extra AS SELECT 1; CREATE INDEX extra_index ON missions (description);
            CREATE TABLE notes (id INTEGER PRIMARY KEY, mission_id INTEGER REFERENCES missions (id));
            CREATE TABLE tags (note_id INTEGER REFERENCES notes (id));
            INSERT INTO notes VALUES (1, 5); INSERT INTO tags VALUES (1);
            """)
        let objects = "SELECT type, name, sql FROM sqlite_schema WHERE name NOT IN ('notes', 'tags', 'extra', 'extra_index') ORDER BY name"
        // The note refers to mission 5, which the Apollo dataset lacks: the import refuses, naming
        // its table (tags refers to notes, which stays).
        XCTAssertThrowsError(try importRealDataset()) { error in
            XCTAssertEqual(
                (error as? ImportRefusal)?.obstacles,
                [
                    ImportRefusal.Obstacle(name: "table notes", reason: .foreignKeys(rows: 1, into: ["missions"]))
                ], "\(error)")
            XCTAssertNil((error as? ImportRefusal)?.edits)
        }
        XCTAssertEqual(try open().scalar("SELECT count(*) FROM missions WHERE id = 5"), .integer(1), "nothing changed")
        // Told to, it leaves the note as it is, naming what now points nowhere; everything of theirs stays.
        let summary = try importRealDataset(force: true)
        XCTAssertEqual(summary.dropped, [])
        XCTAssertEqual(summary.left, [ImportRefusal.Obstacle(name: "table notes", reason: .foreignKeys(rows: 1, into: ["missions"]))])
        XCTAssertEqual(summary.kept, ["view extra", "table notes", "table tags", "index extra_index"])
        XCTAssertEqual(try dump() + searchIndex(), fresh)
        XCTAssertEqual(try open().rows(objects), freshSchema)
        XCTAssertEqual(
            try open().rows("SELECT type, name FROM sqlite_schema WHERE name IN ('notes', 'tags', 'extra', 'extra_index') ORDER BY name"),
            [
                Row(values: [.text("view"), .text("extra")]), Row(values: [.text("index"), .text("extra_index")]),
                Row(values: [.text("table"), .text("notes")]), Row(values: [.text("table"), .text("tags")]),
            ])
        let db = try Database(path: databasePath, mode: .readWriteCreate)
        try db.execute(
            """
            INSERT INTO missions_fts (missions_fts, rank) VALUES ('integrity-check', 1);
            INSERT INTO astronauts_fts (astronauts_fts, rank) VALUES ('integrity-check', 1);
            """)
        XCTAssertEqual(try db.rows("PRAGMA integrity_check"), [Row(values: [.text("ok")])])
        XCTAssertEqual(
            try db.rows("PRAGMA foreign_key_check"), [Row(values: [.text("notes"), .integer(1), .text("missions"), .integer(0)])], "the row --force left")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM imports"), .integer(2), "the history is kept")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["m.json", "moonshot.db"],
            "no journal or other file left")
    }

    /// What the search indexes answer: for words common and rare, the matching rowids in rank order.
    private func searchIndex() throws -> [Row] {
        let db = try open()
        var rows: [Row] = []
        for word in ["apollo", "moon", "lunar", "rover", "navy", "armstrong", "lovell", "the", "1969", "gemini"] {
            rows += try db.rows("SELECT rowid FROM missions_fts WHERE missions_fts MATCH ? ORDER BY rank, rowid", [.text(word)])
            rows += try db.rows("SELECT rowid FROM astronauts_fts WHERE astronauts_fts MATCH ? ORDER BY rank, rowid", [.text(word)])
        }
        return rows
    }

    func testProvenanceRecordsEachImport() throws {
        _ = try importRealDataset()
        let second = try importRealDataset()
        XCTAssertEqual(second.outcome, .unchanged)
        let rows = try open().rows(
            "SELECT missions_source, missions_sha256, astronauts_source, mission_count, astronaut_count, crew_count, tool_version FROM imports ORDER BY id")
        XCTAssertEqual(rows.count, 2)
        let missionsBytes = Array(try Data(contentsOf: URL(fileURLWithPath: realMissionsPath)))
        XCTAssertEqual(
            rows[1].values,
            [
                .text("embedded:missions.json"), .text(missionsBytes.withUnsafeBufferPointer { SHA256.hexDigest(of: $0) }), .text("embedded:astronauts.json"),
                .integer(12), .integer(32), .integer(36), .text(MoonshotVersion.current),
            ])
    }

    func testReimportReplacesContent() throws {
        _ = try importRealDataset()
        let before = try dump()
        let smaller = try write(
            """
            [{"id": 99, "launchDate": "2030-01-02", "crew": [{"name": "lovell", "role": "commander"}], "description": "Future."}]
            """, to: "m.json", in: folder)
        let summary = try importRealDataset(from: (.file(smaller), .file(realAstronautsPath)))
        XCTAssertEqual(summary.outcome, .replaced)
        XCTAssertEqual(summary.counts, DatasetCounts(missions: 1, astronauts: 32, crew: 1))
        let db = try open()
        XCTAssertEqual(try db.rows("SELECT id FROM missions"), [Row(values: [.integer(99)])])
        XCTAssertEqual(try db.scalar("SELECT canonical_role FROM crew"), .text("Commander"))
        XCTAssertNotEqual(try dump(), before)
        _ = try importRealDataset()
        XCTAssertEqual(try dump(), before, "importing the same input again gives the same content")
    }

    func testFailedImportLeavesTheDatabaseByteForByteAndNoStrayFiles() throws {
        _ = try importRealDataset()
        let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        let broken = try write(#"[{"id": 1, "crew": [{"name": "nobody", "role": "Pilot"}], "description": "x"}]"#, to: "m.json", in: folder)
        XCTAssertThrowsError(try importRealDataset(from: (.file(broken), .embedded("astronauts.json")))) { error in
            XCTAssertTrue(error is ImportFailure)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath)), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["m.json", "moonshot.db"])
    }

    func testBadInputInEitherFileChangesNothing() throws {
        _ = try importRealDataset()
        let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        // Bad astronauts: found before any mission is read. Bad missions: found after every
        // astronaut is written. Either way the transaction is rolled back.
        var astronauts = try String(contentsOfFile: realAstronautsPath, encoding: .utf8)
        astronauts = astronauts.replacingOccurrences(of: "\"name\": \"Edwin E. Aldrin Jr.\"", with: "\"name\": 7")
        var missions = try String(contentsOfFile: realMissionsPath, encoding: .utf8)
        missions = missions.replacingOccurrences(of: "\"name\": \"aldrin\"", with: "\"name\": \"buzz\"")
        let badAstronauts = try write(astronauts, to: "a.json", in: folder)
        let badMissions = try write(missions, to: "m.json", in: folder)
        XCTAssertNotEqual(astronauts, try String(contentsOfFile: realAstronautsPath, encoding: .utf8))
        XCTAssertThrowsError(try importRealDataset(from: (.file(realMissionsPath), .file(badAstronauts)))) { error in
            XCTAssertEqual((error as? ImportFailure)?.problems.first?.path, "[\"aldrin\"].name", "\(error)")
        }
        XCTAssertThrowsError(try importRealDataset(from: (.file(badMissions), .file(realAstronautsPath)))) { error in
            XCTAssertEqual((error as? ImportFailure)?.problems.first?.message.hasPrefix("\"buzz\" is not an astronaut"), true, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath)), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.json", "m.json", "moonshot.db"])
    }

    func testImportChangesTheFileInPlaceThroughASymbolicLinkKeepingItsPermissions() throws {
        _ = try importRealDataset()
        chmod(databasePath, 0o600)
        let inode = (try FileManager.default.attributesOfItem(atPath: databasePath)[.systemFileNumber] as? NSNumber)?.intValue
        let link = folder.appendingPathComponent("link.db").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: databasePath)
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), databasePath, "the link is still a link")
        XCTAssertEqual(try open().scalar("SELECT count(*) FROM imports"), .integer(2), "the database it points to was replaced")
        let attributes = try FileManager.default.attributesOfItem(atPath: databasePath)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual((attributes[.systemFileNumber] as? NSNumber)?.intValue, inode, "the same file, written through SQLite")
    }

    func testFailedImportIntoANewPathLeavesNoDataAndNoJournal() throws {
        XCTAssertThrowsError(try importRealDataset(from: (.file(folder.path + "/nope.json"), .embedded("astronauts.json"))))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "an input that cannot be opened stops it first")
        let broken = try write("[{]", to: "m.json", in: folder)
        XCTAssertThrowsError(try importRealDataset(from: (.file(broken), .embedded("astronauts.json"))))
        // SQLite created the file when the import opened it; the rolled-back transaction leaves it empty.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["m.json", "moonshot.db"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath)).count, 0)
        XCTAssertThrowsError(try MoonshotDatabase(path: databasePath)) { error in
            XCTAssertEqual(error as? DatabaseProblem, .empty(path: self.databasePath))
        }
        XCTAssertEqual(try importRealDataset().outcome, .created)
    }

    func testCheckWritesNothing() throws {
        let counts = try Importer.check(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"))
        XCTAssertEqual(counts, DatasetCounts(missions: 12, astronauts: 32, crew: 36))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testRefusesToReplaceWhatIsNotAMoonshotDatabase() throws {
        let text = try write("precious notes", to: "moonshot.db", in: folder)
        XCTAssertThrowsError(try importRealDataset()) { error in
            XCTAssertEqual(error as? DatabaseWriteProblem, .notMoonshots(path: self.databasePath))
        }
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "precious notes")

        try FileManager.default.removeItem(atPath: databasePath)
        try Database(path: databasePath, mode: .readWriteCreate).execute("CREATE TABLE mine (x)")
        XCTAssertThrowsError(try importRealDataset()) { error in
            XCTAssertEqual(error as? DatabaseWriteProblem, .notMoonshots(path: self.databasePath))
        }
        XCTAssertEqual(try open().scalar("SELECT count(*) FROM sqlite_schema"), .integer(1))
    }

    func testUnusableDatabaseLocations() throws {
        XCTAssertThrowsError(
            try Importer.run(
                missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"),
                databasePath: folder.path + "/no/such/folder/x.db")
        ) { error in
            XCTAssertEqual(
                error as? DatabaseWriteProblem, .missingFolder(path: self.folder.path + "/no/such/folder/x.db", folder: self.folder.path + "/no/such/folder"))
        }
        XCTAssertThrowsError(
            try Importer.run(
                missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"),
                databasePath: folder.path)
        ) { error in
            XCTAssertEqual(error as? DatabaseWriteProblem, .folder(path: self.folder.path))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// The content of the three data tables, in a stable order.
    private func dump() throws -> [Row] {
        let db = try open()
        return try db.rows("SELECT 'm', id, launch_date, description, NULL, NULL FROM missions ORDER BY id")
            + db.rows("SELECT 'a', id, name, description, NULL, NULL FROM astronauts ORDER BY id")
            + db.rows("SELECT 'c', mission_id, astronaut_id, role, canonical_role, position FROM crew ORDER BY mission_id, position")
    }
}
