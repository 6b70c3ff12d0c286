import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// Each kind of bad input gets its own message, naming the file, line, column and path.
final class ImportValidationTests: XCTestCase {
    static let astronauts = """
        {
          "ann": {"id": "ann", "name": "Ann Able", "description": "A."},
          "bob": {"id": "bob", "name": "Bob Baker", "description": "B."}
        }
        """
    static let missions = """
        [
          {"id": 1, "launchDate": "1969-07-16", "crew": [{"name": "ann", "role": "Commander"}, {"name": "bob", "role": "Pilot"}], "description": "M."},
          {"id": 2, "crew": [], "description": "Never flew."}
        ]
        """

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder(self)
    }

    /// Runs a check and returns its problems, failing the test when there are none.
    private func problems(
        missions: String = missions, astronauts: String = astronauts,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [ImportProblem] {
        let missionsPath = try write(missions, to: "missions.json", in: folder)
        let astronautsPath = try write(astronauts, to: "astronauts.json", in: folder)
        do {
            _ = try Importer.check(missions: .file(missionsPath), astronauts: .file(astronautsPath))
            XCTFail("expected problems, the check passed", file: file, line: line)
            return []
        } catch let failure as ImportFailure {
            return failure.problems
        }
    }

    /// Asserts one problem: its file, the location of `needle`, its path and words of its message.
    private func assertProblem(
        _ problem: ImportProblem?, in fileName: String, at needle: String, of text: String,
        occurrence: Int = 1, path: String?, says words: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let problem else { return XCTFail("no problem reported", file: file, line: line) }
        XCTAssertTrue(problem.file.hasSuffix(fileName), "file: \(problem)", file: file, line: line)
        XCTAssertEqual(problem.location, location(of: needle, in: text, occurrence: occurrence), "location: \(problem)", file: file, line: line)
        XCTAssertEqual(problem.path, path, "path: \(problem)", file: file, line: line)
        XCTAssertTrue(problem.message.contains(words), "message: \(problem)", file: file, line: line)
        XCTAssertTrue(
            problem.description.contains("\(fileName):\(problem.location!.line):\(problem.location!.column): "),
            "description: \(problem)", file: file, line: line)
    }

    func testTheFixturesAreValid() throws {
        let counts = try Importer.check(
            missions: .file(write(Self.missions, to: "m.json", in: folder)),
            astronauts: .file(write(Self.astronauts, to: "a.json", in: folder)))
        XCTAssertEqual(counts, DatasetCounts(missions: 2, astronauts: 2, crew: 2), "an empty crew is accepted")
    }

    // MARK: Files

    func testMissingUnreadableAndEmptyFiles() throws {
        let empty = try write("", to: "empty.json", in: folder)
        XCTAssertThrowsError(try Importer.check(missions: .file(folder.path + "/nope.json"), astronauts: .file(empty))) { error in
            let problems = (error as! ImportFailure).problems
            XCTAssertEqual(problems.count, 2, "both files are reported at once")
            XCTAssertEqual(problems[0].file, folder.path + "/nope.json")
            XCTAssertTrue(problems[0].message.contains("no such file"))
            XCTAssertTrue(problems[1].message.contains("empty"))
        }
        XCTAssertThrowsError(try Importer.check(missions: .file(folder.path), astronauts: .embedded("astronauts.json"))) { error in
            XCTAssertTrue((error as! ImportFailure).problems[0].message.contains("folder"))
        }
        let locked = try write(Self.missions, to: "locked.json", in: folder)
        chmod(locked, 0)
        if geteuid() != 0 {  // root reads any file
            XCTAssertThrowsError(try Importer.check(missions: .file(locked), astronauts: .embedded("astronauts.json"))) { error in
                XCTAssertTrue((error as! ImportFailure).problems[0].message.contains("Permission denied"))
            }
        }
    }

    func testInvalidUTF8() throws {
        var bytes = Array(Self.missions.utf8)
        let index = bytes.firstIndex(of: UInt8(ascii: "M"))!
        bytes[index] = 0xFF
        try write(bytes: bytes, to: "missions.json", in: folder)
        try write(Self.astronauts, to: "astronauts.json", in: folder)
        XCTAssertThrowsError(
            try Importer.check(
                missions: .file(folder.path + "/missions.json"),
                astronauts: .file(folder.path + "/astronauts.json"))
        ) { error in
            let problem = (error as! ImportFailure).problems[0]
            XCTAssertTrue(problem.message.contains("invalid UTF-8 byte 0xFF"), "\(problem)")
            XCTAssertEqual(problem.location, location(of: "M.", in: Self.missions))
        }
    }

    func testMalformedJSONNamesLineAndColumn() throws {
        let broken = Self.missions.replacingOccurrences(of: "\"Never flew.\"}", with: "\"Never flew.\",}")
        let found = try problems(missions: broken)
        XCTAssertEqual(found.count, 1)
        assertProblem(found.first, in: "missions.json", at: "}\n]", of: broken, path: nil, says: "trailing comma")
        XCTAssertTrue(found[0].message.hasPrefix("malformed JSON"))
    }

    // MARK: Shapes and types

    func testWrongTopLevelShapes() throws {
        let found = try problems(missions: "{\"id\": 1}", astronauts: "[]")
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(found[0].file.hasSuffix("astronauts.json"))
        XCTAssertTrue(found[0].message.contains("expected an object of astronauts keyed by id"), "\(found[0])")
        XCTAssertTrue(found[1].message.contains("expected an array of missions"), "\(found[1])")
        XCTAssertTrue(found[1].message.contains("found an object"), "\(found[1])")
    }

    func testWrongFieldTypes() throws {
        let text = Self.missions
            .replacingOccurrences(of: "\"id\": 1,", with: "\"id\": \"one\",")
            .replacingOccurrences(of: "\"role\": \"Pilot\"", with: "\"role\": 7")
            .replacingOccurrences(of: "\"crew\": []", with: "\"crew\": {}")
        let found = try problems(missions: text)
        XCTAssertEqual(found.count, 3, "\(found)")
        assertProblem(found[0], in: "missions.json", at: "\"one\"", of: text, path: "[0].id", says: "expected a whole number, found a string")
        assertProblem(found[1], in: "missions.json", at: "7}", of: text, path: "[0].crew[1].role", says: "expected a string, found a number")
        assertProblem(found[2], in: "missions.json", at: "{}", of: text, path: "[1].crew", says: "expected an array of crew members, found an object")
    }

    func testNonIntegerMissionID() throws {
        let text = Self.missions.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 2.5,")
        let found = try problems(missions: text)
        assertProblem(found.first, in: "missions.json", at: "2.5", of: text, path: "[1].id", says: "whole number")
    }

    func testMissingRequiredFields() throws {
        let missions = Self.missions
            .replacingOccurrences(of: "\"id\": 2, ", with: "")
            .replacingOccurrences(of: ", \"role\": \"Pilot\"", with: "")
        let astronauts = Self.astronauts.replacingOccurrences(of: ", \"description\": \"B.\"", with: "")
        let found = try problems(missions: missions, astronauts: astronauts)
        XCTAssertEqual(found.count, 3, "\(found)")
        assertProblem(
            found[0], in: "astronauts.json", at: "{\"id\": \"bob\"", of: astronauts, path: "[\"bob\"]", says: "missing required field \"description\"")
        assertProblem(found[1], in: "missions.json", at: "{\"name\": \"bob\"}", of: missions, path: "[0].crew[1]", says: "missing required field \"role\"")
        assertProblem(found[2], in: "missions.json", at: "{\"crew\": []", of: missions, path: "[1]", says: "missing required field \"id\"")
    }

    func testEveryRequiredFieldIsRequired() throws {
        let cases: [(missions: String, astronauts: String, field: String)] = [
            (Self.missions.replacingOccurrences(of: "\"crew\": [], ", with: ""), Self.astronauts, "crew"),
            (Self.missions.replacingOccurrences(of: ", \"description\": \"Never flew.\"", with: ""), Self.astronauts, "description"),
            (Self.missions.replacingOccurrences(of: "{\"name\": \"bob\", ", with: "{"), Self.astronauts, "name"),
            (Self.missions, Self.astronauts.replacingOccurrences(of: "\"id\": \"bob\", ", with: ""), "id"),
            (Self.missions, Self.astronauts.replacingOccurrences(of: "\"name\": \"Bob Baker\", ", with: ""), "name"),
        ]
        for (missions, astronauts, field) in cases {
            let found = try problems(missions: missions, astronauts: astronauts)
            XCTAssertEqual(found.map(\.message), ["missing required field \"\(field)\""])
        }
    }

    func testUnknownFieldsAreIgnored() throws {
        let missions = Self.missions.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 2, \"extra\": {\"deep\": [1, null, true]},")
        let counts = try Importer.check(
            missions: .file(write(missions, to: "m.json", in: folder)),
            astronauts: .file(write(Self.astronauts, to: "a.json", in: folder)))
        XCTAssertEqual(counts.missions, 2)
    }

    // MARK: Identity

    func testAstronautKeyMustEqualItsID() throws {
        let text = Self.astronauts.replacingOccurrences(of: "\"id\": \"bob\"", with: "\"id\": \"robert\"")
        let found = try problems(astronauts: text)
        XCTAssertEqual(found.count, 1, "\(found)")
        assertProblem(found.first, in: "astronauts.json", at: "\"robert\"", of: text, path: "[\"bob\"].id", says: "differs from its key \"bob\"")
    }

    func testEmptyAstronautIDIsAProblemNotADatabaseError() throws {
        let text = Self.astronauts.replacingOccurrences(of: "\n}", with: ",\n  \"\": {\"id\": \"\", \"name\": \"Nobody\", \"description\": \"x\"}\n}")
        let found = try problems(astronauts: text)
        XCTAssertEqual(found.map(\.message), ["id is empty"])
    }

    func testLookAlikeUnicodeIsCheckedByBytesAsSQLiteDoes() throws {
        // "José" with a precomposed é, and with e + combining acute: equal to Swift, not to SQLite.
        let composed = "Jos\u{E9}"
        let decomposed = "Jose\u{301}"
        XCTAssertEqual(composed, decomposed)
        let astronauts = Self.astronauts.replacingOccurrences(of: "\"ann\": {\"id\": \"ann\"", with: "\"\(composed)\": {\"id\": \"\(decomposed)\"")
        let missions = Self.missions.replacingOccurrences(of: "{\"name\": \"ann\"", with: "{\"name\": \"\(decomposed)\"")
        let found = try problems(missions: missions, astronauts: astronauts)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found[0].message.contains("look alike but use different Unicode characters"), found[0].message)
        XCTAssertTrue(found[1].message.contains("is not an astronaut"), found[1].message)
    }

    func testKnownFieldGivenTwice() throws {
        let text = Self.missions.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 2, \"id\": 3,")
        let found = try problems(missions: text)
        assertProblem(found.first, in: "missions.json", at: "\"id\": 3", of: text, path: "[1]", says: "field \"id\" appears twice")
    }

    func testMissionIDBeyond64Bits() throws {
        let text = Self.missions.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 9223372036854775808,")
        let found = try problems(missions: text)
        assertProblem(found.first, in: "missions.json", at: "9223372036854775808", of: text, path: "[1].id", says: "fits in 64 bits")
    }

    func testAValuePastTheRecordLimitIsReportedWhereverItIs() throws {
        // A 40 MiB number inside a mission: the mission is refused, and skipping it meets the
        // number, which on its own outgrows the window a record may have (twice the limit).
        let digits = String(repeating: "7", count: 40 << 20)
        let text = #"[{"id":1,"crew":[],"description":"d","extra":"# + digits + "}]"
        let found = try problems(missions: text)
        XCTAssertEqual(
            found.map(\.message),
            [
                "this mission takes more than 16 MiB of the file, the most one record may take; it was skipped",
                "a value here runs past 16 MiB, the most one record may take",
            ])
        XCTAssertEqual(found.first?.location, TextLocation(line: 1, column: 2))
    }

    func testInputThatIsNotARegularFileIsRefusedBeforeAnythingBlocks() throws {
        // A FIFO with no writer would block an open for reading forever.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        for (path, kind) in [("/dev/null", "device"), (fifo, "named pipe (FIFO)")] {
            XCTAssertThrowsError(try Importer.check(missions: .file(path), astronauts: .embedded("astronauts.json"))) { error in
                let messages = (error as! ImportFailure).problems.map(\.message)
                XCTAssertEqual(messages.count, 1)
                XCTAssertTrue(messages[0].contains(kind) && messages[0].contains("not a regular file"), "\(path): \(messages)")
            }
        }
    }

    func testDuplicateAstronautKey() throws {
        let text = Self.astronauts.replacingOccurrences(
            of: "\n}", with: ",\n  \"ann\": {\"id\": \"ann\", \"name\": \"Ann Again\", \"description\": \"A2.\"}\n}")
        let found = try problems(astronauts: text)
        XCTAssertEqual(found.count, 1, "\(found)")
        assertProblem(
            found.first, in: "astronauts.json", at: "\"ann\":", of: text, occurrence: 2, path: "[\"ann\"]",
            says: "duplicate astronaut key \"ann\"; it is already defined at \(location(of: "\"ann\":", in: text)!)")
    }

    func testWhenOneFileCannotBeOpenedTheOtherIsStillChecked() throws {
        let broken = try write(#"{"a": 1,}"#, to: "astronauts.json", in: folder)
        let missing = folder.appendingPathComponent("nowhere.json").path
        for check in [
            { try Importer.check(missions: .file(missing), astronauts: .file(broken)) },
            {
                try Importer.run(
                    missions: .file(missing), astronauts: .file(broken),
                    databasePath: self.folder.appendingPathComponent("m.db").path
                ).counts
            },
        ] {
            XCTAssertThrowsError(try check()) { error in
                let problems = (error as? ImportFailure)?.problems.map(\.description) ?? ["\(error)"]
                XCTAssertEqual(problems.count, 3, "\(problems)")
                XCTAssertTrue(problems[0].contains("no such file"), "\(problems)")
                XCTAssertTrue(problems[1].contains("expected an astronaut object"), "\(problems)")
                XCTAssertTrue(problems[2].contains("trailing comma"), "\(problems)")
            }
        }
    }

    func testDuplicateMissionID() throws {
        let text = Self.missions.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 1,")
        let found = try problems(missions: text)
        XCTAssertEqual(found.count, 1, "\(found)")
        assertProblem(
            found.first, in: "missions.json", at: "1, \"crew\": []", of: text, path: "[1].id", says: "duplicate mission id 1; mission [0] already has it")
    }

    func testSameAstronautTwiceInOneCrew() throws {
        let text = Self.missions.replacingOccurrences(of: "{\"name\": \"bob\"", with: "{\"name\": \"ann\"")
        let found = try problems(missions: text)
        XCTAssertEqual(found.count, 1, "\(found)")
        assertProblem(
            found.first, in: "missions.json", at: "\"ann\"", of: text, occurrence: 2, path: "[0].crew[1].name",
            says: "\"ann\" is already in this crew at crew[0]")
    }

    func testUnknownCrewMemberSuggestsClosestIDs() throws {
        let text = Self.missions.replacingOccurrences(of: "{\"name\": \"bob\"", with: "{\"name\": \"bobb\"")
        let found = try problems(missions: text)
        XCTAssertEqual(found.count, 1, "\(found)")
        assertProblem(found.first, in: "missions.json", at: "\"bobb\"", of: text, path: "[0].crew[1].name", says: "\"bobb\" is not an astronaut in")
        XCTAssertTrue(found[0].message.hasSuffix("closest astronaut ids: bob"), found[0].message)
    }

    // MARK: Values

    func testLaunchDatesMustBeRealCalendarDates() throws {
        for bad in ["1969-02-30", "1969-7-16", "1969-07-16T12:00:00Z", "July 16, 1969", ""] {
            let text = Self.missions.replacingOccurrences(of: "1969-07-16", with: bad)
            let found = try problems(missions: text)
            XCTAssertEqual(found.count, 1, "\(bad): \(found)")
            assertProblem(
                found.first, in: "missions.json", at: "\"\(bad)\"", of: text, path: "[0].launchDate", says: "is not a real calendar date written YYYY-MM-DD")
        }
    }

    func testEmptyNamesAndRoles() throws {
        let missions = Self.missions.replacingOccurrences(of: "\"role\": \"Pilot\"", with: "\"role\": \"  \"")
        let astronauts = Self.astronauts.replacingOccurrences(of: "\"Ann Able\"", with: "\"\"")
        let found = try problems(missions: missions, astronauts: astronauts)
        XCTAssertEqual(found.map(\.message), ["name is empty", "role is empty"])
    }

    func testEveryProblemIsReportedNotOnlyTheFirst() throws {
        let missions = Self.missions
            .replacingOccurrences(of: "1969-07-16", with: "1969-02-30")
            .replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 1,")
            .replacingOccurrences(of: "{\"name\": \"bob\"", with: "{\"name\": \"zed\"")
        let astronauts = Self.astronauts.replacingOccurrences(of: "\"id\": \"bob\"", with: "\"id\": \"b\"")
        let found = try problems(missions: missions, astronauts: astronauts)
        XCTAssertEqual(found.map(\.path), ["[\"bob\"].id", "[0].launchDate", "[0].crew[1].name", "[1].id"])
    }

    func testProblemsAreListedInFileOrder() throws {
        // The missing field is found at the end of the object, after the bad role inside it.
        let missions = Self.missions.replacingOccurrences(of: ", \"description\": \"M.\"", with: "")
            .replacingOccurrences(of: "\"role\": \"Pilot\"", with: "\"role\": 1")
        let found = try problems(missions: missions)
        XCTAssertEqual(found.map(\.message), ["missing required field \"description\"", "expected a string, found a number"])
        XCTAssertEqual(found.map(\.location), found.map(\.location).sorted { ($0!.line, $0!.column) < ($1!.line, $1!.column) })
    }

    func testProblemListIsCappedButCounted() throws {
        let many = (0..<150).map { "{\"id\": \($0), \"crew\": [{\"name\": \"nobody\", \"role\": \"Pilot\"}], \"description\": \"x\"}" }
        let missionsPath = try write("[\n" + many.joined(separator: ",\n") + "\n]", to: "missions.json", in: folder)
        XCTAssertThrowsError(try Importer.check(missions: .file(missionsPath), astronauts: .file(write(Self.astronauts, to: "a.json", in: folder)))) { error in
            let failure = error as! ImportFailure
            XCTAssertEqual(failure.problems.count, DatasetReader.problemLimit)
            XCTAssertEqual(failure.count, 150)
            XCTAssertEqual(failure.problems.last?.location?.line, DatasetReader.problemLimit + 1)
        }
    }
}

extension DatasetReader {
    /// The most problems listed; further ones are counted but not described.
    static let problemLimit = ProblemLog.limit
}
