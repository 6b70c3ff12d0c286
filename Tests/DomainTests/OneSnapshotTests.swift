import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// A question reads one snapshot: what another program commits after its layout was checked is
/// not in its answer, which comes from the database that was checked.
final class OneSnapshotTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        // In WAL mode a writer commits while a reader holds its snapshot.
        XCTAssertEqual(try Database(path: path, mode: .readWrite).scalar("PRAGMA journal_mode = WAL"), .text("wal"))
    }

    func testAnEditCommittedAfterTheCheckIsNotInTheAnswer() throws {
        let question = try MoonshotDatabase(path: path, asOneSnapshot: true)
        try edit("UPDATE astronauts SET name = 'Someone Else' WHERE id = 'lovell'; DROP TRIGGER crew_after_delete")
        XCTAssertEqual(try question.resolveAstronaut("lovell").thing.name, "James A. Lovell Jr.")
        XCTAssertEqual(try question.flights(ofAstronaut: "lovell").map(\.astronautName), ["James A. Lovell Jr.", "James A. Lovell Jr."])

        // Without it, each read sees the latest commit.
        let reads = try MoonshotDatabase(path: path, acceptingChangedSchema: true)
        try edit("UPDATE astronauts SET name = 'Another' WHERE id = 'lovell'")
        XCTAssertEqual(try reads.resolveAstronaut("lovell").thing.name, "Another")
        // And a question begun now refuses the changed layout.
        XCTAssertThrowsError(try MoonshotDatabase(path: path, asOneSnapshot: true)) { error in
            guard case DatabaseProblem.changedLayout = error else { return XCTFail("\(error)") }
        }
    }

    private func edit(_ sql: String) throws {
        try Database(path: path, mode: .readWrite).execute(sql)
    }
}
