import Foundation
import TestSupport
import XCTest

/// Random sequences of inserts, updates (keys too) and deletes on the three tables, each run by
/// one sqlite3 shell with its defaults (foreign keys off), statements the triggers refuse
/// included; after each, the full-text indexes pass the thorough check, the derived columns
/// follow the rule, and every question answers what SQL of the test's own, run on the tables,
/// says it should. `MOONSHOT_EDIT_SEED=<seed>` repeats a run.
final class RandomEditingTests: BinaryTestCase {
    private static let sequences = 3
    private static let statementsPerSequence = 60

    func testRandomEditsKeepEveryAnswerRight() throws {
        let seed = ProcessInfo.processInfo.environment["MOONSHOT_EDIT_SEED"].flatMap { UInt64($0) } ?? 20_261_125
        var random = SeededRandom(seed: seed)
        for sequence in 1...Self.sequences {
            let context = "seed \(seed), sequence \(sequence) (repeat with MOONSHOT_EDIT_SEED=\(seed))"
            try freshImport()
            var script = RandomEdits(random: random)
            let sql = script.make(Self.statementsPerSequence)
            random = script.random
            let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", databasePath], input: ".bail off\n" + sql)
            // Refusals (a trigger's, a constraint's) are expected; a statement SQLite cannot parse is the test's mistake.
            XCTAssertFalse(result.stderr.contains("Parse error"), "\(context): \(result.stderr)\n\(sql)")
            XCTAssertGreaterThan(try editedRows().count, 10, "\(context): the edits changed rows, not only failed")
            try assertIndexesAreSound(context)
            try assertDerivedValuesFollowTheRule(context)
            XCTAssertEqual(
                try sqlite3(
                    """
                    SELECT count(*) FROM crew WHERE mission_id NOT IN (SELECT id FROM missions) OR astronaut_id NOT IN (SELECT id FROM astronauts)
                    """), "0\n", "\(context): no crew row points nowhere")
            try assertEveryAnswerIsRight(context)
            let check = try moonshot("check")
            XCTAssertEqual(check.status, 0, "\(context): moonshot check: \(check.stdout)\(check.stderr)")
        }
    }

    // MARK: Checks

    private func assertDerivedValuesFollowTheRule(_ context: String) throws {
        for row in try table("SELECT id, name, badge FROM missions") {
            let id = row["id"] as? Int ?? -1
            XCTAssertEqual(row["name"] as? String, "Apollo \(id)", context)
            XCTAssertEqual(row["badge"] as? String, "apollo\(id)", context)
        }
        for row in try table("SELECT role, canonical_role FROM crew") {
            XCTAssertEqual(row["canonical_role"] as? String, Self.canonicalTitle(row["role"] as? String ?? ""), "\(context): \(row)")
        }
    }

    /// The rule for role titles, written again here: white space to single spaces, trimmed,
    /// ASCII letters to lower case and each word's first to upper case; "Command Pilot" is
    /// "Commander".
    static func canonicalTitle(_ role: String) -> String {
        let spaced = String(role.unicodeScalars.map { [9, 10, 11, 12, 13].contains($0.value) ? " " : Character($0) })
        let words = spaced.split(separator: " ").map { word in
            String(word.unicodeScalars.map { ("A"..."Z").contains($0) ? Character(Unicode.Scalar($0.value + 32)!) : Character($0) })
        }
        if words == ["command", "pilot"] { return "Commander" }
        return words.map { word in
            guard let first = word.unicodeScalars.first, ("a"..."z").contains(first) else { return word }
            return String(Character(Unicode.Scalar(first.value - 32)!)) + String(word.unicodeScalars.dropFirst())
        }.joined(separator: " ")
    }

    private func assertEveryAnswerIsRight(_ context: String) throws {
        try assertAnswer(
            ["missions"],
            is: try table(
                """
                SELECT m.id AS mission_id, m.name AS mission_name, m.launch_date,
                       (SELECT c.astronaut_id FROM crew AS c
                         WHERE c.mission_id = m.id AND c.canonical_role = 'Commander' ORDER BY c.position LIMIT 1) AS commander_id,
                       (SELECT a.name FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
                         WHERE c.mission_id = m.id AND c.canonical_role = 'Commander' ORDER BY c.position LIMIT 1) AS commander_name,
                       (SELECT count(*) FROM crew AS c WHERE c.mission_id = m.id) AS crew_size
                FROM missions AS m ORDER BY m.id
                """), context)
        try assertAnswer(
            ["astronauts"],
            is: try table(
                """
                SELECT a.id AS astronaut_id, a.name AS astronaut_name, (SELECT count(*) FROM crew AS c WHERE c.astronaut_id = a.id) AS mission_count,
                       (SELECT min(m.launch_date) FROM crew AS c JOIN missions AS m ON m.id = c.mission_id WHERE c.astronaut_id = a.id) AS first_flight_date
                FROM astronauts AS a ORDER BY a.name, a.id
                """), context)
        func crewOfMission(_ id: String, _ condition: String = "") -> String {
            """
            SELECT c.position, c.astronaut_id, a.name AS astronaut_name, c.role, c.canonical_role
            FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id WHERE c.mission_id = \(id) \(condition) ORDER BY c.position
            """
        }
        for mission in try table("SELECT id, name, badge, launch_date, description FROM missions") {
            let id = "\(mission["id"] ?? "")"
            let crew = try table(crewOfMission(id))
            let head: [String: Any] = ["mission_id": mission["id"]!, "mission_name": mission["name"]!, "launch_date": mission["launch_date"]!]
            try assertAnswer(["crew", id], is: head.merging(["crew": crew]) { $1 }, context)
            try assertAnswer(["commander", id], is: head.merging(["crew": try table(crewOfMission(id, "AND c.canonical_role = 'Commander'"))]) { $1 }, context)
            try assertAnswer(
                ["mission", id], is: head.merging(["badge": mission["badge"]!, "description": mission["description"]!, "crew": crew]) { $1 }, context)
        }
        for astronaut in try table("SELECT id, name, description FROM astronauts") {
            let id = astronaut["id"] as? String ?? ""
            let flights = try table(
                """
                SELECT c.mission_id, m.name AS mission_name, m.launch_date, c.position, c.role, c.canonical_role
                FROM crew AS c JOIN missions AS m ON m.id = c.mission_id WHERE c.astronaut_id = '\(id.replacingOccurrences(of: "'", with: "''"))'
                ORDER BY m.launch_date IS NOT NULL, m.launch_date, c.mission_id
                """)
            let head: [String: Any] = ["astronaut_id": id, "astronaut_name": astronaut["name"]!]
            try assertAnswer(["flights", id], is: head.merging(["flights": flights]) { $1 }, context)
            // The career: the first and last of the flights that launched, in the order listed.
            let launched = flights.filter { $0["launch_date"] is String }
            let year = { (flight: [String: Any]?) in flight.flatMap { ($0["launch_date"] as? String).flatMap { Int($0.prefix(4)) } } }
            let career: [String: Any] = [
                "first_flight": launched.first?["mission_name"] ?? NSNull(), "first_flight_date": launched.first?["launch_date"] ?? NSNull(),
                "last_flight": launched.last?["mission_name"] ?? NSNull(), "last_flight_date": launched.last?["launch_date"] ?? NSNull(),
                "career_years": year(launched.last).map { $0 - year(launched.first)! } ?? NSNull(),
            ]
            try assertAnswer(
                ["astronaut", id], is: head.merging(career) { $1 }.merging(["description": astronaut["description"]!, "flights": flights]) { $1 }, context)
        }
        // What the words the edits write find: every row whose text has them, and no other.
        for word in RandomEdits.markers {
            let expected = try table(
                """
                SELECT 'mission ' || id AS hit FROM missions WHERE name || ' ' || description LIKE '%\(word)%'
                UNION ALL SELECT 'astronaut ' || id FROM astronauts WHERE name || ' ' || description LIKE '%\(word)%' ORDER BY 1
                """
            ).compactMap { $0["hit"] as? String }
            let result = try moonshot("search", word, "--limit", "1000", "--format", "json")
            XCTAssertEqual(result.status, 0, "\(context): \(result.stderr)")
            let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
            let found = rows.map { row -> String in
                let kind = row["kind"] as? String ?? "?"
                return "\(kind) \(row[kind + "_id"] ?? "?")"
            }.sorted()
            XCTAssertEqual(found, expected.sorted(), "\(context): search \(word)")
        }
    }

    /// Fails unless `moonshot arguments --format json` prints `expected` (the same JSON value).
    private func assertAnswer(_ arguments: [String], is expected: Any, _ context: String) throws {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, "\(context): \(arguments): \(result.stderr)")
        guard result.status == 0 else { return }
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        XCTAssertEqual(try canonical(answer), try canonical(expected), "\(context): \(arguments)")
    }

    private func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    /// The rows of `sql`, run by the sqlite3 shell on the test's database, as JSON objects.
    private func table(_ sql: String) throws -> [[String: Any]] {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-json", "-bail", databasePath, sql])
        XCTAssertEqual(result.status, 0, result.stderr)
        let output = result.stdout
        guard !output.isEmpty else { return [] }
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], output)
    }
}

/// A random SQL script of edits to moonshot's three tables, valid and refused ones mixed.
struct RandomEdits {
    var random: SeededRandom
    /// Words no Apollo text has, written by the edits, for the search checks.
    static let markers = ["zanzibar", "marmalade", "quokka"]
    private var astronautIDs = ["armstrong", "aldrin", "collins", "lovell", "young", "schmitt", "cernan", "grissom", "white", "chaffee"]
    private var next = 1

    init(random: SeededRandom) { self.random = random }

    mutating func make(_ count: Int) -> String {
        (0..<count).map { _ in statement() + ";\n" }.joined()
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func mission() -> Int { Int.random(in: 1...20, using: &random) }
    private mutating func position() -> Int { Int.random(in: 1...5, using: &random) }

    private mutating func astronaut() -> String {
        if chance(15) {
            next += 1
            return "rnd\(next)"  // most likely missing
        }
        return pick(astronautIDs)
    }

    private mutating func newAstronaut() -> String {
        next += 1
        let id = "rnd\(next)"
        astronautIDs.append(id)
        return id
    }

    private mutating func text() -> String {
        let words = ["moon", "orbit", "crater", "café", "naïve", "Ünïcode", "lunar", "rover", "it's"] + Self.markers
        return quoted((0..<Int.random(in: 1...8, using: &random)).map { _ in pick(words) }.joined(separator: " "))
    }

    private mutating func role() -> String {
        pick([
            "'Commander'", "'commander'", "'  COMMAND   MODULE'||char(9)||'pilot '", "'Lunar Module Pilot'", "'command pilot'",
            "'Command'||char(10)||'Pilot'", "'Senior pilot'", "'pilot'", "'backup élan commander'", "'x'", "''",
        ])
    }

    private mutating func launchDate() -> String {
        pick([
            "NULL", "'1969-07-16'", "'1972-12-07'", "'1970-04-11'", "'1968-02-30'",
            "'\(Int.random(in: 1960...1980, using: &random))-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...9, using: &random))'",
        ])
    }

    private mutating func name() -> String {
        quoted(pick(["Nora", "Quinn", "Zed", "Ada"]) + " " + pick(["Newbie", "Quokka", "Marmalade", "Lovell", "Smith"]))
    }

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    private mutating func statement() -> String {
        switch Int.random(in: 0..<22, using: &random) {
        case 0: return "INSERT INTO missions (id, launch_date, description) VALUES (\(mission()), \(launchDate()), \(text()))"
        case 1: return "INSERT OR REPLACE INTO missions (id, launch_date, description) VALUES (\(mission()), \(launchDate()), \(text()))"
        case 2: return "UPDATE missions SET description = \(text()) WHERE id = \(mission())"
        case 3: return "UPDATE missions SET id = \(mission()) WHERE id = \(mission())"
        case 4: return "UPDATE missions SET launch_date = \(launchDate()) WHERE id = \(mission())"
        case 5: return "UPDATE missions SET \(pick(["name", "badge"])) = \(pick(["''", "'Apollo 11'", "'apollo11'"])) WHERE id = \(mission())"
        case 6: return "DELETE FROM missions WHERE id = \(mission())"
        case 7: return "INSERT INTO astronauts (id, name, description) VALUES ('\(newAstronaut())', \(name()), \(text()))"
        case 8: return "INSERT OR REPLACE INTO astronauts (id, name, description) VALUES ('\(astronaut())', \(name()), \(text()))"
        case 9: return "UPDATE astronauts SET name = \(name()), description = \(text()) WHERE id = '\(astronaut())'"
        case 10: return "UPDATE astronauts SET id = '\(chance(70) ? newAstronaut() : astronaut())' WHERE id = '\(astronaut())'"
        case 11: return "DELETE FROM astronauts WHERE id = '\(astronaut())'"
        case 12, 13:
            return "INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (\(mission()), \(position()), '\(astronaut())', \(role()))"
        case 14:
            return
                "INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role) VALUES (\(mission()), \(position()), '\(astronaut())', \(role()), \(pick(["'Commander'", "'Pilot'", "''"])))"
        case 15: return "UPDATE crew SET role = \(role()) WHERE mission_id = \(mission()) AND position = \(position())"
        case 16: return "UPDATE crew SET astronaut_id = '\(astronaut())' WHERE mission_id = \(mission()) AND position = \(position())"
        case 17: return "UPDATE crew SET position = \(position()) WHERE mission_id = \(mission()) AND position = \(position())"
        case 18: return "UPDATE crew SET mission_id = \(mission()) WHERE mission_id = \(mission()) AND position = \(position())"
        case 19: return "DELETE FROM crew WHERE mission_id = \(mission()) AND position = \(position())"
        case 20: return "UPDATE crew SET canonical_role = \(pick(["''", "'Commander'"])) WHERE mission_id = \(mission())"
        default: return "UPDATE missions SET description = description || ' ' || \(text()) WHERE id % \(Int.random(in: 2...5, using: &random)) = 0"
        }
    }
}
