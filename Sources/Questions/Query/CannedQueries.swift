import Dataset
import SQLite

/// The questions `moonshot` answers, each SQL one could run in `sqlite3`; those with parameters are `CannedQuery`s.
extension MoonshotDatabase {
    /// The missions launched from year `from` to `to` (nil: no bound), in number order; undated ones only when no year
    /// is given or `includingUndated`. Crew size counts crew rows, those whose astronaut is missing also apart.
    package func missions(from: Int? = nil, to: Int? = nil, includingUndated: Bool = false) throws -> [MissionSummary] {
        let year = { (year: Int?) in year.map { SQLValue.integer(Int64($0)) } ?? .null }
        let undated = includingUndated || (from == nil && to == nil)
        return try query(.missionList, ["from_year": year(from), "to_year": year(to), "include_undated": .integer(undated ? 1 : 0)]) {
            MissionSummary(
                id: try $0.notNullInt64(0), name: try $0.notNullText(1), launchDate: $0.launchDate(2), commanderID: $0.text(3),
                commanderName: $0.text(4), crewSize: try $0.notNullInt(5), crewWithoutAstronaut: try $0.notNullInt(6), crew: try $0.astronautList(7))
        }
    }

    /// The crew of mission `id` in the source's order.
    package func crew(ofMission id: Int64) throws -> [CrewAssignment] {
        try query(.crew, ["mission_id": .integer(id)], Self.crewAssignment)
    }

    /// The commander(s) of mission `id`: usually exactly one.
    package func commanders(ofMission id: Int64) throws -> [CrewAssignment] {
        try query(.commander, ["mission_id": .integer(id)], Self.crewAssignment)
    }

    /// Mission `id` with its crew; nil when there is no such mission.
    package func mission(_ id: Int64) throws -> MissionDetail? {
        let crew = try crew(ofMission: id)
        return try query("SELECT id, name, badge, launch_date, description FROM missions WHERE id = ?", [.integer(id)]) {
            MissionDetail(
                id: try $0.notNullInt64(0), name: try $0.notNullText(1), badge: try $0.notNullText(2),
                launchDate: $0.launchDate(3), description: try $0.notNullText(4), crew: crew)
        }.first
    }

    /// Every astronaut in `order`, with the first launch date and the missions flown: their crew rows, as `flights`
    /// lists them (those whose mission is missing also counted apart).
    package func astronauts(in order: AstronautOrder = .name) throws -> [AstronautSummary] {
        try query(.astronautList, ["sort": .text(order.rawValue)]) {
            AstronautSummary(
                id: try $0.notNullText(0), name: try $0.notNullText(1), missionCount: try $0.notNullInt(2),
                flightsWithoutMission: try $0.notNullInt(3), firstFlightDate: $0.launchDate(4))
        }
    }

    /// The missions astronaut `id` flew, in launch order (unlaunched ones first).
    package func flights(ofAstronaut id: String) throws -> [CrewAssignment] {
        try query(.flights, ["astronaut_id": .text(id)], Self.crewAssignment)
    }

    /// Astronaut `id` with the missions flown and their career; nil when there is no such astronaut.
    package func astronaut(_ id: String) throws -> AstronautDetail? {
        let flights = try flights(ofAstronaut: id)
        let career = try career(ofAstronaut: id)
        return try query("SELECT id, name, description FROM astronauts WHERE id = ?", [.text(id)]) {
            AstronautDetail(
                id: try $0.notNullText(0), name: try $0.notNullText(1), description: try $0.notNullText(2), flights: flights, career: career)
        }.first
    }

    /// At most `limit` missions and astronauts whose text holds every word of `text` (see `CannedQuery.search`), most words in the name first. The
    /// indexes rank, the current text decides: each hit is matched again on its row's current text (`confirmed`), giving the snippet.
    package func search(_ text: String, limit: Int = 20) throws -> [SearchHit] {
        guard !SearchWords(text).isEmpty else {
            throw LookupFailure.nothingToSearchFor(text: text)
        }
        let words = SQLValue.text(SearchWords.withoutRepeats(text))
        let expression = try query(CannedQuery.searchExpression + "\nSELECT expression FROM query", [words], record: false) { try $0.notNullText(0) }
        let descriptions = (
            missions: try connection.prepare("SELECT description FROM missions WHERE id = ?"),
            astronauts: try connection.prepare("SELECT description FROM astronauts WHERE id = ?")
        )
        return try confirmed(limit, matching: expression.first ?? "") { count, offset in
            let hits = try query(.search, ["words": words], limit: count, offset: offset) {
                SearchHit(
                    kind: SearchHit.Kind(rawValue: try $0.notNullText(0)) ?? .mission, missionID: $0.int64(1), missionName: $0.text(2),
                    astronautID: $0.text(3), astronautName: $0.text(4), snippet: try $0.notNullText(5))
            }
            return try hits.map { hit in
                let (statement, key) =
                    hit.kind == .mission
                    ? (descriptions.missions, SQLValue.integer(hit.missionID ?? 0))
                    : (descriptions.astronauts, SQLValue.text(hit.astronautID ?? ""))
                let description = try query(statement, [key]) { try $0.notNullText(0) }.first ?? ""
                return (hit, IndexedText(name: hit.missionName ?? hit.astronautName ?? "", description: description))
            }
        }.map { confirmed in
            var hit = confirmed.thing
            hit.snippet = confirmed.snippet.split(whereSeparator: \.isNewline).joined(separator: " ")
            return hit
        }
    }

    package static func crewAssignment(_ row: Statement) throws -> CrewAssignment {
        CrewAssignment(
            missionID: try row.notNullInt64(0), missionName: row.text(1), launchDate: row.launchDate(2),
            position: try row.notNullInt(3), astronautID: try row.notNullText(4), astronautName: row.text(5),
            role: try row.notNullText(6), canonicalRole: try row.notNullText(7))
    }
}

/// A user's search text as plain words, and the FTS5 expression that matches them all.
struct SearchWords {
    /// The words, each once.
    let words: [String]

    /// `text` with each chunk between spaces, tabs, CRs and LFs once (case aside), as the canned search splits it: a repeat only costs time. The last
    /// stays last, as first spelt, since it is also matched as a prefix ("rockets rockets" is `"rockets"*`).
    static func withoutRepeats(_ text: String) -> String {
        let typed = text.unicodeScalars.split(whereSeparator: { " \t\r\n".unicodeScalars.contains($0) }).map { String(String.UnicodeScalarView($0)) }
        guard let last = typed.last?.lowercased() else { return "" }
        let chunks = firstOfEach(typed)
        return (chunks.filter { $0.lowercased() != last } + chunks.filter { $0.lowercased() == last }).joined(separator: " ")
    }

    /// Each string once: the first of those that differ only in case. (A list of the few words
    /// typed, not a set, which would have the runtime look up String's conformances.)
    private static func firstOfEach(_ strings: some Sequence<String>) -> [String] {
        var seen: [String] = []
        return strings.filter { string in
            let key = string.lowercased()
            if seen.contains(key) { return false }
            seen.append(key)
            return true
        }
    }

    /// Splits on anything but letters and digits, dropping a possessive "'s" and repeats (case aside) but for the last
    /// word, which stays last as it may be a prefix.
    init(_ text: String) {
        let (words, lastIsPrefix) = Self.plainWords(text) ?? Self.words(text)
        let last = words.last?.lowercased()
        self.words = Self.firstOfEach(words.filter { $0.lowercased() != last }) + words.suffix(1)
        self.lastIsPrefix = lastIsPrefix
    }

    /// The words of `text` in order, and whether the last is a prefix.
    static func words(_ text: String) -> (words: [String], lastIsPrefix: Bool) {
        var words: [String] = []
        for chunk in text.split(whereSeparator: { $0.isWhitespace }) {
            var chunk = Substring(chunk)
            for suffix in ["'s", "’s", "'S", "’S"] where chunk.hasSuffix(suffix) {
                chunk = chunk.dropLast(2)
            }
            words += chunk.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        }
        // As the search's SQL reads its text: white space made spaces, a possessive 's dropped.
        var typed = String(text.unicodeScalars.map { "\t\r\n".unicodeScalars.contains($0) ? Character(" ") : Character($0) }) + " "
        for possessive in ["'s ", "'S ", "’s ", "’S "] { typed = typed.replacing(possessive, with: " ") }
        let end = typed.unicodeScalars.reversed().first { !Self.numberEnd.unicodeScalars.contains($0) }
        return (words, !(end.map { ("0"..."9").contains($0) } ?? false))
    }

    /// `words(text)`, read byte by byte to spare a question Unicode's tables, for text of only ASCII letters, digits,
    /// spaces, tabs and line breaks (the usual case); nil for any other.
    static func plainWords(_ text: String) -> (words: [String], lastIsPrefix: Bool)? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: word.append(byte)
            case 0x20, 0x09, 0x0A, 0x0D:
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                word = []
            default: return nil
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        let lastByte = words.last?.utf8.last
        return (words, !(lastByte.map { (0x30...0x39).contains($0) } ?? false))
    }

    var isEmpty: Bool { words.isEmpty }

    /// Whether some word has a letter: numbers alone ("19", "-1") are not worth a guess.
    var hasLetters: Bool { words.contains { $0.contains(where: \.isLetter) } }

    /// Every word as a quoted FTS5 string, so none is read as an operator: `"o2" "tank"`.
    var matchExpression: String { quotedWords.joined(separator: " ") }

    private var quotedWords: [String] { words.map { "\"" + $0.replacingAll("\"", with: "\"\"") + "\"" } }

    /// An expression matching any of the words: `"jim" OR "lovell"` (a `*` after it makes the last word a prefix too).
    var anyWordExpression: String { quotedWords.joined(separator: " OR ") }

    /// Whether the last word also matches the start of a word, as in `search`: unless the text ends in a digit,
    /// `numberEnd` aside, as numbers match whole (`lov` is a prefix; `apollo 1`, `Apollo 13's`, `o2`, `1969.` are not).
    let lastIsPrefix: Bool

    /// White space and punctuation that may follow a number matched whole, taken off the typed text's end to find its
    /// last character. One list for `lastIsPrefix`, `CannedQuery.searchExpression` and site.js, kept alike by a test.
    static let numberEnd = ##" \##u{A0}\##u{2009}\##u{202F}\##u{3000}!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~’”»…—–«“‘¡¿、。」』"##

    /// `matchExpression` limited to `column`, the last word a prefix too if `lastAsPrefix`: `name : ("neil" "arm"*)`.
    func expression(inColumn column: String, lastAsPrefix: Bool) -> String {
        "\(column) : (\(matchExpression)\(lastAsPrefix ? "*" : ""))"
    }
}
