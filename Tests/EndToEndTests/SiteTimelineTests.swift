import Foundation
import XCTest

/// The site's timeline page, `timeline.html`, as `moonshot site` writes it: what it shows
/// against answers computed here from the database with the sqlite3 shell, and data edited by
/// hand that is markup, odd or pointing nowhere. How it looks and works in a browser is checked
/// by `SiteBrowserTests`.
final class SiteTimelineTests: BinaryTestCase {
    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func text(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

    /// Writes the site of the test's database to `site` and returns its timeline page.
    func timeline() throws -> String {
        let result = try moonshot("site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        return (try? text("site/timeline.html")) ?? ""
    }

    /// Every match of `pattern` in `html`, as its groups (nil for a group that took no part).
    func matches(_ pattern: String, in html: String) -> [[String?]] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: html).map { String(html[$0]) } }
        }
    }

    /// Text of an attribute or element as the page escapes it, read back.
    func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The rows of `sql` from the sqlite3 shell, split at tabs.
    func rows(_ sql: String) throws -> [[String]] {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", "-bail", "-tabs", "moonshot.db", sql])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    func testTheApolloTimelineHasAColumnPerMissionInTimeAndAMarkPerFlightLinkingToIt() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let html = try timeline()
        // Columns: Apollo 1 (no launch date) first, then by launch date, each linking to its page.
        let columns = matches(#"<a class="mission-column" href="missions/apollo(\d+)\.html" aria-label="([^"]*)">"#, in: html)
        let missions = try rows("SELECT id, name, launch_date FROM missions ORDER BY launch_date IS NOT NULL, launch_date, id")
        XCTAssertEqual(columns.map { $0[0] ?? "" }, missions.map { $0[0] })
        XCTAssertEqual(columns.first?[1], "Apollo 1, no launch date")
        XCTAssertEqual(columns.first { $0[0] == "11" }?[1], "Apollo 11, launched Jul 16, 1969")
        XCTAssertTrue(html.contains("One mission has no launch date (Apollo 1)"), html)
        XCTAssertTrue(html.contains(">No launch date</text>"))
        // The years of the axis: 1968 to 1972, from the launch dates.
        let years = matches(#"<text class="year"[^>]*>(\d+)</text>"#, in: html).map { $0[0] ?? "" }
        XCTAssertEqual(years, ["1968", "1969", "1970", "1971", "1972"])

        // A mark per crew row, linking to the mission, named after the astronaut, mission and role.
        let crew = try rows(
            """
            SELECT a.name, c.mission_id FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
            """)
        let flights = matches(#"<a class="flight" href="missions/apollo(\d+)\.html" aria-label="([^"]*)">"#, in: html)
        XCTAssertEqual(flights.count, 36)
        let marks = flights.map { flight -> [String] in
            let label = unescaped(flight[1] ?? "")
            let name = label.components(separatedBy: ": Apollo ").first ?? ""
            return [name, flight[0] ?? "", label]
        }
        XCTAssertEqual(Set(marks.map { [$0[0], $0[1]] }), Set(crew.map { [$0[0], $0[1]] }))
        XCTAssertTrue(marks.contains { $0[2] == "James A. Lovell Jr.: Apollo 13, Commander, Apr 11, 1970" })
        XCTAssertTrue(marks.contains { $0[2] == "Virgil I. \"Gus\" Grissom: Apollo 1, Command Pilot, no launch date" })
        // Commanders are drawn otherwise (a triangle), one a mission.
        let chart = html.components(separatedBy: "</svg>").first ?? ""
        XCTAssertEqual(chart.components(separatedBy: #"<polygon class="mark commander""#).count - 1, 12)

        // A row per astronaut who flew, by first flight (Apollo 1's crew first, then by date),
        // within a mission in crew order; their name links to their page.
        let names = matches(#"<a class="astronaut" href="(astronauts/[^"]+)">.*?<text class="row-name"[^>]*>([^<]*)</text>"#, in: html)
        let firsts = try rows(
            """
            SELECT a.name, 'astronauts/' || a.id || '.html' FROM crew AS c JOIN astronauts AS a ON a.id = c.astronaut_id
            JOIN missions AS m ON m.id = c.mission_id
            WHERE NOT EXISTS (SELECT 1 FROM crew AS e JOIN missions AS n ON n.id = e.mission_id WHERE e.astronaut_id = c.astronaut_id
                AND (n.launch_date IS NOT NULL, n.launch_date, n.id) < (m.launch_date IS NOT NULL, m.launch_date, m.id))
            ORDER BY m.launch_date IS NOT NULL, m.launch_date, m.id, c.position
            """)
        XCTAssertEqual(names.map { [unescaped($0[1] ?? ""), $0[0] ?? ""] }, firsts)
        XCTAssertEqual(names.count, 32)

        // The tables hold the same: a row per mission with its crew, a row per astronaut with
        // the number of flights.
        let table = matches(#"<tr><th scope="row"><a href="missions/apollo(\d+)\.html">[^<]*</a></th><td>(.*?)</td><td>(.*?)</td></tr>"#, in: html)
        XCTAssertEqual(table.map { $0[0] ?? "" }, missions.map { $0[0] })
        XCTAssertEqual(table.first?[1], "No launch date")
        XCTAssertTrue(table.last?[1]?.contains(#"<time datetime="1972-12-07">Dec 7, 1972</time>"#) ?? false, "\(table.last ?? [])")
        let counts = matches(#"<tr><th scope="row"><a href="astronauts/(\w+)\.html">[^<]*</a></th><td>(\d+)</td>"#, in: html)
        let flown = try rows("SELECT astronaut_id, count(*) FROM crew GROUP BY astronaut_id ORDER BY astronaut_id")
        XCTAssertEqual(counts.map { [$0[0] ?? "", $0[1] ?? ""] }.sorted { $0[0] < $1[0] }, flown)
        // The astronauts' table is in the order of `moonshot astronauts --sort first-flight`:
        // Apollo 1's crew, who never launched, last, and the page says how the two orders differ.
        let listed = try moonshot("astronauts", "--sort", "first-flight", "--format", "json")
        let cli = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], listed.stderr)
        XCTAssertEqual(counts.map { $0[0] ?? "" }, cli.map { $0["astronaut_id"] as? String ?? "" })
        XCTAssertEqual(counts.suffix(3).map { $0[0] ?? "" }.sorted(), ["chaffee", "grissom", "white"])
        XCTAssertTrue(html.contains("the table of astronauts below goes by first launch date, those who never launched last"), html)
        // The badges are the site's own pictures.
        for badge in matches(#"<image href="(images/[^"]+)""#, in: html) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: url("site/" + (badge[0] ?? "")).path), badge[0] ?? "")
        }

        // Every page leads to the timeline, and says so on the timeline itself.
        let pages = (FileManager.default.enumerator(atPath: url("site").path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
        XCTAssertEqual(pages.count, 46)
        for page in pages {
            let root = page.contains("/") ? "../" : ""
            let link = page == "timeline.html" ? #"<a href="timeline.html" aria-current="page">Timeline</a>"# : "<a href=\"\(root)timeline.html\">Timeline</a>"
            XCTAssertTrue(try text("site/" + page).contains(link), page)
        }
    }

    func testHandEditedDataIsEscapedAndDrawnWhereverItPoints() throws {
        XCTAssertEqual(try moonshot("import").status, 0)
        let longName = String(repeating: "Very Long Name ", count: 30) + "End"
        // Through the sqlite3 shell with its defaults (foreign keys off): markup in names, a line
        // break, a very long name, dates far apart, an astronaut who never flew, crew rows whose
        // mission or astronaut is missing.
        _ = try sqlite3(
            """
            UPDATE astronauts SET name = '<script>window.pwned = 1</script> O''Brien & "Buzz"' WHERE id = 'aldrin';
            UPDATE astronauts SET name = 'Two' || char(10) || 'Lines' WHERE id = 'lovell';
            UPDATE astronauts SET name = '\(longName)' WHERE id = 'young';
            UPDATE missions SET launch_date = '0001-01-01' WHERE id = 7;
            UPDATE missions SET launch_date = '9999-12-31' WHERE id = 17;
            INSERT INTO astronauts (id, name, description) VALUES ('grounded', 'Never <Flew>', 'Trained only.');
            """)
        try editBehindTriggers(
            ["crew_after_insert"],
            """
            INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role) VALUES (99, 1, 'armstrong', 'Pilot', 'Pilot');
            INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role) VALUES (11, 4, 'ghost', 'Stowaway', 'Stowaway');
            """)
        let html = try timeline()
        XCTAssertFalse(html.contains("<script>window"), "markup from the data became markup")
        XCTAssertTrue(html.contains("&lt;script&gt;window.pwned = 1&lt;/script&gt; O&#39;Brien &amp; &quot;Buzz&quot;"), html)
        // The row shows a line of at most 24 characters; the link's name is whole.
        XCTAssertTrue(html.contains(">Two Lines</text>"))
        XCTAssertTrue(html.contains("aria-label=\"Two\nLines\""))
        XCTAssertTrue(html.contains(">Very Long Name Very Lon…</text>"), html)
        XCTAssertTrue(html.contains("aria-label=\"\(longName)\""))
        XCTAssertTrue(html.contains("\(longName): Apollo 16, Commander, Apr 16, 1972"))
        // From 1 to 9999, as the page says: labelled every 1000 years and at each year with a
        // launch (and the next), and the drawing stays about as wide as Apollo's.
        XCTAssertTrue(html.contains("The missions launched from 1 to 9999 at their launch dates"), html)
        let years = matches(#"<text class="year"[^>]*>(\d+)</text>"#, in: html).compactMap { $0[0].flatMap { Int($0) } }
        XCTAssertEqual(years, [1, 2, 1000, 1968, 1969, 1970, 1971, 1972, 1973, 2000] + Array(stride(from: 3000, through: 9000, by: 1000)) + [9999])
        let width = matches(#"<svg class="timeline-chart"[^>]* width="([\d.]+)""#, in: html).first?[0].flatMap { Double($0) } ?? .infinity
        XCTAssertLessThan(width, 3000)
        // Each mission's column is between the tick of its year and the next tick, the year after.
        let ticks = matches(#"<line class="tick" x1="([\d.]+)""#, in: html).compactMap { $0[0].flatMap { Double($0) } }
        let tickYears = years + [10000]
        XCTAssertEqual(ticks.count, tickYears.count)
        let columnXs = matches(#"<line class="column-line" x1="([\d.]+)""#, in: html).compactMap { $0[0].flatMap { Double($0) } }
        // Apollo 1 and mission 99 (no launch date) first, then the launches in order.
        let launches = ["", ""] + (try rows("SELECT launch_date FROM missions WHERE launch_date IS NOT NULL ORDER BY launch_date, id").map { $0[0] })
        XCTAssertEqual(columnXs.count, launches.count)
        for (launch, x) in zip(launches, columnXs) {
            guard let year = Int(launch.prefix(4)), let tick = tickYears.firstIndex(of: year), tick + 1 < ticks.count else {
                XCTAssertTrue(launch.isEmpty, "no tick for \(launch) in \(tickYears)")
                continue
            }
            XCTAssertEqual(tickYears[tick + 1], year + 1)
            XCTAssertTrue(ticks[tick] < x && x < ticks[tick + 1], "\(launch) at \(x), between the ticks \(ticks[tick]) and \(ticks[tick + 1])")
        }
        // The astronaut who never flew is named, and is in the table, with no flight.
        XCTAssertTrue(html.contains("One astronaut has no flight in this dataset (Never &lt;Flew&gt;)"), html)
        XCTAssertTrue(html.contains(#"<tr><th scope="row"><a href="astronauts/grounded.html">Never &lt;Flew&gt;</a></th><td>0</td><td>None</td></tr>"#))
        // The astronauts' table is in the CLI's order here too (the ghost, whom the CLI does not
        // list, aside).
        let listed = try moonshot("astronauts", "--sort", "first-flight", "--format", "json")
        let cli = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], listed.stderr)
        let table = html.components(separatedBy: "timeline-astronauts-heading").last ?? ""
        let ids = matches(#"<tr><th scope="row">(?:<a href="astronauts/(\w+)\.html">)?"#, in: table).map { $0[0] }
        XCTAssertEqual(ids.compactMap { $0 }, cli.map { $0["astronaut_id"] as? String ?? "" })
        XCTAssertEqual(ids.count, cli.count + 1)
        // The mission missing from the missions table has a column without a date or page; its
        // mark leads to the astronaut instead. The astronaut missing from theirs has a row
        // without a page, and a mark that leads to the mission.
        XCTAssertTrue(html.contains("99: not in the missions table, no launch date"), html)
        XCTAssertTrue(
            html.contains(
                #"<a class="flight" href="astronauts/armstrong.html" aria-label="Neil A. Armstrong: 99: not in the missions table, Pilot, no launch date">"#))
        XCTAssertTrue(html.contains(#"<g class="astronaut missing"><title>ghost: not in the astronauts table</title>"#), html)
        XCTAssertTrue(
            html.contains(
                #"<a class="flight" href="missions/apollo11.html" aria-label="ghost: not in the astronauts table: Apollo 11, Stowaway, Jul 16, 1969">"#))

        // Every link leads to a page of the site.
        for link in matches(##"href="([^"#]+)""##, in: html) where !(link[0] ?? "").hasPrefix("https://") {
            XCTAssertTrue(FileManager.default.fileExists(atPath: url("site/" + (link[0] ?? "")).path), link[0] ?? "")
        }
    }

    func testTheTimelineOfALargeDatasetShowsItsFirstMissionsAndSaysSo() throws {
        try SyntheticDataset.write(missions: 1_000, astronauts: 300, to: folder)
        let imported = try moonshot(within: 300, "import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let html = try timeline()
        let columns = matches(#"<a class="mission-column" href="missions/apollo(\d+)\.html""#, in: html).compactMap { $0[0].flatMap { Int64($0) } }
        XCTAssertEqual(columns.count, 200)
        XCTAssertTrue(html.contains("This dataset has 1000 missions; the timeline shows the first 200 by launch date"), html)
        // The earliest 200 launches, by date: those the database orders first.
        let earliest = try rows("SELECT id FROM missions WHERE launch_date IS NOT NULL ORDER BY launch_date, id LIMIT 200").compactMap { Int64($0[0]) }
        XCTAssertEqual(columns, earliest)
    }
}
