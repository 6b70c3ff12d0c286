/// The site's page paths, from its top; each comes from its row alone, so no table of every page is held in memory.
enum SitePaths {
    /// The page of mission `id`: "missions/apollo11.html", named after the integer, never after text from the database.
    static func missionPage(id: Int64) -> String { "missions/apollo\(id).html" }

    /// An astronaut's page: "astronauts/armstrong.html" for an id that is a safe file name on every system, else "astronauts/_7.html" from `number`,
    /// which no such id can be. Ids that differ only in Unicode normalisation are different ids to SQLite, and so get different pages.
    static func astronautPage(id: String, number: Int64) -> String {
        let safe =
            !id.isEmpty && id.utf8.count <= 64
            && id.utf8.enumerated().allSatisfy { offset, byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                case UInt8(ascii: "-"), UInt8(ascii: "_"): offset > 0
                default: false
                }
            }
        return "astronauts/" + (safe ? id : "_\(number)") + ".html"
    }
}
