import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store
@testable import SystemSupport

final class SupportTests: XCTestCase {
    func testQuotedIsAJSONStringLiteral() throws {
        let text = "a\"b\\c\nd\re\tf\u{1}g\u{7F}h é🚀"
        XCTAssertEqual(quoted(text), #""a\"b\\c\nd\re\tf\u0001g\u007Fh é🚀""#)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted(text))]".utf8)) as? [String]
        XCTAssertEqual(decoded, [text])
    }

    func testSHA256KnownVectors() {
        XCTAssertEqual(SHA256.hexDigest(of: ""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest(of: "abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hexDigest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hexDigest(of: String(repeating: "a", count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testSHA256IsTheSameWhateverTheChunking() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let whole = bytes.withUnsafeBufferPointer { SHA256.hexDigest(of: $0) }
        for chunk in [1, 7, 63, 64, 65, 999] {
            var hasher = SHA256()
            bytes.withUnsafeBufferPointer { buffer in
                for start in stride(from: 0, to: buffer.count, by: chunk) {
                    hasher.update(UnsafeBufferPointer(rebasing: buffer[start..<min(start + chunk, buffer.count)]))
                }
            }
            XCTAssertEqual(hasher.finalize().map { String(format: "%02x", $0) }.joined(), whole, "chunk \(chunk)")
        }
    }

    func testSHA256OfTheShippedFilesMatchesSha256sum() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", realMissionsPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        XCTAssertEqual(try InputFile(.file(realMissionsPath)).content.sha256(), String(expected))
        XCTAssertEqual(try InputFile(.embedded("missions.json")).content.sha256(), String(expected))
    }

    func testBackgroundWorkHandsBackWhatItsBodyReturned() {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 131) }
        let expected = bytes.withUnsafeBufferPointer { SHA256.hexDigest(of: $0) }
        let work = BackgroundWork { bytes.withUnsafeBufferPointer { SHA256.hexDigest(of: $0) } }
        XCTAssertEqual(work.wait(), expected)
    }

    func testLaunchDateAcceptsOnlyRealISODates() {
        XCTAssertEqual(LaunchDate(iso: "1969-07-16")?.abbreviated, "Jul 16, 1969")
        XCTAssertEqual(LaunchDate(iso: "1968-12-21")?.iso, "1968-12-21")
        XCTAssertNotNil(LaunchDate(iso: "2000-02-29"))
        for bad in [
            "1969-02-30", "1900-02-29", "1969-7-16", "1969-07-16T00:00", "1969-13-01", "1969-00-10",
            "1969-04-31", "69-07-16", "1969/07/16", "", "１９６９-07-16",
        ] {
            XCTAssertNil(LaunchDate(iso: bad), bad)
        }
    }

    /// The rule for role titles is schema.sql's (the view derived_crew_roles, which the triggers
    /// apply to every client's rows): what each title becomes.
    func testCanonicalRoles() throws {
        let database = try Database(path: ":memory:", mode: .readWriteCreate)
        try database.execute(MoonshotFile.schemaSQL)
        try database.execute("INSERT INTO missions (id, description) VALUES (1, 'x')")
        try database.execute("INSERT INTO astronauts (id, name, description) VALUES ('a', 'A', 'x')")
        let expected = [
            ("Command Pilot", "Commander"), ("command  PILOT", "Commander"), ("Commander", "Commander"),
            ("commander", "Commander"), ("Command module pilot", "Command Module Pilot"),
            ("Command Module Pilot", "Command Module Pilot"), ("  lunar \t\n  MODULE pilot ", "Lunar Module Pilot"),
            ("flight surgeon", "Flight Surgeon"), ("x", "X"), ("pilote émérite", "Pilote émérite"),
        ]
        for (role, canonical) in expected {
            try database.execute("DELETE FROM crew")
            try database.execute("INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (1, 1, 'a', ?)", [.text(role)])
            XCTAssertEqual(try database.scalar("SELECT canonical_role FROM crew"), .text(canonical), role)
            try database.execute("UPDATE crew SET role = ?", [.text(role + " x")])
            XCTAssertEqual(
                try database.scalar("SELECT canonical_role = (SELECT canonical_role FROM derived_crew_roles) FROM crew"),
                .integer(1), "changing the role changes canonical_role: \(role)")
        }
    }

    func testSuggestionsFindTypos() {
        let ids = ["armstrong", "aldrin", "collins", "anders", "lovell"]
        XCTAssertEqual(Suggestions.closest(to: "amstrong", among: ids).first, "armstrong")
        XCTAssertEqual(Suggestions.closest(to: "LOVEL", among: ids), ["lovell"])
        XCTAssertEqual(Suggestions.closest(to: "zzzzzzzzzz", among: ids), [])
    }
}
