import Foundation
import XCTest

/// Crew rows whose astronaut or mission is not in its table (deleted with the sqlite3 shell
/// while the trigger that deletes their crew rows was dropped, then the trigger made again, as
/// `check --repair` leaves such rows): every question lists them, saying what is missing, counts
/// them as it lists them, and notes them on stderr.
final class DanglingRowTests: ApolloDatabaseTestCase {
    private static let astronautNote = "Note: 1 crew row names an astronaut that is not in the astronauts table; 'moonshot check' explains it.\n"
    private static let missionNote = "Note: 1 crew row names a mission that is not in the missions table; 'moonshot check' explains it.\n"

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Collins flew Apollo 11; Lovell Apollo 8 and commanded 13; Apollo 12 had Conrad, Gordon and Bean.
        try editBehindTriggers(["astronauts_after_delete"], "DELETE FROM astronauts WHERE id IN ('collins', 'lovell');")
        try editBehindTriggers(["missions_after_delete"], "DELETE FROM missions WHERE id = 12;")
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM crew"), "36\n")
    }

    /// The answer to `arguments` in `format`, which must succeed with `note` on stderr.
    private func answer(_ arguments: [String], _ format: String, note: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try moonshot(arguments + ["--format", format])
        XCTAssertEqual(result.status, 0, "\(arguments) \(format): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr, note, "\(arguments) \(format)", file: file, line: line)
        return result.stdout
    }

    private func json(_ arguments: [String], note: String, file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(answer(arguments, "json", note: note, file: file, line: line).utf8))
    }

    /// The CSV answer as one dictionary per line, by header.
    private func csv(_ arguments: [String], note: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: String]] {
        let records = try XCTUnwrap(parseCSV(try answer(arguments, "csv", note: note, file: file, line: line)), file: file, line: line)
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
    }

    /// The line of a table answer that holds `text`.
    private func tableLine(_ arguments: [String], containing text: String, note: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        try answer(arguments, "table", note: note, file: file, line: line).split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    func testCrewCommanderAndMissionListTheCrewRowWhoseAstronautIsMissing() throws {
        for (arguments, id, count) in [(["crew", "11"], "collins", 3), (["mission", "Apollo 11"], "collins", 3), (["commander", "13"], "lovell", 1)] {
            let row = try XCTUnwrap(tableLine(arguments, containing: "\(id): not in the astronauts table", note: Self.astronautNote), "\(arguments)")
            XCTAssertTrue(row.hasPrefix("\(id): not in the astronauts table  \(id)  "), row)

            let crew = try XCTUnwrap((try json(arguments, note: Self.astronautNote) as? [String: Any])?["crew"] as? [[String: Any]])
            XCTAssertEqual(crew.count, count, "\(arguments)")
            let member = try XCTUnwrap(crew.first { $0["astronaut_id"] as? String == id }, "\(arguments)")
            XCTAssertTrue(member["astronaut_name"] is NSNull, "\(arguments): \(member)")
            XCTAssertNotNil(member["canonical_role"] as? String)

            let lines = try csv(arguments, note: Self.astronautNote)
            XCTAssertEqual(lines.count, count, "\(arguments)")
            XCTAssertEqual(lines.first { $0["astronaut_id"] == id }?["astronaut_name"], "", "\(arguments)")
        }
        // Answers that meet no such row have no note.
        for arguments in [["crew", "14"], ["flights", "armstrong"], ["commander", "11"]] {
            XCTAssertEqual(try answer(arguments, "table", note: ""), try moonshot(arguments).stdout)
        }
    }

    func testFlightsAndAstronautListTheCrewRowWhoseMissionIsMissing() throws {
        for arguments in [["flights", "bean"], ["astronaut", "Alan Bean"]] {
            let row = try XCTUnwrap(tableLine(arguments, containing: "12: not in the missions table", note: Self.missionNote), "\(arguments)")
            XCTAssertTrue(row.contains("Lunar Module Pilot"), row)
            XCTAssertFalse(row.contains("N/A"), "a missing mission's launch date is not known to be none: \(row)")

            let flights = try XCTUnwrap((try json(arguments, note: Self.missionNote) as? [String: Any])?["flights"] as? [[String: Any]])
            XCTAssertEqual(flights.count, 1, "\(arguments)")
            XCTAssertEqual(flights.first?["mission_id"] as? Int, 12)
            XCTAssertTrue(flights.first?["mission_name"] is NSNull, "\(flights)")
            XCTAssertTrue(flights.first?["launch_date"] is NSNull, "\(flights)")

            let lines = try csv(arguments, note: Self.missionNote)
            XCTAssertEqual(lines.map { $0["mission_id"] }, ["12"])
            XCTAssertEqual(lines.map { $0["mission_name"] }, [""])
        }
    }

    func testMissionsShowsAMissingCommanderAndCountsEveryCrewRow() throws {
        let note = "Note: 3 crew rows name an astronaut that is not in the astronauts table; 'moonshot check' explains it.\n"
        let row = try XCTUnwrap(tableLine(["missions"], containing: "Apollo 13", note: note))
        XCTAssertTrue(row.contains("lovell: not in the astronauts table"), row)

        let missions = try XCTUnwrap(try json(["missions"], note: note) as? [[String: Any]])
        let apollo13 = try XCTUnwrap(missions.first { $0["mission_id"] as? Int == 13 })
        XCTAssertEqual(apollo13["commander_id"] as? String, "lovell")
        XCTAssertTrue(apollo13["commander_name"] is NSNull, "\(apollo13)")
        XCTAssertEqual(missions.first { $0["mission_id"] as? Int == 11 }?["crew_size"] as? Int, 3)

        let lines = try csv(["missions"], note: note)
        XCTAssertEqual(lines.first { $0["mission_id"] == "13" }?["commander_id"], "lovell")
        XCTAssertEqual(lines.first { $0["mission_id"] == "13" }?["commander_name"], "")
        XCTAssertEqual(lines.first { $0["mission_id"] == "11" }?["commander_name"], "Neil A. Armstrong")

        // Each mission's crew size is the number of rows its crew list has.
        for mission in missions {
            let id = try XCTUnwrap(mission["mission_id"] as? Int)
            let crew = try moonshot("crew", String(id), "--format", "json")
            XCTAssertEqual(crew.status, 0, crew.stderr)
            let listed = (try JSONSerialization.jsonObject(with: Data(crew.stdout.utf8)) as? [String: Any])?["crew"] as? [Any]
            XCTAssertEqual(listed?.count, mission["crew_size"] as? Int, "Apollo \(id)")
        }
    }

    func testAstronautsCountsEveryCrewRowAsFlightsListsThem() throws {
        let note = "Note: 3 crew rows name a mission that is not in the missions table; 'moonshot check' explains it.\n"
        let astronauts = try XCTUnwrap(try json(["astronauts"], note: note) as? [[String: Any]])
        XCTAssertEqual(astronauts.first { $0["astronaut_id"] as? String == "bean" }?["mission_count"] as? Int, 1)
        XCTAssertNil(astronauts.first { $0["astronaut_id"] as? String == "collins" })
        XCTAssertNotNil(try tableLine(["astronauts"], containing: "bean", note: note))
        XCTAssertEqual(try csv(["astronauts"], note: note).first { $0["astronaut_id"] == "bean" }?["mission_count"], "1")

        for astronaut in astronauts {
            let id = try XCTUnwrap(astronaut["astronaut_id"] as? String)
            let flights = try moonshot("flights", id, "--format", "json")
            XCTAssertEqual(flights.status, 0, flights.stderr)
            let listed = (try JSONSerialization.jsonObject(with: Data(flights.stdout.utf8)) as? [String: Any])?["flights"] as? [Any]
            XCTAssertEqual(listed?.count, astronaut["mission_count"] as? Int, id)
        }
    }

    /// Asked about by name, a mission or astronaut that only crew rows name still has its crew
    /// rows listed (crew, commander, flights), and the whole-record commands say it is missing.
    func testAMissionOrAstronautOnlyCrewRowsNameIsAnsweredFor() throws {
        let crew = try moonshot("crew", "12")
        XCTAssertEqual(crew.status, 0, crew.stderr)
        XCTAssertTrue(crew.stdout.contains("Mission name: 12: not in the missions table\n"), crew.stdout)
        for astronaut in ["conrad", "gordon", "bean"] { XCTAssertTrue(crew.stdout.contains(astronaut), crew.stdout) }
        XCTAssertEqual(crew.stderr, "Note: 3 crew rows name a mission that is not in the missions table; 'moonshot check' explains it.\n")
        let crewJSON = try JSONSerialization.jsonObject(with: Data(try moonshot("crew", "12", "--format", "json").stdout.utf8)) as? [String: Any]
        XCTAssertTrue(crewJSON?["mission_name"] is NSNull)
        XCTAssertEqual((crewJSON?["crew"] as? [Any])?.count, 3)
        XCTAssertTrue(try moonshot("commander", "Apollo 12").stdout.contains("conrad"))

        let flights = try moonshot("flights", "Collins")
        XCTAssertEqual(flights.status, 0, flights.stderr)
        XCTAssertTrue(flights.stdout.contains("Astronaut name: collins: not in the astronauts table\n"), flights.stdout)
        XCTAssertTrue(flights.stdout.contains("Apollo 11"), flights.stdout)
        XCTAssertEqual(flights.stderr, Self.astronautNote)

        let mission = try moonshot("mission", "12")
        XCTAssertEqual(mission.status, 1)
        XCTAssertEqual(
            mission.stderr,
            "Error: 12: not in the missions table, though crew rows name it\n"
                + "'moonshot crew 12' lists them; 'moonshot check' explains them.\n")
        let astronaut = try moonshot("astronaut", "lovell")
        XCTAssertEqual(astronaut.status, 1)
        XCTAssertTrue(astronaut.stderr.hasPrefix("Error: lovell: not in the astronauts table, though crew rows name it\n"), astronaut.stderr)
        // A name no crew row uses is still no match.
        XCTAssertEqual(try moonshot("crew", "99").status, 1)
        XCTAssertEqual(try moonshot("flights", "nobody").status, 1)
    }

    func testTheSiteShowsTheCrewRowsWithTheIdEscaped() throws {
        // A crew row naming an astronaut whose id is markup, then the astronaut deleted behind the trigger.
        _ = try sqlite3(
            """
            INSERT INTO astronauts (id, name, description) VALUES ('<b>guest</b>', 'Guest', 'A guest.');
            INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (14, 4, '<b>guest</b>', 'Guest');
            """)
        try editBehindTriggers(["astronauts_after_delete"], "DELETE FROM astronauts WHERE id = '<b>guest</b>';")
        let result = try moonshot("site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        let site = folder.appendingPathComponent("site")
        let apollo11 = try String(contentsOf: site.appendingPathComponent("missions/apollo11.html"), encoding: .utf8)
        XCTAssertTrue(apollo11.contains("<span class=\"crew-name\">collins: not in the astronauts table</span>"), apollo11)
        // Collins's portrait is shown by his id, and the site holds it (no page of his own asks for it).
        XCTAssertTrue(apollo11.contains("src=\"../images/collins.jpg\""), apollo11)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.appendingPathComponent("images/collins.jpg").path), "every picture a page shows is in the site")
        let apollo14 = try String(contentsOf: site.appendingPathComponent("missions/apollo14.html"), encoding: .utf8)
        XCTAssertTrue(apollo14.contains("&lt;b&gt;guest&lt;/b&gt;: not in the astronauts table"), apollo14)
        XCTAssertFalse(apollo14.contains("<b>guest"), apollo14)
        let bean = try String(contentsOf: site.appendingPathComponent("astronauts/bean.html"), encoding: .utf8)
        XCTAssertTrue(bean.contains("12: not in the missions table"), bean)
        XCTAssertFalse(bean.contains("apollo12.html"), "no link to a page that is not there")
    }
}
