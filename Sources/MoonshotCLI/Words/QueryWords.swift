import Dataset
import Questions

/// What the user reads when a question or a statement of theirs cannot be answered.
enum QueryWords {
    /// What `astronauts --sort ORDER` does, for the shells' completions (and `sortHelp`).
    static func meaning(of order: AstronautOrder) -> String {
        switch order {
        case .name: "By name"
        case .flights: "Most missions first (those assigned, Apollo 1 too)"
        case .firstFlight: "Earliest first launch first (those who never launched last)"
        }
    }

    /// The help of `astronauts --sort`: each order with what it does.
    static let sortHelp =
        AstronautOrder.allCases.map { order in
            let meaning = meaning(of: order)
            return "\(order.rawValue): \(meaning.prefix(1).lowercased() + meaning.dropFirst())"
        }.joined(separator: "; ") + "."

    /// What a table says for an empty list.
    static func empty(_ list: Answer.EmptyList) -> String {
        switch list {
        case .missions: "No missions."
        case .crew: "No crew listed."
        case .commander: "No commander listed."
        case .astronauts: "No astronauts."
        case .flights: "No missions listed."
        case .crewmates: "No crewmates listed."
        case .missionsFlownTogether: "No missions flown together."
        case .matches: "No matches."
        }
    }

    /// `missions --undated` alone.
    static let undatedWithoutYears =
        "--undated goes with --year, or --from and --to: without them every mission is listed, those without a launch date too"

    /// `missions --year 1969 --from 1968`.
    static let yearAndRange = "Give --year, or --from and --to, not both"

    /// `missions --from 1972 --to 1969`.
    static func fromAfterTo(_ from: Int, _ to: Int) -> String {
        "--from \(from) is after --to \(to); give the earlier year to --from"
    }

    /// What to say after an answer that listed or counted crew rows pointing nowhere.
    static func notes(on rows: CrewRowsPointingNowhere) -> [String] {
        [(rows.withoutAstronaut, "an astronaut", "astronauts"), (rows.withoutMission, "a mission", "missions")]
            .filter { $0.0 > 0 }
            .map { count, thing, table in
                "\(count) crew row\(count == 1 ? " names" : "s name") \(thing) that is not in the \(table) table; 'moonshot check' explains it."
            }
    }

    /// What a lookup's words were taken to mean when the full-text index guessed it, or it was found by the start of a
    /// word: "Buzz: taking Edwin E. Aldrin Jr. (aldrin)", "lov: taking James A. Lovell Jr. (lovell)".
    static func guess(_ text: String, taken: String) -> String {
        "\(shortened(text, to: 60)): taking \(taken)"
    }

    /// How to ask `crewmates` about two astronauts, after words that did not name one.
    static let twoAstronautsHint = "For two astronauts: moonshot crewmates armstrong --with aldrin (quote a name of several words after --with)."

    /// `crewmates lovell --with Fred Haise`: the words before `--with` name two astronauts.
    static func twoBeforeWith(_ words: String, _ first: AstronautReference, _ second: AstronautReference, with other: String) -> String {
        "\(quoted(words, shortenedTo: 60)) names two astronauts, \(first.id) and \(second.id), besides --with \(quoted(other, shortenedTo: 60)): "
            + "give one before --with, and quote a name of several words after it (--with \"Fred Haise\")"
    }

    /// `crewmates lovell --with "James Lovell"`.
    static func sameAstronautTwice(_ other: String, _ astronaut: AstronautReference) -> String {
        "Give two different astronauts: \(quoted(other, shortenedTo: 60)) is \(oneLine([astronaut.name])[0]) (\(astronaut.id)) again"
    }

    static func message(_ stopped: QueryStopped) -> ErrorMessage {
        let hint =
            switch stopped.query {
            case .userSQL: "Allow it longer with --timeout SECONDS, or make it do less."
            case .question:
                "The database may be larger than these questions are for, or its statistics (sqlite_stat1) "
                    + "may mislead SQLite; --show-sql prints the SQL, which 'moonshot sql --timeout SECONDS' runs longer."
            }
        return ErrorMessage("the query was stopped after \(seconds(stopped.limit))", hint: hint)
    }

    static func message(_ problem: UserSQLProblem) -> ErrorMessage {
        switch problem {
        case .writes:
            ErrorMessage(
                "refused: 'moonshot sql' only runs statements that read; this one would write",
                hint: "Change the database with sqlite3 or any SQLite client; 'moonshot check' then says what an edit broke.")
        case .severalStatements:
            ErrorMessage(
                "'moonshot sql' runs one statement at a time, and this text holds more than one",
                hint: "Give each statement to a 'moonshot sql' of its own.")
        case .parameters(let count):
            ErrorMessage(
                "the statement has \(count) parameter\(count == 1 ? "" : "s") (such as ? or :name), but 'moonshot sql' takes no values for them",
                hint: "Write the values into the statement: WHERE id = 11.")
        case .reachesOutside(let sqliteMessage):
            ErrorMessage(
                "refused: \(sqliteMessage); 'moonshot sql' does not allow ATTACH, DETACH, loading extensions "
                    + "or functions that reach outside the database",
                hint: "It only reads the database it was given.")
        case .tooLong(let limit):
            ErrorMessage(
                "the statement is longer than \(bytes(limit)), the most 'moonshot sql' takes",
                hint: "Shorten it, or use the sqlite3 shell ('moonshot shell').")
        case .valueTooLarge(let limit, let sqliteMessage):
            ErrorMessage(
                "a value would be larger than \(bytes(limit)), the most 'moonshot sql' makes (\(sqliteMessage))",
                hint: "Ask for less: substr() of long text, or fewer rows in group_concat().")
        case .outOfMemory(let limit):
            ErrorMessage(
                "the query needs more than \(limit.map { bytes($0) + " of memory" } ?? "the memory there is"), the most 'moonshot sql' allows",
                hint: "Make it do less: fewer rows to sort or group, or smaller values.")
        case .failed(let sqliteMessage):
            ErrorMessage("SQL error: \(sqliteMessage)", hint: "Check the statement; 'moonshot schema' shows the tables and views.")
        }
    }

    /// "32 MiB", "100000 bytes".
    private static func bytes(_ count: Int64) -> String {
        count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }

    static func message(_ failure: LookupFailure) -> ErrorMessage {
        switch failure {
        case .noMission(let text, let path, let closest):
            ErrorMessage(
                "no mission matches \(quoted(text, shortenedTo: 60)) in \(path)",
                hint: closest.isEmpty ? "List the missions with 'moonshot missions'." : "Did you mean: \(oneLine(closest).joined(separator: ", "))?")
        case .noAstronaut(let text, let path, let closest):
            ErrorMessage(
                "no astronaut matches \(quoted(text, shortenedTo: 60)) in \(path)",
                hint: closest.isEmpty ? "List the astronauts with 'moonshot astronauts'." : "Did you mean: \(oneLine(closest).joined(separator: ", "))?")
        case .severalMissions(let text, let candidates):
            several(text, candidates, noun: "missions", hint: "Give the mission's number (such as 11), or more words.")
        case .severalAstronauts(let text, let candidates):
            several(text, candidates, noun: "astronauts", hint: "Give the id, or more of the name.")
        case .nothingToSearchFor(let text):
            ErrorMessage("nothing to search for in \(quoted(text, shortenedTo: 60))", hint: "Give one or more words, such as: moonshot search \"lunar rover\"")
        }
    }

    /// Names from the data, each on one line (a line break shown as `^J`), so none can start a line of a message.
    private static func oneLine(_ names: [String]) -> [String] {
        names.map { TerminalText.visible($0, lineBreaks: false) }
    }

    /// "`text` could be any of 3 astronauts:" and a line for each (at most 10).
    private static func several(_ text: String, _ candidates: [LookupFailure.Candidate], noun: String, hint: String) -> ErrorMessage {
        let shown = candidates.prefix(10).map { (key: oneLine([$0.key])[0], detail: oneLine([$0.detail])[0]) }
        let width = shown.map(\.key.count).max() ?? 0
        let listed = shown.map { "  " + $0.key + String(repeating: " ", count: width - $0.key.count + 2) + $0.detail }
            .joined(separator: "\n")
        let count = candidates.count > 10 ? "more than 10" : String(candidates.count)
        return ErrorMessage("\(quoted(text, shortenedTo: 60)) could be any of \(count) \(noun):\n\(listed)", hint: hint)
    }
}
