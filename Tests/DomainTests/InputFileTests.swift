import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// An input file read from start to end with plain reads: what it does when the file changes
/// under it, and how the problems found in it are listed.
final class InputFileTests: XCTestCase {
    /// Opens a file of `size` bytes, reads `before` of them, lets `change` act on its path,
    /// then reads on to the end; returns the problem that ended the reading, if any.
    private func readWhileChanging(size: Int = 4 << 20, before: Int = 1 << 20, _ change: (String) throws -> Void) throws -> ImportProblem? {
        let folder = try makeTemporaryFolder(self)
        let path = try write(String(repeating: " ", count: size - 2) + "[]", to: "input.json", in: folder)
        let file = try InputFile(.file(path))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: before, alignment: 16)
        defer { buffer.deallocate() }
        XCTAssertEqual(try file.readNext(into: buffer), before)
        try change(path)
        do {
            while try file.readNext(into: buffer) > 0 {}
            try file.checkUnchanged()
            return nil
        } catch {
            return error
        }
    }

    func testAFileReadToTheEndUnchangedIsFine() throws {
        XCTAssertNil(try readWhileChanging { _ in })
    }

    func testAFileThatShrinksIsReportedNotACrash() throws {
        let problem = try readWhileChanging { XCTAssertEqual(truncate($0, 1_000), 0) }
        XCTAssertTrue(problem?.message.contains("changed while it was being imported") == true, "\(String(describing: problem))")
        XCTAssertTrue(problem?.message.contains("only 1048576") == true, "\(String(describing: problem))")
    }

    func testAFileThatGrowsIsReported() throws {
        let problem = try readWhileChanging { path in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            handle.write(Data("  ".utf8))
            try handle.close()
        }
        XCTAssertTrue(problem?.message.contains("and more when it was read") == true, "\(String(describing: problem))")
    }

    func testAFileRewrittenInPlaceAtTheSameSizeIsReported() throws {
        let problem = try readWhileChanging { path in
            usleep(20_000)  // file times move in steps of a few milliseconds
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            handle.write(Data("x".utf8))
            try handle.close()
        }
        XCTAssertTrue(problem?.message.contains("it was written to") == true, "\(String(describing: problem))")
    }

    func testAFileRewrittenWithItsModificationTimePutBackIsReported() throws {
        // As `rsync --inplace -t` does: the same size, and the old modification time restored.
        let problem = try readWhileChanging { path in
            let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
            usleep(20_000)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            handle.write(Data("x".utf8))
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: path)
        }
        XCTAssertTrue(problem?.message.contains("it was written to") == true, "\(String(describing: problem))")
    }

    func testTheHashIsOfTheBytesReadAndAnEmbeddedFileReadsLikeOneOnDisk() throws {
        for source in [InputSource.file(realMissionsPath), .embedded("missions.json")] {
            let file = try InputFile(source)
            var bytes: [UInt8] = []
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
            defer { buffer.deallocate() }
            while case let count = try file.readNext(into: buffer), count > 0 { bytes += buffer[..<count] }
            XCTAssertEqual(bytes, Array(try Data(contentsOf: URL(fileURLWithPath: realMissionsPath))), "\(source)")
            XCTAssertEqual(file.content.sha256(), bytes.withUnsafeBufferPointer { SHA256.hexDigest(of: $0) }, "\(source)")
        }
    }

    // MARK: Listing problems

    func testProblemsAreListedInFileOrderAndAllCounted() throws {
        let log = ProblemLog()
        let text = Array("ab\ncdé\nfg".utf8)  // é is two bytes: offset 7 is the second newline
        // Found out of order, as a record's own problems come after its fields'.
        for offset in [7, 3, 9, 0] {
            log.report(ImportProblem(file: "f", offset: offset, path: nil, message: "at \(offset)"))
        }
        log.flush { offset in
            var cursor = TextCursor()
            text.withUnsafeBufferPointer { cursor.advance(over: UnsafeBufferPointer(rebasing: $0[..<offset])) }
            return cursor.location
        }
        XCTAssertEqual(log.listed.map(\.message), ["at 0", "at 3", "at 7", "at 9"])
        XCTAssertEqual(
            log.listed.map(\.location),
            [
                TextLocation(line: 1, column: 1), TextLocation(line: 2, column: 1),
                TextLocation(line: 2, column: 4), TextLocation(line: 3, column: 2),
            ])
    }

    func testBeyondTheLimitTheFirstInTheFileAreKept() throws {
        let log = ProblemLog()
        for offset in (0..<250).reversed() {
            log.report(ImportProblem(file: "f", offset: offset, path: nil, message: "\(offset)"))
        }
        log.flush { TextLocation(line: 1, column: $0 + 1) }
        XCTAssertEqual(log.count, 250)
        XCTAssertEqual(log.listed.map(\.message), (0..<ProblemLog.limit).map { "\($0)" })
    }
}
