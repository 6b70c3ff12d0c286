import Foundation
import XCTest

/// A re-import over a database with things of the user's in it: what it keeps, and what it
/// refuses to drop without `--force`, with the sqlite3 shell making the changes.
final class ReimportTests: BinaryTestCase {
    // A table of one's own that has the name of schema version 1's full-text index (or of one
    // of its own tables) is not moonshot's in a later layout: it is kept, not dropped unsaid.
    func testATableNamedLikeAnEarlierLayoutsSearchIndexIsKept() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        XCTAssertEqual(try sqlite3("""
            CREATE TABLE missions_search (query TEXT); INSERT INTO missions_search VALUES ('lunar rover');
            CREATE TABLE astronauts_search_data (x); INSERT INTO astronauts_search_data VALUES (1);
            """), "")
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("(the same input as the previous import; kept table missions_search, table astronauts_search_data)\n"),
                      result.stdout)
        XCTAssertEqual(try sqlite3("SELECT query FROM missions_search; SELECT x FROM astronauts_search_data"), "lunar rover\n1\n")
    }
}
