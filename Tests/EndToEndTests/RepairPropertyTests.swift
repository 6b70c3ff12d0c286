import Foundation
import SQLite
import TestSupport
import XCTest

/// The repair's promise on random inputs: random edits through the sqlite3 shell and random
/// damage (renames, views in a table's place, added, dropped and retyped columns, tables
/// rebuilt without their keys, dropped triggers, indexes and views, writes into the full-text
/// indexes, tables of the user's own), then `moonshot check --repair`. Either it ends with
/// schema.sql's objects whole and every row of whatever stood where a moonshot table belongs
/// kept, keys included, every other table kept, and a second run that writes nothing; or it
/// changes not a byte and says why in moonshot's words. `MOONSHOT_REPAIR_SEED=<seed>` repeats
/// a run, `MOONSHOT_REPAIR_CASES=<n>` sets how many cases (300 by default).
final class RepairPropertyTests: BinaryTestCase {
    private var template: URL { folder.appendingPathComponent("template.db") }
    private var database: URL { folder.appendingPathComponent("moonshot.db") }

    func testARepairKeepsEveryRowOrChangesNothing() throws {
        let seed = ProcessInfo.processInfo.environment["MOONSHOT_REPAIR_SEED"].flatMap { UInt64($0) } ?? 20_261_128
        let cases = ProcessInfo.processInfo.environment["MOONSHOT_REPAIR_CASES"].flatMap { Int($0) } ?? 300
        XCTAssertEqual(try moonshot("import", "--db", template.path).status, 0)
        var random = SeededRandom(seed: seed)
        var outcomes: [String: Int] = [:]
        for number in 1...cases {
            var damage = RandomDamage(random: random)
            let script = damage.make()
            random = damage.random
            let context = "case \(number) of seed \(seed) (repeat with MOONSHOT_REPAIR_SEED=\(seed)):\n\(script)"
            let outcome = try check(script: script, context: context)
            outcomes[outcome, default: 0] += 1
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        print("repair property: \(cases) cases of seed \(seed): \(outcomes.sorted { $0.key < $1.key })")
        XCTAssertGreaterThan(outcomes["repaired", default: 0], cases / 5, "enough cases were repaired: \(outcomes)")
        XCTAssertGreaterThan(outcomes["refused", default: 0], cases / 20, "enough cases were refused: \(outcomes)")
    }

    /// Runs one case; returns "repaired", "refused" or "sound".
    private func check(script: String, context: String) throws -> String {
        try? FileManager.default.removeItem(at: database)
        try FileManager.default.copyItem(at: template, to: database)
        // Without waiting for the disk after each statement (synchronous = OFF): the file the
        // shell leaves is the same, in about half the time.
        _ = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", database.path], input: ".bail off\nPRAGMA synchronous = OFF;\n" + script)
        let rowsBefore = try standingRows()
        let bytesBefore = try Data(contentsOf: database)
        let repaired = try moonshot("check", "--repair")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path + "-journal"), "no journal is left: \(context)")
        XCTAssertTrue([0, 1].contains(repaired.status), "exit \(repaired.status): \(repaired.stdout)\(repaired.stderr)\n\(context)")
        if repaired.stdout.hasPrefix("Nothing in") {
            XCTAssertEqual(try Data(contentsOf: database), bytesBefore, "a sound database is not written: \(context)")
            return "sound"
        }
        guard repaired.stdout.hasPrefix("Repaired") else {
            XCTAssertEqual(repaired.status, 1, context)
            XCTAssertEqual(try Data(contentsOf: database), bytesBefore, "a refused repair changes not a byte: \(repaired.stderr)\n\(context)")
            XCTAssertTrue(repaired.stderr.hasPrefix("Error: "), "\(repaired.stderr)\n\(context)")
            for raw in ["SQLite failed", "an error from SQLite"] {
                XCTAssertFalse(repaired.stderr.contains(raw), "a refusal moonshot foresaw, in its words: \(repaired.stderr)\n\(context)")
            }
            return "refused"
        }
        XCTAssertEqual(
            try standingRows(sameColumnsAs: rowsBefore), rowsBefore, "every row kept, keys included, and every other table: \(repaired.stdout)\n\(context)")
        let checked = try moonshot("check", "--format", "json")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any], checked.stdout)
        // What a repair never changes: crew rows that point nowhere, and rows that break a rule.
        let left = (report["problems"] as? [[String: Any]] ?? []).filter { problem in
            let text = problem["problem"] as? String ?? ""
            return !["dangling-row", "rule-break"].contains(problem["kind"] as? String) && !text.contains("CHECK constraint failed")
                && !text.contains("NULL value in")
        }
        XCTAssertTrue(left.isEmpty, "the repaired database is sound but for the rows a repair never changes: \(checked.stdout)\n\(context)")
        let bytesAfter = try Data(contentsOf: database)
        let again = try moonshot("check", "--repair")
        XCTAssertTrue(again.stdout.hasPrefix("Nothing in"), "a second run finds nothing to do: \(again.stdout)\(again.stderr)\n\(context)")
        XCTAssertEqual(try Data(contentsOf: database), bytesAfter, "and writes nothing: \(context)")
        return "repaired"
    }

    /// The rows of whatever stands where each of moonshot's tables belongs (a view's too), in
    /// the columns of schema.sql's table it has (or those `earlier` read), derived ones aside;
    /// and how many rows each other table holds.
    private func standingRows(sameColumnsAs earlier: [String: [String]]? = nil) throws -> [String: [String]] {
        let connection = try Database(path: database.path, mode: .readOnly)
        var found: [String: [String]] = [:]
        let columns = [
            "missions": ["id", "launch_date", "description"], "astronauts": ["number", "id", "name", "description"],
            "crew": ["mission_id", "position", "astronaut_id", "role"],
            "imports": [
                "id", "imported_at", "tool_version", "missions_source", "missions_sha256", "astronauts_source", "astronauts_sha256",
                "mission_count", "astronaut_count", "crew_count",
            ],
        ]
        for (table, wanted) in columns {
            guard
                try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')", [.text(table)])
                    == .integer(1)
            else {
                found[table] = []
                found["columns of " + table] = []
                continue
            }
            let present = Set(try connection.rows("SELECT lower(name) FROM pragma_table_info(?)", [.text(table)]).compactMap { $0.text(0) })
            let kept = earlier.map { $0["columns of " + table] ?? [] } ?? wanted.filter { present.contains($0) }
            found["columns of " + table] = kept
            let rows = try connection.rows("SELECT \(kept.isEmpty ? "1" : kept.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"\(table)\"")
            found[table] = rows.map { row in zip(kept, row.values).map { "\($0)=\(Self.text($1))" }.joined(separator: "|") }.sorted()
        }
        let others = try connection.rows(
            """
            SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE 'sqlite%'
               AND lower(name) NOT IN ('missions', 'astronauts', 'crew', 'imports', 'edited_rows')
               AND lower(name) NOT GLOB 'missions_fts_*' AND lower(name) NOT GLOB 'astronauts_fts_*'
            """
        ).compactMap { $0.text(0) }
        for other in others {
            found["other " + other] = [try connection.scalar("SELECT count(*) FROM \"\(other)\"").map { Self.text($0) } ?? "?"]
        }
        return found
    }

    /// A value as the repair keeps it: converted without loss (11 and '11' alike).
    private static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): text
        case .blob(let bytes): "x" + bytes.map { String($0, radix: 16) }.joined()
        }
    }
}
