import Foundation
import XCTest

/// Runs the built `moonshot` binary the way a user does, and checks its database with the
/// real `sqlite3` shell.
final class EndToEndTests: BinaryTestCase {
    // MARK: import

    func testImportThenInspectWithTheSQLite3Shell() throws {
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Imported 12 missions, 32 astronauts, 36 crew assignments into moonshot.db\n")
        XCTAssertEqual(result.stderr, "")

        XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
        XCTAssertEqual(try sqlite3("PRAGMA foreign_key_check"), "")
        XCTAssertEqual(
            try sqlite3("SELECT astronaut_name || '|' || role FROM crew_roster WHERE mission_id = 11"),
            "Neil A. Armstrong|Commander\nMichael Collins|Command Module Pilot\nEdwin E. Aldrin Jr.|Lunar Module Pilot\n")
        XCTAssertEqual(try sqlite3("SELECT astronaut_id FROM mission_commanders WHERE mission_id = 13"), "lovell\n")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions WHERE launch_date IS NULL"), "1\n")
        XCTAssertEqual(try sqlite3("PRAGMA journal_mode"), "delete\n", "a plain rollback-journal file any client can open")
    }

    func testReimportSaysContentIsUnchanged() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let again = try moonshot("import")
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("(the same input as the previous import)"), again.stdout)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM imports"), "2\n")
    }

    func testDatabaseLocationFromOptionAndEnvironment() throws {
        XCTAssertEqual(try moonshot("import", "--db", "a.db").status, 0)
        XCTAssertEqual(try moonshot("--db", "b.db", "import").status, 0, "global options go before the command too")
        XCTAssertEqual(try moonshot("import", environment: ["MOONSHOT_DB": "c.db"]).status, 0)
        XCTAssertEqual(try moonshot("import", "--db=d.db", environment: ["MOONSHOT_DB": "c2.db"]).status, 0, "--db wins")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(files, ["a.db", "b.db", "c.db", "d.db"])
    }

    func testBrokenInputIsReportedOnStderrAndChangesNothing() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        try Data(#"[{"id": 11, "launchDate": "1969-7-16", "crew": [{"name": "amstrong", "role": "Commander"}], "description": "x"}]"#.utf8)
            .write(to: folder.appendingPathComponent("bad.json"))
        let result = try moonshot("import", "--missions", "bad.json", "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: The import found 2 problems; moonshot.db was not changed.\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("bad.json:1:27: [0].launchDate: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("bad.json:1:58: [0].crew[0].name: \"amstrong\" is not an astronaut"), result.stderr)
        XCTAssertTrue(result.stderr.contains("closest astronaut ids: armstrong"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
    }

    func testFailureWithoutADatabaseSaysNothingWasWritten() throws {
        let result = try moonshot("import", "--missions", "absent.json", "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: The import found 1 problem; nothing was imported.\n  absent.json: no such file"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testDatabaseFromANewerMoonshotIsLeftAlone() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        _ = try sqlite3("PRAGMA user_version = 99")
        let before = try Data(contentsOf: folder.appendingPathComponent("moonshot.db"))
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("was made by a newer moonshot"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("moonshot.db")), before)
        XCTAssertEqual(try moonshot("missions").status, 1)
    }

    func testCheckValidatesWithoutWriting() throws {
        let result = try moonshot("import", "--check")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("12 missions, 32 astronauts, 36 crew assignments"), result.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testCopiedBinaryStillHasTheDatasetAndSchema() throws {
        let copy = folder.appendingPathComponent("moonshot-copy")
        try FileManager.default.copyItem(at: Self.binary, to: copy)
        let result = try run(copy, ["import", "--db", "copied.db"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let schema = try run(copy, ["schema"])
        XCTAssertEqual(schema.stdout, try String(contentsOf: Self.packageRoot.appendingPathComponent("schema.sql"), encoding: .utf8))
    }

    // MARK: command line conventions

    func testHelpEverywhere() throws {
        for arguments in [["--help"], ["-h"], ["help"], []] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdout.hasPrefix("OVERVIEW: "), "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("\nSUBCOMMANDS:\n  import "), result.stdout)
        }
        for arguments in [["import", "--help"], ["help", "import"], ["--db", "x.db", "import", "-h"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(
                result.stdout.contains("USAGE: moonshot import [--missions <path>] [--astronauts <path>] [--check] [--force] [--wait <seconds>] [--db <path>]"),
                result.stdout)
            XCTAssertTrue(result.stdout.contains("\nOPTIONS:\n"), result.stdout)
        }
        let schemaHelp = try moonshot("schema", "--help")
        XCTAssertTrue(schemaHelp.stdout.hasPrefix("OVERVIEW: Print the database schema"), schemaHelp.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "help writes nothing")
    }

    func testVersion() throws {
        let result = try moonshot("--version")
        XCTAssertEqual(result.status, 0)
        XCTAssertNotNil(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression), result.stdout)
    }

    func testUsageErrorsExitWith64() throws {
        let cases: [([String], String)] = [
            (["imprt"], "Error: Unknown subcommand 'imprt'; did you mean 'import'?\nUsage: moonshot <subcommand>\n"),
            (["import", "--bogus"], "Error: Unknown option '--bogus'\nUsage: moonshot import "),
            (["import", "--missions"], "Error: Missing value for '--missions <path>'\nUsage: moonshot import "),
            (["import", "extra"], "Error: Unexpected argument 'extra'\nUsage: moonshot import "),
            (["help", "nothing"], "Error: Unknown subcommand 'nothing'"),
        ]
        for (arguments, expected) in cases {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
        }
    }

    func testRuntimeFailuresExitWith1() throws {
        let result = try moonshot("import", "--db", "missing-folder/x.db")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: cannot create missing-folder/x.db: the folder missing-folder does not exist\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--db"), "says what to do next: \(result.stderr)")
    }
}
