import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Thousands of mutations of the real files fed to the importer: each must import or be
/// rejected with problems, never crash or hang, and never damage the database.
///
/// A short run is part of `swift test`; a longer one runs on demand:
///     MOONSHOT_FUZZ_ITERATIONS=100000 swift test --filter FuzzTests
final class FuzzTests: XCTestCase {
    private var iterations: Int {
        ProcessInfo.processInfo.environment["MOONSHOT_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 2_000
    }

    func testMutatedInputsAreImportedOrRejectedAndNothingIsDamaged() throws {
        let folder = try makeTemporaryFolder(self)
        let databasePath = folder.appendingPathComponent("moonshot.db").path
        let originals = [
            try Array(Data(contentsOf: URL(fileURLWithPath: realMissionsPath))),
            try Array(Data(contentsOf: URL(fileURLWithPath: realAstronautsPath))),
        ]
        _ = try Importer.run(missions: .file(realMissionsPath), astronauts: .file(realAstronautsPath), databasePath: databasePath)
        var random = SeededRandom(seed: 1969_07_20)
        var accepted = 0
        var rejected = 0
        var imports = 0
        for iteration in 0..<iterations {
            var files = originals
            let target = Int(random.next() % 2)
            for _ in 0..<(1 + random.next() % 3) { mutate(&files[target], &random) }
            let missions = try write(bytes: files[0], to: "m.json", in: folder)
            let astronauts = try write(bytes: files[1], to: "a.json", in: folder)
            do {
                _ = try Importer.check(missions: .file(missions), astronauts: .file(astronauts))
                accepted += 1
            } catch let failure as ImportFailure {
                rejected += 1
                XCTAssertFalse(failure.problems.isEmpty, "iteration \(iteration): a failure names its problems")
                for problem in failure.problems where problem.location == nil {
                    // Only whole-file problems (an empty file) come without a place.
                    XCTAssertTrue(problem.message.contains("empty"), "iteration \(iteration): \(problem)")
                }
            } catch {
                XCTFail("iteration \(iteration): unexpected \(error)")
            }
            // Every tenth mutation goes through a whole import as well.
            guard iteration % 10 == 0 else { continue }
            imports += 1
            let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
            do {
                _ = try Importer.run(missions: .file(missions), astronauts: .file(astronauts), databasePath: databasePath)
            } catch is ImportFailure {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath)), before, "iteration \(iteration)")
            }
            let database = try Database(path: databasePath, mode: .readOnly)
            XCTAssertEqual(try database.scalar("PRAGMA integrity_check"), .text("ok"), "iteration \(iteration)")
            XCTAssertTrue(try database.rows("PRAGMA foreign_key_check").isEmpty, "iteration \(iteration)")
        }
        XCTAssertGreaterThan(rejected, iterations / 4, "the mutations reach the validation")
        XCTAssertGreaterThan(accepted, 0, "some mutations are harmless")
        print("fuzz: \(iterations) mutations, \(accepted) accepted, \(rejected) rejected, \(imports) full imports")
    }

    /// One random change: flip bits, truncate, insert bytes (often JSON punctuation), or
    /// duplicate a slice.
    private func mutate(_ bytes: inout [UInt8], _ random: inout SeededRandom) {
        guard !bytes.isEmpty else {
            bytes = Array("[".utf8)
            return
        }
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 5 {
        case 0:
            bytes[position] ^= UInt8(1 << (random.next() % 8))
        case 1:
            bytes.removeSubrange(position...)
        case 2:
            let punctuation = Array("{}[]\":,\\0-eE.tfn \n\u{7F}".utf8) + [0x00, 0xC3, 0xFF, 0xED, 0xA0]
            let count = 1 + Int(random.next() % 4)
            bytes.insert(contentsOf: (0..<count).map { _ in punctuation[Int(random.next() % UInt64(punctuation.count))] }, at: position)
        case 3:
            let length = min(bytes.count - position, 1 + Int(random.next() % 200))
            bytes.insert(contentsOf: bytes[position..<(position + length)], at: position)
        default:
            bytes[position] = UInt8(truncatingIfNeeded: random.next())
        }
    }
}
