import Foundation
import XCTest

/// `crewmates`, `crewmates --with`, `missions --year/--from/--to/--undated/--crew`,
/// `astronauts --sort` and an astronaut's career, through the built binary: their forms, every
/// format, their usage errors, `--show-sql` in sqlite3, and crew rows that point nowhere. The
/// expected answers are read here from the JSON files.
final class CrewmateCommandTests: ApolloDatabaseTestCase {
    /// The Apollo missions as the JSON file has them: number, launch date, crew ids in order.
    private var missions: [(id: Int, date: String?, crew: [String])] = []
    private var names: [String: String] = [:]

    override func setUpWithError() throws {
        try super.setUpWithError()
        let missionArray =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.packageRoot.appendingPathComponent("Resources/missions.json"))) as! [[String: Any]]
        missions = missionArray.map { ($0["id"] as! Int, $0["launchDate"] as? String, ($0["crew"] as! [[String: String]]).map { $0["name"]! }) }
        let astronauts = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.apolloAstronauts))) as! [String: [String: String]]
        names = astronauts.mapValues { $0["name"]! }
    }

    private func rows(_ arguments: String..., key: String) throws -> [[String: Any]] {
        try XCTUnwrap(jsonObject(arguments)[key] as? [[String: Any]], "\(arguments)")
    }

    private func jsonObject(_ arguments: [String]) throws -> [String: Any] {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    private func jsonArray(_ arguments: String...) throws -> [[String: Any]] {
        let result = try moonshot(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
    }

    // MARK: crewmates

    func testCrewmatesInEveryFormat() throws {
        for id in ["lovell", "young", "armstrong", "grissom", "scott"] {
            let flown = missions.filter { $0.crew.contains(id) }
            var shared: [String: [String]] = [:]
            for mission in flown.sorted(by: { ($0.date ?? "", $0.id) < ($1.date ?? "", $1.id) }) {
                for other in mission.crew where other != id { shared[other, default: []].append("Apollo \(mission.id)") }
            }
            let crewmates = try rows("crewmates", id, key: "crewmates")
            XCTAssertEqual(crewmates.count, shared.count, id)
            for row in crewmates {
                let other = try XCTUnwrap(row["crewmate_id"] as? String)
                XCTAssertEqual(row["crewmate_name"] as? String, names[other])
                XCTAssertEqual(row["shared_mission_count"] as? Int, shared[other]?.count, "\(id) \(other)")
                let listed = try XCTUnwrap(row["shared_missions"] as? [[String: Any]], "\(id) \(other): an array")
                XCTAssertEqual(listed.map { $0["mission_name"] as? String ?? "" }, shared[other] ?? [], "\(id) \(other)")
                XCTAssertEqual(listed.map { "Apollo \($0["mission_id"] as? Int ?? 0)" }, shared[other] ?? [], "\(id) \(other)")
            }
        }
        let table = try moonshot("crewmates", "Jim", "Lovell")
        XCTAssertEqual(table.status, 0)
        XCTAssertEqual(
            table.stderr,
            "Jim Lovell: taking James A. Lovell Jr. (lovell)\n"
                + "For two astronauts: moonshot crewmates armstrong --with aldrin (quote a name of several words after --with).\n",
            "the name takes the remaining words")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.prefix(2), ["Astronaut id:   lovell", "Astronaut name: James A. Lovell Jr."])
        XCTAssertTrue(lines.contains("CREWMATE NAME         CREWMATE ID  SHARED MISSION COUNT  SHARED MISSIONS"), table.stdout)
        XCTAssertEqual(
            lines.filter { $0.contains("Apollo") },
            [
                "William A. Anders     anders                          1  Apollo 8", "Frank F. Borman II    borman                          1  Apollo 8",
                "Fred W. Haise, Jr.    haise                           1  Apollo 13", "John L. Swigert, Jr.  swigert                         1  Apollo 13",
            ], "ties by the first shared launch, then by id (the issue's Anders, Borman; Haise, Swigert)")
        let csv = try XCTUnwrap(parseCSV(try moonshot("crewmates", "lovell", "--format", "csv").stdout))
        XCTAssertEqual(csv[0], ["astronaut_id", "astronaut_name", "crewmate_id", "crewmate_name", "shared_mission_count", "shared_missions"])
        XCTAssertEqual(csv[1], ["lovell", "James A. Lovell Jr.", "anders", "William A. Anders", "1", "Apollo 8"])
        XCTAssertEqual(csv.count, 5)
    }

    /// On the Apollo data nobody shares two missions with Lovell; a crew row added in sqlite3
    /// (Anders on Apollo 13 too) makes Anders the one who shared most.
    func testMostSharedMissionsFirst() throws {
        XCTAssertEqual(try sqlite3("INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (13, 4, 'anders', 'Lunar module pilot');"), "")
        let crewmates = try rows("crewmates", "lovell", key: "crewmates")
        XCTAssertEqual(crewmates.map { $0["crewmate_id"] as? String }, ["anders", "borman", "haise", "swigert"])
        XCTAssertEqual(crewmates.map { $0["shared_mission_count"] as? Int }, [2, 1, 1, 1])
        let table = try moonshot("crewmates", "lovell").stdout
        XCTAssertTrue(table.contains("anders                          2  Apollo 8, Apollo 13\n"), table)
    }

    /// Words that name two astronauts by id or name are the two, as --with gives them; words
    /// that do not name one astronaut without a guess say how to ask about two.
    func testTwoAstronautsInTheWords() throws {
        let hint = "For two astronauts: moonshot crewmates armstrong --with aldrin (quote a name of several words after --with).\n"
        for words in [["armstrong", "aldrin"], ["Neil", "Armstrong", "Edwin", "Aldrin"], ["Neil A. Armstrong", "aldrin"]] {
            let result = try moonshot(["crewmates"] + words + ["--format", "json"])
            XCTAssertEqual(result.status, 0, "\(words): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(words)")
            let pair = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            XCTAssertEqual([pair["astronaut_id"] as? String, pair["crewmate_id"] as? String], ["armstrong", "aldrin"], "\(words)")
            XCTAssertEqual((pair["flights"] as? [[String: Any]])?.map { $0["mission_id"] as? Int }, [11], "\(words)")
        }
        // Only names without a guess are taken apart: a guess of part of the words is too
        // loose ("Dave R." would be Schweickart in "Dave R. Scott"). The whole words' guess
        // stands, with the hint.
        let guessed = try moonshot("crewmates", "Neil", "Armstrong", "Buzz", "Aldrin")
        XCTAssertEqual(guessed.stderr, "Neil Armstrong Buzz Aldrin: taking Neil A. Armstrong (armstrong)\n" + hint)
        let one = try moonshot("crewmates", "Jim", "Lovell")
        XCTAssertEqual(one.stderr, "Jim Lovell: taking James A. Lovell Jr. (lovell)\n" + hint)
        // Every astronaut's name, and its forms with a first name and an initial, is one astronaut.
        let names = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try moonshot("astronauts", "--format", "json").stdout.utf8)) as? [[String: Any]])
        for astronaut in names {
            let id = try XCTUnwrap(astronaut["astronaut_id"] as? String)
            let name = try XCTUnwrap(astronaut["astronaut_name"] as? String)
            let words = name.split(separator: " ").map(String.init)
            for form in [words, ["Dave", "R.", id.capitalized], ["Buzz", "E.", id.capitalized], ["commander", "jim", id]] {
                let result = try moonshot(["crewmates"] + form + ["--format", "json"])
                guard result.status == 0 else { continue }
                let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
                XCTAssertNil(answer["crewmate_id"], "\(form) names one astronaut, not two: \(result.stdout.prefix(200))")
            }
        }
        // Words too many for two names are not split (each split is two lookups).
        let many = try run(URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "10", Self.binary.path, "crewmates"] + (1...3000).map { "w\($0)" })
        XCTAssertEqual(many.status, 1, many.stderr)
        XCTAssertTrue(many.stderr.hasPrefix("Error: no astronaut matches"), many.stderr)
        let several = try moonshot("crewmates", "lovell", "haise", "swigert")
        XCTAssertEqual(several.status, 1)
        XCTAssertTrue(several.stderr.hasSuffix("Give the id, or more of the name.\n" + hint), several.stderr)
        XCTAssertFalse(try moonshot("crewmates", "Buzz").stderr.contains("For two"), "one word names one astronaut at most")

        let joined = try moonshot("crewmates", "lovell", "--with", "Fred", "Haise")
        XCTAssertEqual(joined.status, 64, joined.stderr)
        XCTAssertEqual(joined.stdout, "")
        XCTAssertTrue(
            joined.stderr.hasPrefix(
                "Error: \"lovell Haise\" names two astronauts, lovell and haise, besides --with \"Fred\": "
                    + "give one before --with, and quote a name of several words after it (--with \"Fred Haise\")\nUsage: moonshot crewmates"),
            joined.stderr)
    }

    func testMissionsFlownTogether() throws {
        let pair = try jsonObject(["crewmates", "Neil", "Armstrong", "--with", "Buzz Aldrin"])
        XCTAssertEqual(pair["astronaut_id"] as? String, "armstrong")
        XCTAssertEqual(pair["crewmate_id"] as? String, "aldrin")
        XCTAssertEqual(pair["crewmate_name"] as? String, "Edwin E. Aldrin Jr.")
        let flights = try XCTUnwrap(pair["flights"] as? [[String: Any]])
        XCTAssertEqual(flights.map { $0["mission_id"] as? Int }, [11])
        XCTAssertEqual(flights.first?["canonical_role"] as? String, "Commander", "the first astronaut's role")
        XCTAssertEqual(flights.first?["crewmate_role"] as? String, "Lunar Module Pilot", "and the other's")
        let table = try moonshot("crewmates", "armstrong", "--with", "aldrin").stdout
        XCTAssertTrue(table.contains("\nMISSION NAME  LAUNCH DATE   CANONICAL ROLE  CREWMATE ROLE\n"), table)
        XCTAssertTrue(table.contains("\nApollo 11     Jul 16, 1969  Commander       Lunar Module Pilot\n"), table)
        for (a, b) in [("lovell", "haise"), ("young", "cernan"), ("armstrong", "lovell"), ("scott", "irwin")] {
            let expected = missions.filter { $0.crew.contains(a) && $0.crew.contains(b) }.map(\.id)
            XCTAssertEqual(try rows("crewmates", a, "--with", b, key: "flights").map { $0["mission_id"] as? Int }, expected, "\(a) \(b)")
        }
        let none = try moonshot("crewmates", "armstrong", "--with=lovell")
        XCTAssertEqual(none.status, 0)
        XCTAssertTrue(none.stdout.hasSuffix("\nNo missions flown together.\n"), none.stdout)
        XCTAssertTrue(none.stdout.contains("Crewmate name:  James A. Lovell Jr.\n"), none.stdout)

        let same = try moonshot("crewmates", "lovell", "--with", "James Lovell")
        XCTAssertEqual(same.status, 64)
        XCTAssertEqual(same.stdout, "")
        XCTAssertTrue(
            same.stderr.hasPrefix("Error: Give two different astronauts: \"James Lovell\" is James A. Lovell Jr. (lovell) again\nUsage: moonshot crewmates"),
            same.stderr)
        let help = try moonshot("crewmates", "--help").stdout
        XCTAssertTrue(help.contains("--with <astronaut>"), help)
        XCTAssertTrue(help.contains("quote a name of several words"), help)
    }

    // MARK: missions by year

    func testMissionsOfAYearOrASpanOfYears() throws {
        let year = { (date: String?) in date.map { Int($0.prefix(4))! } }
        for (arguments, from, to, undated) in [
            (["--year", "1969"], 1969, 1969, false), (["--from", "1969", "--to", "1970"], 1969, 1970, false), (["--from=1971"], 1971, 9999, false),
            (["--to", "1968"], 0, 1968, false), (["--to", "1968", "--undated"], 0, 1968, true), (["--year", "1975"], 1975, 1975, false),
            ([], 0, 9999, true), (["--year", "0"], 0, 0, false),
        ] as [([String], Int, Int, Bool)] {
            let expected = missions.filter { year($0.date).map { (from...to).contains($0) } ?? undated }.map(\.id).sorted()
            let listed = try moonshot(["missions"] + arguments + ["--format", "json"])
            XCTAssertEqual(listed.status, 0, listed.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            XCTAssertEqual(json.map { $0["mission_id"] as? Int }, expected, "\(arguments)")
            XCTAssertNil(json.first?["crew_names"], "no crew column without --crew")
        }
        let crew = try jsonArray("missions", "--year", "1969", "--crew")
        for row in crew {
            let mission = try XCTUnwrap(missions.first { $0.id == row["mission_id"] as? Int })
            let listed = try XCTUnwrap(row["crew_names"] as? [[String: Any]], "an array")
            XCTAssertEqual(listed.map { $0["astronaut_id"] as? String }, mission.crew)
            XCTAssertEqual(listed.map { $0["astronaut_name"] as? String }, mission.crew.map { names[$0]! })
        }
        let csv = try XCTUnwrap(parseCSV(try moonshot("missions", "--crew", "--format", "csv").stdout))
        XCTAssertEqual(csv[0].last, "crew_names")
        XCTAssertEqual(csv[1].last, "Virgil I. \"Gus\" Grissom; Edward H. White II; Roger B. Chaffee")
        let table = try moonshot(["missions", "--from", "1972", "--crew"], environment: ["COLUMNS": "200"]).stdout
        XCTAssertTrue(table.contains("CREW NAMES"), table)
        XCTAssertTrue(table.contains("Eugene A. Cernan; Ronald E. Evans; Harrison H. Schmitt"), table)
        XCTAssertFalse(table.contains("Apollo 1 "), table)
    }

    func testBadYearsAndOrdersAreUsageErrors() throws {
        for (arguments, message) in [
            (["missions", "--year", "69x"], "The value '69x' is invalid for '--year <year>'; expected a year from 0 to 9999 in digits, such as 1969"),
            (["missions", "--from", "-1"], "The value '-1' is invalid for '--from <year>'; expected a year from 0 to 9999 in digits, such as 1969"),
            (["missions", "--to", "10000"], "The value '10000' is invalid for '--to <year>'; expected a year from 0 to 9999 in digits, such as 1969"),
            (["missions", "--year", "+1969"], "The value '+1969' is invalid for '--year <year>'; expected a year from 0 to 9999 in digits, such as 1969"),
            (
                ["missions", "--undated"],
                "--undated goes with --year, or --from and --to: without them every mission is listed, those without a launch date too"
            ),
            (["missions", "--year"], "Missing value for '--year <year>'"),
            (["missions", "--from", "1972", "--to", "1970"], "--from 1972 is after --to 1970; give the earlier year to --from"),
            (["missions", "--year", "1969", "--to", "1970"], "Give --year, or --from and --to, not both"),
            (["astronauts", "--sort", "age"], "The value 'age' is invalid for '--sort <order>'; expected one of: name, flights, first-flight"),
            (["crewmates", "lovell", "--with"], "Missing value for '--with <astronaut>'"),
        ] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: \(message)\nUsage: moonshot \(arguments[0]) "), "\(arguments): \(result.stderr)")
        }
    }

    // MARK: astronauts --sort, career

    func testAstronautsInEachOrder() throws {
        let flown = { (id: String) in self.missions.filter { $0.crew.contains(id) } }
        let first = { (id: String) in flown(id).compactMap(\.date).min() }
        let byName = names.keys.sorted { (names[$0]!.utf8.lexicographicallyPrecedes(names[$1]!.utf8)) }
        let orders: [(String, [String])] = [
            ("name", byName),
            ("flights", byName.enumerated().sorted { (-flown($0.element).count, $0.offset) < (-flown($1.element).count, $1.offset) }.map(\.element)),
            ("first-flight", byName.enumerated().sorted { (first($0.element) ?? "9999", $0.offset) < (first($1.element) ?? "9999", $1.offset) }.map(\.element)),
        ]
        for (order, expected) in orders {
            let listed = try jsonArray("astronauts", "--sort", order)
            XCTAssertEqual(listed.map { $0["astronaut_id"] as? String }, expected, order)
            XCTAssertEqual(listed.map { $0["mission_count"] as? Int }, expected.map { flown($0).count }, order)
            XCTAssertEqual(listed.map { $0["first_flight_date"] as? String }, expected.map(first), order)
        }
        XCTAssertEqual(try moonshot("astronauts").stdout, try moonshot("astronauts", "--sort", "name").stdout, "by name unless asked")
        let table = try moonshot("astronauts", "--sort", "first-flight").stdout.split(separator: "\n")
        XCTAssertTrue(table[2].hasPrefix("eisele ") && table[2].hasSuffix("Oct 11, 1968"), String(table[2]))
        XCTAssertTrue(table.last!.hasSuffix("N/A"), String(table.last!))
    }

    func testCareerInEveryFormat() throws {
        let lovell = try moonshot("astronaut", "lovell").stdout
        XCTAssertTrue(
            lovell.hasPrefix(
                """
                Astronaut id:      lovell
                Astronaut name:    James A. Lovell Jr.
                First flight:      Apollo 8
                First flight date: Dec 21, 1968
                Last flight:       Apollo 13
                Last flight date:  Apr 11, 1970
                Career years:      2

                """), lovell)
        let json = try jsonObject(["astronaut", "young"])
        XCTAssertEqual(json["first_flight"] as? String, "Apollo 10")
        XCTAssertEqual(json["first_flight_date"] as? String, "1969-05-18")
        XCTAssertEqual(json["last_flight"] as? String, "Apollo 16")
        XCTAssertEqual(json["last_flight_date"] as? String, "1972-04-16")
        XCTAssertEqual(json["career_years"] as? Int, 3)
        let grissom = try jsonObject(["astronaut", "grissom"])
        for field in ["first_flight", "first_flight_date", "last_flight", "last_flight_date", "career_years"] {
            XCTAssertTrue(grissom[field] is NSNull, "Apollo 1 never launched: \(field)")
        }
        let grissomTable = try moonshot("astronaut", "grissom").stdout
        XCTAssertTrue(
            grissomTable.contains(
                """
                First flight:      N/A
                First flight date: N/A
                Last flight:       N/A
                Last flight date:  N/A
                Career years:      N/A

                """), "N/A throughout for one who never launched: \(grissomTable)")
        let grissomCSV = try XCTUnwrap(parseCSV(try moonshot("astronaut", "grissom", "--format", "csv").stdout))
        let grissomLine = Dictionary(uniqueKeysWithValues: zip(grissomCSV[0], grissomCSV[1]))
        XCTAssertEqual(["first_flight", "last_flight", "career_years"].map { grissomLine[$0] }, ["", "", ""], "empty in CSV")
        let help = try moonshot("astronaut", "--help").stdout
        XCTAssertTrue(help.contains("career years is the last one's calendar year less the first's (2 for Dec\n1968 to Apr 1970"), help)
        let csv = try XCTUnwrap(parseCSV(try moonshot("astronaut", "collins", "--format", "csv").stdout))
        let line = Dictionary(uniqueKeysWithValues: zip(csv[0], csv[1]))
        XCTAssertEqual(line["first_flight"], "Apollo 11")
        XCTAssertEqual(line["last_flight_date"], "1969-07-16")
        XCTAssertEqual(line["career_years"], "0")
    }

    // MARK: --show-sql, rows pointing nowhere

    func testShowSQLOfEachNewQuestionRunsInSqlite3() throws {
        for (arguments, expected) in [
            (["crewmates", "lovell"], #"haise|Fred W. Haise, Jr.|1|[{"mission_id":13,"mission_name":"Apollo 13"}]"#),
            (
                ["crewmates", "armstrong", "--with", "aldrin"],
                "11|Apollo 11|1969-07-16|1|armstrong|Neil A. Armstrong|Commander|Commander|Lunar Module Pilot"
            ),
            (
                ["missions", "--year", "1969", "--crew"],
                #"12|Apollo 12|1969-11-14|conrad|Charles Conrad, Jr.|3|0|[{"astronaut_id":"conrad","astronaut_name":"Charles Conrad, Jr."},"#
                    + #"{"astronaut_id":"gordon","astronaut_name":"Richard F. Gordon, Jr."},{"astronaut_id":"bean","astronaut_name":"Alan L. Bean"}]"#
            ),
            (["astronauts", "--sort", "flights"], "scott|David R. Scott|2|0|1969-03-03"),
            (["astronaut", "lovell"], "Apollo 8|1968-12-21|Apollo 13|1970-04-11|2"),
        ] {
            let result = try moonshot(arguments + ["--show-sql"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("-- SQL run by moonshot; paste into: sqlite3 "), result.stderr)
            let output = try sqlite3(Self.statements(result.stderr))
            XCTAssertTrue(output.split(separator: "\n").contains(Substring(expected)), "\(arguments):\n\(output)")
        }
        let flights = try sqlite3(Self.statements(try moonshot("astronauts", "--sort", "flights", "--show-sql").stderr)).split(separator: "\n")
        XCTAssertEqual(flights.prefix(4).map { $0.split(separator: "|")[0] }, ["scott", "cernan", "lovell", "young"])
    }

    /// What `--show-sql` printed, without its opening comment (which the sqlite3 shell would
    /// take for an option when given as an argument).
    private static func statements(_ stderr: String) -> String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    }

    func testCrewRowsPointingNowhereAreListedAndNoted() throws {
        try editBehindTriggers(["astronauts_after_delete"], "DELETE FROM astronauts WHERE id IN ('collins', 'swigert');")
        try editBehindTriggers(["missions_after_delete"], "DELETE FROM missions WHERE id IN (8, 12);")
        let armstrong = try moonshot("crewmates", "armstrong", "--format", "json")
        XCTAssertEqual(armstrong.stderr, "Note: 1 crew row names an astronaut that is not in the astronauts table; 'moonshot check' explains it.\n")
        let crewmates = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(armstrong.stdout.utf8)) as? [String: Any])?["crewmates"] as? [[String: Any]])
        XCTAssertEqual(crewmates.map { $0["crewmate_id"] as? String }, ["aldrin", "collins"])
        XCTAssertTrue(crewmates[1]["crewmate_name"] is NSNull)
        XCTAssertTrue(try moonshot("crewmates", "armstrong").stdout.contains("collins: not in the astronauts table"))

        // Each crew row that points nowhere is counted, the astronaut's own too, as `flights` counts them.
        let conrad = try moonshot("crewmates", "conrad", "--format", "json")
        XCTAssertEqual(conrad.stderr, "Note: 3 crew rows name a mission that is not in the missions table; 'moonshot check' explains it.\n")
        XCTAssertTrue(
            conrad.stdout.contains(#""shared_missions": [\#n        {\#n          "mission_id": 12,\#n          "mission_name": null\#n"#), conrad.stdout)
        XCTAssertTrue(try moonshot("crewmates", "conrad").stdout.contains("12: not in the missions table"))
        XCTAssertEqual(
            try moonshot("crewmates", "lovell").stderr,
            "Note: 1 crew row names an astronaut that is not in the astronauts table; 'moonshot check' explains it.\n"
                + "Note: 3 crew rows name a mission that is not in the missions table; 'moonshot check' explains it.\n")
        let lovellCSV = try XCTUnwrap(parseCSV(try moonshot("crewmates", "lovell", "--format", "csv").stdout))
        XCTAssertEqual(lovellCSV.map(\.last), ["shared_missions", "", "", "Apollo 13", "Apollo 13"], "a missing mission is empty in CSV, as in `flights`")
        for arguments in [["crewmates", "swigert"], ["flights", "swigert"], ["crewmates", "lovell", "--with", "swigert"]] {
            let result = try moonshot(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(
                result.stderr, "Note: 1 crew row names an astronaut that is not in the astronauts table; 'moonshot check' explains it.\n", "\(arguments)")
        }
        let flownTogether = try moonshot("crewmates", "lovell", "--with", "borman")
        XCTAssertEqual(flownTogether.stderr, "Note: 2 crew rows name a mission that is not in the missions table; 'moonshot check' explains it.\n")

        let conradCareer = try moonshot("astronaut", "conrad", "--format", "json")
        XCTAssertEqual(conradCareer.status, 0, conradCareer.stderr)
        let career = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(conradCareer.stdout.utf8)) as? [String: Any])
        XCTAssertTrue(career["first_flight"] is NSNull, "a missing mission is no flight: \(conradCareer.stdout)")

        let apollo13 = try moonshot("missions", "--year", "1970", "--crew", "--format", "json")
        XCTAssertEqual(apollo13.stderr, "Note: 1 crew row names an astronaut that is not in the astronauts table; 'moonshot check' explains it.\n")
        let crew = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(apollo13.stdout.utf8)) as? [[String: Any]])?.first?["crew_names"] as? [[String: Any]])
        XCTAssertEqual(crew.map { $0["astronaut_id"] as? String }, ["lovell", "swigert", "haise"])
        XCTAssertEqual(crew.map { $0["astronaut_name"] is NSNull }, [false, true, false])
        XCTAssertFalse(apollo13.stdout.contains("not in the"), "no table wording in JSON: \(apollo13.stdout)")
        let csv = try moonshot("missions", "--year", "1970", "--crew", "--format", "csv").stdout
        XCTAssertTrue(csv.contains(",\"James A. Lovell Jr.; ; Fred W. Haise, Jr.\"\r\n"), "a missing name is empty in CSV, as in `crew`: \(csv)")
        let table = try moonshot(["missions", "--year", "1970", "--crew"], environment: ["COLUMNS": "200"]).stdout
        XCTAssertTrue(table.contains("James A. Lovell Jr.; swigert: not in the astronauts table; Fred W. Haise, Jr."), table)
    }
}
