import Foundation
import XCTest

/// Places moonshot may not write in, and a search with nothing to search for: each says what
/// went wrong and what to do, exits 1 and leaves nothing behind.
final class UnwritablePlaceTests: BinaryTestCase {
    func testAnImportIntoAFolderItMayNotWriteInSaysSoAndCreatesNothing() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locked"), withIntermediateDirectories: false)
        let unlock = try makeImmutable("locked")
        defer { unlock() }
        let result = try moonshot("import", "--db", "locked/moonshot.db")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Error: cannot write in locked: permission denied\nChoose a folder you can write to with --db.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("locked").path), [])
    }

    func testASiteInAFolderItMayNotWriteInSaysSoAndCreatesNothing() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locked"), withIntermediateDirectories: false)
        let unlock = try makeImmutable("locked")
        defer { unlock() }
        let result = try moonshot("site", "locked/site")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Error: cannot write in locked: permission denied\nGive a folder where you may create files.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("locked").path), [])
    }

    func testASearchWithoutAWordToSearchForSaysWhatToGive() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        for text in ["!!!", "-- ---"] {
            let result = try moonshot("search", "--", text)
            XCTAssertEqual(result.status, 1, text)
            XCTAssertEqual(result.stdout, "", text)
            XCTAssertEqual(
                result.stderr, "Error: nothing to search for in \"\(text)\"\nGive one or more words, such as: moonshot search \"lunar rover\"\n")
        }
    }
}
