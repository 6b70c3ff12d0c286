import Foundation
import XCTest

/// Inputs built to make an import slow, greedy or stuck: many problems, a huge crew, a huge
/// value, a file that changes while it is read, a FIFO. Each must end promptly with a clear
/// message or a correct import. (Their timings on a release build are printed by
/// benchmarks/hostile.py; here a generous time limit only catches a hang.)
final class HostileInputTests: BinaryTestCase {
    func testEveryProblemIsCountedAndTheFirstHundredListed() throws {
        // 30,000 missions whose id is a string, minified on one line.
        let missions = write("bad-ids.json", "[" + Array(repeating: #"{"id":"x","crew":[],"description":""}"#, count: 30_000).joined(separator: ",") + "]")
        let result = try moonshot(within: 120, "import", "--check", "--missions", missions, "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Error: The check found 30000 problems."), result.stderr)
        let listed = result.stderr.split(separator: "\n").filter { $0.contains("bad-ids.json:") }
        XCTAssertEqual(listed.count, 100)
        XCTAssertEqual(listed.first, "  \(missions):1:8: [0].id: expected a whole number, found a string")
        XCTAssertEqual(listed.last, "  \(missions):1:\(8 + 99 * 38): [99].id: expected a whole number, found a string")
        XCTAssertTrue(result.stderr.contains("... and 29900 more."), result.stderr)

        // A million: three in each of 333,334 missions (the id, and two missing fields).
        let many = write("million.json", "[" + Array(repeating: #"{"id":"a"}"#, count: 333_334).joined(separator: ",") + "]")
        let million = try moonshot(within: 120, "import", "--check", "--missions", many, "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(million.status, 1)
        XCTAssertTrue(million.stderr.hasPrefix("Error: The check found 1000002 problems."), million.stderr)
        // A mission's own problems (missing fields, located at its start) come before those of its fields.
        XCTAssertTrue(
            million.stderr.contains(
                """
                  \(many):1:2: [0]: missing required field "crew"
                  \(many):1:2: [0]: missing required field "description"
                  \(many):1:8: [0].id: expected a whole number, found a string
                  \(many):1:13: [1]: missing required field "crew"
                """), million.stderr)
    }

    func testACrewOfFortyThousand() throws {
        let ids = (0..<40_000).map { "a\($0)" }
        let astronauts = write(
            "astronauts.json", "{" + ids.map { #""\#($0)":{"id":"\#($0)","name":"N \#($0)","description":"d"}"# }.joined(separator: ",") + "}")
        let crew = ids.map { #"{"name":"\#($0)","role":"Pilot"}"# }.joined(separator: ",")
        let missions = write("missions.json", #"[{"id":1,"crew":["# + crew + #"],"description":"big"}]"#)
        let result = try moonshot(within: 120, "import", "--missions", missions, "--astronauts", astronauts)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sqlite3("SELECT count(*), max(position) FROM crew"), "40000|40000\n")

        // The same astronaut 40,000 times: every repetition after the first is a problem.
        let same = Array(repeating: #"{"name":"a7","role":"Pilot"}"#, count: 40_000).joined(separator: ",")
        let repeated = write("repeated.json", #"[{"id":1,"crew":["# + same + #"],"description":"big"}]"#)
        let check = try moonshot(within: 120, "import", "--check", "--missions", repeated, "--astronauts", astronauts)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.hasPrefix("Error: The check found 39999 problems."), check.stderr)
        XCTAssertTrue(check.stderr.contains(#"[0].crew[1].name: "a7" is already in this crew at crew[0]"#), check.stderr)
    }

    func testAHugeValueIsRefusedWithItsPlaceAndCostsLittleMemory() throws {
        // A 100 MB description, then a mission with a problem of its own after it.
        let path = folder.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: path.path, contents: Data(#"[{"id":1,"crew":[],"description":""#.utf8)))
        let handle = try FileHandle(forWritingTo: path)
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<100 { handle.write(block) }
        handle.write(Data(#""},{"id":"two","crew":[],"description":"d"}]"#.utf8))
        try handle.close()

        let huge = try moonshotMeasuringMemory(["import", "--missions", path.path, "--astronauts", Self.apolloAstronauts])
        XCTAssertEqual(huge.status, 1, huge.stderr)
        XCTAssertTrue(huge.stderr.contains("\(path.path):1:2: [0]: this mission takes more than 16 MiB of the file"), huge.stderr)
        XCTAssertTrue(huge.stderr.contains("[1].id: expected a whole number"), "reading went on after it: \(huge.stderr)")
        XCTAssertLessThan(huge.peakMiB, 64, "peak memory for a 100 MB value")
        XCTAssertEqual(try files(startingWith: "moonshot.db"), ["moonshot.db"])

        // A 10 MB description is imported, at a few times its size in memory, and read back.
        let text = String(repeating: "lunar ", count: 10 << 20 / 6)
        let large = write("large.json", #"[{"id":1,"crew":[],"description":"\#(text)"}]"#)
        let imported = try moonshotMeasuringMemory(["import", "--missions", large, "--astronauts", Self.apolloAstronauts])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertLessThan(imported.peakMiB, 80, "peak memory for a 10 MB value")
        XCTAssertEqual(try sqlite3("SELECT length(description) FROM missions"), "\(text.utf8.count)\n")
    }

    func testAFileThatChangesWhileItIsReadIsReportedNeverACrash() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        var before = try contentDigest()
        // About 60 MB, which takes a while to read; it is cut short, or grown, as it is read.
        let mission = #"{"id":ID,"crew":[{"name":"armstrong","role":"Commander"}],"description":"\#(String(repeating: "regolith ", count: 100))"}"#
        let body = (1...60_000).map { mission.replacingOccurrences(of: "ID", with: "\($0)") }.joined(separator: ",\n")
        let text = "[\n" + body + "\n]\n"
        for change in ["truncate -s 1000000", "sh -c 'printf \"  \" >> \"$0\"'"] {
            let missions = write("changing.json", text)
            let original = String(try run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", missions]).stdout.prefix(64))
            let stderr = folder.appendingPathComponent("stderr.txt")
            let process = try start(["import", "--missions", missions, "--astronauts", Self.apolloAstronauts], stderr: stderr)
            // Change it once moonshot has read part of it, as its read position in /proc shows.
            waitUntil("moonshot reads the file") { readPosition(of: process.processIdentifier, in: missions).map { $0 > 0 } ?? false }
            let changed = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(change) \"$0\"", missions])
            XCTAssertEqual(changed.status, 0, changed.stderr)
            waitForExit(process)
            let message = try String(contentsOf: stderr, encoding: .utf8)
            XCTAssertEqual(process.terminationReason, .exit, "\(change): ended by a signal")
            XCTAssertEqual(try sqlite3("PRAGMA integrity_check"), "ok\n")
            if process.terminationStatus == 0 {
                // It had read and hashed everything before the change: what it recorded is that.
                XCTAssertEqual(try sqlite3("SELECT missions_sha256 FROM imports ORDER BY id DESC LIMIT 1"), original + "\n")
                XCTAssertEqual(try sqlite3("SELECT count(*) FROM missions"), "60000\n")
            } else {
                XCTAssertEqual(process.terminationStatus, 1, "\(change): \(message)")
                XCTAssertTrue(message.contains("the file changed while it was being imported"), "\(change): \(message)")
                XCTAssertTrue(message.contains("moonshot.db was not changed"), message)
                XCTAssertEqual(try contentDigest(), before)
            }
            XCTAssertEqual(try moonshot("import").status, 0)
            before = try contentDigest()
        }
    }

    func testAFIFOOrASocketIsRefusedAtOnce() throws {
        let fifo = folder.appendingPathComponent("pipe.json").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try moonshot(within: 20, "import", "--missions", fifo, "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(fifo): is a named pipe (FIFO), not a regular file"), result.stderr)

        // A Unix socket's file cannot even be opened for reading.
        let socket = folder.appendingPathComponent("socket.json").path
        let made = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", socket])
        XCTAssertEqual(made.status, 0, "python3 makes the socket: \(made.stderr)")
        let refused = try moonshot(within: 20, "import", "--missions", socket, "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\(socket): is a socket or a device, not a regular file"), refused.stderr)
    }

    /// How far process `pid` has read the open file at `path`, from /proc; nil when it has not
    /// opened it (yet, or any more).
    private func readPosition(of pid: Int32, in path: String) -> Int? {
        let descriptors = "/proc/\(pid)/fd"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
        where (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(name)")) == path {
            let info = (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(name)", encoding: .utf8)) ?? ""
            return info.split(separator: "\n").first { $0.hasPrefix("pos:") }.flatMap { Int($0.dropFirst(4).trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// Writes `text` to `name` in the test's folder and returns its path.
    private func write(_ name: String, _ text: String) -> String {
        let url = folder.appendingPathComponent(name)
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8)))
        return url.path
    }
}
