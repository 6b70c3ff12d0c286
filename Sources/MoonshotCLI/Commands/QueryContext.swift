import Dataset
import Questions
import SQLite
import Store

/// What every question-answering command shares: the open database, the output format and width, and `--show-sql`.
struct QueryContext {
    let database: MoonshotDatabase
    let global: GlobalOptions
    let width: Int?

    /// Opens the database; `acceptingChangedSchema` for commands reading it as it is, `keepingFewPages` for one-row questions (`MoonshotDatabase`).
    /// A canned question reads one snapshot, check included, until it prints; `sql` runs the user's SQL as other clients would.
    init(_ global: GlobalOptions, environment: Environment, acceptingChangedSchema: Bool = false, keepingFewPages: Bool = false) throws {
        database = try MoonshotDatabase(
            path: global.databasePath(environment: environment), acceptingChangedSchema: acceptingChangedSchema,
            asOneSnapshot: !acceptingChangedSchema, keepingFewPages: keepingFewPages)
        // Ending the process is for a command that is the whole process, not one run in process.
        if ProcessEnd.endsWithTheCommand { database.whenStuck = Moonshot.endStuck }
        ProcessEnd.keep(database)
        if global.showSQL {
            let path = database.path
            var first = true
            database.willRun = { statement in
                if first { Terminal.writeError("-- SQL run by moonshot; paste into: sqlite3 \(shellQuoted(path))\n") }
                first = false
                Terminal.writeError(statement.runnable + ";\n")
            }
        }
        self.global = global
        width = Terminal.width(environment: environment)
    }

    /// Opens the database, answers `question` and prints the answer: the one body of every canned question.
    static func answer(
        _ global: GlobalOptions, environment: Environment, keepingFewPages: Bool = true, _ question: (QueryContext) throws -> Answer
    ) throws -> ExitStatus {
        let context = try QueryContext(global, environment: environment, keepingFewPages: keepingFewPages)
        context.print(try question(context))
        return .success
    }

    /// Prints the answer in the chosen format (any SQL asked for is printed as it runs), then, on stderr, a note for
    /// the crew rows it lists or counts that point nowhere.
    private func print(_ answer: Answer) {
        database.endSnapshot()
        AnswerPrinter(format: global.format, width: width).print(answer)
        for note in QueryWords.notes(on: answer.crewRowsPointingNowhere) { Terminal.writeError("Note: \(note)\n") }
    }

    /// The mission `text` names; says on stderr which one was taken when it was a guess.
    func mission(_ text: String) throws -> MissionReference {
        let found = try database.resolveMission(text)
        if let guess = found.guessedFrom { Terminal.writeError(QueryWords.guess(guess, taken: found.thing.name) + "\n") }
        return found.thing
    }

    /// The mission `text` names, in full; one that only crew rows name is refused, pointing to `crew`.
    func missionDetail(_ text: String) throws -> MissionDetail {
        let reference = try mission(text)
        guard reference.isInTable else { throw CommandFailure.onlyInCrew(missing: reference.name, list: "moonshot crew \(reference.id)") }
        guard let mission = try database.mission(reference.id) else { throw CommandFailure.goneWhileReading("mission \(reference.id)") }
        return mission
    }

    /// The astronaut `text` names, in full; one that only crew rows name is refused, pointing to `flights`.
    func astronautDetail(_ text: String) throws -> AstronautDetail {
        let reference = try astronaut(text)
        guard reference.isInTable else {
            throw CommandFailure.onlyInCrew(missing: reference.name, list: "moonshot flights \(shellQuoted(reference.id))")
        }
        guard let astronaut = try database.astronaut(reference.id) else { throw CommandFailure.goneWhileReading("astronaut \(reference.id)") }
        return astronaut
    }

    /// The astronaut `text` names; says on stderr which one was taken when it was a guess.
    func astronaut(_ text: String) throws -> AstronautReference {
        let found = try database.resolveAstronaut(text)
        note(found)
        return found.thing
    }

    /// Says on stderr which astronaut was taken, when it was a guess; then `hint`, if any, on its own line.
    func note(_ found: Found<AstronautReference>, hint: String? = nil) {
        guard let guess = found.guessedFrom else { return }
        let taken = "\(found.thing.name) (\(found.thing.id))"
        Terminal.writeError(QueryWords.guess(guess, taken: taken) + "\n" + (hint.map { $0 + "\n" } ?? ""))
    }
}
