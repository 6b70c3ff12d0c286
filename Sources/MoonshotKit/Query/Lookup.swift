/// Finding the mission or astronaut the user means.
extension MoonshotDatabase {
    /// The mission `text` names: `11`, `Apollo 11`, `apollo11`, `APOLLO 11` or `Apollo XI`.
    /// Throws, with the closest mission names, when no mission in the database matches.
    public func resolveMission(_ text: String) throws -> MissionReference {
        if let number = Self.missionNumber(in: text),
           let found = try query("SELECT id, name, launch_date FROM missions WHERE id = ?", [.integer(number)], record: false, {
               MissionReference(id: try $0.integer(0), displayName: try $0.string(1), launchDate: $0.launchDate(2))
           }).first {
            return found
        }
        let names = try query("SELECT name FROM missions ORDER BY id", record: false) { try $0.string(0) }
        var closest = Suggestions.closest(to: text, among: names)
        if let number = Self.missionNumber(in: text) {
            closest = Suggestions.closest(to: "Apollo \(number)", among: names)
        }
        throw MoonshotError("no mission matches \(quoted(text)) in \(path)",
                            hint: closest.isEmpty ? "List the missions with 'moonshot missions'."
                                                  : "Did you mean: \(closest.joined(separator: ", "))?")
    }

    /// The number in a mission name, whatever the case and spacing; Roman numerals too.
    static func missionNumber(in text: String) -> Int64? {
        var compact = text.lowercased().filter { !$0.isWhitespace }
        if compact.hasPrefix("apollo") { compact.removeFirst("apollo".count) }
        if let number = Int64(compact), number >= 0, compact.allSatisfy(\.isASCII) { return number }
        return romanNumber(compact).map(Int64.init)
    }

    /// The value of a Roman numeral written in lower case (i to mmmcmxcix), or nil.
    static func romanNumber(_ text: String) -> Int? {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        let digits = text.compactMap { values[$0] }
        guard !digits.isEmpty, digits.count == text.count else { return nil }
        var total = 0
        for (index, value) in digits.enumerated() {
            total += index + 1 < digits.count && value < digits[index + 1] ? -value : value
        }
        // Accept only the canonical spelling, so that "iiii" or "ic" are not numbers.
        return total > 0 && total < 4000 && romanNumeral(total) == text ? total : nil
    }

    private static func romanNumeral(_ number: Int) -> String {
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var remaining = number
        var text = ""
        for (value, numeral) in table {
            while remaining >= value {
                text += numeral
                remaining -= value
            }
        }
        return text
    }

    /// The astronaut `text` names: the id (`armstrong`), the full name (`Neil A. Armstrong`),
    /// or words that pick out one astronaut (`Neil Armstrong`), ignoring case and accents.
    /// Throws when none or several match, naming them. Finding a match takes index searches
    /// only; suggesting names when nothing matches reads them all.
    public func resolveAstronaut(_ text: String) throws -> AstronautReference {
        let trimmed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        for id in Set([trimmed, trimmed.lowercased()]).sorted() {
            if let found = try query("SELECT id, name FROM astronauts WHERE id = ?", [.text(id)], record: false, {
                AstronautReference(id: try $0.string(0), name: try $0.string(1))
            }).first {
                return found
            }
        }

        let words = SearchWords(trimmed)
        let matches = words.isEmpty ? [] : try query("""
            SELECT a.id, a.name FROM astronauts_fts JOIN astronauts AS a ON a.number = astronauts_fts.rowid
            WHERE astronauts_fts MATCH ? ORDER BY a.name LIMIT 11
            """, [.text(words.matchExpression(inColumn: "name"))], record: false) { AstronautReference(id: try $0.string(0), name: try $0.string(1)) }
        if matches.count == 1 { return matches[0] }
        let exactName = matches.filter { $0.name.lowercased() == trimmed.lowercased() }
        if exactName.count == 1 { return exactName[0] }
        if matches.count > 1 {
            let width = matches.prefix(10).map(\.id.count).max() ?? 0
            let listed = matches.prefix(10).map { "  " + $0.id + String(repeating: " ", count: width - $0.id.count + 2) + $0.name }
                .joined(separator: "\n")
            throw MoonshotError("\(quoted(text)) matches \(matches.count > 10 ? "more than 10" : String(matches.count)) astronauts:\n\(listed)",
                                hint: "Give the id, or more of the name.")
        }

        let candidates = try query("SELECT id, name FROM astronauts", record: false) { (try $0.string(0), try $0.string(1)) }
        let nameByKey = Dictionary(candidates.flatMap { [($0.0, $0), ($0.1, $0)] }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        let closest = Suggestions.closest(to: trimmed, among: nameByKey.keys, limit: 6)
            .compactMap { nameByKey[$0] }
            .filter { seen.insert($0.0).inserted }
            .prefix(3)
            .map { "\($0.1) (\($0.0))" }
        throw MoonshotError("no astronaut matches \(quoted(text)) in \(path)",
                            hint: closest.isEmpty ? "List the astronauts with 'moonshot astronauts'."
                                                  : "Did you mean: \(closest.joined(separator: ", "))?")
    }
}

/// A mission the user named, as found in the database.
public struct MissionReference: Equatable, Sendable {
    public let id: Int64
    public let displayName: String
    public let launchDate: LaunchDate?
}

/// An astronaut the user named, as found in the database.
public struct AstronautReference: Equatable, Sendable {
    public let id: String
    public let name: String
}
