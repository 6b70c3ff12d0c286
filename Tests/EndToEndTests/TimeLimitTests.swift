import Foundation
import XCTest

/// Time limits hold in wall-clock time, whatever one call of SQLite costs; and the questions
/// refuse a database whose own tables and views were redefined, instead of running them.
final class TimeLimitTests: BinaryTestCase {
    /// One call of `instr()` that takes about a minute: a single instruction of SQLite's.
    static let slowCall = "instr(printf('%.*c', 30000000, 'a'), printf('%.*c', 100000, 'a') || 'b')"

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(try moonshot("import").status, 0)
    }

    private func assertStopped(
        _ result: Result, after seconds: String, within limit: Double, started: Date,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 1, "stopped, not killed by the test: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("Error: the query was stopped after \(seconds)\n"), result.stderr, file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(started), limit, file: file, line: line)
    }

    func testOneLongCallInSQLIsStoppedInWallClockTime() throws {
        let started = Date()
        let result = try moonshot(within: 30, "sql", "SELECT \(Self.slowCall)", "--timeout", "1")
        assertStopped(result, after: "1 second", within: 10, started: started)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
        XCTAssertEqual(try moonshot("crew", "11").status, 0, "nothing is left locked")
    }

    /// The limit's alarm is a signal, SIGALRM: a process started with it blocked (a parent may
    /// leave it so) is still stopped a second after the limit; and a SIGALRM no timer sent ends
    /// moonshot as it ends any program.
    func testTheLimitHoldsWhenStartedWithTheAlarmSignalBlocked() throws {
        let started = Date()
        let script = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            os.execv(sys.argv[1], sys.argv[1:])
            """
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["-s", "KILL", "30", "python3", "-c", script, Self.binary.path, "sql", "SELECT \(Self.slowCall)", "--timeout", "1"])
        assertStopped(result, after: "1 second", within: 10, started: started)

        let sent = try run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["-s", "ALRM", "1", Self.binary.path, "sql", "SELECT \(Self.slowCall)", "--timeout", "20"])
        XCTAssertEqual(sent.status, 124, "timeout's SIGALRM ended it: \(sent.stderr)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    }

    func testARedefinedViewIsRefusedByTheQuestionsAndTimedInSQL() throws {
        _ = try sqlite3(
            """
            DROP VIEW mission_commanders; DROP VIEW crew_roster;
            CREATE VIEW crew_roster AS
            SELECT m.id AS mission_id, m.name AS mission_name, m.launch_date AS launch_date, c.position AS position,
                   a.id AS astronaut_id, a.name AS astronaut_name, c.role AS role, c.canonical_role AS canonical_role
            FROM crew AS c JOIN missions AS m ON m.id = c.mission_id JOIN astronauts AS a ON a.id = c.astronaut_id
            WHERE \(Self.slowCall) = 0;
            """)
        for question in [["crew", "11"], ["commander", "11"], ["mission", "11"], ["flights", "lovell"], ["search", "lunar", "rover"]] {
            let started = Date()
            let result = try run(URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "30", Self.binary.path] + question)
            XCTAssertEqual(result.status, 1, "\(question): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Error: ./moonshot.db is not laid out as schema.sql makes it: "
                        + "view crew_roster is defined otherwise than in schema.sql (and 1 more difference), "
                        + "so its answers could not be trusted\n"), result.stderr)
            XCTAssertTrue(result.stderr.contains("'moonshot check'") && result.stderr.contains("'moonshot check --repair'"), result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "refused before anything runs")
            XCTAssertEqual(result.stdout, "")
        }
        // sql reads the database as it is, within its time limit.
        let started = Date()
        let result = try moonshot(within: 30, "sql", "SELECT count(*) FROM crew_roster", "--timeout", "1")
        assertStopped(result, after: "1 second", within: 10, started: started)
    }

    func testAMissionsViewOverARenamedTableIsRefused() throws {
        _ = try sqlite3(
            """
            ALTER TABLE missions RENAME TO missions_real;
            CREATE VIEW missions AS SELECT id, name, badge, launch_date, description FROM missions_real WHERE \(Self.slowCall) = 0;
            """)
        let started = Date()
        let result = try moonshot(within: 30, "search", "lunar", "rover")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("Error: ./moonshot.db is not laid out as schema.sql makes it: table missions is a view instead (and "),
            result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        // The import does not read the view (it could take any time): it cannot tell whether the
        // data was changed, and so makes the table again only when told to, keeping the user's.
        let refused = try moonshot(within: 30, "import")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("moonshot cannot tell whether it was changed since its last import"), refused.stderr)
        let forced = try moonshot(within: 30, "import", "--force")
        XCTAssertEqual(forced.status, 0, "an import makes it again: \(forced.stderr)")
        XCTAssertTrue(
            forced.stdout.contains(
                "dropped view missions, index missions_by_launch_date, trigger missions_ai, trigger missions_ad, trigger missions_au, "
                    + "trigger missions_before_update, trigger missions_after_insert, trigger missions_after_update, trigger missions_after_delete; "
                    + "made table crew, view crew_roster, view mission_overview, view astronaut_flights, view derived_mission_names, "
                    + "trigger crew_before_update, trigger crew_after_insert again as schema.sql makes them; kept table missions_real"), forced.stdout)
        XCTAssertEqual(try moonshot("search", "lunar", "rover").status, 0)
        XCTAssertEqual(try sqlite3("SELECT type FROM sqlite_schema WHERE name = 'missions'"), "table\n")
        XCTAssertEqual(
            try sqlite3("SELECT tbl_name FROM sqlite_schema WHERE name = 'missions_by_launch_date'"), "missions\n",
            "moonshot's index, which went along with the renamed table, is made again on the new one")
    }

    func testAnEditOfTheDataOrAnIndexOfOnesOwnIsNoDifference() throws {
        _ = try sqlite3(
            """
            UPDATE missions SET description = 'edited' WHERE id = 11;
            CREATE INDEX my_index ON missions (launch_date);
            ANALYZE;
            """)
        let result = try moonshot("mission", "11")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("edited"), result.stdout)
    }
}
