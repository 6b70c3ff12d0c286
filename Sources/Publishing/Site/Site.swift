import Questions
import Store

/// The website of a moonshot database: the Moonshot app's screens (missions, a mission, an astronaut) and a timeline as
/// static pages that work opened from disk, with the dataset's pictures, one style sheet and one small script.
package enum Site {
    /// What `write` did.
    package struct Summary: Equatable, Sendable {
        package let folder: String
        /// Whether it replaced an earlier site (or an empty folder, or one given with --force).
        package let replaced: Bool
        package let pageCount: Int
        package let pictureCount: Int
        /// The size of all files, in bytes.
        package let byteCount: Int
    }

    /// The most missions, and the most astronauts, a missions-list page holds; more go on in `index-2.html` and so on.
    package static let indexPageSize = IndexPages.size

    /// Writes the site of `database` to `folder`, replacing it in one step (a folder that is not an earlier site or empty needs `force`). It reads
    /// one snapshot with no time limit (`MoonshotDatabase.readSnapshot`), calling `progress` with the pages written and in all after each page.
    package static func write(
        _ database: MoonshotDatabase, to folder: String, force: Bool, progress: @escaping (_ written: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> Summary {
        var written: (pages: Int, pictures: Int, bytes: Int) = (0, 0, 0)
        let outcome = try SiteFolder(path: folder).write(force: force) { files in
            try database.readSnapshot { try write(database, into: files, progress: progress) }
            written = (files.pageCount, files.pictureCount, files.byteCount)
        }
        return Summary(
            folder: folder, replaced: outcome == .replaced,
            pageCount: written.pages, pictureCount: written.pictures, byteCount: written.bytes)
    }

    /// Adds the site's files to `files`, each page as soon as it is made: one per mission and astronaut as read, and an
    /// index page (`IndexPages`) after every `IndexPages.size` of each.
    static func write(_ database: MoonshotDatabase, into files: SiteFiles, progress: @escaping (Int, Int) -> Void) throws {
        let source = try database.latestImport()
        let layout = SiteLayout(source: source, edits: try database.editsSinceImport())
        let pictures = SitePictures(for: source)
        let reader = try SiteReader(database)
        let counts = try reader.counts()
        let pages = IndexPages(missionCount: counts.missions, astronautCount: counts.astronauts)
        // A page per mission and astronaut, the index's and the timeline.
        let total = counts.missions + counts.astronauts + pages.count + 1
        files.pageAdded = { progress($0, total) }
        var pictureFiles: [String] = []
        func uses(_ file: String?) {
            if let file, !pictureFiles.contains(file) { pictureFiles.append(file) }
        }
        for page in 1...pages.count {
            var missions: [SiteMission] = []
            while missions.count < IndexPages.size, let mission = try reader.nextMission() {
                try files.add(SitePaths.missionPage(id: mission.detail.id), MissionPage(mission: mission, layout: layout, pictures: pictures).html.markup)
                uses(pictures.badgeFile(mission.detail.badge))
                // A crew member's portrait, even of one the astronauts table lacks (no page of their own uses it).
                for member in mission.detail.crew { uses(pictures.portraitFile(member.astronautID)) }
                missions.append(mission)
            }
            var astronauts: [SiteAstronaut] = []
            while astronauts.count < IndexPages.size, let astronaut = try reader.nextAstronaut() {
                try files.add(astronaut.page, AstronautPage(astronaut: astronaut, layout: layout, pictures: pictures).html.markup)
                uses(pictures.portraitFile(astronaut.detail.id))
                astronauts.append(astronaut)
            }
            let index = MissionsPage(missions: missions, astronauts: astronauts, page: page, pages: pages, layout: layout, pictures: pictures)
            try files.add(IndexPages.fileName(page), index.html.markup)
        }
        let timeline = TimelinePage(timeline: try Timeline.read(from: reader), layout: layout, pictures: pictures)
        try files.add(TimelinePage.fileName, timeline.html.markup)
        try files.add("style.css", EmbeddedResources.siteCSS)
        try files.add("site.js", EmbeddedResources.siteScript)
        for name in pictureFiles {
            if let bytes = SitePictures.contents(of: name) { try files.add("images/" + name, bytes) }
        }
        try files.add(SiteFolder.markerName, SiteFolder.markerText)
    }
}
