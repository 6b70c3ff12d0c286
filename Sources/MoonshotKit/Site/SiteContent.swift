/// Everything the website shows, read from the database in one read transaction, so that an
/// import that commits meanwhile is seen either wholly or not at all.
struct SiteContent {
    let missions: [MissionDetail]
    /// By name, as `moonshot astronauts` lists them.
    let astronauts: [AstronautDetail]
    /// The import that made the content, for the footer.
    let source: ImportRecord?
    /// Each astronaut's page, by id (see `SiteContent.pageName`).
    let astronautPages: [String: String]

    init(reading database: MoonshotDatabase) throws {
        (missions, astronauts, source) = try database.database.transaction(.deferred) {
            let missions = try database.missions().compactMap { try database.mission($0.id) }
            let astronauts = try database.astronauts().compactMap { try database.astronaut($0.id) }
            return (missions, astronauts, try database.latestImport())
        }
        var pages: [String: String] = [:]
        for (index, astronaut) in astronauts.enumerated() {
            pages[astronaut.id] = Self.pageName(astronautID: astronaut.id, index: index)
        }
        astronautPages = pages
    }

    /// The page of mission `badge`, from the site's top: "missions/apollo11.html".
    static func missionPage(_ badge: String) -> String { "missions/\(badge).html" }

    /// The page of an astronaut, from the site's top: "astronauts/armstrong.html" for an id
    /// that makes a safe file name on every system (lowercase ASCII letters, digits, "-" and
    /// "_", starting with a letter or digit, at most 64), else "astronauts/_7.html" from their
    /// place in the list (which no such id can be).
    static func pageName(astronautID id: String, index: Int) -> String {
        let safe = !id.isEmpty && id.utf8.count <= 64 && id.utf8.enumerated().allSatisfy { offset, byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "-"), UInt8(ascii: "_"): offset > 0
            default: false
            }
        }
        return "astronauts/" + (safe ? id : "_\(index + 1)") + ".html"
    }

    /// The page of astronaut `id`.
    func astronautPage(_ id: String) -> String { astronautPages[id] ?? "index.html" }
}
