/// The content of a moonshot database as the app's files carry it, as one digest: two
/// databases with equal digests export the same files. The import compares the content it
/// would replace with the content it made, to know whether edits would be lost.
enum ContentDigest {
    /// The SHA-256 of the missions.json and of the astronauts.json that `moonshot export`
    /// would write from `database`, together.
    static func of(_ database: Database) throws -> String {
        var missions = SHA256(), astronauts = SHA256()
        _ = try AppFiles.write(from: database, missions: &missions, astronauts: &astronauts)
        return missions.hexDigest() + astronauts.hexDigest()
    }
}
