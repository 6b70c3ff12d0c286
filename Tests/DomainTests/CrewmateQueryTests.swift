import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Crewmates, the missions two flew together, careers, missions by year and the astronauts'
/// orders, on the real dataset: a few answers known by heart, then every astronaut, pair and
/// span of years against the answers `QuestionModel` works out from the JSON files.
final class CrewmateQueryTests: XCTestCase {
    private var db: MoonshotDatabase!
    private var model: QuestionModel!

    override func setUpWithError() throws {
        let path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        db = try MoonshotDatabase(path: path)
        model = QuestionModel(try ReferenceDataset())
    }

    func testKnownAnswers() throws {
        XCTAssertEqual(
            try db.crewmates(ofAstronaut: "lovell").map(\.id), ["anders", "borman", "haise", "swigert"], "by the first shared launch, then by id")
        XCTAssertEqual(
            try db.crewmates(ofAstronaut: "lovell").map { $0.sharedMissions.map(\.name) }, [["Apollo 8"], ["Apollo 8"], ["Apollo 13"], ["Apollo 13"]])
        XCTAssertEqual(try db.missionsFlownTogether("armstrong", "aldrin").map(\.flight.missionID), [11])
        XCTAssertEqual(try db.missionsFlownTogether("armstrong", "aldrin").map(\.crewmateRole), ["Lunar Module Pilot"])
        XCTAssertEqual(try db.missionsFlownTogether("armstrong", "lovell").map(\.flight.missionID), [])
        XCTAssertEqual(
            try db.career(ofAstronaut: "lovell"),
            Career(
                firstFlight: "Apollo 8", firstFlightDate: LaunchDate(iso: "1968-12-21"), lastFlight: "Apollo 13", lastFlightDate: LaunchDate(iso: "1970-04-11"),
                years: 2))
        XCTAssertEqual(try db.career(ofAstronaut: "young")?.years, 3)
        XCTAssertEqual(try db.career(ofAstronaut: "collins")?.years, 0)
        XCTAssertNil(try db.career(ofAstronaut: "grissom"), "Apollo 1 never launched")
        XCTAssertEqual(try db.astronaut("lovell")?.career?.lastFlight, "Apollo 13")
        XCTAssertEqual(try db.missions(from: 1969, to: 1969).map(\.id), [9, 10, 11, 12])
        XCTAssertEqual(try db.missions(from: 1969, to: 1970).map(\.id), [9, 10, 11, 12, 13])
        XCTAssertEqual(try db.missions(from: 1972).map(\.id), [16, 17])
        XCTAssertEqual(try db.missions(to: 1968, includingUndated: true).map(\.id), [1, 7, 8])
        XCTAssertEqual(try db.missions().count, 12, "no year: every mission")
        XCTAssertEqual(
            try db.missions(from: 1969, to: 1969).first { $0.id == 12 }?.crew.map(\.name), ["Charles Conrad, Jr.", "Richard F. Gordon, Jr.", "Alan L. Bean"])
        XCTAssertEqual(try db.astronauts(in: .flights).prefix(4).map(\.id), ["scott", "cernan", "lovell", "young"])
        XCTAssertEqual(try db.astronauts(in: .firstFlight).prefix(3).map(\.id), ["eisele", "cunningham", "schirra"], "Apollo 7, by name")
        XCTAssertEqual(try db.astronauts(in: .firstFlight).suffix(3).map(\.id).sorted(), ["chaffee", "grissom", "white"], "never launched: last")
    }

    func testEveryAstronautAndPairMatchTheJSON() throws {
        let ids = model.astronautIDs
        XCTAssertEqual(ids.count, 32)
        for id in ids {
            XCTAssertEqual(try db.crewmates(ofAstronaut: id), model.crewmates(of: id), id)
            XCTAssertEqual(try db.career(ofAstronaut: id), model.career(of: id), id)
            for other in ids {
                XCTAssertEqual(try db.missionsFlownTogether(id, other).map(\.flight.missionID), model.missionsFlownTogether(id, other), "\(id) \(other)")
            }
        }
    }

    func testEverySpanOfYearsAndOrderMatchTheJSON() throws {
        let years: [Int?] = [nil, 1966, 1967, 1968, 1969, 1970, 1971, 1972, 1973]
        for from in years {
            for to in years {
                for undated in [false, true] {
                    let found = try db.missions(from: from, to: to, includingUndated: undated)
                    let expected = model.missions(from: from, to: to, includingUndated: undated)
                    XCTAssertEqual(found.map(\.id), expected.map(\.id), "\(String(describing: from)) to \(String(describing: to)), undated \(undated)")
                    XCTAssertEqual(found.map(\.crew), expected.map(\.crew))
                }
            }
        }
        try model.assertAstronautListsMatch(db, "Apollo")
    }

    /// The canned queries as Datasette runs them: every value a text, an empty field no bound.
    func testDatasettesTextParametersGiveTheSameAnswers() throws {
        let statement = try db.connection.prepare(CannedQuery.missionList.sql)
        for (from, to, undated, expected) in [
            ("1969", "", "", [9, 10, 11, 12, 13, 14, 15, 16, 17]), ("", "1968", "1", [1, 7, 8]), ("1969", "1969", "0", [9, 10, 11, 12]),
            ("", "", "", [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]), ("", "1968", "yes", [1, 7, 8]), ("", "1968", "True", [1, 7, 8]),
            ("", "1968", " TRUE ", [1, 7, 8]), ("", "1968", "no", [7, 8]), ("", "1968", "false", [7, 8]),
        ] as [(String, String, String, [Int64])] {
            try statement.bind(named: ["from_year": .text(from), "to_year": .text(to), "include_undated": .text(undated)])
            var ids: [Int64] = []
            while try statement.step() { ids.append(statement.int64(0) ?? -1) }
            statement.reset()
            XCTAssertEqual(ids, expected, "\(from) to \(to), undated \(undated)")
        }
        let together = try db.connection.prepare(CannedQuery.sharedMissions.sql)
        try together.bind(named: ["astronaut_id": .text("lovell"), "crewmate_id": .text("lovell")])
        XCTAssertFalse(try together.step(), "the same astronaut twice flew no mission with themself")
    }
}
