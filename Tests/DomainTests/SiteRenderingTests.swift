import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// The pieces the site's pages are made of: escaping, file names, monograms, the search data
/// and the embedded pictures.
final class SiteRenderingTests: XCTestCase {
    func testInterpolatedTextIsEscapedAndMarkupIsNot() {
        let name = "<script>alert('x')</script> & \"q\""
        let item: HTML = "<li title=\"\(name)\">\(name)</li>"
        XCTAssertEqual(
            item.markup,
            "<li title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;\">"
                + "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</li>")
        let inner: HTML = "<b>\(name)</b>"
        XCTAssertEqual(HTML("<p>\(inner)</p>").markup, "<p>" + inner.markup + "</p>")
        XCTAssertEqual(HTML("\(42)").markup, "42")
    }

    func testCharactersHTMLForbidsAreShownVisibly() {
        let noncharacters = String(Character(Unicode.Scalar(0xFDD0)!)) + String(Character(Unicode.Scalar(0x1FFFE)!))
        XCTAssertEqual(HTML.escaped("a\u{1B}[2J\u{7F}\u{9B}" + noncharacters + "b"), "a\u{241B}[2J\u{2421}\u{FFFD}\u{FFFD}\u{FFFD}b")
        XCTAssertEqual(HTML.escaped("tab\tline\nRTL \u{202E}x 👩‍🚀"), "tab\tline\nRTL \u{202E}x 👩‍🚀")
        // The search box's labels are the same text, not escaped: the script sets them as text.
        XCTAssertEqual(HTML.visible("<a\u{1B}[2J\u{7F}\u{9B}" + noncharacters + "&b"), "<a\u{241B}[2J\u{2421}\u{FFFD}\u{FFFD}\u{FFFD}&b")
    }

    func testAstronautPagesHaveSafeFileNames() {
        XCTAssertEqual(SitePaths.astronautPage(id: "armstrong", number: 1), "astronauts/armstrong.html")
        XCTAssertEqual(SitePaths.astronautPage(id: "van-hoften_2", number: 4), "astronauts/van-hoften_2.html")
        for id in ["../etc", "Armstrong", "-x", "_1", "a/b", "a b", "émile", "", String(repeating: "a", count: 65), "con.txt"] {
            XCTAssertEqual(SitePaths.astronautPage(id: id, number: 7), "astronauts/_7.html", id)
        }
    }

    func testMonograms() {
        XCTAssertEqual(SitePicture.monogram("Apollo 11"), "A11")
        XCTAssertEqual(SitePicture.monogram("Neil A. Armstrong"), "NA")
        XCTAssertEqual(SitePicture.monogram("Sally K. Ride"), "SR")
        XCTAssertEqual(SitePicture.monogram("Apollo 123"), "A1")
        XCTAssertEqual(SitePicture.monogram("Cher"), "C")
        XCTAssertEqual(SitePicture.monogram("  "), "?")
        XCTAssertEqual(SitePicture.monogram("👩‍🚀 émile"), "👩‍🚀É")
    }

    func testSearchDataCannotEndItsScriptElement() throws {
        let path = try makeTemporaryFolder(self).appendingPathComponent("moonshot.db").path
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        let reader = try SiteReader(try MoonshotDatabase(path: path))
        var missions: [MissionDetail] = []
        var astronauts: [AstronautDetail] = []
        while let mission = try reader.nextMission() { missions.append(mission.detail) }
        while let astronaut = try reader.nextAstronaut() { astronauts.append(astronaut.detail) }
        let json = SearchData(missions: missions, astronauts: astronauts).html.markup
        XCTAssertFalse(json.contains("<") || json.contains(">") || json.contains("&"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual((parsed?["missions"] as? [Any])?.count, 12)
        XCTAssertEqual((parsed?["astronauts"] as? [Any])?.count, 32)
        XCTAssertEqual(
            (parsed?["roles"] as? [[String: String]])?.map { $0["role"] }, ["Commander", "Senior Pilot", "Pilot", "Command Module Pilot", "Lunar Module Pilot"])
    }

    /// The import record of the built-in dataset.
    static func apolloImport() throws -> ImportRecord? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("moonshot-pictures-\(UUID().uuidString).db").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try Importer.run(missions: .embedded("missions.json"), astronauts: .embedded("astronauts.json"), databasePath: path)
        return try MoonshotDatabase(path: path).latestImport()
    }

    func testPicturesGoWithTheBuiltInDatasetOnly() throws {
        let apollo = try XCTUnwrap(try Self.apolloImport())
        XCTAssertEqual(SitePictures(for: apollo).portraitFile("armstrong"), "armstrong.jpg")
        // The same ids in a dataset of one's own: other files, other digests.
        let other = ImportRecord(
            importedAt: apollo.importedAt, toolVersion: apollo.toolVersion,
            missionsSource: "mine.json", missionsSHA256: String(repeating: "0", count: 64),
            astronautsSource: apollo.astronautsSource, astronautsSHA256: apollo.astronautsSHA256)
        XCTAssertNil(SitePictures(for: other).portraitFile("armstrong"))
        XCTAssertNil(SitePictures(for: other).badgeFile("apollo11"))
        XCTAssertNil(SitePictures(for: nil).badgeFile("apollo11"), "a database that records no import")
    }

    func testEveryPictureOfTheDatasetIsEmbeddedAndDecodesExactly() throws {
        XCTAssertEqual(EmbeddedResources.images.count, 44)
        let png = try XCTUnwrap(SitePictures.contents(of: "apollo11.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let jpeg = try XCTUnwrap(SitePictures.contents(of: "armstrong.jpg"))
        XCTAssertEqual(Array(jpeg.prefix(2)) + Array(jpeg.suffix(2)), [0xFF, 0xD8, 0xFF, 0xD9])
        let apollo = SitePictures(for: try Self.apolloImport())
        XCTAssertEqual(apollo.badgeFile("apollo11"), "apollo11.png")
        XCTAssertNil(apollo.badgeFile("apollo99"))
        XCTAssertNil(apollo.portraitFile("../apollo11"))
        XCTAssertEqual(Base64.decode("aGVsbG8gd29ybGQ="), Array("hello world".utf8))
        XCTAssertEqual(Base64.decode("YQ=="), [0x61])
    }

    /// A timeline of missions launched on `dates` ("" for none), each with the crew `crews` gives.
    func timeline(_ dates: [String], crews: [[String]] = []) -> Timeline {
        let missions = dates.enumerated().map { index, date in
            Timeline.Mission(
                id: Int64(index + 1), name: "M\(index + 1)", badge: "m", launchDate: LaunchDate(iso: date),
                crew: (index < crews.count ? crews[index] : []).enumerated().map { place, id in
                    let assignment = CrewAssignment(
                        missionID: Int64(index + 1), missionName: "M\(index + 1)", launchDate: LaunchDate(iso: date), position: place + 1,
                        astronautID: id, astronautName: id, role: "Pilot", canonicalRole: "Pilot")
                    return Timeline.CrewMember(assignment: assignment, page: "astronauts/\(id).html")
                })
        }
        return Timeline(missions: missions, astronauts: [], missionCount: missions.count, groundedCount: 0)
    }

    func testTimelineColumnsKeepTimeOrderAndNeverOverlap() {
        XCTAssertEqual(TimelineScale.days(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(TimelineScale.days(year: 1969, month: 7, day: 16), -169)
        XCTAssertEqual(TimelineScale.days(year: 2000, month: 3, day: 1), 11_017)
        // Undated first, then by date; three launches on one day; dates a thousand years apart.
        let line = timeline(["1969-07-16", "", "1969-07-16", "1969-07-16", "1066-10-14", "2999-12-31", "1969-07-20"])
        XCTAssertEqual(line.missions.map(\.id), [2, 5, 1, 3, 4, 7, 6])
        XCTAssertEqual(line.undatedCount, 1)
        XCTAssertEqual(line.years, 1066...2999)
        let scale = TimelineScale(line)
        XCTAssertEqual(scale.columns.count, 7)
        for (left, right) in zip(scale.columns, scale.columns.dropFirst()) {
            XCTAssertGreaterThanOrEqual(right - left, TimelineScale.column - 0.001, "\(scale.columns)")
        }
        XCTAssertGreaterThan(scale.columns[1], scale.axisStart)
        XCTAssertLessThan(scale.columns[0], scale.axisStart)
        XCTAssertEqual(scale.ticks.map(\.year), [1066, 1067, 1200, 1400, 1600, 1800, 1969, 1970, 2000, 2200, 2400, 2600, 2800, 2999, 3000])
        XCTAssertLessThan(scale.width, 2000)
        // Each tick is before the launches of its year and after those of the years before.
        for tick in scale.ticks {
            for (mission, x) in zip(line.missions, scale.columns) {
                guard let date = mission.launchDate else { continue }
                XCTAssertEqual(date.year >= tick.year, x > tick.x, "\(date) and the tick of \(tick.year)")
            }
        }
    }

    /// The axis says where each mark is, however crowded or far apart the launches: each
    /// mission's column is between the tick of its year and the tick of the year after, and the
    /// ticks go in time order, at least a label's width apart.
    func testTimelineColumnsLieBetweenTheTicksOfTheirYearAndTheNext() {
        let apollo = [
            "1968-10-11", "1968-12-21", "1969-03-03", "1969-05-18", "1969-07-16", "1969-11-14", "1970-04-11", "1971-01-31", "1971-07-26", "1972-04-16",
            "1972-12-07",
        ]
        let datasets: [[String]] = [
            apollo, apollo + [""],
            ["0001-01-01"] + apollo.dropFirst().dropLast() + ["9999-12-31"],
            ["0000-01-01", "0000-12-31", "9999-01-01", "9999-12-31"],
            Array(repeating: "1969-07-16", count: 12) + ["1969-07-17", "1970-01-01", "1969-12-31"],
            ["1066-10-14", "1066-10-15", "1969-07-16", "1969-07-20", "2999-12-31"],
            (0..<60).map { String(format: "%04d-06-15", 1900 + $0 * $0 % 97) },
            (0..<30).map { String(format: "%04d-%02d-01", 2000 + $0 / 12, $0 % 12 + 1) },
            ["2024-02-29"], ["", ""],
        ]
        for dates in datasets {
            let line = timeline(dates)
            let scale = TimelineScale(line)
            for (tick, next) in zip(scale.ticks, scale.ticks.dropFirst()) {
                XCTAssertLessThan(tick.year, next.year, "\(dates)")
                XCTAssertGreaterThanOrEqual(next.x - tick.x, 48 - 0.001, "\(dates): \(scale.ticks)")
            }
            for (mission, x) in zip(line.missions, scale.columns) {
                guard let date = mission.launchDate else { continue }
                let index = scale.ticks.firstIndex { $0.year == date.year }
                XCTAssertNotNil(index, "\(dates): no tick for \(date.year) in \(scale.ticks.map(\.year))")
                guard let index, index + 1 < scale.ticks.count else { continue }
                XCTAssertEqual(scale.ticks[index + 1].year, date.year + 1, "\(dates)")
                XCTAssertGreaterThan(x, scale.ticks[index].x, "\(dates): \(date)")
                XCTAssertLessThan(x, scale.ticks[index + 1].x, "\(dates): \(date)")
            }
            // The ticks run from the first launch's year to the end of the last's.
            XCTAssertEqual(scale.ticks.first?.year, line.years?.lowerBound, "\(dates)")
            XCTAssertEqual(scale.ticks.last?.year, line.years.map { $0.upperBound + 1 }, "\(dates)")
        }
    }

    func testTimelineRowsFollowFirstFlightsAndCrewOrder() {
        let line = timeline(["1970-01-01", "", "1969-01-01"], crews: [["b", "a"], ["c"], ["a", "d"]])
        XCTAssertEqual(line.astronauts.map(\.id), ["c", "a", "d", "b"])
        XCTAssertEqual(line.astronauts.map { $0.flights.map(\.mission) }, [[0], [1, 2], [1], [2]])
        let chart = TimelineChart(timeline: line, pictures: SitePictures(for: nil)).html.markup
        XCTAssertEqual(chart.components(separatedBy: "<a class=\"flight\"").count - 1, 5)
        XCTAssertEqual(chart.components(separatedBy: "<line class=\"career\"").count - 1, 1, "one astronaut flew twice")
        XCTAssertEqual(TimelineChart.short("Two\nlines"), "Two lines")
        XCTAssertEqual(TimelineChart.short(String(repeating: "é", count: 30)), String(repeating: "é", count: 23) + "…")
    }

    /// The site's search box decides whether the last word is a prefix by the list the
    /// command's SQL and lookups use.
    func testTheSiteScriptEndsNumbersAsTheCommandDoes() {
        let declaration = "const numberEnd = \(JSONValue.string(SearchWords.numberEnd).serialized());"
        XCTAssertTrue(EmbeddedResources.siteScript.contains(declaration), declaration)
        XCTAssertTrue(CannedQuery.searchExpression.contains("rtrim(words, \(sqlLiteral(.text(SearchWords.numberEnd))))"))
        for (text, isPrefix) in [("lov", true), ("apollo 1", false), ("Apollo 13's", false), ("1969.", false), ("1—", false), ("1☆", true), ("o2 ", false)] {
            XCTAssertEqual(SearchWords(text).lastIsPrefix, isPrefix, text)
        }
    }
}
