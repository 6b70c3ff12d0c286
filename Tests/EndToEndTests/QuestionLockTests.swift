import Foundation
import XCTest

/// A question's read lock ends before it prints: a reader of its output that is slow, or has
/// stopped reading, never keeps other programs from writing.
final class QuestionLockTests: BinaryTestCase {
    func testAnAnswerNobodyReadsHoldsNoLock() throws {
        let dataset = try SyntheticDataset.write(missions: 3_000, astronauts: 300, to: folder)
        XCTAssertEqual(try moonshot("import", "--missions", dataset.missions, "--astronauts", dataset.astronauts).status, 0)
        let output = Pipe()
        let question = Process()
        question.executableURL = Self.binary
        question.arguments = ["missions"]
        question.currentDirectoryURL = folder
        question.standardOutput = output
        question.standardError = FileHandle.nullDevice
        try question.run()
        // Its answer is more than a pipe holds, so it waits to print the rest.
        usleep(500_000)
        XCTAssertTrue(question.isRunning, "the answer should not fit in the pipe")
        XCTAssertEqual(try sqlite3("UPDATE missions SET description = 'edited' WHERE id = 1; SELECT changes();"), "1\n")
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        waitForExit(question)
        XCTAssertEqual(question.terminationStatus, 0)
        XCTAssertGreaterThan(printed.count, 65_536)
    }
}
