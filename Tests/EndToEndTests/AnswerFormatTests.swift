import Foundation
import XCTest

/// Every answer in its three formats: one vocabulary of fields, documented in docs/commands.md,
/// and the same values in tables, JSON and CSV.
final class AnswerFormatTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let result = try moonshot("import")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The questions whose fields are moonshot's own (`sql` prints the query's column names).
    static let answers =
        questions.filter { $0[0] != "sql" } + [
            ["search", "Lovell"], ["crewmates", "Jim Lovell"], ["crewmates", "armstrong", "--with", "Buzz Aldrin"],
            ["missions", "--year", "1969", "--crew"], ["astronauts", "--sort", "first-flight"],
        ]

    // MARK: One vocabulary

    /// The field names of docs/commands.md's "Output fields" table.
    static func documentedFields() throws -> [String] {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let section = try XCTUnwrap(page.components(separatedBy: "\n## Output fields\n").dropFirst().first, "docs/commands.md has Output fields")
        let table = section.components(separatedBy: "\n\n").dropFirst().first { $0.hasPrefix("| field ") } ?? ""
        return table.split(separator: "\n").dropFirst(2).compactMap { line in
            line.split(separator: "`").dropFirst().first.map(String.init)
        }
    }

    func testJSONKeysCSVHeadersAndTableHeadingsAreTheDocumentedFields() throws {
        let documented = try Self.documentedFields()
        XCTAssertGreaterThan(documented.count, 10, "\(documented)")
        XCTAssertEqual(Set(documented).count, documented.count, "each field is listed once")
        var used = Set<String>()
        for command in Self.answers {
            let json = try JSONSerialization.jsonObject(with: Data(try moonshot(command + ["--format", "json"]).stdout.utf8))
            let keys = Self.keys(in: json)
            XCTAssertTrue(keys.isSubset(of: documented), "\(command): \(keys.subtracting(documented).sorted())")

            let csv = try XCTUnwrap(parseCSV(try moonshot(command + ["--format", "csv"]).stdout), "\(command)")
            XCTAssertTrue(Set(csv[0]).isSubset(of: documented), "\(command): \(Set(csv[0]).subtracting(documented).sorted())")
            XCTAssertTrue(Set(csv[0]).isSubset(of: keys), "\(command): every CSV column is a JSON key too")

            // A table's headings are the same names in capitals; its field lines the same words.
            let table = try moonshot(command, environment: ["COLUMNS": "250"]).stdout
            let headingLine = try XCTUnwrap(
                table.split(separator: "\n").first { $0.first?.isUppercase == true && $0 == $0.uppercased() },
                "\(command): \(table)")
            let headings = headingLine.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for heading in headings {
                let field = heading.lowercased().replacingOccurrences(of: " ", with: "_")
                XCTAssertTrue(keys.contains(field), "\(command): the heading \(heading) is JSON's \(field)")
            }
            // An answer about one mission or astronaut opens with `Label: value` lines of its fields.
            if json is [String: Any] {
                for line in table.split(separator: "\n", omittingEmptySubsequences: false).prefix(while: { !$0.isEmpty }) {
                    let field = line.prefix { $0 != ":" }.lowercased().replacingOccurrences(of: " ", with: "_")
                    XCTAssertTrue(keys.contains(field), "\(command): the line \(line) is JSON's \(field)")
                }
            }
            used.formUnion(keys)
        }
        XCTAssertEqual(used, Set(documented), "every documented field is printed by some command, and no other")
    }

    func testRolesAsWrittenAndInTitleCase() throws {
        // Apollo 13's source writes "Command module pilot".
        let crew = try XCTUnwrap(jsonObject("crew", "13")["crew"] as? [[String: Any]])
        XCTAssertEqual(crew[1]["role"] as? String, "Command module pilot")
        XCTAssertEqual(crew[1]["canonical_role"] as? String, "Command Module Pilot")
        let csv = try XCTUnwrap(parseCSV(try moonshot("crew", "13", "--format", "csv").stdout))
        XCTAssertEqual(csv[2][csv[0].firstIndex(of: "role")!], "Command module pilot")
        XCTAssertEqual(csv[2][csv[0].firstIndex(of: "canonical_role")!], "Command Module Pilot")
        // Tables show the canonical role only.
        for command in [["crew", "13"], ["mission", "13"], ["flights", "swigert"], ["astronaut", "swigert"]] {
            let table = try moonshot(command).stdout
            XCTAssertTrue(table.contains("Command Module Pilot"), "\(command): \(table)")
            XCTAssertFalse(table.contains("Command module pilot"), "\(command): \(table)")
        }
        let apollo1 = try moonshot("commander", "1").stdout
        XCTAssertTrue(apollo1.contains("Commander"), apollo1)
        XCTAssertFalse(apollo1.contains("Command Pilot"), apollo1)
    }

    // MARK: The formats

    func testEveryCommandPrintsValidJSONAndCSV() throws {
        for command in Self.questions {
            let json = try moonshot(command + ["--format", "json"])
            XCTAssertEqual(json.status, 0, "\(command): \(json.stderr)")
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), "\(command)")

            let csv = try moonshot(command + ["--format", "csv"])
            XCTAssertEqual(csv.status, 0, "\(command): \(csv.stderr)")
            let table = try XCTUnwrap(parseCSV(csv.stdout), "\(command): \(csv.stdout)")
            XCTAssertGreaterThan(table.count, 1, "\(command): a header and at least one row")
            XCTAssertTrue(table.allSatisfy { $0.count == table[0].count }, "\(command): every row has the header's width")

            let text = try moonshot(command)
            XCTAssertEqual(text.status, 0, "\(command): \(text.stderr)")
            XCTAssertFalse(text.stdout.isEmpty, "\(command)")
        }
    }

    /// A JSON value as CSV writes it: null empty; a list of rows (a crew, shared missions) as
    /// their names, each empty when null, between "; " or ", ".
    private static func csvText(_ value: Any) -> String {
        guard let list = value as? [[String: Any]] else { return value is NSNull ? "" : "\(value)" }
        let names = list.map { item in item.first { $0.key.hasSuffix("_name") }.map { csvText($0.value) } ?? "?" }
        return names.joined(separator: list.first?["astronaut_id"] != nil ? "; " : ", ")
    }

    func testCSVHoldsTheSameValuesAsJSON() throws {
        for command in Self.answers {
            let json = try JSONSerialization.jsonObject(with: Data(try moonshot(command + ["--format", "json"]).stdout.utf8))
            let csv = try XCTUnwrap(parseCSV(try moonshot(command + ["--format", "csv"]).stdout))
            // JSON's rows, each with its subject's fields, flattened as CSV flattens them.
            var rows: [[String: Any]]
            if let list = json as? [[String: Any]] {
                rows = list
            } else {
                let object = try XCTUnwrap(json as? [String: Any])
                let listKey = try XCTUnwrap(["crew", "flights", "crewmates"].first { object[$0] != nil })
                let subject = object.filter { $0.key != listKey }
                rows = (object[listKey] as! [[String: Any]]).map { $0.merging(subject) { first, _ in first } }
                if rows.isEmpty { rows = [subject] }
            }
            XCTAssertEqual(csv.count - 1, rows.count, "\(command)")
            for (line, row) in zip(csv.dropFirst(), rows) {
                for (column, value) in zip(csv[0], line) {
                    let expected = row[column].map(Self.csvText) ?? ""
                    XCTAssertEqual(value, expected, "\(command): \(column)")
                }
            }
        }
        // A description full of quotes, commas and paragraph breaks survives CSV intact.
        let mission = try XCTUnwrap(parseCSV(try moonshot("mission", "1", "--format", "csv").stdout))
        let reference =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.packageRoot.appendingPathComponent("Resources/missions.json"))) as! [[String: Any]]
        XCTAssertEqual(mission[1][mission[0].firstIndex(of: "description")!], reference[0]["description"] as? String)
    }

    func testJSONValues() throws {
        let mission = try jsonObject("mission", "Apollo XI")
        XCTAssertEqual(mission["mission_id"] as? Int, 11)
        XCTAssertEqual(mission["launch_date"] as? String, "1969-07-16")
        XCTAssertEqual(mission["mission_name"] as? String, "Apollo 11")
        XCTAssertEqual(mission["badge"] as? String, "apollo11")
        let crew = mission["crew"] as! [[String: Any]]
        XCTAssertEqual(crew.map { $0["astronaut_id"] as! String }, ["armstrong", "collins", "aldrin"])
        XCTAssertEqual(crew.map { $0["position"] as! Int }, [1, 2, 3])
        XCTAssertEqual(crew.first?["astronaut_name"] as? String, "Neil A. Armstrong")
        XCTAssertTrue((mission["description"] as! String).hasPrefix("Apollo 11 was"))

        let apollo1 = try jsonObject("mission", "1")
        XCTAssertTrue(apollo1["launch_date"] is NSNull, "no launch date is null in JSON")

        let commander = try jsonObject("commander", "13")
        XCTAssertEqual((commander["crew"] as! [[String: Any]]).map { $0["astronaut_id"] as! String }, ["lovell"])
        let flights = try jsonObject("flights", "James Lovell")
        XCTAssertEqual(flights["astronaut_id"] as? String, "lovell")
        XCTAssertEqual((flights["flights"] as! [[String: Any]]).map { $0["mission_id"] as! Int }, [8, 13])

        let hits = try JSONSerialization.jsonObject(with: Data(try moonshot("search", "Lovell", "--format", "json").stdout.utf8)) as! [[String: Any]]
        let lovell = try XCTUnwrap(hits.first { $0["kind"] as? String == "astronaut" })
        XCTAssertEqual(lovell["astronaut_id"] as? String, "lovell")
        XCTAssertTrue(lovell["mission_id"] is NSNull, "an astronaut has no mission_id")
        let apollo13 = try XCTUnwrap(hits.first { $0["mission_id"] as? Int == 13 })
        XCTAssertEqual(apollo13["mission_name"] as? String, "Apollo 13")
        XCTAssertTrue(apollo13["astronaut_name"] is NSNull)
    }

    func testEmptyResultsAreValidInEveryFormat() throws {
        let sql = ["sql", "SELECT id FROM missions WHERE id < 0"]
        XCTAssertEqual(try moonshot(sql + ["--format", "json"]).stdout, "[]\n")
        XCTAssertEqual(try moonshot(sql + ["--format", "csv"]).stdout, "id\r\n")
        XCTAssertEqual(try moonshot(sql).stdout, "(none)\n")
        XCTAssertEqual(try moonshot(["search", "zzzzqqq", "--format", "json"]).stdout, "[]\n")
        XCTAssertEqual(try moonshot(["search", "zzzzqqq"]).stdout, "No matches.\n")
    }

    func testTablesForPeople() throws {
        let missions = try moonshot("missions", environment: ["COLUMNS": "100"]).stdout
        let lines = missions.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("MISSION NAME  LAUNCH DATE "), missions)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Apollo 1 ") && $0.contains("N/A") && $0.contains("Grissom") }, missions)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Apollo 11 ") && $0.contains("Jul 16, 1969") }, missions)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 100 }, missions)

        let mission = try moonshot("mission", "11", environment: ["COLUMNS": "60"]).stdout
        XCTAssertTrue(mission.hasPrefix("Mission id:   11\nMission name: Apollo 11\nBadge:        apollo11\nLaunch date:  Jul 16, 1969\n\n"), mission)
        XCTAssertTrue(mission.split(separator: "\n").allSatisfy { $0.count <= 60 }, "long text is wrapped: \(mission)")

        let narrow = try moonshot("missions", environment: ["COLUMNS": "24"]).stdout
        XCTAssertTrue(narrow.contains("MISSION NAME:   Apollo 13\n"), "stacked layout: \(narrow)")
        XCTAssertFalse(narrow.contains("\n\n\n"), narrow)
        XCTAssertFalse(narrow.hasSuffix("\n\n"), narrow)
    }

    func testPagesSayWhenThereIsNothingToList() throws {
        try Data(#"[{"id": 1, "crew": [], "description": "Never flew."}]"#.utf8).write(to: folder.appendingPathComponent("m.json"))
        XCTAssertEqual(try moonshot("import", "--missions", "m.json", "--astronauts", Self.apolloAstronauts, "--db", "empty-crew.db").status, 0)
        let mission = try moonshot("mission", "1", "--db", "empty-crew.db")
        XCTAssertEqual(mission.stdout, "Mission id:   1\nMission name: Apollo 1\nBadge:        apollo1\nLaunch date:  N/A\n\nNo crew listed.\n\nNever flew.\n")
        let astronaut = try moonshot("astronaut", "armstrong", "--db", "empty-crew.db")
        XCTAssertTrue(
            astronaut.stdout.hasPrefix(
                "Astronaut id:      armstrong\nAstronaut name:    Neil A. Armstrong\nFirst flight:      N/A\nFirst flight date: N/A\nLast flight:       N/A\n"
                    + "Last flight date:  N/A\nCareer years:      N/A\n\nNo missions listed.\n\n"), astronaut.stdout)
        // In CSV the subject still has its line; in JSON its list is empty.
        let csv = try XCTUnwrap(parseCSV(try moonshot("crew", "1", "--db", "empty-crew.db", "--format", "csv").stdout))
        XCTAssertEqual(csv.count, 2)
        XCTAssertEqual(csv[1][0], "1")
        XCTAssertEqual((try jsonObject("crew", "1", "--db", "empty-crew.db")["crew"] as? [Any])?.count, 0)
    }

    // MARK: Helpers

    /// Every key of every object in `json`, nested ones included.
    static func keys(in json: Any) -> Set<String> {
        if let object = json as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(keys(in: $1.value)) }
        }
        if let array = json as? [Any] { return array.reduce(into: Set()) { $0.formUnion(keys(in: $1)) } }
        return []
    }
}
