import Foundation
import XCTest

/// `moonshot site`: the files it writes, and how it replaces a folder (in one step, only its
/// own, never with a database in it). What the pages look like and do in a browser is checked
/// by `SiteBrowserTests`.
final class SiteCommandTests: BinaryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(try moonshot("import").status, 0)
    }

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func text(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

    /// Every file under `path`, relative to it.
    func listing(_ path: String) throws -> [String] {
        let root = url(path).path
        return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { !isFolder(root + "/" + $0) }.sorted()
    }

    func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    func testWritesEveryScreenWithItsPicturesAndOnlyRelativeLinks() throws {
        let result = try moonshot("site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote 46 pages and 44 pictures ("), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix(") to site. Open site/index.html in a browser.\n"), result.stdout)
        XCTAssertEqual(result.stderr, "")

        let files = try listing("site")
        XCTAssertEqual(files.filter { $0.hasPrefix("missions/") }.count, 12)
        XCTAssertEqual(files.filter { $0.hasPrefix("astronauts/") }.count, 32)
        XCTAssertEqual(files.filter { $0.hasPrefix("images/") }.count, 44)
        XCTAssertEqual(Set(files.filter { !$0.contains("/") }), ["index.html", "timeline.html", "style.css", "site.js", ".moonshot-site"])
        // The pictures are the dataset's, byte for byte, from inside the binary.
        for name in ["apollo11.png", "armstrong.jpg", "young.jpg"] {
            XCTAssertEqual(
                try Data(contentsOf: url("site/images/\(name)")),
                try Data(contentsOf: Self.packageRoot.appendingPathComponent("Resources/images/\(name)")), name)
        }
        let bytes = try files.reduce(0) { $0 + (try Data(contentsOf: url("site/" + $1))).count }
        XCTAssertLessThan(bytes, 2_000_000, "the Apollo site is under 2 MB")

        // Every link and picture is relative and leads to a file of the site.
        let reference = try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        for page in files where page.hasSuffix(".html") {
            let html = try text("site/" + page)
            let base = url("site/" + page).deletingLastPathComponent()
            for match in reference.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let target = String(html[Range(match.range(at: 1), in: html)!])
                if target.hasPrefix("https://") { continue }
                if target.hasPrefix("#") {
                    XCTAssertTrue(html.contains("id=\"\(target.dropFirst())\""), "\(page): \(target) leads nowhere")
                    continue
                }
                XCTAssertFalse(target.hasPrefix("/") || target.contains(":"), "\(page): \(target) is not relative")
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: base.appendingPathComponent(target).standardized.path),
                    "\(page): \(target) leads nowhere")
            }
            XCTAssertTrue(html.contains("CC BY-SA 3.0") && html.contains("Unlicense") && html.contains("public domain"), page)
        }

        let index = try text("site/index.html")
        XCTAssertTrue(index.contains(#"<span class="card-title">Apollo 11</span><span class="card-detail"><time datetime="1969-07-16">Jul 16, 1969</time>"#))
        XCTAssertTrue(index.contains(#"<span class="card-title">Apollo 1</span><span class="card-detail">N/A</span>"#))
        let digests = try sqlite3("SELECT missions_sha256, astronauts_sha256 FROM imports ORDER BY id DESC LIMIT 1", database: "moonshot.db")
            .trimmingCharacters(in: .newlines).split(separator: "|")
        for digest in digests { XCTAssertTrue(index.contains("<code>\(digest)</code>"), "the footer shows the import's hashes") }
        let apollo11 = try text("site/missions/apollo11.html")
        let order = ["Neil A. Armstrong", "Michael Collins", "Edwin E. Aldrin Jr."].map {
            apollo11.range(of: "<span class=\"crew-name\">\($0)</span>")?.lowerBound
        }
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted())
        XCTAssertEqual(order.compactMap { $0 }.count, 3)
        XCTAssertTrue(apollo11.contains(#"<a href="../astronauts/armstrong.html">"#))
    }

    /// Imports `missions` and `astronauts` (JSON text) as a dataset of the test's own.
    func importDataset(missions: String, astronauts: String) throws {
        try Data(missions.utf8).write(to: url("missions.json"))
        try Data(astronauts.utf8).write(to: url("astronauts.json"))
        let imported = try moonshot("import", "--missions", "missions.json", "--astronauts", "astronauts.json")
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    /// Each crew member's link on `page` (a mission page) with the name it shows.
    func crewLinks(_ page: String) throws -> [(href: String, name: String)] {
        let html = try text(page)
        let link = try NSRegularExpression(pattern: #"<a href="\.\./(astronauts/[^"]+)">.*?<span class="crew-name">([^<]*)</span>"#)
        return link.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            (String(html[Range($0.range(at: 1), in: html)!]), String(html[Range($0.range(at: 2), in: html)!]))
        }
    }

    /// The `<h1>` of `page`.
    func heading(_ page: String) throws -> String? {
        let html = try text(page)
        guard let start = html.range(of: "<h1>"), let end = html.range(of: "</h1>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    func testADatasetOfYourOwnGetsMonogramsEvenWithApolloNumbersAndIds() throws {
        // Apollo 11's number and Armstrong's and Lovell's ids, for other missions and people.
        try importDataset(
            missions: #"[{"id": 11, "launchDate": "2031-05-01", "description": "Ours.", "crew": [{"name": "armstrong", "role": "Commander"}]},"#
                + #" {"id": 13, "description": "Also ours.", "crew": [{"name": "lovell", "role": "Pilot"}]}]"#,
            astronauts: #"{"armstrong": {"id": "armstrong", "name": "Jane Doe", "description": "Not Neil."},"#
                + #" "lovell": {"id": "lovell", "name": "John Roe", "description": "Not Jim."}}"#)
        let result = try moonshot("site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote 6 pages and 0 pictures ("), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("site/images").path), "no pictures are written")
        for page in ["index.html", "missions/apollo11.html", "missions/apollo13.html", "astronauts/armstrong.html", "astronauts/lovell.html"] {
            let html = try text("site/" + page)
            XCTAssertFalse(html.contains("<img"), "\(page) shows a NASA picture")
            XCTAssertTrue(html.contains(#"placeholder" viewBox"#), "\(page) has no monogram")
        }
        XCTAssertTrue(try text("site/astronauts/armstrong.html").contains(#"aria-label="No portrait of Jane Doe"><rect"#))

        // The Apollo files, imported from disk rather than from inside moonshot, are the dataset the pictures go with.
        let apollo = try moonshot(
            "import", "--missions", Self.packageRoot.appendingPathComponent("Resources/missions.json").path,
            "--astronauts", Self.apolloAstronauts)
        XCTAssertEqual(apollo.status, 0, apollo.stderr)
        let again = try moonshot("site", "site")
        XCTAssertTrue(again.stdout.hasPrefix("Wrote 46 pages and 44 pictures ("), again.stdout)
        XCTAssertTrue(
            try text("site/astronauts/armstrong.html").contains(
                #"<img class="astronaut-portrait portrait" src="../images/armstrong.jpg" alt="Portrait of Neil A. Armstrong">"#))
    }

    /// The footer of every page of the site in `path`, by page.
    func footers(_ path: String) throws -> [String: String] {
        var footers: [String: String] = [:]
        for page in try listing(path) where page.hasSuffix(".html") {
            let html = try text(path + "/" + page)
            guard let start = html.range(of: "<footer"), let end = html.range(of: "</footer>", range: start.upperBound..<html.endIndex) else {
                XCTFail("\(page) has no footer")
                continue
            }
            footers[page] = String(html[start.lowerBound..<end.upperBound])
        }
        return footers
    }

    /// The latest import's time, tool version and hashes, from the database itself.
    func latestImport() throws -> [String] {
        try sqlite3("SELECT imported_at, tool_version, missions_sha256, astronauts_sha256 FROM imports ORDER BY id DESC LIMIT 1")
            .trimmingCharacters(in: .newlines).split(separator: "|").map(String.init)
    }

    /// "2026-11-25T10:47:00Z" as a page shows it.
    func readable(_ timestamp: String) -> String {
        timestamp.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    func testAfterAnEditEveryFooterSaysWhatChangedSinceWhenAndNoLongerShowsTheImportsHashes() throws {
        XCTAssertEqual(try moonshot("site", "fresh").status, 0)
        let imported = try latestImport()
        let importLine =
            "Imported <time datetime=\"\(imported[0])\">\(readable(imported[0]))</time> by moonshot \(imported[1]) "
            + "from the Apollo dataset built into moonshot"
        let freshFooters = try footers("fresh")
        XCTAssertEqual(freshFooters.count, 46)
        for (page, footer) in freshFooters {
            XCTAssertTrue(
                footer.contains(
                    importLine + ". SHA-256 of the missions: <code>\(imported[2])</code>; "
                        + "of the astronauts: <code>\(imported[3])</code>."), "\(page): \(footer)")
            XCTAssertFalse(footer.contains("changed"), "\(page): \(footer)")
        }

        // Edits through the sqlite3 shell with its defaults (foreign keys off): a mission's
        // description, a new astronaut and a new crew row.
        _ = try sqlite3(
            """
            UPDATE missions SET description = description || ' x' WHERE id = 11;
            INSERT INTO astronauts (id, name, description) VALUES ('newbie', 'Nora Newbie', 'Joined later.');
            INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (11, 4, 'newbie', 'Backup');
            """)
        let since = try sqlite3("SELECT min(first_edited_at) FROM edited_rows").trimmingCharacters(in: .newlines)
        let result = try moonshot("site", "edited")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote 47 pages and 44 pictures ("), result.stdout)
        let editedFooters = try footers("edited")
        XCTAssertEqual(editedFooters.count, 47)
        for (page, footer) in editedFooters {
            XCTAssertTrue(footer.contains(importLine + "; 1 mission, 1 astronaut and 1 crew row changed since \(readable(since))."), "\(page): \(footer)")
            XCTAssertFalse(
                footer.contains("SHA-256") || footer.contains(imported[2]) || footer.contains(imported[3]),
                "\(page) presents the import's hashes as the source: \(footer)")
            XCTAssertTrue(footer.contains("CC BY-SA 3.0") && footer.contains("Unlicense"), "\(page): the credits stay")
        }
        // The built-in pictures stay with the built-in dataset's missions and astronauts; the
        // new astronaut has none.
        XCTAssertTrue(try text("edited/missions/apollo11.html").contains(#"src="../images/apollo11.png""#))
        XCTAssertTrue(try text("edited/astronauts/armstrong.html").contains(#"src="../images/armstrong.jpg""#))
        let newbie = try text("edited/astronauts/newbie.html")
        XCTAssertFalse(newbie.contains("astronaut-portrait portrait\" src="), newbie)
        XCTAssertTrue(newbie.contains(#"aria-label="No portrait of Nora Newbie"><rect"#), newbie)

        // Imported again (--force: the import refuses to replace edits), the edits are gone and
        // the footer is as after the first import.
        XCTAssertEqual(try moonshot("import", "--force").status, 0)
        XCTAssertEqual(try moonshot("site", "again").status, 0)
        let reimported = try latestImport()
        for (page, footer) in try footers("again") {
            XCTAssertEqual(
                footer,
                freshFooters[page]?.replacingOccurrences(of: imported[0], with: reimported[0])
                    .replacingOccurrences(of: readable(imported[0]), with: readable(reimported[0])), page)
        }
    }

    func testIdsThatDifferOnlyInUnicodeNormalisationAreTwoAstronautsWithPagesOfTheirOwn() throws {
        // "émile" with é as one code point (U+00E9), and as e and a combining accent (U+0301):
        // two ids to SQLite, which compares bytes, and so to moonshot.
        try importDataset(
            missions:
                #"[{"id": 1, "description": "Both flew.", "crew": [{"name": "\u00e9mile", "role": "Commander"}, {"name": "e\u0301mile", "role": "Pilot"}]}]"#,
            astronauts: #"{"\u00e9mile": {"id": "\u00e9mile", "name": "Precomposed Émile", "description": "One."},"#
                + #" "e\u0301mile": {"id": "e\u0301mile", "name": "Decomposed Emile", "description": "Two."}}"#)
        XCTAssertEqual(try sqlite3("SELECT count(*) FROM astronauts"), "2\n")
        let result = try moonshot("site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote 5 pages and 0 pictures ("), result.stdout)
        let pages = try listing("site/astronauts")
        XCTAssertEqual(pages.count, 2, "\(pages)")
        XCTAssertEqual(Set(try pages.compactMap { try heading("site/astronauts/" + $0) }), ["Precomposed Émile", "Decomposed Emile"])
        // Every link leads to the page of the astronaut it names.
        let links = try crewLinks("site/missions/apollo1.html")
        XCTAssertEqual(links.map(\.name), ["Precomposed Émile", "Decomposed Emile"])
        for link in links { XCTAssertEqual(try heading("site/" + link.href), link.name, link.href) }
        let index = try text("site/index.html")
        for link in links {
            XCTAssertTrue(
                index.contains(#"<a class="card-link" href="\#(link.href)">"#) && index.contains("<span class=\"card-title\">\(link.name)</span>"), link.href)
        }
    }

    func testALargeSiteHasAnIndexInPagesAndMemoryThatDoesNotGrowWithIt() throws {
        var peaks: [Double] = []
        for (missions, astronauts) in [(1_000, 300), (4_000, 1_200)] {
            try SyntheticDataset.write(missions: missions, astronauts: astronauts, to: folder)
            let imported = try moonshot(within: 300, "import", "--missions", "missions.json", "--astronauts", "astronauts.json")
            XCTAssertEqual(imported.status, 0, imported.stderr)
            let site = try moonshotMeasuringMemory(["site", url("site").path])
            XCTAssertEqual(site.status, 0, site.stderr)
            peaks.append(site.peakMiB)

            // 500 missions and 500 astronauts (by name) a page: index.html, index-2.html...
            let pageCount = missions / 500
            let pageNames = (1...pageCount).map { $0 == 1 ? "index.html" : "index-\($0).html" }
            XCTAssertEqual(try listing("site").filter { $0.hasPrefix("index") }.sorted(), pageNames.sorted())
            // (A page that is missing reads as empty, so that every check is reported.)
            let first = (try? text("site/index.html")) ?? ""

            XCTAssertEqual(first.components(separatedBy: #"<li class="card" data-key="mission:"#).count - 1, 500)
            XCTAssertEqual(first.components(separatedBy: #"<li class="card" data-key="astronaut:"#).count - 1, min(500, astronauts))
            XCTAssertTrue(
                first.contains("<p>Page 1 of \(pageCount): missions 1 to 500 of \(missions); astronauts 1 to \(min(500, astronauts)) of \(astronauts)."), first)
            XCTAssertTrue(first.contains(#"<a href="index-2.html" rel="next">Next page</a>"#))
            XCTAssertTrue(first.contains(#"<a href="\#(pageNames[pageCount - 1])">Last page</a>"#))
            XCTAssertTrue(first.contains("Search the missions and astronauts of this page"))
            let last = (try? text("site/" + pageNames[pageCount - 1])) ?? ""
            XCTAssertEqual(last.components(separatedBy: #"<li class="card" data-key="mission:"#).count - 1, 500)
            XCTAssertFalse(last.contains(#"id="astronauts""#), "the astronauts are all on earlier pages")
            XCTAssertTrue(last.contains(#"<a href="\#(pageNames[pageCount - 2])" rel="prev">Previous page</a>"#))
            XCTAssertTrue(last.contains("mission:\(missions)\""))
            // The search data of a page holds that page's missions and astronauts only.
            let data = first.range(of: #"<script type="application/json" id="site-data">"#).map { first[$0.upperBound...] } ?? ""
            let json = try? JSONSerialization.jsonObject(with: Data(data.prefix(while: { $0 != "<" }).utf8)) as? [String: Any]
            XCTAssertEqual((json?["missions"] as? [Any])?.count, 500)
        }
        // Four times the dataset, about the same memory (when the whole site was held in memory: 30 and 77 MiB).
        XCTAssertLessThan(peaks[1], peaks[0] * 1.5, "peak memory in MiB for 1,000 and for 4,000 missions: \(peaks)")
    }

    /// Page names come from numbers, never from text in the database: a badge column that a
    /// client set around its CHECK constraint cannot name a file elsewhere.
    func testABadgeThatNamesAnotherPlaceNamesNoFile() throws {
        // The triggers refuse such a badge; written while they are away, the site still names files by number only.
        try editBehindTriggers(["missions_after_update"], "UPDATE missions SET badge = '../../escaped' WHERE id = 11;")
        XCTAssertEqual(try sqlite3("SELECT badge FROM missions WHERE id = 11"), "../../escaped\n")
        let result = try moonshot("site", "site")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try listing("site").contains("missions/apollo11.html"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("escaped.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.html").path))
        XCTAssertTrue(try text("site/index.html").contains("href=\"missions/apollo11.html\""))
        XCTAssertTrue(try text("site/astronauts/armstrong.html").contains("href=\"../missions/apollo11.html\""))
    }

    func testWritingAgainReplacesTheWholeSiteAndLeavesNothingBeside() throws {
        XCTAssertEqual(try moonshot("site", "site").status, 0)
        try Data("stray".utf8).write(to: url("site/stray.txt"))
        let again = try moonshot("site", "site/")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("replacing the previous site"), again.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("site/stray.txt").path), "the old folder was replaced whole")
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("site/index.html").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["moonshot.db", "site"])

        // An empty folder is fine too, and a new folder in a folder that exists.
        try FileManager.default.createDirectory(at: url("empty"), withIntermediateDirectories: false)
        XCTAssertEqual(try moonshot("site", "empty").status, 0)
        XCTAssertEqual(try moonshot("site", "empty/inner").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("empty/inner/index.html").path))
    }

    func testAFolderMoonshotDidNotWriteIsReplacedOnlyWithForce() throws {
        try FileManager.default.createDirectory(at: url("photos"), withIntermediateDirectories: false)
        try Data("precious".utf8).write(to: url("photos/holiday.jpg"))
        let refused = try moonshot("site", "photos")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.hasPrefix("Error: photos is a folder that moonshot did not write"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("add --force to replace photos and everything in it"), refused.stderr)
        XCTAssertEqual(try listing("photos"), ["holiday.jpg"])

        let forced = try moonshot("site", "photos", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("photos/holiday.jpg").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("photos/index.html").path))
    }

    func testNeverReplacesAFolderWithADatabaseOrTheCurrentDirectory() throws {
        // Even with --force: a program may have the database open.
        XCTAssertEqual(try moonshot("site", "site").status, 0)
        try FileManager.default.copyItem(at: url("moonshot.db"), to: url("site/copy.db"))
        let withDatabase = try moonshot("site", "site", "--force")
        XCTAssertEqual(withDatabase.status, 1)
        XCTAssertTrue(withDatabase.stderr.contains("holds an SQLite database (site/copy.db)"), withDatabase.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("site/copy.db").path))

        for path in [".", "site/.", "site/.."] {
            let here = try moonshot("site", path, "--force")
            XCTAssertEqual(here.status, 1, path)
            XCTAssertTrue(here.stderr.contains("cannot be replaced by a site"), here.stderr)
        }
        let current = try moonshot("site", folder.path, "--force")
        XCTAssertEqual(current.status, 1)
        XCTAssertTrue(current.stderr.contains("holds the current directory"), current.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url("moonshot.db").path))
    }

    func testWrongTargetsAndUsage() throws {
        try Data("x".utf8).write(to: url("file"))
        let file = try moonshot("site", "file")
        XCTAssertEqual(file.status, 1)
        XCTAssertTrue(file.stderr.hasPrefix("Error: file is a file, not a folder"), file.stderr)
        let parent = try moonshot("site", "no/such/site")
        XCTAssertEqual(parent.status, 1)
        XCTAssertTrue(parent.stderr.contains("there is no folder no/such to write no/such/site in"), parent.stderr)
        XCTAssertTrue(parent.stderr.contains("mkdir -p no/such"), parent.stderr)
        let missing = try moonshot("site")
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("moonshot site"), missing.stderr)
        let noDatabase = try moonshot("site", "site", "--db", "other.db")
        XCTAssertEqual(noDatabase.status, 1)
        XCTAssertTrue(noDatabase.stderr.contains("no database at ./other.db"), noDatabase.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("site").path))
        let help = try moonshot("site", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--force"), help.stdout)
    }

    func testAFailedWriteLeavesThePreviousSiteAsItWas() throws {
        XCTAssertEqual(try moonshot("site", "site").status, 0)
        try Data("mine".utf8).write(to: url("site/note.txt"))
        let before = try listing("site")
        // A file-size limit of 50 KiB (100 blocks of 512 bytes for dash's ulimit): index.html
        // (about 65 KB) cannot be written.
        let result = try run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "ulimit -f 100; exec \"$0\" \"$@\"", Self.binary.path, "site", "site",
            ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: the site could not be written: cannot write "), result.stderr)
        XCTAssertTrue(result.stderr.contains("site was left as it was"), result.stderr)
        XCTAssertEqual(try listing("site"), before)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["moonshot.db", "site"],
            "the half-written folder is removed")
    }
}
