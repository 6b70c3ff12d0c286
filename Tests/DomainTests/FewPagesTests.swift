import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// A question about one mission or astronaut keeps few of the file's pages in memory; others
/// keep SQLite's default.
final class FewPagesTests: XCTestCase {
    func testOnlyAQuestionAboutOneKeepsFewPages() throws {
        let path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        let few = try MoonshotDatabase(path: path, asOneSnapshot: true, keepingFewPages: true)
        XCTAssertEqual(try few.connection.scalar("PRAGMA cache_size"), .integer(Int64(MoonshotDatabase.fewPages)))
        XCTAssertEqual(try few.flights(ofAstronaut: "lovell").map(\.missionID), [8, 13])
        let usual = try MoonshotDatabase(path: path, asOneSnapshot: true)
        XCTAssertEqual(try usual.connection.scalar("PRAGMA cache_size"), .integer(-2000), "SQLite's default")
    }
}
