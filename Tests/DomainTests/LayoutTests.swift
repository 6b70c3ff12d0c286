import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// The database's layout as other tools read it (sqlite-utils, Datasette, Python), and the
/// documentation and Datasette metadata made from schema.sql's comments.
final class LayoutTests: XCTestCase {
    private var path: String!
    private var db: Database!

    override func setUpWithError() throws {
        path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        db = try Database(path: path, mode: .readOnly)
    }

    // MARK: What other tools look for

    func testFullTextIndexesFollowTheConventionOtherToolsDetect() throws {
        // sqlite-utils and Datasette find a table's index by `content="table"` written exactly so.
        for (table, key) in [("missions", "id"), ("astronauts", "number")] {
            let sql = try db.scalar("SELECT sql FROM sqlite_schema WHERE name = ?", [.text(table + "_fts")])
            guard case .text(let create) = sql else { return XCTFail("no \(table)_fts") }
            XCTAssertTrue(create.contains("content=\"\(table)\""), create)
            XCTAssertTrue(create.contains("content_rowid=\"\(key)\""), create)
            XCTAssertTrue(create.contains("remove_diacritics 2"), create)
            // The key is a stored INTEGER column that keys the rows (missions' INTEGER PRIMARY KEY,
            // astronauts' number): the same after VACUUM, which may move other rowids.
            XCTAssertEqual(
                try db.rows("SELECT type, \"notnull\" OR pk > 0 FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(key)]),
                [Row(values: [.text("INTEGER"), .integer(1)])], table)
            let unique = try db.scalar(
                "SELECT count(*) FROM pragma_index_list(?1) AS l, pragma_index_info(l.name) AS x WHERE l.\"unique\" AND x.name = ?2 AND l.origin IN ('u', 'pk')",
                [.text(table), .text(key)])
            XCTAssertTrue(unique == .integer(1) || table == "missions", "\(table).\(key) is unique")
        }
        // Datasette finds astronauts by their id, and their full-text entries by number (its fts_pk).
        XCTAssertEqual(try db.rows("SELECT name FROM pragma_table_info('astronauts') WHERE pk > 0"), [Row(values: [.text("id")])])
    }

    func testEveryColumnIsAStoredColumnThatTableInfoLists() throws {
        for table in ["missions", "astronauts", "crew", "imports"] {
            let hidden = try db.rows("SELECT name FROM pragma_table_xinfo(?) WHERE hidden <> 0", [.text(table)])
            XCTAssertEqual(hidden, [], "\(table) has no generated or hidden columns")
        }
        XCTAssertEqual(try db.rows("SELECT name, badge FROM missions WHERE id = 11"), [Row(values: [.text("Apollo 11"), .text("apollo11")])])
    }

    func testTheNameAndBadgeOfAMissionAreCheckedAgainstItsNumber() throws {
        let writable = try Database(path: path, mode: .readWrite)
        for bad in [
            "UPDATE missions SET name = 'Apollo 12' WHERE id = 11", "UPDATE missions SET badge = 'apollo' WHERE id = 11",
            "INSERT INTO missions (id, name, badge, description) VALUES (99, 'Apollo 98', 'apollo99', 'x')",
        ] {
            XCTAssertThrowsError(try writable.execute(bad), bad) { error in
                XCTAssertEqual((error as? SQLiteError)?.code.primary, .constraint, bad)
                XCTAssertTrue(String(describing: error).contains("follow from id"), "\(bad): \(error)")
            }
        }
        // Left out, or set to '' again, they are filled in from the number.
        try writable.execute("INSERT INTO missions (id, description) VALUES (99, 'A mission of no name.')")
        try writable.execute("UPDATE missions SET name = '', badge = '' WHERE id = 11")
        XCTAssertEqual(
            try writable.rows("SELECT id, name, badge FROM missions WHERE id IN (11, 99) ORDER BY id"),
            [
                Row(values: [.integer(11), .text("Apollo 11"), .text("apollo11")]),
                Row(values: [.integer(99), .text("Apollo 99"), .text("apollo99")]),
            ])
    }

    func testCrewReadsInCrewListOrderAndAnAstronautIsOnACrewOnce() throws {
        let rows = try db.rows("SELECT * FROM crew")
        let keys = rows.map { [$0.int64(0)!, $0.int64(1)!] }
        XCTAssertEqual(keys, keys.sorted { $0.lexicographicallyPrecedes($1) }, "SELECT * FROM crew comes in crew-list order")
        XCTAssertEqual(rows.count, 36)
        XCTAssertEqual(
            try db.rows("SELECT * FROM crew WHERE mission_id = 11").compactMap { $0.text(2) },
            ["armstrong", "collins", "aldrin"])
        let writable = try Database(path: path, mode: .readWrite)
        XCTAssertThrowsError(try writable.execute("INSERT INTO crew VALUES (11, 4, 'armstrong', 'Commander', 'Commander')"))
    }

    // MARK: Descriptions from schema.sql

    func testEveryTableViewAndColumnHasADescriptionInSchemaSQL() throws {
        let documentation = SchemaDocumentation.moonshot
        let objects = try db.rows(
            """
            SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite%'
              AND name NOT LIKE '%\\_fts\\_%' ESCAPE '\\' ORDER BY name
            """
        ).compactMap { $0.text(0) }
        XCTAssertEqual(objects.sorted(), documentation.objects.map(\.name).sorted())
        for name in objects {
            guard let object = documentation.object(name) else {
                XCTFail("\(name) is not described")
                continue
            }
            XCTAssertFalse(object.description.isEmpty, name)
            XCTAssertFalse(object.description.contains("SELECT"), "\(name): examples are not part of the description")
            if name.hasSuffix("_fts") { continue }  // its columns are those of its table
            let columns = try db.rows("SELECT name FROM pragma_table_xinfo(?)", [.text(name)]).compactMap { $0.text(0) }
            XCTAssertEqual(object.columns.map(\.name), columns, "\(name): one description per column, in order")
            for column in object.columns { XCTAssertGreaterThan(column.description.count, 5, "\(name).\(column.name)") }
        }
        XCTAssertEqual(
            documentation.object("missions")?.columns.first { $0.name == "launch_date" }?.description,
            "Launch day as YYYY-MM-DD; empty (NULL) for a mission that never launched.")
        XCTAssertEqual(
            documentation.object("crew_roster")?.description,
            "Every crew assignment with the mission's and astronaut's names, in crew-list order. A crew row whose "
                + "mission or astronaut is missing is listed too, with an empty (NULL) name, so that lists and counts agree "
                + "(`moonshot check` names such rows).")
    }

    func testCommentsAreReadWhereverTheyStand() {
        let documentation = SchemaDocumentation(
            sql: """
                -- A header that belongs to no table.

                -- Things, described
                -- over two lines.
                --   SELECT * FROM things;   (an example, not part of it)
                CREATE TABLE IF NOT EXISTS things (
                    id INTEGER PRIMARY KEY,   -- The key.
                    label TEXT CHECK (label <> '--'),   -- Said "--", with -- inside,
                                                        -- on two lines.
                    -- A comment of its own, about what follows.
                    CHECK (id > 0)            -- not a column
                );
                CREATE INDEX things_by_label ON things (label);
                -- Labels.
                --
                -- A second paragraph, left out.
                CREATE VIEW labels AS
                SELECT t.label AS text,   -- The label.
                       fromage,           -- Cheese.
                       t.id               -- The key again.
                FROM things AS t          -- not a column
                -- nor this
                WHERE id IN (
                    SELECT id             -- nor this
                    FROM things);
                CREATE TABLE plain (x INTEGER);
                """)
        XCTAssertEqual(documentation.objects.map(\.name), ["things", "labels", "plain"])
        XCTAssertEqual(documentation.object("things")?.description, "Things, described over two lines.")
        XCTAssertEqual(documentation.object("things")?.columns.map(\.name), ["id", "label"])
        XCTAssertEqual(
            documentation.object("things")?.columns.map(\.description),
            ["The key.", "Said \"--\", with -- inside, on two lines."])
        XCTAssertEqual(documentation.object("labels")?.description, "Labels.")
        XCTAssertEqual(documentation.object("labels")?.columns.map(\.name), ["text", "fromage", "id"])
        XCTAssertEqual(documentation.object("labels")?.columns.last?.description, "The key again.")
        XCTAssertEqual(documentation.object("plain")?.description, "")
    }

    // MARK: Datasette's metadata

    func testMetadataDescribesTheDatabaseForDatasette() throws {
        let metadata = try MoonshotDatabase(path: path).datasetteMetadata()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(metadata.serialized().utf8)) as? [String: Any])
        XCTAssertEqual(json["license"] as? String, "Unlicense")
        XCTAssertEqual(json["license_url"] as? String, "https://unlicense.org/")
        XCTAssertNotNil(json["source_url"] as? String)
        let database = try XCTUnwrap((json["databases"] as? [String: Any])?["moonshot"] as? [String: Any])
        let tables = try XCTUnwrap(database["tables"] as? [String: [String: Any]])
        XCTAssertEqual(tables["missions"]?["label_column"] as? String, "name")
        XCTAssertEqual(tables["astronauts"]?["label_column"] as? String, "name")
        XCTAssertEqual(tables["missions"]?["license"] as? String, "CC BY-SA 3.0")
        XCTAssertEqual((tables["crew"]?["columns"] as? [String: String])?["position"], "Place in the mission's crew list, 1 for the first.")
        let hidden = tables.filter { $0.value["hidden"] as? Bool == true }.keys.sorted()
        XCTAssertEqual(
            hidden,
            [
                "astronauts_fts", "astronauts_fts_config", "astronauts_fts_data", "astronauts_fts_docsize", "astronauts_fts_idx",
                "missions_fts", "missions_fts_config", "missions_fts_data", "missions_fts_docsize", "missions_fts_idx",
            ])
        XCTAssertEqual(tables["edited_rows"]?["description"] as? String, SchemaDocumentation.moonshot.object("edited_rows")?.description)
        XCTAssertEqual(
            (tables["edited_rows"]?["columns"] as? [String: String])?.keys.sorted(),
            ["first_edited_at", "last_edited_at", "row_key", "table_name"])
        for view in ["derived_mission_names", "derived_crew_roles"] {
            XCTAssertTrue((tables[view]?["description"] as? String)?.hasPrefix("What each ") ?? false, view)
        }
        XCTAssertEqual((tables["derived_crew_roles"]?["columns"] as? [String: String])?.keys.sorted(), ["canonical_role", "mission_id", "position"])
        XCTAssertEqual((tables["derived_mission_names"]?["columns"] as? [String: String])?.keys.sorted(), ["badge", "id", "name"])
        let queries = try XCTUnwrap(database["queries"] as? [String: [String: Any]])
        XCTAssertEqual(
            queries.keys.sorted(),
            [
                "astronauts_in_order", "career_of_astronaut", "commander_of_mission", "crew_of_mission", "crewmates_of_astronaut",
                "flights_of_astronaut", "missions_by_launch_year", "missions_flown_together", "search_names_and_descriptions",
            ])
        XCTAssertEqual(
            CannedQuery.all.map(\.command), ["missions", "crew", "commander", "astronauts", "astronaut", "flights", "crewmates", "crewmates", "search"])
        // Datasette serves a canned query in place of a table of the same name.
        XCTAssertEqual(Set(queries.keys).intersection(tables.keys), [])
        XCTAssertEqual(Set(queries.keys).intersection(SchemaDocumentation.moonshot.objects.map(\.name)), [])
        for query in CannedQuery.all {
            XCTAssertEqual(queries[query.name]?["sql"] as? String, query.sql, "the command's own SQL")
            XCTAssertEqual(queries[query.name]?["params"] as? [String], query.parameters)
        }
    }

    func testMetadataOfADatabaseWithoutImportHistoryClaimsNoSource() throws {
        for change in ["DELETE FROM imports", "DROP TABLE imports"] {
            try Database(path: path, mode: .readWrite).execute(change)
            let metadata = try MoonshotDatabase(path: path, acceptingChangedSchema: true).datasetteMetadata().serialized()
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(metadata.utf8)) as? [String: Any])
            XCTAssertEqual(json["title"] as? String, "Moonshot database", change)
            XCTAssertEqual(
                json["description"] as? String,
                "Missions, astronauts and crews imported by moonshot. "
                    + "Search the missions and astronauts tables, or run the canned queries, which ask what the moonshot commands ask.",
                change)
            XCTAssertNil(json["license"], change)
        }
    }

    func testEditsAreSaidInOneSentenceThatNamesOnlyTheTablesThatChanged() {
        let edits = { (missions: Int, astronauts: Int, crew: Int) in
            DataEdits(
                missions: missions, astronauts: astronauts, crew: crew,
                firstEditedAt: "2026-11-25T10:47:00Z", lastEditedAt: "2026-11-26T08:00:00Z", unnotedBefore: nil
            ).summary
        }
        XCTAssertEqual(edits(2, 1, 3), "2 missions, 1 astronaut and 3 crew rows changed since 2026-11-25 10:47:00 UTC")
        XCTAssertEqual(edits(0, 0, 1), "1 crew row changed since 2026-11-25 10:47:00 UTC")
        XCTAssertEqual(edits(1, 0, 2), "1 mission and 2 crew rows changed since 2026-11-25 10:47:00 UTC")
        XCTAssertEqual(edits(0, 2, 0), "2 astronauts changed since 2026-11-25 10:47:00 UTC")
        let unnoted = { (missions: Int) in
            DataEdits(
                missions: missions, astronauts: 0, crew: 0, firstEditedAt: missions > 0 ? "2026-11-25T10:47:00Z" : nil,
                lastEditedAt: nil, unnotedBefore: "2026-11-25T10:00:00Z"
            ).summary
        }
        XCTAssertEqual(unnoted(0), "changes made before 2026-11-25 10:00:00 UTC may not all be noted (what records them had been removed)")
        XCTAssertEqual(
            unnoted(1),
            "1 mission changed since 2026-11-25 10:47:00 UTC; "
                + "changes made before 2026-11-25 10:00:00 UTC may not all be noted (what records them had been removed)")
    }

    func testMetadataIsNamedAfterTheDatabaseFile() {
        XCTAssertEqual(MoonshotDatabase.datasetteName(of: "moonshot.db"), "moonshot")
        XCTAssertEqual(MoonshotDatabase.datasetteName(of: "/data/apollo.v2.sqlite"), "apollo.v2")
        XCTAssertEqual(MoonshotDatabase.datasetteName(of: "plain"), "plain")
    }

    // MARK: Named parameters

    func testNamedParametersAreBoundByNameAndAllOfThemAreNeeded() throws {
        let memory = try Database(path: ":memory:", mode: .readWriteCreate)
        let statement = try memory.prepare("SELECT :b, :a, :b")
        try statement.bind(named: ["a": .integer(1), "b": .text("x")])
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.currentRow.values, [.text("x"), .integer(1), .text("x")])
        XCTAssertThrowsError(try statement.bind(named: ["a": .integer(1)]))
        XCTAssertThrowsError(try statement.bind(named: ["a": .integer(1), "b": .null, "c": .null]))
        XCTAssertThrowsError(try memory.prepare("SELECT ?").bind(named: [:]))
    }
}

extension SchemaDocumentation {
    func object(_ name: String) -> Object? { objects.first { $0.name == name } }
}
