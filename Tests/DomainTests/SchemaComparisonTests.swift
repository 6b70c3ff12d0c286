import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import MoonshotCLI
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// The one comparison of a database's schema with schema.sql.
final class SchemaComparisonTests: XCTestCase {
    private var path: String!

    override func setUpWithError() throws {
        path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
    }

    private func differences(after edit: String) throws -> [String] {
        let database = try Database(path: path, mode: .readWrite)
        try database.execute(edit)
        return try SchemaComparison.differences(in: database).map(DatabaseWords.difference)
    }

    func testAnImportedDatabaseIsExactlySchemaSQL() throws {
        XCTAssertEqual(try differences(after: "SELECT 1"), [])
        XCTAssertNoThrow(try MoonshotDatabase(path: path))
    }

    func testTheObjectsRecordedAtBuildTimeAreWhatSchemaSQLMakes() throws {
        let memory = try Database(path: ":memory:", mode: .readWriteCreate)
        try memory.execute(MoonshotFile.schemaSQL)
        XCTAssertEqual(try SchemaComparison.differences(in: memory).map(DatabaseWords.difference), [])
        XCTAssertEqual(
            EmbeddedResources.schemaObjects.count,
            try memory.scalar("SELECT count(*) FROM sqlite_schema").flatMap {
                if case .integer(let count) = $0 { Int(count) } else { nil }
            })
    }

    func testStatisticsAndCommentsAndLayoutAreNoDifference() throws {
        // ANALYZE adds SQLite's own sqlite_stat1; a view made again with other comments and
        // line breaks is the same view.
        XCTAssertEqual(
            try differences(
                after: """
                    ANALYZE;
                    DROP VIEW mission_commanders;
                    CREATE VIEW mission_commanders AS SELECT mission_id,   mission_name, /* the name */ launch_date,
                      astronaut_id, astronaut_name, role -- the role
                    FROM crew_roster WHERE canonical_role = 'Commander';
                    """), [])
    }

    func testEachKindOfDifferenceIsNamed() throws {
        XCTAssertEqual(
            try differences(
                after: """
                    ALTER TABLE missions RENAME TO missions_real;
                    CREATE VIEW missions AS SELECT * FROM missions_real;
                    DROP INDEX crew_by_astronaut;
                    CREATE TRIGGER note AFTER INSERT ON crew BEGIN SELECT 1; END;
                    """),
            [
                "table missions is a view instead",
                // Renaming a table rewrites the references to it in the others' definitions,
                // and its triggers go with it.
                "table crew is defined otherwise than in schema.sql",
                "index crew_by_astronaut is missing",
                // The index on missions goes with the table it indexes, now missions_real.
                "index missions_by_launch_date is defined otherwise than in schema.sql",
                "view crew_roster is defined otherwise than in schema.sql",
                "view mission_overview is defined otherwise than in schema.sql",
                "view astronaut_flights is defined otherwise than in schema.sql",
                "view derived_mission_names is defined otherwise than in schema.sql",
                "trigger missions_ai is defined otherwise than in schema.sql",
                "trigger missions_ad is defined otherwise than in schema.sql",
                "trigger missions_au is defined otherwise than in schema.sql",
                "trigger missions_before_update is defined otherwise than in schema.sql",
                "trigger missions_after_insert is defined otherwise than in schema.sql",
                "trigger missions_after_update is defined otherwise than in schema.sql",
                "trigger missions_after_delete is defined otherwise than in schema.sql",
                "trigger crew_before_update is defined otherwise than in schema.sql",
                "trigger crew_after_insert is defined otherwise than in schema.sql",
                "table missions_real was added",
                "trigger note was added",
            ])
    }

    func testADroppedTriggerIsNamed() throws {
        // What `sqlite-utils disable-fts`, or `transform`, leaves behind.
        XCTAssertEqual(
            try differences(after: "DROP TRIGGER missions_au; DROP TRIGGER crew_after_insert"),
            ["trigger missions_au is missing", "trigger crew_after_insert is missing"])
    }

    func testTextInQuotesCountsExactly() throws {
        XCTAssertEqual(
            try differences(
                after: """
                    DROP VIEW mission_commanders;
                    CREATE VIEW mission_commanders AS SELECT mission_id, mission_name, launch_date, astronaut_id, astronaut_name, role
                    FROM crew_roster WHERE canonical_role = 'Commander ';
                    """), ["view mission_commanders is defined otherwise than in schema.sql"])
    }

    func testTheQuestionsRefuseAChangedSchemaAndSayWhatChanged() throws {
        _ = try differences(after: "DROP VIEW mission_overview; CREATE VIEW mission_overview AS SELECT 1 AS mission_id")
        XCTAssertThrowsError(try MoonshotDatabase(path: path)) { error in
            guard case .changedLayout(let path, let first, let count)? = error as? DatabaseProblem else { return XCTFail("\(error)") }
            XCTAssertEqual(path, self.path)
            XCTAssertEqual(DatabaseWords.difference(first), "view mission_overview is defined otherwise than in schema.sql")
            XCTAssertEqual(count, 1)
        }
        XCTAssertNoThrow(try MoonshotDatabase(path: path, acceptingChangedSchema: true), "sql and shell read it as it is")
    }

    /// The quick test a question starts with never passes a schema whose own objects changed,
    /// and passes the usual database, whatever was added beside them or made again as it was.
    /// `MOONSHOT_SCHEMA_SEED=<seed>` repeats a run.
    func testTheQuickTestAgreesWithTheFullComparisonOnRandomEdits() throws {
        let view = try XCTUnwrap(EmbeddedResources.schemaObjects.first { $0.name == "mission_commanders" }?.sql)
        let index = try XCTUnwrap(EmbeddedResources.schemaObjects.first { $0.name == "missions_by_launch_date" }?.sql)
        let edits = [
            "ANALYZE",
            "CREATE INDEX extra_index ON missions(launch_date)",
            "CREATE TRIGGER crew AFTER INSERT ON imports BEGIN SELECT 1; END",
            "CREATE TABLE notes(x)",
            "DROP VIEW mission_commanders; \(view)",
            "DROP INDEX missions_by_launch_date; \(index)",
            "DROP VIEW mission_commanders; \(view.replacingOccurrences(of: " AS", with: "  AS"))",
            "DROP INDEX crew_by_astronaut",
            "DROP TRIGGER missions_ai",
            "ALTER TABLE imports ADD COLUMN note TEXT",
            "DROP VIEW crew_roster; CREATE VIEW crew_roster AS SELECT 1 AS x",
            "DROP VIEW mission_overview; CREATE VIEW Mission_Overview AS SELECT 1 AS mission_id",
            "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, 'Commander', 'Commander ') "
                + "WHERE name = 'mission_commanders'; PRAGMA writable_schema = OFF",
        ]
        let seed = ProcessInfo.processInfo.environment["MOONSHOT_SCHEMA_SEED"].flatMap { UInt64($0) } ?? 20_261_128
        var random = SeededRandom(seed: seed)
        let pristine = try Data(contentsOf: URL(fileURLWithPath: path))
        var passed = 0
        for number in 0..<60 {
            try pristine.write(to: URL(fileURLWithPath: path))
            let chosen = (0..<Int.random(in: 0...3, using: &random)).map { _ in edits.randomElement(using: &random)! }
            let database = try Database(path: path, mode: .readWrite)
            for edit in chosen { try? database.execute(edit) }
            let reopened = try Database(path: path, mode: .readOnly)
            let changed = try SchemaComparison.differences(in: reopened).filter(\.changesMoonshotsObjects)
            let quick = try SchemaComparison.isExactlySchemaSQLs(in: reopened)
            let context = "case \(number) of seed \(seed) (repeat with MOONSHOT_SCHEMA_SEED=\(seed)): \(chosen)"
            if quick {
                passed += 1
                XCTAssertEqual(changed.map(DatabaseWords.difference), [], context)
            }
            let onlyAddedOrMadeAgain = chosen.allSatisfy { edits.prefix(6).contains($0) }
            if onlyAddedOrMadeAgain { XCTAssertTrue(quick, context) }
        }
        XCTAssertGreaterThan(passed, 5, "seed \(seed): too few cases the quick test passes to say anything")
    }

    func testNormalizedSQL() {
        XCTAssertEqual(
            SQLText.normalized("  CREATE  VIEW v -- note\n AS\tSELECT 'a  -- b' /* c */ , \"x  y\", [p  q] , `r  s`"),
            "CREATE VIEW v AS SELECT 'a  -- b' , \"x  y\", [p  q] , `r  s`")
        XCTAssertEqual(SQLText.normalized("SELECT 'it''s  --'"), "SELECT 'it''s  --'")
        XCTAssertEqual(SQLText.normalized("SELECT 1 /* unterminated"), "SELECT 1")
        XCTAssertEqual(SQLText.normalized("SELECT 'unterminated  "), "SELECT 'unterminated  ")
    }
}
