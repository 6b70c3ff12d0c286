import Dataset
import Questions

/// `astronauts`, `astronaut`, `flights` and `crewmates`.
enum AstronautCommands {
    /// The options of a command about one astronaut.
    struct AstronautOptions: CommandOptions {
        var global = GlobalOptions()
        var astronaut = ""
        /// `crewmates --with`: the other astronaut.
        var crewmate: String? = nil
    }

    struct ListOptions: CommandOptions {
        var global = GlobalOptions()
        var sort = AstronautOrder.name
    }

    static let astronautArgument = ArgumentSpec<AstronautOptions>.value(
        "astronaut", help: "The astronaut: the id (armstrong), the full name or words of it (Neil Armstrong, no quotes needed), or a nickname (Buzz).",
        takesWords: true, completion: .astronauts
    ) { $0.astronaut = $1 }

    static let astronauts = Command<ListOptions>(
        name: "astronauts", abstract: "List all astronauts with the number of missions each flew and their first flight's date.",
        options: [
            .value(
                "sort", "order",
                help: QueryWords.sortHelp,
                \.sort, as: AstronautOrder.self)
        ],
        globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment, keepingFewPages: false) {
            .astronautList(try $0.database.astronauts(in: options.sort))
        }
    }

    static let astronaut = Command<AstronautOptions>(
        name: "astronaut", abstract: "Show an astronaut: name, first and last flight, description, and the missions flown.",
        discussion: """
            The first and last flight are the first and last of the database's missions they
            launched on (the built-in data has the Apollo missions only: Lovell's Gemini flights are
            not in it); career years is the last one's calendar year less the first's (2 for Dec
            1968 to Apr 1970, 0 for one flight). For one who never launched on one of them (Apollo
            1's crew) they are N/A (null in JSON).
            """,
        arguments: [astronautArgument], globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment) { .astronaut(try $0.astronautDetail(options.astronaut)) }
    }

    static let flights = Command<AstronautOptions>(
        name: "flights", abstract: "List the missions an astronaut flew, with role and launch date.",
        arguments: [astronautArgument], globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment) { context in
            let astronaut = try context.astronaut(options.astronaut)
            return .flights(of: astronaut, try context.database.flights(ofAstronaut: astronaut.id))
        }
    }

    static let crewmates = Command<AstronautOptions>(
        name: "crewmates", abstract: "List who flew with an astronaut, and on which missions; with --with, the missions two flew together.",
        discussion: """
            Crewmates are listed most shared missions first, then the crew of each flight together,
            in launch order, by id. The astronaut's name takes the remaining words (crewmates Jim
            Lovell). Words that name two astronauts by id or name (crewmates armstrong aldrin,
            crewmates Neil Armstrong Edwin Aldrin) ask about the two, as --with does. The other
            astronaut of --with is one word, so quote a name of several words (--with "Fred Haise")
            and the two never run into each other.
            """,
        arguments: [astronautArgument],
        options: [
            .value("with", "astronaut", help: "Only the missions flown with this astronaut (id, name or nickname).", completion: .astronauts) {
                $0.crewmate = $1
            }
        ],
        globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment) { context in
            let (astronaut, crewmate) = try context.crewmates(options.astronaut, with: options.crewmate)
            guard let crewmate else {
                let crewmates = try context.database.crewmates(ofAstronaut: astronaut.id)
                return .crewmates(of: astronaut, crewmates, flights: try context.database.flights(ofAstronaut: astronaut.id))
            }
            return .missionsFlownTogether(CrewmatePair(astronaut, crewmate), try context.database.missionsFlownTogether(astronaut.id, crewmate.id))
        }
    }
}

extension AstronautOrder: ChoiceValue {
    static var choiceHelp: [String] { allCases.map(QueryWords.meaning) }
}
