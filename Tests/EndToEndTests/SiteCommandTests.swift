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
        XCTAssertTrue(result.stdout.hasPrefix("Wrote 45 pages and 44 pictures ("), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix(") to site. Open site/index.html in a browser.\n"), result.stdout)
        XCTAssertEqual(result.stderr, "")

        let files = try listing("site")
        XCTAssertEqual(files.filter { $0.hasPrefix("missions/") }.count, 12)
        XCTAssertEqual(files.filter { $0.hasPrefix("astronauts/") }.count, 32)
        XCTAssertEqual(files.filter { $0.hasPrefix("images/") }.count, 44)
        XCTAssertEqual(Set(files.filter { !$0.contains("/") }), ["index.html", "style.css", "site.js", ".moonshot-site"])
        // The pictures are the dataset's, byte for byte, from inside the binary.
        for name in ["apollo11.png", "armstrong.jpg", "young.jpg"] {
            XCTAssertEqual(try Data(contentsOf: url("site/images/\(name)")),
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
                if target.hasPrefix("https://") || target == "#main" { continue }
                XCTAssertFalse(target.hasPrefix("/") || target.contains(":"), "\(page): \(target) is not relative")
                XCTAssertTrue(FileManager.default.fileExists(atPath: base.appendingPathComponent(target).standardized.path),
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
        let order = ["Neil A. Armstrong", "Michael Collins", "Edwin E. Aldrin Jr."].map { apollo11.range(of: "<span class=\"crew-name\">\($0)</span>")?.lowerBound }
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted())
        XCTAssertEqual(order.compactMap { $0 }.count, 3)
        XCTAssertTrue(apollo11.contains(#"<a href="../astronauts/armstrong.html">"#))
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
        let result = try run(URL(fileURLWithPath: "/bin/sh"), [
            "-c", "ulimit -f 100; exec \"$0\" \"$@\"", Self.binary.path, "site", "site",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: the site could not be written: cannot write "), result.stderr)
        XCTAssertTrue(result.stderr.contains("site was left as it was"), result.stderr)
        XCTAssertEqual(try listing("site"), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["moonshot.db", "site"],
                       "the half-written folder is removed")
    }
}
