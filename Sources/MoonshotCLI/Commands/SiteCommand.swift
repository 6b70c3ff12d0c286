import Dataset
import Publishing
import Questions
import SystemSupport

/// `moonshot site DIR`: the Moonshot app's screens as a static website.
enum SiteCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var folder = ""
        var force = false
    }

    static let command = Command<Options>(
        name: "site",
        abstract: "Write the missions and astronauts as a website to open offline (index.html).",
        discussion: """
            Writes the Moonshot app's screens from the database as static pages: the missions'
            badges in a grid with a search box and favourites, a page per mission with its
            highlights and crew, a page per astronaut with the missions flown, and a timeline
            (timeline.html) of the missions and each astronaut's flights. The NASA
            pictures built into moonshot are shown when the database's latest import was of the
            built-in Apollo dataset; any other dataset gets monograms. Open <folder>/index.html
            in a browser; it needs no server or network, and the folder can be moved, zipped or
            put on any static host, since every link is relative. More than \(Site.indexPageSize) missions or
            astronauts are listed \(Site.indexPageSize) of each a page: index.html, index-2.html, and so on.
            The folder is written in one step: a new folder is written beside it and then takes
            its place, so a failure or Ctrl-C leaves the earlier one as it was. moonshot replaces
            a folder it wrote before, or an empty one; any other folder only with --force, and
            never one that holds an SQLite database or the current directory. The site is read
            from one snapshot of the database, with no time limit; on a terminal, a line shows
            the pages written so far.
            """,
        arguments: [
            .value("folder", help: "The folder to write the site to, such as site (created if missing).", completion: .folder) { $0.folder = $1 }
        ],
        options: [
            .flag("force", help: "Replace the folder even if moonshot did not write it (everything in it is removed).") {
                $0.force = true
            }
        ],
        run: run)

    static func run(_ options: Options, environment: Environment) throws -> ExitStatus {
        guard !options.folder.isEmpty else {
            throw UsageError(message: "the folder must not be empty", command: "site")
        }
        let database = try MoonshotDatabase(path: options.global.databasePath(environment: environment))
        let progress = ProgressLine()
        do {
            return try StoppableWork.run("writing the site", unchanged: "\(options.folder) was left as it was") {
                defer { progress.clear() }
                let summary = try Site.write(database, to: options.folder, force: options.force) { written, total in
                    progress.show("Writing pages: \(written) of \(total)")
                }
                progress.clear()
                let index = summary.folder.hasSuffix("/") ? summary.folder + "index.html" : summary.folder + "/index.html"
                Terminal.write(
                    TerminalText.visible(
                        "Wrote \(plural(summary.pageCount, "page")) and \(plural(summary.pictureCount, "picture")) "
                            + "(\(kilobytes(summary.byteCount))) to \(summary.folder)\(summary.replaced ? ", replacing the previous site" : "")."
                            + " Open \(index) in a browser.\n"))
                return .success
            }
        } catch let error as SystemError {
            Terminal.writeError(
                "Error: the site could not be written: \(error); \(options.folder) was left as it was.\n"
                    + "Check the disk and the folder's permissions, or give another folder.\n")
            return .failure
        }
    }

    /// "1,432 KB".
    private static func kilobytes(_ bytes: Int) -> String {
        let kilobytes = (bytes + 1023) / 1024
        var text = String(kilobytes)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text + " KB"
    }
}
