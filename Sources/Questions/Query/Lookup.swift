import Dataset
import SQLite

/// Finding the mission or astronaut the user means.
extension MoonshotDatabase {
    /// The mission `text` names by number (`11`, `Apollo 11`, `apollo11`, `Apollo XI`; `1 2` joined, as a guess), else the one mission whose
    /// current text holds all its words, as a guess (see `confirmed`). Throws, listing the candidates or the closest names, for several or none.
    package func resolveMission(_ text: String) throws -> Found<MissionReference> {
        let number = Self.missionNumber(in: text)
        let guess = Self.isNumberInPieces(text) ? text : nil
        if let number,
            let found = try query(
                "SELECT id, name, launch_date FROM missions WHERE id = ?", [.integer(number)],
                record: false, Self.missionReference
            ).first
        {
            return Found(found, guessedFrom: guess)
        }
        // Crew rows that name a mission the missions table lacks are still answered for.
        if let number, try !query("SELECT 1 FROM crew WHERE mission_id = ? LIMIT 1", [.integer(number)], record: false, { _ in }).isEmpty {
            return Found(.onlyInCrew(number), guessedFrom: guess)
        }
        let words = SearchWords(text)
        // "Apollo 1.5" or "Apollo 1-5" is a mission's name misspelt, not words of a description.
        if number == nil, words.hasLetters, !text.lowercased().drop(while: \.isWhitespace).hasPrefix("apollo") {
            let matches = try confirmed(11, matching: words.matchExpression) { count, offset in
                try query(
                    """
                    SELECT m.id, m.name, m.launch_date, m.description FROM missions_fts JOIN missions AS m ON m.id = missions_fts.rowid
                    WHERE missions_fts MATCH ? ORDER BY bm25(missions_fts, 10.0, 1.0), m.id LIMIT ? OFFSET ?
                    """, [.text(words.matchExpression), .integer(Int64(count)), .integer(Int64(offset))], record: false
                ) {
                    (try Self.missionReference($0), IndexedText(name: try $0.notNullText(1), description: try $0.notNullText(3)))
                }
            }.map(\.thing)
            if matches.count == 1 { return Found(matches[0], guessedFrom: text) }
            if matches.count > 1 {
                throw LookupFailure.severalMissions(
                    text: text,
                    candidates: matches.map {
                        LookupFailure.Candidate(key: $0.name, detail: $0.launchDate?.abbreviated ?? "N/A")
                    })
            }
        }
        let names = try query("SELECT name FROM missions ORDER BY id", record: false) { try $0.notNullText(0) }
        let closest = Suggestions.closest(to: number.map { "Apollo \($0)" } ?? text, among: names)
        throw LookupFailure.noMission(text: text, path: path, closest: closest)
    }

    private static func missionReference(_ row: Statement) throws -> MissionReference {
        MissionReference(id: try row.notNullInt64(0), name: try row.notNullText(1), launchDate: row.launchDate(2))
    }

    /// The number in a mission name, whatever the case and spacing; Roman numerals too. A
    /// negative one (`Apollo -5`, `-5`) too: the import and the table accept any integer id.
    static func missionNumber(in text: String) -> Int64? {
        var compact = text.lowercasedWithoutWhitespace()
        if compact.hasPrefix("apollo") { compact.removeFirst("apollo".count) }
        if let number = Int64(compact), compact.allSatisfy(\.isASCII) { return number }
        return romanNumber(compact).map(Int64.init)
    }

    /// Whether a mission's number is written in several words (`1 2`, `Apollo X I`), so that joining them is a guess.
    static func isNumberInPieces(_ text: String) -> Bool {
        var words = text.lowercased().split(whereSeparator: \.isWhitespace)
        if words.first == "apollo" { words.removeFirst() }
        return words.count > 1
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
        let table: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
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

    /// The astronaut `text` names by id, full name, or words of one name, ignoring case and accents; failing that, as `bestGuess` guesses (`Buzz`).
    /// Throws when none or several match, or the text is one's id and another's name. Candidates are matched on current text (`confirmed`).
    package func resolveAstronaut(_ text: String) throws -> Found<AstronautReference> {
        let trimmed = text.collapsingWhitespace()
        if let byID = try astronaut(withID: trimmed) {
            let named = try astronauts(namedExactly: trimmed).filter { $0.id != byID.id }
            if named.isEmpty { return Found(byID) }
            throw Self.astronautCandidates(text, [byID] + named)
        }

        let words = SearchWords(trimmed)
        // Whole words first: "Ronald" is Ronald Evans, even beside a Ronaldo; a prefix-only match ("lov") is a guess.
        var matches = words.isEmpty ? [] : try astronauts(named: words.expression(inColumn: "name", lastAsPrefix: false))
        let byPrefix = matches.isEmpty && !words.isEmpty && words.lastIsPrefix
        if byPrefix { matches = try astronauts(named: words.expression(inColumn: "name", lastAsPrefix: true)) }
        if matches.count == 1 { return Found(matches[0], guessedFrom: byPrefix ? text : nil) }
        let exactName = matches.filter { $0.name.lowercased() == trimmed.lowercased() }
        if exactName.count == 1 { return Found(exactName[0]) }
        if matches.count > 1 { throw Self.astronautCandidates(text, matches) }

        if words.hasLetters {
            let guesses = try bestGuess(words)
            if guesses.count == 1 { return Found(guesses[0], guessedFrom: text) }
            if guesses.count > 1 { throw Self.astronautCandidates(text, guesses) }
        }

        let candidates = try query("SELECT id, name FROM astronauts", record: false) { (try $0.notNullText(0), try $0.notNullText(1)) }
        let nameByKey = Dictionary(candidates.flatMap { [($0.0, $0), ($0.1, $0)] }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        let closest = Suggestions.closest(to: trimmed, among: nameByKey.keys, limit: 6)
            .compactMap { nameByKey[$0] }
            .filter { seen.insert($0.0).inserted }
            .prefix(3)
            .map { "\($0.1) (\($0.0))" }
        throw LookupFailure.noAstronaut(text: text, path: path, closest: closest)
    }

    /// The astronaut with id `text` (or in lower case), or one only crew rows name (such rows are still answered for).
    private func astronaut(withID text: String) throws -> AstronautReference? {
        let lower = text.lowercased()
        let ids = lower == text ? [text] : [text, lower].sorted()
        for id in ids {
            if let found = try query("SELECT id, name FROM astronauts WHERE id = ?", [.text(id)], record: false, Self.astronautReference).first {
                return found
            }
        }
        for id in ids where try !query("SELECT 1 FROM crew WHERE astronaut_id = ? LIMIT 1", [.text(id)], record: false, { _ in }).isEmpty {
            return .onlyInCrew(id)
        }
        return nil
    }

    /// Astronauts named `text`, ASCII case aside: a search of `astronauts_by_name`, made for every id a question gets.
    private func astronauts(namedExactly text: String) throws -> [AstronautReference] {
        try query(Self.astronautsNamedSQL, [.text(text)], record: false, Self.astronautReference)
    }

    static let astronautsNamedSQL = "SELECT id, name FROM astronauts WHERE name = ? COLLATE NOCASE ORDER BY name, id"

    /// The first 11 astronauts, by name, whose name matches FTS5 `expression` (see `confirmed`).
    private func astronauts(named expression: String) throws -> [AstronautReference] {
        try confirmedAstronauts(11, matching: expression, orderedBy: "a.name, a.id").map(\.thing)
    }

    /// Astronauts the full-text index suggests for `words` not all in one name, scored on current text: 2 per word in the name, 1 per word in the
    /// description's `opening`; the best above 0 win, else those whose description holds every word. site.js suggests by the same rules.
    func bestGuess(_ words: SearchWords) throws -> [AstronautReference] {
        let prefix = words.lastIsPrefix ? "*" : ""
        let scored = try confirmedAstronauts(200, matching: words.anyWordExpression + prefix).map { candidate in
            let opening = Self.opening(of: candidate.marked.description)
            return (candidate.thing, 2 * candidate.marked.name.count { $0 == "\u{1}" } + opening.count { $0 == "\u{1}" })
        }
        let best = scored.map(\.1).max() ?? 0
        if best > 0 { return scored.filter { $0.1 == best }.map(\.0) }
        return try confirmedAstronauts(11, matching: words.matchExpression + prefix).map(\.thing)
    }

    /// Where Wikipedia names the person with nicknames ("Charles "Pete" Conrad Jr. ("); site.js suggests by it too.
    package static func opening(of description: String) -> Substring {
        description.prefix(160).prefix { $0 != "(" }
    }

    /// The first `limit` astronauts in `order` (the index's rank) whose current name and description match `expression`, marked.
    private func confirmedAstronauts(
        _ limit: Int, matching expression: String, orderedBy order: String = "bm25(astronauts_fts, 10.0, 1.0), a.id"
    ) throws -> [Confirmed<AstronautReference>] {
        try confirmed(limit, matching: expression) { count, offset in
            try query(
                """
                SELECT a.id, a.name, a.description FROM astronauts_fts JOIN astronauts AS a ON a.number = astronauts_fts.rowid
                WHERE astronauts_fts MATCH ? ORDER BY \(order) LIMIT ? OFFSET ?
                """, [.text(expression), .integer(Int64(count)), .integer(Int64(offset))], record: false
            ) {
                (try Self.astronautReference($0), IndexedText(name: try $0.notNullText(1), description: try $0.notNullText(2)))
            }
        }
    }

    private static func astronautReference(_ row: Statement) throws -> AstronautReference {
        AstronautReference(id: try row.notNullText(0), name: try row.notNullText(1))
    }

    private static func astronautCandidates(_ text: String, _ matches: [AstronautReference]) -> LookupFailure {
        .severalAstronauts(text: text, candidates: matches.map { LookupFailure.Candidate(key: $0.id, detail: $0.name) })
    }
}

/// What a name the user gave was taken to mean.
package struct Found<Thing: Sendable>: Sendable {
    package let thing: Thing
    /// Set when the full-text index chose it ("Buzz") or a name was found only by the start of a word ("lov").
    package let guessedFrom: String?

    init(_ thing: Thing, guessedFrom: String? = nil) {
        (self.thing, self.guessedFrom) = (thing, guessedFrom)
    }
}

/// A mission the user named, as found in the database.
package struct MissionReference: Equatable, Sendable, FieldRecord {
    package let id: Int64
    /// Its name, or for a mission that only crew rows name, `MissingRow`'s words.
    package let name: String
    package let launchDate: LaunchDate?
    /// False for a mission that crew rows name but the missions table does not hold.
    package var isInTable = true

    static func onlyInCrew(_ id: Int64) -> MissionReference {
        MissionReference(id: id, name: MissingRow.mission(id: id).description, launchDate: nil, isInTable: false)
    }
}

extension RecordField<MissionReference> {
    static var missionID: Self { Self(.missionID, \.id) }
    static var missionName: Self { Self(.missionName) { record in record.isInTable ? .text(record.name) : .missing(.mission(id: record.id)) } }
    static var launchDate: Self { Self(.launchDate) { record in record.isInTable ? .date(record.launchDate) : .none } }
}

/// An astronaut the user named, as found in the database.
package struct AstronautReference: Equatable, Sendable, FieldRecord {
    package let id: String
    /// Their name, or for an astronaut that only crew rows name, `MissingRow`'s words.
    package let name: String
    /// False for an astronaut that crew rows name but the astronauts table does not hold.
    package var isInTable = true

    static func onlyInCrew(_ id: String) -> AstronautReference {
        AstronautReference(id: id, name: MissingRow.astronaut(id: id).description, isInTable: false)
    }
}

extension RecordField<AstronautReference> {
    static var astronautID: Self { Self(.astronautID, \.id) }
    static var astronautName: Self { Self(.astronautName) { record in record.isInTable ? .text(record.name) : .missing(.astronaut(id: record.id)) } }
}
