import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// The canned questions on the real dataset, checked against answers computed here
/// directly from the JSON files.
final class QueryTests: XCTestCase {
    private var db: MoonshotDatabase!
    private var reference: ReferenceDataset!

    override func setUpWithError() throws {
        let path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        db = try MoonshotDatabase(path: path)
        reference = try ReferenceDataset()
    }

    // MARK: Known answers

    func testKnownAnswers() throws {
        XCTAssertEqual(try db.commanders(ofMission: 13).map(\.astronautID), ["lovell"])
        XCTAssertEqual(try db.commanders(ofMission: 1).map(\.astronautName), ["Virgil I. \"Gus\" Grissom"])
        XCTAssertEqual(
            try db.crew(ofMission: 11).map { "\($0.astronautID):\($0.role)" },
            ["armstrong:Commander", "collins:Command Module Pilot", "aldrin:Lunar Module Pilot"])
        XCTAssertEqual(try db.flights(ofAstronaut: "lovell").map(\.missionID), [8, 13])
        let missions = try db.missions()
        XCTAssertEqual(missions.count, 12)
        XCTAssertEqual(missions.first?.name, "Apollo 1")
        XCTAssertNil(missions.first?.launchDate)
        XCTAssertEqual(missions.first(where: { $0.id == 11 })?.launchDate?.abbreviated, "Jul 16, 1969")
        let apollo11 = try XCTUnwrap(db.mission(11))
        XCTAssertEqual(apollo11.badge, "apollo11")
        XCTAssertTrue(apollo11.description.hasPrefix("Apollo 11 was the spaceflight"))
        XCTAssertNil(try db.mission(2))
        XCTAssertEqual(try db.astronauts().count, 32)
        XCTAssertEqual(try db.astronaut("young")?.flights.map(\.missionID), [10, 16])
    }

    // MARK: Exhaustive checks against the JSON

    func testFlightsOfEveryAstronautMatchTheJSON() throws {
        for astronaut in reference.astronauts.values {
            let expected = reference.missions.filter { $0.crew.contains { $0.name == astronaut.id } }
                .map { mission in "\(mission.id):\(mission.crew.first { $0.name == astronaut.id }!.role)" }
            let flights = try db.flights(ofAstronaut: astronaut.id)
            XCTAssertEqual(Set(flights.map { "\($0.missionID):\($0.role)" }), Set(expected), astronaut.id)
            XCTAssertEqual(flights.count, expected.count, astronaut.id)
            // In launch order, the never-launched first.
            XCTAssertEqual(flights.map { $0.launchDate?.iso ?? "" }, flights.map { $0.launchDate?.iso ?? "" }.sorted(), astronaut.id)
            XCTAssertEqual(try db.astronauts().first { $0.id == astronaut.id }?.missionCount, expected.count)
        }
    }

    func testCrewAndCommanderOfEveryMissionMatchTheJSON() throws {
        let commanderTitles = Set(["commander", "command pilot"])
        for mission in reference.missions {
            let crew = try db.crew(ofMission: Int64(mission.id))
            XCTAssertEqual(crew.map(\.astronautID), mission.crew.map(\.name), "Apollo \(mission.id)")
            XCTAssertEqual(crew.map(\.role), mission.crew.map(\.role), "Apollo \(mission.id)")
            XCTAssertEqual(crew.map(\.astronautName), mission.crew.map { reference.astronauts[$0.name]!.name })
            XCTAssertEqual(crew.map(\.position), Array(1...mission.crew.count))
            let expectedCommanders = mission.crew.filter { commanderTitles.contains($0.role.lowercased()) }.map(\.name)
            XCTAssertEqual(try db.commanders(ofMission: Int64(mission.id)).map(\.astronautID), expectedCommanders, "Apollo \(mission.id)")
            XCTAssertEqual(expectedCommanders.count, 1, "every Apollo mission has one commander")
            let summary = try XCTUnwrap(db.missions().first { $0.id == Int64(mission.id) })
            XCTAssertEqual(summary.crewSize, mission.crew.count)
            XCTAssertEqual(summary.launchDate?.iso, mission.launchDate)
        }
    }

    // MARK: Finding what the user means

    func testMissionSpellings() throws {
        for text in ["11", "Apollo 11", "apollo11", "APOLLO 11", "Apollo XI", " apollo  xi ", "xi"] {
            let found = try db.resolveMission(text)
            XCTAssertEqual(found.thing.id, 11, text)
            XCTAssertNil(found.guessedFrom, "a name, not a guess: \(text)")
        }
        XCTAssertEqual(try db.resolveMission("Apollo XVII").thing.id, 17)
        XCTAssertEqual(try db.resolveMission("Apollo I").thing.name, "Apollo 1")
        for text in ["Apollo 19", "Apollo IIII", "", "Apollo -1", "Apollo 1.5", "-1", "19"] {
            XCTAssertThrowsError(try db.resolveMission(text), text) { error in
                guard case .noMission(text, _, _)? = error as? LookupFailure else { return XCTFail("\(error)") }
            }
        }
        XCTAssertThrowsError(try db.resolveMission("Apollo 19")) { error in
            guard case .noMission(_, _, let closest)? = error as? LookupFailure else { return XCTFail("\(error)") }
            XCTAssertTrue(closest.contains("Apollo 1"), "suggests the closest names: \(closest)")
        }
    }

    func testMissionsFoundByTheirDescription() throws {
        let found = try db.resolveMission("oxygen tank")
        XCTAssertEqual(found.thing.id, 13)
        XCTAssertEqual(found.guessedFrom, "oxygen tank")
        XCTAssertThrowsError(try db.resolveMission("moon")) { error in
            guard case .severalMissions("moon", let candidates)? = error as? LookupFailure else { return XCTFail("\(error)") }
            XCTAssertTrue(candidates.contains { $0.key == "Apollo 11" }, "\(candidates)")
        }
    }

    func testAstronautSpellings() throws {
        let cases = [
            "armstrong": "armstrong", "ARMSTRONG": "armstrong", "Neil A. Armstrong": "armstrong", "neil armstrong": "armstrong",
            "James Lovell": "lovell", "lovell": "lovell", "Gus Grissom": "grissom", "Édwin Aldrin": "aldrin",
        ]
        for (text, expected) in cases {
            let found = try db.resolveAstronaut(text)
            XCTAssertEqual(found.thing.id, expected, text)
            XCTAssertNil(found.guessedFrom, "a name, not a guess: \(text)")
        }
    }

    /// Names as people say them: a nickname the description opens with, or a first name the
    /// source spells otherwise beside the surname.
    func testAstronautsFoundByNicknameAreGuesses() throws {
        for (text, expected) in [
            "  buzz ": "aldrin", "Buzz Aldrin": "aldrin", "Jim Lovell": "lovell", "Pete Conrad": "conrad",
            "Pete": "conrad", "Jack Schmitt": "schmitt", "geologist": "schmitt",
        ] {
            let found = try db.resolveAstronaut(text)
            XCTAssertEqual(found.thing.id, expected, text)
            XCTAssertEqual(found.guessedFrom, text)
        }
        for text in ["Neil Collins", "test pilot"] {
            XCTAssertThrowsError(try db.resolveAstronaut(text), text) { error in
                guard case .severalAstronauts(text, _)? = error as? LookupFailure else { return XCTFail("\(error)") }
            }
        }
    }

    func testAmbiguousAndUnknownAstronauts() throws {
        XCTAssertThrowsError(try db.resolveAstronaut("James")) { error in
            guard case .severalAstronauts(_, let candidates)? = error as? LookupFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(Set(candidates.map(\.key)), ["lovell", "mcdivitt", "irwin"])
        }
        XCTAssertEqual(try db.resolveAstronaut("Niel Armstrong").thing.id, "armstrong", "the surname is enough")
        XCTAssertThrowsError(try db.resolveAstronaut("Amstrong")) { error in
            guard case .noAstronaut("Amstrong", _, let closest)? = error as? LookupFailure else { return XCTFail("\(error)") }
            XCTAssertTrue(closest.contains("Neil A. Armstrong (armstrong)"), "\(closest)")
        }
    }

    // MARK: Search

    func testSearchFindsRankedMatchesWithSnippets() throws {
        let hits = try db.search("lunar rover")
        XCTAssertFalse(hits.isEmpty)
        let expected = reference.missions.filter {
            let text = $0.description.lowercased()
            return text.contains("lunar") && text.contains("rover")
        }.map { String($0.id) }
        XCTAssertEqual(Set(hits.filter { $0.kind == .mission }.map(\.key)), Set(expected))
        XCTAssertTrue(hits[0].snippet.contains("*"), hits[0].snippet)
        XCTAssertEqual(try db.search("Armstrong").first { $0.kind == .astronaut }?.key, "armstrong")
    }

    func testSearchTakesTextAsWordsNotSyntax() throws {
        for text in ["O2-tank", "Apollo 13's", "\"quoted\"", "AND", "NOT moon", "moon*", "name:armstrong", "NEAR(a b)", "a \"b"] {
            XCTAssertNoThrow(try db.search(text), text)
        }
        XCTAssertEqual(try db.search("Apollo 13's").first?.key, "13")
        for text in ["  --- ", "(", "'", ""] {
            XCTAssertThrowsError(try db.search(text), text) { error in
                XCTAssertEqual(error as? LookupFailure, .nothingToSearchFor(text: text))
            }
        }
    }

    // MARK: Plans: answers stay index searches however large the database

    func testCannedQueriesUseIndexes() throws {
        let values: [String: SQLValue] = [
            "mission_id": .integer(13), "astronaut_id": .text("lovell"), "words": .text("lunar rover"), "crewmate_id": .text("haise"),
            "from_year": .integer(1969), "to_year": .integer(1970), "include_undated": .integer(1), "sort": .text("first-flight"),
        ]
        // A list of all astronauts reads every astronaut: the one scan a question makes.
        let necessaryScans = [CannedQuery.astronautList.name: ["SCAN a USING INDEX sqlite_autoindex_astronauts_1"]]
        for query in CannedQuery.all {
            let statement = try db.connection.prepare("EXPLAIN QUERY PLAN " + query.sql)
            try statement.bind(named: NamedValues(values.filter { query.parameters.contains($0.key) }))
            var details: [String] = []
            while try statement.step() { details.append(statement.text(3) ?? "") }
            let plan = details.joined(separator: "\n")
            // No table of rows is read from end to end, and a full-text index is searched with
            // MATCH ("SCAN missions_fts VIRTUAL TABLE INDEX 0:M2"), never read whole ("INDEX 0:").
            let tables: Set<Substring> = ["missions", "astronauts", "crew", "imports", "m", "a", "c"]
            let scans = details.filter { line in
                let words = line.split(separator: " ")
                return words.first == "SCAN"
                    && (words.count > 1 && tables.contains(words[1])
                        || line.contains("VIRTUAL TABLE") && !line.contains(":M"))
            }
            XCTAssertEqual(scans, necessaryScans[query.name] ?? [], "\(query.name):\n\(plan)")
            if query.parameters.contains("astronaut_id") { XCTAssertTrue(plan.contains("crew_by_astronaut"), "\(query.name):\n\(plan)") }
            if query.parameters.contains("from_year") { XCTAssertTrue(plan.contains("USING INDEX missions_by_launch_date"), "\(query.name):\n\(plan)") }
        }
    }

    /// docs/database.md's table of canned queries has a row for each, with its parameters and command.
    func testTheDatabasePageListsEveryCannedQuery() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/database.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for query in CannedQuery.all {
            let row = try XCTUnwrap(rows.first { $0.hasPrefix("| `\(query.name)` | ") }, query.name)
            for parameter in query.parameters { XCTAssertTrue(row.contains("`\(parameter)` ("), "\(query.name): \(parameter)") }
            XCTAssertTrue(row.hasSuffix(" | `\(query.example)` |"), "\(query.name): \(row)")
        }
    }

    func testMissionsOfAnAstronautAreAnIndexSearch() throws {
        let plan = try db.connection.rows("EXPLAIN QUERY PLAN SELECT mission_id FROM crew WHERE astronaut_id = ?", [.text("lovell")])
            .compactMap { $0.text(3) }.joined(separator: "\n")
        XCTAssertTrue(plan.contains("USING COVERING INDEX crew_by_astronaut"), plan)
    }

    /// Whether an id is also another astronaut's full name is asked of every id a question is
    /// given: a search of `astronauts_by_name`.
    func testAFullNameIsAnIndexSearch() throws {
        let plan = try db.connection.rows("EXPLAIN QUERY PLAN " + MoonshotDatabase.astronautsNamedSQL, [.text("Neil A. Armstrong")])
            .compactMap { $0.text(3) }.joined(separator: "\n")
        XCTAssertTrue(plan.contains("SEARCH astronauts USING INDEX astronauts_by_name (name=?)"), plan)
    }

    // MARK: --show-sql

    func testExecutedSQLIsRunnableAsWritten() throws {
        let sqlOnly = try Database(path: ":memory:", mode: .readWriteCreate)
        let statement = ExecutedSQL(sql: "SELECT ?, ?2, '?', ?1", parameters: [.text("it's"), .integer(7)])
        XCTAssertEqual(statement.runnable, "SELECT 'it''s', 7, '?', 'it''s'")
        XCTAssertEqual(try sqlOnly.rows(statement.runnable).first?.values, [.text("it's"), .integer(7), .text("?"), .text("it's")])

        let named = ExecutedSQL(sql: "SELECT :a, ':a', :b -- :a isn't here\n, :a", named: ["a": .text("x'y"), "b": .integer(2)])
        XCTAssertEqual(named.runnable, "SELECT 'x''y', ':a', 2 -- :a isn't here\n, 'x''y'")
        XCTAssertEqual(try sqlOnly.rows(named.runnable).first?.values, [.text("x'y"), .text(":a"), .integer(2), .text("x'y")])
        let limited = ExecutedSQL(sql: "SELECT value FROM generate_series(1, 9)\n", limit: 2)
        XCTAssertEqual(limited.runnable, "SELECT value FROM generate_series(1, 9)\nLIMIT 2")
        let furtherPage = ExecutedSQL(sql: "WITH t (v) AS (VALUES (1), (2), (3), (4), (5), (6), (7)) SELECT v FROM t", limit: 2, offset: 4)
        XCTAssertEqual(furtherPage.runnable, "WITH t (v) AS (VALUES (1), (2), (3), (4), (5), (6), (7)) SELECT v FROM t\nLIMIT 2 OFFSET 4")
        XCTAssertEqual(try sqlOnly.rows(furtherPage.runnable).map(\.values), [[.integer(5)], [.integer(6)]])
        // Controls are written as char() calls: safe on a terminal, exact when run.
        let hostile = "evil\u{1B}[2J\t'x'\u{202E}\n"
        XCTAssertEqual(SQLValue.text(hostile).sqlLiteral, "('evil' || char(27) || '[2J' || char(9) || '''x''' || char(8238) || '\n')")
        XCTAssertEqual(try sqlOnly.rows("SELECT " + SQLValue.text(hostile).sqlLiteral).first?.values, [.text(hostile)])
        XCTAssertEqual(SQLValue.text("\u{7}").sqlLiteral, "char(7)")
        XCTAssertEqual(SQLValue.text("").sqlLiteral, "''")
    }

    func testShowSQLOfEveryCannedQueryRunsAsWrittenAndGivesTheSameRows() throws {
        var shown: [ExecutedSQL] = []
        db.willRun = { shown.append($0) }
        _ = try db.crew(ofMission: 13)
        _ = try db.flights(ofAstronaut: "lovell")
        _ = try db.search("moon", limit: 3)
        XCTAssertGreaterThanOrEqual(shown.count, 3)
        for executed in shown {
            let direct = try db.connection.prepare(executed.sql)
            try direct.bind(named: executed.named)
            var rows: [Row] = []
            while try direct.step() { rows.append(direct.currentRow) }
            XCTAssertEqual(
                try db.connection.rows(executed.runnable), Array(rows.dropFirst(executed.offset).prefix(executed.limit ?? .max)),
                executed.runnable)
            XCTAssertFalse(rows.isEmpty, executed.runnable)
        }
    }
}

extension SearchHit {
    /// The mission's number or the astronaut's id, as text.
    var key: String { missionID.map { String($0) } ?? astronautID ?? "" }
}
