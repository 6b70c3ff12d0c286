import XCTest

@testable import MoonshotKit
@testable import SQLite

/// A question about one mission or astronaut keeps few of the file's pages in memory: the same
/// answers as with SQLite's default, for every mission and astronaut.
final class FewPagesTests: XCTestCase {
    func testEveryAnswerAboutOneIsTheSameWithFewPagesKept() throws {
        let path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        let few = try MoonshotDatabase(path: path, asOneSnapshot: true, keepingFewPages: true)
        let usual = try MoonshotDatabase(path: path, asOneSnapshot: true)
        XCTAssertEqual(try few.connection.scalar("PRAGMA cache_size"), .integer(Int64(MoonshotDatabase.fewPages)))
        XCTAssertEqual(try usual.connection.scalar("PRAGMA cache_size"), .integer(-2000), "SQLite's default")
        // The Apollo database has more pages than are kept, so that some are read again.
        guard case .integer(let pages)? = try usual.connection.scalar("PRAGMA page_count") else { return XCTFail("no page count") }
        XCTAssertGreaterThan(pages, Int64(MoonshotDatabase.fewPages))

        let missions = try usual.missions(includingUndated: true)
        XCTAssertFalse(missions.isEmpty)
        for mission in missions {
            XCTAssertEqual(try few.mission(mission.id), try usual.mission(mission.id))
            XCTAssertEqual(try few.crew(ofMission: mission.id), try usual.crew(ofMission: mission.id))
            XCTAssertEqual(try few.commanders(ofMission: mission.id), try usual.commanders(ofMission: mission.id))
        }
        let astronauts = try usual.astronauts()
        XCTAssertFalse(astronauts.isEmpty)
        for astronaut in astronauts {
            XCTAssertEqual(try few.astronaut(astronaut.id), try usual.astronaut(astronaut.id))
            XCTAssertEqual(try few.flights(ofAstronaut: astronaut.id), try usual.flights(ofAstronaut: astronaut.id))
            XCTAssertEqual(try few.crewmates(ofAstronaut: astronaut.id), try usual.crewmates(ofAstronaut: astronaut.id))
        }
    }
}
