/// The website of a moonshot database: the Moonshot app's screens (missions, a mission, an
/// astronaut) as static pages that work opened from disk, with the dataset's pictures, one
/// style sheet and one small script.
public enum Site {
    /// What `write` did.
    public struct Summary: Equatable, Sendable {
        /// The folder written.
        public let folder: String
        /// Whether it replaced an earlier site (or an empty folder, or one given with --force).
        public let replaced: Bool
        public let pageCount: Int
        public let pictureCount: Int
        /// The size of all files, in bytes.
        public let byteCount: Int
    }

    /// The files of the site, with paths relative to its folder.
    static func files(of database: MoonshotDatabase) throws -> [(path: String, bytes: [UInt8])] {
        let content = try SiteContent(reading: database)
        var files: [(path: String, bytes: [UInt8])] = []
        func add(_ path: String, _ text: String) { files.append((path, Array(text.utf8))) }
        add("index.html", MissionsPage(content: content).html.markup)
        for mission in content.missions {
            add(SiteContent.missionPage(mission.badge), MissionPage(mission: mission, content: content).html.markup)
        }
        for astronaut in content.astronauts {
            add(content.astronautPage(astronaut.id), AstronautPage(astronaut: astronaut, content: content).html.markup)
        }
        add("style.css", EmbeddedResources.siteCSS)
        add("site.js", EmbeddedResources.siteScript)
        let pictures = content.missions.compactMap { SitePictures.badgeFile($0.badge) }
            + content.astronauts.compactMap { SitePictures.portraitFile($0.id) }
        for name in pictures {
            if let bytes = SitePictures.contents(of: name) { files.append(("images/" + name, bytes)) }
        }
        add(SiteFolder.markerName, SiteFolder.markerText)
        return files
    }

    /// Writes the site of `database` to `folder`, replacing the folder in one step. A folder
    /// that is not an earlier site (and not empty) is replaced only with `force`.
    public static func write(_ database: MoonshotDatabase, to folder: String, force: Bool) throws -> Summary {
        let files = try files(of: database)
        let outcome = try SiteFolder(path: folder).write(files, force: force)
        return Summary(folder: folder, replaced: outcome == .replaced,
                       pageCount: files.count { $0.path.hasSuffix(".html") },
                       pictureCount: files.count { $0.path.hasPrefix("images/") },
                       byteCount: files.reduce(0) { $0 + $1.bytes.count })
    }
}
